package org.commsched.core.check;

import static org.commsched.core.check.CausalityRules.*;

import java.util.Arrays;
import java.util.List;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Schedule;

/**
 * The fast path of {@link Causality}, the definition of the protocol rules: the same violations in
 * the same order, on routes given as one flat array ({@link Routes}). Each control flit's kind is
 * read once, a sentence is built only for a violation, and each arc's stream figures lie next to
 * each other (one cache line per hop). Used by {@link BufferlessFastPath}; {@code
 * BufferlessFastPathProperties} holds it to the definition on mutated protocol traces. The kinds
 * and every violation sentence are {@link CausalityRules}', as for the definition.
 */
final class CausalityFastPath {
  private final Network net;
  private final List<Message> msgs;
  private final long[] dep;
  private final boolean[] sent;
  private final Routes routes;
  private final List<Schedule.ControlTransfer> control;
  private final int[] controlArc;

  /** Per control flit: its kind (K_WAKEUP .. K_ORDER), -1 for another kind. */
  private final int[] kind;

  private final Findings out;
  private final int root;

  /**
   * Per arc a, from {@code 4 * a}: its stream (the number of data flits crossing it), the first and
   * the last row at which they reach its head, and the largest c of the well-formed certificates on
   * it (Long.MIN_VALUE if none). One block per arc, so that a hop touches one cache line.
   */
  private final long[] stream;

  private static final int FLITS = 0;
  private static final int FIRST_ROW = 1;
  private static final int LAST_ROW = 2;
  private static final int MAX_LAG = 3;

  /** Per arc a: [2a] the message of the first row, [2a + 1] that of the last. */
  private final int[] streamMsg;

  /** Per kind and arc: the first row at which a control flit of that kind is at the arc's head. */
  private final long[][] arcFirst = new long[KNOWN][];

  /**
   * Per kind (and K_ANY) and node: the first row at which the node holds a control flit of that
   * kind.
   */
  private final long[][] nodeFirst = new long[KINDS][];

  /** Per node: the last row at which a certificate reaches it, and from whom. */
  private final long[] lastCert;

  private final int[] lastCertFrom;

  /** Per node: a node it sent a token to that never sends a certificate back to it, -1 if none. */
  private final int[] uncertified;

  /** Sent messages by source node: first index per node, next index per message, -1 ends. */
  private final int[] fromFirst;

  private final int[] fromNext;

  private CausalityFastPath(
      Instance inst,
      long[] dep,
      boolean[] sent,
      Routes routes,
      List<Schedule.ControlTransfer> control,
      int[] controlArc,
      Findings out) {
    this.net = inst.network();
    this.msgs = inst.messages();
    this.dep = dep;
    this.sent = sent;
    this.routes = routes;
    this.control = control;
    this.controlArc = controlArc;
    this.kind = new int[control.size()];
    for (int x = 0; x < kind.length; x++) {
      kind[x] = kindOf(control.get(x).kind());
    }
    this.out = out;
    this.root = inst.root();
    int arcs = net.arcs();
    int nodes = net.nodes();
    stream = new long[4 * arcs];
    for (int a = 0; a < arcs; a++) {
      stream[4 * a + FIRST_ROW] = Long.MAX_VALUE;
      stream[4 * a + LAST_ROW] = Long.MIN_VALUE;
      stream[4 * a + MAX_LAG] = Long.MIN_VALUE;
    }
    streamMsg = new int[2 * arcs];
    for (int k = 0; k < arcFirst.length; k++) {
      arcFirst[k] = new long[arcs];
      Arrays.fill(arcFirst[k], NEVER);
    }
    for (int k = 0; k < nodeFirst.length; k++) {
      nodeFirst[k] = new long[nodes];
      Arrays.fill(nodeFirst[k], NEVER);
    }
    lastCert = new long[nodes];
    Arrays.fill(lastCert, Long.MIN_VALUE);
    lastCertFrom = new int[nodes];
    uncertified = new int[nodes];
    Arrays.fill(uncertified, -1);
    fromFirst = new int[nodes];
    Arrays.fill(fromFirst, -1);
    fromNext = new int[msgs.size()];
  }

