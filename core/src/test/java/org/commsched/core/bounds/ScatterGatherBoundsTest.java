package org.commsched.core.bounds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.core.bounds.ChattingBoundsTest.value;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.junit.jupiter.api.Test;

/**
 * Bufferless scatter and gather oracles of docs/models/bufferless-scatter-gather.md (Bhatt, Pucci,
 * Ranade, Rosenberg), converted to our units: the paper's T is one more than our makespan.
 */
class ScatterGatherBoundsTest {
  private static final CommModel SINGLE =
      new CommModel.Bufferless(CommModel.BufferlessPorts.SINGLE);
  private static final CommModel ALL = new CommModel.Bufferless(CommModel.BufferlessPorts.ALL);

  /** Tree rooted at 0 from a parent array (entry 0 ignored); lengths[i] is L of node i + 1. */
  private static Instance tree(boolean scatter, int[] parents, long[] lengths, CommModel model) {
    List<Integer> ps = new ArrayList<>();
    ps.add(-1);
    for (int v = 1; v < parents.length; v++) {
      ps.add(parents[v]);
    }
    List<Message> ms = new ArrayList<>();
    for (int v = 1; v < parents.length; v++) {
      long l = lengths[v - 1];
      ms.add(scatter ? new Message("m" + v, 0, v, l) : new Message("m" + v, v, 0, l));
    }
    Problem p = scatter ? new Problem.Scatter(0, ms) : new Problem.Gather(0, ms);
    return new Instance("sg", p, model, Network.of(new Topology.Tree(ps)));
  }

  private static final int[] PATH6 = {-1, 0, 1, 2, 3, 4};
  private static final int[] EX5 = {-1, 0, 0, 1, 1, 2, 2};

  /**
   * docs/models/bufferless-scatter-gather.md#figures-1-to-4, Figure 1: 6-PE path, L = (0,0,0,4,3);
   * FDF gives T = 11 (paper), i.e. makespan 10, and LB-SCAT = max(4 + 7, 5 + 3) - 1 = 10 proves it
   * optimal.
   */
  @Test
  void figure1_lbScatEqualsFdf() {
    Instance fig1 = tree(true, PATH6, new long[] {0, 0, 0, 4, 3}, SINGLE);
    List<LowerBound> all = LowerBounds.all(fig1);
    assertThat(value(all, "LB-SCAT")).isEqualTo(10);
    assertThat(LowerBounds.best(fig1).value()).isEqualTo(10);
    // the FDF schedule of Fig. 1(a): tau_5 = 0, tau_4 = 3 -> max(0 + 3 + 5 - 1, 3 + 4 + 4 - 1) = 10
    assertThat(Math.max(0 + 3 + 5 - 1, 3 + 4 + 4 - 1)).isEqualTo(10);
    assertThat(value(all, "SUM-L")).isEqualTo(7 + 4 - 1);
  }

  /**
   * docs/models/bufferless-scatter-gather.md#ratios reference table: Fig. 2/4 data L = (2,3,0,2,1)
   * on the path: T_FDF = LB-OFF = 9, LB-SYNC = 12, B_opt = 5 (paper); ours 8, 8, 11.
   */
  @Test
  void referenceTable_fig24Data() {
    long[] l = {2, 3, 0, 2, 1};
    assertThat(value(LowerBounds.all(tree(true, PATH6, l, SINGLE)), "LB-SCAT")).isEqualTo(8);
    Instance gather = tree(false, PATH6, l, SINGLE);
    assertThat(value(LowerBounds.all(gather), "LB-OFF")).isEqualTo(8);
    List<LowerBound> proto = LowerBounds.protocolBounds(gather);
    assertThat(value(proto, "LB-SYNC")).isEqualTo(11);
    // Shoulder-Tap reaches T = 12 (paper), our makespan 11: LB-SYNC is tight on paths
    assertThat(value(proto, "LB-PAPER")).isEqualTo(Math.max(5 + 1, 8));
    assertThat(proto.get(0).witness()).contains("paper units: 12");
  }

  /**
   * docs/models/bufferless-scatter-gather.md#ratios reference table: Fig. 3 data L = (9,0,1,0,1):
   * T_FDF = LB-OFF = 12, LB-SYNC = 14 (paper).
   */
  @Test
  void referenceTable_fig3Data() {
    long[] l = {9, 0, 1, 0, 1};
    assertThat(value(LowerBounds.all(tree(true, PATH6, l, SINGLE)), "LB-SCAT")).isEqualTo(11);
    Instance gather = tree(false, PATH6, l, SINGLE);
    assertThat(value(LowerBounds.all(gather), "LB-OFF")).isEqualTo(11);
    assertThat(value(LowerBounds.protocolBounds(gather), "LB-SYNC")).isEqualTo(13);
  }

