package org.commsched.core.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.time.TimeScale;

/**
 * A schedule, in one of the three kinds of the file format. Times are integer ticks of {@link
 * #scale()}.
 *
 * @implNote Immutable.
 */
public sealed interface Schedule {

  /** The time scale of every time in this schedule. */
  TimeScale scale();

  /**
   * The schedule's kind as the file format names its field: "departures", "slots" or
   * "transmissions".
   */
  String wireName();

  /**
   * True for a virtual schedule (slots), whose makespan is the span of its slots and is compared
   * with the virtual bounds, not with real makespans.
   */
  default boolean virtual() {
    return false;
  }

  /** The one-flit control transfers of a protocol run: empty unless departures carry them. */
  default List<ControlTransfer> control() {
    return List.of();
  }

  /**
   * Bufferless real schedule: the step in which each message's first flit crosses its first arc.
   * Message h of flit, hop k crosses during step {@code departure + h + k}. A protocol run
   * (distributed gathering) adds its one-flit control transfers.
   *
   * @param departures message id to departure step, in insertion order (a {@link TimeTable} is kept
   *     as it is, any other map copied)
   * @param control control transfers, empty for a plain schedule
   */
  record Departures(Map<String, Long> departures, List<ControlTransfer> control)
      implements Schedule {
    public Departures {
      departures = owned(departures);
      control = List.copyOf(control);
    }

    /** A schedule without control transfers. */
    public Departures(Map<String, Long> departures) {
      this(departures, List.of());
    }

    @Override
    public TimeScale scale() {
      return TimeScale.UNIT;
    }

    @Override
    public String wireName() {
      return "departures";
    }
  }

  /**
   * Virtual schedule: each message reserves its whole route for the slots {@code [slot, slot +
   * length)}.
   *
   * @param slots message id to first slot (a {@link TimeTable} is kept as it is, any other map
   *     copied)
   */
  record Slots(Map<String, Long> slots) implements Schedule {
    public Slots {
      slots = owned(slots);
    }

    @Override
    public TimeScale scale() {
      return TimeScale.UNIT;
    }

    @Override
    public String wireName() {
      return "slots";
    }

    @Override
    public boolean virtual() {
      return true;
    }
  }

  /**
   * An unmodifiable map with the entries of {@code times} in their order: the map itself if it is a
   * {@link TimeTable}.
   */
  private static Map<String, Long> owned(Map<String, Long> times) {
    return times instanceof TimeTable
        ? times
        : Collections.unmodifiableMap(new LinkedHashMap<>(times));
  }

  /**
   * Store-and-forward schedule: one record per packet per hop.
   *
   * @param scale the scale of every start time
   * @param transmissions the transfers, in any order
   */
  record Transmissions(TimeScale scale, List<Transmission> transmissions) implements Schedule {
    public Transmissions {
      transmissions = List.copyOf(transmissions);
    }

    @Override
    public String wireName() {
      return "transmissions";
    }
  }

  /**
   * One packet (or one run of a packet's units) crossing one arc.
   *
   * @param message message id
   * @param packet packet number within the message, from 0
   * @param size units carried
   * @param from sending node
   * @param to receiving node
   * @param start start time in ticks; the transfer ends at start + beta + size * tau
   * @param first index of the first unit carried (units first..first+size-1 of the message), or
   *     null to take the packet's units from its number (packets of a message cover its units in
   *     packet order)
   * @param channel which of its arc's parallel channels carries it, 0 .. count - 1, or null for
   *     channel 0 (docs/FORMATS.md#links-with-channels-and-costs): records on one arc and one
   *     channel with one start are one packet, so two packets may start together on an arc of
   *     several channels
   */
  record Transmission(
      String message,
      int packet,
      long size,
      int from,
      int to,
      long start,
      Long first,
      Integer channel) {
    /** A transmission on channel 0 (every arc has it). */
    public Transmission(
        String message, int packet, long size, int from, int to, long start, Long first) {
      this(message, packet, size, from, to, start, first, null);
    }

    /** A transmission whose units follow from its packet number. */
    public Transmission(String message, int packet, long size, int from, int to, long start) {
      this(message, packet, size, from, to, start, null, null);
    }

    /** The channel, 0 when not given. */
    public int channelIndex() {
      return channel == null ? 0 : channel;
    }
  }

  /**
   * A one-flit control message over one link during one step (protocol traces).
   *
   * @param from sender
   * @param to receiver (a neighbour)
   * @param step the step during which it crosses; it is at {@code to} from row {@code step + 1}
   * @param kind wakeup, token, certificate, order, ...
   * @param values integers the control flit carries (may be empty)
   */
  record ControlTransfer(int from, int to, long step, String kind, List<Long> values) {
    public ControlTransfer {
      values = values == null ? List.of() : List.copyOf(values);
    }
  }
}
