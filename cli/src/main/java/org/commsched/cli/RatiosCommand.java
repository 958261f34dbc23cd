package org.commsched.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import org.commsched.core.model.Instance;
import org.commsched.core.model.TerminalText;
import org.commsched.core.solve.Interrupt;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.generate.Models;
import org.commsched.instances.io.InstanceWriter;
import org.commsched.solver.MethodRegistry;
import org.commsched.verify.sweep.SweepEngine;
import org.commsched.verify.sweep.SweepTask;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code commsched ratios}: methods over a directory of instances or a generated sweep, every
 * schedule checked, the rows journalled to {@code OUTDIR/results.jsonl} as they finish (a rerun
 * skips them), then the report files of {@link RatioReport}. {@code --shard I/N} keeps the
 * instances whose name hashes to I; {@code --merge} joins the rows of several output directories
 * and writes the same files one run would.
 */
@Command(
    name = "ratios",
    mixinStandardHelpOptions = true,
    description = {
      "Approximation ratios: runs methods over instances, checks every schedule, writes results.csv, "
          + "coverage.csv, comparison.csv, refusals.csv, "
          + "results.jsonl, summary.csv, SVG plots and report.html.",
      "Resumable: a rerun with the same OUTDIR skips the (instance, method) rows already there.",
      "Exit codes: 0 done, 2 bad input, 130 interrupted (finished rows kept)."
    })
