package org.commsched.heuristics.linearcost;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The first-in first-out queues of the ring gossip schemes that forward whole messages
 * (docs/models/linear-cost.md#ring-gossip): per node one queue per direction (messages named by
 * their origin node), initially the node's own message, and the set of messages each node holds. In
 * a round every sender {@link #take}s from the front of a queue, all against the holdings at the
 * start of the round, and then every receiver is {@link #deliver}ed what it got.
 *
 * @implNote Mutable, used by one scheme run.
 */
final class MessageQueues {
  private final ArrayDeque<Integer>[][] queue;
  private final BitSet[] holds;

  /** {@code directions} queues per node of {@code p}, each holding the node's own message. */
  @SuppressWarnings("unchecked")
  MessageQueues(int p, int directions) {
    queue = new ArrayDeque[directions][p];
    holds = new BitSet[p];
    for (int v = 0; v < p; v++) {
      for (int d = 0; d < directions; d++) {
        queue[d][v] = new ArrayDeque<>();
        queue[d][v].add(v);
      }
      holds[v] = new BitSet(p);
      holds[v].set(v);
    }
  }

  /**
   * Takes up to {@code max} messages that {@code receiver} does not hold off the front of {@code
   * sender}'s queue {@code d}, dropping the held ones it passes, and sends them in the current
   * round of {@code g}.
   *
   * @return the messages sent, in queue order
   */
  List<Integer> take(GossipRounds g, int sender, int d, int receiver, int max) {
    List<Integer> sent = new ArrayList<>();
    ArrayDeque<Integer> q = queue[d][sender];
    while (sent.size() < max && !q.isEmpty()) {
      int m = q.poll();
      if (!holds[receiver].get(m)) {
        sent.add(m);
        g.sendAll(sender, receiver, m);
      }
    }
    return sent;
  }

  /** {@code receiver} now holds {@code messages} and appends them to its queue {@code d}. */
  void deliver(int receiver, int d, List<Integer> messages) {
    for (int m : messages) {
      holds[receiver].set(m);
      queue[d][receiver].add(m);
    }
  }
}
