package org.commsched.solver.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.bounds.FanChainBound;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * FAN-CHAIN (docs/models/linear-cost.md#fan-chain) against the CP-SAT optimum on seeded tiny
 * networks with several arcs at both ends: a source {@code 0} linked to 2 or 3 nodes {@code x}, a
 * target linked to 2 senders {@code L} (one of them sometimes an {@code x} itself), each {@code x}
 * joined to a sender directly or through a middle node of its own, sometimes a link between two
 * {@code x} or between the two senders; broadcast of 2 or 3 units (2 under one port) from the
 * source, beta 0 to 5, tau 0 to 2 (not both 0), under F*, H*, F1, H1 and one port as
 * send-and-receive. The search's least makespan, searched from 0 (so it is held whether or not
 * another bound is higher), is at most the optimum the slot model proves with no floor posted, and
 * so is every bound {@code bounds} reports.
 */
class FanChainExactProperties {
  static Instance instance(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int a = 2 + (r.nextInt(3) == 0 ? 1 : 0);
    List<Topology.Pair> links = new ArrayList<>();
    for (int x = 1; x <= a; x++) {
      links.add(new Topology.Pair(0, x));
    }
    int p = a + 1;
    int l1 = p++;
    int l2 = r.nextInt(3) == 0 ? 1 + r.nextInt(a) : p++;
    int[] senders = {l1, l2};
    boolean[] fed = new boolean[2];
    for (int x = 1; x <= a; x++) {
      if (x == l2) {
        continue;
      }
      int k = x == a && !fed[0] ? 0 : r.nextInt(2);
      if (x == a && !fed[1] && l2 > a) {
        k = 1;
      }
      if (senders[k] == x) {
        k = 1 - k;
      }
      fed[k] = true;
      if (r.nextBoolean()) {
        links.add(new Topology.Pair(x, senders[k]));
      } else {
        links.add(new Topology.Pair(x, p));
        links.add(new Topology.Pair(p, senders[k]));
        p++;
      }
    }
    if (l2 <= a) {
      fed[1] = true;
    }
    if (!fed[0] || !fed[1]) {
      links.add(new Topology.Pair(l1, l2 > a ? l2 : 1 + (l2 % a)));
    }
    if (r.nextInt(3) == 0 && l2 > a) {
      links.add(new Topology.Pair(l1, l2));
    } else if (r.nextInt(3) == 0) {
      links.add(new Topology.Pair(1, 2));
    }
    int v = p++;
    links.add(new Topology.Pair(l1, v));
    links.add(new Topology.Pair(l2, v));
    List<Topology.Pair> simple = new ArrayList<>();
    for (Topology.Pair e : links) {
      Topology.Pair back = new Topology.Pair(e.v(), e.u());
      if (!simple.contains(e) && !simple.contains(back)) {
        simple.add(e);
      }
    }
    Network net = Network.of(new Topology.Explicit(p, simple, true));
    RuleDraw d = RuleDraw.from(r, 6);
    long units =
        2 + (d.rule() <= 1 ? r.nextInt(2) : 0); // 3 units under one port: beyond CP-SAT in 30 s
    return d.instance("broadcast " + units, simple, seed, new Problem.Broadcast(0, units), net);
  }

  @TestFactory
  Stream<DynamicTest> fanChain_neverExceedsTheOptimum() {
    return RuleDraw.searchedAtMostTheOptimum(
        FanChainExactProperties::instance, "FAN-CHAIN", inst -> FanChainBound.least(inst, 0));
  }

  /**
   * The suite can fail: on the first fixed seeds, the deliberately wrong variant whose delays are
   * one tick longer (a hop charged more than it takes) exceeds the CP-SAT optimum on some instance
   * where the right one meets it.
   */
  @Test
  void aWrongVariant_exceedsTheOptimum_somewhere() {
    int met = 0;
    int caught = 0;
    for (long seed = 0; seed < 12; seed++) {
      Instance inst = instance(seed);
      long optimum = RuleDraw.optimumWithoutFloor(inst);
      if (FanChainBound.least(inst, 0) == optimum) {
        met++;
      }
      if (FanChainBound.least(inst, 0, 1) > optimum) {
        caught++;
      }
    }
    assertThat(met).as("instances where FAN-CHAIN is the optimum").isPositive();
    assertThat(caught).as("instances where the wrong variant exceeds the optimum").isPositive();
  }
}
