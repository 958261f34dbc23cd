package org.commsched.instances.io.collective;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.UnitPackets;
import org.commsched.core.time.TimeScale;
import org.commsched.instances.io.InstanceFormatException;
import org.commsched.instances.io.SafeXml;
import org.xml.sax.Attributes;
import org.xml.sax.Locator;
import org.xml.sax.helpers.DefaultHandler;

/**
 * Reads an MSCCL algorithm file (an allgather or a broadcast) as a linear-cost schedule of a given
 * instance, so that {@code commsched check} can judge it. The mapping (docs/FORMATS.md#msccl-xml),
 * stated in {@link #MAPPING}:
 *
 * <ul>
 *   <li>the k-th send of GPU u to GPU v on a channel and the k-th receive of v from u on that
 *       channel are one packet on the arc u -> v of {@code cnt} chunks (as NCCL's connections
 *       deliver in order), on channel {@code chan} of the arc when the arc has that many channels
 *       (docs/FORMATS.md#links-with-channels-and-costs), else on {@code chan} modulo its channels;
 *   <li>a chunk is {@code length / (nchunksperloop / ngpus)} units of a gossip (allgather) or
 *       {@code length / nchunksperloop} of a broadcast; output chunk c holds global chunk c, input
 *       chunk j GPU r's own chunk j, scratch chunks what was last written to them;
 *   <li>a step can start once the previous step of its thread block and the step it depends on
 *       ({@code depid}, {@code deps}) have ended; a packet starts once its send and its receive
 *       step can both start, and lasts the arc's {@code beta + units * tau}; a {@code rcs} step
 *       forwards what it received when the receive ends; local copies and nops take no time;
 *   <li>nothing else waits: two packets on one channel of an arc (from MSCCL channels that fold
 *       onto it) or steps that do not wait for the data they send show as violations in {@code
 *       check}.
 * </ul>
 *
 * Reductions ({@code rrs}, {@code rrc}, {@code rrcs}, {@code re}, {@code ra}) are refused:
 * commsched schedules broadcasts and gossips.
 */
public final class MscclXmlReader {
  /**
   * The mapping in one sentence, as the schedule's {@code stats.importMapping} and the CLI state
   * it.
   */
  public static final String MAPPING =
      "MSCCL XML read as linear-cost packets: the k-th send of GPU u to GPU v on a "
          + "channel and the k-th receive of v from u there are one packet of cnt chunks on arc u->v, on the arc's "
          + "channel chan (chan modulo the arc's channels when it has fewer); a step starts when "
          + "the previous step of its thread block and its dependency (depid, deps) have ended, a packet when its send "
          + "and receive steps can both start, and lasts the arc's beta + units*tau; rcs forwards when its receive "
          + "ends; copies and nops take no time; nothing else waits (packets that overlap on a channel of an arc, or "
          + "sends before the data arrived, are the checker's to find)";

  private MscclXmlReader() {}

  /**
   * The schedule read, its makespan in ticks of its scale, and notes on what the file does beyond
   * the mapping.
   */
  public record Read(Schedule.Transmissions schedule, long makespan, List<String> notes) {
    public Read {
      notes = List.copyOf(notes);
    }
  }

  private static final Set<String> REDUCTIONS = Set.of("rrs", "rrc", "rrcs", "re", "ra");

  private static final class Step {
    final int line;
    final int gpu;
    final Tb tb;
    final int s;
    final String type;
    final String srcbuf;
    final int srcoff;
    final String dstbuf;
    final int dstoff;
    final int cnt;
    final int depid;
    final int deps;
    Step prev;
    Step dep;
    Step sendPartner; // for a receiving step: the step that sends to it
    Step recvPartner; // for a sending step: the step that receives from it
    Long ready;
    Long inEnd; // receiving steps: when the incoming packet ends
    Long outStart; // sending steps: when the outgoing packet starts
    Long end;

