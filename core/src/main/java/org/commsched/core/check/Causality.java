package org.commsched.core.check;

import java.util.Arrays;
import java.util.List;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Schedule;

/**
 * V6 of protocol traces (bufferless schedules with control flits), transfer by transfer, from the trace and the
 * instance only: who may send what when (code {@code CAUSALITY}), and what the values of the control flits promise
 * about the data (code {@code CONTROL_VALUE}). docs/models/bufferless-scatter-gather.md#protocol-rules V6 (Shoulder-Tap
 * wake-ups), (Transmission-Certification tokens, certificates and orders), (its multiport variant).
 *
 * <p>Rows: a control flit crossing u->v during step s is at v from row s + 1 and may be answered during step s + 1
 * (docs/models/bufferless-scatter-gather.md#steps-rows-and-makespan); a node "has" a flit by step s when it arrived in
 * a row {@code <= s}. A data flit crossing an arc during step s reaches the arc's head in row s + 1. The stream of arc
 * v->p is every data flit that crosses v->p (on a gather tree: the flits of v's subtree); its rows are the rows at
 * which those flits reach p.
 *
 * <p>The known kinds and their values: {@code wakeup} [] or [s], {@code token} [], {@code certificate} [c, n],
 * {@code order} [s] (DESIGN "Protocol results"). A trace is read as a Transmission-Certification trace if it has a
 * token, certificate or order, else as a wake-up trace if it has a wake-up; other kinds keep the generic rule.
 * Control flits that do not cross an arc are reported as {@code NOT_AN_ARC} and ignored here.
 *
 * <p>{@code CAUSALITY} (a non-root sender; the root starts a protocol freely unless said otherwise); at most one
 * per control flit, the first rule below that it breaks:
 * <ul>
 *   <li>message M of node v (its route's first arc v->p) departs in a step before its trigger from p arrives:
 *       the first order p->v in a Transmission-Certification trace
 *       (docs/models/bufferless-scatter-gather.md#protocol-rules phase 3), the first wake-up p->v in a wake-up trace
 *       (docs/models/bufferless-scatter-gather.md#protocol-rules, V6's example); with other kinds only, the first
 *       control flit of any kind. No trigger at all breaks the rule too;</li>
 *   <li>a wake-up or token is forwarded before the sender has one of the same kind
 *       (docs/models/bufferless-scatter-gather.md#protocol-rules phase 1,
 *       docs/models/bufferless-scatter-gather.md#protocol-rules phase 1);</li>
 *   <li>a certificate u->v is sent before a token v->u has arrived (it answers the token,
 *       docs/models/bufferless-scatter-gather.md#protocol-rules phase 2), or while a node u sent a token to never
 *       certifies back, or before the last certificate reaching u has arrived
 *       (docs/models/bufferless-scatter-gather.md#protocol-rules: the parent waits for its children's certificates;
 *       docs/models/bufferless-scatter-gather.md#protocol-rules: one step after the last one);</li>
 *   <li>an order u->v is sent before u's own order has arrived (the root: while a node it sent a token to never
 *       certifies, or before its last certificate has arrived; docs/models/bufferless-scatter-gather.md#protocol-rules
 *       phase 3, docs/models/bufferless-scatter-gather.md#protocol-rules), or before v's certificate has reached u (the
 *       order's value is computed from it, docs/models/bufferless-scatter-gather.md#protocol-rules);</li>
 *   <li>a control flit of another kind is sent before any control flit has reached its sender.</li>
 * </ul>
 *
 * <p>{@code CONTROL_VALUE}:
 * <ul>
 *   <li>a known kind carries another number of values than listed above (its values are then not read);</li>
 *   <li>wake-up [s] p->v arriving in row t: the first flit of v's message toward p reaches p before row t + s
 *       ("TRANSMIT AFTER &ge; s STEPS", §5.2; a lower limit,
 *       docs/models/bufferless-scatter-gather.md#shoulder-tap-corrections). Not repeated when the message already
 *       breaks causality against its first wake-up;</li>
 *   <li>certificate [c, n] u->v: {@code c < 1} (the certified lag is positive,
 *       docs/models/bufferless-scatter-gather.md#protocol-rules), or n is not the number of data flits crossing u->v
 *       (the certified stream length, docs/models/bufferless-scatter-gather.md#protocol-rules);</li>
 *   <li>order [s] u->v arriving in row t: {@code s < c} for a certificate [c, n] v->u
 *       (docs/models/bufferless-scatter-gather.md#protocol-rules invariant,
 *       docs/models/bufferless-scatter-gather.md#properties claim 14); or, when the stream of v->u is not empty (n
 *       flits), its first row is not t + s or its last row not t + s + n - 1 (with one flit per arc and step,
 *       V4&prime;: not exactly the rows t + s .. t + s + n - 1; "TRANSMIT AFTER s STEPS" is exact and the stream is
 *       gap-free, docs/models/bufferless-scatter-gather.md#protocol-rules, #shoulder-tap-corrections; the same under
 *       multiport, docs/models/bufferless-scatter-gather.md#protocol-rules, and at the root's children). An empty
 *       stream (a data-free subtree, skipped or included as an empty segment,
 *       docs/models/bufferless-scatter-gather.md#transmission-certification-corrections) has no rows to check.</li>
 * </ul>
 *
 * <p>Rules the spec does not state are not imposed: which child is ordered first, forward-first
 * (docs/models/bufferless-scatter-gather.md#shoulder-tap, a property of Shoulder-Tap's class, not of validity), or that
 * a data-free node takes part at all. A certificate's c is a promise the checker cannot test beyond {@code s >= c}.
 *
 * <p>This class is read as the definition of the rules; {@link CausalityFastPath} reports the same on the fast path
 * of the bufferless checker ({@link BufferlessFastPath}), held to it by {@code BufferlessFastPathProperties}.
 *
 * @implNote Used once per check; linear in the control flits plus the route hops: first what the trace and the data
 *     make known (streams per arc, first arrivals per kind, certificates per node), then the data's triggers, then
 *     each control flit's rules in trace order.
 */
