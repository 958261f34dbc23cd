package org.commsched.core.check;

import static org.commsched.core.check.CausalityRules.*;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Schedule;

/**
 * Rule V6 of protocol traces (bufferless schedules with control flits), transfer by transfer, from
 * the trace and the instance only: who may send what when (code {@code CAUSALITY}), and what the
 * values of the control flits promise about the data (code {@code CONTROL_VALUE});
 * docs/models/bufferless-scatter-gather.md#protocol-rules, read with Shoulder-Tap's wake-ups
 * (docs/models/bufferless-scatter-gather.md#shoulder-tap), Transmission-Certification's tokens,
 * certificates and orders (docs/models/bufferless-scatter-gather.md#transmission-certification) and
 * its multiport variant (docs/models/bufferless-scatter-gather.md#tc-multiport).
 *
 * <p>Rows: a control flit crossing u->v during step s is at v from row s + 1 and may be answered
 * during step s + 1 (docs/models/bufferless-scatter-gather.md#steps-rows-and-makespan); a node
 * "has" a flit by step s when it arrived in a row {@code <= s}. A data flit crossing an arc during
 * step s reaches the arc's head in row s + 1. The stream of arc v->p is every data flit that
 * crosses v->p (on a gather tree: the flits of v's subtree); its rows are the rows at which those
 * flits reach p.
 *
 * <p>The known kinds and their values: {@code wakeup} [] or [s], {@code token} [], {@code
 * certificate} [c, n], {@code order} [s] (DESIGN "Protocol results",
 * docs/models/bufferless-scatter-gather.md#protocol-traces). A trace is read as a
 * Transmission-Certification trace if it has a token, certificate or order, else as a wake-up trace
 * if it has a wake-up; other kinds keep the generic rule. Control flits that do not cross an arc
 * are reported as {@code NOT_AN_ARC} and ignored here.
 *
 * <p>{@code CAUSALITY} (a non-root sender; the root starts a protocol freely unless said
 * otherwise); at most one per control flit, the first rule below that it breaks:
 *
 * <ul>
 *   <li>message M of node v (its route's first arc v->p) departs in a step before its trigger from
 *       p arrives: the first order p->v in a Transmission-Certification trace (phase 3), the first
 *       wake-up p->v in a wake-up trace (V6's example); with other kinds only, the first control
 *       flit of any kind. No trigger at all breaks the rule too ({@link #dataWaitsForItsTrigger});
 *   <li>a wake-up or token is forwarded before the sender has one of the same kind (phase 1 of
 *       either protocol, {@link #forwardedAfterOneArrived});
 *   <li>a certificate u->v is sent before a token v->u has arrived (it answers the token, phase 2),
 *       or while a node u sent a token to never certifies back, or before the last certificate
 *       reaching u has arrived (the parent waits for its children's certificates and certifies one
 *       step after the last one, {@link #certificateAnswersTheTokenAfterTheChildren});
 *   <li>an order u->v is sent before u's own order has arrived (the root: while a node it sent a
 *       token to never certifies, or before its last certificate has arrived; phase 3), or before
 *       v's certificate has reached u (the order's value is computed from it, {@link
 *       #orderFollowsItsOwnOrderAndTheCertificate});
 *   <li>a control flit of another kind is sent before any control flit has reached its sender
 *       ({@link #otherKindAfterSomeControl}).
 * </ul>
 *
 * <p>{@code CONTROL_VALUE}:
 *
 * <ul>
 *   <li>a known kind carries another number of values than listed above (its values are then not
 *       read; {@link CausalityRules#carriesItsValues});
 *   <li>wake-up [s] p->v arriving in row t: the first flit of v's message toward p reaches p before
 *       row t + s ("TRANSMIT AFTER &ge; s STEPS" of Shoulder-Tap, a lower limit,
 *       docs/models/bufferless-scatter-gather.md#shoulder-tap-corrections). Not repeated when the
 *       message already breaks causality against its first wake-up ({@link
 *       #wakeupLetsTheDataWait});
 *   <li>certificate [c, n] u->v: {@code c < 1} (the certified lag is positive), or n is not the
 *       number of data flits crossing u->v (the certified stream length; {@link
 *       #certificateValues});
 *   <li>order [s] u->v arriving in row t: {@code s < c} for a certificate [c, n] v->u (an invariant
 *       of Transmission-Certification, docs/models/bufferless-scatter-gather.md#properties claim
 *       14); or, when the stream of v->u is not empty (n flits), its first row is not t + s or its
 *       last row not t + s + n - 1 (with one flit per arc and step, V4&prime;: not exactly the rows
 *       t + s .. t + s + n - 1; "TRANSMIT AFTER s STEPS" is exact and the stream is gap-free,
 *       docs/models/bufferless-scatter-gather.md#shoulder-tap-corrections; the same under multiport
 *       and at the root's children). An empty stream (a data-free subtree, skipped or included as
 *       an empty segment,
 *       docs/models/bufferless-scatter-gather.md#transmission-certification-corrections) has no
 *       rows to check ({@link #orderValue}).
 * </ul>
 *
 * <p>Rules the model does not state are not imposed: which child is ordered first, forward-first
 * (docs/models/bufferless-scatter-gather.md#shoulder-tap, a property of Shoulder-Tap's class, not
 * of validity), or that a data-free node takes part at all. A certificate's c is a promise the
 * checker cannot test beyond {@code s >= c}.
 *
 * <p>This class is read as the definition of the rules: one method per rule above, named after it,
 * each reporting through {@link CausalityRules}, which holds the kinds, their values and every
 * violation sentence. {@link CausalityFastPath} reports the same on the fast path of the bufferless
 * checker ({@link BufferlessFastPath}), through the same sentences, held to it by {@code
 * BufferlessFastPathProperties}.
 *
 * @implNote Used once per check; linear in the control flits plus the route hops: first what the
 *     trace and the data make known (streams per arc, first arrivals per kind, certificates per
 *     node), then the data's triggers, then each control flit's rules in trace order.
 */
