package org.commsched.instances.io.collective;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.UnitPackets;

/**
 * Writes a valid linear-cost broadcast or gossip schedule as an MSCCL algorithm file (the XML that
 * the MSCCL runtimes load, docs/FORMATS.md#msccl-xml): one GPU per node, on each GPU one thread
 * block per arc and channel it sends on and one per arc and channel it receives on, on the MSCCL
 * channel of the same number (the runtimes fix a thread block's peers and channel, and a link of k
 * channels carries k packets side by side), plus one for the local copy of its own data on channel
 * 0; the sends and receives of each arc and channel in the schedule's order; each send depends on
 * the receives (or the copy) that brought its chunks, so that the runtime sends nothing before it
 * has it. Every unit of a packet becomes a chunk (several units per chunk when all packets allow
 * it), and a packet whose chunks are not one contiguous range is written as several steps.
 *
 * <p>MSCCL runs GPUs with all links at once in both directions, so only the all-port full-duplex
 * model is written; the times are not written (the runtime has none): {@link MscclXmlReader} gives
 * them back by running the steps as soon as their thread blocks and dependencies allow, and {@link
 * #write} reads its own output back to say whether that is the same schedule.
 */
public final class MscclXmlWriter {
  /** A step's count must stay below this (MSCCL_MAX_COUNT in both runtimes' headers). */
  public static final int MAX_COUNT = 72;

  /**
   * Steps per thread block in msccl-executor-nccl's default build (MSCCL_MAX_NUM_STEPS in
   * makefiles/common.mk).
   */
  static final int EXECUTOR_MAX_STEPS = 64;

  /** Steps per thread block in microsoft/msccl (MSCCL_MAX_NUM_STEPS in src/include/msccl.h). */
  static final int MSCCL_MAX_STEPS = 256;

  /** Sending (or receiving) thread blocks per channel (MSCCL_MAX_NUM_THREAD_BLOCKS_PER_CHANNEL). */
  static final int MAX_PEERS_PER_CHANNEL = 32;

  private MscclXmlWriter() {}

  /** The file's text and what the writer has to say about it (one sentence each). */
  public record Written(String xml, List<String> notes) {
    public Written {
      notes = List.copyOf(notes);
    }
  }

