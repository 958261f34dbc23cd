package org.commsched.instances.io.collective;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.time.TimeScale;
import org.commsched.instances.io.InstanceFormatException;
import tools.jackson.databind.JsonNode;

/**
 * Reads an SCCL algorithm (the JSON that msccl-tools' {@code msccl solve} writes, {@code
 * "msccl_type": "algorithm"}) as a linear-cost schedule of a broadcast or gossip instance
 * (docs/FORMATS.md#importing-schedules). SCCL's model is synchronous: an algorithm is a list of
 * steps, each a set of sends {@code [address, from, to]} of chunks; commsched charges each link its
 * linear cost instead of SCCL's rounds. Two timings, each stated as the mapping:
 *
 * <ul>
 *   <li>{@link Timing#STEPS} (SCCL's own): step k starts when step k - 1 has ended on every link;
 *       the sends of one step over one link are one packet of their chunks (on a link of k
 *       channels, such as a doubled NVLink, k packets side by side, the chunks in order split as
 *       evenly as they go, as SCCL's model sends k chunks a round there); a step lasts its longest
 *       packet, beta + units * tau (the link's own, if it has them);
 *   <li>{@link Timing#ASAP} (a runtime without barriers): each packet starts as soon as its link is
 *       free and its sender has received its chunks (in an earlier step).
 * </ul>
 *
 * A chunk is {@code length / c} units of its origin's message, c the chunks per origin (by address
 * order); an instance with {@code "chunks": k} splits each of the collective's chunks, address a,
 * into the addresses {@code a * k .. a * k + k - 1} (msccl-tools' {@code Collective.chunk_up}).
 */
public final class ScclJsonReader {
  private ScclJsonReader() {}

  /** How SCCL's steps become times. */
  public enum Timing {
    /** Synchronous steps, as SCCL's cost model has them. */
    STEPS,
    /** Each packet as soon as its link and its chunks allow. */
    ASAP
  }

  /** The mapping of a timing in one sentence, for the schedule's {@code stats.importMapping}. */
  public static String mapping(Timing timing) {
    String common =
        "SCCL algorithm read as linear-cost packets: the sends of one step over one link are one packet "
            + "of their chunks lasting beta + units*tau (commsched's cost in place of SCCL's rounds; on a link of k "
            + "channels k packets side by side, the chunks split evenly in order); ";
    return common
        + (timing == Timing.STEPS
            ? "synchronous steps: step k starts when step k-1 has ended on every "
                + "link, and lasts its longest packet"
            : "as soon as possible: a packet starts when its link is free and its "
                + "sender has received its chunks in an earlier step");
  }

