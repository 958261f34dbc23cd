package org.commsched.core.check;

import java.util.List;
import org.commsched.core.model.Message;
import org.commsched.core.model.Schedule;

/**
 * The vocabulary of rule V6 of protocol traces, shared by the definition {@link Causality} and its
 * fast path {@link CausalityFastPath}: the known kinds of control flits and the values each
 * carries, and every violation sentence, one method per rule broken. Both report only through these
 * methods, so that their wording cannot drift apart
 * (docs/models/bufferless-scatter-gather.md#protocol-rules).
 */
final class CausalityRules {
  static final String WAKEUP = "wakeup";
  static final String TOKEN = "token";
  static final String CERTIFICATE = "certificate";
  static final String ORDER = "order";

  /**
   * Kind codes of the known kinds; {@link #K_ANY} stands for a control flit of any kind, known or
   * not.
   */
  static final int K_WAKEUP = 0;

  static final int K_TOKEN = 1;
  static final int K_CERT = 2;
  static final int K_ORDER = 3;
  static final int K_ANY = 4;

  /** How many kind codes there are: the known kinds (0 .. 3), and with {@link #K_ANY}. */
  static final int KNOWN = 4;

  static final int KINDS = 5;

  /** The row of a control flit that never arrives. */
  static final long NEVER = Long.MAX_VALUE;

  private static final String RULES = "(docs/models/bufferless-scatter-gather.md#protocol-rules)";

  private CausalityRules() {}

