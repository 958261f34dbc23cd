package org.commsched.heuristics.packet;

import java.util.EnumSet;
import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.MethodOption;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;

/**
 * {@code packet-nrf}: Nearest-Received-First gathering with even-size packets, the gathering half
 * of the thesis (docs/models/packet.md#packet-nrf).
 *
 * <p><b>Source.</b> J.-P. Tsai, "On the Furthest-Distance-First Principle in Scattering and
 * Gathering" (thesis, National Taiwan University), Chapter 7: Theorem 19 (on a path rooted at an
 * end, receiving nearest sources first is optimal; the thesis's "only one schedule, the NRF" is
 * read as that, ties and packetization leave choices), Lemma 21 (single-unit packets: every NRF
 * schedule takes the same time on a breadth-first tree), Theorem 20 (buffers).
 *
 * <p><b>Schedule.</b> The root receives the non-null messages nearest source first (route length
 * ascending, then id), each message's packets together, smaller ones first; each message is cut
 * into {@code ρ⟨L, r⟩} with the counts of {@code packet-fdf-even} (option {@code counts}: {@code
 * best} (default), {@code alone}, {@code joint}, {@code monotone}, or {@code one} for one packet
 * per message). Option {@code timing}:
 *
 * <ul>
 *   <li>{@code eager} (default): the greedy gather, every port serving the packets in the root's
 *       receive order, each hop as early as possible ({@link StoreForwardEngine#gatherEager});
 *   <li>{@code alap}: the canonical as-late-as-possible gather, the time reversal of the
 *       FCFS-greedy FDF scatter of the reversed order on the reversed routes ({@link
 *       StoreForwardEngine#gatherReversed}), which is what {@code packet-fdf} and {@code
 *       packet-fdf-even} return for a gather.
 * </ul>
 *
 * Both take the same time (time reversal, docs/models/packet.md#gathering-and-time-reversal), so
 * the counts are chosen once. They differ in buffers: Theorem 20 claims the largest-packet bound
 * for every FCFS greedy gather, but the eager one can break it
 * (docs/models/packet.md#buffers-in-gathering, instance {@code pk-buffer-gather-path3}: 5 units at
 * {@code P_1} with packets of at most 4); the reversed one keeps it. The statistic {@code
 * maxBuffer} says which happened.
 *
 * <p><b>Guarantee.</b> A valid NRF even-size gather (eager: greedy; alap: FCFS under one port,
 * within the largest-packet buffer bound). With {@code counts=one} on a path rooted at an end it is
 * optimal among one-packet schedules (Theorem 19, which is Theorem 2 of scattering reversed); with
 * free packetization on a tree NRF can lose (TV-2, §7.2). No approximation ratio.
 *
 * @implNote Stateless.
 */
public final class NearestReceivedFirst implements Method {
  /** The facts of {@code packet-nrf}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "packet-nrf",
          "Nearest-Received-First gathering with even-size packets and the counts of packet-fdf-even; eager greedy "
              + "hops, or as late as possible (timing=alap, the reversed FDF scatter)",
          "valid, NRF, even sizes, greedy (eager) or within the largest-packet buffer bound (alap); optimal among "
              + "one-packet schedules on a path rooted at an end (Theorem 19, counts=one); no ratio",
          "J.-P. Tsai, \"On the Furthest-Distance-First Principle in Scattering and Gathering\" (thesis), Theorem 19, "
              + "Theorem 20 (corrected), Lemma 21",
          Scope.of(ProblemKind.GATHER)
              .in(Family.PACKET)
              .duplex(CommModel.Duplex.FULL)
              .note("single port means send-and-receive"),
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  /** The timings of the gather (the option {@code timing}). */
  public enum Timing {
    /** Each packet sent as early as its route allows. */
    EAGER,
    /** The time-reversed scatter: each packet as late as possible. */
    ALAP
  }

  /** The option naming the timing: {@code eager} (default) or {@code alap}. */
  public static final MethodOption<Timing> TIMING =
      MethodOption.choice("timing", Timing.EAGER, EnumSet.allOf(Timing.class), "a timing");

  /** The option naming the count rule: best (default), alone, joint, monotone or one. */
  public static final MethodOption<CountRule> COUNTS =
      MethodOption.choice("counts", CountRule.BEST, EnumSet.allOf(CountRule.class), "a count rule");

  @Override
  public String whyNotFurther(Instance instance) {
    return FdfRuns.whyNotRule(name(), instance);
  }

  @Override
  public List<MethodOption<?>> methodOptions() {
    return List.of(COUNTS, TIMING);
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    requireApplies(instance);
    FdfEvenSize.Choice c =
        FdfEvenSize.choose(instance, MethodOption.wire(limits.options().get(COUNTS)));
    boolean eager = limits.options().get(TIMING) == Timing.EAGER;
    StoreForwardEngine.Run run = c.run();
    if (eager) {
      List<StoreForwardEngine.Packet> receive = FdfRuns.packets(instance, c.order(), c.counts());
      java.util.Collections.reverse(receive);
      run = StoreForwardEngine.gatherEager(instance, receive);
    }
    return c.withStats(FdfRuns.result(name(), run), instance.timeScale())
        .withStat(TIMING.key(), MethodOption.wire(limits.options().get(TIMING)));
  }
}
