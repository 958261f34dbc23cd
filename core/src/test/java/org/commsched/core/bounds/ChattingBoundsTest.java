package org.commsched.core.bounds;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.junit.jupiter.api.Test;

/**
 * Oracles A-H of docs/models/bufferless-chatting.md#examples (Bhatt, Bilardi, Pucci, Ranade,
 * Rosenberg, Schwabe): C and Q exactly, and every bound at most the exact optima T_opt (real; equal
 * to our makespan with the earliest departure at 0) and S_opt (virtual).
 */
class ChattingBoundsTest {
  private static final CommModel ALL = new CommModel.Bufferless(CommModel.BufferlessPorts.ALL);

  private static Instance chat(Topology t, int[][] msgs) {
    List<Message> ms = new ArrayList<>();
    for (int i = 0; i < msgs.length; i++) {
      ms.add(new Message("M" + i, msgs[i][0], msgs[i][1], msgs[i][2]));
    }
    return new Instance("oracle", new Problem.Chatting(ms), ALL, Network.of(t));
  }

  /** ESM node (row, col) on an N x N mesh. */
  private static int at(int n, int row, int col) {
    return row * n + col;
  }

  static long value(List<LowerBound> bounds, String kind) {
    Optional<LowerBound> b = bounds.stream().filter(x -> x.kind().equals(kind)).findFirst();
    assertThat(b).as("bound %s in %s", kind, bounds).isPresent();
    return b.get().value();
  }

  private static void check(Instance inst, long c, long q, long tOpt, long sOpt) {
    List<LowerBound> all = LowerBounds.all(inst);
    assertThat(value(all, "C")).isEqualTo(c);
    assertThat(value(all, "Q")).isEqualTo(q);
    assertThat(value(all, "LB1")).isEqualTo(Math.max(c, q));
    assertThat(value(all, "LB6")).isGreaterThanOrEqualTo(c);
    assertThat(LowerBounds.best(inst).value()).isLessThanOrEqualTo(tOpt);
    List<LowerBound> virt = LowerBounds.virtual(inst);
    assertThat(value(virt, "C")).isEqualTo(c);
    assertThat(value(virt, "LB2")).isLessThanOrEqualTo(sOpt);
  }

  /** Oracle A: ULA N = 5, unit lengths; arc loads 2, 4, 3, 3; C = 4, Q = 4, T_opt = S_opt = 4. */
  @Test
  void oracleA_ulaUnitLengths() {
    Instance a =
        chat(
            new Topology.Ula(5),
            new int[][] {{0, 2, 1}, {1, 3, 1}, {2, 4, 1}, {0, 4, 1}, {3, 4, 1}, {1, 2, 1}});
    check(a, 4, 4, 4, 4);
    assertThat(LowerBounds.best(a).value()).isEqualTo(4);
    LowerBound c =
        LowerBounds.all(a).stream().filter(b -> b.kind().equals("C")).findFirst().orElseThrow();
    assertThat(c.witness()).startsWith("arc 1->2 carries 4 flits");
    ResourceTable arcs = ArcLoads.byMessage(a, false, false, -1, -1)[0];
    Network net = a.network();
    assertThat(
            new long[] {
              arcs.sum(net.arc(0, 1)),
              arcs.sum(net.arc(1, 2)),
              arcs.sum(net.arc(2, 3)),
              arcs.sum(net.arc(3, 4))
            })
        .containsExactly(2, 4, 3, 3);
  }

  /** Oracle B: ULA N = 4; C = 7, Q = 5, T_opt = S_opt = 7. */
  @Test
  void oracleB() {
    Instance b =
        chat(new Topology.Ula(4), new int[][] {{0, 3, 3}, {1, 2, 2}, {0, 1, 1}, {2, 3, 4}});
    check(b, 7, 5, 7, 7);
    assertThat(LowerBounds.best(b).value()).isEqualTo(7);
  }

  /** Oracle C: ULA N = 5; C = 7, Q = 5, T_opt = S_opt = 7. */
  @Test
  void oracleC() {
    Instance c =
        chat(
            new Topology.Ula(5),
            new int[][] {{0, 2, 2}, {1, 3, 3}, {2, 4, 1}, {0, 1, 5}, {3, 4, 2}});
    check(c, 7, 5, 7, 7);
    assertThat(LowerBounds.best(c).value()).isEqualTo(7);
  }

  /** Oracle D: ULA N = 4; C = 8, Q = 5, T_opt = S_opt = 8. */
  @Test
  void oracleD() {
    Instance d =
        chat(new Topology.Ula(4), new int[][] {{1, 3, 1}, {0, 2, 4}, {2, 3, 4}, {0, 1, 4}});
    check(d, 8, 5, 8, 8);
    assertThat(LowerBounds.best(d).value()).isEqualTo(8);
  }

  /** Oracle E: ESM N = 3, every arc used once: C = 1, Q = 2, S_opt = 1, T_opt = 2. */
  @Test
  void oracleE_esm() {
    int n = 3;
    Instance e =
        chat(
            new Topology.Esm(n, n),
            new int[][] {
              {at(n, 1, 1), at(n, 1, 2), 1},
              {at(n, 0, 1), at(n, 2, 1), 1},
              {at(n, 0, 2), at(n, 2, 2), 1},
              {at(n, 0, 0), at(n, 0, 2), 1}
            });
    check(e, 1, 2, 2, 1);
    assertThat(LowerBounds.best(e).value()).isEqualTo(2);
  }

