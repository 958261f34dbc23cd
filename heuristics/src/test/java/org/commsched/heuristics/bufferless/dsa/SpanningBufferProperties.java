package org.commsched.heuristics.bufferless.dsa;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.testing.Seeds;
import org.commsched.instances.testing.RandomInstances;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The lemma of docs/models/bufferless-chatting.md#lower-bounds, "spanning buffers carry nothing": a
 * buffer alive at every time of the instance adds exactly its size to the optimum. Held against the
 * exhaustive optimum ({@link DsaSearchProperties#bruteForce}) of tiny instances with one or two
 * spanning buffers added, on instances whose optimum is often above their load ({@link
 * CapacitySearchProperties#shortLived}) and on uniformly random ones. It is why an argument over
 * the relative order of MiniMalloc D's 17 buffers alive throughout cannot lift its lower bound.
 */
class SpanningBufferProperties {
  static LongStream seeds() {
    return Seeds.seeds(Seeds.cases(4, 30));
  }

  /** The instance's buffers with {@code k} buffers alive from its first time to its last added. */
  private static List<Message> withSpanning(List<Message> ms, SplittableRandom r, int k) {
    long lo = ms.stream().mapToLong(Message::from).min().orElseThrow();
    long hi = ms.stream().mapToLong(Message::to).max().orElseThrow();
    List<Message> all = new ArrayList<>();
    for (int i = 0; i < k; i++) {
      all.add(new Message("f" + i, (int) lo, (int) hi, 1 + r.nextInt(4)));
    }
    all.addAll(ms);
    return all;
  }

  private static void addsItsSize(long seed, Instance inst, SplittableRandom r) {
    List<Message> rest = inst.messages();
    if (rest.size() > 6) {
      rest = rest.subList(0, 6); // keeps the brute force within 8! orders
    }
    int k = 1 + r.nextInt(2);
    List<Message> all = withSpanning(rest, r, k);
    long spanning = 0;
    for (int i = 0; i < k; i++) {
      spanning += all.get(i).length();
    }
    assertThat(DsaSearchProperties.bruteForce(all))
        .as("seed %d: %d spanning buffers of total %d over %s", seed, k, spanning, rest)
        .isEqualTo(DsaSearchProperties.bruteForce(rest) + spanning);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void aSpanningBufferAddsExactlyItsSize_onShortLivedBuffers(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 7_919 + 13);
    addsItsSize(seed, CapacitySearchProperties.shortLived(r), r);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void aSpanningBufferAddsExactlyItsSize_onRandomInstances(long seed) {
    SplittableRandom r = new SplittableRandom(seed * 4_099 + 1);
    addsItsSize(seed, RandomInstances.dsa(r, 8, 6, 6), r);
  }
}
