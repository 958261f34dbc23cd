package org.commsched.heuristics.linearcost;

import java.util.ArrayList;
import java.util.List;
import org.commsched.core.bounds.PathSending;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.time.TimeScale;

/**
 * What the broadcast schemes of Peters' thesis share
 * (docs/models/linear-cost.md#broadcast-schemes-implemented): each is a family of explicit
 * schedules indexed by a packet size {@code k} (1..n) with a closed-form time; the method takes the
 * {@code k} of smallest formula time, builds that schedule as rounds ({@link RoundSchedule}) and
 * returns it with its makespan. Subclasses give the formula, the construction and the scope.
 *
 * @implNote Stateless; immutable.
 */
abstract class BroadcastScheme implements Method {

  /** An instance seen by a scheme: its network, model in ticks, message, source and length. */
  record Setting(
      Instance instance,
      Network net,
      CommModel.StoreAndForward model,
      TimeScale scale,
      PathSending f,
      String message,
      int source,
      long n,
      int p) {
    static Setting of(Instance inst) {
      CommModel.StoreAndForward m = inst.storeAndForward();
      return new Setting(
          inst,
          inst.network(),
          m,
          inst.timeScale(),
          PathSending.of(m, inst.timeScale()),
          inst.origins().get(0).message(),
          inst.root(),
          inst.origins().get(0).length(),
          inst.network().nodes());
    }

    long beta() {
      return f.beta();
    }

    long tau() {
      return f.tau();
    }

    RoundSchedule schedule() {
      return new RoundSchedule(net, model, scale, message, source);
    }
  }

  /**
   * The scheme's time with packets of size k by the thesis's formula (as corrected), in ticks; -1
   * if k is not used.
   */
  abstract long formula(Setting s, long k);

  /** The scheme's rounds with packets of size k (1 <= k <= n). */
  abstract RoundSchedule build(Setting s, long k);

  /**
   * A value the formula at k is never below, cheaper to compute; {@link #bestSizes} skips k when it
   * cannot enter the best ones. {@link Long#MIN_VALUE} (the default): no shortcut.
   */
  long formulaFloor(Setting s, long k) {
    return Long.MIN_VALUE;
  }

  /**
   * The records built across the {@link #tries()}, past which no further packet size is tried: on
   * {@code K_10000} one H* schedule holds about 950,000 records
   * (docs/models/linear-cost.md#broadcast-schemes-implemented).
   */
  static final long TRY_RECORDS = 1_000_000L;

  /**
   * How many of the best formula values to build before keeping the shortest schedule (1: the
   * formula is exact).
   */
  int tries() {
    return 1;
  }

  /**
   * The packet sizes with the smallest formula times, best first (ties: larger k first), at most
   * {@code count}.
   */
  final List<Long> bestSizes(Setting s, int count) {
    List<long[]> best = new ArrayList<>(); // {time, k}, sorted by time, then larger k
    for (long k = s.n(); k >= 1; k--) {
      if (best.size() == count && formulaFloor(s, k) >= best.get(count - 1)[0]) {
        continue;
      }
      long t = formula(s, k);
      if (t < 0) {
        continue;
      }
      if (best.size() == count && t >= best.get(count - 1)[0]) {
        continue;
      }
      int at = best.size();
      while (at > 0 && best.get(at - 1)[0] > t) {
        at--;
      }
      best.add(at, new long[] {t, k});
      if (best.size() > count) {
        best.remove(count);
      }
    }
    List<Long> out = new ArrayList<>();
    for (long[] b : best) {
      out.add(b[1]);
    }
    return out;
  }

  /**
   * Refuses a message beyond {@link LinearCostMethods#MAX_UNITS} units (the search over packet
   * sizes is linear in them) and a schedule beyond {@link LinearCostMethods#MAX_RECORDS}
   * transmissions at the best packet size (every other node receives each packet at least once). A
   * scheme with conditions of its own adds them to these.
   */
  @Override
  public String whyNotFurther(Instance instance) {
    Setting s = Setting.of(instance);
    String why = LinearCostMethods.tooLarge(name(), s.n(), true, -1);
    if (why != null) {
      return why;
    }
    long k = bestSizes(s, 1).get(0);
    return LinearCostMethods.tooLarge(
        name(), s.n(), true, LinearCostMethods.pipelineRecords(s.n(), k, s.p() - 1L));
  }

