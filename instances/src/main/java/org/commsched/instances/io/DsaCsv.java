package org.commsched.instances.io;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.ModelException;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveResult;

/**
 * Dynamic storage allocation (memory planning) buffers in the CSV style of memory-allocation solvers such as
 * MiniMalloc: a header {@code id,lower,upper,size} and one buffer per line, all integers, lifespan half-open
 * {@code [lower, upper)}.
 *
 * <p>A buffer is a message {@code lower -> upper} of length {@code size} on a unidirectional linear array of
 * {@code max upper + 1} nodes (raw coordinates, no compression), and a slot of a virtual schedule is the buffer's
 * offset: the DSA height is the virtual makespan (DESIGN.md, Problems). The instance is named after the file
 * (without {@code .csv}). Errors name the file and the line.
 */
public final class DsaCsv {
  /** The header of an input file. */
  public static final List<String> HEADER = List.of("id", "lower", "upper", "size");
  /** The header of an output file (input columns plus the offset). */
  public static final List<String> HEADER_WITH_OFFSET = List.of("id", "lower", "upper", "size", "offset");
  /** Largest node count accepted (max upper + 1). */
  public static final int MAX_NODES = 50_000_000;

  private static final String WHAT = "a DSA CSV file (header id,lower,upper,size)";
  private static final Pattern MESSAGE_POINTER = Pattern.compile("^/messages/(\\d+)(/.*)?$");

  private DsaCsv() {
  }

  /**
   * Reads a DSA CSV file as a {@link Problem.Dsa} instance on a ula with the bufferless all-port model.
   *
   * @throws InstanceFormatException on any bad input, naming the line
   */
  public static Instance read(Path csv) {
    String file = csv.toString();
    Rows rows = parse(Inputs.readText(csv, WHAT), file);
    if (rows.ids.isEmpty()) {
      throw new InstanceFormatException(file, "line 2", "no buffers after the header; add lines id,lower,upper,size");
    }
    List<Message> messages = new ArrayList<>(rows.ids.size());
    int maxUpper = 0;
    for (int u : rows.upper) {
      maxUpper = Math.max(maxUpper, u);
    }
    for (int i = 0; i < rows.ids.size(); i++) {
      messages.add(new Message(rows.ids.get(i), rows.lower.get(i), rows.upper.get(i), rows.size.get(i)));
    }
    try {
      return new Instance(Inputs.baseName(csv), new Problem.Dsa(messages),
          new CommModel.Bufferless(CommModel.BufferlessPorts.ALL), Network.of(new Topology.Ula(maxUpper + 1)));
    } catch (ModelException e) {
      Matcher m = MESSAGE_POINTER.matcher(e.pointer());
      String place = m.matches() ? "line " + rows.lines.get(Integer.parseInt(m.group(1))) : "";
      throw new InstanceFormatException(file, place, e.getMessage(), e);
    }
  }

  /**
   * Reads the {@code offset} column of a file written by {@link #writeOffsets} as a virtual schedule of the
   * given instance (offsets are slots).
   *
   * @throws InstanceFormatException if the file has no offset column, an offset is missing or not an integer, or
   *     an id is not a buffer of the instance
   */
  public static Schedule.Slots readOffsets(Path csv, Instance instance) {
    String file = csv.toString();
    Rows rows = parse(Inputs.readText(csv, WHAT), file);
    if (!rows.withOffset) {
      throw new InstanceFormatException(file, "line 1", "no offset column; the header must be "
          + String.join(",", HEADER_WITH_OFFSET));
    }
    Map<String, Long> slots = new LinkedHashMap<>();
    for (int i = 0; i < rows.ids.size(); i++) {
      if (rows.offset.get(i) == null) {
        throw new InstanceFormatException(file, "line " + rows.lines.get(i), "the offset is missing; give every "
            + "buffer an offset");
      }
      if (instance.indexOf(rows.ids.get(i)) < 0) {
        throw new InstanceFormatException(file, "line " + rows.lines.get(i), "buffer \"" + rows.ids.get(i)
            + "\" is not in instance " + instance.name() + "; pass the matching instance");
      }
      slots.put(rows.ids.get(i), rows.offset.get(i));
    }
    return new Schedule.Slots(slots);
  }

  /**
   * Writes the buffers with their offsets (the slots of a virtual schedule): columns
   * {@code id,lower,upper,size,offset}, one line per message in instance order, atomically.
   *
   * @throws IllegalArgumentException if the result has no virtual schedule ({@code slots}) or lacks a message
   * @throws InstanceFormatException if the file cannot be written
   */
  public static void writeOffsets(Instance instance, SolveResult result, Path out) {
    AtomicFiles.writeString(out, offsetsCsv(instance, result));
  }

