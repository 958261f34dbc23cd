package org.commsched.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ModelException;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.TerminalText;
import org.commsched.core.model.Topology;
import org.commsched.instances.generate.GeneratorSpec;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.generate.LengthDistribution;
import org.commsched.instances.generate.Models;
import org.commsched.instances.generate.PerfectPackings;
import org.commsched.instances.io.DsaCsv;
import org.commsched.instances.io.InstanceFormatException;
import org.commsched.instances.io.InstanceWriter;
import org.commsched.instances.io.TopologyImport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code commsched generate}: seeded random instances. */
@Command(name = "generate", mixinStandardHelpOptions = true,
    description = {"Writes seeded random instances: the same options and seed always give the same files.",
        "Exit codes: 0, or 2 on bad options."})
final class GenerateCommand implements Callable<Integer> {
  @Spec
  picocli.CommandLine.Model.CommandSpec spec;

  @Option(names = "--problem", required = true, paramLabel = "P",
      description = "chatting, scatter, gather, broadcast, gossip, send or dsa")
  String problem;

  @Option(names = "--network", paramLabel = "FILE",
      description = "put the messages on a network read from GraphML (.graphml) or DOT (.dot, .gv) instead of "
          + "a family; node k is the k-th node id in the file")
  Path network;

  @Option(names = "--family", paramLabel = "F",
      description = "ula, bla, uring, ring, esm, mesh, torus, star, complete, hypercube, tree, tree-path, "
          + "tree-caterpillar, tree-binary, random; required unless --network FILE (or --packing perfect: ula)")
  String family;

  @Option(names = "--size", paramLabel = "N", defaultValue = "0",
      description = "nodes; the side of the grid for esm, mesh and torus; the dimension for hypercube; required "
          + "with --family (with --packing perfect: the time horizon)")
  int size;

  @Option(names = "--messages", paramLabel = "K", defaultValue = "0",
      description = "messages (chatting, dsa) or nodes with a message (scatter, gather); 0 = default")
  int messages;

  @Option(names = "--lengths", paramLabel = "D", defaultValue = "uniform:1..4",
      description = "length distribution: constant:3, uniform:1..4, geometric:4 (mean), zeros:30:uniform:1..4 "
          + "(default: ${DEFAULT-VALUE})")
  String lengths;

