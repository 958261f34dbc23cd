package org.commsched.instances.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A SIGTERM to a JVM in the middle of {@link AtomicFiles#writeText} (no signal handler of ours
 * installed: the JVM's default, which runs the shutdown hooks and exits 143) leaves neither the
 * target nor the temporary file: the hook {@code AtomicFiles} stands by with removes it.
 */
class AtomicFilesSignalTest {
  @TempDir Path tmp;

  /**
   * Run as a JVM of its own: writes {@code args[0]} through AtomicFiles without end, a line a
   * millisecond.
   */
  public static void main(String[] args) {
    AtomicFiles.writeText(
        Path.of(args[0]),
        w -> {
          while (true) {
            w.write("one more line of an endless file\n");
            w.flush();
            try {
              Thread.sleep(1);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
              return;
            }
          }
        });
  }

  private List<Path> files() throws IOException {
    try (Stream<Path> s = Files.list(tmp)) {
      return s.toList();
    }
  }

  @Test
  void aSigtermWhileWriting_leavesNeitherTheTargetNorTheTemporaryFile() throws Exception {
    Path target = tmp.resolve("endless.txt");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p =
        new ProcessBuilder(
                java,
                "-cp",
                System.getProperty("java.class.path"),
                AtomicFilesSignalTest.class.getName(),
                target.toString())
            .redirectErrorStream(true)
            .start();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (files().isEmpty()
          && System.nanoTime() < deadline) { // the temporary file appears once writing starts
        Thread.sleep(50);
      }
      assertThat(files()).as("the writer's temporary file").hasSize(1);
      assertThat(files().get(0).getFileName().toString())
          .startsWith(".endless.txt.")
          .endsWith(".tmp");
      p.destroy(); // SIGTERM
      assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
      assertThat(p.exitValue()).isEqualTo(143);
      assertThat(files()).isEmpty();
    } finally {
      p.destroyForcibly();
    }
  }
}