    Step(int line, int gpu, Tb tb, Attributes a, Locator where) throws OwnProblemCarrier {
      this.line = line;
      this.gpu = gpu;
      this.tb = tb;
      this.s = number(a, "s", "step", where);
      this.type = text(a, "type", "step", where);
      this.srcbuf = text(a, "srcbuf", "step", where);
      this.srcoff = number(a, "srcoff", "step", where);
      this.dstbuf = text(a, "dstbuf", "step", where);
      this.dstoff = number(a, "dstoff", "step", where);
      this.cnt = number(a, "cnt", "step", where);
      this.depid = number(a, "depid", "step", where);
      this.deps = number(a, "deps", "step", where);
      number(a, "hasdep", "step", where);
    }

    boolean sends() {
      return type.equals("s") || type.equals("rcs");
    }

    boolean receives() {
      return type.equals("r") || type.equals("rcs");
    }

    String where() {
      return "GPU " + gpu + " thread block " + tb.id + " step " + s;
    }
  }

  private static final class Tb {
    final int line;
    final int id;
    final int send;
    final int recv;
    final int chan;
    final List<Step> steps = new ArrayList<>();

    Tb(int line, int id, int send, int recv, int chan) {
      this.line = line;
      this.id = id;
      this.send = send;
      this.recv = recv;
      this.chan = chan;
    }
  }

  /**
   * Carries a problem out of attribute parsing to the handler, which turns it into a SAX refusal.
   */
  private static final class OwnProblemCarrier extends Exception {
    private static final long serialVersionUID = 1L;

    OwnProblemCarrier(String problem) {
      super(problem);
    }
  }

  /**
   * Reads the file's text as a schedule of the instance.
   *
   * @param file the file's name for messages
   * @throws InstanceFormatException (one line, with the place and the fix) when the file is not an
   *     MSCCL algorithm, lacks an attribute the runtimes require, does not fit the instance, or its
   *     steps wait on each other forever
   */
  public static Read read(String text, String file, Instance inst) {
    if (inst.kind() != ProblemKind.GOSSIP && inst.kind() != ProblemKind.BROADCAST) {
      throw new InstanceFormatException(
          file,
          "",
          "commsched reads MSCCL allgathers and broadcasts, but the "
              + "instance is a "
              + inst.kind().name().toLowerCase(java.util.Locale.ROOT)
              + "; give a gossip or "
              + "broadcast instance of the same network");
    }
    Parsed p = new Parsed(inst);
    SafeXml.parse(text, p, file, "an MSCCL algorithm (XML)");
    if (p.algoLine < 0) {
      throw new InstanceFormatException(
          file,
          "",
          "no <algo> element; an MSCCL algorithm file has one <algo> with "
              + "<gpu>, <tb> and <step> elements inside");
    }
    return p.simulate(file);
  }

  /** The SAX handler: checks the structure and the runtimes' required attributes as it goes. */
  private static final class Parsed extends DefaultHandler {
    final Instance inst;
    Locator locator;
    int algoLine = -1;
    int chunksPerLoop;
    int gpus;
    String coll;
    int gpu = -1;
    final Map<Integer, int[]> buffers = new HashMap<>(); // gpu -> {i, o, s}
    final Map<Integer, Map<Integer, Tb>> tbs = new TreeMap<>();
    Tb tb;
    final List<Step> steps = new ArrayList<>();
    int depth;

    Parsed(Instance inst) {
      this.inst = inst;
    }

    @Override
    public void setDocumentLocator(Locator locator) {
      this.locator = locator;
    }

