package org.commsched.core.bounds;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.commsched.core.model.Network;
import org.commsched.core.model.Topology;
import org.junit.jupiter.api.Test;

/**
 * {@link NetworkFacts#uniquePaths} answers the regular families from their link count (connected,
 * so a forest exactly when they have one link fewer than nodes); this holds it to the union-find
 * over the same arcs stored explicitly.
 */
class NetworkFactsTest {
  @Test
  void uniquePathsOfEveryRegularFamilyIsThatOfItsArcsStored() {
    List<Topology> families = new ArrayList<>();
    for (int n = 2; n <= 6; n++) {
      families.addAll(
          List.of(
              new Topology.Ula(n),
              new Topology.Bla(n),
              new Topology.URing(n),
              new Topology.Star(n),
              new Topology.Complete(n)));
      if (n >= 3) {
        families.add(new Topology.Ring(n));
      }
    }
    for (int rows = 1; rows <= 4; rows++) {
      for (int cols = rows == 1 ? 2 : 1; cols <= 4; cols++) {
        families.addAll(
            List.of(
                new Topology.Esm(rows, cols),
                new Topology.Mesh(rows, cols),
                new Topology.Torus(rows, cols)));
      }
    }
    for (int d = 1; d <= 4; d++) {
      families.add(new Topology.Hypercube(d));
      if (d >= 2) {
        families.add(new Topology.FoldedHypercube(d));
      }
    }
    int forests = 0;
    for (Topology t : families) {
      Network net = Network.of(t);
      Network stored = Network.of(new Topology.Explicit(net.nodes(), net.arcList(), false));
      boolean expected = NetworkFacts.uniquePaths(stored) || t instanceof Topology.URing;
      assertThat(NetworkFacts.uniquePaths(net)).as(t.toString()).isEqualTo(expected);
      forests += expected ? 1 : 0;
    }
    assertThat(forests).as("both answers occur").isBetween(1, families.size() - 1);
  }
}
