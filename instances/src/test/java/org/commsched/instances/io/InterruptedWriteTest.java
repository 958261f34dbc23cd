package org.commsched.instances.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Message;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A streamed write that stops halfway (a generator that fails, an interrupt) leaves no partial
 * file: neither the target nor the temporary file beside it, and an older target stays as it was.
 */
class InterruptedWriteTest {
  @TempDir Path tmp;

  /**
   * A chatting instance of 100000 messages on a ula whose source fails when asked for message
   * {@code failAt}.
   */
  private static InstanceWriter.Streamed failingAt(int failAt) {
    int[] next = {0};
    return new InstanceWriter.Streamed(
        "halfway",
        new Problem.Chatting(List.of()),
        new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
        new Topology.Ula(1000),
        List.of(),
        100_000,
        () -> {
          int i = next[0]++;
          if (i == failAt) {
            throw new IllegalStateException("stopped at message " + i);
          }
          return new Message("m" + i, i % 999, i % 999 + 1, 1 + i % 7);
        });
  }

  private List<Path> files() throws IOException {
    try (Stream<Path> s = Files.list(tmp)) {
      return s.toList();
    }
  }

  @Test
  void aGeneratorThatFailsHalfway_leavesNeitherTheTargetNorATemporaryFile() throws IOException {
    Path target = tmp.resolve("big.json");
    assertThatThrownBy(() -> InstanceWriter.write(failingAt(50_000), target))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("stopped at message 50000");
    assertThat(target).doesNotExist();
    assertThat(files()).isEmpty();
  }

  @Test
  void aGeneratorThatFailsHalfway_leavesAnOlderTargetUntouched() throws IOException {
    Path target = tmp.resolve("big.json");
    Files.writeString(target, "the old file\n");
    assertThatThrownBy(() -> InstanceWriter.write(failingAt(70_000), target))
        .isInstanceOf(IllegalStateException.class);
    assertThat(Files.readString(target)).isEqualTo("the old file\n");
    assertThat(files()).containsExactly(target);
  }

  @Test
  void aCsvWriteThatFailsHalfway_leavesNoFileEither() throws IOException {
    Path target = tmp.resolve("buffers.csv");
    int[] next = {0};
    assertThatThrownBy(
            () ->
                DsaCsv.write(
                    100_000,
                    () -> {
                      int i = next[0]++;
                      if (i == 60_000) {
                        throw new IllegalStateException("stopped");
                      }
                      return new DsaCsv.Buffer("b" + i, i, i + 5, 8);
                    },
                    target))
        .isInstanceOf(IllegalStateException.class);
    assertThat(files()).isEmpty();
  }

  @Test
  void aWholeStreamedWrite_isTheTextOfItsMessages_withNoTemporaryFileLeft() throws IOException {
    Path target = tmp.resolve("whole.json");
    InstanceWriter.write(failingAt(-1), target);
    assertThat(files()).containsExactly(target);
    List<String> lines = Files.readAllLines(target);
    assertThat(lines)
        .contains(
            "    { \"id\": \"m99999\", \"from\": 99, \"to\": 100, \"length\": 5 }"); // 1 + 99999 %
    // 7
  }
}
