package org.commsched.core.bounds;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.model.Schedule;

/**
 * One packet of a send along a path: it crosses link {@code link} (from path node {@code link} to
 * {@code link + 1}, links numbered from 0), carries the message units {@code first .. first + size
 * - 1} and starts at {@code start} ticks. The input of {@link PacketContentDigraph} and {@link
 * PacketTimeDigraph} (docs/models/linear-cost.md#packet-digraphs).
 *
 * @param link the link crossed, 0-based
 * @param first the first unit carried, 0-based
 * @param size the number of units carried, at least 1
 * @param start the start time in ticks
 */
public record PathPacket(int link, long first, long size, long start) {
  public PathPacket {
    if (link < 0 || first < 0 || size < 1) {
      throw new IllegalArgumentException(
          "a path packet needs link >= 0, first >= 0, size >= 1, got "
              + link
              + ", "
              + first
              + ", "
              + size);
    }
  }

  /** Whether the two packets carry a common unit. */
  public boolean overlaps(PathPacket other) {
    return first < other.first + other.size && other.first < first + size;
  }

  /** The time the packet ends, {@code start + beta + size * tau}. */
  public long end(long beta, long tau) {
    return Math.addExact(start, weight(beta, tau));
  }

  /** {@code t(lambda) = beta + |lambda| tau}. */
  public long weight(long beta, long tau) {
    return Math.addExact(beta, Math.multiplyExact(size, tau));
  }

  /** The number of links the packets use: one more than the highest link (0 for none). */
  public static int links(List<PathPacket> packets) {
    return packets.stream().mapToInt(PathPacket::link).max().orElse(-1) + 1;
  }

  /**
   * The packets of a path send given as transmissions over the path {@code 0 -> 1 -> ... -> m}:
   * link = sender. A transmission without a first unit takes its units from its packet number (the
   * packets of a link cover the message in packet order, as in the schedule format).
   */
  public static List<PathPacket> of(List<Schedule.Transmission> transmissions) {
    List<Schedule.Transmission> sorted = new ArrayList<>(transmissions);
    sorted.sort(
        Comparator.comparingInt(Schedule.Transmission::from)
            .thenComparingInt(Schedule.Transmission::packet));
    Map<Integer, Long> next = new HashMap<>();
    List<PathPacket> out = new ArrayList<>();
    for (Schedule.Transmission t : sorted) {
      if (t.to() != t.from() + 1) {
        throw new IllegalArgumentException("not a path send along 0..m: " + t);
      }
      long first = t.first() != null ? t.first() : next.getOrDefault(t.from(), 0L);
      next.put(t.from(), first + t.size());
      out.add(new PathPacket(t.from(), first, t.size(), t.start()));
    }
    return out;
  }
}
