package org.commsched.cli;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ModelException;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.TerminalText;
import org.commsched.instances.io.GpuTopology;
import org.commsched.instances.io.InstanceFormatException;
import org.commsched.instances.io.InstanceWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code commsched import-topology FILE}: a GPU topology of the collective-communication tools
 * (NCCL's topology XML, an msccl-tools topology, a TE-CCL topology; {@link GpuTopology}) as a send,
 * broadcast or gossip instance whose links carry their channel counts and own costs
 * (docs/FORMATS.md#gpu-topologies).
 */
@Command(
    name = "import-topology",
    mixinStandardHelpOptions = true,
    description = {
      "Reads a GPU topology (NCCL topology XML, msccl-tools or TE-CCL JSON) into an instance whose links "
          + "carry channel counts and their own beta and tau (docs/FORMATS.md#gpu-topologies).",
      "Exit codes: 0, or 2 on bad input."
    })
final class ImportTopologyCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE", description = "the topology file")
  Path file;

  @Option(
      names = "--from",
      paramLabel = "FORMAT",
      description =
          "nccl, msccl or teccl (default: nccl for .xml; for "
              + ".json teccl when it has \"capacity\", else msccl)")
  String from;

  @Option(names = "--problem", description = "gossip (default), broadcast or send")
  String problem = "gossip";

  @Option(names = "--length", description = "units per message (default 1)")
  long length = 1;

  @Option(names = "--source", description = "broadcast and send: the source node (default 0)")
  int source;

  @Option(names = "--target", description = "send: the target node (default the last node)")
  Integer target;

  @Option(names = "--ports", description = "all (default) or one")
  String ports = "all";

  @Option(names = "--duplex", description = "full (default) or half")
  String duplex = "full";

  @Option(
      names = "--beta",
      description =
          "the model's beta, for links without their own (msccl default 1; nccl and "
              + "teccl: the NVLink or first link's)")
  String beta;

  @Option(
      names = "--tau",
      description = "the model's tau, for links without their own (msccl default 1)")
  String tau;

  @Option(names = "--unit-bytes", description = "bytes per unit (default 1048576)")
  String unitBytes;

  @Option(
      names = "--bw-nvlink",
      description = "GB/s of one NVLink (default NCCL's figure for the GPU's sm)")
  String bwNvlink;

  @Option(
      names = "--bw-pcie",
      description = "GB/s of a PCIe path (default from link_speed and link_width)")
  String bwPcie;

  @Option(names = "--bw-net", description = "GB/s of a network link (default the NIC's speed)")
  String bwNet;

  @Option(names = "--bw-sys", description = "GB/s between the CPU sockets of a host (default 6)")
  String bwSys;

  @Option(names = "--latency-nvlink", description = "us (default 1)")
  String latNvlink;

  @Option(names = "--latency-pcie", description = "us (default 2)")
  String latPcie;

  @Option(names = "--latency-net", description = "us (default 5, or the NIC's latency attribute)")
  String latNet;

  @Option(names = "--latency-sys", description = "us, a PCIe path across sockets (default 3)")
  String latSys;

  @Option(
      names = "--no-pcie-mesh",
      description = "do not join GPUs of a host without an NVLink by PCIe links")
  boolean noPcieMesh;

  @Option(names = "--name", description = "the instance name (default the file's name)")
  String name;

  @Option(
      names = "--out",
      paramLabel = "FILE",
      description = "write the instance here (default standard output)")
  Path out;

  @Override
  public Integer call() {
    String format = format();
    GpuTopology.Costs d = GpuTopology.Costs.defaults();
    GpuTopology.Costs costs =
        new GpuTopology.Costs(
            decimal("--unit-bytes", unitBytes, d.unitBytes(), true),
            decimal("--bw-nvlink", bwNvlink, null, true),
            decimal("--bw-pcie", bwPcie, null, true),
            decimal("--bw-net", bwNet, null, true),
            decimal("--bw-sys", bwSys, d.sys(), true),
            decimal("--latency-nvlink", latNvlink, d.nvlinkLatency(), false),
            decimal("--latency-pcie", latPcie, d.pcieLatency(), false),
            decimal("--latency-net", latNet, d.netLatency(), false),
            decimal("--latency-sys", latSys, d.sysLatency(), false),
            !noPcieMesh);
    PrintWriter o = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    try {
      GpuTopology.Imported im =
          switch (format) {
            case "nccl" -> GpuTopology.nccl(file, costs);
            case "msccl" -> GpuTopology.msccl(file);
            default -> GpuTopology.teccl(file);
          };
      BigDecimal b = decimal("--beta", beta, im.beta() != null ? im.beta() : BigDecimal.ONE, false);
      BigDecimal t = decimal("--tau", tau, im.tau() != null ? im.tau() : BigDecimal.ONE, false);
      CommModel.StoreAndForward model =
          new CommModel.StoreAndForward(
              b,
              t,
              ports.equals("one") ? CommModel.Ports.ONE : CommModel.Ports.ALL,
              duplex.equals("half") ? CommModel.Duplex.HALF : CommModel.Duplex.FULL,
              null);
      int n = im.topology().nodes();
      Problem p =
          switch (problem) {
            case "broadcast" -> new Problem.Broadcast(source, length);
            case "send" -> new Problem.Send(source, target == null ? n - 1 : target, length, null);
            default -> new Problem.Gossip(length);
          };
      String instanceName = name != null ? name : defaultName();
      Instance inst =
          new Instance(instanceName, p, model, Network.of(im.topology()).withLabels(im.labels()));
      for (String note : im.notes()) {
        err.println(TerminalText.format("commsched import-topology: %s: %s", file, note));
      }
      err.flush();
      String description =
          "imported from "
              + format
              + " topology "
              + (file.getFileName() == null ? file : file.getFileName())
              + " (docs/FORMATS.md#gpu-topologies)";
      if (out == null) {
        o.println(InstanceWriter.toJson(inst, description));
      } else {
        InstanceWriter.write(inst, description, out);
      }
      o.flush();
      return 0;
    } catch (InstanceFormatException e) {
      throw new BadInputException(e.oneLine());
    } catch (ModelException e) {
      throw new BadInputException(
          file + ": " + (e.pointer().isEmpty() ? "" : e.pointer() + ": ") + e.getMessage());
    }
  }

  private String format() {
    if (!java.util.Set.of("gossip", "broadcast", "send").contains(problem)) {
      throw new BadInputException(
          "commsched import-topology: --problem "
              + problem
              + " is not one of gossip, "
              + "broadcast, send; pick one");
    }
    if (!ports.equals("all") && !ports.equals("one")
        || !duplex.equals("full") && !duplex.equals("half")) {
      throw new BadInputException(
          "commsched import-topology: --ports is all or one and --duplex full or half; fix "
              + "the option");
    }
    if (from != null) {
      if (!java.util.Set.of("nccl", "msccl", "teccl").contains(from)) {
        throw new BadInputException(
            "commsched import-topology: --from "
                + from
                + " is not a format it reads; use "
                + "nccl, msccl or teccl");
      }
      return from;
    }
    String f =
        file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
    if (f.endsWith(".xml")) {
      return "nccl";
    }
    if (f.endsWith(".json")) {
      try {
        String text = java.nio.file.Files.readString(file);
        return text.contains("\"capacity\"") ? "teccl" : "msccl";
      } catch (java.io.IOException | RuntimeException e) {
        return "msccl"; // the reader reports the file's own problem
      }
    }
    throw new BadInputException(
        file
            + ": cannot tell the topology format from the name; give --from nccl, msccl or "
            + "teccl");
  }

  private String defaultName() {
    String f = file.getFileName() == null ? "topology" : file.getFileName().toString();
    int dot = f.lastIndexOf('.');
    String s = (dot > 0 ? f.substring(0, dot) : f) + "-" + problem;
    return s.isBlank() ? "topology" : s;
  }

  private static BigDecimal decimal(
      String option, String value, BigDecimal otherwise, boolean positive) {
    if (value == null) {
      return otherwise;
    }
    if (!value.matches("[0-9]+(\\.[0-9]+)?") || positive && new BigDecimal(value).signum() == 0) {
      throw new BadInputException(
          "commsched import-topology: "
              + option
              + " "
              + value
              + " is not a"
              + (positive ? " positive" : "n exact non-negative")
              + " decimal; write e.g. "
              + option
              + " 2.5");
    }
    return new BigDecimal(value);
  }
}
