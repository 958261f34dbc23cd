package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The study file of {@code ratios --study} (docs/FORMATS.md#study-files): the reader turns a sweep
 * object into {@code --generate}'s text and a relative directory into one beside the file, and it
 * accepts exactly the documents that the published schema {@code schemas/study.schema.json} accepts
 * (so the schema is the contract and the reader's one-line errors follow it).
 */
class StudyFileTest {
  @TempDir Path tmp;

  private Path write(String name, String json) throws IOException {
    Path f = tmp.resolve(name);
    Files.writeString(f, json);
    return f;
  }

  private static Schema schema() throws IOException {
    try (InputStream in = StudyFileTest.class.getResourceAsStream("/schemas/study.schema.json")) {
      JsonNode root = RatioRow.LINES.readTree(in);
      return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
          .getSchema(SchemaLocation.of(root.get("$id").asString()), root);
    }
  }

  @Test
  void aSweepObjectReadsAsTheGenerateText_andTheSettingsAsWritten() throws IOException {
    StudyFile s =
        StudyFile.read(
            write(
                "s.json",
                "{\"sweep\": {\"problem\": \"chatting\", \"family\": \"ula\", "
                    + "\"sizes\": [4, 5], \"messages\": \"n\", \"lengths\": \"uniform:1..3\", \"seeds\": \"1..3\"}, "
                    + "\"methods\": [\"greedy\", \"choco\"], \"timeLimit\": 2.5, \"jobs\": 3}"));
    assertThat(s.sweep())
        .isEqualTo(
            "problem=chatting family=ula sizes=4,5 messages=n lengths=uniform:1..3 seeds=1..3");
    assertThat(s.instances()).isNull();
    assertThat(s.methods()).containsExactly("greedy", "choco");
    assertThat(s.timeLimit()).isEqualByComparingTo(new BigDecimal("2.5"));
    assertThat(s.jobs()).isEqualTo(3);
  }

  @Test
  void aRelativeDirectoryIsReadBesideTheStudyFile() throws IOException {
    Files.createDirectories(tmp.resolve("sub"));
    StudyFile s = StudyFile.read(write("sub/s.json", "{\"instances\": \"../catalogue\"}"));
    assertThat(s.instances()).isEqualTo(tmp.resolve("catalogue").toAbsolutePath().normalize());
    assertThat(s.sweep()).isNull();
    assertThat(s.methods()).isNull();
    assertThat(s.timeLimit()).isNull();
    assertThat(s.jobs()).isNull();
  }

  @Test
  void theReaderAcceptsExactlyWhatTheSchemaAccepts() throws IOException {
    Schema schema = schema();
    List<String> good =
        List.of(
            "{\"instances\": \"dir\"}",
            "{\"sweep\": \"problem=chatting family=ula sizes=4 seeds=1\", \"methods\": [\"greedy\"]}",
            "{\"sweep\": {\"problem\": \"scatter\", \"sizes\": 6, \"seeds\": [1, 2]}, \"timeLimit\": 0.5, \"jobs\": 1}",
            "{\"$schema\": \"https://commsched.org/schemas/study.schema.json\", \"description\": \"x\", "
                + "\"instances\": \"d\"}");
    List<String> bad =
        List.of(
            "{}",
            "[]",
            "{\"instances\": \"d\", \"sweep\": \"problem=chatting\"}",
            "{\"instances\": \"d\", \"colour\": 1}",
            "{\"instances\": \"   \"}",
            "{\"instances\": 3}",
            "{\"sweep\": 3}",
            "{\"sweep\": {\"size\": [4]}}",
            "{\"sweep\": {\"sizes\": []}}",
            "{\"sweep\": {\"sizes\": [4.5]}}",
            "{\"sweep\": {\"lengths\": \"uniform: 1..3\"}}",
            "{\"sweep\": {\"lengths\": true}}",
            "{\"instances\": \"d\", \"methods\": []}",
            "{\"instances\": \"d\", \"methods\": \"greedy\"}",
            "{\"instances\": \"d\", \"methods\": [\"\"]}",
            "{\"instances\": \"d\", \"timeLimit\": 0}",
            "{\"instances\": \"d\", \"timeLimit\": \"5\"}",
            "{\"instances\": \"d\", \"jobs\": 0}",
            "{\"instances\": \"d\", \"jobs\": 1.5}",
            "{\"instances\": \"d\", \"description\": 7}");
    for (String doc : good) {
      assertThat(schema.validate(RatioRow.LINES.readTree(doc))).as(doc).isEmpty();
      StudyFile.read(write("good.json", doc));
    }
    for (String doc : bad) {
      assertThat(schema.validate(RatioRow.LINES.readTree(doc))).as(doc).isNotEmpty();
      Path f = write("bad.json", doc);
      assertThatThrownBy(() -> StudyFile.read(f))
          .as(doc)
          .isInstanceOf(BadInputException.class)
          .hasMessageStartingWith("commsched ratios: " + f)
          .hasMessageContaining("; ")
          .satisfies(
              e -> assertThat(e.getMessage()).doesNotContain("\n").doesNotContain("Exception"));
    }
  }

  @Test
  void aMistakeIsNamedByItsJsonPointer() throws IOException {
    Path f = write("s.json", "{\"sweep\": {\"problem\": \"chatting\", \"sizes\": [4, \"x\"]}}");
    assertThatThrownBy(() -> StudyFile.read(f))
        .hasMessageContaining(f + " at /sweep/sizes/1: not a whole number");
    Path g = write("t.json", "{\"instances\": \"d\", \"jobs\": -1}");
    assertThatThrownBy(() -> StudyFile.read(g)).hasMessageContaining(g + " at /jobs: ");
    Path h = write("u.json", "{\"instances\": \"d\",\n  \"jobs\": }");
    assertThatThrownBy(() -> StudyFile.read(h))
        .hasMessageContaining(h + ": is not JSON at line 2, column");
  }
}
