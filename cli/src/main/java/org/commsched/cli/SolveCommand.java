package org.commsched.cli;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.model.Footprint;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.TerminalText;
import org.commsched.core.recognise.Recognition;
import org.commsched.core.solve.Cpu;
import org.commsched.core.solve.Interrupt;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodOption;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveOptions;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveRun;
import org.commsched.core.time.TimeScale;
import org.commsched.heuristics.bufferless.dsa.DsaSearch;
import org.commsched.heuristics.bufferless.scattergather.SpanningTrees;
import org.commsched.instances.io.DsaCsv;
import org.commsched.instances.io.InstanceWriter;
import org.commsched.instances.io.ScheduleWriter;
import org.commsched.solver.MethodChoice;
import org.commsched.solver.MethodRegistry;
import org.commsched.solver.Portfolio;
import org.commsched.solver.SolveRunner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** {@code commsched solve FILE}: solve, check, report. */
@Command(
    name = "solve",
    mixinStandardHelpOptions = true,
    description = {
      "Solves an instance (JSON, or a DSA .csv) and checks the schedule.",
      "Exit codes: 0 a schedule was found (any status), 3 no schedule, 2 bad input, 130 stopped by Ctrl-C or "
          + "SIGTERM (the best schedule found is still printed and written)."
    })
