package org.commsched.core.time;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link ResourceClock} keeps the latest hold of every resource, as an array and as a hash of the
 * ids in use.
 */
class ResourceClockTest {

  @Test
  void sparseIdsAnswerAsTheArrayDoes() {
    SplittableRandom r = new SplittableRandom(3);
    ResourceClock dense = new ResourceClock(5000);
    ResourceClock sparse = new ResourceClock(ResourceClock.DENSE * 50);
    long stride = ResourceClock.DENSE * 10 / 5000; // ids far apart, beyond the array's reach
    for (int i = 0; i < 20_000; i++) {
      int id = r.nextInt(5000);
      long t = r.nextLong(1_000_000);
      dense.holdUntil(id, t);
      sparse.holdUntil(id * stride, t);
    }
    for (int id = 0; id < 5000; id++) {
      assertThat(sparse.get(id * stride)).as("resource %d", id).isEqualTo(dense.get(id));
    }
    assertThat(sparse.get(1)).isZero();
  }
}