final class Causality {
  static final String WAKEUP = "wakeup";
  static final String TOKEN = "token";
  static final String CERTIFICATE = "certificate";
  static final String ORDER = "order";

  private static final int K_WAKEUP = 0;
  private static final int K_TOKEN = 1;
  private static final int K_CERT = 2;
  private static final int K_ORDER = 3;
  private static final int K_ANY = 4;
  private static final long NEVER = Long.MAX_VALUE;

  private final Network net;
  private final List<Message> msgs;
  private final long[] dep;
  private final boolean[] sent;
  private final int[][] routes;
  private final List<Schedule.ControlTransfer> control;
  private final int[] controlArc;
  private final Findings out;
  private final int root;

  // per arc: the stream (data flits crossing it) and the first and last rows at which they reach its head
  private final long[] flits;
  private final long[] firstRow;
  private final int[] firstMsg;
  private final long[] lastRow;
  private final int[] lastMsg;
  /** Per kind and arc: the first row at which a control flit of that kind is at the arc's head. */
  private final long[][] arcFirst = new long[4][];
  /** Per arc: the largest c of the well-formed certificates on it, Long.MIN_VALUE if none. */
  private final long[] maxLag;
  /** Per kind (and K_ANY) and node: the first row at which the node holds a control flit of that kind. */
  private final long[][] nodeFirst = new long[5][];
  /** Per node: the last row at which a certificate reaches it, and from whom. */
  private final long[] lastCert;
  private final int[] lastCertFrom;
  /** Per node: a node it sent a token to that never sends a certificate back to it, -1 if none. */
  private final int[] uncertified;
  /** Sent messages by source node: first index per node, next index per message, -1 ends. */
  private final int[] fromFirst;
  private final int[] fromNext;

