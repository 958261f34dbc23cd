package org.commsched.core.bounds;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A {@link ResourceTable} held sparse (the resources in use only, for the 10^8 arcs of an implicit
 * ring) gives every answer the dense table gives on the same items: each resource's statistics, the
 * resources in use, the busiest one and the strongest bound with and without pruning (the same
 * resource on ties).
 */
class ResourceTableProperties {
  static Stream<Long> seeds() {
    return Seeds.seeds().boxed();
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void aSparseTableAnswersAsTheDenseOne(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    int resources = 1 + rnd.nextInt(200);
    boolean keep = rnd.nextBoolean();
    ResourceTable dense = new ResourceTable(resources, keep, false);
    ResourceTable sparse = new ResourceTable(resources, keep, true);
    int items = rnd.nextInt(3 * resources);
    int hot =
        Math.max(
            1, resources / (1 + rnd.nextInt(8))); // a few resources get most items: ties and groups
    for (int i = 0; i < items; i++) {
      int r = rnd.nextInt(hot);
      long head = rnd.nextInt(6);
      long work = 1 + rnd.nextInt(4);
      long tail = rnd.nextInt(6);
      if (keep) {
        dense.add(r, head, work, tail);
        sparse.add(r, head, work, tail);
      } else {
        long n = 1 + rnd.nextInt(3);
        dense.merge(r, work * n, head, tail, n);
        sparse.merge(r, work * n, head, tail, n);
      }
    }
    assertThat(sparse.size()).isEqualTo(dense.size());
    for (int r = 0; r < resources; r++) {
      assertThat(new long[] {sparse.sum(r), sparse.count(r), sparse.minHead(r), sparse.minTail(r)})
          .as("resource %d", r)
          .containsExactly(dense.sum(r), dense.count(r), dense.minHead(r), dense.minTail(r));
    }
    assertThat(sparse.used()).containsExactly(dense.used());
    int inUse = 0;
    for (int r = 0; r < resources; r++) {
      inUse += dense.count(r) > 0 ? 1 : 0;
    }
    assertThat(sparse.used()).hasSize(inUse);
    assertThat(sparse.busiest()).isEqualTo(dense.busiest());
    assertThat(sparse.best(false)).isEqualTo(dense.best(false));
    assertThat(sparse.best(true)).isEqualTo(dense.best(true));
  }
}
