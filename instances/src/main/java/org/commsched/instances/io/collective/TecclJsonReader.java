package org.commsched.instances.io.collective;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.commsched.core.model.ArcCosts;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.instances.io.InstanceFormatException;
import tools.jackson.databind.JsonNode;

/**
 * Reads a TE-CCL schedule (the JSON its {@code schedule_output_file} gets,
 * teccl/solvers/allgather.py) as a linear-cost schedule of a gossip (allgather) or broadcast
 * instance (docs/FORMATS.md#importing-schedules). TE-CCL solves a time-expanded flow: time is cut
 * into epochs of one length, and its {@code "7-Flows"} list says which chunk crossed which link in
 * which epoch, one sentence each: {@code "Chunk c from s traveled over i->j in epoch k"} (with
 * {@code " via switches ..."} when the hop passes a switch). The mapping applied:
 *
 * <ul>
 *   <li>chunk c of source s is units {@code c * g .. c * g + g - 1} of s's message, {@code g =
 *       length / C}, C the chunks per source (the largest chunk number plus one);
 *   <li>the chunks crossing one arc in one epoch are one packet per channel of the arc (dealt in
 *       turn over its channels), lasting the arc's {@code beta + units * tau}: commsched's linear
 *       cost in place of TE-CCL's capacity per epoch; a hop through switches is the arc between its
 *       two GPUs;
 *   <li>{@link ScclJsonReader.Timing#STEPS} (TE-CCL's epochs): epoch k starts at {@code k * E}, E
 *       the longest such packet, so that every epoch has one length, as TE-CCL's have; {@link
 *       ScclJsonReader.Timing#ASAP}: a packet starts as soon as its channel is free and its sender
 *       has received its chunks in an earlier epoch.
 * </ul>
 *
 * Nothing is repaired: a chunk sent before it arrived is left for the checker to report.
 */
public final class TecclJsonReader {
  private TecclJsonReader() {}

  private static final Pattern FLOW =
      Pattern.compile(
          "Chunk (\\d{1,9}) from (\\d{1,9}) traveled over (\\d{1,9})->(\\d{1,9}) in epoch (\\d{1,9})( via switches .*)?");

  /** The mapping of a timing in one sentence, for the schedule's {@code stats.importMapping}. */
  public static String mapping(ScclJsonReader.Timing timing) {
    String common =
        "TE-CCL schedule read as linear-cost packets: chunk c of source s is units c*g.. of s's message; "
            + "the chunks crossing one arc in one epoch are one packet per channel of the arc lasting its beta + "
            + "units*tau (commsched's cost in place of TE-CCL's capacity per epoch); a hop via switches is the arc "
            + "between its GPUs; ";
    return common
        + (timing == ScclJsonReader.Timing.STEPS
            ? "epochs: epoch k starts at k*E, E the longest packet "
                + "(TE-CCL's epochs have one length)"
            : "as soon as possible: a packet starts when its channel is free and "
                + "its sender has received its chunks in an earlier epoch");
  }

  /**
   * One parsed flow: chunk {@code chunk} of source {@code source} over arc {@code from -> to} in
   * epoch k.
   */
  private record Flow(int chunk, int source, int from, int to, int epoch, boolean viaSwitch) {}