  /**
   * docs/models/bufferless-scatter-gather.md#ratios, #tree-oracles-ex1-to-ex5 EX5 binary tree, L =
   * (1,2,3,1,0,2): T_FDF = LB-OFF = 10, LB-SYNC = 12, B_opt = 4 (paper). LB-PAPER uses the subtree
   * spanning the nodes with data (node 5 is a null leaf), where B is 3; its witness names the whole
   * tree's B_opt = 4 (the paper's) and why that one does not bound T (LowerBounds#protocolBounds).
   */
  @Test
  void referenceTable_ex5() {
    long[] l = {1, 2, 3, 1, 0, 2};
    assertThat(value(LowerBounds.all(tree(true, EX5, l, SINGLE)), "LB-SCAT")).isEqualTo(9);
    Instance gather = tree(false, EX5, l, SINGLE);
    assertThat(value(LowerBounds.all(gather), "LB-OFF")).isEqualTo(9);
    List<LowerBound> proto = LowerBounds.protocolBounds(gather);
    assertThat(value(proto, "LB-SYNC")).isEqualTo(11);
    assertThat(value(proto, "LB-PAPER")).isEqualTo(Math.max(3 + 1, 9));
    assertThat(witness(proto, "LB-PAPER"))
        .contains(
            "B_opt = 4 rows",
            "the 6 nodes",
            "needs 3 rows",
            "docs/models/bufferless-scatter-gather.md#steps-rows-and-makespan");
  }

  /**
   * A path whose data sits next to the root: B over the data is 1, while the whole path's B_opt is
   * 5, and a wake-up-respecting gather (Shoulder-Tap: P_1 woken in row 1, its flit at the root in
   * row 3) ends before the last PE is woken; LB-PAPER must not exceed that makespan of 3 (paper T =
   * 4 < B_opt = 5).
   */
  @Test
  void lbPaper_takesBOverTheDataOnly_soAShoulderTapRunStaysAboveIt() {
    List<LowerBound> proto =
        LowerBounds.protocolBounds(tree(false, PATH6, new long[] {1, 0, 0, 0, 0}, SINGLE));
    assertThat(value(proto, "LB-PAPER")).isEqualTo(Math.max(1 + 1, 1)).isLessThanOrEqualTo(3);
    assertThat(witness(proto, "LB-PAPER")).contains("B_opt = 5 rows", "needs 1 row");
    assertThat(value(proto, "LB-SYNC")).isEqualTo(3); // E_1 = 2 + 1 (P_1 forwards first): 3 + 1 - 1
  }

  /**
   * docs/models/bufferless-scatter-gather.md#spanning-trees oracles for B_opt, the optimal
   * single-port broadcast time of a tree: a star with k leaves k, a complete binary tree of height
   * h 2h, a binomial tree of order k k, a path of n edges n. With data at every node LB-PAPER takes
   * the whole tree: max(B_opt + 1, M), and its witness names B_opt.
   */
  @Test
  void broadcastRows_section8Oracles_forEverySize() {
    for (int k = 1; k <= 10; k++) {
      int[] star = new int[k + 1];
      star[0] = -1;
      checkBopt("star with " + k + " leaves", star, k);
    }
    for (int h = 1; h <= 5; h++) {
      int[] binary = new int[(1 << (h + 1)) - 1];
      binary[0] = -1;
      for (int v = 1; v < binary.length; v++) {
        binary[v] = (v - 1) / 2;
      }
      checkBopt("complete binary tree of height " + h, binary, 2L * h);
    }
    for (int k = 1; k <= 6; k++) {
      int[] binomial = new int[1 << k]; // parent = v with its highest bit cleared
      binomial[0] = -1;
      for (int v = 1; v < binomial.length; v++) {
        binomial[v] = v - Integer.highestOneBit(v);
      }
      checkBopt("binomial tree of order " + k, binomial, k);
    }
    for (int n = 1; n <= 10; n++) {
      int[] path = new int[n + 1];
      path[0] = -1;
      for (int v = 1; v <= n; v++) {
        path[v] = v - 1;
      }
      checkBopt("path of " + n + " edges", path, n);
    }
  }

