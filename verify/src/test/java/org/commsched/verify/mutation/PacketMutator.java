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
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.SolveResult;

/**
 * Faults in store-and-forward packet schedules of scatter and gather
 * (docs/models/packet.md#validity-rules), each invalid by construction:
 *
 * <ul>
 *   <li>{@code early-hop}: a hop starts one tick before its packet's previous hop ends (V4, {@code
 *       STORE_AND_FORWARD});
 *   <li>{@code split-wrong}: one hop of a packet of two hops or more carries one unit more (no
 *       split or merge, {@code SIZE_MISMATCH}); {@code length-wrong}: every hop of a packet does
 *       (V2, {@code LENGTH_MISMATCH}); {@code empty-packet}: every hop of a packet carries nothing
 *       (V1, {@code BAD_SIZE});
 *   <li>{@code missing-hop}, {@code duplicate-hop}: a hop record dropped or repeated ({@code
 *       MISSING_HOP}, {@code DUPLICATE_HOP}); {@code off-route}: a hop sent to a neighbour off the
 *       route ({@code OFF_ROUTE}); {@code not-an-arc}: to a node that is no neighbour ({@code
 *       NOT_AN_ARC});
 *   <li>{@code onto-used-arc}: a transfer moved to the start of another on its arc (V5, {@code
 *       ARC_CONFLICT}); {@code send-port-twice}, {@code receive-port-twice} (one port): onto the
 *       start of a transfer of the same sender (receiver) on another arc (V5, V6, {@code
 *       SEND_PORT}, {@code RECEIVE_PORT}; {@code EXCHANGE_PORT} under the exchange rule);
 *   <li>{@code negative}, {@code unknown-message}, {@code null-message-sent}: a start at -1, a
 *       record for no message, a packet for a message of length 0 (V3, {@code NEGATIVE_TIME},
 *       {@code UNKNOWN_MESSAGE}, V2 {@code NULL_MESSAGE_SENT}).
 * </ul>
 */
public final class PacketMutator implements Mutator {
  @Override
  public String kind() {
    return "packet transmissions";
  }

  @Override
  public boolean accepts(Instance instance, SolveResult valid) {
    return Mutations.transmissionsOf(instance, valid, Family.PACKET);
  }

  @Override
  public List<Mutant> mutants(Instance inst, SolveResult valid, SplittableRandom r) {
    Schedule.Transmissions sched = (Schedule.Transmissions) valid.schedule();
    CommModel.StoreAndForward model = (CommModel.StoreAndForward) inst.model();
    List<Schedule.Transmission> ts = sched.transmissions();
    Network net = inst.network();
    List<Integer> order = Mutations.shuffled(ts.size(), r);
    List<Mutant> out = new ArrayList<>();
    Map<String, Integer> records = new HashMap<>(); // records per packet
    for (Schedule.Transmission x : ts) {
      records.merge(x.message() + "#" + x.packet(), 1, Integer::sum);
    }
    for (int k : order) { // early hop
      Schedule.Transmission x = ts.get(k);
      for (Schedule.Transmission y : ts) {
        if (y.message().equals(x.message()) && y.packet() == x.packet() && y.to() == x.from()) {
          long t = y.start() + model.packetTicks(y.size(), sched.scale()) - 1;
          if (t >= 0) {
            out.add(
                mutant(
                    "early-hop",
                    Kind.STORE_AND_FORWARD,
                    valid,
                    set(ts, k, at(x, t)),
                    describe(x) + " starts at " + t + ", one tick before its previous hop ends"));
          }
          break;
        }
      }
      if (!out.isEmpty()) {
        break;
      }
    }
    for (int k : order) {
      Schedule.Transmission x = ts.get(k);
      if (records.get(x.message() + "#" + x.packet()) >= 2) {
        out.add(
            mutant(
                "split-wrong",
                Kind.SIZE_MISMATCH,
                valid,
                set(ts, k, sized(x, x.size() + 1)),
                describe(x) + " carries " + (x.size() + 1) + " units on this hop only"));
        List<Schedule.Transmission> missing = new ArrayList<>(ts);
        missing.remove(k);
        out.add(mutant("missing-hop", Kind.MISSING_HOP, valid, missing, describe(x) + " dropped"));
        break;
      }
    }
    Schedule.Transmission p = ts.get(order.get(0));
    List<Schedule.Transmission> longer = new ArrayList<>();
    List<Schedule.Transmission> empty = new ArrayList<>();
    for (Schedule.Transmission x : ts) {
      boolean same = x.message().equals(p.message()) && x.packet() == p.packet();
      longer.add(same ? sized(x, x.size() + 1) : x);
      empty.add(same ? sized(x, 0) : x);
    }
    out.add(
        mutant(
            "length-wrong",
            Kind.LENGTH_MISMATCH,
            valid,
            longer,
            "every hop of packet " + p.packet() + " of " + p.message() + " carries one unit more"));
    out.add(
        mutant(
            "empty-packet",
            Kind.BAD_SIZE,
            valid,
            empty,
            "packet " + p.packet() + " of " + p.message() + " carries nothing"));
    List<Schedule.Transmission> dup = new ArrayList<>(ts);
    dup.add(p);
    out.add(mutant("duplicate-hop", Kind.DUPLICATE_HOP, valid, dup, describe(p) + " twice"));
    offRoute:
    for (int k : order) {
      Schedule.Transmission x = ts.get(k);
      int[] route = inst.atlas().nodes(inst.indexOf(x.message()));
      for (int v = 0; v < net.nodes(); v++) {
        boolean onRoute = false;
        for (int u : route) {
          onRoute |= u == v;
        }
        if (!onRoute && net.arc(x.from(), v) >= 0) {
          out.add(
              mutant(
                  "off-route",
                  Kind.OFF_ROUTE,
                  valid,
                  set(ts, k, to(x, v)),
                  describe(x) + " sent to " + v + ", off its route"));
          break offRoute;
        }
      }
    }
    notArc:
    for (int k : order) {
      Schedule.Transmission x = ts.get(k);
      for (int v = 0; v < net.nodes(); v++) {
        if (v != x.from() && net.arc(x.from(), v) < 0) {
          out.add(
              mutant(
                  "not-an-arc",
                  Kind.NOT_AN_ARC,
                  valid,
                  set(ts, k, to(x, v)),
                  describe(x) + " sent to " + v + ", no neighbour"));
          break notArc;
        }
      }
    }
    out.addAll(overlaps(inst, valid, order, r));
    out.add(
        mutant(
            "negative",
            Kind.NEGATIVE_TIME,
            valid,
            set(ts, order.get(0), at(p, -1)),
            describe(p) + " starts at -1"));
    List<Schedule.Transmission> unknown = new ArrayList<>(ts);
    unknown.add(
        new Schedule.Transmission(
            Mutations.UNKNOWN_ID, 0, p.size(), p.from(), p.to(), p.start(), p.first()));
    out.add(
        mutant(
            "unknown-message",
            Kind.UNKNOWN_MESSAGE,
            valid,
            unknown,
            "a record for " + Mutations.UNKNOWN_ID));
    for (int i = 0; i < inst.messages().size(); i++) {
      Message m = inst.messages().get(i);
      int[] route = inst.atlas().nodes(i);
      if (m.length() == 0 && route.length >= 2) {
        List<Schedule.Transmission> sent = new ArrayList<>(ts);
        sent.add(new Schedule.Transmission(m.id(), 0, 1, route[0], route[1], 0, null));
        out.add(
            mutant(
                "null-message-sent",
                Kind.NULL_MESSAGE_SENT,
                valid,
                sent,
                "a packet of one unit for " + m.id() + ", of length 0"));
        break;
      }
    }
    return out;
  }