final class Causality {
  private final Network net;
  private final List<Message> msgs;
  private final long[] dep;
  private final boolean[] sent;
  private final int[][] routes;
  private final List<Schedule.ControlTransfer> control;
  private final int[] controlArc;
  private final Findings out;
  private final int root;

  // What the data makes known, per arc: its stream (the data flits crossing it), the first and the
  // last row at which
  // they reach the arc's head, and which message's flit that is.
  private final long[] flits;
  private final long[] firstRow;
  private final int[] firstMsg;
  private final long[] lastRow;
  private final int[] lastMsg;

  /** Per node: its sent messages, in instance order. */
  private final List<List<Integer>> sentFrom;

  // What the control flits make known.
  /**
   * Per known kind and arc: the first row at which a control flit of that kind is at the arc's
   * head.
   */
  private final long[][] arcFirst;

  /**
   * Per kind code (with K_ANY) and node: the first row at which the node holds a control flit of
   * that kind.
   */
  private final long[][] nodeFirst;

  /** Per arc: the largest c of the certificates [c, n] on it, Long.MIN_VALUE if none. */
  private final long[] maxLag;

  /**
   * Per node: the last row at which a certificate reaches it (Long.MIN_VALUE if none), and from
   * whom.
   */
  private final long[] lastCert;

  private final int[] lastCertFrom;

  /** Per node: a node it sent a token to that never sends a certificate back to it, -1 if none. */
  private final int[] uncertified;

  /**
   * The kind that triggers a non-root node's data: an order in a Transmission-Certification trace,
   * a wake-up in a wake-up trace, -1 (any control flit) otherwise.
   */
  private final int trigger;

