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
import org.commsched.core.time.TimeScale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class DsaCsvTest {
  @TempDir Path dir;

  private Path csv(String name, String text) throws Exception {
    Path f = dir.resolve(name);
    Files.writeString(f, text);
    return f;
  }

  @Test
  void read_buildsDsaOnUla_withCompressedCoordinates() throws Exception {
    Path f = csv("buffers.csv", "id,lower,upper,size\nb0,0,3,4\nb1,2,7,1\n\nb2,5,9,2\n");
    Instance x = DsaCsv.read(f);
    assertThat(x.name()).isEqualTo("buffers");
    assertThat(x.problem()).isInstanceOf(Problem.Dsa.class);
    // distinct times 0, 2, 3, 5, 7, 9 become nodes 0..5
    assertThat(x.network().topology()).isEqualTo(new Topology.Ula(6));
    assertThat(x.model()).isEqualTo(Fixtures.ALL_PORTS);
    assertThat(x.messages())
        .containsExactly(
            new Message("b0", 0, 2, 4), new Message("b1", 1, 4, 1), new Message("b2", 3, 5, 2));
    // InstanceReader dispatches .csv files here
    Fixtures.assertSameInstance(InstanceReader.read(f), x);
  }

  @Test
  void writeOffsets_thenReadBack() throws Exception {
    Path f = csv("buffers.csv", "id,lower,upper,size\r\nb0,0,3,4\r\n\"b,1\",2,7,1\r\n");
    DsaCsv.Buffers bs = DsaCsv.load(f);
    Instance x = bs.instance();
    Map<String, Long> slots = new LinkedHashMap<>();
    slots.put("b0", 0L);
    slots.put("b,1", 4L);
    SolveResult r =
        new SolveResult(
            "first-fit",
            SolveStatus.FEASIBLE,
            new Schedule.Slots(slots),
            5L,
            new LowerBound(5, "load", "time 2 holds 5"),
            TimeScale.UNIT,
            Map.of());
    Path out = dir.resolve("out.csv");
    DsaCsv.writeOffsets(bs, r, out);
    assertThat(Files.readString(out))
        .isEqualTo("id,lower,upper,size,offset\nb0,0,3,4,0\n\"b,1\",2,7,1,4\n");
    // the output is itself a valid input (offset column ignored) and its offsets read back as slots
    Fixtures.assertSameInstance(
        DsaCsv.read(out), new Instance("out", x.problem(), x.model(), x.network()));
    assertThat(DsaCsv.readOffsets(out, x)).isEqualTo(new Schedule.Slots(slots));
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files).containsExactlyInAnyOrder(f, out);
    }
  }

  /**
   * The ids written without the CSV printer ({@link DsaCsv#plain}) are exactly ones the printer
   * leaves unquoted: seeded ids over letters, digits, punctuation, spaces and line breaks, each
   * judged by commons-csv itself.
   */
  @Test
  void plainIds_areThoseTheCsvPrinterWritesAsTheyAre() throws Exception {
    org.apache.commons.csv.CSVFormat format =
        org.apache.commons.csv.CSVFormat.DEFAULT.builder().setRecordSeparator("\n").get();
    String alphabet = "aZ09_.-,\" #'!\r\n\tx~/é";
    java.util.SplittableRandom r =
        new java.util.SplittableRandom(org.commsched.core.testing.Seeds.seed(0));
    int plain = 0;
    for (int k = 0; k < 5000; k++) {
      StringBuilder id = new StringBuilder();
      for (int n = r.nextInt(5); n > 0; n--) {
        id.append(alphabet.charAt(r.nextInt(alphabet.length())));
      }
      String printed = format.format(id.toString(), 1L);
      if (DsaCsv.plain(id.toString())) {
        plain++;
        assertThat(printed).as("id [%s]", id).isEqualTo(id + ",1");
      }
    }
    assertThat(plain).as("plain ids drawn").isGreaterThan(100);
    for (String quoted : List.of("", " b", "b ", "#b", "a,b", "a\"b", "a\nb", "!b")) {
      assertThat(DsaCsv.plain(quoted)).as("[%s]", quoted).isFalse();
    }
  }

  @Test
  void hugeAndNegativeTimes_compressToASmallUla_andWriteBackUnchanged() throws Exception {
    // MiniMalloc-style times far beyond an int; half-open: a ends where b starts, so they do not
    // overlap
    Path f =
        csv(
            "huge.csv",
            "id,lower,upper,size\na,-1000000000000,1000000000000,8\nb,1000000000000,"
                + "3000000000000,5\nc,-1000000000000,2000000000000,2\n");
    DsaCsv.Buffers bs = DsaCsv.load(f);
    Instance x = bs.instance();
    assertThat(x.network().topology()).isEqualTo(new Topology.Ula(4));
    assertThat(x.messages())
        .containsExactly(
            new Message("a", 0, 1, 8), new Message("b", 1, 3, 5), new Message("c", 0, 2, 2));
    assertThat(bs.buffers())
        .containsExactly(
            new DsaCsv.Buffer("a", -1_000_000_000_000L, 1_000_000_000_000L, 8),
            new DsaCsv.Buffer("b", 1_000_000_000_000L, 3_000_000_000_000L, 5),
            new DsaCsv.Buffer("c", -1_000_000_000_000L, 2_000_000_000_000L, 2));
    Map<String, Long> slots = new LinkedHashMap<>();
    slots.put("a", 2L);
    slots.put("b", 0L);
    slots.put("c", 0L);
    SolveResult r =
        new SolveResult(
            "x",
            SolveStatus.FEASIBLE,
            new Schedule.Slots(slots),
            10L,
            null,
            TimeScale.UNIT,
            Map.of());
    Path out = dir.resolve("huge.out.csv");
    DsaCsv.writeOffsets(bs, r, out);
    assertThat(Files.readString(out))
        .isEqualTo(
            "id,lower,upper,size,offset\n"
                + "a,-1000000000000,1000000000000,8,2\nb,1000000000000,3000000000000,5,0\n"
                + "c,-1000000000000,2000000000000,2,0\n");
    assertThat(DsaCsv.readOffsets(out, bs)).isEqualTo(new Schedule.Slots(slots));
  }

  @Test
  void readOffsets_rejectsAnotherInstancesRows() throws Exception {
    DsaCsv.Buffers bs = DsaCsv.load(csv("in.csv", "id,lower,upper,size\nb0,0,3,4\nb1,2,7,1\n"));
    Path other = csv("other.csv", "id,lower,upper,size,offset\nb0,0,3,4,0\nb1,2,8,1,4\n");
    InstanceFormatException e =
        catchThrowableOfType(InstanceFormatException.class, () -> DsaCsv.readOffsets(other, bs));
    assertThat(e.place()).isEqualTo("line 3");
    assertThat(e.oneLine()).contains("[2, 8)").contains("matching instance");
    Path twice = csv("twice.csv", "id,lower,upper,size,offset\nb0,0,3,4,0\nb0,0,3,4,1\n");
    assertThat(
            catchThrowableOfType(InstanceFormatException.class, () -> DsaCsv.readOffsets(twice, bs))
                .oneLine())
        .contains("line 3")
        .contains("twice");
  }

  @Test
  void writeOffsets_needsSlots() {
    Instance x =
        Fixtures.instance(
            "d",
            new Problem.Dsa(List.of(new Message("b", 0, 1, 1))),
            Fixtures.ALL_PORTS,
            new Topology.Ula(2));
    SolveResult unknown =
        new SolveResult("x", SolveStatus.UNKNOWN, null, null, null, TimeScale.UNIT, Map.of());
    assertThatThrownBy(() -> DsaCsv.offsetsCsv(DsaCsv.Buffers.of(x), unknown))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no schedule");
  }

  static Stream<Arguments> badFiles() {
    return Stream.of(
        Arguments.of("id,start,end,size\nb0,0,3,4\n", "line 1", "header"),
        Arguments.of("id,lower,upper,size\nb0,0,3,4\nb1,5,5,1\n", "line 3", "lower < upper"),
        Arguments.of("id,lower,upper,size\nb0,4,3,4\n", "line 2", "lower < upper"),
        Arguments.of("id,lower,upper,size\nb0,0,3,0\n", "line 2", "size 0"),
        Arguments.of("id,lower,upper,size\nb0,0,3,-2\n", "line 2", "size -2"),
        Arguments.of("id,lower,upper,size\nb0,0,3.5,2\n", "line 2", "not an integer"),
        Arguments.of("id,lower,upper,size\nb0,0,3,99999999999999999999\n", "line 2", "2^63-1"),
        Arguments.of("id,lower,upper,size\nb0,0,3\n", "line 2", "expected 4 values"),
        Arguments.of(
            "id,lower,upper,size\nb0,0,3,1\nb1,x,4,1\n", "line 3", "lower \"x\" is not an integer"),
        Arguments.of("id,lower,upper,size\nb0,0,3,1\n\nb0,1,2,1\n", "line 4", "used twice"),
        Arguments.of("id,lower,upper,size\n,0,3,1\n", "line 2", "id is empty"),
        Arguments.of("id,lower,upper,size\n", "line 2", "no buffers"),
        Arguments.of("id,lower,upper,size\n\"b0,0,3,1\n", "line 2", "invalid CSV"));
  }

  @ParameterizedTest
  @MethodSource("badFiles")
  void badCsv_namesFileAndLine(String text, String place, String fragment) throws Exception {
    Path f = csv("bad.csv", text);
    InstanceFormatException e =
        catchThrowableOfType(InstanceFormatException.class, () -> DsaCsv.read(f));
    assertThat(e).as(text).isNotNull();
    BadInputTest.assertOneLine(e, f.toString());
    assertThat(e.place()).as(e.oneLine()).isEqualTo(place);
    assertThat(e.oneLine()).contains(fragment);
  }

  @Test
  void emptyAndMissingFiles() throws Exception {
    Path empty = csv("empty.csv", "");
    assertThat(
            catchThrowableOfType(InstanceFormatException.class, () -> DsaCsv.read(empty)).oneLine())
        .contains("empty");
    Path missing = dir.resolve("missing.csv");
    assertThat(
            catchThrowableOfType(InstanceFormatException.class, () -> DsaCsv.read(missing))
                .oneLine())
        .contains("no such file");
  }
}