    @Override
    public void startElement(String uri, String localName, String qName, Attributes a)
        throws SafeXml.OwnProblem {
      depth++;
      try {
        switch (qName) {
          case "algo" -> {
            expectDepth(1, "<algo>", "the outermost element");
            algoLine = locator.getLineNumber();
            text(a, "name", "algo", locator);
            text(a, "proto", "algo", locator);
            number(a, "nchannels", "algo", locator);
            number(a, "inplace", "algo", locator);
            chunksPerLoop = number(a, "nchunksperloop", "algo", locator);
            gpus = number(a, "ngpus", "algo", locator);
            coll = text(a, "coll", "algo", locator);
            String wanted = inst.kind() == ProblemKind.GOSSIP ? "allgather" : "broadcast";
            if (!coll.equals(wanted)) {
              throw new OwnProblemCarrier(
                  "<algo coll=\""
                      + coll
                      + "\"> is not the instance's problem ("
                      + inst.kind().name().toLowerCase(java.util.Locale.ROOT)
                      + " is coll=\""
                      + wanted
                      + "\"); give an "
                      + "instance of the file's collective");
            }
            if (gpus != inst.network().nodes()) {
              throw new OwnProblemCarrier(
                  "<algo ngpus=\""
                      + gpus
                      + "\"> but the instance has "
                      + inst.network().nodes()
                      + " nodes; give an instance of the file's topology");
            }
            int per =
                coll.equals("allgather")
                    ? (chunksPerLoop % gpus == 0 ? chunksPerLoop / gpus : -1)
                    : chunksPerLoop;
            long length = inst.origins().get(0).length();
            if (per <= 0 || length % per != 0) {
              throw new OwnProblemCarrier(
                  "nchunksperloop=\""
                      + chunksPerLoop
                      + "\" gives "
                      + (per <= 0 ? "no whole" : per)
                      + " chunks per message, which does not divide the instance's length "
                      + length
                      + "; give the instance a length that is a multiple of the chunks per message");
            }
          }
          case "gpu" -> {
            expectDepth(2, "<gpu>", "inside <algo>");
            gpu = number(a, "id", "gpu", locator);
            if (gpu < 0 || gpu >= gpus || buffers.containsKey(gpu)) {
              throw new OwnProblemCarrier(
                  "<gpu id=\""
                      + gpu
                      + "\"> is "
                      + (buffers.containsKey(gpu) ? "given twice" : "not between 0 and ngpus - 1")
                      + "; give each GPU once, ids 0 to "
                      + (gpus - 1));
            }
            buffers.put(
                gpu,
                new int[] {
                  number(a, "i_chunks", "gpu", locator),
                  number(a, "o_chunks", "gpu", locator),
                  number(a, "s_chunks", "gpu", locator)
                });
            tbs.put(gpu, new TreeMap<>());
          }
          case "tb" -> {
            expectDepth(3, "<tb>", "inside <gpu>");
            int id = number(a, "id", "tb", locator);
            int send = number(a, "send", "tb", locator);
            int recv = number(a, "recv", "tb", locator);
            int chan = number(a, "chan", "tb", locator);
            for (int peer : new int[] {send, recv}) {
              if (peer < -1 || peer >= gpus || peer == gpu) {
                throw new OwnProblemCarrier(
                    "<tb id=\""
                        + id
                        + "\"> of GPU "
                        + gpu
                        + " names peer "
                        + peer
                        + "; a peer is -1 (none) or another GPU, 0 to "
                        + (gpus - 1));
              }
            }
            if (tbs.get(gpu).containsKey(id)) {
              throw new OwnProblemCarrier(
                  "GPU "
                      + gpu
                      + " has two thread blocks with id "
                      + id
                      + "; number them "
                      + "0, 1, 2, ...");
            }
            tb = new Tb(locator.getLineNumber(), id, send, recv, chan);
            tbs.get(gpu).put(id, tb);
          }
          case "step" -> {
            expectDepth(4, "<step>", "inside <tb>");
            Step st = new Step(locator.getLineNumber(), gpu, tb, a, locator);
            if (REDUCTIONS.contains(st.type)) {
              throw new OwnProblemCarrier(
                  "step type \""
                      + st.type
                      + "\" reduces; commsched checks allgathers and "
                      + "broadcasts (types s, r, rcs, cpy, nop), so give it such an algorithm");
            }
            if (!Set.of("s", "r", "rcs", "cpy", "nop").contains(st.type)) {
              throw new OwnProblemCarrier(
                  "unknown step type \""
                      + st.type
                      + "\"; the runtimes know s, r, rcs, rrs, "
                      + "rrc, rrcs, cpy, re, nop");
            }
            if (st.s != tb.steps.size()) {
              throw new OwnProblemCarrier(
                  "step s=\""
                      + st.s
                      + "\" of GPU "
                      + gpu
                      + " thread block "
                      + tb.id
                      + " should be s=\""
                      + tb.steps.size()
                      + "\"; number the steps of a thread block 0, 1, 2, ...");
            }
            if ((st.sends() && tb.send < 0) || (st.receives() && tb.recv < 0)) {
              throw new OwnProblemCarrier(
                  "a \""
                      + st.type
                      + "\" step in a thread block without a "
                      + (st.sends() && tb.send < 0 ? "send" : "recv")
                      + " peer; give the thread block its peer");
            }
            if (st.cnt < 0 || st.cnt >= MscclXmlWriter.MAX_COUNT) {
              throw new OwnProblemCarrier(
                  "cnt=\""
                      + st.cnt
                      + "\" is outside 0 to "
                      + (MscclXmlWriter.MAX_COUNT - 1)
                      + ", the runtimes' range; split the step");
            }
            for (String[] buf : new String[][] {{st.srcbuf, "srcbuf"}, {st.dstbuf, "dstbuf"}}) {
              if (!Set.of("i", "o", "s").contains(buf[0])) {
                throw new OwnProblemCarrier(
                    buf[1] + "=\"" + buf[0] + "\" is not a buffer; use i, o or s");
              }
            }
            tb.steps.add(st);
            steps.add(st);
          }
          default ->
              throw new OwnProblemCarrier(
                  "unexpected element <"
                      + qName
                      + ">; the MSCCL runtimes read "
                      + "<algo>, <gpu>, <tb> and <step s=...> (msccl-tools writes that with old_format=True)");
        }
      } catch (OwnProblemCarrier e) {
        throw new SafeXml.OwnProblem(e.getMessage(), locator);
      }
    }

