package org.commsched.heuristics.linearcost;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Origin;

/**
 * A gossip scheme written as lock-step rounds (docs/models/linear-cost.md#units-and-packets,
 * rounds) into an {@link LcSchedule}: the packets of a round all start when the previous round has
 * ended, and a round lasts {@code beta + tau} times its largest packet. Everything a node sends
 * over one arc in one round is one packet. A round in which nothing is sent takes no time.
 *
 * <p>Units are named by their origin node (the gossip message of node {@code v}) and a half-open
 * unit range.
 *
 * @implNote Mutable, used by one scheme run.
 */
final class GossipRounds {
  final int p;
  final long n;
  final LcSchedule schedule;
  private final String[] message;

  /** The runs each arc (key from * p + to) carries in the current round, in the order sent. */
  private final Map<Long, List<LcSchedule.Run>> arcs = new LinkedHashMap<>();

  private long clock;
  private int rounds;

  GossipRounds(Instance instance) {
    this.p = instance.network().nodes();
    this.schedule = new LcSchedule(instance);
    this.message = new String[p];
    long len = 0;
    for (Origin o : instance.origins()) {
      message[o.node()] = o.message();
      len = o.length();
    }
    this.n = len;
  }

  /** Node {@code v + d} on the ring of {@code p} nodes, for any integer {@code d}. */
  int at(long v, long d) {
    return (int) Math.floorMod(v + d, (long) p);
  }

  /**
   * In the current round, {@code from} sends {@code to} units {@code lo .. hi - 1} of {@code
   * origin}'s message.
   */
  void send(int from, int to, int origin, long lo, long hi) {
    if (hi > lo) {
      arcs.computeIfAbsent((long) from * p + to, k -> new ArrayList<>())
          .add(new LcSchedule.Run(message[origin], lo, hi - lo));
    }
  }

  /**
   * In the current round, {@code from} sends {@code to} the whole message of node {@code origin}.
   */
  void sendAll(int from, int to, int origin) {
    send(from, to, origin, 0, n);
  }

  /**
   * Places the current round's packets; the next round starts when its longest packet has ended.
   */
  void endRound() {
    long end = clock;
    for (Map.Entry<Long, List<LcSchedule.Run>> e : arcs.entrySet()) {
      int from = (int) (e.getKey() / p);
      int to = (int) (e.getKey() % p);
      end = Math.max(end, schedule.packet(from, to, clock, e.getValue()));
    }
    if (!arcs.isEmpty()) {
      rounds++;
    }
    arcs.clear();
    clock = end;
  }

  /** Rounds in which something was sent. */
  int rounds() {
    return rounds;
  }
}
