package org.commsched.instances.io.collective;

import java.io.IOException;
import java.io.Writer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.UnitPackets;
import org.commsched.core.time.TimeScale;

/**
 * A store-and-forward schedule as a plain CSV, one row per record (docs/FORMATS.md#transfer-csv):
 * {@code message, packet, first, size, from, to, start, end, channel}, with {@code first} resolved
 * (a record without it takes the next units of its message in packet-number order), {@code end} the
 * end of the packet the record is part of (the records on one arc, channel and start are one
 * packet, lasting the arc's beta plus tau times all their units) and {@code channel} the link
 * channel the record uses (0 on a plain link). Times are exact decimals in the model's unit. For
 * spreadsheets, pandas and plotting scripts, which need no knowledge of the packet rules.
 */
public final class TransferCsv {
  /** The header row. */
  public static final List<String> HEADER =
      List.of("message", "packet", "first", "size", "from", "to", "start", "end", "channel");

  private static final CSVFormat FORMAT =
      CSVFormat.DEFAULT.builder().setRecordSeparator("\n").get();

  private TransferCsv() {}

  /**
   * Writes the rows of a schedule of a send, broadcast or gossip instance, in the schedule's order.
   */
  public static void write(Instance inst, Schedule.Transmissions schedule, Writer out)
      throws IOException {
    TimeScale scale = schedule.scale();
    Map<List<Long>, Long> ends = new HashMap<>();
    for (UnitPackets.Packet p : UnitPackets.of(inst, schedule)) {
      ends.put(List.of((long) p.from(), (long) p.to(), p.start(), (long) p.channel()), p.end());
    }
    CSVPrinter csv = new CSVPrinter(out, FORMAT);
    csv.printRecord(HEADER);
    for (UnitPackets.Record r : UnitPackets.records(inst, schedule)) {
      Schedule.Transmission x = r.transmission();
      csv.printRecord(
          x.message(),
          x.packet(),
          r.first(),
          x.size(),
          x.from(),
          x.to(),
          scale.format(x.start()),
          scale.format(
              ends.get(
                  List.of((long) x.from(), (long) x.to(), x.start(), (long) x.channelIndex()))),
          x.channelIndex());
    }
    csv.flush();
  }
}
