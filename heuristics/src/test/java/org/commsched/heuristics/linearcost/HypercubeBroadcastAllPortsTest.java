package org.commsched.heuristics.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.check.Kind;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.check.Violation;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.junit.jupiter.api.Test;

/**
 * Hypercube broadcast with all ports (docs/models/linear-cost.md#broadcast-schemes-implemented):
 * Peters' thesis ("Bounds for Communication Problems in Interconnection Networks under a Linear
 * Cost Model", §3.3) gives only the one-port scheme of Proposition 3.3.3; it is valid under F* (all
 * ports relax the one-port rule) and its rounds split for half duplex are valid under H*, so the
 * family offers them there, checked under the instance's own model.
 */
class HypercubeBroadcastAllPortsTest {
  private static final CommModel.StoreAndForward F_STAR =
      BroadcastFixtures.model("5", "1", CommModel.Ports.ALL, CommModel.Duplex.FULL);
  private static final CommModel.StoreAndForward H_STAR =
      BroadcastFixtures.model("5", "1", CommModel.Ports.ALL, CommModel.Duplex.HALF);
  private static final CommModel.StoreAndForward F1 =
      BroadcastFixtures.model("5", "1", CommModel.Ports.ONE, CommModel.Duplex.FULL);

  /**
   * The first of the family's methods that applies: the one {@code solve} picks among the schemes.
   */
  private static String first(Instance inst) {
    return LinearCostMethods.all().stream()
        .filter(m -> m.whyNot(inst) == null)
        .map(Method::name)
        .findFirst()
        .orElse("none");
  }

  @Test
  void fStar_hypercube_runsProposition333() {
    // Q_4, n = 19, beta 5, tau 1 (the §3.3.3 example): S_*(19, 4) = T_*(19, 4, 5) = (4 + 4 - 1)(5 +
    // 5) = 69 in
    // lock step; under F* the checker accepts the schedule, as soon as possible it ends no later
    Instance inst = BroadcastFixtures.broadcast(new Topology.Hypercube(4), 0, 19, F_STAR);
    assertThat(first(inst)).isEqualTo("lc-hypercube-broadcast");
    long made = BroadcastFixtures.checkedMakespan(new HypercubeBroadcast(), inst, 5);
    assertThat(made).isLessThanOrEqualTo(69).isGreaterThanOrEqualTo(LowerBounds.best(inst).value());
    assertThat(new HypercubeBroadcast().solve(inst, SolveLimits.defaults()).makespan())
        .isLessThanOrEqualTo(69);
  }

  @Test
  void hStar_hypercube_runsTheSplitRounds() {
    // Q_4, n = 19, beta 5, tau 1 under H*: the exchange rounds send both ways on a link at once
    // (half duplex forbids
    // it, LINK_CONFLICT), the split rounds do not: T_1(19, 4, 10) = (2*2 + 4 - 2) 5 + (2*10 + 38) =
    // 88
    Instance inst = BroadcastFixtures.broadcast(new Topology.Hypercube(4), 0, 19, H_STAR);
    assertThat(new HypercubeBroadcast().whyNot(inst)).isNotNull();
    assertThat(first(inst)).isEqualTo("lc-hypercube-broadcast-h1");
    long made = BroadcastFixtures.checkedMakespan(new HypercubeBroadcastHalfOnePort(), inst, 10);
    assertThat(made).isLessThanOrEqualTo(88).isGreaterThanOrEqualTo(LowerBounds.best(inst).value());
    assertThat(new HypercubeBroadcastHalfOnePort().solve(inst, SolveLimits.defaults()).makespan())
        .isLessThanOrEqualTo(88);
    Instance f1 = BroadcastFixtures.broadcast(new Topology.Hypercube(4), 0, 19, F1);
    var exchange = ScheduleChecker.check(inst, new HypercubeBroadcast().schedule(f1, 5).schedule());
    assertThat(exchange.violations()).extracting(Violation::kind).contains(Kind.LINK_CONFLICT);
  }

  @Test
  void foldedHypercube_allPorts_keepsTheFoldedSchemeFirst() {
    // Q_3^+ under F* and H*: Proposition 3.3.4's scheme (S_*(n, m), each link one way) stays the
    // default; the
    // hypercube schemes also apply (F*: the exchange rounds on the hypercube links, H*: the split
    // rounds), all valid
    for (CommModel.StoreAndForward m : List.of(F_STAR, H_STAR)) {
      Instance inst = BroadcastFixtures.broadcast(new Topology.FoldedHypercube(3), 5, 7, m);
      assertThat(first(inst)).isEqualTo("lc-folded-hypercube-broadcast");
      BroadcastScheme cube =
          m == F_STAR ? new HypercubeBroadcast() : new HypercubeBroadcastHalfOnePort();
      assertThat(cube.whyNot(inst)).isNull();
      long bound = LowerBounds.best(inst).value();
      for (long k = 1; k <= 7; k++) {
        assertThat(BroadcastFixtures.checkedMakespan(cube, inst, k)).isGreaterThanOrEqualTo(bound);
        assertThat(BroadcastFixtures.checkedMakespan(new FoldedHypercubeBroadcast(), inst, k))
            .isGreaterThanOrEqualTo(bound);
      }
    }
  }
}