  /** A schedule that cannot be written, with the reason and the fix after the last "; ". */
  public static final class Refusal extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Refusal(String message) {
      super(message);
    }
  }

  private static final class Step {
    final String type;
    final String srcbuf;
    final int srcoff;
    final String dstbuf;
    final int dstoff;
    final int cnt;
    final List<Step> deps = new ArrayList<>();
    Tb tb;
    int position;
    int s;
    boolean hasdep;

    Step(String type, String srcbuf, int srcoff, String dstbuf, int dstoff, int cnt) {
      this.type = type;
      this.srcbuf = srcbuf;
      this.srcoff = srcoff;
      this.dstbuf = dstbuf;
      this.dstoff = dstoff;
      this.cnt = cnt;
    }
  }

  private static final class Tb {
    final int send;
    final int recv;
    final int chan;
    final List<Step> steps = new ArrayList<>();
    int id;

    Tb(int send, int recv, int chan) {
      this.send = send;
      this.recv = recv;
      this.chan = chan;
    }

    Step add(Step step) {
      step.tb = this;
      step.position = steps.size();
      steps.add(step);
      return step;
    }
  }

  private static final class Gpu {
    Tb copy;

    /** Thread blocks by {@link #key} of (peer, channel): by peer, then channel. */
    final Map<Long, Tb> out = new TreeMap<>();

    final Map<Long, Tb> in = new TreeMap<>();
    final Map<Integer, Step> copyOf = new HashMap<>();

    /** For each chunk received, the receive step that ends first, and its end. */
    final Map<Integer, Step> firstReceive = new HashMap<>();

    final Map<Integer, Long> firstEnd = new HashMap<>();

    static long key(int peer, int channel) {
      return ((long) peer << 32) | channel;
    }

    List<Tb> tbs() {
      List<Tb> all = new ArrayList<>();
      if (copy != null) {
        all.add(copy);
      }
      all.addAll(out.values());
      all.addAll(in.values());
      return all;
    }
  }

  /**
   * The MSCCL XML of a schedule the checker accepts.
   *
   * @param name the algorithm's name ({@code <algo name>})
   * @throws Refusal when the instance is not an all-port full-duplex broadcast or gossip, or a
   *     packet needs more chunks in one step than the runtime allows
   */
  public static Written write(Instance inst, Schedule.Transmissions schedule, String name) {
    requireWritable(inst);
    List<UnitPackets.Packet> packets = UnitPackets.of(inst, schedule);
    long length = inst.origins().get(0).length();
    long g = length;
    for (UnitPackets.Packet p : packets) {
      for (UnitPackets.Piece piece : p.pieces()) {
        g = gcd(gcd(g, piece.lo()), piece.hi());
      }
    }
    long perRank = length / g;
    if (perRank * inst.network().nodes() > Integer.MAX_VALUE / 2) {
      throw new Refusal(
          "the schedule needs "
              + perRank
              + " chunks per GPU (its packets cut the "
              + length
              + "-unit messages that finely), more than an MSCCL buffer index holds; export a schedule with coarser "
              + "packets");
    }
    ChunkLayout layout = ChunkLayout.of(inst, (int) perRank);
    int n = layout.gpus();
    Gpu[] gpus = new Gpu[n];
    for (int u = 0; u < n; u++) {
      gpus[u] = new Gpu();
    }
    // the local copy of each GPU's own chunks from its input to its output buffer (a no-op when in
    // place)
    for (int u = 0; u < n; u++) {
      if (!layout.holds(u, layout.input(u, 0))) {
        continue;
      }
      Gpu gpu = gpus[u];
      gpu.copy = new Tb(-1, -1, 0);
      for (int j = 0; j < layout.perRank(); j += MAX_COUNT - 1) {
        int cnt = Math.min(MAX_COUNT - 1, layout.perRank() - j);
        Step cpy = gpu.copy.add(new Step("cpy", "i", j, "o", layout.input(u, j), cnt));
        for (int k = 0; k < cnt; k++) {
          gpu.copyOf.put(layout.input(u, j + k), cpy);
        }
      }
    }
    int split = 0;
    int steps = 0;
    for (UnitPackets.Packet p : packets) {
      Gpu from = gpus[p.from()];
      Gpu to = gpus[p.to()];
      Tb sendTb =
          from.out.computeIfAbsent(
              Gpu.key(p.to(), p.channel()), k -> new Tb(p.to(), -1, p.channel()));
      Tb recvTb =
          to.in.computeIfAbsent(
              Gpu.key(p.from(), p.channel()), k -> new Tb(-1, p.from(), p.channel()));
      List<int[]> runs = runs(p, layout);
      if (runs.size() > 1) {
        split++;
      }
      for (int[] run : runs) {
        Step send = sendTb.add(new Step("s", "o", run[0], "o", run[0], run[1]));
        Step recv = recvTb.add(new Step("r", "o", run[0], "o", run[0], run[1]));
        steps++;
        for (int c = run[0]; c < run[0] + run[1]; c++) {
          Step dep = layout.holds(p.from(), c) ? from.copyOf.get(c) : from.firstReceive.get(c);
          Long ready = layout.holds(p.from(), c) ? Long.valueOf(0) : from.firstEnd.get(c);
          if (dep == null || ready > p.start()) {
            throw new Refusal(
                "node "
                    + p.from()
                    + " sends chunk "
                    + c
                    + " at tick "
                    + p.start()
                    + " before it has "
                    + "it; commsched check finds the violations: export only schedules that check valid");
          }
          if (!send.deps.contains(dep)) {
            send.deps.add(dep);
          }
          Long known = to.firstEnd.get(c);
          if (known == null || p.end() < known) {
            to.firstEnd.put(c, p.end());
            to.firstReceive.put(c, recv);
          }
        }
      }
    }
    String xml = xml(gpus, layout, name);
    List<String> notes = new ArrayList<>();
    notes.add(
        packets.size()
            + " packets as "
            + steps
            + " send/receive step pairs; one chunk = "
            + g
            + " unit"
            + (g == 1 ? "" : "s")
            + ", nchunksperloop "
            + layout.chunksPerLoop());
    if (split > 0) {
      notes.add(
          split
              + " packets carry chunks that are not one contiguous range (or more than "
              + (MAX_COUNT - 1)
              + " chunks) and are written as several steps, which MSCCL sends as separate transfers (each its own beta)");
    }
    limits(gpus, notes);
    MscclXmlReader.Read back = MscclXmlReader.read(xml, "(the exported file)", inst);
    if (sameSchedule(inst, schedule, back.schedule())) {
      notes.add(
          "read back: the same schedule, makespan " + schedule.scale().format(back.makespan()));
    } else {
      notes.add(
          "read back: MSCCL runs each step as soon as its thread block and dependencies allow, which gives "
              + "another schedule of makespan "
              + schedule.scale().format(back.makespan())
              + " (commsched import "
              + "--format msccl-xml shows it)");
    }
    return new Written(xml, notes);
  }

  /** Refuses what MSCCL XML cannot carry (see the class comment). */
  static void requireWritable(Instance inst) {
    if (inst.kind() != ProblemKind.GOSSIP && inst.kind() != ProblemKind.BROADCAST) {
      throw new Refusal(
          "MSCCL XML carries a broadcast or an allgather (gossip), not a "
              + inst.kind().name().toLowerCase(java.util.Locale.ROOT)
              + "; export a broadcast or gossip schedule, or use --format csv");
    }
    CommModel.StoreAndForward m = inst.storeAndForward();
    if (m.ports() != CommModel.Ports.ALL || m.duplex() != CommModel.Duplex.FULL) {
      throw new Refusal(
          "MSCCL runs every link of a GPU at once both ways and cannot keep the instance's "
              + m.ports().wireName()
              + "-port "
              + m.duplex().wireName()
              + "-duplex model (a step waits only for its own "
              + "GPU's steps, never for a busy neighbour); export schedules of the all-port full-duplex model "
              + "(\"ports\": \"all\", \"duplex\": \"full\"), or use --format csv");
    }
  }

  /**
   * True if both schedules have the same packets (arc, channel, start, units), however their
   * records split them.
   */
  static boolean sameSchedule(Instance inst, Schedule.Transmissions a, Schedule.Transmissions b) {
    return unitSet(inst, a).equals(unitSet(inst, b));
  }

  private static Map<List<Long>, java.util.TreeSet<List<Long>>> unitSet(
      Instance inst, Schedule.Transmissions s) {
    Map<List<Long>, java.util.TreeSet<List<Long>>> out = new HashMap<>();
    for (UnitPackets.Packet p : UnitPackets.of(inst, s)) {
      java.util.TreeSet<List<Long>> units =
          out.computeIfAbsent(
              List.of(
                  (long) p.from(),
                  (long) p.to(),
                  (long) p.channel(),
                  s.scale().rescale(p.start(), inst.timeScale().max(s.scale()))),
              k ->
                  new java.util.TreeSet<>(
                      (x, y) ->
                          x.get(0).equals(y.get(0))
                              ? Long.compare(x.get(1), y.get(1))
                              : Long.compare(x.get(0), y.get(0))));
      for (UnitPackets.Piece piece : p.pieces()) {
        for (long u = piece.lo(); u < piece.hi(); u++) {
          units.add(List.of((long) piece.origin(), u));
        }
      }
    }
    return out;
  }

  /** A packet's global chunks as runs {first, count}: contiguous, at most MAX_COUNT - 1 long. */
  private static List<int[]> runs(UnitPackets.Packet p, ChunkLayout layout) {
    java.util.TreeSet<Integer> chunks = new java.util.TreeSet<>();
    for (UnitPackets.Piece piece : p.pieces()) {
      for (long u = piece.lo(); u < piece.hi(); u += layout.unitsPerChunk()) {
        chunks.add(layout.chunk(piece.origin(), u));
      }
    }
    List<int[]> runs = new ArrayList<>();
    for (int c : chunks) {
      int[] last = runs.isEmpty() ? null : runs.get(runs.size() - 1);
      if (last != null && last[0] + last[1] == c && last[1] < MAX_COUNT - 1) {
        last[1]++;
      } else {
        runs.add(new int[] {c, 1});
      }
    }
    return runs;
  }

  private static String xml(Gpu[] gpus, ChunkLayout layout, String name) {
    for (Gpu gpu : gpus) {
      int id = 0;
      for (Tb tb : gpu.tbs()) {
        tb.id = id++;
      }
    }
    // one dependency per step: the latest step of each other thread block; the others go on nops
    // before it
    for (Gpu gpu : gpus) {
      for (Tb tb : gpu.tbs()) {
        List<Step> steps = new ArrayList<>();
        for (Step step : tb.steps) {
          Map<Tb, Step> latest = new LinkedHashMap<>();
          for (Step d : step.deps) {
            Step known = latest.get(d.tb);
            if (known == null || d.position > known.position) {
              latest.put(d.tb, d);
            }
          }
          List<Step> deps = new ArrayList<>(latest.values());
          deps.sort(java.util.Comparator.comparingInt(d -> d.tb.id));
          step.deps.clear();
          for (int k = 0; k < deps.size() - 1; k++) {
            Step nop = new Step("nop", "i", -1, "o", -1, 0);
            nop.tb = tb;
            nop.deps.add(deps.get(k));
            steps.add(nop);
          }
          if (!deps.isEmpty()) {
            step.deps.add(deps.get(deps.size() - 1));
          }
          steps.add(step);
        }
        tb.steps.clear();
        tb.steps.addAll(steps);
        for (int s = 0; s < steps.size(); s++) {
          steps.get(s).s = s;
          for (Step d : steps.get(s).deps) {
            d.hasdep = true;
          }
        }
      }
    }
    int channels = 1;
    for (Gpu gpu : gpus) {
      for (Tb tb : gpu.tbs()) {
        channels = Math.max(channels, tb.chan + 1);
      }
    }
    StringBuilder x = new StringBuilder();
    x.append("<algo name=\"")
        .append(escape(name))
        .append("\" proto=\"Simple\" nchannels=\"")
        .append(channels)
        .append("\" nchunksperloop=\"")
        .append(layout.chunksPerLoop())
        .append("\" ngpus=\"")
        .append(layout.gpus())
        .append("\" coll=\"")
        .append(layout.collective())
        .append("\" inplace=\"1\" outofplace=\"1\" minBytes=\"0\" maxBytes=\"0\">\n");
    for (int u = 0; u < gpus.length; u++) {
      x.append("  <gpu id=\"")
          .append(u)
          .append("\" i_chunks=\"")
          .append(layout.perRank())
          .append("\" o_chunks=\"")
          .append(layout.chunksPerLoop())
          .append("\" s_chunks=\"0\">\n");
      for (Tb tb : gpus[u].tbs()) {
        x.append("    <tb id=\"")
            .append(tb.id)
            .append("\" send=\"")
            .append(tb.send)
            .append("\" recv=\"")
            .append(tb.recv)
            .append("\" chan=\"")
            .append(tb.chan)
            .append("\">\n");
        for (Step st : tb.steps) {
          Step dep = st.deps.isEmpty() ? null : st.deps.get(0);
          x.append("      <step s=\"")
              .append(st.s)
              .append("\" type=\"")
              .append(st.type)
              .append("\" srcbuf=\"")
              .append(st.srcbuf)
              .append("\" srcoff=\"")
              .append(st.srcoff)
              .append("\" dstbuf=\"")
              .append(st.dstbuf)
              .append("\" dstoff=\"")
              .append(st.dstoff)
              .append("\" cnt=\"")
              .append(st.cnt)
              .append("\" depid=\"")
              .append(dep == null ? -1 : dep.tb.id)
              .append("\" deps=\"")
              .append(dep == null ? -1 : dep.s)
              .append("\" hasdep=\"")
              .append(st.hasdep ? 1 : 0)
              .append("\"/>\n");
        }
        x.append("    </tb>\n");
      }
      x.append("  </gpu>\n");
    }
    x.append("</algo>\n");
    return x.toString();
  }

  /** Notes for the runtimes' fixed limits that the file passes. */
  private static void limits(Gpu[] gpus, List<String> notes) {
    int maxSteps = 0;
    int maxPeers = 0;
    int busiest = 0;
    for (Gpu gpu : gpus) {
      Map<Integer, Integer> sending = new HashMap<>();
      Map<Integer, Integer> receiving = new HashMap<>();
      for (Tb tb : gpu.tbs()) {
        maxSteps = Math.max(maxSteps, tb.steps.size());
        if (tb.send >= 0) {
          sending.merge(tb.chan, 1, Integer::sum);
        }
        if (tb.recv >= 0) {
          receiving.merge(tb.chan, 1, Integer::sum);
        }
      }
      for (Map<Integer, Integer> perChannel : List.of(sending, receiving)) {
        for (Map.Entry<Integer, Integer> e : perChannel.entrySet()) {
          if (e.getValue() > maxPeers) {
            maxPeers = e.getValue();
            busiest = e.getKey();
          }
        }
      }
    }
    if (maxSteps > EXECUTOR_MAX_STEPS) {
      notes.add(
          "a thread block has "
              + maxSteps
              + " steps: msccl-executor-nccl's default build allows "
              + EXECUTOR_MAX_STEPS
              + " (build it with MSCCL_MAX_NUM_STEPS="
              + maxSteps
              + ")"
              + (maxSteps > MSCCL_MAX_STEPS ? ", microsoft/msccl " + MSCCL_MAX_STEPS : ""));
    }
    if (maxPeers > MAX_PEERS_PER_CHANNEL) {
      notes.add(
          "a GPU talks to "
              + maxPeers
              + " peers on channel "
              + busiest
              + ", more than the "
              + MAX_PEERS_PER_CHANNEL
              + " thread blocks per channel the runtimes allow");
    }
  }

  private static long gcd(long a, long b) {
    return BigInteger.valueOf(a).gcd(BigInteger.valueOf(b)).longValueExact();
  }

  /** Text for an XML attribute value. */
  static String escape(String s) {
    StringBuilder b = new StringBuilder();
    for (char c : s.toCharArray()) {
      switch (c) {
        case '&' -> b.append("&amp;");
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '"' -> b.append("&quot;");
        default -> b.append(c < 0x20 ? ' ' : c);
      }
    }
    return b.toString();
  }
}
