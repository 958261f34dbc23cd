package org.commsched.heuristics.packet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import org.commsched.core.model.Instance;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.instances.testing.GatherCases;
import org.junit.jupiter.api.Test;

/**
 * The FDF methods on the catalogue's packet instances, against the thesis's values as
 * docs/models/packet.md lists them (#tv-1-and-tv-2, #special-class-values, #buffers-and-grouping):
 * FDF schedules of TV-1 and TV-2 take {@code min(6β+6, 5β+8, 4β+10)} at best, the special class's
 * corrected optimum {@code T*} is reached, the best no-grouping value of the grouping example is
 * 16, and the buffer example's optimum is 15.
 */
class FdfCatalogueTest {
  private final FdfEvenSize even = new FdfEvenSize();
  private final FurthestDistanceFirst fdf = new FurthestDistanceFirst();

  private long solve(String file, boolean packetize) {
    Instance inst = GatherCases.catalogue(file);
    SolveResult r = (packetize ? even : fdf).solve(inst, SolveLimits.defaults());
    assertValid(file, inst, r);
    return r.makespan();
  }

  /**
   * TV-1 and TV-2 at beta = 2: every FDF (NRF) schedule takes 18; one packet is FDF (iv), 4β + 10 =
   * 18.
   */
  @Test
  void tv1AndTv2_beta2_take18() {
    assertThat(solve("pk-tv1-scatter-beta2.json", false)).isEqualTo(18);
    assertThat(solve("pk-tv1-scatter-beta2.json", true)).isEqualTo(18);
    assertThat(solve("pk-tv2-gather-beta2.json", false)).isEqualTo(18);
    assertThat(solve("pk-tv2-gather-beta2.json", true)).isEqualTo(18);
  }

  /**
   * TV-1 at beta = 3/2: one packet takes 4β + 10 = 16; the best FDF schedule, single units, 6β + 6
   * = 15 (ticks 1/10).
   */
  @Test
  void tv1_beta1p5_bestFdfIs15() {
    assertThat(solve("pk-tv1-scatter-beta1p5.json", false)).isEqualTo(160);
    assertThat(solve("pk-tv1-scatter-beta1p5.json", true)).isEqualTo(150);
  }

  /**
   * The special class's T* (22, and 35/2 with beta = 1/2), scatter and, by time reversal, gather.
   */
  @Test
  void specialClass_reachesTStar() {
    assertThat(solve("pk-special-scatter-m5-s3-t4.json", true)).isEqualTo(22);
    assertThat(solve("pk-special-gather-m5-s3-t4.json", true)).isEqualTo(22);
    assertThat(solve("pk-special-scatter-m4-s2-t4-beta0p5.json", true)).isEqualTo(175);
  }

  /**
   * Grouping example: 16 without grouping (r = 1, 2, 3 all give 16); buffer example: its optimum
   * 15.
   */
  @Test
  void groupingAndBufferExamples() {
    assertThat(solve("pk-grouping-scatter-m3-s3-t4.json", true)).isEqualTo(16);
    assertThat(solve("pk-buffer-gather-path3.json", true)).isEqualTo(15);
  }
}
