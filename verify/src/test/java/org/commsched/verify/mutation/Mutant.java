package org.commsched.verify.mutation;

import java.util.Set;
import org.commsched.core.check.Kind;
import org.commsched.core.solve.SolveResult;

/**
 * One injected fault: the broken result, the fault's name and the violation codes of which the
 * checker must report at least one (docs/models/README.md#codes-every-family-shares and each
 * family's validity rules).
 *
 * @param fault the fault's name, the same for every schedule it is injected into (a column of the
 *     score table)
 * @param expected the codes that name this fault; the checker must report one of them
 * @param result the mutated result (schedule and claims)
 * @param what one line: where and how the fault was injected
 * @param inClaims true for a fault in the result's claims (makespan, bound, status): the engine
 *     checks the whole result ({@code ScheduleChecker.checkResult}); false for a fault in the
 *     schedule, checked alone ({@code ScheduleChecker.check})
 * @param refutedClaim for a fault in a claim, the claim {@code core.check.Claims} must also refute
 *     ({@code lowerBound} or {@code status}); null otherwise
 */
public record Mutant(
    String fault,
    Set<Kind> expected,
    SolveResult result,
    String what,
    boolean inClaims,
    String refutedClaim) {
  /** A fault in the schedule itself, named by one code. */
  public static Mutant of(String fault, Kind expected, SolveResult result, String what) {
    return new Mutant(fault, Set.of(expected), result, what, false, null);
  }
}
