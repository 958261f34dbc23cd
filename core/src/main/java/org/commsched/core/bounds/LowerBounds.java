package org.commsched.core.bounds;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.commsched.core.family.FamilyRules;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.LowerBound;

/**
 * Lower bounds on the makespan of every valid schedule of an instance, each with a concrete
 * witness. They are algorithm-independent: an exact solver, a heuristic and the checker can all
 * compare against them.
 *
 * <p>Units: steps for bufferless models, ticks of {@code instance.timeScale()} for
 * store-and-forward ones, always in our time convention (docs/DESIGN.md). Where a paper counts
 * differently the class that computes the bound says how it maps.
 *
 * <table>
 *   <caption>bounds by problem and model</caption>
 *   <tr><th>problem, model</th><th>bounds</th><th>source</th></tr>
 *   <tr><td>chatting, bufferless</td><td>C, Q, L, D, LB1 = max(C, Q), LB6 (per arc head-body-tail); single port
 *       adds SEND-PORT, RECV-PORT</td><td>Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, Prop 2.1;
 *       docs/models/bufferless-chatting.md#lower-bounds</td></tr>
 *   <tr><td>scatter / gather, bufferless</td><td>the chatting bounds over non-null messages; single port:
 *       LB-SCAT / LB-OFF, SUM-L; all ports: LB-MP</td><td>Bhatt, Pucci, Ranade, Rosenberg, Prop 1 and
 *       docs/models/bufferless-scatter-gather.md#lower-bounds (paper T minus 1)</td></tr>
 *   <tr><td>dsa (virtual)</td><td>LOAD, L, LB2</td><td>chatting paper Prop 3.1</td></tr>
 *   <tr><td>scatter / gather, store-and-forward</td><td>PIPELINE, ARC, EDGE (half duplex), CHAIN and LAST-TWO ({@link ChainBounds}); one port: SEND-PORT,
 *       RECV-PORT, ROOT-PORT, F16, F13, F12 (single-unit messages); exchange rule: NODE; the special class and its
 *       blocks: F9 / F10, F11 (exact off the exchange rule)</td><td>Tsai's thesis F9-F13, F16; Peters' Thm 2.3.1
 *       and 2.4.1</td></tr>
 *   <tr><td>send, broadcast, gossip</td><td>distance, port, volume and cut bounds on any network ({@link SpreadBounds}:
 *       the one-port doubling bound, cuts over node sets); path and ring optima where they apply</td><td>Peters' thesis §2-§5</td></tr>
 * </table>
 *
 * <p>{@link #protocolBounds(Instance)} holds bounds that only bind distributed gathering protocols.
 * Which class computes which bounds is the instance's family's to say ({@link FamilyBounds}, named
 * by its rules).
 */
public final class LowerBounds {
  private LowerBounds() {}

  /**
   * Every lower bound that applies to the instance, each with its witness, strongest first.
   *
   * @implNote Computed on each call: a solve that asks more than once keeps them in its run ({@link
   *     org.commsched.core.solve.SolveRun#bounds}), so this class holds no state.
   */
  public static List<LowerBound> all(Instance instance) {
    return all(instance, Cutoff.none());
  }

  /**
   * {@link #all(Instance)} within a deadline: the bounds that search (over nodes, targets or target
   * sets) stop at {@code cutoff}'s deadline with the best valid value they have and say so in their
   * witness; {@code cutoff} then names them ({@link Cutoff#cut()}).
   */
  public static List<LowerBound> all(Instance instance, Cutoff cutoff) {
    return all(instance, BufferlessBounds.Limits.DEFAULT.withCutoff(cutoff));
  }

  static List<LowerBound> all(Instance instance, BufferlessBounds.Limits limits) {
    List<LowerBound> out = new ArrayList<>();
    try {
      FamilyRules.of(instance).bounds().lower(instance, out, limits);
    } catch (ArithmeticException e) {
      // a bound beyond the range of long: keep the ones computed so far, all valid
    }
    return sorted(out);
  }

  /** The strongest one ({@link LowerBound#zero()} if none). */
  public static LowerBound best(Instance instance) {
    List<LowerBound> all = all(instance);
    return all.isEmpty() ? LowerBound.zero() : all.get(0);
  }

  /**
   * The strongest bound on schedules of the given kind, in ticks of the instance ({@link
   * LowerBound#zero()} if none): {@link #virtual} for slots, {@link #best} for every other schedule
   * (protocol traces included: the protocol bounds are not used, so a status read against this
   * bound means optimal among all schedules).
   */
  public static LowerBound forSchedule(Instance instance, Schedule schedule) {
    return schedule instanceof Schedule.Slots
        ? virtual(instance).stream().reduce(LowerBound.zero(), LowerBound::max)
        : best(instance);
  }

  /**
   * Bounds on VIRTUAL schedules (slots) of a chatting or dsa instance: C (LOAD for dsa), L and LB2
   * = max(C, L). Empty for other kinds.
   */
  public static List<LowerBound> virtual(Instance instance) {
    List<LowerBound> out = new ArrayList<>();
    FamilyRules.of(instance).bounds().virtual(instance, out, BufferlessBounds.Limits.DEFAULT);
    return sorted(out);
  }

  /**
   * Bounds that hold only for distributed gathering protocols, whose nodes send after a wake-up
   * that starts at the root (bufferless single-port gather on a tree network, or on another network
   * over the spanning tree its routes follow, paper §1.2): LB-SYNC (wake-up one hop per step,
   * forwarded before the node's own message; paper T minus 1) and LB-PAPER (Theorem 3's max(B, M)).
   * Offline schedules may beat them, so {@link #all(Instance)} leaves them out. Empty for other
   * instances.
   *
   * <p>LB-PAPER's B. docs/models/bufferless-scatter-gather.md#lower-bounds takes B = B_opt, the
   * optimal single-port broadcast time of the whole tree (every PE takes part in a protocol, §2.1;
   * EX5: 4). That is the right figure for a protocol that hears from every PE before its data moves
   * (Transmission-Certification, whose ratio {@code ratioMaxBoptM} uses it), but not for every
   * wake-up-respecting gather: the wake-ups of PEs without data may arrive after the last data
   * flit, and T counts data flits only (§2.2). Shoulder-Tap (Theorem 2) on the 6-PE path with
   * {@code L = (1, 0, 0, 0, 0)} ends at paper {@code T = 4 < B_opt = 5}, and so does the wake-up
   * model M4 of docs/models/bufferless-scatter-gather.md#exact-models. The bound therefore takes B
   * over the subtree spanning the nodes with data (EX5: 3; equal to B_opt when every leaf holds
   * data) and its witness reports both.
   */
  public static List<LowerBound> protocolBounds(Instance instance) {
    List<LowerBound> out = new ArrayList<>();
    FamilyRules.of(instance).bounds().protocol(instance, out);
    return sorted(out);
  }

  private static List<LowerBound> sorted(List<LowerBound> bounds) {
    List<LowerBound> out = new ArrayList<>();
    for (LowerBound b : bounds) {
      if (b.value() > 0) {
        out.add(b);
      }
    }
    out.sort(Comparator.comparingLong(LowerBound::value).reversed());
    return List.copyOf(out);
  }
}
