package org.commsched.instances.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class DsaCsvTest {
  @TempDir
  Path dir;

  private Path csv(String name, String text) throws Exception {
    Path f = dir.resolve(name);
    Files.writeString(f, text);
    return f;
  }

  @Test
  void read_buildsDsaOnUla_withRawCoordinates() throws Exception {
    Path f = csv("buffers.csv", "id,lower,upper,size\nb0,0,3,4\nb1,2,7,1\n\nb2,5,9,2\n");
    Instance x = DsaCsv.read(f);
    assertThat(x.name()).isEqualTo("buffers");
    assertThat(x.problem()).isInstanceOf(Problem.Dsa.class);
    assertThat(x.network().topology()).isEqualTo(new Topology.Ula(10)); // max upper 9, plus one
    assertThat(x.model()).isEqualTo(Fixtures.ALL_PORTS);
    assertThat(x.messages()).containsExactly(new Message("b0", 0, 3, 4), new Message("b1", 2, 7, 1),
        new Message("b2", 5, 9, 2));
    // InstanceReader dispatches .csv files here
    Fixtures.assertSameInstance(InstanceReader.read(f), x);
  }

  @Test
  void writeOffsets_thenReadBack() throws Exception {
    Path f = csv("buffers.csv", "id,lower,upper,size\r\nb0,0,3,4\r\n\"b,1\",2,7,1\r\n");
    Instance x = DsaCsv.read(f);
    Map<String, Long> slots = new LinkedHashMap<>();
    slots.put("b0", 0L);
    slots.put("b,1", 4L);
    SolveResult r = new SolveResult("first-fit", SolveStatus.FEASIBLE, new Schedule.Slots(slots), 5L,
        new LowerBound(5, "load", "time 2 holds 5"), Map.of());
    Path out = dir.resolve("out.csv");
    DsaCsv.writeOffsets(x, r, out);
    assertThat(Files.readString(out)).isEqualTo("id,lower,upper,size,offset\nb0,0,3,4,0\n\"b,1\",2,7,1,4\n");
    // the output is itself a valid input (offset column ignored) and its offsets read back as slots
    Fixtures.assertSameInstance(DsaCsv.read(out), new Instance("out", x.problem(), x.model(), x.network()));
    assertThat(DsaCsv.readOffsets(out, x)).isEqualTo(new Schedule.Slots(slots));
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files).containsExactlyInAnyOrder(f, out);
    }
  }

  @Test
  void writeOffsets_needsSlots() {
    Instance x = Fixtures.instance("d", new Problem.Dsa(List.of(new Message("b", 0, 1, 1))), Fixtures.ALL_PORTS,
        new Topology.Ula(2));
    SolveResult unknown = new SolveResult("x", SolveStatus.UNKNOWN, null, null, null, Map.of());
    assertThatThrownBy(() -> DsaCsv.offsetsCsv(x, unknown)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no schedule");
  }

  static Stream<Arguments> badFiles() {
    return Stream.of(
        Arguments.of("id,start,end,size\nb0,0,3,4\n", "line 1", "header"),
        Arguments.of("id,lower,upper,size\nb0,0,3,4\nb1,5,5,1\n", "line 3", "lower < upper"),
        Arguments.of("id,lower,upper,size\nb0,4,3,4\n", "line 2", "lower < upper"),
        Arguments.of("id,lower,upper,size\nb0,0,3,0\n", "line 2", "size 0"),
        Arguments.of("id,lower,upper,size\nb0,0,3,-2\n", "line 2", "size -2"),
        Arguments.of("id,lower,upper,size\nb0,-1,3,2\n", "line 2", "negative"),
        Arguments.of("id,lower,upper,size\nb0,0,3.5,2\n", "line 2", "not an integer"),
        Arguments.of("id,lower,upper,size\nb0,0,3,99999999999999999999\n", "line 2", "2^63-1"),
        Arguments.of("id,lower,upper,size\nb0,0,3\n", "line 2", "expected 4 values"),
        Arguments.of("id,lower,upper,size\nb0,0,50000000,1\n", "line 2", "50000000"),
        Arguments.of("id,lower,upper,size\nb0,0,3,1\n\nb0,1,2,1\n", "line 4", "used twice"),
        Arguments.of("id,lower,upper,size\n,0,3,1\n", "line 2", "id is empty"),
        Arguments.of("id,lower,upper,size\n", "line 2", "no buffers"),
        Arguments.of("id,lower,upper,size\n\"b0,0,3,1\n", "line 2", "invalid CSV"));
  }

  @ParameterizedTest
  @MethodSource("badFiles")
  void badCsv_namesFileAndLine(String text, String place, String fragment) throws Exception {
    Path f = csv("bad.csv", text);
    InstanceFormatException e = catchThrowableOfType(InstanceFormatException.class, () -> DsaCsv.read(f));
    assertThat(e).as(text).isNotNull();
    BadInputTest.assertOneLine(e, f.toString());
    assertThat(e.place()).as(e.oneLine()).isEqualTo(place);
    assertThat(e.oneLine()).contains(fragment);
  }

  @Test
  void emptyAndMissingFiles() throws Exception {
    Path empty = csv("empty.csv", "");
    assertThat(catchThrowableOfType(InstanceFormatException.class, () -> DsaCsv.read(empty)).oneLine())
        .contains("empty");
    Path missing = dir.resolve("missing.csv");
    assertThat(catchThrowableOfType(InstanceFormatException.class, () -> DsaCsv.read(missing)).oneLine())
        .contains("no such file");
  }
}