final class SolveCommand implements Callable<Integer> {
  /** The key of the solve option that carries {@code --capacity} (read by dsa-search). */
  private static final String CAPACITY = DsaSearch.CAPACITY.key();

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "FILE",
      description = "instance file (.json, or .csv for DSA)")
  Path file;

  @Option(
      names = "--method",
      paramLabel = "M",
      description =
          "method name (see: commsched methods); default: the portfolio: every applicable heuristic, then "
              + "lns or the exact model on the time left, the best schedule and which method found it (README, Methods)")
  String method;

  @Option(
      names = "--time-limit",
      paramLabel = "S",
      defaultValue = "10",
      description =
          "time limit in seconds, counted from the start of the command, for the default portfolio, "
              + "exact and improving methods (default: ${DEFAULT-VALUE})")
  BigDecimal timeLimit;

  @Option(
      names = "--workers",
      paramLabel = "N",
      description = "solver threads (default: all cores)")
  Integer workers;

  @Option(
      names = "--seed",
      paramLabel = "N",
      defaultValue = "0",
      description = "random seed (default: 0)")
  long seed;

  @Option(
      names = "--out",
      paramLabel = "SCHEDULE",
      description =
          "write the schedule here (.json schedule file; .csv offsets for a DSA instance); atomic")
  Path out;

  @Option(
      names = "--quiet",
      description = "no progress line on stderr (it appears after two seconds otherwise)")
  boolean quiet;

  @Option(names = "--json", description = "print one JSON object")
  boolean json;

  @Option(
      names = "--spanning-tree",
      paramLabel = "NAME",
      description =
          "scatter/gather: route messages without an explicit route along this spanning tree: bfs "
              + "(default, the default routes), balanced, broadcast, cover (see docs/DESIGN.md)")
  String spanningTree;

  @Option(
      names = "--option",
      paramLabel = "KEY=VALUE",
      description =
          "a method option, repeatable: setup=STEPS for fdf, kappa=A for the TC gathering protocols; a "
              + "key the method does not read is an error (see docs/DESIGN.md, Solve options)")
  List<String> options = new ArrayList<>();

  @Option(
      names = "--capacity",
      paramLabel = "C",
      description =
          "dsa: decide whether a layout of height at most C exists (method dsa-search): the layout, "
              + "INFEASIBLE when none exists (proven), or no schedule (UNKNOWN) at the time limit")
  Long capacity;

  @Option(
      names = "--as-given",
      description =
          "solve the explicit network as it is, without recognising it as a regular family (path, ring, "
              + "star, complete, hypercube, folded hypercube, mesh, torus; see docs/DESIGN.md, Family recognition)")
  boolean asGiven;

  @Option(
      names = "--routes-out",
      paramLabel = "INSTANCE",
      description =
          "write the instance as solved (with the spanning tree's explicit routes) here, for check; atomic")
  Path routesOut;

  @Override
  public Integer call() {
    PrintWriter o = spec.commandLine().getOut();
    PrintWriter e = spec.commandLine().getErr();
    long started = System.nanoTime();
    long cpuStarted = Cpu.thread();
    Signals.install(
        e); // from the start: a Ctrl-C while the file is read or the instance built ends the run at
    // once
    Duration limit = Inputs.timeLimit("solve", timeLimit);
    if (workers != null && workers < 1) {
      throw new BadInputException(
          "commsched solve: --workers must be at least 1, got "
              + workers
              + " (leave it out to use every core)");
    }
    DsaCsv.Buffers buffers = Inputs.isCsv(file) ? Inputs.buffers(file) : null;
    Instance given =
        buffers != null ? buffers.instance() : Inputs.instance(file, Footprint.Use.SOLVE);
    Map<String, String> texts = optionTexts();
    String tree = texts.get(SolveLimits.SPANNING_TREE.key());
    SolveLimits limits =
        new SolveLimits(
            limit,
            workers == null ? Runtime.getRuntime().availableProcessors() : workers,
            seed,
            tree == null
                ? SolveOptions.NONE
                : SolveOptions.NONE.parsed(SolveLimits.SPANNING_TREE, tree));
    Instance instance;
    try {
      instance = SolveRunner.route(given, limits);
    } catch (IllegalArgumentException ex) {
      throw new BadInputException(
          file
              + ": --spanning-tree "
              + limits.options().get(SolveLimits.SPANNING_TREE)
              + ": "
              + ex.getMessage());
    }
    if (buffers == null && instance.kind() == ProblemKind.DSA) {
      buffers = DsaCsv.Buffers.of(instance);
    }
    MethodRegistry registry = MethodRegistry.standard();
    // an explicit network that is a regular family is solved as that family and the schedule mapped
    // back
    Recognition recognised = asGiven ? null : SolveRunner.recognise(instance);
    Instance routed = recognised == null ? instance : recognised.relabel(instance);
    // the bounds, if choosing the method needed them: the run keeps them instead of computing them
    // again
    AtomicReference<List<LowerBound>> known = new AtomicReference<>();
    Method m =
        chooseMethod(
            registry,
            routed,
            () -> {
              List<LowerBound> b = known.updateAndGet(k -> k != null ? k : LowerBounds.all(routed));
              return b.isEmpty() ? 0 : b.get(0).value();
            });
    limits = limits.withOptions(methodOptions(m, texts, limits.options()));
    if (out != null && Inputs.isCsv(out) && buffers == null) {
      throw new BadInputException(
          "commsched solve: --out "
              + out
              + ": CSV output is for DSA instances only; "
              + "use a .json schedule file");
    }
    SolveRunner.Outcome run;
    long readCpu = 0;
    long readWall = 0;
    limits =
        limits.withTimeLimit(
            Deadline.budget(limit, started)); // what is left of the limit, counted from the start
    // the routed instance: routing it again changes nothing
    SolveRun solveRun =
        known.get() == null
            ? new SolveRun(routed, limits)
            : new SolveRun(routed, limits, known.get());
    try (ProgressLine.Handle progress =
        ProgressLine.start(e, quiet, instance.timeScale(), m.name(), solveRun.progress())) {
      Signals.cooperative(); // from now on a Ctrl-C stops the search and the best schedule is still
      // written
      readCpu = Cpu.thread() - cpuStarted;
      readWall = System.nanoTime() - started;
      run = SolveRunner.run(m, solveRun);
    }
    if (recognised != null) {
      run =
          SolveRunner.back(
              run, recognised, instance); // the user's node ids, checked on the user's instance
    }
    SolveResult r = run.result();
    if (buffers != null && r.lowerBound() != null) {
      // witnesses name the file's own times, not the compressed time points (also in a written
      // schedule)
      LowerBound b = r.lowerBound();
      r =
          r.withStatus(
              r.status(), new LowerBound(b.value(), b.kind(), buffers.explain(b.witness())));
    }
    if (instance != given && spanningTree != null && !r.stats().containsKey("spanningTree")) {
      r =
          r.withStat(
              "spanningTree",
              spanningTree); // the routes it was solved on travel with it (check, draw)
    }
    TimeScale scale = r.scale();
    double seconds = run.nanos() / 1e9;
    boolean valid = run.valid();
    if (r.hasSchedule() && !valid) {
      e.println(
          TerminalText.escape(
              "commsched: internal error: method "
                  + m.name()
                  + " returned a schedule the checker rejects ("
                  + (run.report().violations().isEmpty()
                      ? "?"
                      : Json.line(run.report().violations().get(0), scale, instance.network()))
                  + "); nothing written"));
    }
    long writeCpu = Cpu.thread();
    long writeWall = System.nanoTime();
    if (out != null && r.hasSchedule() && valid) {
      try {
        if (Inputs.isCsv(out)) {
          DsaCsv.writeOffsets(buffers, r, out);
        } else {
          ScheduleWriter.write(r, instance, out);
        }
      } catch (RuntimeException ex) {
        throw new BadInputException(
            "commsched solve: cannot write "
                + out
                + ": "
                + ex.getMessage()
                + " (check that the directory exists and is writable)");
      }
    } else if (out != null && !r.hasSchedule()) {
      e.println(
          TerminalText.escape(
              "commsched: no schedule found (" + r.status() + "); nothing written to " + out));
    }
    if (routesOut != null) {
      try {
        InstanceWriter.write(instance, routesOut);
      } catch (RuntimeException ex) {
        throw new BadInputException(
            "commsched solve: cannot write "
                + routesOut
                + ": "
                + ex.getMessage()
                + " (check that the directory exists and is writable)");
      }
    }
    writeCpu = Cpu.thread() - writeCpu;
    writeWall = System.nanoTime() - writeWall;
    if (json) {
      ObjectNode n = Json.object();
      n.put("instance", instance.name());
      n.put("problem", instance.kind().wireName());
      n.put("method", r.method());
      if (r.stats().get(Portfolio.FOUND_BY) != null) {
        n.put("foundBy", r.stats().get(Portfolio.FOUND_BY).toString());
      }
      n.put("status", r.status().name());
      Json.time(n, "makespan", r.makespan(), scale);
      n.put(
          "virtual",
          r.hasSchedule()
              && r.schedule().virtual()); // a virtual schedule's makespan is its slots' span
      Json.time(n, "lowerBound", r.lowerBound().value(), scale);
      n.put("lowerBoundKind", r.lowerBound().kind());
      n.put("lowerBoundWitness", r.lowerBound().witness());
      if (r.makespan() != null && gap(r) != null) {
        n.put("gap", gap(r));
      } else {
        n.putNull("gap");
      }
      n.put("valid", valid);
      if (spanningTree != null) {
        n.put("spanningTree", spanningTree);
      }
      if (recognised != null) {
        n.set("recognised", recognisedJson(recognised));
      }
      n.put(
          "seconds",
          BigDecimal.valueOf(run.nanos())
              .movePointLeft(9)
              .setScale(3, java.math.RoundingMode.HALF_UP));
      if (run.report() != null && !run.report().valid()) {
        n.set("violations", Json.violations(run.report()));
      }
      n.set(
          "phases",
          phases(run.run(), readCpu, readWall, writeCpu, writeWall, Deadline.elapsed(started)));
      if (!r.stats().isEmpty()) {
        ObjectNode st = n.putObject("stats");
        for (Map.Entry<String, Object> en : r.stats().entrySet()) {
          if (en.getKey().equals(Portfolio.FOUND_BY)) {
            continue; // printed above
          }
          st.putPOJO(en.getKey(), en.getValue());
        }
      }
      if (out != null && r.hasSchedule() && valid) {
        n.put("out", out.toString());
      }
      o.println(Json.print(n));
    } else {
      int count = Math.max(instance.messages().size(), instance.origins().size());
      o.println(
          TerminalText.format(
              "instance   %s (%s, %d message%s)",
              instance.name(), instance.kind().wireName(), count, count == 1 ? "" : "s"));
      o.println(TerminalText.format("method     %s", r.method()));
      if (r.stats().get(Portfolio.FOUND_BY) != null) {
        o.println(TerminalText.format("found by   %s", r.stats().get(Portfolio.FOUND_BY)));
      }
      o.println(TerminalText.format("status     %s", r.status()));
      o.println(
          TerminalText.format(
              "makespan   %s%s",
              r.makespan() == null ? "-" : scale.format(r.makespan()),
              r.hasSchedule() && r.schedule().virtual()
                  ? " (virtual: the span of the slots)"
                  : ""));
      o.println(
          TerminalText.format(
              "lower bnd  %s  (%s: %s)",
              scale.format(r.lowerBound().value()),
              r.lowerBound().kind(),
              instance.network().nameNodes(r.lowerBound().witness())));
      if (r.makespan() != null && gap(r) != null) {
        o.println(TerminalText.format("gap        %s%%", Json.percent(gap(r))));
      }
      if (recognised != null) {
        o.println(TerminalText.format("network    %s", recognisedWords(recognised)));
      }
      if (spanningTree != null) {
        o.println(
            TerminalText.format(
                "tree       routes along the %s spanning tree%s",
                spanningTree, routesOut == null ? "" : " (instance written to " + routesOut + ")"));
      }
      o.println(
          TerminalText.format(
              "valid      %s",
              r.hasSchedule() ? (valid ? "yes (independent checker)" : "NO") : "-"));
      o.println(TerminalText.format("seconds    %.3f", seconds));
      for (Map.Entry<String, Object> en : r.stats().entrySet()) {
        if (shownAbove(en.getKey())) {
          continue;
        }
        o.println(TerminalText.format("%-10s %s", en.getKey(), en.getValue()));
      }
      if (out != null && r.hasSchedule() && valid) {
        o.println(TerminalText.format("written    %s", out));
      }
    }
    o.flush();
    if (Interrupt.requested()) {
      return Signals.EXIT; // the result is out; the exit code says the run was cut short
    }
    if (!r.hasSchedule()) {
      return 3;
    }
    return valid ? 0 : Main.INTERNAL;
  }

  /**
   * True for a statistic the text output's own lines already say (one label per fact,
   * docs/FORMATS.md, Labels): {@code foundBy} (its own line), and with {@code --spanning-tree} the
   * method's {@code spanningTree} and {@code routes} (the tree line says which tree the routes
   * follow; a method sees the rerouted copy's routes as explicit ones). The JSON keeps them in
   * {@code stats}, the method's own record.
   */
  private boolean shownAbove(String key) {
    return key.equals(Portfolio.FOUND_BY)
        || (spanningTree != null && (key.equals("spanningTree") || key.equals("routes")));
  }

  /**
   * The {@code phases} object of the JSON output (docs/FORMATS.md): CPU and wall seconds of reading
   * (with choosing the method), the bounds, the method (without its checks), the checks and
   * writing, each measured on the thread that ran it, the bounds the run's deadline cut, and the
   * process's CPU and wall time so far (its JVM start, collector and compiler included).
   */
  private static ObjectNode phases(
      SolveRun run, long readCpu, long readWall, long writeCpu, long writeWall, Duration wall) {
    long[] p = run.phaseNanos();
    ObjectNode x = Json.object();
    phase(x, "read", readCpu, readWall);
    ObjectNode b = phase(x, "bounds", p[0], p[1]);
    ArrayNode cut = b.putArray("cut");
    run.boundsCut().forEach(cut::add);
    phase(x, "method", p[4], -1);
    phase(x, "check", p[2], p[3]);
    phase(x, "write", writeCpu, writeWall);
    phase(x, "process", Cpu.process(), wall.toNanos());
    return x;
  }

  private static ObjectNode phase(ObjectNode into, String name, long cpu, long wall) {
    ObjectNode o = into.putObject(name);
    o.put("cpu", seconds(cpu));
    if (wall >= 0) {
      o.put("wall", seconds(wall));
    }
    return o;
  }

  private static BigDecimal seconds(long nanos) {
    return BigDecimal.valueOf(nanos).movePointLeft(9).setScale(3, java.math.RoundingMode.HALF_UP);
  }

  /** What was recognised, for the text output of solve and bounds. */
  static String recognisedWords(Recognition r) {
    return "recognised as the "
        + r.words()
        + ": solved and bounded as that family, the schedule and the witnesses "
        + "mapped back to the file's node ids (--json gives the node map)";
  }

  /** The {@code recognised} object of the JSON output of solve and bounds (docs/FORMATS.md). */
  static ObjectNode recognisedJson(Recognition r) {
    ObjectNode x = Json.object();
    x.set("network", InstanceWriter.network(r.family()));
    x.put("words", r.words());
    tools.jackson.databind.node.ArrayNode map = x.putArray("nodeMap");
    for (int v = 0, n = r.network().nodes(); v < n; v++) {
      map.add(r.toFamily(v));
    }
    return x;
  }

  /**
   * The --option, --spanning-tree and --capacity values as texts by key, the spanning tree checked
   * (the options of the method are parsed once it is chosen: {@link #methodOptions}).
   */
  private Map<String, String> optionTexts() {
    Map<String, String> map = new java.util.TreeMap<>();
    for (String kv : options) {
      int eq = kv.indexOf('=');
      if (eq <= 0) {
        throw new BadInputException(
            "commsched solve: --option " + kv + ": write KEY=VALUE, e.g. --option setup=3");
      }
      map.put(kv.substring(0, eq).trim(), kv.substring(eq + 1).trim());
    }
    if (spanningTree != null) {
      map.put(SolveLimits.SPANNING_TREE.key(), spanningTree);
    }
    if (capacity != null) {
      if (capacity < 1) {
        throw new BadInputException(
            "commsched solve: --capacity must be a positive integer, got " + capacity);
      }
      if (map.containsKey(CAPACITY)) {
        throw new BadInputException(
            "commsched solve: give the capacity once: --capacity C, not also --option "
                + CAPACITY
                + "=...");
      }
      map.put(CAPACITY, Long.toString(capacity));
    }
    String tree = map.get(SolveLimits.SPANNING_TREE.key());
    if (tree != null && SolveLimits.SPANNING_TREE.whyNot(tree) != null) {
      throw new BadInputException(
          "commsched solve: --spanning-tree "
              + tree
              + ": unknown tree; use one of "
              + String.join(", ", SpanningTrees.NAMES));
    }
    return map;
  }

  /**
   * {@code given} with the option texts parsed by the chosen method's options ({@link
   * MethodOption#parse}, once): rejects an option key the method does not read (the runner's {@link
   * SolveLimits#SPANNING_TREE} aside, set already) and a value the method refuses, naming the key
   * and the method's keys.
   */
  private static SolveOptions methodOptions(
      Method m, Map<String, String> texts, SolveOptions given) {
    SolveOptions typed = given;
    for (Map.Entry<String, String> en : texts.entrySet()) {
      String key = en.getKey();
      if (key.equals(SolveLimits.SPANNING_TREE.key())) {
        continue;
      }
      MethodOption<?> option = m.methodOption(key);
      if (key.equals(CAPACITY) && option == null) {
        throw new BadInputException(
            "commsched solve: --capacity: method "
                + m.name()
                + " does not decide a "
                + "capacity; use --method dsa-search (dsa instances)");
      }
      String prefix = "commsched solve: --option " + key + "=" + en.getValue() + ": ";
      if (option == null) {
        List<String> keys = new ArrayList<>(m.optionKeys());
        throw new BadInputException(
            prefix
                + "method "
                + m.name()
                + " does not read option '"
                + key
                + "'; "
                + (keys.isEmpty()
                    ? "it reads no --option keys"
                    : "its keys: " + String.join(", ", keys))
                + " (and spanning-tree, set with --spanning-tree, for scatter and gather)");
      }
      try {
        typed = typed.parsed(option, en.getValue());
      } catch (IllegalArgumentException ex) {
        throw new BadInputException("commsched solve: --" + ex.getMessage());
      }
    }
    return typed;
  }

  private static BigDecimal gap(SolveResult r) {
    return Json.gap(r.makespan(), r.lowerBound().value());
  }

  /**
   * The method to run ({@link MethodChoice}, shared with the embedding API), or exit 2 saying why
   * none.
   */
  private Method chooseMethod(
      MethodRegistry registry, Instance instance, java.util.function.LongSupplier bestBound) {
    MethodChoice choice =
        MethodChoice.of(registry, instance, java.util.Optional.ofNullable(method), bestBound);
    if (choice instanceof MethodChoice.NoneApplies none) {
      throw new BadInputException(
          file
              + ": no method applies to a "
              + instance.kind().wireName()
              + " instance under this model"
              + none.near().map(n -> ": " + n).orElse("")
              + " (see: commsched methods)");
    }
    if (choice instanceof MethodChoice.Unknown u) {
      throw new BadInputException(
          "commsched solve: unknown method '"
              + method
              + "'; methods for this instance: "
              + String.join(", ", u.fits())
              + " (all: commsched methods)");
    }
    if (choice instanceof MethodChoice.DoesNotApply d) {
      throw new BadInputException(
          file
              + ": method "
              + method
              + " does not apply: "
              + d.why()
              + (d.fits().isEmpty()
                  ? ""
                  : " (methods for this instance: " + String.join(", ", d.fits()) + ")"));
    }
    return choice.chosen().orElseThrow();
  }
}
