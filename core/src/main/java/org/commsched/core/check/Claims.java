package org.commsched.core.check;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Schedule;
import org.commsched.core.recognise.Recognition;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.time.TimeScale;

/**
 * What a result file claims beyond its schedule, and how far the checker can vouch for it
 * (docs/models/README.md #claims). Validity is about the schedule; a file also claims a lower bound
 * and a status, which the schedule alone cannot show. Each claim gets one of three verdicts:
 *
 * <ul>
 *   <li><b>certified</b>: the checker re-derives a bound that meets it (the claimed bound is at
 *       most a bound the checker proves; {@code OPTIMAL} when a proven bound equals the makespan),
 *       named with its witness;
 *   <li><b>uncertified</b>: the claim may be true, but the checker cannot prove it; it gives the
 *       best bound it does prove;
 *   <li><b>refuted</b>: the claim is contradicted: a claimed bound above the makespan, {@code
 *       OPTIMAL} with a bound below the makespan, a claimed makespan other than the recomputed one,
 *       or a makespan below a bound the checker proves (then the schedule or the bound is wrong).
 * </ul>
 *
 * <p>The bounds the checker proves are those {@code solve} posts ({@link LowerBounds#forSchedule}):
 * bounds on virtual schedules for slots, the offline bounds for every other schedule (so {@code
 * OPTIMAL} means optimal among all schedules, for protocol traces too); on an explicit network that
 * is a regular family ({@link Recognition}) also those of the family instance, as {@code solve}
 * posts them there. They are computed only when a claim goes beyond the trivial (a positive bound
 * or {@code OPTIMAL}).
 *
 * <p>A refuted bound or status is also a violation of {@link ScheduleChecker#checkResult} ({@code
 * BOUND_ABOVE_MAKESPAN}, {@code OPTIMAL_WITHOUT_PROOF}). {@code commsched check} fails on every
 * refuted claim (a makespan below a proven bound too) and, with {@code --strict}, on an uncertified
 * one. With {@code --prove} it runs an exact method and settles the uncertified claims it can
 * ({@link #settle}). {@link #certify} does all but the exact run in one call and returns a {@link
 * Certification}.
 *
 * @implNote Stateless.
 */
public final class Claims {
  private Claims() {}

  /** A verdict on one claim. */
  public enum Verdict {
    CERTIFIED,
    UNCERTIFIED,
    REFUTED;

    /** The lower-case word used in output. */
    public String wireName() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * One claim and its verdict.
   *
   * @param what {@code lowerBound}, {@code status} or {@code makespan}
   * @param claimed the claim as the file states it (a decimal, or a status word)
   * @param ticks the time the claim is about, in ticks of the report's scale: the claimed bound, or
   *     the makespan for the status and the makespan
   * @param verdict the verdict
   * @param reason one sentence: why
   * @param by the bound that certifies or refutes it, in ticks of the report's scale, or null
   */
  public record Claim(
      String what, String claimed, long ticks, Verdict verdict, String reason, LowerBound by) {}

  /**
   * What the checker makes of a result: its validity and the verdict on each of its claims. This is
   * the API for callers that write or accept results (catalogue entries, oracles): {@link
   * #accepted} is the verdict of {@code commsched check} ({@code --strict} when asked), {@link
   * #certificate} the proof of an {@code OPTIMAL} claim.
   *
   * @param report the checker's report on the whole result ({@link ScheduleChecker#checkResult}:
   *     the schedule's rules and the result's own consistency)
   * @param claims the verdicts, in ticks of {@code report.scale()} ({@link #of}, or after {@link
   *     #settled})
   */
  public record Certification(CheckReport report, List<Claim> claims) {
    public Certification {
      claims = List.copyOf(claims);
    }

    /** The schedule obeys the model and the result is consistent (no violation). */
    public boolean valid() {
      return report.valid();
    }

    /** Some claim is contradicted. */
    public boolean refuted() {
      return claims.stream().anyMatch(c -> c.verdict() == Verdict.REFUTED);
    }

    /** Some claim is neither certified nor refuted. */
    public boolean uncertified() {
      return claims.stream().anyMatch(c -> c.verdict() == Verdict.UNCERTIFIED);
    }

    /**
     * Valid, no claim refuted and, when {@code strict}, none uncertified: {@code check}'s exit code
     * 0.
     */
    public boolean accepted(boolean strict) {
      return valid() && !refuted() && !(strict && uncertified());
    }

