package org.commsched.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A library user's application without an SLF4J provider reads and solves an instance in silence:
 * SLF4J's "No SLF4J providers were found" reminder, which the schema validator's first logger would
 * print, stays off (docs/EMBEDDING.md#logging); an application that sets SLF4J's verbosity itself
 * gets what it asked for.
 */
class NoLoggingNoiseTest {

  /**
   * What a child JVM running {@link Main} on the class path of this module, without any SLF4J
   * provider, prints.
   */
  static String[] run(String... jvmOptions) throws Exception {
    String cp =
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    List<String> kept = new ArrayList<>();
    for (String e : cp.split(File.pathSeparator)) {
      if (!e.contains("slf4j-simple") && !e.contains("logback")) {
        kept.add(e);
      }
    }
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(List.of(jvmOptions));
    cmd.addAll(
        List.of(
            "-cp",
            String.join(File.pathSeparator, kept),
            Main.class.getName(),
            CommschedTest.CATALOGUE.resolve("chat-oracle-a-ula5.json").toString()));
    Process p = new ProcessBuilder(cmd).start();
    byte[] out = p.getInputStream().readAllBytes();
    byte[] err = p.getErrorStream().readAllBytes();
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    return new String[] {
      new String(out, StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8)
    };
  }

  @Test
  void anApplicationWithoutALoggingProviderSeesNothingOnStderr() throws Exception {
    String[] r = run();
    assertThat(r[0]).startsWith("makespan ");
    assertThat(r[1]).isEmpty();
  }

  @Test
  void anApplicationThatSetsSlf4jsVerbosityIsLeftAlone() throws Exception {
    String[] r = run("-Dslf4j.internal.verbosity=WARN");
    assertThat(r[0]).startsWith("makespan ");
    assertThat(r[1]).contains("No SLF4J providers were found");
  }

  /** The application: reads an instance and solves it with a heuristic. */
  public static final class Main {
    public static void main(String[] args) {
      Solution s =
          Commsched.solve(
              Commsched.read(Path.of(args[0])), "greedy", java.time.Duration.ofSeconds(5));
      System.out.println("makespan " + s.makespan().orElseThrow());
    }
  }
}