    @Override
    public void endElement(String uri, String localName, String qName) {
      depth--;
    }

    private void expectDepth(int want, String element, String where) throws OwnProblemCarrier {
      if (depth != want) {
        throw new OwnProblemCarrier(element + " must be " + where + "; fix the nesting");
      }
    }

    /** Pairs sends with receives, runs the steps and builds the schedule. */
    Read simulate(String file) {
      for (int u = 0; u < gpus; u++) {
        if (!tbs.containsKey(u)) {
          throw new InstanceFormatException(
              file,
              "line " + algoLine,
              "no <gpu id=\""
                  + u
                  + "\">; give every GPU "
                  + "0 to "
                  + (gpus - 1)
                  + " its element (empty if it does nothing)");
        }
      }
      // links: previous step in the block, dependency
      for (Step st : steps) {
        int k = st.tb.steps.indexOf(st);
        st.prev = k > 0 ? st.tb.steps.get(k - 1) : null;
        if (st.depid >= 0) {
          Tb target = tbs.get(st.gpu).get(st.depid);
          if (target == null || st.deps < 0 || st.deps >= target.steps.size()) {
            throw new InstanceFormatException(
                file,
                "line " + st.line,
                st.where()
                    + " depends on thread block "
                    + st.depid
                    + " step "
                    + st.deps
                    + ", which GPU "
                    + st.gpu
                    + " does not have; fix depid and deps");
          }
          st.dep = target.steps.get(st.deps);
        }
      }
      // pairing: per (sender, receiver, channel), in order
      Map<List<Integer>, List<Step>> sends = new LinkedHashMap<>();
      Map<List<Integer>, List<Step>> receives = new LinkedHashMap<>();
      Map<List<Integer>, Tb> sendTb = new HashMap<>();
      Map<List<Integer>, Tb> recvTb = new HashMap<>();
      for (Map.Entry<Integer, Map<Integer, Tb>> g : tbs.entrySet()) {
        for (Tb t : g.getValue().values()) {
          if (t.send >= 0) {
            List<Integer> key = List.of(g.getKey(), t.send, t.chan);
            Tb other = sendTb.putIfAbsent(key, t);
            if (other != null) {
              throw new InstanceFormatException(
                  file,
                  "line " + t.line,
                  "GPU "
                      + g.getKey()
                      + " thread blocks "
                      + other.id
                      + " and "
                      + t.id
                      + " both send to GPU "
                      + t.send
                      + " on channel "
                      + t.chan
                      + ", so the "
                      + "order of their sends is not defined; give each a channel of its own");
            }
            sends.put(key, t.steps.stream().filter(Step::sends).toList());
          }
          if (t.recv >= 0) {
            List<Integer> key = List.of(t.recv, g.getKey(), t.chan);
            Tb other = recvTb.putIfAbsent(key, t);
            if (other != null) {
              throw new InstanceFormatException(
                  file,
                  "line " + t.line,
                  "GPU "
                      + g.getKey()
                      + " thread blocks "
                      + other.id
                      + " and "
                      + t.id
                      + " both receive from GPU "
                      + t.recv
                      + " on channel "
                      + t.chan
                      + "; "
                      + "give each a channel of its own");
            }
            receives.put(key, t.steps.stream().filter(Step::receives).toList());
          }
        }
      }
      for (Map.Entry<List<Integer>, List<Step>> e : sends.entrySet()) {
        List<Step> out = e.getValue();
        List<Step> in = receives.getOrDefault(e.getKey(), List.of());
        List<Integer> k = e.getKey();
        if (out.size() != in.size()) {
          Tb t = sendTb.get(k);
          throw new InstanceFormatException(
              file,
              "line " + t.line,
              "GPU "
                  + k.get(0)
                  + " sends "
                  + out.size()
                  + " times to GPU "
                  + k.get(1)
                  + " on channel "
                  + k.get(2)
                  + " but GPU "
                  + k.get(1)
                  + " receives "
                  + in.size()
                  + " times from it there; match every send with a receive");
        }
        for (int i = 0; i < out.size(); i++) {
          if (out.get(i).cnt != in.get(i).cnt) {
            throw new InstanceFormatException(
                file,
                "line " + in.get(i).line,
                in.get(i).where()
                    + " receives "
                    + in.get(i).cnt
                    + " chunks but its send, "
                    + out.get(i).where()
                    + ", sends "
                    + out.get(i).cnt
                    + "; give both the same cnt");
          }
          out.get(i).recvPartner = in.get(i);
          in.get(i).sendPartner = out.get(i);
        }
      }
      for (Map.Entry<List<Integer>, List<Step>> e : receives.entrySet()) {
        if (!sends.containsKey(e.getKey()) && !e.getValue().isEmpty()) {
          Step st = e.getValue().get(0);
          throw new InstanceFormatException(
              file,
              "line " + st.line,
              st.where()
                  + " receives from GPU "
                  + e.getKey().get(0)
                  + " on channel "
                  + e.getKey().get(2)
                  + ", which never sends to it there; match "
                  + "every receive with a send");
        }
      }
      runSteps(file);
      return build(file);
    }

