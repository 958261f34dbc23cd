package org.commsched.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.bounds.UpperBound;
import org.commsched.core.bounds.UpperBounds;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.TerminalText;
import org.commsched.core.recognise.Recognition;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.StopToken;
import org.commsched.core.time.TimeScale;
import org.commsched.heuristics.bufferless.dsa.WindowBound;
import org.commsched.heuristics.bufferless.scattergather.SpanningTrees;
import org.commsched.instances.io.DsaCsv;
import org.commsched.solver.SolveRunner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code commsched bounds FILE}: every applicable lower bound with its witness, then the upper
 * bounds the papers' schemes give ({@link UpperBounds}; JSON field {@code upperBounds}, omitted
 * when there are none).
 */
@Command(
    name = "bounds",
    mixinStandardHelpOptions = true,
    description = {
      "Lists every lower bound that applies to an instance, with what proves it.",
      "Exit codes: 0, or 2 on bad input."
    })
final class BoundsCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "FILE",
      description = "instance file (.json, or .csv for DSA)")
  Path file;

  @Option(names = "--json", description = "print one JSON object")
  boolean json;

  @Option(
      names = "--spanning-tree",
      paramLabel = "NAME",
      description =
          "scatter/gather: bounds for the routes along this spanning tree (as solve --spanning-tree): "
              + "bfs (default), balanced, broadcast, cover")
  String spanningTree;

  @Option(
      names = "--as-given",
      description =
          "bound the explicit network as it is, without recognising it as a regular family (as solve "
              + "--as-given)")
  boolean asGiven;

  @Option(
      names = "--time-limit",
      paramLabel = "S",
      description =
          "dsa: spend up to S seconds on the WINDOW bound (exact refutations on windows of time; "
              + "default: not computed)")
  java.math.BigDecimal timeLimit;

  @Override
  public Integer call() {
    long started = System.nanoTime();
    java.time.Duration windowTime =
        timeLimit == null ? null : Inputs.timeLimit("bounds", timeLimit);
    PrintWriter o = spec.commandLine().getOut();
    DsaCsv.Buffers buffers = Inputs.isCsv(file) ? Inputs.buffers(file) : null;
    Instance instance = buffers != null ? buffers.instance() : Inputs.instance(file);
    UnaryOperator<String> explain = buffers == null ? w -> w : buffers::explain;
    org.commsched.core.model.Network labelled =
        instance.network(); // the file's network, with its node labels
    if (spanningTree != null) {
      try {
        instance = SpanningTrees.reroute(instance, spanningTree);
      } catch (IllegalArgumentException ex) {
        throw new BadInputException(
            file + ": --spanning-tree " + spanningTree + ": " + ex.getMessage());
      }
    }
    // an explicit network that is a regular family is bounded as that family (the same question,
    // renumbered)
    Recognition recognised = asGiven ? null : SolveRunner.recognise(instance);
    if (recognised != null) {
      instance = recognised.relabel(instance);
      UnaryOperator<String> given = explain;
      explain = w -> given.apply(recognised.back(w)); // witnesses name the file's nodes
    }
    TimeScale scale = instance.timeScale();
    boolean virtualOnly = instance.kind() == ProblemKind.DSA;
    List<LowerBound> real = virtualOnly ? List.of() : LowerBounds.all(instance);
    List<LowerBound> virtual =
        instance.kind() == ProblemKind.CHATTING || virtualOnly
            ? LowerBounds.virtual(instance)
            : List.of();
    if (virtualOnly && windowTime != null && !virtual.isEmpty()) {
      LowerBound window =
          WindowBound.of(
              instance, virtual.get(0).value(), started + windowTime.toNanos(), new StopToken());
      if (window != null) {
        List<LowerBound> more = new java.util.ArrayList<>(virtual);
        more.add(0, window); // strongest first: it lies above every other bound
        virtual = List.copyOf(more);
      }
    }
    List<LowerBound> protocol = LowerBounds.protocolBounds(instance);
    List<UpperBound> upper = virtualOnly ? List.of() : UpperBounds.all(instance);
    LowerBound best =
        virtualOnly
            ? virtual.stream().reduce(LowerBound.zero(), LowerBound::max)
            : real.isEmpty() ? LowerBound.zero() : real.get(0); // strongest first
    if (json) {
      ObjectNode n = Json.object();
      n.put("instance", instance.name());
      n.put("problem", instance.kind().wireName());
      if (recognised != null) {
        n.set("recognised", SolveCommand.recognisedJson(recognised));
      }
      ObjectNode b = n.putObject("best");
      put(b, best, scale, explain);
      ArrayNode arr = n.putArray("bounds");
      add(arr, virtualOnly ? virtual : real, virtualOnly ? "virtual" : "schedule", scale, explain);
      if (!virtualOnly) {
        add(arr, virtual, "virtual", scale, explain);
      }
      add(arr, protocol, "protocol", scale, explain);
      if (!upper.isEmpty()) {
        ArrayNode up = n.putArray("upperBounds");
        for (UpperBound u : upper) {
          ObjectNode x = up.addObject();
          x.put("kind", u.kind());
          Json.time(x, "value", u.value(), scale);
          x.put("witness", u.witness());
        }
      }
      o.println(Json.print(n));
    } else {
      UnaryOperator<String> witness = explain;
      explain =
          w ->
              labelled.nameNodes(
                  witness.apply(w)); // the text names nodes by the file's labels, as solve does
      o.println(
          TerminalText.format("instance %s (%s)", instance.name(), instance.kind().wireName()));
      if (recognised != null) {
        o.println(TerminalText.format("network  %s", SolveCommand.recognisedWords(recognised)));
      }
      o.println(
          TerminalText.format(
              "best     %s  %s: %s",
              scale.format(best.value()), best.kind(), explain.apply(best.witness())));
      print(o, virtualOnly ? virtual : real, "every schedule", scale, explain);
      if (!virtualOnly) {
        print(o, virtual, "virtual schedules (slots)", scale, explain);
      }
      print(o, protocol, "distributed protocols only (wake-up constrained)", scale, explain);
      if (!upper.isEmpty()) {
        o.println("upper bounds (the papers' schemes; the optimum is at most each):");
        for (UpperBound u : upper) {
          o.println(
              TerminalText.format(
                  "  %-20s %10s  %s", u.kind(), scale.format(u.value()), u.witness()));
        }
      }
    }
    o.flush();
    return 0;
  }

  private static void print(
      PrintWriter o,
      List<LowerBound> bounds,
      String title,
      TimeScale scale,
      UnaryOperator<String> explain) {
    if (bounds.isEmpty()) {
      return;
    }
    o.println(title + ":");
    for (LowerBound b : bounds) {
      o.println(
          TerminalText.format(
              "  %-14s %10s  %s", b.kind(), scale.format(b.value()), explain.apply(b.witness())));
    }
  }

  private static void add(
      ArrayNode arr,
      List<LowerBound> bounds,
      String appliesTo,
      TimeScale scale,
      UnaryOperator<String> explain) {
    for (LowerBound b : bounds) {
      ObjectNode x = arr.addObject();
      put(x, b, scale, explain);
      x.put("appliesTo", appliesTo);
    }
  }

  private static void put(
      ObjectNode x, LowerBound b, TimeScale scale, UnaryOperator<String> explain) {
    x.put("kind", b.kind());
    Json.time(x, "value", b.value(), scale);
    x.put("witness", explain.apply(b.witness()));
  }
}