  /** The kind code of a control flit's kind, -1 for a kind the rules do not know. */
  static int kindOf(String kind) {
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

  /**
   * Whether a flit of kind code k carries its number of values (DESIGN "Protocol results"): a
   * wake-up [] or [s], a token [], a certificate [c, n], an order [s]; a kind the rules do not know
   * carries any.
   */
  static boolean carriesItsValues(int k, int values) {
    return k < 0 || values == arity(k) || (k == K_WAKEUP && values == 0);
  }

  private static int arity(int k) {
    return k == K_CERT ? 2 : k == K_TOKEN ? 0 : 1;
  }

  private static String shape(int k) {
    return k == K_WAKEUP ? "[] or [s]" : k == K_TOKEN ? "[]" : k == K_CERT ? "[c, n]" : "[s]";
  }

  // --- CAUSALITY of data: a non-root node's message waits for its trigger
  // ---------------------------------------

  /**
   * Message m of node v departs toward p in step dep before its trigger from p (an order in a
   * Transmission-Certification trace, {@code tc}, else a wake-up) arrives in row {@code row}
   * ({@link #NEVER}: never).
   */
  static void dataBeforeItsTrigger(
      Findings out, Message m, int v, int p, long dep, long row, boolean tc) {
    String what = tc ? "order" : "wake-up";
    out.add(
        Kind.CAUSALITY,
        List.of(m.id()),
        Places.node(v),
        dep,
        "node "
            + v
            + " sends its message "
            + m.id()
            + " toward "
            + p
            + " in step "
            + dep
            + " but "
            + (row == NEVER
                ? "no " + what + " from " + p + " ever reaches it"
                : "its " + what + " from " + p + " only arrives in row " + row)
            + "; in a "
            + (tc
                ? "trace with tokens, certificates or orders a node's data waits for its order "
                    + RULES
                : "wake-up trace a node's data waits for its wake-up "
                    + "(docs/models/bufferless-scatter-gather.md#protocol-rules, V6)"));
  }

  /**
   * Message m of node v departs in step dep before the first control flit reaches v in row {@code
   * row}.
   */
  static void dataBeforeAnyControl(Findings out, Message m, int v, long dep, long row) {
    out.add(
        Kind.CAUSALITY,
        List.of(m.id()),
        Places.node(v),
        dep,
        "node "
            + v
            + " sends its message "
            + m.id()
            + " in step "
            + dep
            + " but "
            + firstControl(row));
  }

  // --- CAUSALITY of control flits
  // -----------------------------------------------------------------------------

  /**
   * A wake-up or token is passed on before its sender holds one, which it does from row {@code
   * had}.
   */
  static void forwardedBeforeItArrived(Findings out, Schedule.ControlTransfer c, long had) {
    causality(
        out,
        c,
        "it "
            + (had == NEVER ? "never receives one" : "only holds one from row " + had)
            + "; a node forwards a "
            + c.kind()
            + " after it has received one "
            + RULES);
  }

  /** A certificate u->v is sent before the token v->u it answers arrives in row {@code token}. */
  static void certificateBeforeTheToken(Findings out, Schedule.ControlTransfer c, long token) {
    causality(
        out,
        c,
        (token == NEVER
                ? "no token from " + c.to() + " ever reaches it"
                : "the token from " + c.to() + " only arrives in row " + token)
            + "; a certificate answers the parent's token "
            + RULES);
  }

  /**
   * A certificate is sent while {@code child}, to which its sender sent a token, never certifies
   * back.
   */
  static void certificateWhileAChildNeverCertifies(
      Findings out, Schedule.ControlTransfer c, int child) {
    causality(
        out,
        c,
        "node "
            + child
            + ", to which "
            + c.from()
            + " sent a token, never sends its "
            + "certificate back; a node certifies after every child it sent a token to "
            + RULES);
  }

  /**
   * A certificate is sent before the certificate of {@code child}, the last one to reach its
   * sender, in row.
   */
  static void certificateBeforeTheLastCertificate(
      Findings out, Schedule.ControlTransfer c, int child, long row) {
    causality(
        out,
        c,
        "the certificate of node "
            + child
            + " only reaches it in row "
            + row
            + "; a node certifies after its children's certificates "
            + RULES);
  }

  /** A non-root node sends an order before its own order arrives in row {@code had}. */
  static void orderBeforeItsOwnOrder(Findings out, Schedule.ControlTransfer c, long had) {
    causality(
        out,
        c,
        "it "
            + (had == NEVER ? "never receives an order" : "only holds its order from row " + had)
            + "; a node orders its children after its own order "
            + RULES);
  }

  /** The root orders while {@code child}, to which it sent a token, never certifies. */
  static void rootOrdersWhileAChildNeverCertifies(
      Findings out, Schedule.ControlTransfer c, int child) {
    causality(
        out,
        c,
        "node "
            + child
            + ", to which the root sent a token, never certifies; the root "
            + "orders after the last certificate "
            + RULES);
  }

  /**
   * The root orders before the certificate of {@code child}, the last one to reach it, in row
   * {@code row}.
   */
  static void rootOrdersBeforeTheLastCertificate(
      Findings out, Schedule.ControlTransfer c, int child, long row) {
    causality(
        out,
        c,
        "the certificate of node "
            + child
            + " only reaches the root in row "
            + row
            + "; the root orders after the last certificate "
            + RULES);
  }

  /** An order u->v is sent before v's certificate reaches u in row {@code cert}. */
  static void orderBeforeTheChildsCertificate(Findings out, Schedule.ControlTransfer c, long cert) {
    causality(
        out,
        c,
        (cert == NEVER
                ? "no certificate from " + c.to() + " ever reaches it"
                : "the certificate of " + c.to() + " only reaches it in row " + cert)
            + "; an order's value comes from the child's certificate "
            + RULES);
  }

  /**
   * A control flit of another kind is sent before the first control flit reaches its sender in row.
   */
  static void otherKindBeforeAnyControl(Findings out, Schedule.ControlTransfer c, long row) {
    causality(out, c, firstControl(row));
  }

  // --- CONTROL_VALUE
  // ------------------------------------------------------------------------------------------

  /** A flit of known kind code k carries another number of values than its kind's. */
  static void wrongNumberOfValues(Findings out, Schedule.ControlTransfer c, int k) {
    value(
        out,
        c,
        List.of(),
        "carries "
            + c.values().size()
            + " value(s) but a "
            + c.kind()
            + " carries "
            + shape(k)
            + " (DESIGN \"Protocol results\")");
  }

  /**
   * Wake-up [s] arriving in row t lets the first flit of message id (departing in step dep) reach
   * the sender from row t + s on, but it arrives in row {@code arrive}.
   */
  static void wakeupTooEarly(
      Findings out, Schedule.ControlTransfer c, String id, long t, long s, long arrive, long dep) {
    value(
        out,
        c,
        List.of(id),
        "(row "
            + t
            + ", s = "
            + s
            + ") lets the first flit of "
            + id
            + " reach "
            + c.from()
            + " from row "
            + sum(t, s)
            + " on, but it arrives in row "
            + arrive
            + " (departure "
            + dep
            + "; TRANSMIT AFTER >= s STEPS, docs/models/bufferless-scatter-gather.md#protocol-rules)");
  }

  /** A certificate certifies a lag c below 1. */
  static void lagNotPositive(Findings out, Schedule.ControlTransfer c, long lag) {
    value(
        out,
        c,
        List.of(),
        "certifies the lag c = " + lag + "; a certified lag is positive " + RULES);
  }

  /** A certificate certifies n flits where {@code flits} data flits cross its arc. */
  static void wrongStreamLength(Findings out, Schedule.ControlTransfer c, long n, long flits) {
    value(
        out,
        c,
        List.of(),
        "certifies n = "
            + n
            + " flits but "
            + flits
            + " data flits cross "
            + c.from()
            + "->"
            + c.to()
            + "; n counts the stream of the sender's subtree "
            + RULES);
  }

  /** An order [s] is below the largest lag c its child certified. */
  static void orderBelowTheLag(Findings out, Schedule.ControlTransfer c, long s, long lag) {
    value(
        out,
        c,
        List.of(),
        "has s = "
            + s
            + " below the lag c = "
            + lag
            + " that "
            + c.to()
            + " certified; "
            + "orders keep s >= c "
            + RULES);
  }

  /**
   * Order [s] arriving in row t promises the n flits of the child's stream rows t + s .. t + s + n
   * - 1, but the first, of message id, arrives in row {@code row}.
   */
  static void streamStartsOffItsRow(
      Findings out, Schedule.ControlTransfer c, long t, long s, long n, String id, long row) {
    value(
        out,
        c,
        List.of(id),
        promise(c, t, s, n)
            + ", but the first (of "
            + id
            + ") arrives in row "
            + row
            + " (TRANSMIT AFTER s STEPS, docs/models/bufferless-scatter-gather.md#protocol-rules)");
  }

  /**
   * Order [s] arriving in row t promises the n flits of the child's stream rows t + s .. t + s + n
   * - 1, and the first arrives in row t + s, but the last, of message id, arrives in row {@code
   * row}: the stream has gaps.
   */
  static void streamEndsOffItsRow(
      Findings out, Schedule.ControlTransfer c, long t, long s, long n, String id, long row) {
    value(
        out,
        c,
        List.of(id),
        promise(c, t, s, n)
            + ", but the last (of "
            + id
            + ") arrives in row "
            + row
            + " (a gap-free stream, docs/models/bufferless-scatter-gather.md#protocol-rules)");
  }

  // --- the sentences' parts
  // -----------------------------------------------------------------------------------

  private static void causality(Findings out, Schedule.ControlTransfer c, String why) {
    out.add(
        Kind.CAUSALITY,
        List.of(),
        Places.node(c.from()),
        c.step(),
        "node "
            + c.from()
            + " sends a "
            + c.kind()
            + " to "
            + c.to()
            + " in step "
            + c.step()
            + " but "
            + why);
  }

  private static void value(
      Findings out, Schedule.ControlTransfer c, List<String> ids, String why) {
    String arc = Places.arc(c.from(), c.to());
    out.add(
        Kind.CONTROL_VALUE,
        ids,
        arc,
        c.step(),
        "the " + c.kind() + " " + c.values() + " " + arc + " of step " + c.step() + " " + why);
  }

  /** What order [s] u->v arriving in row t promises about the n flits crossing v->u. */
  private static String promise(Schedule.ControlTransfer c, long t, long s, long n) {
    return "(row "
        + t
        + ", s = "
        + s
        + ") promises the "
        + (n == 1 ? "flit" : n + " flits")
        + " crossing "
        + c.to()
        + "->"
        + c.from()
        + " to "
        + c.from()
        + " in rows "
        + rows(t, s, n);
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
    return row == NEVER
        ? "no control flit ever reaches it"
        : "its first control flit only arrives in row " + row;
  }
}