  /** Two transfers made to start together: on one arc, and (one port) out of or into one node. */
  static List<Mutant> overlaps(
      Instance inst, SolveResult valid, List<Integer> order, SplittableRandom r) {
    Schedule.Transmissions sched = (Schedule.Transmissions) valid.schedule();
    CommModel.StoreAndForward model = (CommModel.StoreAndForward) inst.model();
    List<Schedule.Transmission> ts = sched.transmissions();
    List<Mutant> out = new ArrayList<>();
    arc:
    for (int a : order) {
      for (int b : order) {
        Schedule.Transmission x = ts.get(a);
        Schedule.Transmission y = ts.get(b);
        if (x.from() == y.from()
            && x.to() == y.to()
            && x.start() != y.start()
            && model.packetTicks(x.size(), sched.scale()) > 0) {
          out.add(
              mutant(
                  "onto-used-arc",
                  Kind.ARC_CONFLICT,
                  valid,
                  set(ts, b, at(y, x.start())),
                  describe(y) + " moved onto " + describe(x)));
          break arc;
        }
      }
    }
    if (model.ports() == CommModel.Ports.ONE) {
      for (boolean sends : new boolean[] {true, false}) {
        port:
        for (int a : order) {
          for (int b : order) {
            Schedule.Transmission x = ts.get(a);
            Schedule.Transmission y = ts.get(b);
            boolean pair =
                sends
                    ? x.from() == y.from() && x.to() != y.to()
                    : x.to() == y.to() && x.from() != y.from();
            if (pair && x.start() != y.start() && model.packetTicks(x.size(), sched.scale()) > 0) {
              Kind kind =
                  model.onePort() == CommModel.OnePortRule.EXCHANGE
                      ? Kind.EXCHANGE_PORT
                      : sends ? Kind.SEND_PORT : Kind.RECEIVE_PORT;
              out.add(
                  mutant(
                      sends ? "send-port-twice" : "receive-port-twice",
                      kind,
                      valid,
                      set(ts, b, at(y, x.start())),
                      describe(y) + " moved onto " + describe(x)));
              break port;
            }
          }
        }
      }
    }
    return out;
  }

  static Mutant mutant(
      String fault, Kind kind, SolveResult valid, List<Schedule.Transmission> ts, String what) {
    Schedule.Transmissions s = (Schedule.Transmissions) valid.schedule();
    return Mutant.of(
        fault, kind, Mutations.with(valid, new Schedule.Transmissions(s.scale(), ts)), what);
  }

  static List<Schedule.Transmission> set(
      List<Schedule.Transmission> ts, int k, Schedule.Transmission x) {
    List<Schedule.Transmission> out = new ArrayList<>(ts);
    out.set(k, x);
    return out;
  }

  static Schedule.Transmission at(Schedule.Transmission x, long start) {
    return new Schedule.Transmission(
        x.message(), x.packet(), x.size(), x.from(), x.to(), start, x.first());
  }

  static Schedule.Transmission sized(Schedule.Transmission x, long size) {
    return new Schedule.Transmission(
        x.message(), x.packet(), size, x.from(), x.to(), x.start(), x.first());
  }

  static Schedule.Transmission to(Schedule.Transmission x, int v) {
    return new Schedule.Transmission(
        x.message(), x.packet(), x.size(), x.from(), v, x.start(), x.first());
  }

  static String describe(Schedule.Transmission x) {
    return x.message() + "#" + x.packet() + " " + x.from() + "->" + x.to() + " at " + x.start();
  }
}