    /**
     * The bound that certifies the result's {@code OPTIMAL} status (a bound the checker proves, or
     * an exact run's after {@link #settled}), in ticks of {@code report.scale()}; null when the
     * status is not a certified {@code OPTIMAL}.
     */
    public LowerBound certificate() {
      for (Claim c : claims) {
        if (c.what().equals("status") && c.verdict() == Verdict.CERTIFIED) {
          return c.by();
        }
      }
      return null;
    }

    /** The same, with the uncertified claims settled by an exact run ({@link Claims#settle}). */
    public Certification settled(SolveResult exact) {
      return new Certification(report, settle(claims, exact, report.scale()));
    }
  }

  /**
   * Checks a result with a schedule ({@link ScheduleChecker#checkResult}) and gives each of its
   * claims a verdict ({@link #of}).
   *
   * @throws IllegalArgumentException if the result has no schedule
   */
  public static Certification certify(Instance instance, SolveResult result) {
    if (!result.hasSchedule()) {
      throw new IllegalArgumentException("a result without a schedule claims nothing to certify");
    }
    CheckReport report = ScheduleChecker.checkResult(instance, result);
    return new Certification(report, of(instance, result, report.makespan(), report.scale()));
  }

  /**
   * The verdicts on a result's claims, given its checked makespan (ticks of {@code scale}); empty
   * when the result has no schedule or the makespan could not be recomputed. Claims a file does not
   * make (a zero bound, a status other than {@code OPTIMAL}) get no verdict; when the file makes
   * one, a makespan below a proven bound is reported too.
   */
  public static List<Claim> of(
      Instance instance, SolveResult result, Long makespan, TimeScale scale) {
    List<Claim> out = new ArrayList<>();
    if (result.schedule() == null || makespan == null) {
      return out;
    }
    if (result.makespan() != null
        && rescaleOrMax(result.makespan(), result.scale(), scale) != makespan) {
      String claimed = result.scale().format(result.makespan());
      out.add(
          new Claim(
              "makespan",
              claimed,
              rescaleOrMax(result.makespan(), result.scale(), scale),
              Verdict.REFUTED,
              "the file claims makespan "
                  + claimed
                  + ", the schedule's recomputed makespan is "
                  + scale.format(makespan),
              null));
    }
    long claimedBound =
        result.lowerBound().value() <= 0
            ? 0
            : rescaleOrMax(result.lowerBound().value(), result.scale(), scale);
    boolean optimal = result.status() == SolveStatus.OPTIMAL;
    if (claimedBound <= 0 && !optimal) {
      return out;
    }
    LowerBound proven = proven(instance, result.schedule(), scale);
    String provenText = proven == null ? "no bound above 0" : text(proven, scale);
    if (proven != null && proven.value() > makespan) {
      out.add(
          new Claim(
              "makespan",
              scale.format(makespan),
              makespan,
              Verdict.REFUTED,
              "the schedule's makespan "
                  + scale.format(makespan)
                  + " is below the proven lower bound "
                  + provenText
                  + ": the schedule or the bound is wrong",
              proven));
    }
    long provenValue = proven == null ? 0 : proven.value();
    if (claimedBound > 0) {
      String claimed = result.scale().format(result.lowerBound().value());
      String named = claimed + " (" + result.lowerBound().kind() + ")";
      if (claimedBound > makespan) {
        out.add(
            new Claim(
                "lowerBound",
                claimed,
                claimedBound,
                Verdict.REFUTED,
                "the claimed bound "
                    + named
                    + " is above the schedule's own makespan "
                    + scale.format(makespan),
                null));
      } else if (claimedBound <= provenValue) {
        out.add(
            new Claim(
                "lowerBound",
                claimed,
                claimedBound,
                Verdict.CERTIFIED,
                "implied by " + provenText,
                proven));
      } else {
        out.add(
            new Claim(
                "lowerBound",
                claimed,
                claimedBound,
                Verdict.UNCERTIFIED,
                "the checker proves only "
                    + provenText
                    + "; the claimed bound "
                    + named
                    + " may hold, but nothing here shows it",
                proven));
      }
    }
    if (optimal) {
      if (claimedBound < makespan) {
        out.add(
            new Claim(
                "status",
                "OPTIMAL",
                makespan,
                Verdict.REFUTED,
                "OPTIMAL needs a lower bound equal to the makespan "
                    + scale.format(makespan)
                    + ", and the file claims only "
                    + scale.format(claimedBound),
                null));
      } else if (provenValue == makespan) {
        out.add(
            new Claim(
                "status",
                "OPTIMAL",
                makespan,
                Verdict.CERTIFIED,
                "the proven bound " + provenText + " meets the makespan",
                proven));
      } else if (provenValue < makespan) {
        out.add(
            new Claim(
                "status",
                "OPTIMAL",
                makespan,
                Verdict.UNCERTIFIED,
                "the checker proves only "
                    + provenText
                    + ", below the makespan "
                    + scale.format(makespan)
                    + "; an exact run may prove or refute it (check "
                    + "--prove)",
                proven));
      }
    }
    return out;
  }

