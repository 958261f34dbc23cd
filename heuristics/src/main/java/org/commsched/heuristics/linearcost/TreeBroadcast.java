package org.commsched.heuristics.linearcost;

import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;

/**
 * Optimal broadcast on a tree under one port (telephone broadcast): every node calls its children
 * in non-increasing order of their subtrees' broadcast times ({@link TelephoneTree}), so the whole
 * message reaches every node after {@code b(source)} calls of {@code beta + n tau} each. Linear
 * time apart from sorting each node's children; P. J. Slater, E. J. Cockayne and S. T. Hedetniemi,
 * "Information dissemination in trees", SIAM J. Computing 10(4):692-701, 1981.
 *
 * <p><b>Why it is optimal, and where.</b> Follow the first unit of the message: every transmission
 * carrying it takes at least {@code beta + tau}, a node forwards it only once it holds it, and one
 * port lets a node send one packet at a time, so its first arrivals form a telephone broadcast on
 * the tree with calls of at least {@code beta + tau}: no schedule ends before {@code (beta + tau)
 * b(source)}. The scheme's calls take {@code beta + n tau}, which is that bound when the message is
 * one unit or {@code tau = 0} (the minimum broadcast time problem: beta 1, tau 0). With {@code n >
 * 1} units and {@code tau > 0} splitting the message can beat it (a path pipelines packets), so the
 * method refuses those instances rather than claim an optimum it has not proven; {@code
 * matching-broadcast} schedules them (on a tree it makes these very calls, FEASIBLE). Under all
 * ports a node calls all its children at once and the breadth-first flood is the scheme to use.
 *
 * <p>Scope: broadcast of the linear-cost family, one port (either rule, either duplex: a node
 * receives the message once and sends only after, so neither rule changes the calls), on a tree:
 * the {@code tree}, {@code star} and {@code bla} families and any explicit or family network whose
 * links form a tree.
 *
 * @implNote Stateless; immutable.
 */
public final class TreeBroadcast implements Method {
  /** The facts of {@code tree-broadcast}: see the class javadoc for the source and the proof. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "tree-broadcast",
          "broadcast on a tree, one port: each node calls its children in decreasing order of their subtrees' "
              + "broadcast times (linear time)",
          "optimal when the message is one unit or tau = 0 (b(source) calls of beta + n tau; telephone broadcast)",
          "P. J. Slater, E. J. Cockayne, S. T. Hedetniemi, \"Information dissemination in trees\", SIAM J. "
              + "Computing 10(4):692-701, 1981",
          Scope.of(ProblemKind.BROADCAST)
              .in(Family.LINEAR_COST)
              .ports(CommModel.Ports.ONE)
              .on(
                  new Scope.NetworkTest(
                      "trees (tree, star, bla, or links that form a tree)",
                      i ->
                          TelephoneTree.isTree(i.network())
                              ? null
                              : "schedules broadcast on trees, and this "
                                  + i.network().topology().family()
                                  + " network is not a tree: use matching-broadcast")),
          true);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  @Override
  public String whyNotFurther(Instance instance) {
    BroadcastScheme.Setting s = BroadcastScheme.Setting.of(instance);
    if (s.n() > 1 && s.tau() > 0) {
      return name()
          + " is proven optimal only for a one-unit message or tau = 0 (here "
          + s.n()
          + " units and tau > 0, where packets may beat it): use matching-broadcast or cpsat";
    }
    return LinearCostMethods.tooLarge(name(), s.n(), false, s.p() - 1L);
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    requireApplies(instance);
    BroadcastScheme.Setting s = BroadcastScheme.Setting.of(instance);
    TelephoneTree tree = TelephoneTree.of(s.net(), s.source());
    RoundSchedule rs = s.schedule();
    long n = s.n();
    tree.calls((round, from, to) -> rs.send(round, from, to, 0, n));
    RoundSchedule.Result r = rs.run();
    // the bound of the class javadoc: b(source) calls of at least one unit each (the first unit's
    // broadcast)
    long unitCall = s.model().packetTicks(1, s.scale());
    long bound = Math.multiplyExact((long) tree.rounds(), unitCall);
    LowerBound proof =
        new LowerBound(
            bound,
            "TREE-BCAST",
            "broadcast from node "
                + s.source()
                + " of this tree "
                + "takes b = "
                + tree.rounds()
                + " calls in sequence (Slater, Cockayne, Hedetniemi 1981), each at least "
                + s.scale().format(unitCall)
                + " for the message's first unit");
    SolveStatus status = bound == r.makespan() ? SolveStatus.OPTIMAL : SolveStatus.FEASIBLE;
    return new SolveResult(
        name(),
        status,
        r.schedule(s.scale()),
        r.makespan(),
        proof,
        s.scale(),
        java.util.Map.of("rounds", tree.rounds()));
  }
}
