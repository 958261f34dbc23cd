package org.commsched.heuristics.packet;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveResult;

/**
 * What the FDF methods share: the FDF message order, the packets of given counts, the run (a
 * scatter, or for a gather the time reversal of the scatter on the reversed routes) and the result
 * with its statistics.
 */
final class FdfRuns {
  private FdfRuns() {}

  /**
   * The non-null messages' indices, farthest first (route length descending), then by id and index:
   * the FDF order of a scatter; for a gather, the scatter order whose time reversal is the
   * nearest-first (NRF) reception.
   */
  /**
   * The scope both FDF methods share: packet scatter and gather, full duplex, gather by time
   * reversal.
   */
  static final Scope SCOPE =
      Scope.of(ProblemKind.SCATTER, ProblemKind.GATHER)
          .in(Family.PACKET)
          .duplex(CommModel.Duplex.FULL)
          .note("single port means send-and-receive; gather by time reversal");

  static int[] order(Instance instance) {
    List<Message> msgs = instance.messages();
    Atlas atlas = instance.atlas();
    List<Integer> idx = new ArrayList<>();
    for (int i = 0; i < msgs.size(); i++) {
      if (msgs.get(i).length() > 0) {
        idx.add(i);
      }
    }
    Comparator<Integer> far = Comparator.comparingInt(atlas::hops);
    idx.sort(
        far.reversed().thenComparing((Integer i) -> msgs.get(i).id()).thenComparingInt(i -> i));
    return idx.stream().mapToInt(Integer::intValue).toArray();
  }

  /** Route lengths of the ordered messages. */
  static int[] hops(Instance instance, int[] order) {
    return Arrays.stream(order).map(instance.atlas()::hops).toArray();
  }

  /** Lengths of the ordered messages. */
  static long[] lengths(Instance instance, int[] order) {
    return Arrays.stream(order).mapToLong(i -> instance.messages().get(i).length()).toArray();
  }

  /**
   * The run of the ordered messages, message {@code order[k]} cut into {@code ρ⟨L, counts[k]⟩}, its
   * packets contiguous (larger first): the FCFS-greedy scatter in that root order, or for a gather
   * the time reversal of it (the root receives the reversed order, nearest first).
   */
  static StoreForwardEngine.Run run(Instance instance, int[] order, int[] counts) {
    List<StoreForwardEngine.Packet> packets = packets(instance, order, counts);
    if (instance.kind() == ProblemKind.SCATTER) {
      return StoreForwardEngine.scatter(instance, packets);
    }
    java.util.Collections.reverse(packets);
    return StoreForwardEngine.gatherReversed(instance, packets);
  }

  /**
   * The packets of the ordered messages, message {@code order[k]} cut into {@code ρ⟨L, counts[k]⟩},
   * its packets contiguous (larger first), in that order: a scatter's root dispatch order;
   * reversed, a gather's root receive order.
   */
  static List<StoreForwardEngine.Packet> packets(Instance instance, int[] order, int[] counts) {
    List<StoreForwardEngine.Packet> packets = new ArrayList<>();
    for (int k = 0; k < order.length; k++) {
      long[] sizes = Packetization.evenSizes(instance.messages().get(order[k]).length(), counts[k]);
      for (int j = 0; j < sizes.length; j++) {
        packets.add(new StoreForwardEngine.Packet(order[k], j, sizes[j]));
      }
    }
    return packets;
  }

  /**
   * The result of a run, with the packet count, the largest packet and the fluid buffer peak as
   * statistics.
   */
  static SolveResult result(String method, StoreForwardEngine.Run run) {
    SolveResult r =
        SolveResult.feasible(method, run.transmissions(), run.makespan(), LowerBound.zero());
    long largest = 0;
    for (StoreForwardEngine.Packet p : run.packets()) {
      largest = Math.max(largest, p.size());
    }
    StoreForwardEngine.BufferPeaks peaks = run.bufferPeaks();
    int worst = peaks.worstNode();
    r = r.withStat("packets", (long) run.packets().size()).withStat("largestPacket", largest);
    if (worst >= 0) {
      r = r.withStat("maxBuffer", peaks.units(worst)).withStat("maxBufferNode", (long) worst);
    }
    return r;
  }

  /** Null under the thesis's single port (send-and-receive) or all ports, else the refusal. */
  static String whyNotRule(String method, Instance instance) {
    CommModel.StoreAndForward m = instance.storeAndForward();
    if (m.ports() == CommModel.Ports.ONE && m.onePort() == CommModel.OnePortRule.EXCHANGE) {
      return method
          + " follows the thesis's single port (send-and-receive: one outgoing and one incoming transfer"
          + " at once), and this model has the exchange rule: use greedy-saf";
    }
    return null;
  }
}
