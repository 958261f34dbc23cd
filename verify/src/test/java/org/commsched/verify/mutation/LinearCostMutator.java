package org.commsched.verify.mutation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.commsched.core.check.Kind;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Origin;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.SolveResult;

/**
 * Faults in linear-cost transmissions of send, broadcast and gossip
 * (docs/models/linear-cost.md#validity-rules), each invalid by construction (moved here from the
 * former linear-cost mutation suite of heuristics):
 *
 * <ul>
 *   <li>{@code EARLY}: a relay sends a packet one tick before the last of its units reaches it (V4,
 *       {@code SENDER_LACKS_UNIT});
 *   <li>{@code PORT}: under one port, a node's packet to (or from) one neighbour moved onto its
 *       packet to (from) another (V7/V8, {@code EXCHANGE_PORT}; {@code SEND_PORT} or {@code
 *       RECEIVE_PORT} under the send-and-receive rule);
 *   <li>{@code BOTH_WAYS}: under half duplex, a packet moved onto one going the other way over its
 *       link (V6, {@code LINK_CONFLICT});
 *   <li>{@code MISSING}: a record dropped whose units its receiver, which needs them, gets from
 *       nowhere else (V10, {@code INCOMPLETE});
 *   <li>{@code OVERLAP}: a packet moved to one tick after the start of another packet on its arc
 *       (V5, {@code ARC_CONFLICT});
 *   <li>a record sent to a node that is not a neighbour (V1, {@code NOT_AN_ARC}), a record of no
 *       units (V2, {@code BAD_SIZE}), one reaching past its message's last unit ({@code
 *       UNIT_RANGE}).
 * </ul>
 *
 * The wrong makespan claim of that suite is {@link ClaimMutator}'s, for every family.
 */
public final class LinearCostMutator implements Mutator {

  private enum Fault {
    EARLY(Kind.SENDER_LACKS_UNIT),
    PORT(null),
    BOTH_WAYS(Kind.LINK_CONFLICT),
    MISSING(Kind.INCOMPLETE),
    OVERLAP(Kind.ARC_CONFLICT),
    NOT_AN_ARC(Kind.NOT_AN_ARC),
    EMPTY(Kind.BAD_SIZE),
    UNIT_RANGE(Kind.UNIT_RANGE);

    final Kind kind;

    Fault(Kind kind) {
      this.kind = kind;
    }
  }

  /** A seeded instance and a valid result for it. */
  private record Base(Instance instance, SolveResult result) {}

  @Override
  public String kind() {
    return "linear-cost transmissions";
  }

  @Override
  public boolean accepts(Instance instance, SolveResult valid) {
    return Mutations.transmissionsOf(instance, valid, Family.LINEAR_COST);
  }

  @Override
  public List<Mutant> mutants(Instance instance, SolveResult valid, SplittableRandom r) {
    List<Mutant> out = new ArrayList<>();
    Base b = new Base(instance, valid);
    for (Fault f : Fault.values()) {
      Kind[] expected = {f.kind};
      List<Schedule.Transmission> mut = inject(f, b, r, expected);
      if (mut != null) {
        out.add(
            Mutant.of(
                f.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'),
                expected[0],
                Mutations.with(valid, new Schedule.Transmissions(valid.schedule().scale(), mut)),
                f.name()));
      }
    }
    return out;
  }

  /** The schedule's packets: records on one arc with one start, their total units. */
  private static Map<List<Long>, Long> packetUnits(List<Schedule.Transmission> ts) {
    Map<List<Long>, Long> out = new HashMap<>();
    for (Schedule.Transmission x : ts) {
      out.merge(List.of((long) x.from(), (long) x.to(), x.start()), x.size(), Long::sum);
    }
    return out;
  }

  private static long end(
      Schedule.Transmission x, Map<List<Long>, Long> units, long beta, long tau) {
    return x.start() + beta + units.get(List.of((long) x.from(), (long) x.to(), x.start())) * tau;
  }

