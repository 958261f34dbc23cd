package org.commsched.verify.mutation;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;

/** Small helpers the mutators share. */
final class Mutations {
  private Mutations() {}

  /**
   * The valid result with another schedule (its claims as they were: only the schedule is checked).
   */
  static SolveResult with(SolveResult valid, Schedule schedule) {
    return new SolveResult(
        valid.method(),
        SolveStatus.FEASIBLE,
        schedule,
        valid.makespan(),
        null,
        valid.scale(),
        Map.of());
  }

  /** 0 .. n-1 in a random order. */
  static List<Integer> shuffled(int n, SplittableRandom r) {
    List<Integer> out = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      out.add(k);
    }
    for (int k = n - 1; k > 0; k--) {
      int j = r.nextInt(k + 1);
      Integer t = out.get(k);
      out.set(k, out.get(j));
      out.set(j, t);
    }
    return out;
  }

  /** Whether the result is a non-empty store-and-forward schedule of an instance of this family. */
  static boolean transmissionsOf(Instance instance, SolveResult valid, Family family) {
    return instance.family() == family
        && valid.schedule() instanceof Schedule.Transmissions t
        && !t.transmissions().isEmpty();
  }

  /** A message id no instance uses. */
  static final String UNKNOWN_ID = "no-such-message";
}
