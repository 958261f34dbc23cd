package org.commsched.solver.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.ortools.sat.CpModel;
import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.CpSolverStatus;
import com.google.ortools.sat.IntVar;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.SolveStatus;
import org.commsched.solver.cpsat.OrTools;
import org.junit.jupiter.api.Test;

/** One test per row of the tables in {@link SolverStatusMapping}. */
class SolverStatusMappingTest {
  @Test
  void cpSatOptimal() {
    assertThat(SolverStatusMapping.fromCpSat(CpSolverStatus.OPTIMAL))
        .isEqualTo(SolveStatus.OPTIMAL);
  }

  @Test
  void cpSatFeasible() {
    assertThat(SolverStatusMapping.fromCpSat(CpSolverStatus.FEASIBLE))
        .isEqualTo(SolveStatus.FEASIBLE);
  }

  @Test
  void cpSatInfeasible() {
    assertThat(SolverStatusMapping.fromCpSat(CpSolverStatus.INFEASIBLE))
        .isEqualTo(SolveStatus.INFEASIBLE);
  }

  @Test
  void cpSatUnknown() {
    assertThat(SolverStatusMapping.fromCpSat(CpSolverStatus.UNKNOWN))
        .isEqualTo(SolveStatus.UNKNOWN);
  }

  @Test
  void cpSatModelInvalidIsOurBug() {
    assertThatThrownBy(() -> SolverStatusMapping.fromCpSat(CpSolverStatus.MODEL_INVALID))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("MODEL_INVALID");
  }

  @Test
  void cpSatUnrecognizedIsOurBug() {
    assertThatThrownBy(() -> SolverStatusMapping.fromCpSat(CpSolverStatus.UNRECOGNIZED))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("UNRECOGNIZED");
  }

  @Test
  void cpSatNoStatusIsOurBug() {
    assertThatThrownBy(() -> SolverStatusMapping.fromCpSat(null))
        .isInstanceOf(IllegalStateException.class);
  }

  /**
   * A model CP-SAT refuses (a variable with an empty domain) reaches the caller as an exception.
   */
  @Test
  void anInvalidModelThrowsThroughTheAnswer() {
    OrTools.load();
    CpModel model = new CpModel();
    IntVar x = model.newIntVar(5, 3, "x");
    model.minimize(x);
    CpSolver solver = new CpSolver();
    CpSolverStatus raw = solver.solve(model);
    assertThat(raw).isEqualTo(CpSolverStatus.MODEL_INVALID);
    assertThatThrownBy(() -> SolverStatusMapping.cpSat(raw, solver))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void postedKeepsABoundThatMeetsTheMakespan() {
    LowerBound posted = new LowerBound(7, "C", "congestion");
    assertThat(SolverStatusMapping.posted(posted, true, 7, 7, "X proved", "", " (limit)"))
        .isSameAs(posted);
  }

  @Test
  void postedProofOfOptimality() {
    LowerBound lb =
        SolverStatusMapping.posted(
            new LowerBound(5, "C", "congestion"), true, 7, 6, "X proved", "", " (limit)");
    assertThat(lb.value()).isEqualTo(7);
    assertThat(lb.kind()).isEqualTo("CP");
    assertThat(lb.witness()).isEqualTo("X proved 7");
  }

  @Test
  void postedSolverBoundAtTheLimit() {
    LowerBound lb =
        SolverStatusMapping.posted(
            new LowerBound(5, "C", "congestion"), false, 7, 6, "X proved", "", " (limit)");
    assertThat(lb.value()).isEqualTo(6);
    assertThat(lb.witness()).isEqualTo("X proved 6 (limit)");
    LowerBound weaker = new LowerBound(6, "C", "congestion");
    assertThat(SolverStatusMapping.posted(weaker, false, 7, 6, "X proved", "", " (limit)"))
        .isSameAs(weaker);
  }

  @Test
  void decideOptimalOnlyWhenTheBoundMeetsTheMakespan() {
    assertThat(SolverStatusMapping.decide(new LowerBound(7, "C", "c"), 7))
        .isEqualTo(SolveStatus.OPTIMAL);
    assertThat(SolverStatusMapping.decide(new LowerBound(6, "C", "c"), 7))
        .isEqualTo(SolveStatus.FEASIBLE);
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