  /**
   * Oracle F: ESM N = 3, unit messages from (0,0) to all others: C = 6, Q = 4, S_opt = T_opt = 6.
   */
  @Test
  void oracleF_esmOneToAll() {
    int n = 3;
    int[][] ms = new int[8][];
    int k = 0;
    for (int v = 1; v < 9; v++) {
      ms[k++] = new int[] {0, v, 1};
    }
    Instance f = chat(new Topology.Esm(n, n), ms);
    check(f, 6, 4, 6, 6);
    assertThat(LowerBounds.best(f).value()).isEqualTo(6);
  }

  /** Oracle H: ESM N = 4: C = 2, Q = 4, S_opt = 3, T_opt = 5. */
  @Test
  void oracleH_esm() {
    int n = 4;
    Instance h =
        chat(
            new Topology.Esm(n, n),
            new int[][] {
              {at(n, 2, 0), at(n, 3, 3), 1},
              {at(n, 0, 2), at(n, 0, 3), 1},
              {at(n, 0, 0), at(n, 1, 3), 1},
              {at(n, 0, 3), at(n, 3, 3), 1},
              {at(n, 1, 3), at(n, 2, 3), 1},
              {at(n, 2, 0), at(n, 3, 1), 1},
              {at(n, 0, 0), at(n, 3, 1), 1}
            });
    check(h, 2, 4, 5, 3);
  }

  /**
   * Oracle G: star, centre 0, leaves 1..3: C = 5 (arc 0->1), Q = 4, T_opt = 6. LB6 reaches T_opt:
   * both messages on arc 0->1 cross it as their second hop, so 1 + 5 + 0 = 6.
   */
  @Test
  void oracleG_starLb6Tight() {
    Instance g =
        chat(
            new Topology.Star(4),
            new int[][] {{1, 2, 2}, {2, 3, 1}, {3, 1, 3}, {1, 3, 1}, {2, 1, 2}});
    check(g, 5, 4, 6, 6);
    List<LowerBound> all = LowerBounds.all(g);
    assertThat(value(all, "LB6")).isEqualTo(6);
    assertThat(all.get(0).kind()).isEqualTo("LB6");
    assertThat(all.get(0).witness()).contains("arc 0->1").contains("1 + 5 + 0 = 6");
  }

  /** Messages of the Q witness: "message M needs l + d - 1 = q steps" (brief). */
  @Test
  void qWitness_isConcrete() {
    Instance b =
        chat(new Topology.Ula(4), new int[][] {{0, 3, 3}, {1, 2, 2}, {0, 1, 1}, {2, 3, 4}});
    LowerBound q =
        LowerBounds.all(b).stream().filter(x -> x.kind().equals("Q")).findFirst().orElseThrow();
    assertThat(q.witness()).startsWith("message M0 needs 3 + 3 - 1 = 5 steps");
  }

  /** Single port adds per-node bounds: node 0 sends 3 messages of 2 flits, one flit per step. */
  @Test
  void singlePort_sendPortBound() {
    List<Message> ms =
        List.of(new Message("a", 0, 1, 2), new Message("b", 0, 2, 2), new Message("c", 0, 3, 2));
    Instance inst =
        new Instance(
            "sp",
            new Problem.Chatting(ms),
            new CommModel.Bufferless(CommModel.BufferlessPorts.SINGLE),
            Network.of(new Topology.Star(4)));
    List<LowerBound> all = LowerBounds.all(inst);
    // node 0 sends 6 flits one per step, none before step 0, each then has 0 hops left: 6
    assertThat(value(all, "SEND-PORT")).isEqualTo(6);
    assertThat(value(all, "C")).isEqualTo(2);
    // all-port: only the arcs bind
    Instance allPorts =
        new Instance("ap", new Problem.Chatting(ms), ALL, Network.of(new Topology.Star(4)));
    assertThat(LowerBounds.all(allPorts)).extracting(LowerBound::kind).doesNotContain("SEND-PORT");
    assertThat(LowerBounds.best(allPorts).value()).isEqualTo(2);
  }

  /** DSA: the load (largest total size alive at one point) = C on the ULA, named LOAD. */
  @Test
  void dsa_loadAndLb2() {
    List<Message> bufs =
        List.of(new Message("x", 0, 3, 4), new Message("y", 2, 5, 3), new Message("z", 4, 6, 6));
    Instance inst =
        new Instance("dsa", new Problem.Dsa(bufs), ALL, Network.of(new Topology.Ula(7)));
    List<LowerBound> all = LowerBounds.all(inst);
    assertThat(value(all, "LOAD")).isEqualTo(9); // point 4: y (3) + z (6)
    assertThat(value(all, "L")).isEqualTo(6);
    assertThat(all.get(0).value()).isEqualTo(9);
    assertThat(LowerBounds.virtual(inst)).isEqualTo(all);
    assertThat(
            all.stream().filter(b -> b.kind().equals("LOAD")).findFirst().orElseThrow().witness())
        .startsWith("at time point 4");
  }
}
