package org.commsched.core.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A linear-cost schedule (broadcast or gossip) as packets with explicit units: the records on one
 * arc and one channel with one start are one packet, lasting that arc's beta + units tau
 * (docs/models/linear-cost.md#units-and-packets), and a record without {@code first} takes the next
 * units of its message in packet-number order. The exporters need each unit by its index, so that a
 * packet can be written as buffer offsets (MSCCL XML) or as explicit rows (CSV).
 *
 * <p>Only for schedules the checker has accepted: an unknown message or a record that does not
 * resolve is an {@link IllegalArgumentException}.
 */
public final class UnitPackets {
  private UnitPackets() {}

  /**
   * Units {@code [lo, hi)} of the origin with index {@code origin} (an index of {@link
   * Instance#origins()}).
   */
  public record Piece(int origin, long lo, long hi) {
    /** The number of units. */
    public long size() {
      return hi - lo;
    }
  }

  /**
   * One packet: channel {@code channel} of arc {@code from -> to} held during {@code [start, end)}
   * ticks of the schedule's scale.
   *
   * @param channel the channel of the arc (0 unless the records name another,
   *     docs/FORMATS.md#links-with-channels-and-costs)
   * @param pieces its units, sorted by origin and first unit
   */
  public record Packet(int from, int to, int channel, long start, long end, List<Piece> pieces) {
    public Packet {
      pieces = List.copyOf(pieces);
    }

    /** The units it carries. */
    public long units() {
      return pieces.stream().mapToLong(Piece::size).sum();
    }
  }

  /** One record with its units resolved, in the schedule's order. */
  public record Record(Schedule.Transmission transmission, int origin, long first) {}

  /** The records of the schedule with their first units resolved (file order). */
  public static List<Record> records(Instance inst, Schedule.Transmissions schedule) {
    Map<Integer, TreeMap<Integer, Long>> sizes = new HashMap<>();
    for (Schedule.Transmission x : schedule.transmissions()) {
      int i = origin(inst, x);
      if (x.first() == null) {
        sizes.computeIfAbsent(i, k -> new TreeMap<>()).putIfAbsent(x.packet(), x.size());
      }
    }
    Map<Integer, Map<Integer, Long>> firstUnit = new HashMap<>();
    sizes.forEach(
        (i, runs) -> {
          Map<Integer, Long> at = new HashMap<>();
          long next = 0;
          for (Map.Entry<Integer, Long> run : runs.entrySet()) {
            at.put(run.getKey(), next);
            next += run.getValue();
          }
          firstUnit.put(i, at);
        });
    List<Record> out = new ArrayList<>();
    for (Schedule.Transmission x : schedule.transmissions()) {
      int i = origin(inst, x);
      out.add(new Record(x, i, x.first() != null ? x.first() : firstUnit.get(i).get(x.packet())));
    }
    return out;
  }

  /**
   * The packets of the schedule (the records on one arc and one channel with one start), by start,
   * then sender, then receiver, then channel.
   */
  public static List<Packet> of(Instance inst, Schedule.Transmissions schedule) {
    CommModel.StoreAndForward model = inst.storeAndForward();
    Map<List<Long>, List<Piece>> byArcStart = new LinkedHashMap<>();
    for (Record r : records(inst, schedule)) {
      Schedule.Transmission x = r.transmission();
      byArcStart
          .computeIfAbsent(
              List.of((long) x.from(), (long) x.to(), x.start(), (long) x.channelIndex()),
              k -> new ArrayList<>())
          .add(new Piece(r.origin(), r.first(), r.first() + x.size()));
    }
    ArcCosts costs = ArcCosts.of(model, inst.network(), schedule.scale());
    List<Packet> out = new ArrayList<>();
    byArcStart.forEach(
        (key, pieces) -> {
          pieces.sort(Comparator.comparingInt(Piece::origin).thenComparingLong(Piece::lo));
          long units = pieces.stream().mapToLong(Piece::size).sum();
          long start = key.get(2);
          int arc = inst.network().arc(key.get(0).intValue(), key.get(1).intValue());
          out.add(
              new Packet(
                  key.get(0).intValue(),
                  key.get(1).intValue(),
                  key.get(3).intValue(),
                  start,
                  start
                      + (arc < 0
                          ? model.packetTicks(units, schedule.scale())
                          : costs.ticks(arc, units)),
                  pieces));
        });
    out.sort(
        Comparator.comparingLong(Packet::start)
            .thenComparingInt(Packet::from)
            .thenComparingInt(Packet::to)
            .thenComparingInt(Packet::channel));
    return out;
  }

  private static int origin(Instance inst, Schedule.Transmission x) {
    int i = inst.originIndexOf(x.message());
    if (i < 0) {
      throw new IllegalArgumentException("unknown message " + x.message());
    }
    return i;
  }
}
