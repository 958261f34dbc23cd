package org.commsched.core.bounds;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.testing.Seeds;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The line sweep of the lower bounds ({@link LineSweep}) gives the same arc statistics whether it
 * sweeps every position (dense) or only the elementary segments between the runs' ends (sparse),
 * and both equal a count run by run and position by position: seeded runs with overlaps, shared
 * ends, empty and one-position runs, on lines of up to 10^5 positions. And the streamed statistics
 * of seeded ula, bla and ESM chatting instances, with few messages on large networks (the sparse
 * sweep) and many on small ones (the dense sweep), equal a walk over every hop.
 */
class LineSweepProperties {
  private static final int CASES = Seeds.cases();

  @TestFactory
  Stream<DynamicTest> sparseAndDenseSweeps_equalACountRunByRun() {
    return Seeds.seeds(CASES)
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom rnd = new SplittableRandom(43000L + seed);
                      int positions =
                          switch (rnd.nextInt(3)) {
                            case 0 -> rnd.nextInt(1, 20);
                            case 1 -> rnd.nextInt(20, 500);
                            default -> rnd.nextInt(500, 100_000);
                          };
                      int[] arc =
                          new int
                              [positions]; // a shuffled arc per position: the sweep must ask, not
                      // assume p
                      for (int p = 0; p < positions; p++) {
                        arc[p] = p;
                      }
                      for (int p = positions - 1; p > 0; p--) {
                        int q = rnd.nextInt(p + 1);
                        int x = arc[p];
                        arc[p] = arc[q];
                        arc[q] = x;
                      }
                      LineSweep dense = new LineSweep(positions, p -> arc[p]);
                      LineSweep sparse = new LineSweep(positions, p -> arc[p]);
                      ResourceTable counted = new ResourceTable(positions, false);
                      int runs = rnd.nextInt(4) == 0 ? rnd.nextInt(0, 4) : rnd.nextInt(1, 200);
                      int spot =
                          rnd.nextInt(
                              positions); // many runs start or end near one spot: overlaps and
                      // shared ends
                      StringBuilder shown =
                          new StringBuilder("seed " + seed + ", " + positions + " positions:");
                      for (int r = 0; r < runs; r++) {
                        int from =
                            rnd.nextBoolean()
                                ? rnd.nextInt(positions)
                                : Math.min(positions - 1, spot + rnd.nextInt(3));
                        int to =
                            switch (rnd.nextInt(4)) {
                              case 0 -> from; // empty
                              case 1 -> from + 1; // one position
                              default -> rnd.nextInt(from, positions + 1);
                            };
                        long head = rnd.nextLong(0, 50);
                        long tail = rnd.nextLong(0, 50);
                        long w = rnd.nextLong(0, 1000);
                        dense.run(from, to, head, tail, w);
                        sparse.run(from, to, head, tail, w);
                        for (int p = from; p < to; p++) {
                          counted.add(arc[p], head + (p - from), w, tail + (to - 1 - p));
                        }
                        shown.append(
                            String.format(" [%d,%d) h%d t%d w%d", from, to, head, tail, w));
                      }
                      ResourceTable byPosition = new ResourceTable(positions, false);
                      dense.into(byPosition, true);
                      ResourceTable bySegment = new ResourceTable(positions, false);
                      sparse.into(bySegment, false);
                      FastBoundsProperties.sameStatistics(
                          byPosition, counted, "dense position", shown.toString());
                      FastBoundsProperties.sameStatistics(
                          bySegment, counted, "sparse position", shown.toString());
                    }));
  }

  @TestFactory
  Stream<DynamicTest> streamedStatisticsOfFewAndManyMessagesOnLines_equalRouteWalk() {
    return Seeds.seeds(CASES)
        .mapToObj(
            seed ->
                DynamicTest.dynamicTest(
                    "seed " + seed,
                    () -> {
                      SplittableRandom rnd = new SplittableRandom(47000L + seed);
                      boolean few = seed % 2 == 0;
                      Topology t =
                          switch ((int) (seed / 2 % 3)) {
                            case 0 ->
                                new Topology.Ula(few ? rnd.nextInt(2, 5000) : rnd.nextInt(2, 60));
                            case 1 ->
                                new Topology.Bla(few ? rnd.nextInt(2, 5000) : rnd.nextInt(2, 60));
                            default ->
                                few
                                    ? new Topology.Esm(rnd.nextInt(1, 80), rnd.nextInt(2, 80))
                                    : new Topology.Esm(rnd.nextInt(1, 9), rnd.nextInt(2, 9));
                          };
                      Network net = Network.of(t);
                      int n = net.nodes();
                      int cols = t instanceof Topology.Esm e ? e.cols() : n;
                      List<Message> ms = new ArrayList<>();
                      int count =
                          few ? rnd.nextInt(1, 4) : rnd.nextInt(net.arcs() / 8 + 1, net.arcs() + 2);
                      while (ms.size() < count) {
                        int u = rnd.nextInt(n);
                        int v =
                            rnd.nextInt(4) == 0 ? u + 1 : rnd.nextInt(n); // some single-arc routes
                        boolean ok =
                            v < n
                                && u != v
                                && switch ((int) (seed / 2 % 3)) {
                                  case 0 -> u < v;
                                  case 1 -> true;
                                  default ->
                                      u / cols <= v / cols
                                          && u % cols <= v % cols; // east then south
                                };
                        if (ok) {
                          ms.add(new Message("m" + ms.size(), u, v, rnd.nextInt(1, 7), null));
                        }
                      }
                      Instance inst =
                          new Instance(
                              "lines",
                              new Problem.Chatting(ms),
                              new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
                              net);
                      long[] work = new long[ms.size()];
                      ResourceTable walked = new ResourceTable(net.arcs(), false);
                      for (int i = 0; i < work.length; i++) {
                        work[i] = rnd.nextLong(0, 1000);
                        int[] route = inst.atlas().arcs(i);
                        for (int k = 0; k < route.length; k++) {
                          walked.add(route[k], k, work[i], route.length - 1 - k);
                        }
                      }
                      String shown = "seed " + seed + ": " + t + " " + ms;
                      FastBoundsProperties.sameStatistics(
                          ArcLoads.streaming(inst, work), walked, "arc", shown);
                    }));
  }
}
