package org.commsched.heuristics.bufferless.scattergather;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Schedule;

/**
 * A plain, slow restatement of the checker's protocol rules (codes CAUSALITY and CONTROL_VALUE, as
 * documented in the checker's package javadoc), written from that table and
 * docs/models/bufferless-scatter-gather.md#protocol-rules V6, for the mutation property: every data
 * flit is expanded hop by hop, every rule is a search over the whole trace ("is there a flit of
 * this kind that reached this node by this step?"). It returns one "KIND place time" entry per
 * broken rule, in the checker's reporting granularity (at most one CAUSALITY per control flit, the
 * first broken rule in the documented order; a wake-up's value is not judged against a message that
 * departed before any wake-up from that sender reached it).
 */
final class ProtocolRulesReference {
  private ProtocolRulesReference() {}

  private record Flit(int arc, long row, int message) {}

  /** The protocol violations of a trace, as "KIND place time". */
  static List<String> violations(Instance inst, Schedule.Departures d) {
    List<String> out = new ArrayList<>();
    if (d.control().isEmpty()) {
      return out; // an offline schedule: no protocol
    }
    Network net = inst.network();
    int root = inst.root();
    List<Message> msgs = inst.messages();
    Map<String, Long> dep = d.departures();
    List<Schedule.ControlTransfer> ctl = new ArrayList<>();
    for (Schedule.ControlTransfer c : d.control()) {
      if (c.from() >= 0
          && c.to() >= 0
          && c.from() < net.nodes()
          && c.to() < net.nodes()
          && net.arc(c.from(), c.to()) >= 0) {
        ctl.add(c);
      }
    }
    // every data flit at the head of every hop
    List<Flit> flits = new ArrayList<>();
    for (int i = 0; i < msgs.size(); i++) {
      Message m = msgs.get(i);
      Long t = dep.get(m.id());
      if (m.length() == 0 || t == null) {
        continue;
      }
      int[] arcs = inst.atlas().arcs(i);
      for (int k = 0; k < arcs.length; k++) {
        for (long h = 0; h < m.length(); h++) {
          flits.add(new Flit(arcs[k], t + h + k + 1, i));
        }
      }
    }
    boolean tc =
        ctl.stream()
            .anyMatch(
                c ->
                    c.kind().equals("token")
                        || c.kind().equals("certificate")
                        || c.kind().equals("order"));
    boolean wake = ctl.stream().anyMatch(c -> c.kind().equals("wakeup"));

    for (int i = 0; i < msgs.size(); i++) {
      Message m = msgs.get(i);
      Long t = dep.get(m.id());
      if (m.length() == 0 || t == null || m.from() == root) {
        continue;
      }
      int[] arcs = inst.atlas().arcs(i);
      boolean ok;
      if ((tc || wake) && arcs.length > 0) {
        ok = reached(ctl, tc ? "order" : "wakeup", net.head(arcs[0]), m.from(), t);
      } else {
        ok = reached(ctl, null, -1, m.from(), t);
      }
      if (!ok) {
        out.add("CAUSALITY node " + m.from() + " " + t);
      }
    }

    for (Schedule.ControlTransfer c : ctl) {
      int u = c.from();
      int v = c.to();
      long s = c.step();
      String kind = c.kind();
      int n = c.values().size();
      boolean formed;
      switch (kind) {
        case "wakeup":
          formed = n <= 1;
          break;
        case "token":
          formed = n == 0;
          break;
        case "certificate":
          formed = n == 2;
          break;
        case "order":
          formed = n == 1;
          break;
        default:
          formed = true;
      }
      String arc = u + "->" + v;
      if (!formed) {
        out.add("CONTROL_VALUE " + arc + " " + s);
      }
      String causal = null;
      switch (kind) {
        case "wakeup":
        case "token":
          if (u != root && !reached(ctl, kind, -1, u, s)) {
            causal = "forwarded without one";
          }
          if (kind.equals("wakeup") && formed && n == 1) {
            long value = c.values().get(0);
            for (int i = 0; i < msgs.size(); i++) {
              Message m = msgs.get(i);
              Long t = dep.get(m.id());
              int[] arcs = inst.atlas().arcs(i);
              if (m.length() == 0
                  || t == null
                  || m.from() != v
                  || v == root
                  || arcs.length == 0
                  || net.head(arcs[0]) != u
                  || !reached(ctl, "wakeup", u, v, t)) {
                continue;
              }
              if (t + 1 < s + 1 + value) {
                out.add("CONTROL_VALUE " + arc + " " + s);
              }
            }
          }
          break;
        case "certificate":
          {
            if (!reached(ctl, "token", v, u, s)) {
              causal = "no token";
            } else if (someTokenUnanswered(ctl, u)) {
              causal = "a child never certifies";
            } else if (someArrivesAfter(ctl, "certificate", u, s)) {
              causal = "before the last certificate";
            }
            if (formed) {
              if (c.values().get(0) < 1) {
                out.add("CONTROL_VALUE " + arc + " " + s);
              }
              long crossing = flits.stream().filter(f -> f.arc() == net.arc(u, v)).count();
              if (c.values().get(1) != crossing) {
                out.add("CONTROL_VALUE " + arc + " " + s);
              }
            }
            break;
          }
        case "order":
          {
            if (u != root && !reached(ctl, "order", -1, u, s)) {
              causal = "no own order";
            } else if (u == root && someTokenUnanswered(ctl, u)) {
              causal = "a child never certifies";
            } else if (u == root && someArrivesAfter(ctl, "certificate", u, s)) {
              causal = "before the last certificate";
            } else if (!reached(ctl, "certificate", v, u, s)) {
              causal = "no certificate from the child";
            }
            if (formed) {
              long value = c.values().get(0);
              long t = s + 1;
              Long maxLag = null;
              for (Schedule.ControlTransfer x : ctl) {
                if (x.kind().equals("certificate")
                    && x.from() == v
                    && x.to() == u
                    && x.values().size() == 2) {
                  maxLag = maxLag == null ? x.values().get(0) : Math.max(maxLag, x.values().get(0));
                }
              }
              if (maxLag != null && value < maxLag) {
                out.add("CONTROL_VALUE " + arc + " " + s);
              }
              int up = net.arc(v, u);
              List<Long> rows = new ArrayList<>();
              for (Flit f : flits) {
                if (f.arc() == up) {
                  rows.add(f.row());
                }
              }
              if (!rows.isEmpty()) {
                long first = rows.stream().mapToLong(Long::longValue).min().getAsLong();
                long last = rows.stream().mapToLong(Long::longValue).max().getAsLong();
                if (first != t + value || last != t + value + rows.size() - 1) {
                  out.add("CONTROL_VALUE " + arc + " " + s);
                }
              }
            }
            break;
          }
        default:
          if (u != root && !reached(ctl, null, -1, u, s)) {
            causal = "nothing reached it";
          }
      }
      if (causal != null) {
        out.add("CAUSALITY node " + u + " " + s);
      }
    }
    return out;
  }

