package org.commsched.core.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Seeded properties of the bufferless checker against a brute-force flit-by-flit expansion
 * (docs/models/bufferless-chatting.md#validity-rules, "verifier, full form"): every flit h of every
 * message crosses hop k in step t + h + k, and is put into a set of (arc, step), (sender, step) and
 * (receiver, step) cells. Instances come from a small generator of our own over ULA, BLA, ring,
 * mesh, ESM and random trees. Cases: {@code -Dcommsched.cases=N} (default 200).
 */
class ScheduleCheckerProperties {

  static Stream<Long> seeds() {
    return Seeds.seeds().boxed();
  }

  // --- generator
  // ----------------------------------------------------------------------------------------------

  private static Topology randomTopology(SplittableRandom rnd) {
    switch (rnd.nextInt(6)) {
      case 0:
        return new Topology.Ula(2 + rnd.nextInt(6));
      case 1:
        return new Topology.Bla(2 + rnd.nextInt(6));
      case 2:
        return new Topology.Ring(3 + rnd.nextInt(5));
      case 3:
        return new Topology.Mesh(1 + rnd.nextInt(3), 2 + rnd.nextInt(2));
      case 4:
        return new Topology.Esm(2 + rnd.nextInt(2), 2 + rnd.nextInt(2));
      default:
        {
          int n = 2 + rnd.nextInt(6);
          List<Integer> parents = new ArrayList<>();
          parents.add(-1);
          for (int v = 1; v < n; v++) {
            parents.add(rnd.nextInt(v));
          }
          return new Topology.Tree(parents);
        }
    }
  }

  /**
   * True if the default routing of the family has a route from u to v (ULA forward, ESM
   * south-east).
   */
  private static boolean routable(Topology t, int u, int v) {
    if (u == v) {
      return false;
    }
    if (t instanceof Topology.Ula) {
      return u < v;
    }
    if (t instanceof Topology.Esm e) {
      return u / e.cols() <= v / e.cols() && u % e.cols() <= v % e.cols();
    }
    return true;
  }

  private static Instance randomChatting(SplittableRandom rnd, CommModel.Bufferless model) {
    Topology t = randomTopology(rnd);
    int n = Network.of(t).nodes();
    int count = 2 + rnd.nextInt(7);
    List<Message> ms = new ArrayList<>();
    while (ms.size() < count) {
      int u = rnd.nextInt(n);
      int v = rnd.nextInt(n);
      if (routable(t, u, v)) {
        ms.add(new Message("m" + ms.size(), u, v, 1 + rnd.nextInt(4)));
      }
    }
    return new Instance("random", new Problem.Chatting(ms), model, Network.of(t));
  }

  // --- brute force
  // --------------------------------------------------------------------------------------------

  /** What the flit-by-flit expansion finds. */
  private static final class Flits {
    long makespan;
    boolean arcClash;
    boolean portClash;
  }

  private static long cell(int where, long step) {
    return ((long) where << 32) | step;
  }

  private static Flits expand(Instance inst, Map<String, Long> departures) {
    Network net = inst.network();
    Set<Long> arcs = new HashSet<>();
    Set<Long> sends = new HashSet<>();
    Set<Long> receives = new HashSet<>();
    Flits f = new Flits();
    for (int i = 0; i < inst.messages().size(); i++) {
      Message m = inst.messages().get(i);
      long t = departures.get(m.id());
      int[] route = inst.atlas().arcs(i);
      for (int h = 0; h < m.length(); h++) {
        for (int k = 0; k < route.length; k++) {
          long step = t + h + k;
          f.makespan = Math.max(f.makespan, step + 1);
          f.arcClash |= !arcs.add(cell(route[k], step));
          f.portClash |= !sends.add(cell(net.tail(route[k]), step));
          f.portClash |= !receives.add(cell(net.head(route[k]), step));
        }
      }
    }
    return f;
  }

  private static String describe(long seed, Instance inst, Map<String, Long> departures) {
    return "seed "
        + seed
        + ", "
        + inst.network().topology()
        + ", "
        + inst.messages()
        + ", departures "
        + departures;
  }

  // --- properties
  // ---------------------------------------------------------------------------------------------

  /**
   * Random departures: the checker's makespan and verdict equal the expansion's, for all and single
   * ports.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void makespanAndVerdict_equalTheFlitByFlitExpansion(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    boolean single = rnd.nextBoolean();
    Instance inst = randomChatting(rnd, single ? Fixtures.SINGLE : Fixtures.ALL);
    Map<String, Long> departures = new LinkedHashMap<>();
    for (Message m : inst.messages()) {
      departures.put(m.id(), (long) rnd.nextInt(8));
    }
    Flits f = expand(inst, departures);
    CheckReport r = ScheduleChecker.check(inst, new Schedule.Departures(departures));
    String what = describe(seed, inst, departures) + ", " + r.violations();
    assertThat(r.makespan()).as(what).isEqualTo(f.makespan);
    boolean clash = f.arcClash || (single && f.portClash);
    assertThat(r.valid()).as(what).isEqualTo(!clash);
    assertThat(r.violations())
        .as(what)
        .extracting(Violation::kind)
        .isSubsetOf(
            single
                ? List.of(Kind.ARC_CONFLICT, Kind.SEND_PORT, Kind.RECEIVE_PORT)
                : List.of(Kind.ARC_CONFLICT));
  }

  /**
   * A valid first-fit schedule stays valid; moving one message so that its flit meets another
   * message's flit on a shared arc is always reported as an ARC_CONFLICT on that arc, naming both,
   * at that step.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void shiftingOneDepartureOntoAnOccupiedArc_isAlwaysDetected(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    Instance inst;
    List<int[]> pairs; // {message, other, arc, hop in message, hop in other}
    do {
      inst = randomChatting(rnd, Fixtures.ALL);
      pairs = sharedArcs(inst);
    } while (pairs.isEmpty());
    Map<String, Long> departures = firstFit(inst, 10);
    assertThat(ScheduleChecker.check(inst, new Schedule.Departures(departures)).valid())
        .as(describe(seed, inst, departures))
        .isTrue();

    int[] p = pairs.get(rnd.nextInt(pairs.size()));
    Message mover = inst.messages().get(p[0]);
    Message other = inst.messages().get(p[1]);
    long step =
        departures.get(other.id())
            + p[4]
            + rnd.nextLong(other.length()); // a step other holds the arc
    departures.put(mover.id(), step - p[3]);
    CheckReport r = ScheduleChecker.check(inst, new Schedule.Departures(departures));
    String arc = inst.network().arcName(p[2]);
    String what =
        describe(seed, inst, departures)
            + ", moved "
            + mover.id()
            + " onto "
            + arc
            + " in step "
            + step
            + ": "
            + r.violations();
    assertThat(expand(inst, departures).arcClash).as(what).isTrue();
    assertThat(r.violations())
        .as(what)
        .anySatisfy(
            v -> {
              assertThat(v.kind()).isEqualTo(Kind.ARC_CONFLICT);
              assertThat(v.place()).isEqualTo(arc);
              assertThat(v.messages()).containsExactlyInAnyOrder(mover.id(), other.id());
              assertThat(v.time()).isEqualTo(step);
            });
  }

  private static List<int[]> sharedArcs(Instance inst) {
    List<int[]> out = new ArrayList<>();
    int n = inst.messages().size();
    for (int i = 0; i < n; i++) {
      int[] a = inst.atlas().arcs(i);
      for (int j = 0; j < n; j++) {
        int[] b = inst.atlas().arcs(j);
        for (int x = 0; j != i && x < a.length; x++) {
          for (int y = 0; y < b.length; y++) {
            if (a[x] == b[y]) {
              out.add(new int[] {i, j, a[x], x, y});
            }
          }
        }
      }
    }
    return out;
  }

  /**
   * Each message in turn takes the first departure (from {@code offset}) whose flits meet no
   * earlier flit.
   */
  private static Map<String, Long> firstFit(Instance inst, long offset) {
    Set<Long> used = new HashSet<>();
    Map<String, Long> departures = new LinkedHashMap<>();
    for (int i = 0; i < inst.messages().size(); i++) {
      Message m = inst.messages().get(i);
      int[] route = inst.atlas().arcs(i);
      for (long t = offset; ; t++) {
        List<Long> cells = new ArrayList<>();
        for (int h = 0; h < m.length(); h++) {
          for (int k = 0; k < route.length; k++) {
            cells.add(cell(route[k], t + h + k));
          }
        }
        if (cells.stream().noneMatch(used::contains)) {
          used.addAll(cells);
          departures.put(m.id(), t);
          break;
        }
      }
    }
    return departures;
  }
}
