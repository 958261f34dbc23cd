package org.commsched.instances.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {
  @TempDir Path dir;

  @Test
  void writeString_replacesTarget_andLeavesNoTemporaryFile() throws Exception {
    Path f = dir.resolve("x.json");
    AtomicFiles.writeString(f, "first");
    AtomicFiles.writeString(f, "second, longer content é");
    assertThat(Files.readString(f)).isEqualTo("second, longer content é");
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files).containsExactly(f);
    }
  }

  @Test
  void missingDirectory_isOneLineError_andCreatesNothing() {
    Path f = dir.resolve("no/such/dir/x.json");
    InstanceFormatException e =
        catchThrowableOfType(InstanceFormatException.class, () -> AtomicFiles.writeString(f, "x"));
    BadInputTest.assertOneLine(e, f.toString());
    assertThat(e.oneLine()).contains("does not exist");
    assertThat(Files.exists(dir.resolve("no"))).isFalse();
  }

  @Test
  void targetIsDirectory_isOneLineError_andKeepsIt() throws Exception {
    Path d = Files.createDirectory(dir.resolve("out.json"));
    Files.writeString(d.resolve("inside"), "keep");
    InstanceFormatException e =
        catchThrowableOfType(InstanceFormatException.class, () -> AtomicFiles.writeString(d, "x"));
    assertThat(e.oneLine()).contains("is a directory");
    assertThat(Files.readString(d.resolve("inside"))).isEqualTo("keep");
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files).containsExactly(d);
    }
  }

  @Test
  void relativeTarget_isResolvedAgainstTheWorkingDirectory() throws Exception {
    Path rel = Path.of("target", "atomic-files-test.tmp.json");
    try {
      AtomicFiles.writeString(rel, "{}");
      assertThat(Files.readString(rel)).isEqualTo("{}");
    } finally {
      Files.deleteIfExists(rel);
    }
  }

  /**
   * The written file gets the mode any new file gets here (the umask's), not a temporary file's
   * 0600.
   */
  @Test
  void writtenFile_hasTheUmasksMode() throws Exception {
    Path plain = Files.createFile(dir.resolve("plain"));
    Path f = dir.resolve("x.json");
    AtomicFiles.writeString(f, "content");
    assertThat(Files.getPosixFilePermissions(f)).isEqualTo(Files.getPosixFilePermissions(plain));
  }

  /**
   * A temporary file a killed run left (its pid no longer running) goes with the next write of the
   * same target; one of a running writer (this JVM's pid) and other files stay.
   */
  @Test
  void staleTemporaryFileOfADeadWriter_isRemovedByTheNextWrite() throws Exception {
    long dead = deadPid();
    Path stale = Files.writeString(dir.resolve(".x.json." + dead + ".abc.tmp"), "half");
    Path live =
        Files.writeString(
            dir.resolve(".x.json." + ProcessHandle.current().pid() + ".abc.tmp"), "busy");
    Path other = Files.writeString(dir.resolve(".y.json." + dead + ".abc.tmp"), "another target's");
    Path f = dir.resolve("x.json");
    AtomicFiles.writeString(f, "content");
    assertThat(stale).doesNotExist();
    assertThat(live).exists();
    assertThat(other).exists();
    assertThat(Files.readString(f)).isEqualTo("content");
  }

  /** A pid no process has: one past the largest running one, checked. */
  private static long deadPid() {
    long pid = ProcessHandle.allProcesses().mapToLong(ProcessHandle::pid).max().orElse(1) + 1;
    while (ProcessHandle.of(pid).isPresent()) {
      pid++;
    }
    return pid;
  }
}