  private Causality(
      Instance inst,
      long[] dep,
      boolean[] sent,
      int[][] routes,
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
    this.out = out;
    this.root = inst.root();
    int arcs = net.arcs();
    int nodes = net.nodes();
    flits = new long[arcs];
    firstRow = filled(arcs, Long.MAX_VALUE);
    firstMsg = new int[arcs];
    lastRow = filled(arcs, Long.MIN_VALUE);
    lastMsg = new int[arcs];
    sentFrom = new ArrayList<>();
    for (int v = 0; v < nodes; v++) {
      sentFrom.add(new ArrayList<>());
    }
    arcFirst = new long[KNOWN][];
    for (int k = 0; k < KNOWN; k++) {
      arcFirst[k] = filled(arcs, NEVER);
    }
    nodeFirst = new long[KINDS][];
    for (int k = 0; k < KINDS; k++) {
      nodeFirst[k] = filled(nodes, NEVER);
    }
    maxLag = filled(arcs, Long.MIN_VALUE);
    lastCert = filled(nodes, Long.MIN_VALUE);
    lastCertFrom = new int[nodes];
    uncertified = new int[nodes];
    Arrays.fill(uncertified, -1);
    learnStreams();
    learnArrivals();
    learnUncertified();
    trigger = triggerKind();
  }

  /**
   * Checks the protocol rules of a trace with control flits.
   *
   * @param dep departure of each message (index as in the instance), read where {@code sent}
   * @param sent whether each message is non-null and has a departure
   * @param routes the route arcs of each sent message
   * @param controlArc the arc of each control flit, -1 if it crosses none
   */
  static void check(
      Instance inst,
      long[] dep,
      boolean[] sent,
      int[][] routes,
      List<Schedule.ControlTransfer> control,
      int[] controlArc,
      Findings out) {
    Causality c = new Causality(inst, dep, sent, routes, control, controlArc, out);
    for (int i = 0; i < c.msgs.size(); i++) {
      if (sent[i] && c.msgs.get(i).from() != c.root) { // the root starts the protocol freely
        c.dataWaitsForItsTrigger(i);
      }
    }
    for (int x = 0; x < control.size(); x++) {
      if (controlArc[x] >= 0) {
        c.controlFlit(control.get(x), controlArc[x]);
      }
    }
  }

  // --- what the trace makes known
  // ----------------------------------------------------------------------------

  /**
   * The stream of every arc: flit 1 of a message departing in step t reaches the head of its
   * route's hop k in row t + k + 1, its last flit l - 1 rows later. Read from the last message to
   * the first, so that of messages tied for an arc's first or last row the later one is named.
   */
  private void learnStreams() {
    for (int i = msgs.size() - 1; i >= 0; i--) {
      if (!sent[i]) {
        continue;
      }
      long l = msgs.get(i).length();
      for (int k = 0; k < routes[i].length; k++) {
        int a = routes[i][k];
        long first = Math.addExact(dep[i], k + 1L);
        long last = Math.addExact(first, l - 1);
        flits[a] = Math.addExact(flits[a], l);
        if (first < firstRow[a]) {
          firstRow[a] = first;
          firstMsg[a] = i;
        }
        if (last > lastRow[a]) {
          lastRow[a] = last;
          lastMsg[a] = i;
        }
      }
    }
    for (int i = 0; i < msgs.size(); i++) {
      if (sent[i]) {
        sentFrom.get(msgs.get(i).from()).add(i);
      }
    }
  }

