package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README is a user's page, not a lab notebook (issue 26): about 200 lines, no commit hashes or
 * load averages (measurements live in docs/BENCHMARKS.md with their commit, date and machine, their
 * history in CHANGELOG.md), and every relative link it gives leads to a file of the repository.
 */
class ReadmeShapeTest {

  private static final Path ROOT = CliTest.CATALOGUE.getParent().getParent();
  private static final Pattern COMMIT =
      Pattern.compile("\\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}\\b");
  private static final Pattern LINK = Pattern.compile("\\]\\(([^)#:]+)(#[^)]*)?\\)");

  private static List<String> readme() throws IOException {
    return Files.readAllLines(ROOT.resolve("README.md"), StandardCharsets.UTF_8);
  }

  @Test
  void theReadmeStaysAboutTwoHundredLines() throws IOException {
    assertThat(readme().size()).as("README.md lines").isLessThanOrEqualTo(220);
  }

  @Test
  void theReadmeQuotesNoCommitHashAndNoLoadAverage() throws IOException {
    for (String line : readme()) {
      assertThat(COMMIT.matcher(line).find()).as("commit hash in: %s", line).isFalse();
      assertThat(line.toLowerCase()).as("README line").doesNotContain("load average");
    }
  }

  @Test
  void everyRelativeLinkOfTheReadmeLeadsToAFile() throws IOException {
    int links = 0;
    for (String line : readme()) {
      var m = LINK.matcher(line);
      while (m.find()) {
        links++;
        assertThat(ROOT.resolve(m.group(1))).as("link target of: %s", line).exists();
      }
    }
    assertThat(links).as("relative links found").isGreaterThan(10);
  }
}
