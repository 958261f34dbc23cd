package org.commsched.core.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Magnitudes;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.TimeTable;
import org.commsched.core.model.Topology;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The fast path of the bufferless checker ({@link BufferlessFastPath}: departures read once, flat
 * routes, screens that clear the arcs and ports whose hops never overlap before the sweep, only
 * shared ports swept, {@link CausalityFastPath}) reports exactly what the definition ({@link
 * BufferlessChecker}, every hop of every message one interval, {@link Causality}) does: the same
 * violations (kinds, places, messages, times, sentences) in the same order, the same makespan, or
 * the same overflow. Both are called directly on the same input, whatever {@link ScheduleChecker}'s
 * threshold would pick. Seeded random chatting, scatter and gather instances on trees and other
 * families (null messages, some explicit routes), both port models, with valid schedules built to
 * be valid (back-to-back departures; Transmission-Certification and wake-up traces written out per
 * the docs/models/bufferless-scatter-gather.md#protocol-rules) and then mutated: departures shifted
 * by 1 to 3 either way, swapped, dropped, negative, near the end of the long range, unknown ids;
 * control flits shifted, dropped, repeated, re-kinded, with wrong values, off the arcs, at step
 * {@code Long.MAX_VALUE}; a message as long as an instance admits (2^62 flits of serial work). The
 * large cases (trees of thousands of nodes) take the parallel screens and sorts. One property holds
 * {@link CausalityFastPath} to {@link Causality} alone on mutated protocol traces, one checks the
 * threshold of {@link ScheduleChecker}, and a last one holds {@link Screen} to the definition of an
 * overlap. Cases: {@code -Dcommsched.cases=N} (default 200; the large ones a twentieth of it).
 */
class BufferlessFastPathProperties {

  static Stream<Long> seeds() {
    return Seeds.seeds().boxed();
  }

  static Stream<Long> largeSeeds() {
    return Seeds.seeds(Seeds.cases(20, 2)).boxed();
  }

  // --- instances
  // ----------------------------------------------------------------------------------------------

  private static Topology tree(SplittableRandom rnd, int nodes) {
    List<Integer> parents = new ArrayList<>();
    parents.add(-1);
    for (int v = 1; v < nodes; v++) {
      parents.add(rnd.nextInt(v));
    }
    return new Topology.Tree(parents);
  }

  private static Topology topology(SplittableRandom rnd) {
    switch (rnd.nextInt(8)) {
      case 0:
        return new Topology.Bla(2 + rnd.nextInt(7));
      case 1:
        return new Topology.Ring(3 + rnd.nextInt(5));
      case 2:
        return new Topology.Mesh(1 + rnd.nextInt(3), 2 + rnd.nextInt(3));
      case 3:
        return new Topology.Star(2 + rnd.nextInt(6));
      case 4:
        return new Topology.Complete(2 + rnd.nextInt(4));
      default:
        return tree(rnd, 2 + rnd.nextInt(14));
    }
  }

  /**
   * A random simple path from u to v (a random walk with the loops cut out), or null if it found
   * none.
   */
  private static List<Integer> randomPath(Network net, SplittableRandom rnd, int u, int v) {
    List<Integer> path = new ArrayList<>(List.of(u));
    for (int steps = 0; steps < 64 && path.get(path.size() - 1) != v; steps++) {
      int x = path.get(path.size() - 1);
      int y = net.head(net.outArc(x, rnd.nextInt(net.outDegree(x))));
      int seen = path.indexOf(y);
      if (seen >= 0) {
        path.subList(seen + 1, path.size()).clear();
      } else {
        path.add(y);
      }
    }
    return path.get(path.size() - 1) == v ? path : null;
  }

  private static Instance instance(
      SplittableRandom rnd,
      Topology t,
      ProblemKind kind,
      CommModel.Bufferless model,
      boolean explicit) {
    Network net = Network.of(t);
    int n = net.nodes();
    int root = rnd.nextInt(n);
    List<Message> ms = new ArrayList<>();
    if (kind == ProblemKind.CHATTING) {
      for (int i = 1 + rnd.nextInt(12); i > 0; i--) {
        int u = rnd.nextInt(n);
        int v = rnd.nextInt(n);
        List<Integer> route =
            u != v && explicit && rnd.nextBoolean() ? randomPath(net, rnd, u, v) : null;
        if (u != v) {
          ms.add(new Message("m" + ms.size(), u, v, 1 + rnd.nextInt(4), route));
        }
      }
      return ms.isEmpty() ? null : new Instance("chat", new Problem.Chatting(ms), model, net);
    }
    boolean scatter = kind == ProblemKind.SCATTER;
    for (int v = 0; v < n; v++) {
      if (v != root && rnd.nextInt(5) > 0) {
        int from = scatter ? root : v;
        int to = scatter ? v : root;
        List<Integer> route =
            explicit && rnd.nextInt(3) == 0 ? randomPath(net, rnd, from, to) : null;
        ms.add(new Message("m" + v, from, to, rnd.nextInt(5) == 0 ? 0 : 1 + rnd.nextInt(4), route));
      }
    }
    return scatter
        ? new Instance("scatter", new Problem.Scatter(root, ms), model, net)
        : new Instance("gather", new Problem.Gather(root, ms), model, net);
  }

  // --- valid schedules
  // ----------------------------------------------------------------------------------------

  /**
   * Departures that keep every arc and port to one flit per step: scatter, the root sends the
   * messages back to back in a random order; gather, they reach the root back to back in a random
   * order; chatting, one message at a time. From step {@code base} on.
   */
  private static Map<String, Long> backToBack(Instance inst, SplittableRandom rnd, long base) {
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < inst.messages().size(); i++) {
      order.add(i);
    }
    for (int i = order.size() - 1; i > 0; i--) {
      int j = rnd.nextInt(i + 1);
      order.set(i, order.set(j, order.get(i)));
    }
    return inOrder(inst, order, base);
  }

  private static Map<String, Long> inOrder(Instance inst, List<Integer> order, long base) {
    Atlas atlas = inst.atlas();
    long maxHops = 0;
    for (int i = 0; i < inst.messages().size(); i++) {
      maxHops = Math.max(maxHops, atlas.hops(i));
    }
    Map<String, Long> dep = new LinkedHashMap<>();
    long t = base;
    for (int i : order) {
      Message m = inst.messages().get(i);
      int hops = atlas.hops(i);
      switch (inst.kind()) {
        case SCATTER:
          dep.put(m.id(), t);
          t += m.length();
          break;
        case GATHER: // the last hop starts at maxHops - 1 + t
          dep.put(m.id(), t + maxHops - hops);
          t += m.length();
          break;
        default:
          dep.put(m.id(), t);
          t += m.length() + hops;
      }
    }
    return dep;
  }

  /** The route-tree children of every node, in node order. */
  private static List<List<Integer>> children(Instance inst) {
    int n = inst.network().nodes();
    List<List<Integer>> kids = new ArrayList<>();
    for (int v = 0; v < n; v++) {
      kids.add(new ArrayList<>());
    }
    for (int v = 0; v < n; v++) {
      if (inst.atlas().routeTreeNext(v) >= 0) {
        kids.get(inst.atlas().routeTreeNext(v)).add(v);
      }
    }
    return kids;
  }

  private static void preorder(List<List<Integer>> kids, int v, List<Integer> out) {
    out.add(v);
    for (int c : kids.get(v)) {
      preorder(kids, c, out);
    }
  }

  private static void postorder(List<List<Integer>> kids, int v, List<Integer> out) {
    for (int c : kids.get(v)) {
      postorder(kids, c, out);
    }
    out.add(v);
  }

  private static Schedule.ControlTransfer ctl(
      int from, int to, long step, String kind, Long... values) {
    return new Schedule.ControlTransfer(from, to, step, kind, List.of(values));
  }

  /**
   * A valid Transmission-Certification trace of a gather on its default routes
   * (docs/models/bufferless-scatter-gather.md#protocol-rules), one control flit per step: tokens in
   * preorder, certificates [1, n] in postorder, orders in preorder, then the data, which reach the
   * root back to back in preorder of their sources, so that every subtree's stream is gap-free;
   * each order's s is the row its child's stream starts at minus the row the order arrives in.
   */
  private static Schedule.Departures tcTrace(Instance inst) {
    int root = inst.root();
    List<List<Integer>> kids = children(inst);
    List<Integer> pre = new ArrayList<>();
    preorder(kids, root, pre);
    List<Integer> post = new ArrayList<>();
    postorder(kids, root, post);
    int n = inst.network().nodes();
    long[] subtreeFlits = new long[n];
    int[] messageOf = new int[n];
    Arrays.fill(messageOf, -1);
    for (int i = 0; i < inst.messages().size(); i++) {
      messageOf[inst.messages().get(i).from()] = i;
    }
    for (int v : post) {
      subtreeFlits[v] += messageOf[v] >= 0 ? inst.messages().get(messageOf[v]).length() : 0;
      if (v != root) {
        subtreeFlits[inst.atlas().routeTreeNext(v)] += subtreeFlits[v];
      }
    }
    List<Schedule.ControlTransfer> trace = new ArrayList<>();
    long step = 0;
    for (int u : pre) {
      for (int c : kids.get(u)) {
        trace.add(ctl(u, c, step++, "token"));
      }
    }
    for (int v : post) {
      if (v != root) {
        trace.add(
            ctl(v, inst.atlas().routeTreeNext(v), step++, "certificate", 1L, subtreeFlits[v]));
      }
    }
    long[] orderStep = new long[n];
    for (int u : pre) {
      for (int c : kids.get(u)) {
        orderStep[c] = step++;
      }
    }
    List<Integer> order = new ArrayList<>();
    for (int v : pre) {
      if (messageOf[v] >= 0) {
        order.add(messageOf[v]);
      }
    }
    Map<String, Long> dep = inOrder(inst, order, step + 2);
    // the first row at which each node's subtree stream reaches its parent
    long[] firstRow = new long[n];
    Arrays.fill(firstRow, Long.MAX_VALUE);
    for (int i = 0; i < inst.messages().size(); i++) {
      Message m = inst.messages().get(i);
      if (m.length() == 0) {
        continue;
      }
      long t = dep.get(m.id());
      int[] nodes = inst.atlas().nodes(i);
      for (int k = 0; k + 1 < nodes.length; k++) {
        firstRow[nodes[k]] = Math.min(firstRow[nodes[k]], t + k + 1);
      }
    }
    for (int u : pre) {
      for (int c : kids.get(u)) {
        long arrives = orderStep[c] + 1;
        long s = subtreeFlits[c] == 0 ? 1 : firstRow[c] - arrives;
        trace.add(ctl(u, c, orderStep[c], "order", s));
      }
    }
    trace.sort(Comparator.comparingLong(Schedule.ControlTransfer::step));
    return new Schedule.Departures(dep, trace);
  }

  /**
   * A valid wake-up trace of a gather (docs/models/bufferless-scatter-gather.md#protocol-rules):
   * wake-ups [s] in preorder, the data after them, s = the slack.
   */
  private static Schedule.Departures wakeupTrace(Instance inst, SplittableRandom rnd) {
    int root = inst.root();
    List<List<Integer>> kids = children(inst);
    List<Integer> pre = new ArrayList<>();
    preorder(kids, root, pre);
    long step = 0;
    long[] wakeStep = new long[inst.network().nodes()];
    for (int u : pre) {
      for (int c : kids.get(u)) {
        wakeStep[c] = step++;
      }
    }
    Map<String, Long> dep = backToBack(inst, rnd, step + 1);
    List<Schedule.ControlTransfer> trace = new ArrayList<>();
    Map<Integer, Long> depOf = new LinkedHashMap<>();
    for (Message m : inst.messages()) {
      if (m.length() > 0) {
        depOf.put(m.from(), dep.get(m.id()));
      }
    }
    for (int u : pre) {
      for (int c : kids.get(u)) {
        Long d = depOf.get(c);
        long slack = d == null ? 0 : d + 1 - (wakeStep[c] + 1);
        trace.add(
            ctl(u, c, wakeStep[c], "wakeup", rnd.nextBoolean() ? slack : rnd.nextLong(slack + 1)));
      }
    }
    return new Schedule.Departures(dep, trace);
  }

  // --- mutations
  // ----------------------------------------------------------------------------------------------

  private static final String[] KINDS = {"wakeup", "token", "certificate", "order", "ack"};

  private static List<Schedule.ControlTransfer> randomControl(
      Network net, SplittableRandom rnd, int count, long steps) {
    List<Schedule.ControlTransfer> out = new ArrayList<>();
    for (int c = 0; c < count; c++) {
      int a = rnd.nextInt(net.arcs());
      List<Long> values = new ArrayList<>();
      for (int k = rnd.nextInt(3); k > 0; k--) {
        values.add((long) rnd.nextInt(6) - 1);
      }
      out.add(
          new Schedule.ControlTransfer(
              net.tail(a), net.head(a), rnd.nextLong(steps), KINDS[rnd.nextInt(5)], values));
    }
    return out;
  }

  private static Map<String, Long> mutateDepartures(Map<String, Long> dep, SplittableRandom rnd) {
    List<String> ids = new ArrayList<>(dep.keySet());
    Map<String, Long> out = new LinkedHashMap<>(dep);
    for (int k = 1 + rnd.nextInt(3); k > 0 && !ids.isEmpty(); k--) {
      String id = ids.get(rnd.nextInt(ids.size()));
      switch (rnd.nextInt(9)) {
        case 0:
          out.remove(id);
          break;
        case 1:
          out.put(id, -1L - rnd.nextInt(3));
          break;
        case 2:
          out.put(id, Long.MAX_VALUE - rnd.nextInt(4));
          break;
        case 3:
          out.put("x" + rnd.nextInt(5), (long) rnd.nextInt(9));
          break;
        case 4:
          {
            String other = ids.get(rnd.nextInt(ids.size()));
            Long a = out.get(id);
            out.put(id, out.get(other));
            out.put(other, a);
            break;
          }
        default:
          if (out.get(id) != null) {
            out.put(id, out.get(id) + (1 + rnd.nextInt(3)) * (rnd.nextBoolean() ? 1 : -1));
          }
      }
    }
    return out;
  }

  private static List<Schedule.ControlTransfer> mutateControl(
      List<Schedule.ControlTransfer> trace, Network net, SplittableRandom rnd) {
    List<Schedule.ControlTransfer> out = new ArrayList<>(trace);
    for (int k = 1 + rnd.nextInt(3); k > 0; k--) {
      if (out.isEmpty()) {
        out.addAll(randomControl(net, rnd, 1, 8));
        continue;
      }
      int at = rnd.nextInt(out.size());
      Schedule.ControlTransfer c = out.get(at);
      switch (rnd.nextInt(10)) {
        case 0:
          out.remove(at);
          break;
        case 1:
          out.add(rnd.nextInt(out.size() + 1), c);
          break;
        case 2:
          out.set(
              at,
              new Schedule.ControlTransfer(
                  c.from(), c.to(), c.step(), KINDS[rnd.nextInt(5)], c.values()));
          break;
        case 3:
          {
            List<Long> values = new ArrayList<>(c.values());
            if (values.isEmpty() || rnd.nextBoolean()) {
              values.add((long) rnd.nextInt(5));
            } else {
              values.set(rnd.nextInt(values.size()), (long) rnd.nextInt(5) - 1);
            }
            out.set(at, new Schedule.ControlTransfer(c.from(), c.to(), c.step(), c.kind(), values));
            break;
          }
        case 4:
          out.set(
              at, new Schedule.ControlTransfer(c.to(), c.from(), c.step(), c.kind(), c.values()));
          break;
        case 5:
          out.set(
              at,
              new Schedule.ControlTransfer(
                  c.from(), rnd.nextInt(net.nodes() + 1), c.step(), c.kind(), c.values()));
          break;
        case 6:
          out.set(
              at,
              new Schedule.ControlTransfer(
                  c.from(), c.to(), rnd.nextBoolean() ? Long.MAX_VALUE : -1, c.kind(), c.values()));
          break;
        default:
          out.set(
              at,
              new Schedule.ControlTransfer(
                  c.from(),
                  c.to(),
                  Math.max(0, c.step() + rnd.nextInt(9) - 4),
                  c.kind(),
                  c.values()));
      }
    }
    return out;
  }

  // --- the comparison
  // -----------------------------------------------------------------------------------------

  /**
   * The violations and the makespan (or the overflow) of the fast path ({@code fast}; {@code
   * everyPort} sweeps every node port there) or of the definition.
   */
  static List<Object> report(
      boolean fast, Instance inst, Schedule.Departures s, boolean everyPort) {
    Findings out = new Findings();
    Object result;
    try {
      result =
          fast
              ? BufferlessFastPath.check(inst, s, out, everyPort)
              : BufferlessChecker.check(inst, s, out);
    } catch (ArithmeticException e) {
      result = "overflow: " + e.getMessage();
    }
    return List.of(out.violations(), result);
  }

  private static void assertSameReports(Instance inst, Schedule.Departures s, String what) {
    List<Object> definition = report(false, inst, s, false);
    for (boolean everyPort : new boolean[] {false, true}) {
      assertThat(report(true, inst, s, everyPort))
          .as("%s: the fast path (every port %s) against the definition", what, everyPort)
          .isEqualTo(definition);
    }
    Schedule.Departures compact = compact(inst, s);
    if (compact != null) {
      assertThat(report(true, inst, compact, false))
          .as("%s: the fast path on the compact table", what)
          .isEqualTo(definition);
    }
  }

  /**
   * The schedule with its departures as a {@link TimeTable} (the form the readers and the ula
   * methods give), each id that names a message as the instance's own string (so ids at their own
   * place skip the look-up); null if a departure is null.
   */
  private static Schedule.Departures compact(Instance inst, Schedule.Departures s) {
    String[] keys = new String[s.departures().size()];
    long[] values = new long[keys.length];
    int k = 0;
    for (Map.Entry<String, Long> e : s.departures().entrySet()) {
      if (e.getValue() == null) {
        return null;
      }
      int i = inst.indexOf(e.getKey());
      keys[k] = i < 0 ? e.getKey() : inst.messages().get(i).id();
      values[k++] = e.getValue();
    }
    return new Schedule.Departures(TimeTable.of(keys, values), s.control());
  }

  /**
   * One instance, a valid schedule for it (checked valid), and mutations of it. The schedule: a
   * plain one (0), a Transmission-Certification trace (1) or a wake-up trace (2), the traces only
   * for a gather on a tree.
   */
  private static void checkCase(
      long seed, SplittableRandom rnd, Instance inst, int mutations, int trace) {
    Schedule.Departures valid;
    boolean tree =
        inst.kind() == ProblemKind.GATHER && inst.network().isTree() && !explicitRoutes(inst);
    switch (tree ? trace : 0) {
      case 1:
        valid = tcTrace(inst);
        break;
      case 2:
        valid = wakeupTrace(inst, rnd);
        break;
      default:
        valid = new Schedule.Departures(backToBack(inst, rnd, rnd.nextInt(3)));
    }
    String what =
        "seed "
            + seed
            + ", "
            + inst.kind()
            + " on "
            + inst.network().topology()
            + ", "
            + inst.model()
            + ", "
            + (inst.messages().size() <= 64
                ? "messages " + inst.messages()
                : inst.messages().size() + " messages");
    if (!explicitRoutes(inst)) {
      assertThat(ScheduleChecker.check(inst, valid).violations())
          .as("%s: the built schedule is valid", what)
          .isEmpty();
    }
    assertSameReports(inst, valid, what + ", valid");
    if (!inst.messages().isEmpty() && rnd.nextInt(8) == 0) {
      // a message as long as an instance admits (serial work 2^62, Magnitudes): with the departures
      // of the
      // schedule its flits reach past 2^62 and, from departures near 2^63 in the mutations, past a
      // long
      List<Message> ms = new ArrayList<>(inst.messages());
      int i = rnd.nextInt(ms.size());
      Message m = ms.get(i);
      long hops = Math.max(1, inst.network().nodes() - 1L);
      long longest = Magnitudes.MAX_TICKS - hops;
      for (int j = 0; j < ms.size(); j++) {
        longest -= j == i ? 0 : ms.get(j).length() + hops;
      }
      ms.set(i, new Message(m.id(), m.from(), m.to(), longest, m.hasRoute() ? m.route() : null));
      Problem p =
          inst.kind() == ProblemKind.CHATTING
              ? new Problem.Chatting(ms)
              : inst.kind() == ProblemKind.SCATTER
                  ? new Problem.Scatter(inst.root(), ms)
                  : new Problem.Gather(inst.root(), ms);
      assertSameReports(
          new Instance(inst.name(), p, inst.model(), inst.network()),
          valid,
          what + ", huge " + m.id());
    }
    for (int k = 0; k < mutations; k++) {
      Map<String, Long> dep = valid.departures();
      List<Schedule.ControlTransfer> control = valid.control();
      switch (rnd.nextInt(4)) {
        case 0:
          dep = mutateDepartures(dep, rnd);
          break;
        case 1:
          control = mutateControl(control, inst.network(), rnd);
          break;
        case 2:
          control = new ArrayList<>(control);
          control.addAll(
              randomControl(inst.network(), rnd, 1 + rnd.nextInt(6), 2 + control.size()));
          break;
        default:
          dep = mutateDepartures(dep, rnd);
          control = mutateControl(control, inst.network(), rnd);
      }
      Schedule.Departures s = new Schedule.Departures(dep, control);
      assertSameReports(inst, s, what + ", departures " + dep + ", control " + control);
    }
  }

  private static boolean explicitRoutes(Instance inst) {
    for (Message m : inst.messages()) {
      if (m.hasRoute()) {
        return true;
      }
    }
    return false;
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void smallSchedules_fastPathReportsWhatTheDefinitionDoes(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    Instance inst = null;
    while (inst == null) {
      ProblemKind kind =
          new ProblemKind[] {
                ProblemKind.CHATTING, ProblemKind.SCATTER, ProblemKind.GATHER, ProblemKind.GATHER
              }
              [rnd.nextInt(4)];
      inst =
          instance(
              rnd,
              topology(rnd),
              kind,
              rnd.nextInt(4) == 0 ? Fixtures.ALL : Fixtures.SINGLE,
              rnd.nextInt(4) == 0);
    }
    checkCase(seed, rnd, inst, 12, rnd.nextInt(3));
  }

  /**
   * Chatting on a ula, where the fast path first sweeps the messages' blocks (departure minus first
   * node) along the array and skips the per-hop tasks when none meet: seeded ulas of 2 to 12 nodes,
   * up to 14 messages of lengths 1 to 4, either port rule, the same mutations as above.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void ulaSchedules_fastPathReportsWhatTheDefinitionDoes(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    int nodes = 2 + rnd.nextInt(11);
    List<Message> ms = new ArrayList<>();
    for (int i = 0, m = 1 + rnd.nextInt(14); i < m; i++) {
      int from = rnd.nextInt(nodes - 1);
      ms.add(
          new Message("m" + i, from, from + 1 + rnd.nextInt(nodes - 1 - from), 1 + rnd.nextInt(4)));
    }
    Instance inst =
        new Instance(
            "ula" + seed,
            new Problem.Chatting(ms),
            rnd.nextBoolean() ? Fixtures.ALL : Fixtures.SINGLE,
            Network.of(new Topology.Ula(nodes)));
    checkCase(seed, rnd, inst, 12, 0);
  }

  /**
   * Trees of thousands of nodes: more hop tasks than the parallel thresholds of the screens and the
   * sort; the gathers take a Transmission-Certification or a wake-up trace in turn.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("largeSeeds")
  void largeTreeSchedules_fastPathReportsWhatTheDefinitionDoes(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    ProblemKind kind = seed % 2 == 0 ? ProblemKind.GATHER : ProblemKind.SCATTER;
    Instance inst =
        instance(rnd, tree(rnd, 6000 + rnd.nextInt(3000)), kind, Fixtures.SINGLE, false);
    checkCase(seed, rnd, inst, 3, seed % 4 == 0 ? 1 : 2);
  }

  /**
   * The protocol rules alone: {@link CausalityFastPath} reports what the definition {@link
   * Causality} does (or overflows alike) on mutated protocol traces: a Transmission-Certification
   * or wake-up trace of a gather on a tree, elsewhere random control flits, with departures and
   * control flits mutated as above, both called on the same departures, routes and control arcs.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void mutatedTraces_fastCausalityReportsWhatTheDefinitionDoes(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    Instance inst = null;
    while (inst == null) {
      ProblemKind kind =
          new ProblemKind[] {
                ProblemKind.CHATTING,
                ProblemKind.SCATTER,
                ProblemKind.GATHER,
                ProblemKind.GATHER,
                ProblemKind.GATHER
              }
              [rnd.nextInt(5)];
      Topology t =
          kind == ProblemKind.GATHER && rnd.nextInt(4) > 0
              ? tree(rnd, 2 + rnd.nextInt(14))
              : topology(rnd);
      inst = instance(rnd, t, kind, rnd.nextInt(3) == 0 ? Fixtures.ALL : Fixtures.SINGLE, false);
    }
    Schedule.Departures valid;
    if (inst.kind() == ProblemKind.GATHER && inst.network().isTree()) {
      valid = rnd.nextBoolean() ? tcTrace(inst) : wakeupTrace(inst, rnd);
    } else {
      valid =
          new Schedule.Departures(
              backToBack(inst, rnd, 0), randomControl(inst.network(), rnd, 1 + rnd.nextInt(6), 12));
    }
    String what =
        "seed "
            + seed
            + ", "
            + inst.kind()
            + " on "
            + inst.network().topology()
            + ", "
            + inst.model()
            + ", messages "
            + inst.messages();
    for (int k = 0; k < 12; k++) {
      Map<String, Long> dep =
          k == 0 ? valid.departures() : mutateDepartures(valid.departures(), rnd);
      List<Schedule.ControlTransfer> control =
          k == 0 ? valid.control() : mutateControl(valid.control(), inst.network(), rnd);
      assertThat(causality(true, inst, dep, control))
          .as("%s, departures %s, control %s", what, dep, control)
          .isEqualTo(causality(false, inst, dep, control));
    }
  }

  /**
   * The protocol violations (or the overflow) of {@link CausalityFastPath} ({@code fast}) or {@link
   * Causality}.
   */
  private static List<Object> causality(
      boolean fast,
      Instance inst,
      Map<String, Long> departures,
      List<Schedule.ControlTransfer> control) {
    int n = inst.messages().size();
    long[] dep = new long[n];
    boolean[] sent = new boolean[n];
    int[][] routes = new int[n][];
    long hops = 0;
    for (int i = 0; i < n; i++) {
      Long t = departures.get(inst.messages().get(i).id());
      if (inst.messages().get(i).length() > 0 && t != null) {
        sent[i] = true;
        dep[i] = t;
        routes[i] = inst.atlas().arcs(i);
        hops += routes[i].length;
      }
    }
    int[] controlArc = new int[control.size()];
    for (int c = 0; c < control.size(); c++) {
      controlArc[c] = Places.arcOf(inst.network(), control.get(c).from(), control.get(c).to());
    }
    Findings out = new Findings();
    Object result = "done";
    try {
      if (fast) {
        CausalityFastPath.check(
            inst, dep, sent, new Routes(inst.atlas(), sent, hops), control, controlArc, out);
      } else {
        Causality.check(inst, dep, sent, routes, control, controlArc, out);
      }
    } catch (ArithmeticException e) {
      result = "overflow: " + e.getMessage();
    }
    return List.of(out.violations(), result);
  }

  /**
   * The threshold: a catalogue-sized schedule is checked by the definition, one of {@link
   * BufferlessFastPath#FROM} messages by the fast path, and {@link ScheduleChecker} reports there
   * what the definition does (a scatter on a star whose root sends two messages at once, once).
   */
  @Test
  void scheduleCheckerTakesTheFastPathFromTheThresholdOn_withTheDefinitionsReport() {
    Instance small =
        instance(
            new SplittableRandom(1),
            new Topology.Star(5),
            ProblemKind.SCATTER,
            Fixtures.SINGLE,
            false);
    assertThat(
            BufferlessFastPath.pays(
                small, new Schedule.Departures(backToBack(small, new SplittableRandom(2), 0))))
        .isFalse();
    int leaves = BufferlessFastPath.FROM;
    List<Message> ms = new ArrayList<>();
    for (int v = 1; v <= leaves; v++) {
      ms.add(new Message("m" + v, 0, v, 1 + v % 3));
    }
    Instance large =
        new Instance(
            "star",
            new Problem.Scatter(0, ms),
            Fixtures.SINGLE,
            Network.of(new Topology.Star(leaves + 1)));
    Map<String, Long> dep = backToBack(large, new SplittableRandom(3), 0);
    dep.put("m7", dep.get("m8"));
    Schedule.Departures s = new Schedule.Departures(dep);
    assertThat(BufferlessFastPath.pays(large, s)).isTrue();
    CheckReport r = ScheduleChecker.check(large, s);
    assertThat(r.violations()).as("a root sending two messages at once").isNotEmpty();
    assertThat(List.of(r.violations(), r.makespan())).isEqualTo(report(false, large, s, false));
  }

  /**
   * {@link Screen} against the definition: a group it clears has no two overlapping intervals, and
   * it clears every group whose intervals come in order of start without overlaps.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void screenClearsExactlyTheGroupsItCanProve(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    int groups = 1 + rnd.nextInt(6);
    List<long[]> stream = new ArrayList<>();
    long[] clock = new long[groups];
    for (int k = rnd.nextInt(40); k > 0; k--) {
      int g = rnd.nextInt(groups);
      long from = rnd.nextInt(6) == 0 ? rnd.nextInt(30) : clock[g] + rnd.nextInt(3);
      long to = from + (rnd.nextInt(8) == 0 ? 0 : 1 + rnd.nextInt(3));
      clock[g] = Math.max(clock[g], to);
      stream.add(new long[] {g, from, to});
    }
    Screen screen = new Screen(groups);
    for (long[] x : stream) {
      screen.stream((int) x[0], x[1], x[2]);
    }
    Set<Integer> overlapping = new HashSet<>();
    for (int x = 0; x < stream.size(); x++) {
      for (int y = x + 1; y < stream.size(); y++) {
        long[] p = stream.get(x);
        long[] q = stream.get(y);
        if (p[0] == q[0] && p[1] < p[2] && q[1] < q[2] && p[1] < q[2] && q[1] < p[2]) {
          overlapping.add((int) p[0]);
        }
      }
    }
    int open = 0;
    for (int g = 0; g < groups; g++) {
      if (overlapping.contains(g)) {
        assertThat(screen.cleared(g)).as("seed %d: group %d has overlaps", seed, g).isFalse();
      } else if (sortedStream(stream, g)) {
        assertThat(screen.cleared(g))
            .as("seed %d: group %d streams in order without overlaps", seed, g)
            .isTrue();
      }
      open += screen.cleared(g) ? 0 : 1;
    }
    assertThat(screen.open()).isEqualTo(open);
  }

  private static boolean sortedStream(List<long[]> stream, int g) {
    long last = Long.MIN_VALUE;
    for (long[] x : stream) {
      if (x[0] == g && x[1] < x[2]) {
        if (x[1] < last) {
          return false;
        }
        last = x[1];
      }
    }
    return true;
  }
}