  /** Reads a parsed TE-CCL schedule document (see the class comment). */
  public static MscclXmlReader.Read read(
      JsonNode doc, String file, Instance inst, ScclJsonReader.Timing timing) {
    JsonNode flows = doc.path("7-Flows");
    if (!flows.isArray()) {
      throw bad(
          file,
          "/7-Flows",
          "not a TE-CCL schedule (no \"7-Flows\" list of flows); give the file TE-CCL wrote "
              + "to its schedule_output_file");
    }
    if (flows.isEmpty()) {
      throw bad(file, "/7-Flows", "the schedule has no flows; give a schedule TE-CCL solved");
    }
    Network net = inst.network();
    int nodes = net.nodes();
    boolean broadcast = inst.kind() == ProblemKind.BROADCAST;
    List<Flow> parsed = new ArrayList<>();
    int chunks = 0;
    for (int i = 0; i < flows.size(); i++) {
      String pointer = "/7-Flows/" + i;
      JsonNode f = flows.get(i);
      Matcher m = f.isString() ? FLOW.matcher(f.asString()) : null;
      if (m == null || !m.matches()) {
        throw bad(
            file,
            pointer,
            "a flow is a string \"Chunk C from S traveled over I->J in epoch K\" (as TE-CCL "
                + "writes it); fix the flow");
      }
      Flow flow =
          new Flow(
              Integer.parseInt(m.group(1)),
              Integer.parseInt(m.group(2)),
              Integer.parseInt(m.group(3)),
              Integer.parseInt(m.group(4)),
              Integer.parseInt(m.group(5)),
              m.group(6) != null);
      if (flow.from() >= nodes || flow.to() >= nodes || flow.source() >= nodes) {
        throw bad(
            file,
            pointer,
            "node "
                + Math.max(flow.source(), Math.max(flow.from(), flow.to()))
                + " is not "
                + "one of the instance's "
                + nodes
                + " nodes; give the instance of the schedule's topology");
      }
      if (broadcast ? flow.source() != inst.root() : messageOf(inst, flow.source()) == null) {
        throw bad(
            file,
            pointer,
            "chunks from node "
                + flow.source()
                + " are not "
                + (broadcast
                    ? "the broadcast's (its source is node " + inst.root() + ")"
                    : "a message of the gossip")
                + "; give the "
                + "instance of the schedule's collective");
      }
      if (net.arc(flow.from(), flow.to()) < 0) {
        throw bad(
            file,
            pointer,
            flow.from()
                + "->"
                + flow.to()
                + " is not an arc of the instance; give the "
                + "instance of the schedule's topology");
      }
      chunks = Math.max(chunks, flow.chunk() + 1);
      parsed.add(flow);
    }
    long length = inst.origins().get(0).length();
    if (length % chunks != 0) {
      throw bad(
          file,
          "/7-Flows",
          "the schedule has "
              + chunks
              + " chunks per source, which does not divide the "
              + "instance's length "
              + length
              + "; give the instance a length that is a multiple of "
              + chunks);
    }
    long g = length / chunks;
    final int perSource = chunks;
    // epoch -> arc -> the chunks crossing it, as source * perSource + chunk, in order
    TreeMap<Integer, TreeMap<Integer, TreeSet<Long>>> byEpoch = new TreeMap<>();
    int viaSwitches = 0;
    for (Flow f : parsed) {
      byEpoch
          .computeIfAbsent(f.epoch(), k -> new TreeMap<>())
          .computeIfAbsent(net.arc(f.from(), f.to()), k -> new TreeSet<>())
          .add((long) f.source() * perSource + f.chunk());
      viaSwitches += f.viaSwitch() ? 1 : 0;
    }
    ArcCosts costs = inst.arcCosts();
    // the packets: epoch, arc, channel and chunks
    record Packet(int epoch, int arc, int channel, List<Long> chunkIds) {}
    List<Packet> packets = new ArrayList<>();
    int shared = 0;
    long longest = 0;
    for (Map.Entry<Integer, TreeMap<Integer, TreeSet<Long>>> e : byEpoch.entrySet()) {
      for (Map.Entry<Integer, TreeSet<Long>> a : e.getValue().entrySet()) {
        int k = costs.channels(a.getKey());
        List<List<Long>> onChannel = new ArrayList<>();
        int n = 0;
        for (long id : a.getValue()) {
          if (n < k) {
            onChannel.add(new ArrayList<>());
          }
          onChannel.get(n++ % k).add(id);
        }
        shared += onChannel.stream().anyMatch(p -> p.size() > 1) ? 1 : 0;
        for (int c = 0; c < onChannel.size(); c++) {
          packets.add(new Packet(e.getKey(), a.getKey(), c, onChannel.get(c)));
          longest = Math.max(longest, costs.ticks(a.getKey(), onChannel.get(c).size() * g));
        }
      }
    }
    Map<List<Long>, Long> arrival = new HashMap<>(); // (node, chunk id) -> first time it has it
    Map<List<Integer>, Long> channelFree = new HashMap<>();
    Map<String, Integer> numbers = new HashMap<>();
    List<Schedule.Transmission> records = new ArrayList<>();
    Map<List<Long>, Long> arrived = new HashMap<>();
    long makespan = 0;
    int epoch = -1;
    for (Packet p : packets) {
      if (p.epoch() != epoch) { // what arrived in an earlier epoch may be sent on
        arrived.forEach((key, at) -> arrival.merge(key, at, Math::min));
        arrived.clear();
        epoch = p.epoch();
      }
      int from = net.tail(p.arc());
      int to = net.head(p.arc());
      long start = (long) p.epoch() * longest;
      if (timing == ScclJsonReader.Timing.ASAP) {
        start = channelFree.getOrDefault(List.of(p.arc(), p.channel()), 0L);
        for (long id : p.chunkIds()) {
          Long at = arrival.get(List.of((long) from, id));
          if (at != null) {
            start = Math.max(start, at);
          }
        }
      }
      long end = start + costs.ticks(p.arc(), p.chunkIds().size() * g);
      channelFree.put(List.of(p.arc(), p.channel()), end);
      makespan = Math.max(makespan, end);
      Integer channel = costs.channels(p.arc()) > 1 ? p.channel() : null;
      List<Long> run = new ArrayList<>();
      for (long id : p.chunkIds()) {
        if (!run.isEmpty()
            && (id != run.get(run.size() - 1) + 1 || id / perSource != run.get(0) / perSource)) {
          records.add(record(inst, run, perSource, g, numbers, from, to, start, channel));
          run.clear();
        }
        run.add(id);
        arrived.merge(List.of((long) to, id), end, Math::min);
      }
      records.add(record(inst, run, perSource, g, numbers, from, to, start, channel));
    }
    records.sort(Comparator.comparingLong(Schedule.Transmission::start));
    List<String> notes = new ArrayList<>();
    notes.add(
        "one chunk = "
            + g
            + " unit"
            + (g == 1 ? "" : "s")
            + " ("
            + perSource
            + " chunk"
            + (perSource == 1 ? "" : "s")
            + " per source, messages of "
            + length
            + " units), "
            + parsed.size()
            + " flows in "
            + (byEpoch.lastKey() + 1)
            + " epochs"
            + (timing == ScclJsonReader.Timing.STEPS
                ? " of " + inst.timeScale().format(longest)
                : "")
            + "; TE-CCL's own figures: epoch "
            + doc.path("1-Epoch_Duration").asString("?")
            + ", finish time "
            + doc.path("4-Collective_Finish_Time").asString("?"));
    if (shared > 0) {
      notes.add(
          shared
              + " time"
              + (shared == 1 ? "" : "s")
              + " several chunks cross one channel of an arc in one "
              + "epoch: one packet of their units");
    }
    if (viaSwitches > 0) {
      notes.add(
          viaSwitches
              + " flow"
              + (viaSwitches == 1 ? " passes" : "s pass")
              + " through switches, each read "
              + "as the arc between its two GPUs");
    }
    return new MscclXmlReader.Read(
        new Schedule.Transmissions(inst.timeScale(), records), makespan, notes);
  }

  /** The message of the gossip's origin at {@code node}, or null if the node has none. */
  private static String messageOf(Instance inst, int node) {
    return inst.origins().stream()
        .filter(o -> o.node() == node)
        .map(o -> o.message())
        .findFirst()
        .orElse(null);
  }

  private static Schedule.Transmission record(
      Instance inst,
      List<Long> run,
      int perSource,
      long g,
      Map<String, Integer> numbers,
      int from,
      int to,
      long start,
      Integer channel) {
    int source = (int) (run.get(0) / perSource);
    String message =
        inst.kind() == ProblemKind.BROADCAST
            ? inst.origins().get(0).message()
            : messageOf(inst, source);
    int number = numbers.merge(message, 1, Integer::sum) - 1;
    return new Schedule.Transmission(
        message, number, run.size() * g, from, to, start, (run.get(0) % perSource) * g, channel);
  }

  private static InstanceFormatException bad(String file, String pointer, String problem) {
    return new InstanceFormatException(file, pointer, problem);
  }
}
