package org.commsched.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Node labels name nodes for people and change nothing else (docs/models/README.md#node-labels).
 */
class NetworkLabelsTest {
  private final Network plain = Network.of(new Topology.Bla(3));
  private final Network named = plain.withLabels(List.of("paris", "lyon", "nice"));

  @Test
  void withoutLabels_nodesAreNumbers_andTextIsUnchanged() {
    assertThat(plain.labels()).isEmpty();
    assertThat(plain.nodeName(2)).isEqualTo("2");
    String s = "node 1 sends m0 over 0->1->2 in steps 0..1";
    assertThat(plain.nameNodes(s)).isSameAs(s);
  }

  @Test
  void labelsKeepTheStructure() {
    assertThat(named.nodes()).isEqualTo(3);
    assertThat(named.arcs()).isEqualTo(plain.arcs());
    assertThat(named.arc(1, 2)).isEqualTo(plain.arc(1, 2));
    assertThat(named.arcName(named.arc(1, 2))).isEqualTo("1->2");
    assertThat(named.topology()).isEqualTo(plain.topology());
    assertThat(named.withLabels(List.of()).labels()).isEmpty();
  }

  @Test
  void nodeName_isLabelThenNumber() {
    assertThat(named.nodeName(0)).isEqualTo("paris (#0)");
    assertThat(named.nodeName(7)).as("out of range stays a number").isEqualTo("7");
  }

  @Test
  void nameNodes_rewritesNodesArcsRoutesAndLinks_notStepsOrLengths() {
    assertThat(named.nameNodes("node 1 sends m0 over 0->1->2 in steps 0..1"))
        .isEqualTo("node lyon (#1) sends m0 over paris (#0)->lyon (#1)->nice (#2) in steps 0..1");
    assertThat(named.nameNodes("EXCHANGE_PORT at link 0-1 time 3: both involve nodes 2"))
        .isEqualTo(
            "EXCHANGE_PORT at link paris (#0)-lyon (#1) time 3: both involve nodes nice (#2)");
    assertThat(named.nameNodes("arc 1->2 carries 7 flits of length 2, m10 at time 1"))
        .isEqualTo("arc lyon (#1)->nice (#2) carries 7 flits of length 2, m10 at time 1");
  }

  @Test
  void badLabels_areRefusedAtTheirPlace() {
    assertThatThrownBy(() -> plain.withLabels(List.of("a", "b")))
        .isInstanceOfSatisfying(
            ModelException.class, e -> assertThat(e.pointer()).isEqualTo("/network/labels"))
        .hasMessageContaining("3 nodes but 2 labels");
    assertThatThrownBy(() -> plain.withLabels(List.of("a", "b", "a")))
        .isInstanceOfSatisfying(
            ModelException.class, e -> assertThat(e.pointer()).isEqualTo("/network/labels/2"))
        .hasMessageContaining("nodes 0 and 2 are both labelled \"a\"");
    assertThatThrownBy(() -> plain.withLabels(List.of("a", "", "c")))
        .isInstanceOfSatisfying(
            ModelException.class, e -> assertThat(e.pointer()).isEqualTo("/network/labels/1"));
  }
}