  @Option(names = "--model", paramLabel = "M",
      description = "bufferless:all, bufferless:single, saf:beta=5,tau=1,ports=one,duplex=full[,oneport=exchange]"
          + " (default: the problem's usual model)")
  String model;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "0", description = "first seed (default: 0)")
  long seed;

  @Option(names = "--count", paramLabel = "C", defaultValue = "1",
      description = "instances to write, with seeds S, S+1, ... (needs --out DIR when more than 1)")
  int count;

  @Option(names = "--explicit-routes", description = "give every message an explicit random simple route")
  boolean explicitRoutes;

  @Option(names = "--name", paramLabel = "NAME", description = "instance name (default: derived from the options)")
  String name;

  @Option(names = "--packing", paramLabel = "KIND",
      description = "dsa only: 'perfect' cuts a 2^K x size rectangle (capacity x time) into --messages buffers "
          + "(default 100) by guillotine cuts, sizes powers of two, so the optimal height equals the load "
          + "(MiniMalloc-style; family ula, --lengths ignored)")
  String packing;

  @Option(names = "--capacity-log2", paramLabel = "K", defaultValue = "20",
      description = "with --packing perfect: the capacity is 2^K, K in 0..40 (default: ${DEFAULT-VALUE})")
  int capacityLog2;

  @Option(names = "--out", paramLabel = "PATH",
      description = "output file (one instance) or directory (several); default: standard output")
  Path out;

  @Override
  public Integer call() {
    PrintWriter o = spec.commandLine().getOut();
    ProblemKind kind = ProblemKind.fromWire(problem.toLowerCase(Locale.ROOT));
    if (kind == null) {
      throw bad("unknown problem '" + problem + "'; use chatting, scatter, gather, broadcast, gossip, send or dsa");
    }
    if (count < 1) {
      throw bad("--count must be at least 1, got " + count);
    }
    if (count > 1 && out == null) {
      throw bad("--count " + count + " writes several files: give a directory with --out DIR");
    }
    if (count > 1 && !Files.isDirectory(out)) {
      if (Files.exists(out)) {
        throw bad("--count " + count + " writes several files, but --out " + out + " is a file: give a directory");
      }
      try {
        Files.createDirectories(out);
      } catch (IOException | SecurityException e) {
        throw bad("--out " + out + ": cannot create the directory (" + e.getMessage() + ")");
      }
    }
    boolean csv = out != null && !Files.isDirectory(out) && Inputs.isCsv(out);
    if (csv && kind != ProblemKind.DSA) {
      throw bad("--out " + out + ": CSV is the memory-planner form of dsa instances; write " + kind.wireName()
          + " instances as .json");
    }
    if (packing != null) {
      if (!packing.equals("perfect")) {
        throw bad("unknown --packing '" + packing + "'; use perfect");
      }
      if (kind != ProblemKind.DSA || network != null || (family != null && !family.equals("ula"))) {
        throw bad("--packing perfect makes dsa instances on a ula: use --problem dsa (--family ula or none)");
      }
      if (size < 1) {
        throw bad("--packing perfect needs --size N, the time horizon (times 0..N)");
      }
      family = "ula";
    }
    Topology given = null;
    List<String> labels = List.of();
    if (network != null) {
      try {
        TopologyImport.Imported imported = TopologyImport.readWithIds(network);
        given = imported.topology();
        explainImport(imported, spec.commandLine().getErr());
        labels = plainIds(imported.ids()) ? List.of() : imported.ids();
      } catch (InstanceFormatException e) {
        throw new BadInputException(e.oneLine());
      }
    } else if (family == null || size < 1) {
      throw bad("give --family F and --size N, or --network FILE");
    }
    String fam = given != null ? "random" : family;
    int sz = given != null ? Math.max(1, size) : size;
    LengthDistribution dist;
    CommModel m;
    try {
      dist = LengthDistribution.parse(lengths);
      m = model == null ? null : Models.parse(model, kind);
    } catch (IllegalArgumentException e) {
      throw bad(e.getMessage());
    }
    for (int i = 0; i < count; i++) {
      Instance inst;
      try {
        String base = name != null ? name : given == null ? null
            : network.getFileName().toString().replaceFirst("\\.[^.]*$", "") + "-" + kind.wireName() + "-s" + (seed + i);
        String n = base == null ? null : (count == 1 || name == null ? base : base + "-" + i);
        inst = packing != null
            ? PerfectPackings.of(n != null ? n : "dsa-perfect-" + sz + "-s" + (seed + i),
                messages > 0 ? messages : 100, capacityLog2, sz, seed + i)
            : Generators.instance(new GeneratorSpec(n, kind, fam, sz, messages, dist, m, seed + i,
                explicitRoutes), given);
        if (!labels.isEmpty()) { // the drawing's node ids, kept as the network's labels (docs/FORMATS.md)
          inst = new Instance(inst.name(), inst.problem(), inst.model(), inst.network().withLabels(labels));
        }
      } catch (ModelException e) {
        throw bad((e.pointer().isEmpty() ? "" : e.pointer() + ": ") + e.getMessage());
      } catch (IllegalArgumentException e) {
        throw bad(e.getMessage());
      }
      try {
        if (out == null) {
          o.println(InstanceWriter.toJson(inst));
        } else {
          Path target = Files.isDirectory(out) ? out.resolve(inst.name() + ".json") : out;
          if (csv) {
            DsaCsv.write(DsaCsv.Buffers.of(inst), target);
          } else {
            InstanceWriter.write(inst, target);
          }
          o.println(target);
        }
      } catch (InstanceFormatException e) {
        throw new BadInputException(e.oneLine());
      }
    }
    o.flush();
    return 0;
  }

  /**
   * Says on stderr what the import did with the drawing: the node numbers its ids became (unless they are 0..n-1
   * already) and the edge attributes the models have no use for.
   */
  private void explainImport(TopologyImport.Imported imported, PrintWriter err) {
    List<String> ids = imported.ids();
    if (!plainIds(ids)) {
      StringBuilder map = new StringBuilder();
      for (int v = 0; v < Math.min(ids.size(), 8); v++) {
        map.append(v == 0 ? "" : ", ").append(Main.readable(ids.get(v))).append(" = ").append(v);
      }
      err.println(TerminalText.escape("commsched generate: " + network + ": nodes are numbered in file order: " + map
          + (ids.size() > 8 ? ", ... (" + ids.size() + " nodes)" : "") + "; the ids are kept as the labels"));
    }
    if (!imported.ignoredEdgeAttributes().isEmpty()) {
      err.println(TerminalText.escape("commsched generate: " + network + ": edge attributes " + String.join(", ",
          imported.ignoredEdgeAttributes()) + " ignored: the models have no per-link lengths or costs"));
    }
    err.flush();
  }

  /** True when the drawing's node ids are the numbers 0..n-1 in order (nothing to keep as labels). */
  private static boolean plainIds(List<String> ids) {
    for (int v = 0; v < ids.size(); v++) {
      if (!ids.get(v).equals(Integer.toString(v))) {
        return false;
      }
    }
    return true;
  }

  private static BadInputException bad(String msg) {
    return new BadInputException("commsched generate: " + msg);
  }
}
