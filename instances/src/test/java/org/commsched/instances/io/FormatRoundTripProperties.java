package org.commsched.instances.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.io.Fixtures.assertSameInstance;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.testing.Seeds;
import org.commsched.core.time.TimeScale;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Seeded random instances and schedules: writing then reading gives the same value and the same
 * text.
 */
class FormatRoundTripProperties {
  static Stream<Long> seeds() {
    return Seeds.seeds().boxed();
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void randomInstanceAndSchedule_roundTrip(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    Instance x = randomInstance(rnd, seed);
    String json = InstanceWriter.toJson(x);
    Instance back = InstanceReader.parse(json, "seed-" + seed + ".json");
    assertSameInstance(back, x);
    assertThat(InstanceWriter.toJson(back)).as("seed %d", seed).isEqualTo(json);

    SolveResult r = randomResult(rnd, x);
    String sj = ScheduleWriter.toJson(r, x);
    SolveResult rb = ScheduleReader.parse(sj, "seed-" + seed + ".schedule.json", back);
    assertThat(rb).as("seed %d\n%s", seed, sj).isEqualTo(r);
    assertThat(ScheduleWriter.toJson(rb, back)).isEqualTo(sj);
  }

  static Instance randomInstance(SplittableRandom rnd, long seed) {
    Topology t = Fixtures.randomTopology(rnd);
    Network net = Network.of(t);
    int n = net.nodes();
    int kind = rnd.nextInt(6);
    CommModel sf = randomSf(rnd);
    CommModel bl =
        new CommModel.Bufferless(
            rnd.nextBoolean() ? CommModel.BufferlessPorts.ALL : CommModel.BufferlessPorts.SINGLE);
    String name = "rnd-" + seed;
    switch (kind) {
      case 0:
        {
          List<Message> ms = new ArrayList<>();
          int count = 1 + rnd.nextInt(6);
          for (int i = 0; i < count; i++) {
            int u = rnd.nextInt(n);
            int v = (u + 1 + rnd.nextInt(n - 1)) % n;
            ms.add(new Message("m" + i, u, v, 1 + rnd.nextLong(1L << rnd.nextInt(63))));
          }
          Instance plain = new Instance(name, new Problem.Chatting(ms), bl, net);
          // make some routes explicit (the default route written out)
          List<Message> routed = new ArrayList<>();
          for (int i = 0; i < ms.size(); i++) {
            Message m = ms.get(i);
            if (rnd.nextBoolean()) {
              List<Integer> route = new ArrayList<>();
              for (int v : plain.atlas().nodes(i)) {
                route.add(v);
              }
              routed.add(new Message(m.id(), m.from(), m.to(), m.length(), route));
            } else {
              routed.add(m);
            }
          }
          return new Instance(name, new Problem.Chatting(routed), bl, net);
        }
      case 1:
      case 2:
        {
          int root = rnd.nextInt(n);
          List<Message> ms = new ArrayList<>();
          for (int v = 0; v < n; v++) {
            if (v != root && rnd.nextInt(4) > 0) {
              ms.add(
                  kind == 1
                      ? new Message("s" + v, root, v, rnd.nextInt(5))
                      : new Message("g" + v, v, root, rnd.nextInt(5)));
            }
          }
          CommModel m = rnd.nextBoolean() ? bl : sf;
          return new Instance(
              name,
              kind == 1 ? new Problem.Scatter(root, ms) : new Problem.Gather(root, ms),
              m,
              net);
        }
      case 3:
        return new Instance(
            name, new Problem.Broadcast(rnd.nextInt(n), 1 + rnd.nextInt(100)), sf, net);
      case 4:
        return new Instance(name, new Problem.Gossip(1 + rnd.nextInt(100)), sf, net);
      default:
        {
          int u = rnd.nextInt(n);
          int v = (u + 1 + rnd.nextInt(n - 1)) % n;
          return new Instance(name, new Problem.Send(u, v, 1 + rnd.nextInt(1000), null), sf, net);
        }
    }
  }

  static CommModel randomSf(SplittableRandom rnd) {
    BigDecimal beta = BigDecimal.valueOf(rnd.nextInt(1000), rnd.nextInt(3));
    BigDecimal tau = BigDecimal.valueOf(1 + rnd.nextInt(100), rnd.nextInt(3));
    return new CommModel.StoreAndForward(
        beta,
        tau,
        rnd.nextBoolean() ? CommModel.Ports.ONE : CommModel.Ports.ALL,
        rnd.nextBoolean() ? CommModel.Duplex.FULL : CommModel.Duplex.HALF,
        rnd.nextBoolean()
            ? CommModel.OnePortRule.EXCHANGE
            : CommModel.OnePortRule.SEND_AND_RECEIVE);
  }

  static SolveResult randomResult(SplittableRandom rnd, Instance x) {
    SolveStatus status = SolveStatus.values()[rnd.nextInt(4)];
    String method = "method-" + rnd.nextInt(10);
    Map<String, Object> stats = new LinkedHashMap<>();
    if (rnd.nextBoolean()) {
      stats.put("seconds", rnd.nextInt(1000) / 8.0);
      stats.put("count", rnd.nextLong());
    }
    boolean bufferless = x.model() instanceof CommModel.Bufferless;
    TimeScale scale = x.timeScale();
    if (!bufferless && rnd.nextBoolean()) {
      scale = new TimeScale(Math.min(15, scale.decimals() + rnd.nextInt(3)));
    }
    if (!status.hasSchedule()) {
      return new SolveResult(
          method,
          status,
          null,
          null,
          new LowerBound(
              rnd.nextLong(1L << 40) * x.timeScale().ticksPerUnit(), "k" + rnd.nextInt(3), "w"),
          x.timeScale(),
          stats);
    }
    Schedule s;
    if (bufferless) {
      Map<String, Long> times = new LinkedHashMap<>();
      for (Message m : x.messages()) {
        times.put(m.id(), rnd.nextLong(1L << rnd.nextInt(62)));
      }
      if (rnd.nextBoolean()) {
        List<Schedule.ControlTransfer> control = new ArrayList<>();
        for (int i = rnd.nextInt(3); i > 0; i--) {
          control.add(
              new Schedule.ControlTransfer(
                  rnd.nextInt(x.network().nodes()),
                  rnd.nextInt(x.network().nodes()),
                  rnd.nextInt(100),
                  "token",
                  List.of(rnd.nextLong())));
        }
        s = new Schedule.Departures(times, control);
      } else {
        s = new Schedule.Slots(times);
      }
    } else {
      List<Schedule.Transmission> ts = new ArrayList<>();
      List<String> ids = new ArrayList<>();
      x.messages().forEach(m -> ids.add(m.id()));
      x.origins().forEach(o -> ids.add(o.message()));
      for (int i = rnd.nextInt(5); i > 0 && !ids.isEmpty(); i--) {
        ts.add(
            new Schedule.Transmission(
                ids.get(rnd.nextInt(ids.size())),
                rnd.nextInt(4),
                1 + rnd.nextInt(50),
                rnd.nextInt(x.network().nodes()),
                rnd.nextInt(x.network().nodes()),
                rnd.nextLong(1L << 40),
                rnd.nextBoolean() ? null : (Long) (long) rnd.nextInt(50)));
      }
      s = new Schedule.Transmissions(scale, ts);
    }
    long makespan = rnd.nextLong(1L << 40);
    if (scale.decimals() > x.timeScale().decimals()) {
      // a file only carries the decimals it uses: make the makespan use the finest one
      makespan = makespan / 10 * 10 + 1;
    }
    return new SolveResult(
        method,
        status,
        s,
        makespan,
        new LowerBound(rnd.nextLong(makespan + 1), "C", "witness " + rnd.nextInt()),
        s.scale(),
        stats);
  }
}
