package org.commsched.heuristics.packet;

import java.util.Arrays;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.time.TimeScale;

/**
 * {@code packet-fdf-flit}: every message cut into one-unit packets, sent farthest first over the
 * breadth-first spanning tree of the default routes (docs/models/packet.md#packet-fdf-flit); a
 * gather is the time reversal (nearest received first).
 *
 * <p><b>Source.</b> J.-P. Tsai, "On the Furthest-Distance-First Principle in Scattering and
 * Gathering" (thesis, National Taiwan University): Fact 10 (Bhatt, Pucci, Ranade and Rosenberg,
 * "Scattering and Gathering Messages in Networks of Processors": FDF with one-unit packets is
 * optimal when the set-up time is zero), Claim 11 (with zero set-up it stays optimal when larger
 * packets and queueing are allowed), Lemma 9 (the running time of single-unit FDF is the same for
 * every breadth-first spanning tree and no spanning tree does better), Lemma 21 (the same for NRF
 * gathering).
 *
 * <p><b>Closed form</b> (F12, derived in docs/models/packet.md#packet-fdf-flit). Every packet takes
 * {@code beta + tau} per hop, so no packet ever waits behind a larger one and the root's port is
 * the only queue: with the units' depths sorted {@code d_(1) >= d_(2) >= ...}, the {@code k}-th
 * unit leaves the root at {@code (k - 1)(beta + tau)} and arrives {@code d_(k)} hops later, and
 * under one port on a tree {@code makespan = (beta + tau) max over k of (k + d_(k) - 1)}, the same
 * for every tie order; it only grows with the depths, which a breadth-first tree minimises (Lemma
 * 9). With {@code beta = 0} it is {@code tau max over h of (N_{>=h} + h - 1)} (F13), optimal over
 * every packetization and queueing (Claim 11). Lemma 9's proof re-hangs misaligned nodes choosing
 * the one of least tree depth, which can fail; the corrected rule picks the least graph distance
 * (docs/models/packet.md#breadth-first-transformation). The toolkit simply routes over the
 * breadth-first tree ({@code Atlas}), or any spanning tree chosen with {@code --spanning-tree}.
 *
 * <p><b>Guarantee.</b> A valid FDF (NRF) schedule of one-unit packets; on tree routes under one
 * port its makespan is F12 (statistic {@code f12}), optimal among single-unit schemes and, with
 * {@code beta = 0}, optimal. With set-up time and free packetization it can be far from optimal
 * (the thesis's conclusion overstates it, docs/models/packet.md#fdf-with-set-up-time). It refuses
 * above {@value #PACKET_HOPS} packet hops.
 *
 * @implNote Stateless.
 */
public final class SingleFlitFdf implements Method {
  /** The facts of {@code packet-fdf-flit}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "packet-fdf-flit",
          "Every message cut into one-unit packets, farthest first over the breadth-first tree (Lemma 9, F12); "
              + "gather by time reversal (NRF, Lemma 21)",
          "valid, FDF/NRF, one-unit packets; makespan (beta + tau) max_k (k + d_(k) - 1) on tree routes under one "
              + "port (F12), optimal among single-unit schemes, optimal with beta = 0 (Fact 10, Claim 11)",
          "J.-P. Tsai, \"On the Furthest-Distance-First Principle in Scattering and Gathering\" (thesis), Lemma 9, "
              + "Fact 10, Claim 11, Lemma 21",
          FdfRuns.SCOPE,
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  /** The most packet hops (units times route lengths) the method schedules. */
  public static final long PACKET_HOPS = 20_000_000L;

  @Override
  public String whyNotFurther(Instance instance) {
    String rule = FdfRuns.whyNotRule(name(), instance);
    if (rule != null) {
      return rule;
    }
    long hops = 0;
    for (int i = 0; i < instance.messages().size(); i++) {
      hops += instance.messages().get(i).length() * (long) instance.atlas().hops(i);
      if (hops > PACKET_HOPS) {
        return name()
            + " sends every unit as its own packet, and this instance has more than "
            + PACKET_HOPS
            + " unit hops; use packet-fdf-even";
      }
    }
    return null;
  }

  /**
   * {@code max over k of (k + d_(k) - 1)} for the units of messages of the given lengths and route
   * lengths, the units' depths sorted non-increasing (F12 in units of {@code beta + tau}); 0
   * without units.
   */
  public static long f12Steps(int[] hops, long[] lengths) {
    Integer[] idx = new Integer[hops.length];
    for (int i = 0; i < idx.length; i++) {
      idx[i] = i;
    }
    Arrays.sort(idx, (a, b) -> Integer.compare(hops[b], hops[a]));
    long units = 0;
    long best = 0;
    for (int i : idx) {
      if (lengths[i] == 0) {
        continue;
      }
      units += lengths[i];
      best =
          Math.max(
              best, units + hops[i] - 1); // the last unit of this message is the k-th, k = units
    }
    return best;
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    requireApplies(instance);
    int[] order = FdfRuns.order(instance);
    long[] lengths = FdfRuns.lengths(instance, order);
    int[] counts = new int[order.length];
    for (int k = 0; k < order.length; k++) {
      counts[k] = Math.toIntExact(lengths[k]);
    }
    SolveResult r = FdfRuns.result(name(), FdfRuns.run(instance, order, counts));
    CommModel.StoreAndForward model = instance.storeAndForward();
    if (model.ports() == CommModel.Ports.ONE) {
      TimeScale scale = instance.timeScale();
      long unit = model.packetTicks(1, scale);
      r =
          r.withStat(
              "f12",
              scale.format(
                  Math.multiplyExact(unit, f12Steps(FdfRuns.hops(instance, order), lengths))));
    }
    return r;
  }
}
