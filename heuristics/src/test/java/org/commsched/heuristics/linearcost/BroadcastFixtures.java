package org.commsched.heuristics.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import org.commsched.core.check.CheckReport;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;

/** Broadcast instances and the checker call the broadcast scheme tests share. */
final class BroadcastFixtures {
  private BroadcastFixtures() {}

  static CommModel.StoreAndForward model(
      String beta, String tau, CommModel.Ports ports, CommModel.Duplex duplex) {
    return new CommModel.StoreAndForward(
        new BigDecimal(beta), new BigDecimal(tau), ports, duplex, CommModel.OnePortRule.EXCHANGE);
  }

  static Instance broadcast(Topology t, int source, long n, CommModel.StoreAndForward model) {
    return new Instance("b", new Problem.Broadcast(source, n), model, Network.of(t));
  }

  /**
   * A broadcast from node 0 with the thesis's example costs beta = 5, tau = 1 (exchange rule under
   * one port).
   */
  static Instance thesisExample(
      Topology t, long n, CommModel.Ports ports, CommModel.Duplex duplex) {
    return broadcast(t, 0, n, model("5", "1", ports, duplex));
  }

  /**
   * Builds the scheme's schedule with packets of size k, asserts the checker accepts it, returns
   * its makespan.
   */
  static long checkedMakespan(BroadcastScheme scheme, Instance inst, long k) {
    BroadcastScheme.Built b = scheme.schedule(inst, k);
    CheckReport r = ScheduleChecker.check(inst, b.schedule());
    assertThat(r.violations())
        .as("%s k=%d on %s", scheme.name(), k, inst.network().topology())
        .isEmpty();
    assertThat(r.makespan()).isEqualTo(b.makespan());
    return b.makespan();
  }
}
