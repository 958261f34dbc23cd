package org.commsched.verify.mutation;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.commsched.core.check.Kind;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;

/**
 * Faults in what a result claims beside its schedule, for every family and schedule kind
 * (docs/models/README.md#codes-every-family-shares, docs/models/README.md#claims), each false by
 * construction:
 *
 * <ul>
 *   <li>{@code wrong-makespan}: the claimed makespan one tick above or below the true one ({@code
 *       MAKESPAN_MISMATCH});
 *   <li>{@code bound-above-makespan}: a claimed lower bound one tick above the makespan ({@code
 *       BOUND_ABOVE_MAKESPAN}, and the bound claim refuted);
 *   <li>{@code optimal-without-proof}: status OPTIMAL with a claimed bound one tick below the
 *       makespan ({@code OPTIMAL_WITHOUT_PROOF}, and the status claim refuted);
 *   <li>{@code unknown-with-schedule}: status UNKNOWN beside a schedule ({@code STATUS_MISMATCH}).
 * </ul>
 */
public final class ClaimMutator implements Mutator {
  @Override
  public String kind() {
    return "claims";
  }

  @Override
  public boolean accepts(Instance instance, SolveResult valid) {
    return valid.hasSchedule();
  }

  @Override
  public List<Mutant> mutants(Instance instance, SolveResult valid, SplittableRandom r) {
    long m = valid.makespan();
    List<Mutant> out = new ArrayList<>();
    long wrong = m > 0 && r.nextBoolean() ? m - 1 : m + 1;
    out.add(
        new Mutant(
            "wrong-makespan",
            Set.of(Kind.MAKESPAN_MISMATCH),
            result(valid, SolveStatus.FEASIBLE, wrong, LowerBound.zero()),
            "claimed makespan " + wrong + " for " + m,
            true,
            null));
    out.add(
        new Mutant(
            "bound-above-makespan",
            Set.of(Kind.BOUND_ABOVE_MAKESPAN),
            result(
                valid,
                SolveStatus.FEASIBLE,
                m,
                new LowerBound(m + 1, "MUTANT", "one tick above the makespan")),
            "claimed bound " + (m + 1) + " for makespan " + m,
            true,
            "lowerBound"));
    if (m > 0) {
      out.add(
          new Mutant(
              "optimal-without-proof",
              Set.of(Kind.OPTIMAL_WITHOUT_PROOF),
              result(
                  valid,
                  SolveStatus.OPTIMAL,
                  m,
                  new LowerBound(m - 1, "MUTANT", "one tick below the makespan")),
              "OPTIMAL with bound " + (m - 1) + " for makespan " + m,
              true,
              "status"));
    }
    out.add(
        new Mutant(
            "unknown-with-schedule",
            Set.of(Kind.STATUS_MISMATCH),
            result(valid, SolveStatus.UNKNOWN, m, LowerBound.zero()),
            "status UNKNOWN beside a schedule",
            true,
            null));
    return out;
  }

  private static SolveResult result(
      SolveResult valid, SolveStatus status, long makespan, LowerBound bound) {
    return new SolveResult(
        valid.method(), status, valid.schedule(), makespan, bound, valid.scale(), Map.of());
  }
}