  /**
   * The claims again, the uncertified ones settled where an exact run decides them: a claimed bound
   * is refuted by a schedule shorter than it and certified by a proven bound at least as large;
   * {@code OPTIMAL} is refuted by a schedule shorter than the file's and certified by a proven
   * bound equal to its makespan. The others stay uncertified, with what the run found. {@code
   * exact} is in its own scale, never finer than {@code scale} (both come from the same instance;
   * the report's scale is the finer of the instance's and the file's).
   */
  public static List<Claim> settle(List<Claim> claims, SolveResult exact, TimeScale scale) {
    Long found = exact.hasSchedule() ? rescaleOrMax(exact.makespan(), exact.scale(), scale) : null;
    long bound =
        exact.lowerBound().value() <= 0
            ? 0
            : rescaleOrMax(exact.lowerBound().value(), exact.scale(), scale);
    String run = exact.method() + " (" + exact.status() + ")";
    String foundText =
        found == null ? "no schedule" : "a schedule of makespan " + scale.format(found);
    List<Claim> out = new ArrayList<>();
    for (Claim c : claims) {
      if (c.verdict() != Verdict.UNCERTIFIED) {
        out.add(c);
        continue;
      }
      long target = c.ticks();
      LowerBound proof = new LowerBound(bound, exact.method(), "proven by " + run);
      if (found != null && found < target) {
        out.add(
            new Claim(
                c.what(),
                c.claimed(),
                c.ticks(),
                Verdict.REFUTED,
                run + " found " + foundText + ", below " + scale.format(target),
                null));
      } else if (bound >= target) {
        out.add(
            new Claim(
                c.what(),
                c.claimed(),
                c.ticks(),
                Verdict.CERTIFIED,
                run + " proves no schedule is shorter than " + scale.format(bound),
                proof));
      } else {
        out.add(
            new Claim(
                c.what(),
                c.claimed(),
                c.ticks(),
                Verdict.UNCERTIFIED,
                c.reason()
                    + "; "
                    + run
                    + " proved a bound of "
                    + scale.format(bound)
                    + " and found "
                    + foundText,
                c.by()));
      }
    }
    return out;
  }

  /**
   * The strongest bound the checker proves for schedules of this kind, in ticks of {@code scale},
   * or null.
   */
  static LowerBound proven(Instance instance, Schedule schedule, TimeScale scale) {
    LowerBound best = LowerBounds.forSchedule(instance, schedule);
    Recognition family = Recognition.of(instance.network());
    if (family
        != null) { // an explicit network that is a regular family: the family's bounds hold for it
      // too
      LowerBound theirs = LowerBounds.forSchedule(family.relabel(instance), schedule);
      best =
          best.max(
              new LowerBound(
                  theirs.value(),
                  theirs.kind(),
                  "on the network recognised as the "
                      + family.words()
                      + ": "
                      + family.back(theirs.witness())));
    }
    if (best.value() <= 0) {
      return null;
    }
    try {
      return best.rescale(instance.timeScale(), scale);
    } catch (ArithmeticException e) {
      return null; // beyond a long on the report's scale: it cannot certify a makespan that fits
    }
  }

  private static String text(LowerBound b, TimeScale scale) {
    return b.kind()
        + " = "
        + scale.format(b.value())
        + (b.witness().isEmpty() ? "" : " (" + b.witness() + ")");
  }

  private static long rescaleOrMax(long ticks, TimeScale from, TimeScale to) {
    try {
      return from.rescale(ticks, to);
    } catch (ArithmeticException e) {
      return Long.MAX_VALUE;
    }
  }
}
