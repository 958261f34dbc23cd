package org.commsched.heuristics.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import org.commsched.core.model.Instance;
import org.commsched.core.solve.SolveResult;
import org.junit.jupiter.api.Test;

/**
 * {@link PacketAnnealing}'s cooling cycles from the restart's best state: on the 3 x 3 mesh
 * broadcast of 16 units from a corner (beta 5, tau 1) the restart of seed 40 (a million moves)
 * reaches 42, the makespan of the prototype's stored schedule (lincost/*-42.schedule.json, below
 * every other method's 44 and 45), which a single cooling per restart reached with no seed of 61
 * (docs/BENCHMARKS.md, "packet-annealing against its prototype"). The checker times the schedule.
 * The 42 is independent of the method (the prototype's schedule); the seed is not: seed 40 was the
 * one of seeds 9 to 60 that reached it, so the test also pins the moves' random-number sequence,
 * and a change to how the moves draw must find its seed again (a 42 is about one restart in fifty).
 */
class PacketAnnealingCyclesTest {
  @Test
  void seed40_reachesThePrototypes42_onThe3x3MeshBroadcast() {
    Instance inst = PacketAnnealingProperties.meshBroadcast("lc-mesh3x3-broadcast-n16", 3, 16);
    SolveResult res = PacketAnnealing.anneal(inst, 40, 1_000_000);
    assertThat(TelephoneBroadcastProperties.checked(inst, res)).isLessThanOrEqualTo(42);
  }
}
