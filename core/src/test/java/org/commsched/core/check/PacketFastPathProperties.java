package org.commsched.core.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The fast path of the packet checker ({@link PacketFastPath}: counting sort by message, packed
 * sort keys, an arc-to-hop array) reports exactly what the definition ({@link PacketChecker}: maps
 * and lists, one block per rule) does: the same violations (kinds, places, messages, times,
 * sentences) in the same order, the same makespan, or the same overflow after the same violations.
 * Both are called directly on the same input, whatever {@link ScheduleChecker}'s threshold would
 * pick. Seeded random scatters and gathers (null messages included) on bus-like arrays, rings,
 * meshes, stars, complete graphs and random trees under random models; valid schedules placed by
 * {@link TransmissionCases.ListScheduler} (each message cut into random packets, each packet hop
 * after hop, records in file order or shuffled), checked valid, then mutated ({@link
 * TransmissionCases#mutate}). Cases: {@code -Dcommsched.cases=N} (default 200), five mutants each.
 */
class PacketFastPathProperties {

  static Stream<Long> seeds() {
    return Seeds.seeds().boxed();
  }

  private static Instance instance(SplittableRandom rnd) {
    Topology t = TransmissionCases.topology(rnd);
    Network net = Network.of(t);
    int root = rnd.nextInt(net.nodes());
    boolean scatter = rnd.nextBoolean();
    List<Message> ms = new ArrayList<>();
    for (int v = 0; v < net.nodes(); v++) {
      if (v != root && rnd.nextInt(4) > 0) {
        long length = rnd.nextInt(6) == 0 ? 0 : 1 + rnd.nextInt(6);
        ms.add(
            scatter
                ? new Message("m" + v, root, v, length)
                : new Message("m" + v, v, root, length));
      }
    }
    CommModel.StoreAndForward model = TransmissionCases.model(rnd);
    Problem p = scatter ? new Problem.Scatter(root, ms) : new Problem.Gather(root, ms);
    return new Instance(scatter ? "scatter" : "gather", p, model, net);
  }

  /**
   * Each non-null message cut into random packets, each packet sent hop after hop as early as the
   * list allows.
   */
  static List<Schedule.Transmission> valid(Instance inst, SplittableRandom rnd) {
    TransmissionCases.ListScheduler at = new TransmissionCases.ListScheduler(inst, rnd);
    Network net = inst.network();
    List<Schedule.Transmission> out = new ArrayList<>();
    for (int i = 0; i < inst.messages().size(); i++) {
      Message m = inst.messages().get(i);
      int number = 0;
      for (long size : TransmissionCases.split(rnd, m.length(), 3)) {
        long ready = 0;
        for (int a : inst.atlas().arcs(i)) {
          long start = at.place(a, ready, size);
          out.add(new Schedule.Transmission(m.id(), number, size, net.tail(a), net.head(a), start));
          ready = at.end(start, size);
        }
        number++;
      }
    }
    return TransmissionCases.shuffled(rnd, out);
  }

  private static void assertSame(Instance inst, List<Schedule.Transmission> records, String what) {
    Schedule.Transmissions s = new Schedule.Transmissions(inst.timeScale(), records);
    assertThat(TransmissionCases.report(PacketFastPath::check, inst, s))
        .as("%s: the fast path against the " + "definition", what)
        .isEqualTo(TransmissionCases.report(PacketChecker::check, inst, s));
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void validAndMutatedSchedules_fastPathReportsWhatTheDefinitionDoes(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    Instance inst = instance(rnd);
    List<Schedule.Transmission> valid = valid(inst, rnd);
    String what =
        "seed "
            + seed
            + ", "
            + inst.kind()
            + " on "
            + inst.network().topology()
            + ", "
            + inst.model();
    List<Object> definition =
        TransmissionCases.report(
            PacketChecker::check, inst, new Schedule.Transmissions(inst.timeScale(), valid));
    assertThat((List<?>) definition.get(0))
        .as("%s: the list scheduler's schedule is valid", what)
        .isEmpty();
    assertSame(inst, valid, what + ", valid");
    for (int k = 0; k < 5; k++) {
      List<Schedule.Transmission> mutant =
          TransmissionCases.mutate(rnd, valid, inst.network().nodes());
      assertSame(inst, mutant, what + ", mutant " + mutant);
    }
  }

  /**
   * The threshold: a schedule below {@link PacketFastPath#FROM} records is the definition's, one of
   * that many is the fast path's, and {@link ScheduleChecker} reports there what the definition
   * does (a star's root sending two packets at once under one port).
   */
  @Test
  void scheduleCheckerTakesTheFastPathFromTheThresholdOn_withTheDefinitionsReport() {
    int leaves = PacketFastPath.FROM;
    List<Message> ms = new ArrayList<>();
    List<Schedule.Transmission> records = new ArrayList<>();
    for (int v = 1; v <= leaves; v++) {
      ms.add(new Message("m" + v, 0, v, 1));
      records.add(new Schedule.Transmission("m" + v, 0, 1, 0, v, 2L * (v - 1)));
    }
    records.set(7, new Schedule.Transmission("m8", 0, 1, 0, 8, 2L * 8));
    CommModel.StoreAndForward oneUnit =
        Fixtures.sf(
            "1",
            "1",
            CommModel.Ports.ONE,
            CommModel.Duplex.FULL,
            CommModel.OnePortRule.SEND_AND_RECEIVE);
    Instance large =
        new Instance(
            "star", new Problem.Scatter(0, ms), oneUnit, Network.of(new Topology.Star(leaves + 1)));
    Schedule.Transmissions s = new Schedule.Transmissions(large.timeScale(), records);
    assertThat(records).hasSize(PacketFastPath.FROM);
    CheckReport r = ScheduleChecker.check(large, s);
    assertThat(r.violations())
        .extracting(Violation::kind)
        .as("the root sends m8 and m9 at once")
        .containsExactly(Kind.SEND_PORT);
    assertThat(List.of(r.violations(), r.makespan()))
        .isEqualTo(TransmissionCases.report(PacketChecker::check, large, s));
  }
}
