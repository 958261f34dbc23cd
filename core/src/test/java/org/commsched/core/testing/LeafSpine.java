package org.commsched.core.testing;

import java.util.ArrayList;
import java.util.List;
import org.commsched.core.model.Topology;

/**
 * Issue 22's 10-node leaf-spine as the tests of several modules build it
 * (bench/lincost/leafspine.dot): spines 0, 1; leaves 2, 3, 4, each linked to both spines; hosts 5,
 * 6 on leaf 2, 7, 8 on leaf 3, 9 on leaf 4; 11 two-way links.
 */
public final class LeafSpine {
  private LeafSpine() {}

  /** The network, nodes numbered as the class javadoc says. */
  public static Topology.Explicit network() {
    List<Topology.Pair> links = new ArrayList<>();
    for (int spine = 0; spine < 2; spine++) {
      for (int leaf = 2; leaf < 5; leaf++) {
        links.add(new Topology.Pair(spine, leaf));
      }
    }
    int[][] hosts = {{2, 5}, {2, 6}, {3, 7}, {3, 8}, {4, 9}};
    for (int[] h : hosts) {
      links.add(new Topology.Pair(h[0], h[1]));
    }
    return new Topology.Explicit(10, links, true);
  }
}
