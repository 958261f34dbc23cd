package org.commsched.heuristics.packet;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.time.TimeScale;
import org.commsched.heuristics.common.Calendar;
import org.commsched.heuristics.common.SafResources;

/**
 * Greedy list scheduling of store-and-forward scatter and gather with one packet per non-null
 * message (packet 0, the whole length): messages in FDF order for scatter (farthest destination
 * first, then id) and NRF order for gather (nearest source first, then id); each hop starts at the
 * earliest time its resources ({@link SafResources}: valid under every port, duplex and one-port
 * rule) are free for the whole transfer and the packet has arrived. The orders are those of J.-P.
 * Tsai, "On the Furthest-Distance-First Principle in Scattering and Gathering"; the placement is
 * this project's baseline and carries no guarantee.
 *
 * @implNote Stateless.
 */
public final class GreedyPackets {
  private GreedyPackets() {}

  /**
   * A schedule and its makespan (the latest end of a transmission), in ticks of the instance's
   * scale.
   *
   * @param schedule the transmissions, by start time
   * @param makespan the latest end of a transmission; 0 without any
   */
  public record Placed(Schedule.Transmissions schedule, long makespan) {}

  /**
   * The FDF (scatter) or NRF (gather) list schedule of a store-and-forward scatter or gather
   * instance.
   */
  public static Placed schedule(Instance instance) {
    CommModel.StoreAndForward model = instance.storeAndForward();
    TimeScale scale = instance.timeScale();
    List<Message> msgs = instance.messages();
    Atlas atlas = instance.atlas();
    Network net = instance.network();
    boolean scatter = instance.kind() == ProblemKind.SCATTER;
    Integer[] order = new Integer[msgs.size()];
    int n = 0;
    for (int i = 0; i < msgs.size(); i++) {
      if (msgs.get(i).length() > 0) {
        order[n++] = i;
      }
    }
    Comparator<Integer> byDistance = Comparator.comparingInt(atlas::hops);
    Comparator<Integer> cmp =
        (scatter ? byDistance.reversed() : byDistance)
            .thenComparing((Integer i) -> msgs.get(i).id())
            .thenComparingInt(i -> i);
    Integer[] sorted = Arrays.copyOf(order, n);
    Arrays.sort(sorted, cmp);
    SafResources rs = new SafResources(net, model);
    Calendar cal = new Calendar(rs.count());
    int[] res = new int[4];
    long[] zero = new long[4];
    List<Schedule.Transmission> out = new ArrayList<>();
    long makespan = 0;
    for (int i : sorted) {
      Message m = msgs.get(i);
      long dur = model.packetTicks(m.length(), scale);
      int[] p = atlas.nodes(i);
      long ready = 0;
      for (int k = 0; k + 1 < p.length; k++) {
        int cnt = rs.fill(net.arc(p[k], p[k + 1]), res);
        long s = cal.earliest(res, zero, cnt, ready, dur);
        cal.reserve(res, zero, cnt, s, dur);
        out.add(new Schedule.Transmission(m.id(), 0, m.length(), p[k], p[k + 1], s));
        ready = s + dur;
      }
      makespan = Math.max(makespan, ready);
    }
    out.sort(Comparator.comparingLong(Schedule.Transmission::start));
    return new Placed(new Schedule.Transmissions(scale, out), makespan);
  }
}
