package org.commsched.core.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Every violation code is documented, with its rule, in the package javadoc. */
class KindDocumentationTest {

  @Test
  void everyKind_isInThePackageJavadocTable() throws IOException {
    String doc =
        Files.readString(Path.of("src/main/java/org/commsched/core/check/package-info.java"));
    for (Kind k : Kind.values()) {
      assertThat(doc)
          .as("package-info.java documents %s", k)
          .contains("<td>{@code " + k.name() + "}</td>");
    }
  }
}