  /** Reads a parsed SCCL algorithm document (see the class comment). */
  public static MscclXmlReader.Read read(JsonNode doc, String file, Instance inst, Timing timing) {
    if (!"algorithm".equals(doc.path("msccl_type").asString(""))) {
      throw bad(
          file,
          "/msccl_type",
          "not an SCCL algorithm (\"msccl_type\": \"algorithm\"); give a file that "
              + "msccl solve wrote");
    }
    JsonNode chunks = doc.path("collective").path("chunks");
    int nodes = doc.path("collective").path("nodes").asInt(-1);
    if (nodes != inst.network().nodes()) {
      throw bad(
          file,
          "/collective/nodes",
          "the algorithm is for "
              + nodes
              + " nodes but the instance has "
              + inst.network().nodes()
              + "; give an instance of the algorithm's topology");
    }
    if (!chunks.isArray() || chunks.isEmpty()) {
      throw bad(file, "/collective/chunks", "no chunks; give a file that msccl solve wrote");
    }
    int div = doc.path("instance").path("chunks").asInt(1);
    if (div < 1) {
      throw bad(
          file,
          "/instance/chunks",
          "chunks must be at least 1; give a file that msccl solve wrote");
    }
    // address -> (origin, index among the origin's chunks)
    Map<Integer, TreeSet<Integer>> byOrigin = new TreeMap<>();
    Map<Integer, Integer> originOf = new HashMap<>();
    for (int i = 0; i < chunks.size(); i++) {
      JsonNode c = chunks.get(i);
      JsonNode pre = c.path("pre");
      int addr = c.path("addr").asInt(-1);
      int origin =
          inst.kind() == ProblemKind.BROADCAST ? 0 : pre.size() == 1 ? pre.get(0).asInt(-1) : -1;
      boolean fits =
          inst.kind() == ProblemKind.BROADCAST
              ? pre.size() == 1 && pre.get(0).asInt(-1) == inst.root()
              : origin >= 0 && origin < nodes;
      if (addr < 0 || !fits || c.path("post").size() != nodes) {
        throw bad(
            file,
            "/collective/chunks/" + i,
            "chunk "
                + addr
                + " is not one of a "
                + (inst.kind() == ProblemKind.BROADCAST
                    ? "broadcast from node " + inst.root()
                    : "gossip (allgather)")
                + " (pre: one "
                + "node"
                + (inst.kind() == ProblemKind.BROADCAST ? ", the source" : "")
                + "; post: every node); give "
                + "the instance of the algorithm's collective");
      }
      // msccl-tools' Collective.chunk_up: with instance.chunks = c, chunk a becomes the addresses a
      // * c + i
      for (int part = 0; part < div; part++) {
        byOrigin.computeIfAbsent(origin, k -> new TreeSet<>()).add(addr * div + part);
        originOf.put(addr * div + part, origin);
      }
    }
    int perOrigin = byOrigin.values().iterator().next().size();
    long length = inst.origins().get(0).length();
    if (byOrigin.size() != inst.origins().size()
        || byOrigin.values().stream().anyMatch(s -> s.size() != perOrigin)
        || length % perOrigin != 0) {
      throw bad(
          file,
          "/collective/chunks",
          "the algorithm has "
              + perOrigin
              + " chunks per message, which does not "
              + "divide the instance's length "
              + length
              + " (or its origins differ); give the instance a length that "
              + "is a multiple of "
              + perOrigin);
    }
    long g = length / perOrigin;
    Map<Integer, Integer> indexOf = new HashMap<>();
    byOrigin
        .values()
        .forEach(
            s -> {
              int k = 0;
              for (int addr : s) {
                indexOf.put(addr, k++);
              }
            });
    CommModel.StoreAndForward model = inst.storeAndForward();
    TimeScale scale = inst.timeScale();
    Map<List<Integer>, Long> arrival = new HashMap<>(); // (node, addr) -> first time it has it
    for (int addr : originOf.keySet()) {
      int holder = inst.kind() == ProblemKind.BROADCAST ? inst.root() : originOf.get(addr);
      arrival.put(List.of(holder, addr), 0L);
    }
    Map<List<Integer>, Long> arcFree = new HashMap<>(); // per (from, to, channel)
    List<Schedule.Transmission> records = new ArrayList<>();
    Map<Integer, Integer> numbers = new HashMap<>();
    JsonNode steps = doc.path("steps");
    long barrier = 0;
    long makespan = 0;
    for (int k = 0; k < steps.size(); k++) {
      JsonNode sends = steps.get(k).path("sends");
      Map<List<Integer>, TreeSet<Integer>> packets = new LinkedHashMap<>();
      for (int j = 0; j < sends.size(); j++) {
        JsonNode s = sends.get(j);
        int addr = s.path(0).asInt(-1);
        int from = s.path(1).asInt(-1);
        int to = s.path(2).asInt(-1);
        if (!originOf.containsKey(addr) || from < 0 || from >= nodes || to < 0 || to >= nodes) {
          throw bad(
              file,
              "/steps/" + k + "/sends/" + j,
              "a send is [chunk address, from, to] with a known "
                  + "address and nodes 0 to "
                  + (nodes - 1)
                  + "; fix the send");
        }
        packets
            .computeIfAbsent(
                List.of(from, to),
                x ->
                    new TreeSet<>(
                        (a, b) ->
                            originOf.get(a).equals(originOf.get(b))
                                ? Integer.compare(indexOf.get(a), indexOf.get(b))
                                : Integer.compare(originOf.get(a), originOf.get(b))))
            .add(addr);
      }
      long stepEnd = barrier;
      Map<List<Integer>, Long> arrived = new HashMap<>();
      for (Map.Entry<List<Integer>, TreeSet<Integer>> p : packets.entrySet()) {
        int from = p.getKey().get(0);
        int to = p.getKey().get(1);
        int arc = inst.network().arc(from, to);
        // a link of k channels (a doubled NVLink) takes the step's chunks as k packets side by
        // side, in order
        List<Integer> all = new ArrayList<>(p.getValue());
        int ways = arc < 0 ? 1 : Math.min(inst.network().channels(arc), all.size());
        for (int c = 0; c < ways; c++) {
          List<Integer> mine = all.subList(c * all.size() / ways, (c + 1) * all.size() / ways);
          List<Integer> channelKey = List.of(from, to, c);
          long start = barrier;
          if (timing == Timing.ASAP) {
            start = arcFree.getOrDefault(channelKey, 0L);
            for (int addr : mine) {
              Long at = arrival.get(List.of(from, addr));
              if (at != null) {
                start = Math.max(start, at);
              }
            }
          }
          long units = mine.size() * g;
          long end =
              start
                  + (arc < 0 ? model.packetTicks(units, scale) : inst.arcCosts().ticks(arc, units));
          arcFree.put(channelKey, end);
          stepEnd = Math.max(stepEnd, end);
          makespan = Math.max(makespan, end);
          List<Integer> run = new ArrayList<>();
          for (int addr : mine) {
            if (!run.isEmpty()
                && (!originOf.get(addr).equals(originOf.get(run.get(0)))
                    || indexOf.get(addr) != indexOf.get(run.get(run.size() - 1)) + 1)) {
              records.add(record(inst, run, originOf, indexOf, numbers, g, from, to, start, c));
              run.clear();
            }
            run.add(addr);
            arrived.merge(List.of(to, addr), end, Math::min);
          }
          records.add(record(inst, run, originOf, indexOf, numbers, g, from, to, start, c));
        }
      }
      arrived.forEach((key, at) -> arrival.merge(key, at, Math::min));
      barrier = stepEnd;
    }
    List<String> notes =
        List.of(
            "one chunk = "
                + g
                + " unit"
                + (g == 1 ? "" : "s")
                + " ("
                + perOrigin
                + " chunks per message, messages of "
                + length
                + " units), "
                + steps.size()
                + " steps");
    return new MscclXmlReader.Read(new Schedule.Transmissions(scale, records), makespan, notes);
  }

  private static Schedule.Transmission record(
      Instance inst,
      List<Integer> run,
      Map<Integer, Integer> originOf,
      Map<Integer, Integer> indexOf,
      Map<Integer, Integer> numbers,
      long g,
      int from,
      int to,
      long start,
      int channel) {
    int origin = originOf.get(run.get(0));
    int number = numbers.merge(origin, 1, Integer::sum) - 1;
    return new Schedule.Transmission(
        inst.origins().get(origin).message(),
        number,
        run.size() * g,
        from,
        to,
        start,
        indexOf.get(run.get(0)) * g,
        channel == 0 ? null : channel);
  }

  private static InstanceFormatException bad(String file, String pointer, String problem) {
    return new InstanceFormatException(file, pointer, problem);
  }
}