  private static void checkBopt(String what, int[] parents, long bOpt) {
    assertThat(rows(parents)).as(what).isEqualTo(bOpt);
    long[] ones = new long[parents.length - 1];
    Arrays.fill(ones, 1);
    List<LowerBound> proto = LowerBounds.protocolBounds(tree(false, parents, ones, SINGLE));
    assertThat(value(proto, "LB-PAPER")).as(what).isEqualTo(Math.max(bOpt + 1, ones.length));
    assertThat(witness(proto, "LB-PAPER"))
        .as(what)
        .contains("needs B_opt = " + bOpt + (bOpt == 1 ? " row" : " rows"));
  }

  private static String witness(List<LowerBound> bounds, String kind) {
    return bounds.stream().filter(b -> b.kind().equals(kind)).findFirst().orElseThrow().witness();
  }

  /**
   * docs/models/bufferless-scatter-gather.md#spanning-trees, #lower-bounds: B_opt oracles: path of
   * 5 edges 5, EX5 4, star with k leaves k, 15-node binary 6, binomial k.
   */
  @Test
  void broadcastRows_oracles() {
    assertThat(rows(PATH6)).isEqualTo(5);
    assertThat(rows(EX5)).isEqualTo(4);
    assertThat(rows(new int[] {-1, 0, 0, 0, 0, 0, 0, 0})).isEqualTo(7);
    int[] binary = new int[15];
    binary[0] = -1;
    for (int v = 1; v < 15; v++) {
      binary[v] = (v - 1) / 2;
    }
    assertThat(rows(binary)).isEqualTo(6);
    int[] binomial = new int[8]; // order 3: parent = v with its highest bit cleared
    binomial[0] = -1;
    for (int v = 1; v < 8; v++) {
      binomial[v] = v - Integer.highestOneBit(v);
    }
    assertThat(rows(binomial)).isEqualTo(3);
  }

  private static long rows(int[] parents) {
    int[] order = new int[parents.length];
    for (int v = 0; v < parents.length; v++) {
      order[v] = v; // parents precede children in these arrays
    }
    return BufferlessBounds.broadcastRows(parents, order, null);
  }

  /**
   * docs/models/bufferless-scatter-gather.md#fdf multiport: FDF per root edge is optimal; on EX5
   * the root child 1 carries L = 1 (depth 1), 3 and 1 (depth 2): LB-MP = max(1 + 5, 2 + 4) - 1 = 5.
   */
  @Test
  void multiport_lbMpPerRootEdge() {
    Instance inst = tree(true, EX5, new long[] {1, 2, 3, 1, 0, 2}, ALL);
    List<LowerBound> all = LowerBounds.all(inst);
    assertThat(value(all, "LB-MP")).isEqualTo(5);
    assertThat(all).extracting(LowerBound::kind).doesNotContain("LB-SCAT", "SUM-L", "SEND-PORT");
    assertThat(LowerBounds.protocolBounds(tree(false, EX5, new long[] {1, 2, 3, 1, 0, 2}, ALL)))
        .isEmpty();
  }

  /** Null messages take no part: all-null instances have no positive bound. */
  @Test
  void nullMessages_areIgnored() {
    Instance empty = tree(true, PATH6, new long[] {0, 0, 0, 0, 0}, SINGLE);
    assertThat(LowerBounds.all(empty)).isEmpty();
    assertThat(LowerBounds.best(empty)).isEqualTo(LowerBound.zero());
    Instance one = tree(false, PATH6, new long[] {0, 0, 0, 0, 3}, SINGLE);
    // a lone message of 3 flits over 5 hops: Q = 3 + 5 - 1 = 7, and nothing more binds
    assertThat(LowerBounds.best(one).value()).isEqualTo(7);
  }

  /**
   * On general graphs scatter routes follow the breadth-first tree; LB-SCAT uses route hop counts.
   */
  @Test
  void mesh_lbScatUsesBfsDistances() {
    Network net = Network.of(new Topology.Mesh(2, 3));
    List<Message> ms = new ArrayList<>();
    for (int v = 1; v < 6; v++) {
      ms.add(new Message("m" + v, 0, v, 2));
    }
    Instance inst = new Instance("mesh", new Problem.Scatter(0, ms), SINGLE, net);
    // distances 1,2,1,2,3: Delta = 1: 10 flits + 0 = 10; Delta = 2: 6 + 1 = 7; Delta = 3: 2 + 2 = 4
    assertThat(value(LowerBounds.all(inst), "LB-SCAT")).isEqualTo(10);
    assertThat(
            Arrays.stream(new int[] {1, 2, 3, 4, 5}).map(i -> inst.atlas().hops(i - 1)).toArray())
        .containsExactly(1, 2, 1, 2, 3);
  }
}