  /** The scheme's time formula at its best packet size, in ticks. */
  public final long bestFormula(Instance instance) {
    requireApplies(instance);
    Setting s = Setting.of(instance);
    return formula(s, bestSizes(s, 1).get(0));
  }

  /** The formula time with packets of size k, in ticks (-1 if the scheme does not use k). */
  public final long formula(Instance instance, long k) {
    requireApplies(instance);
    return formula(Setting.of(instance), k);
  }

  /** The scheme's schedule with packets of size k and its makespan in ticks. */
  public final Built schedule(Instance instance, long k) {
    requireApplies(instance);
    Setting s = Setting.of(instance);
    if (k < 1 || k > s.n()) {
      throw new IllegalArgumentException("packet size " + k + " is not in 1.." + s.n());
    }
    RoundSchedule.Result r = build(s, k).run();
    return new Built(r.schedule(s.scale()), r.makespan(), r.rounds(), k);
  }

  /** A built schedule: transmissions, makespan in ticks, rounds used, packet size. */
  public record Built(Schedule.Transmissions schedule, long makespan, int rounds, long k) {}

  @Override
  public final SolveResult solve(Instance instance, SolveLimits limits) {
    requireApplies(instance);
    Setting s = Setting.of(instance);
    Built best = null;
    long built = 0;
    for (long k : bestSizes(s, tries())) {
      if (built >= TRY_RECORDS) {
        break; // the formula's best k is built; further tries would cost seconds each for a few
        // ticks at most
      }
      Built b = schedule(instance, k);
      built += b.schedule().transmissions().size();
      if (best == null || b.makespan() < best.makespan()) {
        best = b;
      }
    }
    LowerBound bound =
        limits.run().bestBound(instance); // OPTIMAL exactly when a proven bound meets the makespan
    Alternative other = alternative(s, best.makespan());
    if (other != null && other.makespan() < best.makespan()) {
      return SolveResult.feasible(name(), other.schedule(), other.makespan(), bound)
          .withStat("plan", other.plan())
          .withStat("formula", formula(s, best.k()));
    }
    return SolveResult.feasible(name(), best.schedule(), best.makespan(), bound)
        .withStat("packetSize", best.k())
        .withStat("rounds", best.rounds())
        .withStat("formula", formula(s, best.k()));
  }

  /**
   * Another construction of the scheme's method, or null (the default): {@link #solve} returns it
   * instead of the best packet size's schedule when it is strictly shorter than {@code makespan}
   * ticks.
   */
  Alternative alternative(Setting s, long makespan) {
    return null;
  }

  /** Another construction's schedule, makespan in ticks and a line naming its parameters. */
  record Alternative(Schedule.Transmissions schedule, long makespan, String plan) {}

  /** A broadcast scope (linear cost family) on networks the test accepts. */
  static Scope broadcastOn(Scope.NetworkTest test) {
    return Scope.of(ProblemKind.BROADCAST).in(Family.LINEAR_COST).on(test);
  }

  /** The same scope under the given store-and-forward port rules and duplex only. */
  static Scope under(
      Scope scope, java.util.Set<CommModel.Ports> ports, java.util.Set<CommModel.Duplex> duplex) {
    return new Scope(
        scope.families(),
        scope.problems(),
        scope.bufferlessPorts(),
        ports,
        duplex,
        scope.network(),
        scope.note(),
        scope.otherPorts());
  }

  /** Null if the network is the given family, else the sentence tail of a refusal. */
  static String needs(Instance inst, Class<?> family, String words, String instead) {
    return family.isInstance(inst.network().topology())
        ? null
        : "is the thesis's scheme for "
            + words
            + ", and this network is a "
            + inst.network().topology().family()
            + ": use "
            + instead;
  }

  static long ceilDiv(long a, long b) {
    return -Math.floorDiv(-a, b);
  }
}
