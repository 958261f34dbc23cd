package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * The command line stays as small as before the Spark runner (issue 25): Spark lives in the {@code
 * spark} module only, never on this module's classpath (and so never in {@code cli/target/lib},
 * which the launcher runs).
 */
class NoSparkOnClasspathTest {
  @Test
  void sparkIsNotOnTheClasspathOfTheCommandLine() {
    assertThatThrownBy(() -> Class.forName("org.apache.spark.SparkConf"))
        .isInstanceOf(ClassNotFoundException.class);
    assertThatThrownBy(() -> Class.forName("scala.Function1"))
        .isInstanceOf(ClassNotFoundException.class);
  }
}