  /**
   * The mutated records for a fault, or null if the fault does not apply to this schedule. {@code
   * expected} gets the code the fault must raise when it differs from {@link Fault#kind}.
   */
  private static List<Schedule.Transmission> inject(
      Fault f, Base b, SplittableRandom r, Kind[] expected) {
    Instance inst = b.instance();
    CommModel.StoreAndForward model = (CommModel.StoreAndForward) inst.model();
    Schedule.Transmissions sched = (Schedule.Transmissions) b.result().schedule();
    List<Schedule.Transmission> ts = new ArrayList<>(sched.transmissions());
    long beta = model.betaTicks(sched.scale());
    long tau = model.tauTicks(sched.scale());
    Map<List<Long>, Long> units = packetUnits(ts);
    Map<String, Origin> origin = new HashMap<>();
    for (Origin o : inst.origins()) {
      origin.put(o.message(), o);
    }
    Network net = inst.network();
    List<Integer> order = new ArrayList<>();
    for (int k = 0; k < ts.size(); k++) {
      order.add(k);
    }
    java.util.Collections.shuffle(order, new java.util.Random(r.nextLong()));
    switch (f) {
      case EARLY -> {
        for (int k : order) {
          Schedule.Transmission x = ts.get(k);
          if (origin.get(x.message()).node() == x.from()) {
            continue;
          }
          long last = 0; // when the last of x's units first reaches its sender
          for (long u = x.first(); u < x.first() + x.size(); u++) {
            long first = Long.MAX_VALUE;
            for (Schedule.Transmission y : ts) {
              if (y.to() == x.from()
                  && y.message().equals(x.message())
                  && y.first() <= u
                  && u < y.first() + y.size()) {
                first = Math.min(first, end(y, units, beta, tau));
              }
            }
            last = Math.max(last, first);
          }
          ts.set(k, PacketMutator.at(x, last - 1));
          return ts;
        }
        return null;
      }
      case PORT -> {
        if (model.ports() != CommModel.Ports.ONE) {
          return null;
        }
        boolean sends = r.nextBoolean(); // a node's two sends, else its two receives
        for (int a : order) {
          for (int bb : order) {
            Schedule.Transmission x = ts.get(a);
            Schedule.Transmission y = ts.get(bb);
            boolean pair =
                sends
                    ? x.from() == y.from() && x.to() != y.to()
                    : x.to() == y.to() && x.from() != y.from();
            if (pair && x.start() != y.start()) {
              ts.set(bb, PacketMutator.at(y, x.start()));
              expected[0] =
                  model.onePort() == CommModel.OnePortRule.EXCHANGE
                      ? Kind.EXCHANGE_PORT
                      : sends ? Kind.SEND_PORT : Kind.RECEIVE_PORT;
              return ts;
            }
          }
        }
        return null;
      }
      case BOTH_WAYS -> {
        if (model.duplex() != CommModel.Duplex.HALF) {
          return null;
        }
        for (int a : order) {
          for (int bb : order) {
            Schedule.Transmission x = ts.get(a);
            Schedule.Transmission y = ts.get(bb);
            if (x.from() == y.to() && x.to() == y.from()) {
              ts.set(bb, PacketMutator.at(y, x.start()));
              return ts;
            }
          }
        }
        return null;
      }
      case MISSING -> {
        boolean send = inst.problem() instanceof Problem.Send;
        int target = send ? ((Problem.Send) inst.problem()).target() : -1;
        for (int k : order) {
          Schedule.Transmission x = ts.get(k);
          if (send && x.to() != target || origin.get(x.message()).node() == x.to()) {
            continue;
          }
          boolean only = false; // some unit of x reaches x.to by x alone
          for (long u = x.first(); u < x.first() + x.size() && !only; u++) {
            int deliveries = 0;
            for (Schedule.Transmission y : ts) {
              if (y.to() == x.to()
                  && y.message().equals(x.message())
                  && y.first() <= u
                  && u < y.first() + y.size()) {
                deliveries++;
              }
            }
            only = deliveries == 1;
          }
          if (only) {
            ts.remove(k);
            return ts;
          }
        }
        return null;
      }
      case OVERLAP -> {
        for (int a : order) {
          for (int bb : order) {
            Schedule.Transmission x = ts.get(a);
            Schedule.Transmission y = ts.get(bb);
            if (x.from() == y.from()
                && x.to() == y.to()
                && x.start() != y.start()
                && end(x, units, beta, tau) > x.start() + 1) {
              ts.set(bb, PacketMutator.at(y, x.start() + 1));
              return ts;
            }
          }
        }
        return null;
      }
      case NOT_AN_ARC -> {
        for (int k : order) {
          Schedule.Transmission x = ts.get(k);
          for (int v = 0; v < net.nodes(); v++) {
            if (v != x.from() && net.arc(x.from(), v) < 0) {
              ts.set(
                  k,
                  new Schedule.Transmission(
                      x.message(), x.packet(), x.size(), x.from(), v, x.start(), x.first()));
              return ts;
            }
          }
        }
        return null;
      }
      case EMPTY -> {
        int k = order.get(0);
        Schedule.Transmission x = ts.get(k);
        ts.set(
            k,
            new Schedule.Transmission(
                x.message(), x.packet(), 0, x.from(), x.to(), x.start(), x.first()));
        return ts;
      }
      default -> {
        int k = order.get(0);
        Schedule.Transmission x = ts.get(k);
        long length = origin.get(x.message()).length();
        ts.set(
            k,
            new Schedule.Transmission(
                x.message(),
                x.packet(),
                x.size(),
                x.from(),
                x.to(),
                x.start(),
                length - x.size() + 1));
        return ts;
      }
    }
  }
}