    /** Times every step (see the class comment); refuses steps that never start. */
    private void runSteps(String file) {
      CommModel.StoreAndForward model = inst.storeAndForward();
      TimeScale scale = inst.timeScale();
      ChunkLayout layout = layout();
      boolean progress = true;
      while (progress) {
        progress = false;
        for (Step st : steps) {
          if (st.end != null) {
            continue;
          }
          if (st.ready == null && done(st.prev) && done(st.dep)) {
            st.ready = Math.max(st.prev == null ? 0 : st.prev.end, st.dep == null ? 0 : st.dep.end);
            progress = true;
          }
          if (st.ready == null) {
            continue;
          }
          if (st.receives() && st.inEnd == null) {
            Step a = st.sendPartner;
            Long sendAt = a.type.equals("s") ? a.ready : a.inEnd;
            if (sendAt == null) {
              continue;
            }
            long start = Math.max(sendAt, st.ready);
            long units = (long) st.cnt * layout.unitsPerChunk();
            int arc = inst.network().arc(a.gpu, st.gpu);
            long end =
                start
                    + (arc < 0
                        ? model.packetTicks(units, scale)
                        : inst.arcCosts().ticks(arc, units));
            a.outStart = start;
            st.inEnd = end;
            if (a.type.equals("s")) {
              a.end = end;
            }
            progress = true;
          }
          switch (st.type) {
            case "r" -> st.end = st.inEnd;
            case "cpy", "nop" -> st.end = st.ready;
            default -> {
              // s and rcs end with their outgoing packet, which the receiving side times
            }
          }
          if (st.end != null) {
            progress = true;
          }
        }
        for (Step st : steps) {
          if (st.type.equals("rcs") && st.end == null && st.recvPartner.inEnd != null) {
            st.end = st.recvPartner.inEnd;
            progress = true;
          }
        }
      }
      for (Step st : steps) {
        if (st.end == null) {
          throw new InstanceFormatException(
              file,
              "line " + st.line,
              st.where()
                  + " never runs: it waits, through "
                  + "its thread block, its dependency or its peer, on a step that waits for it (a deadlock); fix the "
                  + "order of the steps or their dependencies");
        }
      }
    }

