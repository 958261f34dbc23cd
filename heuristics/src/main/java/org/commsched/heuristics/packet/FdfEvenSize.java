package org.commsched.heuristics.packet;

import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.MethodOption;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.time.TimeScale;

/**
 * {@code packet-fdf-even}: Furthest-Distance-First scattering with even-size packetization and the
 * best packet counts (docs/models/packet.md#packet-fdf-even).
 *
 * <p><b>Source.</b> J.-P. Tsai, "On the Furthest-Distance-First Principle in Scattering and
 * Gathering" (thesis, National Taiwan University), Chapter 5. Lemma 13 and Remark 14: in an FDF
 * schedule any packetization can be replaced by the even-size distribution {@code ρ⟨m, r⟩} with as
 * many packets without getting slower, so only the counts {@code r} remain. Lemma 12: alone, {@code
 * ρ⟨m, r⟩} reaches a node {@code l} hops away after {@code α_l(m, r) = m tau + r beta + (l -
 * 1)(beta + ceil(m / r) tau)}; problem (5.1) picks the best {@code r}.
 *
 * <p><b>Counts</b> (option {@code counts}), each chosen exactly for the planned makespan {@code max
 * over k of (root work of the earlier messages) + α_{l_k}(m_k, r_k)} ({@link
 * Packetization#planned}):
 *
 * <ul>
 *   <li>{@code alone}: each message its own (5.1) optimum, the fewest packets minimising {@code
 *       α_l(m, r)}, as if there were no inter-message delays;
 *   <li>{@code joint}: the counts minimising the planned makespan, where message {@code k} also
 *       waits for the root's work {@code r_j beta + m_j tau} on every earlier message (dynamic
 *       programme over {@code O(sqrt m)} candidates per message, {@link Packetization#bestShared});
 *   <li>{@code monotone}: the same restricted to counts that never grow along the root order
 *       (farther messages get at least as many packets, Lemma 15), under which a nearer message
 *       does not catch up with a farther one on a shared path (Corollary 16), so the plan is what
 *       happens on a path rooted at an end ({@link Packetization#bestMonotone}, linear in the
 *       units, skipped above {@link Packetization#MONOTONE_UNITS});
 *   <li>{@code best} (default): all three simulated, the fastest (ties in the order monotone,
 *       joint, alone).
 * </ul>
 *
 * Both minimisations are exact on integers in {@code O(sqrt m)} per message (the thesis's promised
 * continued-fraction method is missing; its constraints read {@code m >= r >= 1}, {@code r b >= m},
 * and the even-size remainder is {@code m mod r}). Messages leave the root farthest first, each
 * message's packets together, larger ones first; nodes are FCFS and greedy. A gather is scheduled
 * by time reversal (NRF reception, same makespan).
 *
 * <p><b>Guarantee.</b> A valid FCFS, greedy (scatter), FDF (NRF for a gather), even-size schedule
 * within the largest-packet buffer bound (Theorem 6). For one message alone its makespan is {@code
 * α*_l(m)}, optimal over every packetization (Lemma 12, (5.1)); for the special class of Chapter 6
 * (equal messages to contiguous nodes of a path rooted at an end) the monotone counts include the
 * common optimal {@code r} of Theorem 17, so it meets the corrected optimum {@code T*}. The planned
 * makespan of the chosen counts is a statistic ({@code plannedMakespan}); it is the simulated one
 * when no packet is delayed by another message's packet. Choosing the counts jointly under
 * inter-message delays has no known exact algorithm (the thesis: "seems intractable"); on a tree
 * FDF itself can lose (TV-1). No approximation ratio.
 *
 * @implNote Stateless.
 */
public final class FdfEvenSize implements Method {
  /** The facts of {@code packet-fdf-even}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "packet-fdf-even",
          "Furthest-Distance-First with even-size packets and the best packet counts of problem (5.1), with and "
              + "without the root's inter-message waiting; gather by time reversal (NRF)",
          "valid, FCFS, greedy, FDF/NRF, even sizes, within the largest-packet buffer bound; alpha*_l(m) for one "
              + "message (Lemma 12, (5.1)); no ratio",
          "J.-P. Tsai, \"On the Furthest-Distance-First Principle in Scattering and Gathering\" (thesis), Lemma 12, "
              + "Lemma 13, Remark 14, problem (5.1)",
          FdfRuns.SCOPE,
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  /** The option naming the count rule: best (default), alone, joint or monotone. */
  public static final MethodOption<CountRule> COUNTS =
      MethodOption.choice(
          "counts",
          CountRule.BEST,
          EnumSet.of(CountRule.BEST, CountRule.ALONE, CountRule.JOINT, CountRule.MONOTONE),
          "a count rule");

