package org.commsched.verify.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.model.Instance;
import org.commsched.instances.io.InstanceWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sweep task is a plain value (issue 25): serialised and read back it is equal to the original,
 * makes its instance again from its source, and gives the same rows (timings aside) as the original
 * with its instance attached.
 */
class SweepTaskTest {
  @TempDir Path tmp;

  private static Map<String, String> parameters() {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("problem", "chatting");
    p.put("family", "ula");
    p.put("size", "4");
    p.put("messages", "4");
    p.put("lengths", "uniform:1..3");
    p.put("model", "");
    p.put("seed", "3");
    return p;
  }

  private static SweepTask copy(SweepTask t) throws IOException, ClassNotFoundException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(t);
    }
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      return (SweepTask) in.readObject();
    }
  }

  private static List<SweepRow> withoutTimings(List<SweepRow> rows) {
    return rows.stream()
        .map(
            r ->
                new SweepRow(
                    r.instance(),
                    r.parameters(),
                    r.method(),
                    r.objective(),
                    r.status(),
                    r.makespan(),
                    r.runLowerBound(),
                    BigDecimal.ZERO,
                    r.valid(),
                    r.error(),
                    null))
        .toList();
  }

  @Test
  void aSerialisedTaskMakesItsInstanceAgainAndGivesTheSameRows() throws Exception {
    SweepTask.Generated source =
        new SweepTask.Generated(
            "chatting-ula-n4-m4-s3", "chatting", "ula", 4, 4, "uniform:1..3", "", 3);
    Instance made = source.instance();
    SweepTask task =
        new SweepTask(
                made.name(),
                source,
                parameters(),
                List.of("greedy", "choco"),
                Duration.ofSeconds(20),
                1)
            .withInstance(made);
    SweepTask back = copy(task);
    assertThat(back).isEqualTo(task).hasSameHashCodeAs(task);
    assertThat(back.instance()).isNotSameAs(made); // made again, not shipped
    assertThat(InstanceWriter.toJson(back.instance())).isEqualTo(InstanceWriter.toJson(made));
    List<SweepRow> rows = task.run();
    assertThat(rows).extracting(SweepRow::method).containsExactly("greedy", "choco");
    assertThat(rows).allMatch(SweepRow::valid);
    assertThat(rows.get(1).status()).isEqualTo("OPTIMAL");
    assertThat(rows.get(0).parameters().keySet()).containsExactlyElementsOf(parameters().keySet());
    assertThat(withoutTimings(back.run())).isEqualTo(withoutTimings(rows));
  }

  @Test
  void aTaskOnAnInstanceFileReadsTheFileWhereverItRuns() throws Exception {
    Instance made =
        new SweepTask.Generated("g", "chatting", "ula", 5, 5, "uniform:1..4", "", 7).instance();
    Path file = tmp.resolve("g.json");
    InstanceWriter.write(made, file);
    SweepTask task =
        copy(
            new SweepTask(
                "g.json",
                new SweepTask.InstanceFile(file.toAbsolutePath().toString()),
                parameters(),
                List.of("greedy"),
                Duration.ofSeconds(5),
                1));
    assertThat(InstanceWriter.toJson(task.instance())).isEqualTo(InstanceWriter.toJson(made));
    List<SweepRow> rows = task.run();
    assertThat(rows)
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.instance()).isEqualTo("g.json");
              assertThat(r.valid()).isTrue();
              assertThat(SweepRow.parse(r.line()))
                  .isEqualTo(r); // the journal line reads back as the row
            });
  }
}
