package org.commsched.instances.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.commsched.core.model.Schedule;
import org.commsched.core.testing.Seeds;
import org.commsched.core.time.TimeScale;
import org.junit.jupiter.api.Test;

/**
 * The transmissions of a schedule file are written line by line straight from the records ({@link
 * ScheduleWriter#transmissions}): each line must be the one the printer gives for the record's tree
 * ({@link Json#compact}), on seeded records with and without {@code first} and {@code channel},
 * whole and fractional start times, and message ids that need escaping.
 */
class TransmissionLinesTest {
  @Test
  void eachLineIsTheTreesCompactForm() {
    String[] ids = {"0", "m7", "a \"quoted\" id", "tab\there", "é"};
    for (long seed : Seeds.seeds(Seeds.cases(4, 50)).toArray()) {
      SplittableRandom r = new SplittableRandom(seed);
      TimeScale scale = new TimeScale(r.nextInt(3));
      List<Schedule.Transmission> ts = new ArrayList<>();
      for (int i = 0; i < 30; i++) {
        ts.add(
            new Schedule.Transmission(
                ids[r.nextInt(ids.length)],
                r.nextInt(1000),
                1 + r.nextLong(1L << 40),
                r.nextInt(500),
                r.nextInt(500),
                r.nextBoolean() ? r.nextLong(1L << 50) : 100L * r.nextInt(50),
                r.nextBoolean() ? null : r.nextLong(1L << 45),
                r.nextBoolean() ? null : r.nextInt(4)));
      }
      Json.Bulk bulk = ScheduleWriter.transmissions(ts, scale);
      for (int i = 0; i < ts.size(); i++) {
        StringBuilder sb = new StringBuilder();
        assertThat(bulk.appendCompact(i, sb)).isTrue();
        assertThat(sb.toString()).isEqualTo(Json.compact(bulk.value(i)));
      }
    }
  }
}