final class RatiosCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "DIR",
      description = "a directory of instance files (.json, .csv); not with --generate or --merge")
  Path dir;

  @Option(
      names = "--generate",
      paramLabel = "SWEEP",
      description =
          "a generated sweep, e.g. \"problem=chatting family=ula sizes=8,16,32 messages=2n "
              + "lengths=uniform:1..8 seeds=1..20\" (keys: problem, family, sizes, messages, lengths, model, seeds)")
  String generate;

  @Option(
      names = "--merge",
      arity = "1..*",
      paramLabel = "OUTDIR",
      description = "merge the rows of these output directories (shards) into --out")
  List<Path> merge;

  @Option(
      names = "--study",
      paramLabel = "STUDY.json",
      description =
          "a study file: instances or a sweep, methods, time limit, jobs (docs/FORMATS.md#study-files); "
              + "not with DIR, --generate, --merge, --methods, --compare, --time-limit or --jobs")
  Path study;

  @Option(
      names = "--methods",
      paramLabel = "a,b,...",
      split = ",",
      description = "methods to run where they apply (default: every applicable method)")
  List<String> methods;

  @Option(
      names = "--compare",
      paramLabel = "a,b,...",
      split = ",",
      description =
          "the methods whose common set the headline tables and profiles are over (default: every method "
              + "with a checked schedule in the group); the others keep their own-set figures")
  List<String> compare;

  @Option(
      names = "--time-limit",
      paramLabel = "S",
      defaultValue = "10",
      description = "time limit per run in seconds (default: ${DEFAULT-VALUE})")
  BigDecimal timeLimit;

  @Option(names = "--jobs", paramLabel = "N", description = "runs at once (default: all cores)")
  Integer jobs;

  @Option(
      names = "--shard",
      paramLabel = "I/N",
      description = "run only shard I of N (1 <= I <= N)")
  String shard;

  @Option(
      names = "--out",
      required = true,
      paramLabel = "OUTDIR",
      description = "the output directory")
  Path out;

  @Option(names = "--quiet", description = "no progress on stderr")
  boolean quiet;

  /** An instance of the sweep, with where a task makes it again. */
  record Item(
      String id, Instance instance, Map<String, String> parameters, SweepTask.Source source) {}

  /**
   * What runs the sweep's tasks: this JVM's threads, unless another engine runs the command ({@link
   * Main#run}).
   */
  SweepEngine engine = SweepEngine.IN_PROCESS;

  @Override
  public Integer call() {
    PrintWriter o = spec.commandLine().getOut();
    PrintWriter e = spec.commandLine().getErr();
    if (study != null) {
      fromStudy();
    }
    int modes = (dir != null ? 1 : 0) + (generate != null ? 1 : 0) + (merge != null ? 1 : 0);
    if (modes != 1) {
      throw bad(
          "give exactly one of DIR, --generate \"SWEEP\", --study STUDY.json or --merge OUTDIR...");
    }
    makeDir(out);
    compared = compared();
    if (merge != null) {
      return doMerge(o);
    }
    int cores = Runtime.getRuntime().availableProcessors();
    int j = jobs == null ? cores : jobs;
    if (j < 1) {
      throw bad("--jobs must be at least 1, got " + j);
    }
    int[] sh = shard();
    List<Item> items = dir != null ? fromDir() : fromSweep();
    items.removeIf(it -> sh != null && bucket(it.id(), sh[1]) != sh[0] - 1);
    MethodRegistry registry = MethodRegistry.standard();
    Set<String> wanted = null;
    if (methods != null) {
      wanted = new LinkedHashSet<>();
      for (String m : methods) {
        if (registry.byName(m.trim()) == null) {
          throw bad(
              where("--methods", "/methods")
                  + ": unknown method '"
                  + m.trim()
                  + "'; give one that "
                  + "commsched methods lists");
        }
        wanted.add(m.trim());
      }
    }
    Path journal = out.resolve("results.jsonl");
    List<RatioRow> rows =
        Collections.synchronizedList(new ArrayList<>(withModels(read(journal), items)));
    Set<String> done = new HashSet<>();
    rows.forEach(r -> done.add(r.key()));
    List<SweepTask> tasks = new ArrayList<>();
    SolveLimits limits =
        new SolveLimits(Inputs.timeLimit("ratios", timeLimit), Math.max(1, cores / j), 0);
    AtomicInteger finished = new AtomicInteger();
    int[] total = new int[1];
    Progress progress = new Progress(e, quiet, System.console() != null);
    // before the journal is opened: bad input leaves no empty results.jsonl behind
    Set<String> asked = wanted;
    if (asked != null
        && items.stream()
            .noneMatch(
                it ->
                    registry.applicable(it.instance()).stream()
                        .anyMatch(m -> asked.contains(m.name())))) {
      Set<String> apply = new java.util.TreeSet<>();
      items.forEach(it -> registry.applicable(it.instance()).forEach(m -> apply.add(m.name())));
      throw bad(
          "--methods "
              + String.join(",", asked)
              + ": none applies to any instance of the sweep; give "
              + "methods that do, e.g. "
              + (apply.isEmpty()
                  ? "none (no method applies to these instances)"
                  : String.join(",", apply)));
    }
    BufferedWriter w;
    try {
      endLine(journal);
      w =
          Files.newBufferedWriter(
              journal,
              StandardCharsets.UTF_8,
              StandardOpenOption.CREATE,
              StandardOpenOption.APPEND);
    } catch (IOException ex) {
      throw bad("cannot write " + journal + ": " + ex.getMessage());
    }
    int rowsToRun = 0;
    List<RatioStudy.Refusal> refusals = refusals(items, registry, wanted);
    for (Item it : items) {
      List<String> todo = new ArrayList<>();
      for (Method m : registry.applicable(it.instance())) {
        if ((wanted == null || wanted.contains(m.name()))
            && !done.contains(it.id() + "\u0000" + m.name())) {
          todo.add(m.name());
        }
      }
      if (todo.isEmpty()) {
        continue;
      }
      rowsToRun += todo.size();
      // one task per instance: its methods run one after the other, each in a run of its own
      // (SweepTask)
      tasks.add(
          new SweepTask(
                  it.id(), it.source(), it.parameters(), todo, limits.timeLimit(), limits.workers())
              .withInstance(it.instance()));
    }
    total[0] = rowsToRun;
    if (!done.isEmpty()) {
      e.println(
          "commsched ratios: "
              + done.size()
              + " rows already in "
              + journal
              + " are kept; "
              + rowsToRun
              + " to run");
      e.flush();
    }
    Signals.install(
        e,
        "commsched ratios: interrupted: stopping the sweep; the finished rows are kept in "
            + journal
            + " and the report is written from them; the rows in flight are run again on resume (again to quit at "
            + "once)");
    Signals
        .cooperative(); // every finished row is kept: the first Ctrl-C stops the runs, the rows so
    // far stay
    long sweepStart = System.nanoTime();
    try {
      engine.run(
          tasks,
          j,
          sweepRow -> {
            RatioRow row = RatioRow.of(sweepRow);
            synchronized (w) {
              try {
                w.write(RatioRow.LINES.writeValueAsString(row.toJson()));
                w.write('\n');
                w.flush();
              } catch (IOException ex) {
                throw new java.io.UncheckedIOException(ex);
              }
            }
            rows.add(row);
            progress.row(finished.incrementAndGet(), total[0], row);
          });
    } catch (InterruptedException ex) {
      Thread.currentThread().interrupt();
    } catch (java.util.concurrent.ExecutionException ex) {
      throw bad("cannot write " + journal + ": " + ex.getCause().getMessage());
    } finally {
      progress.end();
      try {
        w.close();
      } catch (IOException ex) {
        // every row was flushed already
      }
    }
    BigDecimal methodSeconds =
        rows.stream()
            .filter(r -> !done.contains(r.key()))
            .map(RatioRow::seconds)
            .reduce(BigDecimal.ZERO, BigDecimal::add);
    writeRefusals(out, refusals);
    Path instancesDir = out.resolve("instances");
    List<List<String>> summary =
        RatioReport.write(
            out,
            List.copyOf(rows),
            refusals,
            title(),
            provenance(),
            new RatioReport.Options(
                compared,
                id -> dir != null ? dir.resolve(id) : instancesDir.resolve(id + ".json"),
                limits.timeLimit()));
    written(rows);
    print(o, summary);
    if (!quiet) {
      // after a Ctrl-C only the finished rows were run: say how many of those planned
      e.println(
          "commsched ratios: "
              + (finished.get() < rowsToRun ? finished.get() + " of " : "")
              + rowsToRun
              + " rows in "
              + seconds(System.nanoTime() - sweepStart).toPlainString()
              + " s of the sweep's own wall time; the methods' own times (column seconds) sum to "
              + methodSeconds.toPlainString()
              + " s");
      e.flush();
    }
    return Interrupt.requested() ? Signals.EXIT : 0;
  }

  /**
   * The (instance, method) pairs where a method does not apply, with its reason ({@link
   * Method#whyNot}): for every method asked for, or without {@code --methods} for every method of
   * the instance's problem kind.
   */
  private static List<RatioStudy.Refusal> refusals(
      List<Item> items, MethodRegistry registry, Set<String> wanted) {
    List<RatioStudy.Refusal> out = new ArrayList<>();
    for (Item it : items) {
      for (Method m : registry.all()) {
        if (wanted != null
            ? !wanted.contains(m.name())
            : !m.problems().contains(it.instance().kind())) {
          continue;
        }
        String why = m.whyNot(it.instance());
        if (why != null) {
          out.add(new RatioStudy.Refusal(it.id(), it.parameters(), m.name(), why));
        }
      }
    }
    return out;
  }

  /** {@code refusals.jsonl}: the refusals of this run's instances, for a later {@code --merge}. */
  private static void writeRefusals(Path out, List<RatioStudy.Refusal> refusals) {
    StringBuilder sb = new StringBuilder();
    for (RatioStudy.Refusal r : RatioReport.sortedRefusals(refusals)) {
      tools.jackson.databind.node.ObjectNode n = RatioRow.LINES.createObjectNode();
      n.put("instance", r.instance());
      tools.jackson.databind.node.ObjectNode p = n.putObject("parameters");
      r.parameters().forEach(p::put);
      n.put("method", r.method());
      n.put("reason", r.reason());
      sb.append(RatioRow.LINES.writeValueAsString(n)).append('\n');
    }
    org.commsched.instances.io.AtomicFiles.writeString(
        out.resolve("refusals.jsonl"), sb.toString());
  }

  /**
   * The refusals a run wrote ({@link #writeRefusals}); none when the file is missing (an older
   * run).
   */
  private static List<RatioStudy.Refusal> readRefusals(Path dir) {
    Path f = dir.resolve("refusals.jsonl");
    List<RatioStudy.Refusal> out = new ArrayList<>();
    if (!Files.isRegularFile(f)) {
      return out;
    }
    try {
      for (String l : Files.readAllLines(f, StandardCharsets.UTF_8)) {
        tools.jackson.databind.JsonNode n = l.isBlank() ? null : RatioRow.LINES.readTree(l);
        if (n == null
            || !n.hasNonNull("instance")
            || !n.hasNonNull("method")
            || !n.hasNonNull("reason")) {
          continue;
        }
        Map<String, String> p = new LinkedHashMap<>();
        if (n.get("parameters") != null && n.get("parameters").isObject()) {
          n.get("parameters").properties().forEach(x -> p.put(x.getKey(), x.getValue().asString()));
        }
        out.add(
            new RatioStudy.Refusal(
                n.get("instance").asString(),
                p,
                n.get("method").asString(),
                n.get("reason").asString()));
      }
    } catch (IOException | RuntimeException ex) {
      throw bad(
          "cannot read " + f + ": " + ex.getMessage() + "; rerun that shard to write it again");
    }
    return out;
  }

  /**
   * The journalled rows, those of a directory run journalled before the model was recorded given
   * their instance's model, so that a resumed run never pools two models.
   */
  private static List<RatioRow> withModels(List<RatioRow> rows, List<Item> items) {
    Map<String, Item> byId = new java.util.HashMap<>();
    items.forEach(it -> byId.put(it.id(), it));
    List<RatioRow> out = new ArrayList<>();
    for (RatioRow r : rows) {
      Item it = byId.get(r.instance());
      if (it != null
          && r.parameters().getOrDefault("model", "").isEmpty()
          && !it.parameters().getOrDefault("model", "").isEmpty()) {
        Map<String, String> p = new LinkedHashMap<>(r.parameters());
        p.put("model", it.parameters().get("model"));
        r =
            new RatioRow(
                r.instance(),
                p,
                r.method(),
                r.objective(),
                r.status(),
                r.makespan(),
                r.runLowerBound(),
                r.seconds(),
                r.valid(),
                r.error(),
                r.runSeconds());
      }
      out.add(r);
    }
    return out;
  }

  /**
   * Takes what to run from the study file: the file replaces DIR, --generate, --methods,
   * --time-limit and --jobs, so giving one of them too is bad input (which one would win is not
   * obvious to a reader of the command).
   */
  private void fromStudy() {
    picocli.CommandLine.ParseResult pr = spec.commandLine().getParseResult();
    for (String opt :
        List.of("--generate", "--merge", "--methods", "--compare", "--time-limit", "--jobs")) {
      if (pr.hasMatchedOption(opt)) {
        throw bad(
            "--study "
                + study
                + " with "
                + opt
                + ": the study file says what to run; put "
                + opt
                + " into the study file or leave out --study");
      }
    }
    if (dir != null) {
      throw bad(
          "--study "
              + study
              + " with the directory "
              + dir
              + ": the study file says what to run; put it "
              + "into the study file as \"instances\" or leave out --study");
    }
    StudyFile f = StudyFile.read(study);
    dir = f.instances();
    generate = f.sweep();
    methods = f.methods();
    compare = f.compare();
    if (f.timeLimit() != null) {
      timeLimit = f.timeLimit();
    }
    jobs = f.jobs();
  }

  /**
   * The methods of --compare (or the study's "compare"), checked against the registry; null for
   * every one.
   */
  private Set<String> compared;

  private Set<String> compared() {
    if (compare == null) {
      return null;
    }
    Set<String> c = new java.util.TreeSet<>();
    for (String m : compare) {
      if (MethodRegistry.standard().byName(m.trim()) == null) {
        throw bad(
            where("--compare", "/compare")
                + ": unknown method '"
                + m.trim()
                + "'; give methods that "
                + "commsched methods lists");
      }
      c.add(m.trim());
    }
    return c;
  }

  /** Where a setting was given: the option, or the study file and the JSON pointer of its key. */
  private String where(String option, String pointer) {
    return study != null ? study + " at " + pointer : option;
  }

  /**
   * How this run's report is made: version, commit, this command line (under the engine's program
   * name), what ran the tasks, the machine and the date.
   */
  private Provenance provenance() {
    return Provenance.of(
        engine.program(), spec.commandLine().getParseResult().originalArgs(), engine.describe());
  }

  private int doMerge(PrintWriter o) {
    Map<String, RatioRow> byKey = new LinkedHashMap<>();
    List<RatioStudy.Refusal> refusals = new ArrayList<>();
    for (Path d : merge) {
      refusals.addAll(readRefusals(d));
      Path f = d.resolve("results.jsonl");
      if (!Files.isRegularFile(f)) {
        throw bad(
            "--merge "
                + d
                + ": no results.jsonl there; give output directories of commsched ratios");
      }
      for (RatioRow r : read(f)) {
        byKey.putIfAbsent(r.key(), r);
      }
    }
    writeRefusals(out, refusals);
    print(
        o,
        RatioReport.write(
            out,
            List.copyOf(byKey.values()),
            refusals,
            title(),
            provenance(),
            new RatioReport.Options(
                compared,
                id ->
                    merge.stream()
                        .map(d -> d.resolve("instances").resolve(id + ".json"))
                        .filter(Files::isRegularFile)
                        .findFirst()
                        .orElse(null),
                Inputs.timeLimit("ratios", timeLimit))));
    written(byKey.values());
    return 0;
  }

  /**
   * The engine's own files of the report's rows ({@link SweepEngine#written}); a write failure is
   * bad input.
   */
  private void written(java.util.Collection<RatioRow> rows) {
    try {
      engine.written(out, rows.stream().map(RatioRow::sweepRow).toList());
    } catch (java.io.UncheckedIOException ex) {
      throw bad(ex.getMessage() + "; give an --out directory that can be written");
    }
  }

  private String title() {
    return "commsched ratios: "
        + (study != null ? "study " + study.getFileName() + ", " : "")
        + (generate != null
            ? generate
            : dir != null ? dir.toString() : "merge of " + merge.size() + " directories");
  }

  /** The finished rows of a journal; an incomplete last line (an interrupted write) is ignored. */
  static List<RatioRow> read(Path journal) {
    if (!Files.isRegularFile(journal)) {
      return List.of();
    }
    List<RatioRow> rows = new ArrayList<>();
    Set<String> keys = new HashSet<>();
    try (Stream<String> lines = Files.lines(journal, StandardCharsets.UTF_8)) {
      lines.forEach(
          l -> {
            RatioRow r = l.isBlank() ? null : RatioRow.parse(l);
            if (r != null && keys.add(r.key())) {
              rows.add(r);
            }
          });
    } catch (IOException | java.io.UncheckedIOException ex) {
      throw bad("cannot read " + journal + ": " + ex.getMessage());
    }
    return rows;
  }

  /** Ends a journal whose last line was cut off, so the next row starts on a line of its own. */
  private static void endLine(Path journal) throws IOException {
    if (!Files.isRegularFile(journal) || Files.size(journal) == 0) {
      return;
    }
    try (RandomAccessFile f = new RandomAccessFile(journal.toFile(), "rw")) {
      f.seek(f.length() - 1);
      if (f.read() != '\n') {
        f.write('\n');
      }
    }
  }

  private static BigDecimal seconds(long nanos) {
    return SweepTask.seconds(nanos);
  }

  /**
   * The shard a name falls in, 0..n-1: CRC-32 of its UTF-8 bytes modulo n (the same on every
   * machine).
   */
  static int bucket(String id, int n) {
    CRC32 crc = new CRC32();
    crc.update(id.getBytes(StandardCharsets.UTF_8));
    return (int) (crc.getValue() % n);
  }

  private int[] shard() {
    if (shard == null) {
      return null;
    }
    String[] p = shard.split("/");
    try {
      int i = Integer.parseInt(p[0].trim());
      int n = Integer.parseInt(p[1].trim());
      if (p.length == 2 && n >= 1 && i >= 1 && i <= n) {
        return new int[] {i, n};
      }
    } catch (NumberFormatException | ArrayIndexOutOfBoundsException ex) {
      // explained below
    }
    throw bad("--shard " + shard + ": give I/N with 1 <= I <= N, e.g. --shard 2/4");
  }

  private List<Item> fromDir() {
    if (!Files.isDirectory(dir)) {
      throw bad(dir + ": not a directory; give a directory of instance files or use --generate");
    }
    List<Path> files = new ArrayList<>();
    try (Stream<Path> s = Files.walk(dir)) {
      s.filter(Files::isRegularFile)
          .filter(
              p -> {
                String n = p.getFileName().toString().toLowerCase(Locale.ROOT);
                return (n.endsWith(".json") || n.endsWith(".csv"))
                    && !n.endsWith(".schedule.json")
                    && !n.equals("manifest.json")
                    && !n.endsWith(".offsets.csv");
              })
          .sorted()
          .forEach(files::add);
    } catch (IOException | java.io.UncheckedIOException ex) {
      throw bad("cannot read " + dir + ": " + ex.getMessage());
    }
    if (files.isEmpty()) {
      throw bad(dir + ": no instance files (.json, .csv) there");
    }
    List<Item> items = new ArrayList<>();
    for (Path f : files) {
      Instance inst = Inputs.instance(f);
      Map<String, String> p = new LinkedHashMap<>();
      p.put("problem", inst.kind().wireName());
      p.put("family", inst.network().topology().family());
      p.put("size", Integer.toString(inst.network().nodes()));
      p.put("messages", Integer.toString(Math.max(inst.messages().size(), inst.origins().size())));
      p.put("lengths", "");
      p.put("model", Models.format(inst.model())); // so that two models are never pooled
      p.put("seed", "");
      items.add(
          new Item(
              dir.relativize(f).toString().replace('\\', '/'),
              inst,
              p,
              new SweepTask.InstanceFile(f.toAbsolutePath().toString())));
    }
    return items;
  }

  private List<Item> fromSweep() {
    SweepSpec sweep;
    try {
      sweep = SweepSpec.parse(generate);
    } catch (IllegalArgumentException ex) {
      throw bad(where("--generate", "/sweep") + ": " + ex.getMessage());
    }
    Path instances = out.resolve("instances");
    makeDir(instances);
    List<Item> items = new ArrayList<>();
    for (SweepSpec.Point pt : sweep.points()) {
      Instance inst;
      try {
        inst = Generators.instance(pt.spec(), null);
      } catch (IllegalArgumentException ex) { // ModelException among them
        throw bad(where("--generate", "/sweep") + ": " + pt.spec().name() + ": " + ex.getMessage());
      }
      Path f = instances.resolve(inst.name() + ".json");
      if (!Files.exists(f)) {
        InstanceWriter.write(inst, f);
      }
      items.add(new Item(inst.name(), inst, pt.parameters(), pt.source()));
    }
    return items;
  }

  private static void makeDir(Path d) {
    try {
      Files.createDirectories(d);
    } catch (IOException | SecurityException ex) {
      throw bad(d + ": cannot create the directory (" + ex.getMessage() + ")");
    }
  }

  private static void print(PrintWriter o, List<List<String>> summary) {
    o.printf(
        Locale.ROOT,
        "%-10s %-10s %-24s %-8s %5s %5s %9s %9s %9s %9s  %s%n",
        "problem",
        "family",
        "method",
        "objective",
        "runs",
        "valid",
        "mean/opt",
        "max/opt",
        "mean/lb",
        "max/lb",
        "model");
    for (List<String> s : summary) {
      // the rows may come from other runs' results.jsonl (--merge): escaped like every text output
      o.println(
          TerminalText.format(
              "%-10s %-10s %-24s %-8s %5s %5s %9s %9s %9s %9s  %s",
              s.get(0),
              s.get(1),
              s.get(2),
              s.get(3),
              s.get(4),
              s.get(5),
              dash(s.get(7)),
              dash(s.get(8)),
              dash(s.get(9)),
              dash(s.get(10)),
              dash(s.get(11))));
    }
    o.flush();
  }

  private static String dash(String s) {
    return s.isEmpty() ? "-" : s;
  }

  private static BadInputException bad(String msg) {
    return new BadInputException("commsched ratios: " + msg);
  }

  /** A progress bar on a terminal (rewritten in place), a plain line per finished row otherwise. */
  static final class Progress {
    private final PrintWriter err;
    private final boolean quiet;
    private final boolean terminal;
    private final long t0 = System.nanoTime();

    Progress(PrintWriter err, boolean quiet, boolean terminal) {
      this.err = err;
      this.quiet = quiet;
      this.terminal = terminal;
    }

    void row(int done, int total, RatioRow r) {
      if (quiet) {
        return;
      }
      long s = (System.nanoTime() - t0) / 1_000_000_000L;
      synchronized (err) {
        if (terminal) {
          int width = 30;
          int fill = total == 0 ? width : (int) ((long) width * done / total);
          err.print(
              "\rcommsched ratios ["
                  + "#".repeat(fill)
                  + ".".repeat(width - fill)
                  + "] "
                  + done
                  + "/"
                  + total
                  + " "
                  + s
                  + " s\u001b[K");
        } else {
          err.println(
              TerminalText.escape(
                  "commsched ratios: "
                      + done
                      + "/"
                      + total
                      + " "
                      + r.instance()
                      + " "
                      + r.method()
                      + " "
                      + r.status()
                      + " "
                      + (r.makespan() == null ? "-" : r.makespan().toPlainString())));
        }
        err.flush();
      }
    }

    void end() {
      if (terminal && !quiet) {
        synchronized (err) {
          err.print("\r\u001b[K");
          err.flush();
        }
      }
    }
  }
}
