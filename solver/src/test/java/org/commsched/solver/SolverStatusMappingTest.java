package org.commsched.solver;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.ortools.sat.CpSolverStatus;
import org.commsched.core.solve.SolveStatus;
import org.junit.jupiter.api.Test;

/** One test per row of the tables in {@link SolverStatusMapping}. */
class SolverStatusMappingTest {
  @Test
  void cpSatOptimal() {
    assertThat(SolverStatusMapping.fromCpSat(CpSolverStatus.OPTIMAL)).isEqualTo(SolveStatus.OPTIMAL);
  }

  @Test
  void cpSatFeasible() {
    assertThat(SolverStatusMapping.fromCpSat(CpSolverStatus.FEASIBLE)).isEqualTo(SolveStatus.FEASIBLE);
  }

  @Test
  void cpSatInfeasible() {
    assertThat(SolverStatusMapping.fromCpSat(CpSolverStatus.INFEASIBLE)).isEqualTo(SolveStatus.INFEASIBLE);
  }

  @Test
  void cpSatUnknownInvalidAndUnrecognized() {
    assertThat(SolverStatusMapping.fromCpSat(CpSolverStatus.UNKNOWN)).isEqualTo(SolveStatus.UNKNOWN);
    assertThat(SolverStatusMapping.fromCpSat(CpSolverStatus.MODEL_INVALID)).isEqualTo(SolveStatus.UNKNOWN);
    assertThat(SolverStatusMapping.fromCpSat(CpSolverStatus.UNRECOGNIZED)).isEqualTo(SolveStatus.UNKNOWN);
    assertThat(SolverStatusMapping.fromCpSat(null)).isEqualTo(SolveStatus.UNKNOWN);
  }

  @Test
  void chocoSolutionAndCompleteSearch() {
    assertThat(SolverStatusMapping.fromChoco(true, true)).isEqualTo(SolveStatus.OPTIMAL);
  }

  @Test
  void chocoSolutionAndStoppedSearch() {
    assertThat(SolverStatusMapping.fromChoco(true, false)).isEqualTo(SolveStatus.FEASIBLE);
  }

  @Test
  void chocoNoSolutionAndCompleteSearch() {
    assertThat(SolverStatusMapping.fromChoco(false, true)).isEqualTo(SolveStatus.INFEASIBLE);
  }

  @Test
  void chocoNoSolutionAndStoppedSearch() {
    assertThat(SolverStatusMapping.fromChoco(false, false)).isEqualTo(SolveStatus.UNKNOWN);
  }
}
