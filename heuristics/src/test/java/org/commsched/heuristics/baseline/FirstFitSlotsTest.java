package org.commsched.heuristics.baseline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.heuristics.bufferless.dsa.StartSweep;
import org.commsched.heuristics.common.LineCalendar;
import org.junit.jupiter.api.Test;

class FirstFitSlotsTest {
  private static final CommModel.Bufferless ALL =
      new CommModel.Bufferless(CommModel.BufferlessPorts.ALL);
  private final FirstFitSlots ff = new FirstFitSlots();

  @Test
  void dsaByHand_longestFirstThenLowestFreeSlot() {
    // buffers [0,3) size 2, [1,2) size 3, [2,4) size 1, [3,4) size 2 on time points 0..3:
    // b1 (3) at 0 on point 1; b0 (2) on points 0-2 must clear b1's [0,3) on point 1 -> slot 3;
    // b3 (2) on point 3 -> 0; b2 (1) on points 2,3: point 2 has b0 at [3,5), point 3 has b3 at
    // [0,2) -> slot 2.
    Instance inst =
        new Instance(
            "dsa",
            new Problem.Dsa(
                List.of(
                    new Message("b0", 0, 3, 2),
                    new Message("b1", 1, 2, 3),
                    new Message("b2", 2, 4, 1),
                    new Message("b3", 3, 4, 2))),
            ALL,
            Network.of(new Topology.Ula(5)));
    SolveResult r = ff.solve(inst, SolveLimits.defaults());
    assertThat(((Schedule.Slots) r.schedule()).slots())
        .containsEntry("b1", 0L)
        .containsEntry("b0", 3L)
        .containsEntry("b3", 0L)
        .containsEntry("b2", 2L);
    assertThat(r.makespan()).isEqualTo(5L);
    // load of point 1 is 2 + 3 = 5 (arc 1->2): the layout is optimal
    assertThat(r.status()).isEqualTo(SolveStatus.OPTIMAL);
  }

  @Test
  void longLifespans_takeTheSegmentTreePathAndStayValid() {
    java.util.SplittableRandom r = new java.util.SplittableRandom(9);
    int n = 4000;
    List<Message> msgs = new java.util.ArrayList<>();
    for (int i = 0; i < 50; i++) {
      msgs.add(new Message("b" + i, r.nextInt(300), n - 1 - r.nextInt(300), 1 + r.nextInt(5)));
    }
    Instance inst =
        new Instance("dsa-long", new Problem.Dsa(msgs), ALL, Network.of(new Topology.Ula(n)));
    assertThat(LineCalendar.worthIt(inst.network(), inst.messages())).isTrue();
    SolveResult res = ff.solve(inst, SolveLimits.defaults());
    assertValid(inst, res);
  }

  /**
   * A limit that has passed before the pass starts (or a stop of the run's token) places nothing by
   * first fit (the limit is polled before the first placement: the run's time went to reading the
   * file) and answers at once with a whole valid FEASIBLE schedule, the stat saying so: on a ula
   * the start sweep of every message ({@link StartSweep#lower} with nothing placed), elsewhere
   * every message stacked in index order.
   */
  @Test
  void aLimitPassedBeforeThePass_placesNothingByFirstFit_andAnswersWithAWholeValidSchedule() {
    java.util.SplittableRandom r = new java.util.SplittableRandom(28);
    List<Message> msgs = new java.util.ArrayList<>();
    for (int i = 0; i < 500; i++) {
      int lo = r.nextInt(200);
      msgs.add(new Message("b" + i, lo, lo + 1 + r.nextInt(40), 1 + r.nextInt(20)));
    }
    Instance dsa =
        new Instance("dsa", new Problem.Dsa(msgs), ALL, Network.of(new Topology.Ula(241)));
    SolveResult whole = ff.solve(dsa, SolveLimits.defaults());
    assertThat(whole.stats()).doesNotContainKey("firstPass");
    SolveLimits past = SolveLimits.defaults().withTimeLimit(java.time.Duration.ofNanos(1));
    SolveResult cut = ff.solve(dsa, past);
    assertValid(dsa, cut);
    assertThat(cut.status()).isEqualTo(SolveStatus.FEASIBLE);
    assertThat(cut.stats().get("firstPass"))
        .isEqualTo(
            "stopped at the time limit after 0 of 500 messages; "
                + "finished by first fit in order of start (the lower of: the rest around those, or every message)");
    long[] sweep = StartSweep.lower(dsa, new long[500], new boolean[500]);
    java.util.Map<String, Long> cutSlots = ((Schedule.Slots) cut.schedule()).slots();
    for (int i = 0; i < 500; i++) {
      assertThat(cutSlots.get("b" + i)).as("b%d", i).isEqualTo(sweep[i]);
    }
    // the same by the run's token under a long limit
    SolveLimits stopped = SolveLimits.defaults();
    stopped.run().stop().stop();
    assertThat(ff.solve(dsa, stopped).schedule()).isEqualTo(cut.schedule());
    // off a ula: every message stacked in index order
    Instance ring = ring();
    SolveResult ringCut = ff.solve(ring, past);
    assertValid(ring, ringCut);
    assertThat(ringCut.stats().get("firstPass"))
        .isEqualTo(
            "stopped at the time limit after 0 of 18 messages; " + "the rest stacked above them");
    java.util.Map<String, Long> part = ((Schedule.Slots) ringCut.schedule()).slots();
    long top = 0;
    for (Message m : ring.messages()) {
      assertThat(part.get(m.id())).as(m.id()).isEqualTo(top);
      top += m.length();
    }
  }

