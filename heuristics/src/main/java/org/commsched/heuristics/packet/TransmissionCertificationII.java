package org.commsched.heuristics.packet;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.MethodOption;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.time.TimeScale;
import org.commsched.heuristics.bufferless.scattergather.GatherTree;

/**
 * {@code packet-tc2}: the data phase of Transmission Certification II, packetized gathering in
 * which no packet ever waits at an intermediate node, with the thesis's running-time estimate
 * (docs/models/packet.md#packet-tc2).
 *
 * <p><b>Source.</b> J.-P. Tsai, "On the Furthest-Distance-First Principle in Scattering and
 * Gathering" (thesis, National Taiwan University), §7.3, Lemma 22: Bhatt, Pucci, Ranade and
 * Rosenberg's Transmission-Certification ("Scattering and Gathering Messages in Networks of
 * Processors"; our bufferless {@code transmission-certification}) with packetized streams. Phase 1
 * broadcasts a token, Phase 2 returns certificates (slot length {@code n_i = r_i (beta + ceil(M_i /
 * r_i)) + sum of the children's}, a leaf lags 0), Phase 3 sorts the children by lag and sends
 * orders, Phase 4 sends the packets in their free slots toward the root.
 *
 * <p><b>What we build.</b> The thesis leaves the slot assignment and sort direction open
 * (docs/models/packet.md#other-readings), so the schedule is the concrete no-wait data phase: the
 * packets in NRF receive order (nearest source first, then id, each message's {@code ρ⟨M_i, r_i⟩}
 * packets smaller first), each started as early as possible such that it never waits on the way and
 * the root receives in that order ({@link StoreForwardEngine#gatherNoWait}). All messages are
 * present at time 0 (offline), so the schedule is Phase 4 alone; Phases 1 to 3 are what the
 * estimate's {@code 2B + C} stands for. It runs on the tree the gather routes form, as the
 * bufferless protocol does ({@link GatherTree}: default routes' breadth-first tree, or {@code
 * --spanning-tree}). Counts (option {@code counts}): {@code alone} (default), each message's (5.1)
 * optimum for its distance, or {@code one}, whole messages (the original protocol's streams).
 *
 * <p><b>Estimate</b> (Lemma 22, "the running time equals {@code 2B + C + L + M}"; F15), in ticks
 * with {@code lambda} the tree's depth and {@code d} its largest number of children: {@code B =
 * lambda d (beta + tau)} (token broadcast), {@code L = lambda (d (beta + tau) + max ceil(M_i / r_i)
 * tau)} (the root's lag), {@code M = sum of r_i (beta + ceil(M_i / r_i) tau)} (data), and the
 * computation term {@code C}, printed {@code d_i (beta + 1) + lambda (d log2 d)}, mixing a node's
 * degree with tree-wide quantities. Option {@code c}: {@code as-printed} (default; {@code d_i :=
 * d}, so {@code d (beta + tau) + lambda d ceil(log2 d) tau}) or {@code per-level} ({@code lambda d
 * (beta + tau) + lambda d ceil(log2 d) tau}: both costs once per level, the more defensible
 * reading). {@code d log2 d} is taken as {@code d ceil(log2 d)}, 0 for {@code d <= 1}, to stay in
 * integers. It is an estimate, not a bound the thesis proves: statistics {@code estimate}, {@code
 * B}, {@code C}, {@code L}, {@code M}, {@code lPlusM}, {@code lambda}, {@code d}, {@code cReading}
 * sit next to the real makespan.
 *
 * <p><b>Guarantee.</b> A valid NRF gather in which packets never wait at intermediate nodes, so
 * every node buffers at most the packet passing it (Theorem 20 holds for such schedules, unlike for
 * the eager gather). Its data phase stayed within {@code L + M} in every case we tried (an
 * observation, not a theorem). No approximation ratio.
 *
 * @implNote Stateless.
 */
public final class TransmissionCertificationII implements Method {
  /** The facts of {@code packet-tc2}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "packet-tc2",
          "Transmission Certification II's data phase: NRF even-size packets that never wait on the way, on the "
              + "routes' spanning tree; reports the thesis's estimate 2B + C + L + M",
          "valid, NRF, no waiting at intermediate nodes (buffer at most the packet passing); estimate 2B + C + L + M"
              + " of Lemma 22 as a statistic, no proven bound; no ratio",
          "J.-P. Tsai, \"On the Furthest-Distance-First Principle in Scattering and Gathering\" (thesis), §7.3, "
              + "Lemma 22; Bhatt, Pucci, Ranade, Rosenberg, Transmission-Certification",
          Scope.of(ProblemKind.GATHER)
              .in(Family.PACKET)
              .duplex(CommModel.Duplex.FULL)
              .note("single port means send-and-receive; runs on the tree the gather routes form"),
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  /** The readings of Lemma 22's computation term C (the option {@code c}). */
  public enum CReading {
    /** C as printed: d (B + tau) plus the sort. */
    AS_PRINTED,
    /** C per level: lambda d (B + tau) plus the sort. */
    PER_LEVEL
  }

  /**
   * The option naming the reading of the computation term: {@code as-printed} (default) or {@code
   * per-level}.
   */
  public static final MethodOption<CReading> C_READING =
      MethodOption.choice(
          "c", CReading.AS_PRINTED, EnumSet.allOf(CReading.class), "a reading of Lemma 22's C");