  /**
   * Checks the protocol rules of a trace with control flits.
   *
   * @param dep departure of each message (index as in the instance), read where {@code sent}
   * @param sent whether each message is non-null and has a departure
   * @param routes the route arcs of the sent messages
   * @param controlArc the arc of each control flit, -1 if it crosses none
   */
  static void check(
      Instance inst,
      long[] dep,
      boolean[] sent,
      Routes routes,
      List<Schedule.ControlTransfer> control,
      int[] controlArc,
      Findings out) {
    CausalityFastPath c = new CausalityFastPath(inst, dep, sent, routes, control, controlArc, out);
    c.collect();
    c.data();
    for (int x = 0; x < control.size(); x++) {
      if (controlArc[x] >= 0) {
        c.flit(x);
      }
    }
  }

  /** Streams per arc, first arrivals per kind, certificates per node. */
  private void collect() {
    for (int i = msgs.size() - 1; i >= 0; i--) {
      if (!sent[i]) {
        continue;
      }
      long l = msgs.get(i).length();
      for (int h = routes.first[i], k = 0; h < routes.first[i + 1]; h++, k++) {
        int a = routes.arcs[h];
        long first =
            Math.addExact(dep[i], k + 1L); // flit 1 reaches the head of hop k in row t + k + 1
        long last = Math.addExact(first, l - 1);
        int x = 4 * a;
        stream[x + FLITS] = Math.addExact(stream[x + FLITS], l);
        if (first < stream[x + FIRST_ROW]) {
          stream[x + FIRST_ROW] = first;
          streamMsg[2 * a] = i;
        }
        if (last > stream[x + LAST_ROW]) {
          stream[x + LAST_ROW] = last;
          streamMsg[2 * a + 1] = i;
        }
      }
      int v = msgs.get(i).from();
      fromNext[i] = fromFirst[v];
      fromFirst[v] = i;
    }
    for (int x = 0; x < control.size(); x++) {
      int a = controlArc[x];
      if (a < 0) {
        continue;
      }
      Schedule.ControlTransfer c = control.get(x);
      long row = Math.addExact(c.step(), 1);
      int v = c.to();
      int k = kind[x];
      nodeFirst[K_ANY][v] = Math.min(nodeFirst[K_ANY][v], row);
      if (k < 0) {
        continue;
      }
      arcFirst[k][a] = Math.min(arcFirst[k][a], row);
      nodeFirst[k][v] = Math.min(nodeFirst[k][v], row);
      if (k == K_CERT) {
        if (row > lastCert[v]) {
          lastCert[v] = row;
          lastCertFrom[v] = c.from();
        }
        if (c.values().size() == 2) {
          stream[4 * a + MAX_LAG] = Math.max(stream[4 * a + MAX_LAG], c.values().get(0));
        }
      }
    }
    for (int x = 0; x < control.size(); x++) {
      int a = controlArc[x];
      if (a >= 0 && kind[x] == K_TOKEN) {
        int back = net.reverse(a);
        int u = net.tail(a);
        if (uncertified[u] < 0 && (back < 0 || arcFirst[K_CERT][back] == NEVER)) {
          uncertified[u] = net.head(a);
        }
      }
    }
  }

  /** The trigger of every sent message of a non-root node. */
  private void data() {
    boolean tc = false;
    boolean wake = false;
    for (int x = 0; x < control.size(); x++) {
      if (controlArc[x] >= 0) {
        int k = kind[x];
        tc |= k == K_TOKEN || k == K_CERT || k == K_ORDER;
        wake |= k == K_WAKEUP;
      }
    }
    for (int i = 0; i < msgs.size(); i++) {
      Message m = msgs.get(i);
      int v = m.from();
      if (!sent[i] || v == root) {
        continue;
      }
      if ((tc || wake) && routes.hops(i) > 0) {
        int first = routes.arcs[routes.first[i]];
        int p = net.head(first);
        int back = net.reverse(first);
        long row = back < 0 ? NEVER : arcFirst[tc ? K_ORDER : K_WAKEUP][back];
        if (dep[i] < row) {
          dataBeforeItsTrigger(out, m, v, p, dep[i], row, tc);
        }
      } else if (dep[i] < nodeFirst[K_ANY][v]) {
        dataBeforeAnyControl(out, m, v, dep[i], nodeFirst[K_ANY][v]);
      }
    }
  }