  /**
   * When each control flit (on an arc) arrives: it crosses during its step s and is at its head
   * from row s + 1. Also the certificates: the last to reach each node, and the largest lag
   * certified on each arc.
   */
  private void learnArrivals() {
    for (int x = 0; x < control.size(); x++) {
      int a = controlArc[x];
      if (a < 0) {
        continue;
      }
      Schedule.ControlTransfer c = control.get(x);
      long row = Math.addExact(c.step(), 1);
      int v = c.to();
      int k = kindOf(c.kind());
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
          maxLag[a] = Math.max(maxLag[a], c.values().get(0));
        }
      }
    }
  }

  /**
   * For each node, the first node (in trace order) it sent a token to that never sends a
   * certificate back.
   */
  private void learnUncertified() {
    for (int x = 0; x < control.size(); x++) {
      int a = controlArc[x];
      if (a >= 0 && kindOf(control.get(x).kind()) == K_TOKEN) {
        int u = net.tail(a);
        if (uncertified[u] < 0 && firstArrival(K_CERT, net.reverse(a)) == NEVER) {
          uncertified[u] = net.head(a);
        }
      }
    }
  }

  /**
   * How the trace is read: Transmission-Certification if it has a token, certificate or order, else
   * wake-up.
   */
  private int triggerKind() {
    boolean tc = false;
    boolean wake = false;
    for (int x = 0; x < control.size(); x++) {
      if (controlArc[x] >= 0) {
        int k = kindOf(control.get(x).kind());
        tc |= k == K_TOKEN || k == K_CERT || k == K_ORDER;
        wake |= k == K_WAKEUP;
      }
    }
    return tc ? K_ORDER : wake ? K_WAKEUP : -1;
  }

  /**
   * The first row at which a control flit of known kind k is at the head of arc a; NEVER if a is
   * -1.
   */
  private long firstArrival(int k, int a) {
    return a < 0 ? NEVER : arcFirst[k][a];
  }

  // --- CAUSALITY
  // ---------------------------------------------------------------------------------------------

  /**
   * Message i of a non-root node v (its route's first arc v->p) departs no earlier than its trigger
   * from p arrives: the first order p->v in a Transmission-Certification trace, the first wake-up
   * p->v in a wake-up trace; with other kinds only (or a route without arcs), the first control
   * flit of any kind to reach v.
   */
  private void dataWaitsForItsTrigger(int i) {
    Message m = msgs.get(i);
    int v = m.from();
    if (trigger >= 0 && routes[i].length > 0) {
      int first = routes[i][0];
      long row = firstArrival(trigger, net.reverse(first));
      if (dep[i] < row) {
        dataBeforeItsTrigger(out, m, v, net.head(first), dep[i], row, trigger == K_ORDER);
      }
    } else if (dep[i] < nodeFirst[K_ANY][v]) {
      dataBeforeAnyControl(out, m, v, dep[i], nodeFirst[K_ANY][v]);
    }
  }

  /**
   * The rules of control flit c on arc a: first whether it carries its values, then its causality
   * (at most one finding, by the rule of its kind), then what its values promise.
   */
  private void controlFlit(Schedule.ControlTransfer c, int a) {
    int k = kindOf(c.kind());
    List<Long> values = c.values();
    boolean wellFormed = carriesItsValues(k, values.size());
    if (!wellFormed) {
      wrongNumberOfValues(out, c, k);
    }
    switch (k) {
      case K_WAKEUP:
      case K_TOKEN:
        forwardedAfterOneArrived(c, k);
        if (k == K_WAKEUP && wellFormed && values.size() == 1) {
          wakeupLetsTheDataWait(c, a, values.get(0));
        }
        break;
      case K_CERT:
        certificateAnswersTheTokenAfterTheChildren(c, a);
        if (wellFormed) {
          certificateValues(c, a, values.get(0), values.get(1));
        }
        break;
      case K_ORDER:
        orderFollowsItsOwnOrderAndTheCertificate(c, a);
        if (wellFormed) {
          orderValue(c, a, values.get(0));
        }
        break;
      default:
        otherKindAfterSomeControl(c);
    }
  }

  /**
   * A non-root node passes a wake-up or token on only once it holds one of the same kind (phase 1).
   */
  private void forwardedAfterOneArrived(Schedule.ControlTransfer c, int k) {
    long had = nodeFirst[k][c.from()];
    if (c.from() != root && c.step() < had) {
      forwardedBeforeItArrived(out, c, had);
    }
  }

  /**
   * A certificate u->v answers the token v->u (phase 2): it is sent once that token has arrived,
   * not while a node u sent a token to never certifies back, and once the last certificate reaching
   * u has arrived.
   */
  private void certificateAnswersTheTokenAfterTheChildren(Schedule.ControlTransfer c, int a) {
    int u = c.from();
    long token = firstArrival(K_TOKEN, net.reverse(a));
    if (c.step() < token) {
      certificateBeforeTheToken(out, c, token);
    } else if (uncertified[u] >= 0) {
      certificateWhileAChildNeverCertifies(out, c, uncertified[u]);
    } else if (c.step() < lastCert[u]) {
      certificateBeforeTheLastCertificate(out, c, lastCertFrom[u], lastCert[u]);
    }
  }

  /**
   * An order u->v (phase 3) is sent once u's own order has arrived (the root: not while a node it
   * sent a token to never certifies, and once its last certificate has arrived), and once v's
   * certificate has reached u.
   */
  private void orderFollowsItsOwnOrderAndTheCertificate(Schedule.ControlTransfer c, int a) {
    int u = c.from();
    long cert = firstArrival(K_CERT, net.reverse(a));
    if (u != root && c.step() < nodeFirst[K_ORDER][u]) {
      orderBeforeItsOwnOrder(out, c, nodeFirst[K_ORDER][u]);
    } else if (u == root && uncertified[u] >= 0) {
      rootOrdersWhileAChildNeverCertifies(out, c, uncertified[u]);
    } else if (u == root && c.step() < lastCert[u]) {
      rootOrdersBeforeTheLastCertificate(out, c, lastCertFrom[u], lastCert[u]);
    } else if (c.step() < cert) {
      orderBeforeTheChildsCertificate(out, c, cert);
    }
  }

  /** A non-root node sends a control flit of another kind once some control flit has reached it. */
  private void otherKindAfterSomeControl(Schedule.ControlTransfer c) {
    long first = nodeFirst[K_ANY][c.from()];
    if (c.from() != root && c.step() < first) {
      otherKindBeforeAnyControl(out, c, first);
    }
  }

  // --- CONTROL_VALUE
  // -----------------------------------------------------------------------------------------

  /**
   * Wake-up [s] u->v (arc a) arriving in row t: the first flit of each message of v toward u
   * reaches u no earlier than row t + s. A message that departs before v's first wake-up from u
   * already breaks causality and is not judged again.
   */
  private void wakeupLetsTheDataWait(Schedule.ControlTransfer c, int a, long s) {
    int u = c.from();
    int v = c.to();
    long t = Math.addExact(c.step(), 1);
    if (v == root) {
      return;
    }
    for (int i : sentFrom.get(v)) {
      if (routes[i].length == 0 || net.head(routes[i][0]) != u || dep[i] < arcFirst[K_WAKEUP][a]) {
        continue;
      }
      long arrive = Math.addExact(dep[i], 1);
      if (Math.subtractExact(arrive, t) < s) {
        wakeupTooEarly(out, c, msgs.get(i).id(), t, s, arrive, dep[i]);
      }
    }
  }

  /**
   * Certificate [c, n] on arc a: the certified lag c is positive, n is the number of data flits
   * crossing a.
   */
  private void certificateValues(Schedule.ControlTransfer c, int a, long lag, long n) {
    if (lag < 1) {
      lagNotPositive(out, c, lag);
    }
    if (n != flits[a]) {
      wrongStreamLength(out, c, n, flits[a]);
    }
  }

  /**
   * Order [s] u->v (arc a) arriving in row t: s is at least the lag c of v's certificates, and the
   * stream of v->u (n flits) reaches u exactly in rows t + s .. t + s + n - 1: its first row is t +
   * s and, one flit per arc and step, its last row t + s + n - 1. An empty stream has no rows to
   * check.
   */
  private void orderValue(Schedule.ControlTransfer c, int a, long s) {
    int back = net.reverse(a);
    long t = Math.addExact(c.step(), 1);
    if (back >= 0 && s < maxLag[back]) {
      orderBelowTheLag(out, c, s, maxLag[back]);
    }
    if (back < 0 || flits[back] == 0) {
      return;
    }
    long n = flits[back];
    if (Math.subtractExact(firstRow[back], t) != s) {
      streamStartsOffItsRow(out, c, t, s, n, msgs.get(firstMsg[back]).id(), firstRow[back]);
    } else if (Math.subtractExact(lastRow[back], firstRow[back]) != n - 1) {
      streamEndsOffItsRow(out, c, t, s, n, msgs.get(lastMsg[back]).id(), lastRow[back]);
    }
  }

  private static long[] filled(int size, long value) {
    long[] a = new long[size];
    Arrays.fill(a, value);
    return a;
  }
}
