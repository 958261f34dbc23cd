package org.commsched.heuristics.linearcost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.Test;

/**
 * The send examples of docs/models/linear-cost.md#worked-examples and #ring-send-lower-bound
 * through the methods (beta = 5, tau = 1; D. B. Peters, "Bounds for Communication Problems in
 * Interconnection Networks under a Linear Cost Model", Figs. 2.2 and 2.14, Observation 2.5.1).
 */
class SendSchemesTest {
  private static Instance send(int source, int target, long n, CommModel.Ports ports, Topology t) {
    return new Instance(
        "send",
        new Problem.Send(source, target, n, null),
        new CommModel.StoreAndForward(
            new BigDecimal("5"),
            new BigDecimal("1"),
            ports,
            CommModel.Duplex.FULL,
            CommModel.OnePortRule.EXCHANGE),
        Network.of(t));
  }

  /**
   * E1, Fig. 2.2: 19 units over 5 links, all ports: 79 = S_*(19, 5), packets of 5 (the only optimal
   * size).
   */
  @Test
  void e1_linkPipeline() {
    Instance inst = send(0, 5, 19, CommModel.Ports.ALL, new Topology.Bla(6));
    SolveResult r = new LinkPipelineSend().solve(inst, SolveLimits.defaults());
    assertValid(inst, r);
    assertThat(r.makespan()).isEqualTo(79);
    assertThat(r.status()).isEqualTo(SolveStatus.OPTIMAL);
    assertThat(r.stats()).containsEntry("packetSize", 5L).containsEntry("packets", 4L);
  }

  /**
   * E3, Fig. 2.14: the processor-bound pipeline with packets of 5 takes 108 = T_1(19, 5, 5); the
   * optimum is S_1(19, 5) = 103 with packets of 10, which lc-pipeline-proc finds.
   */
  @Test
  void e3_processorPipeline() {
    Instance inst = send(0, 5, 19, CommModel.Ports.ONE, new Topology.Bla(6));
    LcSchedule fig = new LcSchedule(inst);
    assertThat(PathPipeline.proc(fig, new int[] {0, 1, 2, 3, 4, 5}, "m0", 0, 19, false, 5, 0))
        .isEqualTo(108);
    assertValid(inst, fig.schedule());
    SolveResult r = new ProcessorPipelineSend().solve(inst, SolveLimits.defaults());
    assertValid(inst, r);
    assertThat(r.makespan()).isEqualTo(103);
    assertThat(r.status()).isEqualTo(SolveStatus.OPTIMAL);
    assertThat(r.stats()).containsEntry("packetSize", 10L);
    assertThat(new LinkPipelineSend().whyNot(inst))
        .startsWith("lc-pipeline-link")
        .contains("lc-pipeline-proc");
  }

  /**
   * Appendix A.3.1's false ring-send bound: on C_3, 8 units to the neighbour take 12 (7 over the
   * link, 1 the long way), below the printed 12.82.
   */
  @Test
  void ringSend_beatsTheFalseClosedForm() {
    Instance inst = send(0, 1, 8, CommModel.Ports.ALL, new Topology.Ring(3));
    SolveResult r = new SplitPathsSend().solve(inst, SolveLimits.defaults());
    assertValid(inst, r);
    assertThat(r.makespan()).isEqualTo(12);
    assertThat(r.status()).isEqualTo(SolveStatus.OPTIMAL);
    assertThat(r.stats()).containsEntry("split", "7 over 1 + 1 over 2");
    assertThat(
            new SplitPathsSend().whyNot(send(0, 1, 8, CommModel.Ports.ONE, new Topology.Ring(3))))
        .contains("lc-pipeline-proc");
    assertThat(new SplitPathsSend().whyNot(send(0, 1, 8, CommModel.Ports.ALL, new Topology.Bla(3))))
        .startsWith("lc-split-paths")
        .contains("lc-pipeline-link");
  }

  /**
   * The guard on transmissions counts the split {@code solve} writes (issue 28, fuzz seed 3004486):
   * 10^15 units to a neighbour on C_3 go almost half the long way, in packets sized for two links,
   * about 2 x 10^7 of them; the shortest route's single packet had counted 3 and let the method run
   * out of memory.
   */
  @Test
  void splitPaths_countsTheTransmissionsItWrites_andRefusesAHugeSplit() {
    for (long seed : Seeds.seeds(Seeds.cases(2, 40)).toArray()) {
      SplittableRandom r = new SplittableRandom(seed);
      Topology t =
          r.nextBoolean()
              ? new Topology.Ring(3 + r.nextInt(8))
              : new Topology.Hypercube(2 + r.nextInt(3));
      int p = Network.of(t).nodes();
      int source = r.nextInt(p);
      int target = (source + 1 + r.nextInt(p - 1)) % p;
      Instance inst = send(source, target, 1 + r.nextInt(3000), CommModel.Ports.ALL, t);
      if (new SplitPathsSend().whyNot(inst) != null) {
        continue; // a hypercube pair one bit apart has one path
      }
      SolveResult res = new SplitPathsSend().solve(inst, SolveLimits.defaults());
      assertThat((long) ((Schedule.Transmissions) res.schedule()).transmissions().size())
          .as("seed " + seed)
          .isEqualTo(SplitPathsSend.records(inst, SplitPathsSend.paths(inst)));
    }
    assertThat(
            new SplitPathsSend()
                .whyNot(
                    send(0, 1, 1_000_000_000_000_000L, CommModel.Ports.ALL, new Topology.Ring(3))))
        .startsWith("lc-split-paths would write ")
        .contains("more than the 4000000");
  }
}