    private static boolean done(Step st) {
      return st == null || st.end != null;
    }

    ChunkLayout layout() {
      int per = coll.equals("allgather") ? chunksPerLoop / gpus : chunksPerLoop;
      return ChunkLayout.of(inst, per);
    }

    /** The packets in order of start, their chunks from the buffers, as records. */
    private Read build(String file) {
      ChunkLayout layout = layout();
      List<Step> packets = new ArrayList<>();
      for (Step st : steps) {
        if (st.sends()) {
          packets.add(st);
        }
      }
      List<Step> copies = steps.stream().filter(s -> s.type.equals("cpy")).toList();
      // events in order of start: copies at their ready time, packets at their start
      List<Object[]> events = new ArrayList<>();
      for (Step c : copies) {
        events.add(new Object[] {c.ready, c});
      }
      for (Step p : packets) {
        events.add(new Object[] {p.outStart, p});
      }
      events.sort(Comparator.comparingLong(e -> (Long) e[0]));
      // scratch writes: gpu -> slot -> (end, chunk) in order of end
      Map<Integer, Map<Integer, TreeMap<Long, Integer>>> scratch = new HashMap<>();
      Map<Step, int[]> content = new HashMap<>();
      List<Schedule.Transmission> records = new ArrayList<>();
      Map<Integer, Integer> packetNumbers = new HashMap<>();
      List<String> notes = new ArrayList<>();
      int misplaced = 0;
      String firstMisplaced = null;
      long makespan = 0;
      for (Object[] e : events) {
        Step st = (Step) e[1];
        long at = (Long) e[0];
        int[] chunks = new int[st.cnt];
        for (int k = 0; k < st.cnt; k++) {
          if (st.type.equals("rcs")) {
            chunks[k] = content.get(st.sendPartner)[k];
          } else {
            chunks[k] = slot(file, st, st.gpu, st.srcbuf, st.srcoff + k, at, layout, scratch);
          }
        }
        content.put(st, chunks);
        Step to = st.type.equals("cpy") ? st : st.recvPartner;
        long end = st.type.equals("cpy") ? at : to.inEnd;
        if (!st.type.equals("cpy")) {
          makespan = Math.max(makespan, end);
        }
        for (int k = 0; k < st.cnt; k++) {
          int dst = to.dstoff + k;
          if (to.dstbuf.equals("s")) {
            scratch
                .computeIfAbsent(to.gpu, x -> new HashMap<>())
                .computeIfAbsent(dst, x -> new TreeMap<>())
                .put(end, chunks[k]);
          } else if (to.dstbuf.equals("o") && chunks[k] != dst) {
            misplaced++;
            if (firstMisplaced == null) {
              firstMisplaced =
                  "GPU "
                      + to.gpu
                      + " output chunk "
                      + dst
                      + " receives chunk "
                      + chunks[k]
                      + " ("
                      + to.where()
                      + ")";
            }
          }
        }
        if (st.type.equals("cpy")) {
          continue;
        }
        // records: runs of consecutive chunks of one origin
        int k = 0;
        while (k < chunks.length) {
          int j = k + 1;
          while (j < chunks.length
              && chunks[j] == chunks[j - 1] + 1
              && layout.origin(chunks[j]) == layout.origin(chunks[k])) {
            j++;
          }
          int origin = layout.origin(chunks[k]);
          int number = packetNumbers.merge(origin, 1, Integer::sum) - 1;
          int channel = channel(st);
          records.add(
              new Schedule.Transmission(
                  inst.origins().get(origin).message(),
                  number,
                  (j - k) * layout.unitsPerChunk(),
                  st.gpu,
                  to.gpu,
                  at,
                  layout.firstUnit(chunks[k]),
                  channel == 0 ? null : channel));
          k = j;
        }
      }
      if (misplaced > 0) {
        notes.add(
            misplaced
                + " chunks land in an output slot that is not theirs, e.g. "
                + firstMisplaced
                + "; the schedule counts where the data goes, the runtime's output would be wrong");
      }
      Schedule.Transmissions schedule = new Schedule.Transmissions(inst.timeScale(), records);
      Map<List<Long>, Integer> together = new HashMap<>();
      for (Step p : packets) {
        together.merge(
            List.of((long) p.gpu, (long) p.recvPartner.gpu, p.outStart, (long) channel(p)),
            1,
            Integer::sum);
      }
      long merged = together.values().stream().filter(c -> c > 1).count();
      if (merged > 0) {
        Map.Entry<List<Long>, Integer> e =
            together.entrySet().stream().filter(x -> x.getValue() > 1).findFirst().orElseThrow();
        notes.add(
            merged
                + " times several sends start together on one channel of an arc (e.g. "
                + e.getValue()
                + " on "
                + e.getKey().get(0)
                + "->"
                + e.getKey().get(1)
                + " channel "
                + e.getKey().get(3)
                + " at tick "
                + e.getKey().get(2)
                + ", from MSCCL channels that the arc's channels do not tell apart): commsched counts them as one "
                + "packet, beta + all their units * tau, so they end later than each alone; the makespan is the "
                + "checker's");
      }
      for (UnitPackets.Packet p : UnitPackets.of(inst, schedule)) {
        makespan = Math.max(makespan, p.end());
      }
      notes.add(
          "one chunk = "
              + layout.unitsPerChunk()
              + " unit"
              + (layout.unitsPerChunk() == 1 ? "" : "s")
              + " (nchunksperloop "
              + chunksPerLoop
              + ", "
              + gpus
              + " GPUs, messages of "
              + inst.origins().get(0).length()
              + " units)");
      return new Read(schedule, makespan, notes);
    }