  @Override
  public String whyNotFurther(Instance instance) {
    return FdfRuns.whyNotRule(name(), instance);
  }

  @Override
  public List<MethodOption<?>> methodOptions() {
    return List.of(COUNTS);
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    requireApplies(instance);
    Choice c = choose(instance, MethodOption.wire(limits.options().get(COUNTS)));
    return c.withStats(FdfRuns.result(name(), c.run()), instance.timeScale());
  }

  /**
   * The counts a rule picks, in the FDF order, and the run of the fastest candidate.
   *
   * @param rule the rule that won ({@code monotone}, {@code joint}, {@code alone} or {@code one})
   * @param order the FDF order of the non-null messages ({@link FdfRuns#order})
   * @param counts the packet count of each ordered message
   * @param run the run of those counts ({@link FdfRuns#run}: a scatter, or the time-reversed
   *     gather)
   * @param planned the planned makespan of the counts ({@link Packetization#planned})
   * @param makespans every candidate rule's simulated makespan, formatted
   */
  record Choice(
      String rule,
      int[] order,
      int[] counts,
      StoreForwardEngine.Run run,
      long planned,
      Map<String, String> makespans) {
    /**
     * The statistics {@code counts}, {@code plannedMakespan} and {@code makespan.<rule>} on a
     * result.
     */
    SolveResult withStats(SolveResult r, TimeScale scale) {
      r = r.withStat("counts", rule).withStat("plannedMakespan", scale.format(planned));
      for (Map.Entry<String, String> e : makespans.entrySet()) {
        r = r.withStat("makespan." + e.getKey(), e.getValue());
      }
      return r;
    }
  }

  /**
   * The even-size counts of a rule ({@code best}, {@code alone}, {@code joint}, {@code monotone},
   * or {@code one}: one packet per message), simulated in the FDF order; {@code best} keeps the
   * fastest (ties: monotone, joint, alone). Shared with {@code packet-nrf}.
   */
  static Choice choose(Instance instance, String rule) {
    CommModel.StoreAndForward model = instance.storeAndForward();
    TimeScale scale = instance.timeScale();
    long beta = model.betaTicks(scale);
    long tau = model.tauTicks(scale);
    int[] order = FdfRuns.order(instance);
    int[] hops = FdfRuns.hops(instance, order);
    long[] lengths = FdfRuns.lengths(instance, order);
    Map<String, int[]> candidates = new LinkedHashMap<>(); // tie order: monotone, joint, alone
    if (rule.equals("one")) {
      int[] one = new int[order.length];
      java.util.Arrays.fill(one, 1);
      candidates.put("one", one);
    }
    if (rule.equals("best") || rule.equals("monotone")) {
      int[] c = Packetization.bestMonotone(beta, tau, hops, lengths);
      if (c != null) {
        candidates.put("monotone", c);
      }
    }
    if (rule.equals("best")
        || rule.equals("joint")
        || rule.equals("monotone") && candidates.isEmpty()) {
      candidates.put("joint", Packetization.bestShared(beta, tau, hops, lengths));
    }
    if (rule.equals("best") || rule.equals("alone")) {
      int[] alone = new int[order.length];
      for (int k = 0; k < order.length; k++) {
        alone[k] = Packetization.bestAlone(beta, tau, hops[k], lengths[k]);
      }
      candidates.put("alone", alone);
    }
    String bestName = null;
    StoreForwardEngine.Run best = null;
    Map<String, String> makespans = new LinkedHashMap<>();
    for (Map.Entry<String, int[]> e : candidates.entrySet()) {
      StoreForwardEngine.Run run = FdfRuns.run(instance, order, e.getValue());
      makespans.put(e.getKey(), scale.format(run.makespan()));
      if (best == null || run.makespan() < best.makespan()) {
        best = run;
        bestName = e.getKey();
      }
    }
    int[] counts = candidates.get(bestName);
    return new Choice(
        bestName,
        order,
        counts,
        best,
        Packetization.planned(beta, tau, hops, lengths, counts),
        makespans);
  }
}
