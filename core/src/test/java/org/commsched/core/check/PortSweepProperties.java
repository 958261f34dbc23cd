package org.commsched.core.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
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
 * The single-port rules (V4, V5) of the bufferless fast path sweep only the node ports that see two
 * arcs or more; sweeping every port reports exactly the same violations, in the same order, and the
 * same makespan, and so does the definition ({@link BufferlessChecker}), which sweeps every port.
 * Seeded random chatting, scatter and gather instances (null messages included) on several families
 * with crowded random departures and random control flits, so that arc and port clashes are common.
 * Cases: {@code -Dcommsched.cases=N} (default 200).
 */
class PortSweepProperties {

  static Stream<Long> seeds() {
    return Seeds.seeds().boxed();
  }

  private static Topology topology(SplittableRandom rnd) {
    switch (rnd.nextInt(6)) {
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
        {
          List<Integer> parents = new ArrayList<>();
          parents.add(-1);
          for (int v = 1, n = 2 + rnd.nextInt(9); v < n; v++) {
            parents.add(rnd.nextInt(v));
          }
          return new Topology.Tree(parents);
        }
    }
  }

  private static Instance instance(SplittableRandom rnd) {
    Network net = Network.of(topology(rnd));
    int n = net.nodes();
    int root = rnd.nextInt(n);
    List<Message> ms = new ArrayList<>();
    switch (rnd.nextInt(3)) {
      case 0:
        for (int i = 1 + rnd.nextInt(10); i > 0; i--) {
          int u = rnd.nextInt(n);
          int v = rnd.nextInt(n);
          if (u != v) {
            ms.add(new Message("m" + ms.size(), u, v, 1 + rnd.nextInt(4)));
          }
        }
        return ms.isEmpty()
            ? null
            : new Instance("chat", new Problem.Chatting(ms), Fixtures.SINGLE, net);
      case 1:
        for (int v = 0; v < n; v++) {
          if (v != root && rnd.nextInt(4) > 0) {
            ms.add(new Message("m" + v, root, v, rnd.nextInt(4)));
          }
        }
        return new Instance("scatter", new Problem.Scatter(root, ms), Fixtures.SINGLE, net);
      default:
        for (int v = 0; v < n; v++) {
          if (v != root && rnd.nextInt(4) > 0) {
            ms.add(new Message("m" + v, v, root, rnd.nextInt(4)));
          }
        }
        return new Instance("gather", new Problem.Gather(root, ms), Fixtures.SINGLE, net);
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void sweepingSharedPortsOnly_reportsWhatSweepingEveryPortDoes(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    Instance inst = null;
    while (inst == null) {
      inst = instance(rnd);
    }
    Network net = inst.network();
    Map<String, Long> departures = new LinkedHashMap<>();
    for (Message m : inst.messages()) {
      departures.put(m.id(), (long) rnd.nextInt(6));
    }
    List<Schedule.ControlTransfer> control = new ArrayList<>();
    for (int c = rnd.nextInt(6); c > 0; c--) {
      int a = rnd.nextInt(net.arcs());
      control.add(
          new Schedule.ControlTransfer(
              net.tail(a), net.head(a), rnd.nextInt(8), "wakeup", List.of()));
    }
    Schedule.Departures schedule = new Schedule.Departures(departures, control);
    Findings shared = new Findings();
    Findings every = new Findings();
    long makespanShared = BufferlessFastPath.check(inst, schedule, shared, false);
    long makespanEvery = BufferlessFastPath.check(inst, schedule, every, true);
    String what =
        "seed "
            + seed
            + ", "
            + inst.kind()
            + " on "
            + net.topology()
            + ", "
            + inst.messages()
            + ", departures "
            + departures
            + ", control "
            + control;
    assertThat(shared.violations()).as(what).isEqualTo(every.violations());
    assertThat(makespanShared).as(what).isEqualTo(makespanEvery);
    Findings definition = new Findings();
    long makespanDefinition = BufferlessChecker.check(inst, schedule, definition);
    assertThat(shared.violations())
        .as("%s: the fast path against the definition", what)
        .isEqualTo(definition.violations());
    assertThat(makespanShared)
        .as("%s: the fast path's makespan against the definition's", what)
        .isEqualTo(makespanDefinition);
  }
}