  /**
   * True if a control flit of this kind (any kind if null) from {@code from} (any if -1) is at
   * {@code to} by step.
   */
  private static boolean reached(
      List<Schedule.ControlTransfer> ctl, String kind, int from, int to, long step) {
    for (Schedule.ControlTransfer c : ctl) {
      if (c.to() == to
          && (kind == null || c.kind().equals(kind))
          && (from < 0 || c.from() == from)
          && c.step() + 1 <= step) {
        return true;
      }
    }
    return false;
  }

  /** True if u sent a token to some node that never sends a certificate back to u. */
  private static boolean someTokenUnanswered(List<Schedule.ControlTransfer> ctl, int u) {
    for (Schedule.ControlTransfer c : ctl) {
      if (c.kind().equals("token")
          && c.from() == u
          && !reached(ctl, "certificate", c.to(), u, Long.MAX_VALUE - 1)) {
        return true;
      }
    }
    return false;
  }

  /** True if a flit of this kind reaches u after step (in a row above step). */
  private static boolean someArrivesAfter(
      List<Schedule.ControlTransfer> ctl, String kind, int u, long step) {
    for (Schedule.ControlTransfer c : ctl) {
      if (c.kind().equals(kind) && c.to() == u && c.step() + 1 > step) {
        return true;
      }
    }
    return false;
  }
}
