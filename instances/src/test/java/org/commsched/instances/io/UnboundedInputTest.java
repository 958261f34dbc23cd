package org.commsched.instances.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Input that never ends or is larger than the heap can hold (issue 28 item 3): every reader reads
 * through {@link Inputs#readBytes}, which measures a regular file before reading it and reads
 * anything else in chunks up to {@link Inputs#maxBytes()}, refusing at the first NUL byte. The
 * preemptive timeout only stops a reader that would read forever; it is not a speed claim.
 */
class UnboundedInputTest {
  @TempDir Path tmp;

  @Test
  void aDeviceThatNeverEnds_isRefusedAtItsFirstNulByte() {
    Path zero = Path.of("/dev/zero");
    assumeTrue(Files.isReadable(zero), "needs /dev/zero");
    InstanceFormatException e =
        assertTimeoutPreemptively(
            Duration.ofSeconds(60),
            () ->
                catchThrowableOfType(
                    InstanceFormatException.class, () -> InstanceReader.read(zero)));
    assertThat(e).isNotNull();
    assertThat(e.oneLine())
        .isEqualTo(
            "/dev/zero: holds a NUL byte at byte 0, so it is not an instance file (not a "
                + "text file); give the path of a text file");
  }

  @Test
  void aFileLargerThanAQuarterOfTheHeap_isRefusedBeforeItIsRead() throws IOException {
    Path big = tmp.resolve("big.json");
    long size = Inputs.maxBytes() + 1;
    try (RandomAccessFile f = new RandomAccessFile(big.toFile(), "rw")) {
      f.setLength(size); // sparse: no disk used, and it is never read
    }
    InstanceFormatException e =
        catchThrowableOfType(InstanceFormatException.class, () -> InstanceReader.read(big));
    assertThat(e).isNotNull();
    assertThat(e.oneLine())
        .startsWith(big + ": the file is too large for this run: ")
        .contains(
            ", at most "
                + String.format(
                    java.util.Locale.ROOT, "%,d MB", (Inputs.maxBytes() + (1 << 20) - 1) >> 20))
        .endsWith("or split the file")
        .contains("JAVA_OPTS=-Xmx");
  }

  @Test
  void theLimit_isAQuarterOfTheHeap() {
    assertThat(Inputs.maxBytes())
        .isEqualTo(Math.min(Integer.MAX_VALUE - 8, Runtime.getRuntime().maxMemory() / 4));
  }
}
