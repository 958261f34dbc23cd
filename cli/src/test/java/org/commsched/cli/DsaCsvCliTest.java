package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.cli.CliTest.cat;
import static org.commsched.cli.CliTest.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.commsched.core.testing.Deep;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * DSA / memory-planning CSV through the command line (FORMATS.md "DSA / memory-planning CSV"): a
 * MiniMalloc-style file with times near 10^12 solves with {@code kierstead} and {@code cpsat}, the
 * exported offsets keep the input's ids and times and form a valid packing (checked here,
 * independently of the project's checker), the export reads back (as an input and as a layout for
 * {@code check}); bad files exit 2 with one line naming the file, the line and the fix, and leave
 * no output.
 */
class DsaCsvCliTest {
  static final String MINIMALLOC = "dsa-minimalloc-16.csv";

  @TempDir Path tmp;

  /** One CSV row: id, lower, upper, size and (output files) offset. */
  record Row(String id, long lower, long upper, long size, Long offset) {}

  /**
   * Parses a CSV without quotes (as the catalogue file and our export of it), checking the header.
   */
  static List<Row> rows(Path csv, boolean withOffset) throws IOException {
    List<String> lines = Files.readAllLines(csv);
    assertThat(lines.get(0))
        .isEqualTo(withOffset ? "id,lower,upper,size,offset" : "id,lower,upper,size");
    List<Row> out = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      if (line.isBlank()) {
        continue;
      }
      String[] f = line.split(",", -1);
      assertThat(f).hasSize(withOffset ? 5 : 4);
      out.add(
          new Row(
              f[0],
              Long.parseLong(f[1]),
              Long.parseLong(f[2]),
              Long.parseLong(f[3]),
              withOffset ? Long.parseLong(f[4]) : null));
    }
    return out;
  }

  /**
   * The height of a layout after checking it is a packing: buffers alive at a common time never
   * share an address.
   */
  static long packedHeight(List<Row> layout) {
    long height = 0;
    for (int i = 0; i < layout.size(); i++) {
      Row a = layout.get(i);
      assertThat(a.offset()).as(a.id()).isNotNegative();
      height = Math.max(height, a.offset() + a.size());
      for (int j = i + 1; j < layout.size(); j++) {
        Row b = layout.get(j);
        boolean together = a.lower() < b.upper() && b.lower() < a.upper(); // half-open lifespans
        boolean apart = a.offset() + a.size() <= b.offset() || b.offset() + b.size() <= a.offset();
        assertThat(!together || apart)
            .as(a + " and " + b + " overlap in time and in memory")
            .isTrue();
      }
    }
    return height;
  }

  static long recordedOptimum(String file) throws IOException {
    for (JsonNode row :
        CliTest.MAPPER.readTree(Files.readString(CliTest.CATALOGUE.resolve("manifest.json")))) {
      if (row.get("file").stringValue().equals(file)) {
        return row.get("optimum").asLong();
      }
    }
    throw new AssertionError(file + " is not in the manifest");
  }

  @ParameterizedTest
  @ValueSource(strings = {"kierstead", "cpsat"})
  void minimallocCsv_exportsAValidPackingWithTheInputsIdsAndTimes(String method)
      throws IOException {
    Path out = tmp.resolve(method + ".csv");
    CliTest.Run r =
        run(
            "solve",
            cat(MINIMALLOC),
            "--method",
            method,
            "--out",
            out.toString(),
            "--json",
            "--time-limit",
            "30",
            "--workers",
            "1");
    assertThat(r.code()).as(r.err()).isZero();
    JsonNode j = r.json();
    assertThat(j.get("valid").asBoolean()).isTrue();
    List<Row> input = rows(CliTest.CATALOGUE.resolve(MINIMALLOC), false);
    List<Row> layout = rows(out, true);
    assertThat(layout).hasSameSizeAs(input);
    for (int i = 0; i < input.size(); i++) {
      Row a = input.get(i);
      Row b = layout.get(i);
      assertThat(new Row(b.id(), b.lower(), b.upper(), b.size(), null)).isEqualTo(a);
    }
    long height = packedHeight(layout);
    assertThat(height).isEqualTo(j.get("makespan").asLong());
    long optimum = recordedOptimum(MINIMALLOC);
    assertThat(height).isGreaterThanOrEqualTo(optimum);
    assertThat(j.get("lowerBound").asLong()).isLessThanOrEqualTo(optimum);
    // the load bound's witness names the file's own time, not a compressed time point
    assertThat(j.get("lowerBoundWitness").stringValue()).contains("17000");
    if (method.equals("cpsat")) {
      assertThat(j.get("status").stringValue()).isEqualTo("OPTIMAL");
      assertThat(height).isEqualTo(optimum);
      assertThat(j.get("stats").get("virtualOptimum").asLong()).isEqualTo(optimum);
    }
    // the export is a layout our checker accepts, and itself an input file (offset column ignored)
    assertThat(run("check", cat(MINIMALLOC), out.toString()).code()).isZero();
    CliTest.Run again = run("bounds", out.toString(), "--json");
    assertThat(again.code()).as(again.err()).isZero();
    assertThat(again.json().get("best").get("value").asLong())
        .isEqualTo(j.get("lowerBound").asLong());
  }

  @Test
  void csvToJsonSchedule_checks_andATamperedLayoutIsInvalid() throws IOException {
    Path json = tmp.resolve("m.schedule.json");
    CliTest.Run r =
        run("solve", cat(MINIMALLOC), "--method", "kierstead", "--out", json.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(run("check", cat(MINIMALLOC), json.toString()).code()).isZero();
    Path csv = tmp.resolve("m.csv");
    assertThat(
            run("solve", cat(MINIMALLOC), "--method", "kierstead", "--out", csv.toString()).code())
        .isZero();
    // buf11 and buf12 are both alive during [1700001750000, 1700002000000): give them the same
    // offset
    List<String> lines = new ArrayList<>(Files.readAllLines(csv));
    String buf11 = lines.stream().filter(l -> l.startsWith("buf11,")).findFirst().orElseThrow();
    int k =
        lines.indexOf(lines.stream().filter(l -> l.startsWith("buf12,")).findFirst().orElseThrow());
    lines.set(
        k,
        lines.get(k).substring(0, lines.get(k).lastIndexOf(',') + 1)
            + buf11.substring(buf11.lastIndexOf(',') + 1));
    Path bad = tmp.resolve("tampered.csv");
    Files.write(bad, lines);
    CliTest.Run c = run("check", cat(MINIMALLOC), bad.toString(), "--json");
    assertThat(c.code()).as(c.out() + c.err()).isEqualTo(1);
    assertThat(c.json().get("violations").toString())
        .contains("ARC_CONFLICT")
        .contains("buf11")
        .contains("buf12");
    // the places are the file's times, inside the span both buffers are alive, not the compressed
    // array's arcs
    for (var v : c.json().get("violations")) {
      String place = v.get("place").asText();
      assertThat(place).matches("time \\d+\\.\\.\\d+ \\(compressed arc \\d+->\\d+\\)");
      String[] span = place.substring(5, place.indexOf(' ', 5)).split("\\.\\.");
      assertThat(Long.parseLong(span[0])).isGreaterThanOrEqualTo(1700001750000L);
      assertThat(Long.parseLong(span[1])).isLessThanOrEqualTo(1700002000000L);
    }
    assertThat(run("check", cat(MINIMALLOC), bad.toString()).out())
        .contains("ARC_CONFLICT at time 17");
  }

  @Test
  void chattingVirtualOptimum_viaTheCli() throws IOException {
    // docs/models/bufferless-chatting.md#examples oracle H: S_opt = 3 > C = 2 (T_opt = 5)
    Path out = tmp.resolve("h.schedule.json");
    CliTest.Run r =
        run(
            "solve",
            cat("chat-oracle-h-esm4.json"),
            "--method",
            "choco-virtual",
            "--json",
            "--out",
            out.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.json().get("status").stringValue()).isEqualTo("OPTIMAL");
    assertThat(r.json().get("makespan").asLong()).isEqualTo(3);
    assertThat(r.json().get("stats").get("virtualOptimum").asLong()).isEqualTo(3);
    assertThat(CliTest.MAPPER.readTree(Files.readString(out)).has("slots")).isTrue();
    assertThat(run("check", cat("chat-oracle-h-esm4.json"), out.toString()).code()).isZero();
  }

  static Map<String, String[]> badCsvs() {
    // file content, expected line, a fragment of the fix
    Map<String, String[]> m = new LinkedHashMap<>();
    m.put(
        "header",
        new String[] {
          "id,start,end,size\nb0,0,3,4\n", "line 1", "must be exactly id,lower,upper,size"
        });
    m.put(
        "empty-lifespan",
        new String[] {"id,lower,upper,size\nb0,0,3,4\nb1,5,5,1\n", "line 3", "lower < upper"});
    m.put(
        "zero-size",
        new String[] {"id,lower,upper,size\nb0,0,3,0\n", "line 2", "drop empty buffers"});
    m.put(
        "not-integer",
        new String[] {"id,lower,upper,size\nb0,0,3.5,2\n", "line 2", "write an integer"});
    m.put(
        "too-big",
        new String[] {
          "id,lower,upper,size\nb0,0,3,99999999999999999999\n", "line 2", "use a smaller number"
        });
    m.put("short-row", new String[] {"id,lower,upper,size\nb0,0,3\n", "line 2", "fix the line"});
    m.put(
        "duplicate-id",
        new String[] {"id,lower,upper,size\nb0,0,3,1\n\nb0,1,2,1\n", "line 4", "own id"});
    m.put(
        "empty-id",
        new String[] {"id,lower,upper,size\n,0,3,1\n", "line 2", "give every buffer an id"});
    m.put("no-buffers", new String[] {"id,lower,upper,size\n", "line 2", "add lines"});
    m.put(
        "open-quote", new String[] {"id,lower,upper,size\n\"b0,0,3,1\n", "line 2", "check quotes"});
    return m;
  }

  @TestFactory
  Stream<DynamicTest> badCsv_exits2WithOneLineNamingFileLineAndFix_andWritesNothing() {
    return badCsvs().entrySet().stream()
        .map(
            e ->
                DynamicTest.dynamicTest(
                    e.getKey(),
                    () -> {
                      Path f = tmp.resolve(e.getKey() + ".csv");
                      Files.writeString(f, e.getValue()[0]);
                      Path out = tmp.resolve(e.getKey() + ".out.csv");
                      for (String[] args :
                          new String[][] {
                            {"solve", f.toString(), "--out", out.toString()},
                            {"solve", f.toString(), "--json"},
                            {"bounds", f.toString()}
                          }) {
                        CliTest.Run r = run(args);
                        BadInputTest.assertOneLineBadInput(r, f.getFileName().toString());
                        assertThat(r.err())
                            .as(String.join(" ", args))
                            .contains(e.getValue()[1])
                            .contains(e.getValue()[2]);
                      }
                      assertThat(out).doesNotExist();
                    }));
  }

  @Test
  void badLayoutCsv_exits2NamingTheLine() throws IOException {
    Path wrong = tmp.resolve("wrong.csv");
    Files.writeString(
        wrong, "id,lower,upper,size,offset\nbuf0,1700001000000,1700001750001,192,0\n");
    CliTest.Run r = run("check", cat(MINIMALLOC), wrong.toString());
    BadInputTest.assertOneLineBadInput(r, "wrong.csv");
    assertThat(r.err()).contains("line 2").contains("matching instance");
    Path noOffset = tmp.resolve("nooffset.csv");
    Files.writeString(noOffset, "id,lower,upper,size\nbuf0,1700001000000,1700001750000,192\n");
    CliTest.Run n = run("check", cat(MINIMALLOC), noOffset.toString());
    BadInputTest.assertOneLineBadInput(n, "nooffset.csv");
    assertThat(n.err()).contains("line 1").contains("offset");
  }

  @Test
  void outIntoAMissingDirectory_exits2_andCsvOutNeedsADsaInstance() {
    Path out = tmp.resolve("no/such/dir/o.csv");
    CliTest.Run r = run("solve", cat(MINIMALLOC), "--method", "first-fit", "--out", out.toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().strip()).doesNotContain("\n").contains("o.csv");
    assertThat(out).doesNotExist();
    CliTest.Run c =
        run("solve", cat("chat-oracle-b-ula4.json"), "--out", tmp.resolve("b.csv").toString());
    assertThat(c.code()).isEqualTo(2);
    assertThat(c.err()).contains("DSA instances only");
  }

  @Test
  void minimallocBenchmarkFile_isReadAsItIs_andSolvedByDsaSearchByDefault() {
    Path file = CliTest.CATALOGUE.getParent().getParent().resolve("bench/minimalloc/A.1048576.csv");
    CliTest.Run r = run("solve", file.toString(), "--time-limit", "1", "--json");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out())
        .contains("\"method\" : \"dsa-search\"")
        .contains("\"valid\" : true")
        .contains("\"lowerBound\" : 1048576");
    // the search's preorders measure lifespans in the file's times, not in the compressed time
    // points
    assertThat(r.json().get("stats").get("widths").asText()).isEqualTo("file times");
  }

  /**
   * J's best known layout (bench/minimalloc/README.md, "D and J: 2026-11-29, second session"): 994
   * units of 1,024, found by the weighted-overlap breakout from dsa-search's layout. Checked here
   * independently (same buffers as the benchmark file, no two alive together share an address) and
   * by {@code check}, so the height the README claims for J stays a fact.
   */
  @Test
  void minimallocJ_bestKnownLayout_isAValidPackingOf994Units() throws IOException {
    Path bench = CliTest.CATALOGUE.getParent().getParent().resolve("bench/minimalloc");
    List<String> in = Files.readAllLines(bench.resolve("J.1048576.csv"));
    List<String> lay = Files.readAllLines(bench.resolve("J.layout-994.csv"));
    assertThat(in.get(0)).isEqualTo("buffer,start,end,size");
    assertThat(lay.get(0)).isEqualTo("buffer,start,end,size,offset");
    java.util.Map<String, String> given = new java.util.HashMap<>();
    for (String line : in.subList(1, in.size())) {
      given.put(line.substring(0, line.indexOf(',')), line);
    }
    List<Row> layout = new ArrayList<>();
    for (String line : lay.subList(1, lay.size())) {
      String[] f = line.split(",", -1);
      assertThat(given.remove(f[0]))
          .as("buffer " + f[0])
          .isEqualTo(String.join(",", f[0], f[1], f[2], f[3]));
      layout.add(
          new Row(
              f[0],
              Long.parseLong(f[1]),
              Long.parseLong(f[2]),
              Long.parseLong(f[3]),
              Long.parseLong(f[4])));
    }
    assertThat(given).as("buffers of J without an offset").isEmpty();
    assertThat(packedHeight(layout)).isEqualTo(994L * 1024);
    CliTest.Run r =
        run(
            "check",
            bench.resolve("J.1048576.csv").toString(),
            bench.resolve("J.layout-994.csv").toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("makespan 1017856");
  }

  @Test
  void generatePerfectPacking_isSolvedToTheLoad() throws IOException {
    Path inst = tmp.resolve("perfect.json");
    CliTest.Run g =
        run(
            "generate",
            "--problem",
            "dsa",
            "--packing",
            "perfect",
            "--size",
            "40",
            "--messages",
            "12",
            "--capacity-log2",
            "6",
            "--seed",
            "4",
            "--out",
            inst.toString());
    assertThat(g.code()).as(g.err()).isZero();
    CliTest.Run r = run("solve", inst.toString(), "--json");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out())
        .contains("\"status\" : \"OPTIMAL\"")
        .contains("\"makespan\" : 64")
        .contains("\"method\" : \"dsa-search\"");
    assertThat(
            run("generate", "--problem", "chatting", "--packing", "perfect", "--size", "4").code())
        .isEqualTo(2);
  }

  @Test
  void capacity_decidesWhetherALayoutFitsWithinIt() throws IOException {
    String file = cat(MINIMALLOC);
    CliTest.Run fits = run("solve", file, "--capacity", "1664", "--time-limit", "10", "--json");
    assertThat(fits.code()).as(fits.err()).isZero();
    JsonNode f = fits.json();
    assertThat(f.get("status").asText()).isEqualTo("OPTIMAL");
    assertThat(f.get("makespan").asLong()).isLessThanOrEqualTo(1664);
    assertThat(f.get("valid").asBoolean()).isTrue();
    assertThat(f.get("stats").get("capacity").asLong()).isEqualTo(1664);
    Path out = tmp.resolve("below.csv");
    CliTest.Run below = run("solve", file, "--capacity", "1663", "--json", "--out", out.toString());
    assertThat(below.code()).as(below.err()).isEqualTo(3);
    JsonNode b = below.json();
    assertThat(b.get("status").asText()).isEqualTo("INFEASIBLE");
    assertThat(b.get("makespan").isNull()).isTrue();
    assertThat(b.get("lowerBound").asLong()).isGreaterThan(1663);
    assertThat(out).doesNotExist();
    CliTest.Run text = run("solve", file, "--capacity", "1663");
    assertThat(text.code()).isEqualTo(3);
    assertThat(text.out()).contains("INFEASIBLE");
  }

  @Test
  void capacity_atATinyTimeLimitGivesALayoutWithinItOrUnknown() {
    Path file = CliTest.CATALOGUE.getParent().getParent().resolve("bench/minimalloc/G.1048576.csv");
    CliTest.Run r =
        run("solve", file.toString(), "--capacity", "1048576", "--time-limit", "0.001", "--json");
    JsonNode n = r.json();
    if (r.code() == 0) {
      assertThat(n.get("makespan").asLong()).isLessThanOrEqualTo(1048576);
      assertThat(n.get("valid").asBoolean()).isTrue();
    } else {
      assertThat(r.code()).as(r.err()).isEqualTo(3);
      assertThat(n.get("status").asText()).isEqualTo("UNKNOWN");
      assertThat(n.get("makespan").isNull()).isTrue();
    }
  }

  /**
   * 100,000 buffers (the fuzzer's many-rows shape: starts 0..999, lifespans 1..50, sizes 1..9)
   * under a limit that has passed before the first pass starts: best-fit's first pass places
   * nothing and every buffer goes by first fit in order of start (the sweep), so the run still
   * writes a whole layout (every row with its offset, valid for {@code check}) and says so; under a
   * capacity at the load the same layout does not fit, so UNKNOWN, exit 3 and no file.
   */
  @Test
  void aHundredThousandBuffersAtALimitAlreadyPast_getAWholeValidLayout_orUnknownUnderACapacity()
      throws IOException {
    Path in = tmp.resolve("many.csv");
    java.util.SplittableRandom r = new java.util.SplittableRandom(28);
    StringBuilder sb = new StringBuilder("id,lower,upper,size\n");
    for (int i = 0; i < 100_000; i++) {
      int lo = i % 1000;
      sb.append('x')
          .append(i)
          .append(',')
          .append(lo)
          .append(',')
          .append(lo + 1 + r.nextInt(50))
          .append(',')
          .append(1 + r.nextInt(9))
          .append('\n');
    }
    Files.writeString(in, sb);
    Path out = tmp.resolve("many.out.csv");
    CliTest.Run run =
        run("solve", in.toString(), "--time-limit", "0.001", "--out", out.toString(), "--json");
    assertThat(run.code()).as(run.err()).isZero();
    JsonNode n = run.json();
    assertThat(n.get("status").asText()).isEqualTo("FEASIBLE");
    assertThat(n.get("valid").asBoolean()).isTrue();
    assertThat(n.get("stats").get("firstPass").asText())
        .isEqualTo(
            "stopped at the time limit after 0 of 100000 buffers; "
                + "finished by first fit in order of start (the lower of: the rest around those, or every buffer)");
    List<Row> rows = rows(out, true);
    assertThat(rows).hasSize(100_000);
    long height = 0;
    for (Row row : rows) {
      height = Math.max(height, row.offset() + row.size());
    }
    assertThat(n.get("makespan").asLong()).isEqualTo(height);
    CliTest.Run check = run("check", in.toString(), out.toString());
    assertThat(check.code()).as(check.out() + check.err()).isZero();
    long load = n.get("lowerBound").asLong();
    Path capped = tmp.resolve("capped.out.csv");
    CliTest.Run c =
        run(
            "solve",
            in.toString(),
            "--capacity",
            Long.toString(load),
            "--time-limit",
            "0.001",
            "--out",
            capped.toString(),
            "--json");
    assertThat(c.code()).as(c.err()).isEqualTo(3);
    assertThat(c.json().get("status").asText()).isEqualTo("UNKNOWN");
    assertThat(capped).doesNotExist();
  }

  /**
   * 100,000 random buffers (README "Memory planning" shape: sizes log-uniform up to 4096, lifespans
   * 1..1000, starts 0..50,000) at {@code --time-limit 1}, for the default method, best-fit and
   * first-fit (whose pass alone takes minutes here): each writes a whole valid layout (every row
   * with its offset, height = makespan, {@code check} valid) and says honestly how it got it
   * (FEASIBLE, a lower bound below the height). No wall time is asserted. The default method
   * everyday; best-fit and first-fit, each a second of solving, deep ({@link
   * #aHundredThousandRandomBuffersAtALimitOfOneSecond_getAWholeValidLayout}).
   */
  @Test
  void aHundredThousandRandomBuffersAtALimitOfOneSecond_getAWholeValidLayout_byDefault()
      throws IOException {
    aHundredThousandRandomBuffersAtALimitOfOneSecond_getAWholeValidLayout("default");
  }

  /** The same for best-fit and first-fit, deep. */
  @Deep
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"best-fit", "first-fit"})
  void aHundredThousandRandomBuffersAtALimitOfOneSecond_getAWholeValidLayout(String method)
      throws IOException {
    Path in = tmp.resolve("r100k.csv");
    java.util.SplittableRandom r = new java.util.SplittableRandom(100_000);
    StringBuilder sb = new StringBuilder("buffer,start,end,size\n");
    for (int i = 0; i < 100_000; i++) {
      long size = Math.max(1, Math.min(4096, (long) Math.exp(r.nextDouble() * Math.log(4097))));
      int start = r.nextInt(50_001);
      sb.append('b')
          .append(i)
          .append(',')
          .append(start)
          .append(',')
          .append(start + 1 + r.nextInt(1000))
          .append(',')
          .append(size)
          .append('\n');
    }
    Files.writeString(in, sb);
    Path out = tmp.resolve("r100k.out.csv");
    List<String> args =
        new ArrayList<>(
            List.of(
                "solve", in.toString(), "--time-limit", "1", "--out", out.toString(), "--json"));
    if (!method.equals("default")) {
      args.addAll(List.of("--method", method));
    }
    CliTest.Run run = run(args.toArray(new String[0]));
    assertThat(run.code()).as(run.err()).isZero();
    JsonNode n = run.json();
    assertThat(n.get("status").asText()).isEqualTo("FEASIBLE");
    assertThat(n.get("valid").asBoolean()).isTrue();
    List<Row> rows = rows(out, true);
    assertThat(rows).hasSize(100_000);
    long height = 0;
    for (Row row : rows) {
      height = Math.max(height, row.offset() + row.size());
    }
    assertThat(n.get("makespan").asLong()).isEqualTo(height);
    assertThat(n.get("lowerBound").asLong()).isLessThan(height);
    CliTest.Run check = run("check", in.toString(), out.toString());
    assertThat(check.code()).as(check.out() + check.err()).isZero();
  }

  @Test
  void capacity_isRefusedForAMethodThatDoesNotDecideIt_andWhenNotPositive() {
    String file = cat(MINIMALLOC);
    CliTest.Run r = run("solve", file, "--capacity", "2000", "--method", "best-fit");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("--capacity").contains("dsa-search");
    assertThat(run("solve", file, "--capacity", "0").code()).isEqualTo(2);
    assertThat(run("solve", file, "--capacity", "5", "--option", "capacity=5").code()).isEqualTo(2);
  }

  @Test
  void bounds_withATimeLimit_reportsTheWindowBoundAboveTheLoad_andWithoutOneOnlyTheLoad() {
    // dsa-small.csv: load 7, and no layout below 8 (its seven buffers, searched to the end)
    CliTest.Run plain = run("bounds", cat("dsa-small.csv"), "--json");
    assertThat(plain.code()).as(plain.err()).isZero();
    assertThat(plain.json().get("best").get("value").asLong()).isEqualTo(7);
    assertThat(plain.out()).doesNotContain("WINDOW");
    CliTest.Run timed = run("bounds", cat("dsa-small.csv"), "--time-limit", "30", "--json");
    assertThat(timed.code()).as(timed.err()).isZero();
    JsonNode best = timed.json().get("best");
    assertThat(best.get("kind").stringValue()).isEqualTo("WINDOW");
    assertThat(best.get("value").asLong()).isEqualTo(8);
    assertThat(best.get("witness").stringValue())
        .contains("the 7 buffers alive in the window from time 0 to time 6")
        .contains("no layout of height 7 or less");
    // every bound of a dsa instance is listed, the strongest first, as bounding virtual schedules
    // (layouts)
    JsonNode all = timed.json().get("bounds");
    assertThat(all.get(0).get("kind").stringValue()).isEqualTo("WINDOW");
    assertThat(all.get(1).get("kind").stringValue()).isEqualTo("LOAD");
    assertThat(all.get(0).get("appliesTo").stringValue()).isEqualTo("virtual");
    CliTest.Run bad = run("bounds", cat("dsa-small.csv"), "--time-limit", "0");
    assertThat(bad.code()).isEqualTo(2);
    assertThat(bad.err().lines().count()).isEqualTo(1);
    assertThat(bad.err()).contains("--time-limit");
  }
}