  private Causality(Instance inst, long[] dep, boolean[] sent, int[][] routes,
      List<Schedule.ControlTransfer> control, int[] controlArc, Findings out) {
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
    firstRow = new long[arcs];
    firstMsg = new int[arcs];
    lastRow = new long[arcs];
    lastMsg = new int[arcs];
    Arrays.fill(firstRow, Long.MAX_VALUE);
    Arrays.fill(lastRow, Long.MIN_VALUE);
    for (int k = 0; k < arcFirst.length; k++) {
      arcFirst[k] = new long[arcs];
      Arrays.fill(arcFirst[k], NEVER);
    }
    maxLag = new long[arcs];
    Arrays.fill(maxLag, Long.MIN_VALUE);
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
   * @param routes the route arcs of each sent message
   * @param controlArc the arc of each control flit, -1 if it crosses none
   */
  static void check(Instance inst, long[] dep, boolean[] sent, int[][] routes,
      List<Schedule.ControlTransfer> control, int[] controlArc, Findings out) {
    Causality c = new Causality(inst, dep, sent, routes, control, controlArc, out);
    c.collect();
    c.data();
    for (int x = 0; x < control.size(); x++) {
      if (controlArc[x] >= 0) {
        c.flit(x);
      }
    }
  }

  private static int kindOf(String kind) {
    switch (kind) {
      case WAKEUP:
        return K_WAKEUP;
      case TOKEN:
        return K_TOKEN;
      case CERTIFICATE:
        return K_CERT;
      case ORDER:
        return K_ORDER;
      default:
        return -1;
    }
  }

  /** Streams per arc, first arrivals per kind, certificates per node. */
  private void collect() {
    for (int i = msgs.size() - 1; i >= 0; i--) {
      if (!sent[i]) {
        continue;
      }
      long l = msgs.get(i).length();
      int[] route = routes[i];
      for (int k = 0; k < route.length; k++) {
        int a = route[k];
        long first = Math.addExact(dep[i], k + 1L); // flit 1 reaches the head of hop k in row t + k + 1
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
    for (int x = 0; x < control.size(); x++) {
      int a = controlArc[x];
      if (a >= 0 && kindOf(control.get(x).kind()) == K_TOKEN) {
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
        int k = kindOf(control.get(x).kind());
        tc |= k == K_TOKEN || k == K_CERT || k == K_ORDER;
        wake |= k == K_WAKEUP;
      }
    }
    for (int i = 0; i < msgs.size(); i++) {
      Message m = msgs.get(i);
      int v = m.from();
      if (!sent[i] || v == root) {
        continue; // the root starts the protocol freely
      }
      // V6 for data: a non-root node's message waits for its trigger from the next node of its route
      if ((tc || wake) && routes[i].length > 0) {
        int p = net.head(routes[i][0]);
        int back = net.reverse(routes[i][0]);
        long row = back < 0 ? NEVER : arcFirst[tc ? K_ORDER : K_WAKEUP][back];
        if (dep[i] < row) {
          String what = tc ? "order" : "wake-up";
          out.add(Kind.CAUSALITY, List.of(m.id()), Places.node(v), dep[i], "node " + v + " sends its message "
              + m.id() + " toward " + p + " in step " + dep[i] + " but " + (row == NEVER ? "no " + what + " from "
              + p + " ever reaches it" : "its " + what + " from " + p + " only arrives in row " + row) + "; in a "
              + (tc ? "trace with tokens, certificates or orders a node's data waits for its order "
              + "(docs/models/bufferless-scatter-gather.md#protocol-rules)"
              : "wake-up trace a node's data waits for its wake-up "
                  + "(docs/models/bufferless-scatter-gather.md#protocol-rules, V6)"));
        }
      } else if (dep[i] < nodeFirst[K_ANY][v]) {
        out.add(Kind.CAUSALITY, List.of(m.id()), Places.node(v), dep[i], "node " + v + " sends its message "
            + m.id() + " in step " + dep[i] + " but " + firstControl(nodeFirst[K_ANY][v]));
      }
    }
  }

  /** The rules of control flit x (on an arc). */
  private void flit(int x) {
    Schedule.ControlTransfer c = control.get(x);
    int a = controlArc[x];
    int u = c.from();
    int v = c.to();
    long step = c.step();
    int k = kindOf(c.kind());
    List<Long> values = c.values();
    // CONTROL_VALUE: a known kind carries its number of values (DESIGN "Protocol results")
    boolean wellFormed = k < 0 || values.size() == arity(k) || (k == K_WAKEUP && values.isEmpty());
    if (!wellFormed) {
      value(c, List.of(), "carries " + values.size() + " value(s) but a " + c.kind() + " carries "
          + (k == K_WAKEUP ? "[] or [s]" : k == K_TOKEN ? "[]" : k == K_CERT ? "[c, n]" : "[s]")
          + " (DESIGN \"Protocol results\")");
    }
    int back = net.reverse(a); // v->u
    switch (k) {
      case K_WAKEUP:
      case K_TOKEN: {
        // V6, docs/models/bufferless-scatter-gather.md#protocol-rules phase 1,
        // docs/models/bufferless-scatter-gather.md#protocol-rules phase 1: a wake-up or token is forwarded after one
        // has arrived
        long had = nodeFirst[k][u];
        if (u != root && step < had) {
          causality(c, "it " + (had == NEVER ? "never receives one" : "only holds one from row " + had)
              + "; a node forwards a " + c.kind() + " after it has received one "
              + "(docs/models/bufferless-scatter-gather.md#protocol-rules)");
        }
        if (k == K_WAKEUP && wellFormed && values.size() == 1) {
          wakeupValue(c, a, values.get(0));
        }
        break;
      }
      case K_CERT: {
        // V6, docs/models/bufferless-scatter-gather.md#protocol-rules phase 2,
        // docs/models/bufferless-scatter-gather.md#protocol-rules: a certificate answers the parent's token, after
        // every child certified; its values: c >= 1, n = the data flits crossing its arc
        // (docs/models/bufferless-scatter-gather.md#protocol-rules)
        long token = back < 0 ? NEVER : arcFirst[K_TOKEN][back];
        if (step < token) {
          causality(c, (token == NEVER ? "no token from " + v + " ever reaches it" : "the token from " + v
              + " only arrives in row " + token) + "; a certificate answers the parent's token "
              + "(docs/models/bufferless-scatter-gather.md#protocol-rules)");
        } else if (uncertified[u] >= 0) {
          causality(c, "node " + uncertified[u] + ", to which " + u + " sent a token, never sends its "
              + "certificate back; a node certifies after every child it sent a token to "
              + "(docs/models/bufferless-scatter-gather.md#protocol-rules)");
        } else if (step < lastCert[u]) {
          causality(c, "the certificate of node " + lastCertFrom[u] + " only reaches it in row " + lastCert[u]
              + "; a node certifies after its children's certificates "
              + "(docs/models/bufferless-scatter-gather.md#protocol-rules)");
        }
        if (wellFormed) {
          long lag = values.get(0);
          long n = values.get(1);
          if (lag < 1) {
            value(c, List.of(), "certifies the lag c = " + lag + "; a certified lag is positive "
                + "(docs/models/bufferless-scatter-gather.md#protocol-rules)");
          }
          if (n != flits[a]) {
            value(c, List.of(), "certifies n = " + n + " flits but " + flits[a] + " data flits cross " + u + "->"
                + v + "; n counts the stream of the sender's subtree "
                + "(docs/models/bufferless-scatter-gather.md#protocol-rules)");
          }
        }
        break;
      }
      case K_ORDER: {
        // V6, docs/models/bufferless-scatter-gather.md#protocol-rules phase 3,
        // docs/models/bufferless-scatter-gather.md#protocol-rules: an order follows the sender's own order (the root:
        // its last certificate) and the child's certificate; its value s >= c and the child's stream arrives in rows t
        // + s .. t + s + n - 1
        long had = u == root ? NEVER : nodeFirst[K_ORDER][u];
        long cert = back < 0 ? NEVER : arcFirst[K_CERT][back];
        if (u != root && step < had) {
          causality(c, "it " + (had == NEVER ? "never receives an order" : "only holds its order from row " + had)
              + "; a node orders its children after its own order "
              + "(docs/models/bufferless-scatter-gather.md#protocol-rules)");
        } else if (u == root && uncertified[u] >= 0) {
          causality(c, "node " + uncertified[u] + ", to which the root sent a token, never certifies; the root "
              + "orders after the last certificate (docs/models/bufferless-scatter-gather.md#protocol-rules)");
        } else if (u == root && step < lastCert[u]) {
          causality(c, "the certificate of node " + lastCertFrom[u] + " only reaches the root in row "
              + lastCert[u] + "; the root orders after the last certificate "
              + "(docs/models/bufferless-scatter-gather.md#protocol-rules)");
        } else if (step < cert) {
          causality(c, (cert == NEVER ? "no certificate from " + v + " ever reaches it" : "the certificate of "
              + v + " only reaches it in row " + cert) + "; an order's value comes from the child's certificate "
              + "(docs/models/bufferless-scatter-gather.md#protocol-rules)");
        }
        if (wellFormed) {
          orderValue(c, back, values.get(0));
        }
        break;
      }
      default:
        // V6, generic: a non-root node sends a control flit of another kind after some control flit reached it
        if (u != root && step < nodeFirst[K_ANY][u]) {
          causality(c, firstControl(nodeFirst[K_ANY][u]));
        }
    }
  }

  private static int arity(int k) {
    return k == K_CERT ? 2 : k == K_TOKEN ? 0 : 1;
  }

  /** Wake-up [s] u->v (arc a) arriving in row t: v's message toward u reaches u no earlier than row t + s. */
  private void wakeupValue(Schedule.ControlTransfer c, int a, long s) {
    int u = c.from();
    int v = c.to();
    long t = Math.addExact(c.step(), 1);
    for (int i = fromFirst[v]; i >= 0; i = fromNext[i]) {
      if (v == root || routes[i].length == 0 || net.head(routes[i][0]) != u || dep[i] < arcFirst[K_WAKEUP][a]) {
        continue; // not a message toward u, or already a causality violation against its first wake-up
      }
      long arrive = Math.addExact(dep[i], 1);
      if (Math.subtractExact(arrive, t) < s) {
        String id = msgs.get(i).id();
        value(c, List.of(id), "(row " + t + ", s = " + s + ") lets the first flit of " + id + " reach " + u
            + " from row " + sum(t, s) + " on, but it arrives in row " + arrive + " (departure "
            + dep[i] + "; TRANSMIT AFTER >= s STEPS, docs/models/bufferless-scatter-gather.md#protocol-rules)");
      }
    }
  }

  /** Order [s] u->v arriving in row t: s >= c of v's certificates; the stream of v->u in rows t+s..t+s+n-1. */
  private void orderValue(Schedule.ControlTransfer c, int back, long s) {
    int u = c.from();
    int v = c.to();
    long t = Math.addExact(c.step(), 1);
    if (back >= 0 && maxLag[back] != Long.MIN_VALUE && s < maxLag[back]) {
      value(c, List.of(), "has s = " + s + " below the lag c = " + maxLag[back] + " that " + v + " certified; "
          + "orders keep s >= c (docs/models/bufferless-scatter-gather.md#protocol-rules)");
    }
    if (back < 0 || flits[back] == 0) {
      return; // an empty stream: nothing arrives
    }
    long n = flits[back];
    String promise = "(row " + t + ", s = " + s + ") promises the " + (n == 1 ? "flit" : n + " flits") + " crossing "
        + v + "->" + u + " to " + u + " in rows " + rows(t, s, n);
    if (Math.subtractExact(firstRow[back], t) != s) {
      String id = msgs.get(firstMsg[back]).id();
      value(c, List.of(id), promise + ", but the first (of " + id + ") arrives in row " + firstRow[back]
          + " (TRANSMIT AFTER s STEPS, docs/models/bufferless-scatter-gather.md#protocol-rules)");
    } else if (Math.subtractExact(lastRow[back], firstRow[back]) != n - 1) {
      String id = msgs.get(lastMsg[back]).id();
      value(c, List.of(id), promise + ", but the last (of " + id + ") arrives in row " + lastRow[back]
          + " (a gap-free stream, docs/models/bufferless-scatter-gather.md#protocol-rules)");
    }
  }

  private void causality(Schedule.ControlTransfer c, String why) {
    out.add(Kind.CAUSALITY, List.of(), Places.node(c.from()), c.step(), "node " + c.from() + " sends a "
        + c.kind() + " to " + c.to() + " in step " + c.step() + " but " + why);
  }

  private void value(Schedule.ControlTransfer c, List<String> ids, String why) {
    String arc = Places.arc(c.from(), c.to());
    out.add(Kind.CONTROL_VALUE, ids, arc, c.step(), "the " + c.kind() + " " + c.values() + " " + arc + " of step "
        + c.step() + " " + why);
  }

  /** a + b for a message, also when it overflows (a value can be any long). */
  private static String sum(long a, long b) {
    long r = a + b;
    return ((a ^ r) & (b ^ r)) < 0 ? a + " + " + b : Long.toString(r);
  }

  /** "t+s..t+s+n-1", symbolic if it overflows. */
  private static String rows(long t, long s, long n) {
    try {
      long from = Math.addExact(t, s);
      return from + ".." + Math.addExact(from, n - 1);
    } catch (ArithmeticException e) {
      return t + " + " + s + " .. " + t + " + " + s + " + " + (n - 1);
    }
  }

  private static String firstControl(long row) {
    return row == NEVER ? "no control flit ever reaches it"
        : "its first control flit only arrives in row " + row;
  }
}
