package org.commsched.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.Test;

/**
 * {@link TimeTable}, the compact form of a schedule's id-to-time map, reads as a {@link
 * LinkedHashMap} with the same entries does: order, look-ups, equality both ways, hash code and
 * text; and a schedule keeps it as it is while it copies any other map.
 */
class TimeTableTest {

  @Test
  void readsAsTheLinkedHashMapOfItsEntriesOnSeededTables() {
    Seeds.seeds(Seeds.cases(4, 20))
        .forEach(
            seed -> {
              SplittableRandom rnd = new SplittableRandom(seed);
              int n = rnd.nextInt(0, 60);
              String[] keys = new String[n];
              long[] values = new long[n];
              Map<String, Long> plain = new LinkedHashMap<>();
              for (int i = 0; i < n; i++) {
                keys[i] = "m" + (n - i) * 7; // distinct, not in any sorted order
                values[i] = rnd.nextLong(-1_000, 1_000_000);
                plain.put(keys[i], values[i]);
              }
              TimeTable table =
                  rnd.nextBoolean()
                      ? TimeTable.of(keys.clone(), values.clone())
                      : TimeTable.ofDistinct(keys.clone(), values.clone());
              assertThat(new ArrayList<>(table.entrySet()))
                  .isEqualTo(new ArrayList<>(plain.entrySet()));
              assertThat(new ArrayList<>(table.keySet()))
                  .isEqualTo(new ArrayList<>(plain.keySet()));
              assertThat(table).isEqualTo(plain);
              assertThat(plain).isEqualTo(table);
              assertThat(table.hashCode()).isEqualTo(plain.hashCode());
              assertThat(table.toString()).isEqualTo(plain.toString());
              assertThat(table.size()).isEqualTo(n);
              for (int i = 0; i < n; i++) {
                assertThat(table.get(keys[i])).isEqualTo(values[i]);
                assertThat(table.key(i)).isEqualTo(keys[i]);
                assertThat(table.value(i)).isEqualTo(values[i]);
              }
              assertThat(table.get("absent")).isNull();
              assertThat(table.containsKey("absent")).isFalse();
            });
  }

  @Test
  void aRepeatedKeyOrArraysOfTwoLengthsAreRefused() {
    assertThatThrownBy(() -> TimeTable.of(new String[] {"a", "b", "a"}, new long[] {1, 2, 3}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("repeats");
    assertThatThrownBy(() -> TimeTable.ofDistinct(new String[] {"a"}, new long[] {1, 2}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("1 keys but 2 values");
  }

  @Test
  void itIsUnmodifiable() {
    TimeTable t = TimeTable.of(new String[] {"a"}, new long[] {4});
    assertThatThrownBy(() -> t.put("b", 1L)).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> t.entrySet().iterator().next().setValue(5L))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void aScheduleKeepsATableAndCopiesAnyOtherMap() {
    List<Message> ms = List.of(new Message("x", 0, 2, 1), new Message("y", 1, 2, 3));
    TimeTable t = TimeTable.ofMessages(ms, new long[] {5, 0});
    assertThat(new Schedule.Departures(t).departures()).isSameAs(t);
    assertThat(new Schedule.Slots(t).slots()).isSameAs(t);
    Map<String, Long> plain = new LinkedHashMap<>(Map.of("x", 5L));
    Schedule.Departures d = new Schedule.Departures(plain);
    plain.put("y", 0L);
    assertThat(d.departures()).containsExactly(Map.entry("x", 5L));
    assertThat(new Schedule.Departures(t))
        .isEqualTo(new Schedule.Departures(new LinkedHashMap<>(t)));
  }
}