  /** The text {@link #writeOffsets} writes. */
  public static String offsetsCsv(Instance instance, SolveResult result) {
    if (!(result.schedule() instanceof Schedule.Slots)) {
      throw new IllegalArgumentException("offsets come from a virtual schedule (slots), but the result of "
          + result.method() + " has " + (result.schedule() == null ? "no schedule (status " + result.status() + ")"
          : result.schedule().getClass().getSimpleName().toLowerCase(java.util.Locale.ROOT)));
    }
    Map<String, Long> slots = ((Schedule.Slots) result.schedule()).slots();
    StringBuilder sb = new StringBuilder();
    CSVFormat fmt = CSVFormat.DEFAULT.builder().setRecordSeparator("\n").get();
    try (CSVPrinter p = new CSVPrinter(sb, fmt)) {
      p.printRecord(HEADER_WITH_OFFSET);
      for (Message m : instance.messages()) {
        Long slot = slots.get(m.id());
        if (slot == null) {
          throw new IllegalArgumentException("the schedule has no slot for buffer " + m.id());
        }
        p.printRecord(m.id(), m.from(), m.to(), m.length(), slot);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return sb.toString();
  }

  /** Parsed columns, with the line of each row. */
  private static final class Rows {
    final List<String> ids = new ArrayList<>();
    final List<Integer> lower = new ArrayList<>();
    final List<Integer> upper = new ArrayList<>();
    final List<Long> size = new ArrayList<>();
    final List<Long> offset = new ArrayList<>();
    final List<Integer> lines = new ArrayList<>();
    boolean withOffset;
  }

  private static Rows parse(String text, String file) {
    Rows rows = new Rows();
    CSVFormat fmt = CSVFormat.DEFAULT.builder().setIgnoreSurroundingSpaces(true).setIgnoreEmptyLines(true).get();
    try (CSVParser parser = CSVParser.builder().setReader(new StringReader(text)).setFormat(fmt).get()) {
      boolean header = true;
      LineCounter lines = new LineCounter(text);
      for (CSVRecord r : parser) {
        int line = lines.lineOf(r.getCharacterPosition());
        if (header) {
          List<String> cols = new ArrayList<>(r.size());
          for (String c : r) {
            cols.add(c.trim().toLowerCase(java.util.Locale.ROOT));
          }
          if (cols.equals(HEADER_WITH_OFFSET)) {
            rows.withOffset = true;
          } else if (!cols.equals(HEADER)) {
            throw new InstanceFormatException(file, "line " + line, "the header is " + String.join(",", r.toList())
                + " but must be exactly id,lower,upper,size (or id,lower,upper,size,offset); fix the first line");
          }
          header = false;
          continue;
        }
        int expected = rows.withOffset ? 5 : 4;
        if (r.size() != expected) {
          throw new InstanceFormatException(file, "line " + line, "expected " + expected + " values ("
              + String.join(",", rows.withOffset ? HEADER_WITH_OFFSET : HEADER) + "), found " + r.size()
              + "; fix the line");
        }
        String id = r.get(0);
        if (id.isEmpty()) {
          throw new InstanceFormatException(file, "line " + line, "the id is empty; give every buffer an id");
        }
        long lo = integer(r.get(1), "lower", file, line);
        long up = integer(r.get(2), "upper", file, line);
        long sz = integer(r.get(3), "size", file, line);
        if (lo < 0) {
          throw new InstanceFormatException(file, "line " + line, "lower " + lo + " is negative; lifespans start at "
              + "time 0 or later (shift all times)");
        }
        if (lo >= up) {
          throw new InstanceFormatException(file, "line " + line, "lower " + lo + " is not below upper " + up
              + "; a lifespan [lower, upper) needs lower < upper");
        }
        if (up >= MAX_NODES) {
          throw new InstanceFormatException(file, "line " + line, "upper " + up + " needs " + (up + 1)
              + " time points, more than " + MAX_NODES + "; compress the time coordinates first");
        }
        if (sz < 1) {
          throw new InstanceFormatException(file, "line " + line, "size " + sz + " is below 1; a buffer needs at "
              + "least one unit (drop empty buffers)");
        }
        Long off = null;
        if (rows.withOffset && !r.get(4).isEmpty()) {
          off = integer(r.get(4), "offset", file, line);
          if (off < 0) {
            throw new InstanceFormatException(file, "line " + line, "offset " + off + " is negative; offsets start "
                + "at 0");
          }
        }
        rows.ids.add(id);
        rows.lower.add((int) lo);
        rows.upper.add((int) up);
        rows.size.add(sz);
        rows.offset.add(off);
        rows.lines.add(line);
      }
      if (header) {
        throw new InstanceFormatException(file, "", "the file is empty; it should hold " + WHAT);
      }
    } catch (IOException | UncheckedIOException | IllegalStateException e) {
      throw csvSyntax(file, e);
    }
    return rows;
  }

  private static final Pattern START_LINE = Pattern.compile("\\(startline (\\d+)\\)\\s*");

  private static InstanceFormatException csvSyntax(String file, Exception e) {
    Throwable t = e;
    while (t.getCause() != null && (t instanceof UncheckedIOException || t.getMessage() == null)) {
      t = t.getCause();
    }
    String msg = t.getMessage() == null ? "unreadable" : InstanceFormatException.singleLine(t.getMessage());
    String place = "";
    Matcher m = START_LINE.matcher(msg);
    if (m.find()) {
      place = "line " + m.group(1);
      msg = m.replaceFirst("");
    }
    return new InstanceFormatException(file, place, "invalid CSV: " + msg + "; check quotes and commas", e);
  }

  private static long integer(String s, String column, String file, int line) {
    try {
      return Long.parseLong(s);
    } catch (NumberFormatException e) {
      String fix = s.matches("-?[0-9]+") ? "it is past 2^63-1; use a smaller number" : "write an integer";
      throw new InstanceFormatException(file, "line " + line, column + " \"" + s + "\" is not an integer; " + fix);
    }
  }

  /** 1-based line numbers of increasing character positions, in linear total time. */
  private static final class LineCounter {
    private final String text;
    private int pos;
    private int line = 1;

    LineCounter(String text) {
      this.text = text;
    }

    int lineOf(long position) {
      int end = (int) Math.min(position, text.length());
      // a record read after skipped empty lines starts at the first non-newline character
      while (end < text.length() && (text.charAt(end) == '\n' || text.charAt(end) == '\r')) {
        end++;
      }
      for (; pos < end; pos++) {
        if (text.charAt(pos) == '\n') {
          line++;
        }
      }
      return line;
    }
  }
}
