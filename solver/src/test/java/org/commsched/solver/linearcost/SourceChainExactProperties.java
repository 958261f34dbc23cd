package org.commsched.solver.linearcost;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.bounds.SourceChainBound;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * SOURCE-CHAIN (docs/models/linear-cost.md#source-chain) against the CP-SAT optimum on seeded tiny
 * networks it reads: a source hung on a node {@code x}, one to three middle nodes each linked to
 * {@code x} or to another middle node and some to a node {@code L}, a target hung on {@code L},
 * sometimes a chord between middle nodes or an extra node hung on a middle one; broadcast of 2 to 4
 * units from the source, beta 0 to 5, tau 0 to 2 (not both 0), under F*, H*, F1, H1 and one port as
 * send-and-receive. The search's least makespan, searched from 0 (so it is held whether or not
 * another bound is higher), is at most the optimum the slot model proves with no floor posted, and
 * so is every bound {@code bounds} reports.
 */
class SourceChainExactProperties {
  static Instance instance(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int mids = 1 + r.nextInt(3);
    int x = 1;
    int leaf = 2 + mids;
    int v = 3 + mids;
    List<Topology.Pair> links = new ArrayList<>();
    links.add(new Topology.Pair(0, x));
    boolean anyToLeaf = false;
    for (int m = 2; m < 2 + mids; m++) {
      // each middle node hangs on x or on an earlier middle node; the first one on x
      int on = m == 2 || r.nextBoolean() ? x : 2 + r.nextInt(m - 2);
      links.add(new Topology.Pair(on, m));
      if (m == 1 + mids && !anyToLeaf || r.nextBoolean()) {
        links.add(new Topology.Pair(m, leaf));
        anyToLeaf = true;
      }
    }
    if (mids >= 3 && r.nextBoolean() && !links.contains(new Topology.Pair(2, 4))) {
      links.add(new Topology.Pair(2, 4)); // a chord, unless node 4 already hangs on node 2
    }
    links.add(new Topology.Pair(leaf, v));
    int p = v + 1;
    if (r.nextInt(3) == 0) {
      links.add(new Topology.Pair(2 + r.nextInt(mids), p));
      p++;
    }
    Network net = Network.of(new Topology.Explicit(p, links, true));
    RuleDraw d = RuleDraw.from(r, 6);
    long units = 2 + r.nextInt(d.rule() == 0 ? 3 : 2);
    return d.instance("broadcast " + units, links, seed, new Problem.Broadcast(0, units), net);
  }

  @TestFactory
  Stream<DynamicTest> sourceChain_neverExceedsTheOptimum() {
    return RuleDraw.searchedAtMostTheOptimum(
        SourceChainExactProperties::instance, "SOURCE-CHAIN", SourceChainBound::least);
  }
}