    /**
     * The commsched channel of a sending step's packet: its thread block's MSCCL channel, modulo
     * the channels of the arc (0 when the instance has no such arc: the checker reports it).
     */
    private int channel(Step send) {
      int arc = inst.network().arc(send.gpu, send.tb.send);
      return arc < 0 ? 0 : Math.floorMod(send.tb.chan, inst.network().channels(arc));
    }

    /** The global chunk in a buffer slot of a GPU at a time. */
    private int slot(
        String file,
        Step st,
        int gpu,
        String buf,
        int off,
        long at,
        ChunkLayout layout,
        Map<Integer, Map<Integer, TreeMap<Long, Integer>>> scratch) {
      int[] sizes = buffers.get(gpu);
      int limit = buf.equals("i") ? sizes[0] : buf.equals("o") ? sizes[1] : sizes[2];
      if (off < 0 || off >= limit) {
        throw new InstanceFormatException(
            file,
            "line " + st.line,
            st.where()
                + " reads "
                + buf
                + " chunk "
                + off
                + ", outside the GPU's "
                + limit
                + " "
                + buf
                + "_chunks; fix srcoff or the buffer size");
      }
      switch (buf) {
        case "i" -> {
          return layout.input(gpu, off);
        }
        case "o" -> {
          return off;
        }
        default -> {
          TreeMap<Long, Integer> writes = scratch.getOrDefault(gpu, Map.of()).get(off);
          if (writes == null || writes.isEmpty()) {
            throw new InstanceFormatException(
                file,
                "line " + st.line,
                st.where()
                    + " sends scratch chunk "
                    + off
                    + " before anything is written to it; make it depend on the step that fills it");
          }
          Map.Entry<Long, Integer> w = writes.floorEntry(at);
          return (w != null ? w : writes.firstEntry()).getValue();
        }
      }
    }
  }

  private static String text(Attributes a, String name, String element, Locator where)
      throws OwnProblemCarrier {
    String v = a.getValue(name);
    if (v == null) {
      throw new OwnProblemCarrier(
          "<"
              + element
              + "> lacks "
              + name
              + "=\"...\", which the MSCCL runtime requires; "
              + "add it (docs/FORMATS.md#msccl-xml lists the attributes)");
    }
    return v;
  }

  private static int number(Attributes a, String name, String element, Locator where)
      throws OwnProblemCarrier {
    String v = text(a, name, element, where);
    try {
      return Integer.parseInt(v.trim());
    } catch (NumberFormatException e) {
      throw new OwnProblemCarrier(
          "<"
              + element
              + " "
              + name
              + "=\""
              + v.replaceAll("\\p{Cntrl}", " ")
              + "\"> is not a whole number; write a whole number");
    }
  }
}
