package org.commsched.instances.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Files;
import java.nio.file.Path;
import org.commsched.core.model.Instance;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The optional network {@code labels} (docs/FORMATS.md, docs/models/README.md#node-labels): read,
 * written, refused.
 */
class NetworkLabelsIoTest {
  static final String LABELLED =
      "{\"format\": \"commsched-instance/1\", \"name\": \"e\", \"problem\": \"chatting\","
          + " \"model\": {\"kind\": \"bufferless\", \"ports\": \"all\"}, \"network\": {\"nodes\": 3, \"links\": [[0, 1], [1, 2]],"
          + " \"labels\": [\"paris\", \"lyon\", \"nice\"]}, \"messages\": [{\"id\": \"m0\", \"from\": 0, \"to\": 2, \"length\": 1}]}";

  @TempDir Path dir;

  @Test
  void labelsSurviveWriteAndRead_onFileAndStringPaths() throws Exception {
    Instance a = InstanceReader.parse(LABELLED, "e.json");
    assertThat(a.network().labels()).containsExactly("paris", "lyon", "nice");
    Path f = dir.resolve("e.json");
    InstanceWriter.write(a, f);
    assertThat(Files.readString(f)).contains("\"labels\": [\"paris\", \"lyon\", \"nice\"]");
    Instance b = InstanceReader.read(f);
    assertThat(b.network().labels()).containsExactly("paris", "lyon", "nice");
    assertThat(b.messages()).isEqualTo(a.messages());
  }

  @Test
  void aNamedFamily_mayCarryLabelsToo() {
    String ring =
        LABELLED.replace(
            "\"nodes\": 3, \"links\": [[0, 1], [1, 2]],", "\"family\": \"ring\", \"nodes\": 3,");
    assertThat(InstanceReader.parse(ring, "r.json").network().labels())
        .containsExactly("paris", "lyon", "nice");
  }

  @Test
  void withoutLabels_nothingIsWritten() {
    String plain = LABELLED.replace(", \"labels\": [\"paris\", \"lyon\", \"nice\"]", "");
    Instance p = InstanceReader.parse(plain, "p.json");
    assertThat(p.network().labels()).isEmpty();
    assertThat(InstanceWriter.toJson(p)).doesNotContain("labels");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "count mismatch|[\"paris\", \"lyon\"]|/network/labels|the network has 3 nodes but 2 labels",
        "duplicate|[\"paris\", \"lyon\", \"paris\"]|/network/labels/2|nodes 0 and 2 are both labelled \"paris\"",
        "non-string|[\"paris\", 7, \"nice\"]|/network/labels/1|expected a string",
        "empty name|[\"paris\", \"\", \"nice\"]|/network/labels/1|must not be empty",
        "empty list|[]|/network/labels|leave \"labels\" out",
        "not a list|\"paris\"|/network/labels|expected an array"
      })
  void badLabels_oneLineWithFilePlaceAndFix(
      String name, String labels, String place, String fragment) throws Exception {
    String json = LABELLED.replace("[\"paris\", \"lyon\", \"nice\"]", labels);
    Path f = dir.resolve("bad.json");
    Files.writeString(f, json);
    InstanceFormatException e =
        catchThrowableOfType(InstanceFormatException.class, () -> InstanceReader.read(f));
    assertThat(e).as(name).isNotNull();
    BadInputTest.assertOneLine(e, f.toString());
    assertThat(e.place()).as(e.oneLine()).isEqualTo(place);
    assertThat(e.oneLine()).contains(fragment);
  }
}