  /** The option naming the count rule: {@code alone} (default) or {@code one}. */
  public static final MethodOption<CountRule> COUNTS =
      MethodOption.choice(
          "counts",
          CountRule.ALONE,
          EnumSet.of(CountRule.ALONE, CountRule.ONE),
          "a count rule of packet-tc2");

  @Override
  public String whyNotFurther(Instance instance) {
    String rule = FdfRuns.whyNotRule(name(), instance);
    if (rule != null) {
      return rule;
    }
    String tree = GatherTree.whyNot(instance, "the protocol's tokens and orders", "packet-nrf");
    return tree == null ? null : name() + " runs the protocol on one spanning tree: " + tree;
  }

  @Override
  public List<MethodOption<?>> methodOptions() {
    return List.of(COUNTS, C_READING);
  }

  /**
   * Lemma 22's terms in ticks.
   *
   * @param b the broadcast term B
   * @param c the computation term C (in the chosen reading)
   * @param l the root's lag L
   * @param m the data term M
   */
  public record Estimate(long b, long c, long l, long m) {
    /** {@code 2B + C + L + M}. */
    public long total() {
      return Math.addExact(Math.addExact(Math.multiplyExact(2, b), c), Math.addExact(l, m));
    }
  }

  /**
   * Lemma 22's estimate for a tree of depth {@code lambda} and largest number of children {@code
   * d}, messages of {@code lengths[i]} units in {@code counts[i]} packets (null messages contribute
   * nothing).
   *
   * @param perLevel the per-level reading of C, else as printed
   */
  public static Estimate estimate(
      long beta, long tau, int lambda, int d, long[] lengths, int[] counts, boolean perLevel) {
    long hop = Math.addExact(beta, tau); // a one-unit control message over one link
    long dLogD =
        d <= 1
            ? 0
            : Math.multiplyExact(d, 64 - Long.numberOfLeadingZeros(d - 1L)); // d ceil(log2 d)
    long b = Math.multiplyExact(Math.multiplyExact(lambda, d), hop);
    long sort = Math.multiplyExact(Math.multiplyExact(lambda, dLogD), tau);
    long c =
        Math.addExact(Math.multiplyExact(perLevel ? Math.multiplyExact(lambda, d) : d, hop), sort);
    long biggest = 0;
    long m = 0;
    for (int i = 0; i < lengths.length; i++) {
      if (lengths[i] == 0) {
        continue;
      }
      long piece = Packetization.ceilDiv(lengths[i], counts[i]);
      biggest = Math.max(biggest, piece);
      m =
          Math.addExact(
              m,
              Math.multiplyExact(counts[i], Math.addExact(beta, Math.multiplyExact(piece, tau))));
    }
    long l =
        Math.multiplyExact(
            lambda, Math.addExact(Math.multiplyExact(d, hop), Math.multiplyExact(biggest, tau)));
    return new Estimate(b, c, l, m);
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    requireApplies(instance);
    GatherTree tree = GatherTree.of(instance);
    boolean one = limits.options().get(COUNTS) == CountRule.ONE;
    boolean perLevel = limits.options().get(C_READING) == CReading.PER_LEVEL;
    CommModel.StoreAndForward model = instance.storeAndForward();
    TimeScale scale = instance.timeScale();
    long beta = model.betaTicks(scale);
    long tau = model.tauTicks(scale);
    List<Message> msgs = instance.messages();
    long[] lengths = new long[msgs.size()];
    int[] counts = new int[msgs.size()];
    List<Integer> nrf = new ArrayList<>();
    for (int i = 0; i < msgs.size(); i++) {
      lengths[i] = msgs.get(i).length();
      if (lengths[i] > 0) {
        int hops = instance.atlas().hops(i);
        counts[i] = one ? 1 : Packetization.bestAlone(beta, tau, hops, lengths[i]);
        nrf.add(i);
      }
    }
    nrf.sort(
        Comparator.comparingInt((Integer i) -> instance.atlas().hops(i))
            .thenComparing((Integer i) -> msgs.get(i).id())
            .thenComparingInt(i -> i));
    List<StoreForwardEngine.Packet> receive = new ArrayList<>();
    for (int i : nrf) {
      long[] sizes = Packetization.evenSizes(lengths[i], counts[i]);
      for (int j = sizes.length - 1;
          j >= 0;
          j--) { // smaller packets first, as the reversed FDF stream
        receive.add(new StoreForwardEngine.Packet(i, j, sizes[j]));
      }
    }
    int lambda = 0;
    int d = 0;
    for (int v : tree.order()) {
      lambda = Math.max(lambda, tree.depth(v));
      d = Math.max(d, tree.degree(v));
    }
    Estimate e = estimate(beta, tau, lambda, d, lengths, counts, perLevel);
    StoreForwardEngine.Run run = StoreForwardEngine.gatherNoWait(instance, receive);
    return FdfRuns.result(name(), run)
        .withStat("estimate", scale.format(e.total()))
        .withStat("B", scale.format(e.b()))
        .withStat("C", scale.format(e.c()))
        .withStat("L", scale.format(e.l()))
        .withStat("M", scale.format(e.m()))
        .withStat("lPlusM", scale.format(Math.addExact(e.l(), e.m())))
        .withStat("lambda", (long) lambda)
        .withStat("d", (long) d)
        .withStat("cReading", perLevel ? "per-level" : "as-printed")
        .withStat("counts", one ? "one" : "alone");
  }
}
