package org.commsched.verify.crosscheck;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.junit.jupiter.api.Test;

/**
 * The shrinker keeps what links with channels and costs carry (docs/TESTS.md#shrinking): removing a
 * node leaves every other link its count, beta and tau, and a link is made simpler one step at a
 * time; the cross-check's linear-cost cases include such networks.
 */
class ShrinkerChannelsTest {
  static final Topology.Channel TWO_SLOW =
      new Topology.Channel(2, new BigDecimal("3"), new BigDecimal("2"));

  static Instance path4() {
    CommModel.StoreAndForward m =
        new CommModel.StoreAndForward(
            BigDecimal.ONE,
            BigDecimal.ONE,
            CommModel.Ports.ALL,
            CommModel.Duplex.FULL,
            CommModel.OnePortRule.EXCHANGE);
    return new Instance(
        "p",
        new Problem.Broadcast(0, 2),
        m,
        Network.of(
            new Topology.Explicit(
                4,
                List.of(new Topology.Pair(0, 1), new Topology.Pair(1, 2), new Topology.Pair(2, 3)),
                true,
                List.of(
                    TWO_SLOW,
                    Topology.Channel.PLAIN,
                    new Topology.Channel(1, null, new BigDecimal("0.5"))))));
  }

  @Test
  void removingTheLastNodeKeepsTheOtherLinksCountsAndCosts() {
    List<Instance> variants = new Shrinker(null).variants(path4());
    Instance three =
        variants.stream().filter(i -> i.network().nodes() == 3).findFirst().orElseThrow();
    Topology.Explicit e = (Topology.Explicit) three.network().topology();
    assertThat(e.pairs()).containsExactly(new Topology.Pair(0, 1), new Topology.Pair(1, 2));
    assertThat(e.channels()).containsExactly(TWO_SLOW, Topology.Channel.PLAIN);
    assertThat(three.network().hasChannels()).isTrue();
  }

  @Test
  void aLinkIsMadeSimplerOneStepAtATime() {
    List<Topology.Channel> firstLink =
        new Shrinker(null)
            .variants(path4()).stream()
                .filter(i -> i.network().nodes() == 4 && i.problem().equals(path4().problem()))
                .map(i -> ((Topology.Explicit) i.network().topology()))
                .map(e -> e.channels().isEmpty() ? Topology.Channel.PLAIN : e.channels().get(0))
                .filter(c -> !c.equals(TWO_SLOW))
                .toList();
    assertThat(firstLink)
        .containsExactly(
            new Topology.Channel(1, new BigDecimal("3"), new BigDecimal("2")),
            new Topology.Channel(2, null, null),
            Topology.Channel.PLAIN);
  }

  @Test
  void someLinearCostCrossCheckCasesHaveLinksWithChannelsOrCosts() {
    long withChannels =
        java.util.stream.IntStream.range(0, 60)
            .mapToObj(
                i -> CrossCheckCases.instance(Family.LINEAR_COST, CrossCheckCases.caseSeed(1L, i)))
            .filter(i -> i.network().hasChannels())
            .count();
    assertThat(withChannels).isBetween(3L, 30L);
  }
}