  /**
   * A pass whose limit passes while it runs stops after its first {@value FirstFitSlots#POLL}
   * placements, which keep their slots of the whole pass; stacking the rest above them gives a
   * valid schedule.
   */
  @Test
  void aPassWhoseLimitPassesWhileItRuns_stopsAfterItsFirstPolledPlacements_keepingTheirSlots() {
    Instance ring = ring();
    Integer[] order = FirstFitSlots.order(ring);
    java.util.Map<String, Long> full =
        ((Schedule.Slots) ff.solve(ring, SolveLimits.defaults()).schedule()).slots();
    FirstFitSlots.Stop stop =
        new FirstFitSlots.Stop(
            new org.commsched.core.solve.StopToken(),
            System.nanoTime() - 1,
            new boolean[order.length]);
    long[] slots =
        FirstFitSlots.stacked(ring, FirstFitSlots.slotsFull(ring, order, stop), stop.placed);
    assertThat(stop.count).isEqualTo(FirstFitSlots.POLL);
    java.util.Map<String, Long> part = new java.util.HashMap<>();
    long makespan = 0;
    for (int i = 0; i < slots.length; i++) {
      part.put(ring.messages().get(i).id(), slots[i]);
      makespan = Math.max(makespan, slots[i] + ring.messages().get(i).length());
    }
    long top = 0;
    for (int q = 0; q < FirstFitSlots.POLL; q++) {
      Message m = ring.messages().get(order[q]);
      assertThat(part.get(m.id())).as(m.id()).isEqualTo(full.get(m.id()));
      top = Math.max(top, part.get(m.id()) + m.length());
    }
    for (int q = FirstFitSlots.POLL; q < order.length; q++) {
      Message m = ring.messages().get(order[q]);
      assertThat(part.get(m.id()))
          .as("%s above the placed ones", m.id())
          .isGreaterThanOrEqualTo(top);
    }
    assertValid(
        ring,
        SolveResult.feasible(
            "first-fit",
            new Schedule.Slots(part),
            makespan,
            org.commsched.core.solve.LowerBound.zero()));
  }

  private static Instance ring() {
    return new Instance(
        "ring",
        new Problem.Chatting(
            List.of(
                new Message("a", 0, 2, 3),
                new Message("b", 1, 3, 2),
                new Message("c", 2, 0, 2),
                new Message("d", 3, 1, 1),
                new Message("e", 0, 1, 4),
                new Message("f", 1, 2, 1),
                new Message("g", 2, 3, 2),
                new Message("h", 3, 0, 3),
                new Message("i", 0, 3, 1),
                new Message("j", 1, 0, 2),
                new Message("k", 2, 1, 1),
                new Message("l", 3, 2, 2),
                new Message("m", 0, 2, 1),
                new Message("n", 1, 3, 1),
                new Message("o", 2, 0, 1),
                new Message("p", 3, 1, 2),
                new Message("q", 0, 1, 2),
                new Message("r", 1, 2, 3))),
        ALL,
        Network.of(new Topology.Ring(4)));
  }

  @Test
  void whyNot_singlePortAndStoreAndForwardAreRefused() {
    Instance single =
        new Instance(
            "c",
            new Problem.Chatting(List.of(new Message("m", 0, 1, 1))),
            new CommModel.Bufferless(CommModel.BufferlessPorts.SINGLE),
            Network.of(new Topology.Ula(2)));
    assertThat(ff.whyNot(single)).contains("greedy");
    Instance scatter =
        new Instance(
            "s",
            new Problem.Scatter(0, List.of(new Message("m", 0, 1, 1))),
            ALL,
            Network.of(new Topology.Ula(2)));
    assertThat(ff.whyNot(scatter)).isNotNull();
  }
}