  /** The rules of control flit x (on an arc). */
  private void flit(int x) {
    Schedule.ControlTransfer c = control.get(x);
    int a = controlArc[x];
    int u = c.from();
    long step = c.step();
    int k = kind[x];
    List<Long> values = c.values();
    boolean wellFormed = carriesItsValues(k, values.size());
    if (!wellFormed) {
      wrongNumberOfValues(out, c, k);
    }
    int back = net.reverse(a); // v->u
    switch (k) {
      case K_WAKEUP:
      case K_TOKEN:
        {
          long had = nodeFirst[k][u];
          if (u != root && step < had) {
            forwardedBeforeItArrived(out, c, had);
          }
          if (k == K_WAKEUP && wellFormed && values.size() == 1) {
            wakeupValue(c, a, values.get(0));
          }
          break;
        }
      case K_CERT:
        {
          long token = back < 0 ? NEVER : arcFirst[K_TOKEN][back];
          if (step < token) {
            certificateBeforeTheToken(out, c, token);
          } else if (uncertified[u] >= 0) {
            certificateWhileAChildNeverCertifies(out, c, uncertified[u]);
          } else if (step < lastCert[u]) {
            certificateBeforeTheLastCertificate(out, c, lastCertFrom[u], lastCert[u]);
          }
          if (wellFormed) {
            long lag = values.get(0);
            long n = values.get(1);
            if (lag < 1) {
              lagNotPositive(out, c, lag);
            }
            if (n != stream[4 * a + FLITS]) {
              wrongStreamLength(out, c, n, stream[4 * a + FLITS]);
            }
          }
          break;
        }
      case K_ORDER:
        {
          long had = u == root ? NEVER : nodeFirst[K_ORDER][u];
          long cert = back < 0 ? NEVER : arcFirst[K_CERT][back];
          if (u != root && step < had) {
            orderBeforeItsOwnOrder(out, c, had);
          } else if (u == root && uncertified[u] >= 0) {
            rootOrdersWhileAChildNeverCertifies(out, c, uncertified[u]);
          } else if (u == root && step < lastCert[u]) {
            rootOrdersBeforeTheLastCertificate(out, c, lastCertFrom[u], lastCert[u]);
          } else if (step < cert) {
            orderBeforeTheChildsCertificate(out, c, cert);
          }
          if (wellFormed) {
            orderValue(c, back, values.get(0));
          }
          break;
        }
      default:
        if (u != root && step < nodeFirst[K_ANY][u]) {
          otherKindBeforeAnyControl(out, c, nodeFirst[K_ANY][u]);
        }
    }
  }

  /**
   * Wake-up [s] u->v (arc a) arriving in row t: v's message toward u reaches u no earlier than row
   * t + s.
   */
  private void wakeupValue(Schedule.ControlTransfer c, int a, long s) {
    int u = c.from();
    int v = c.to();
    long t = Math.addExact(c.step(), 1);
    for (int i = fromFirst[v]; i >= 0; i = fromNext[i]) {
      if (v == root
          || routes.hops(i) == 0
          || net.head(routes.arcs[routes.first[i]]) != u
          || dep[i] < arcFirst[K_WAKEUP][a]) {
        continue; // not a message toward u, or already a causality violation against its first
        // wake-up
      }
      long arrive = Math.addExact(dep[i], 1);
      if (Math.subtractExact(arrive, t) < s) {
        wakeupTooEarly(out, c, msgs.get(i).id(), t, s, arrive, dep[i]);
      }
    }
  }

  /**
   * Order [s] u->v arriving in row t: s >= c of v's certificates; the stream of v->u in rows
   * t+s..t+s+n-1.
   */
  private void orderValue(Schedule.ControlTransfer c, int back, long s) {
    long t = Math.addExact(c.step(), 1);
    long maxLag = back < 0 ? Long.MIN_VALUE : stream[4 * back + MAX_LAG];
    if (back >= 0 && maxLag != Long.MIN_VALUE && s < maxLag) {
      orderBelowTheLag(out, c, s, maxLag);
    }
    if (back < 0 || stream[4 * back + FLITS] == 0) {
      return; // an empty stream: nothing arrives
    }
    long n = stream[4 * back + FLITS];
    long firstRow = stream[4 * back + FIRST_ROW];
    long lastRow = stream[4 * back + LAST_ROW];
    if (Math.subtractExact(firstRow, t) != s) {
      streamStartsOffItsRow(out, c, t, s, n, msgs.get(streamMsg[2 * back]).id(), firstRow);
    } else if (Math.subtractExact(lastRow, firstRow) != n - 1) {
      streamEndsOffItsRow(out, c, t, s, n, msgs.get(streamMsg[2 * back + 1]).id(), lastRow);
    }
  }
}
