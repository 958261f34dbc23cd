package org.commsched.instances.io;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
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
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.SolveResult;

/**
 * Dynamic storage allocation (memory planning) buffers in the CSV style of memory-allocation
 * solvers such as MiniMalloc: a header {@code id,lower,upper,size} and one buffer per line, all
 * integers, lifespan half-open {@code [lower, upper)}.
 *
 * <p><b>Coordinate compression.</b> A buffer is a message {@code lower -> upper} of length {@code
 * size} on a unidirectional linear array, and a slot of a virtual schedule is the buffer's offset:
 * the DSA height is the virtual makespan (DESIGN.md, Problems). The array does not use the raw
 * times: the distinct values of all {@code lower} and {@code upper} columns, sorted, become nodes
 * {@code 0..k-1} (the i-th smallest value is node i). Two half-open lifespans overlap iff their
 * compressed intervals do, so the conflicts, the load and every layout are unchanged, while times
 * such as 10^12 (or negative ones) cost nothing; the array has at most twice as many nodes as there
 * are buffers. {@link #load} keeps the original rows ({@link Buffers}), and {@link #writeOffsets}
 * writes them back with their offsets, so ids and times in an output file are the input's. The
 * instance is named after the file (without {@code .csv}). Errors name the file and the line.
 */
public final class DsaCsv {
  /** The header of an input file. */
  public static final List<String> HEADER = List.of("id", "lower", "upper", "size");

  /**
   * The same columns under the names of MiniMalloc's later benchmark files ({@code
   * buffer,start,end,size}), accepted on input (also with {@code offset}); output files always use
   * {@link #HEADER}'s names.
   */
  public static final List<String> HEADER_MINIMALLOC = List.of("buffer", "start", "end", "size");

  /** The header of an output file (input columns plus the offset). */
  public static final List<String> HEADER_WITH_OFFSET =
      List.of("id", "lower", "upper", "size", "offset");

  private static final String WHAT = "a DSA CSV file (header id,lower,upper,size)";
  private static final Pattern MESSAGE_POINTER = Pattern.compile("^/messages/(\\d+)(/.*)?$");

  private DsaCsv() {}

  /** One buffer as written in the file: original id, lifespan {@code [lower, upper)} and size. */
  public record Buffer(String id, long lower, long upper, long size) {
    public Buffer {
      if (id == null || id.isEmpty()) {
        throw new IllegalArgumentException("a buffer needs an id");
      }
      if (lower >= upper) {
        throw new IllegalArgumentException(
            "buffer " + id + ": lower " + lower + " is not below upper " + upper);
      }
      if (size < 1) {
        throw new IllegalArgumentException("buffer " + id + ": size " + size + " is below 1");
      }
    }
  }

  /**
   * A DSA instance with the original coordinates of its buffers.
   *
   * @param instance the dsa instance (on the compressed ula for a CSV file)
   * @param buffers the buffers in the instance's message order, with their original ids, times and
   *     sizes
   * @param times the original time of each node of the instance's ula (node i is the i-th smallest
   *     time)
   */
  public record Buffers(Instance instance, List<Buffer> buffers, List<Long> times) {
    private static final Pattern ARC_PLACE = Pattern.compile("(\\d+)->(\\d+)");
    private static final Pattern TIME_POINT =
        Pattern.compile("time point (\\d+) \\(arc \\d+->\\d+\\)");

    public Buffers {
      buffers = List.copyOf(buffers);
      times = List.copyOf(times);
      if (times.size() != instance.network().nodes()) {
        throw new IllegalArgumentException(
            times.size() + " times for " + instance.network().nodes() + " nodes");
      }
      if (instance.kind() != ProblemKind.DSA) {
        throw new IllegalArgumentException(
            "buffers belong to a dsa instance, not " + instance.kind().wireName());
      }
      if (buffers.size() != instance.messages().size()) {
        throw new IllegalArgumentException(
            buffers.size() + " buffers for " + instance.messages().size() + " messages");
      }
      for (int i = 0; i < buffers.size(); i++) {
        Message m = instance.messages().get(i);
        Buffer b = buffers.get(i);
        if (!m.id().equals(b.id()) || m.length() != b.size()) {
          throw new IllegalArgumentException(
              "buffer " + b.id() + " does not match message " + m.id());
        }
      }
    }

    /**
     * The buffers of a dsa instance whose node ids are the times themselves (a JSON dsa file); for
     * a CSV file use {@link DsaCsv#load}, which keeps the original times.
     */
    public static Buffers of(Instance dsa) {
      List<Buffer> out = new ArrayList<>();
      for (Message m : dsa.messages()) {
        out.add(new Buffer(m.id(), m.from(), m.to(), m.length()));
      }
      List<Long> identity = new ArrayList<>();
      for (long v = 0; v < dsa.network().nodes(); v++) {
        identity.add(v);
      }
      return new Buffers(dsa, out, identity);
    }

    /**
     * A checker place on the compressed ula ("54-&gt;55", the arc between time points 54 and 55) as
     * the file's half-open time span ("time 1700002000000..1700002000500 (compressed arc
     * 54-&gt;55)"); any other place unchanged. For a CSV file's buffers (a JSON dsa instance's
     * times are its node ids: no need).
     */
    public String explainPlace(String place) {
      Matcher m = ARC_PLACE.matcher(place);
      if (!m.matches()) {
        return place;
      }
      int u = Integer.parseInt(m.group(1));
      int v = Integer.parseInt(m.group(2));
      if (v != u + 1 || v >= times.size()) {
        return place;
      }
      return "time " + times.get(u) + ".." + times.get(v) + " (compressed arc " + place + ")";
    }

    /**
     * A bound's witness with the compressed time points it names ("time point 6 (arc 6-&gt;7)")
     * given as the file's times ("time 1700002000000 (compressed time point 6)"); unchanged when
     * the times are the node ids.
     */
    public String explain(String witness) {
      Matcher m = TIME_POINT.matcher(witness);
      StringBuilder sb = new StringBuilder();
      while (m.find()) {
        int node = Integer.parseInt(m.group(1));
        String text =
            node < times.size() && times.get(node) != node
                ? "time " + times.get(node) + " (compressed time point " + node + ")"
                : m.group();
        m.appendReplacement(sb, Matcher.quoteReplacement(text));
      }
      m.appendTail(sb);
      return sb.toString();
    }
  }

  /**
   * Reads a DSA CSV file as a {@link Problem.Dsa} instance on the compressed ula (see the class
   * comment) with the bufferless all-port model.
   *
   * @throws InstanceFormatException on any bad input, naming the line
   */
  public static Instance read(Path csv) {
    return load(csv).instance();
  }

  /**
   * Reads a DSA CSV file: the instance on the compressed ula and the original rows.
   *
   * @throws InstanceFormatException on any bad input, naming the line
   */
  public static Buffers load(Path csv) {
    String file = csv.toString();
    Rows rows = parse(Inputs.readText(csv, WHAT), file);
    if (rows.ids.isEmpty()) {
      throw new InstanceFormatException(
          file, "line 2", "no buffers after the header; add lines id,lower,upper,size");
    }
    int n = rows.ids.size();
    long[] times = new long[2 * n];
    for (int i = 0; i < n; i++) {
      times[2 * i] = rows.lower.get(i);
      times[2 * i + 1] = rows.upper.get(i);
    }
    Arrays.sort(times);
    int k = 0;
    for (int i = 0; i < times.length; i++) {
      if (i == 0 || times[i] != times[i - 1]) {
        times[k++] = times[i];
      }
    }
    long[] points = Arrays.copyOf(times, k);
    List<Message> messages = new ArrayList<>(n);
    List<Buffer> buffers = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      messages.add(
          new Message(
              rows.ids.get(i),
              Arrays.binarySearch(points, rows.lower.get(i)),
              Arrays.binarySearch(points, rows.upper.get(i)),
              rows.size.get(i)));
      buffers.add(
          new Buffer(rows.ids.get(i), rows.lower.get(i), rows.upper.get(i), rows.size.get(i)));
    }
    List<Long> original = new ArrayList<>(k);
    for (long t : points) {
      original.add(t);
    }
    try {
      // the file's times travel with the instance (Problem.Dsa#pointTimes), e.g. for dsa-search's
      // preorders
      Instance inst =
          new Instance(
              Inputs.baseName(csv),
              new Problem.Dsa(messages, original),
              new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
              Network.of(new Topology.Ula(k)));
      return new Buffers(inst, buffers, inst.problem().pointTimes());
    } catch (ModelException e) {
      Matcher m = MESSAGE_POINTER.matcher(e.pointer());
      String place = m.matches() ? "line " + rows.lines.get(Integer.parseInt(m.group(1))) : "";
      throw new InstanceFormatException(file, place, e.getMessage(), e);
    }
  }

  /**
   * Reads the {@code offset} column of a file written by {@link #writeOffsets} as a virtual
   * schedule of the given instance (offsets are slots); the other columns are not compared (see
   * {@link #readOffsets(Path, Buffers)}).
   *
   * @throws InstanceFormatException if the file has no offset column, an offset is missing or not
   *     an integer, an id is not a buffer of the instance or appears twice
   */
  public static Schedule.Slots readOffsets(Path csv, Instance instance) {
    return offsets(csv, instance, null);
  }

  /**
   * Reads the {@code offset} column of a buffer layout (ours, or any allocator's in the same
   * columns) as a virtual schedule of {@code buffers}, checking that every row's lifespan and size
   * are those of the buffer of that id.
   *
   * @throws InstanceFormatException as {@link #readOffsets(Path, Instance)}, or if a row's lower,
   *     upper or size differs from the instance's
   */
  public static Schedule.Slots readOffsets(Path csv, Buffers buffers) {
    return offsets(csv, buffers.instance(), buffers);
  }

  private static Schedule.Slots offsets(Path csv, Instance instance, Buffers buffers) {
    String file = csv.toString();
    Rows rows = parse(Inputs.readText(csv, WHAT), file);
    if (!rows.withOffset) {
      throw new InstanceFormatException(
          file,
          "line 1",
          "no offset column; the header must be " + String.join(",", HEADER_WITH_OFFSET));
    }
    Map<String, Long> slots = new LinkedHashMap<>();
    for (int i = 0; i < rows.ids.size(); i++) {
      String place = "line " + rows.lines.get(i);
      String id = rows.ids.get(i);
      if (rows.offset.get(i) < 0) {
        throw new InstanceFormatException(
            file, place, "the offset is missing; give every buffer an offset");
      }
      int k = instance.indexOf(id);
      if (k < 0) {
        throw new InstanceFormatException(
            file,
            place,
            "buffer \""
                + id
                + "\" is not in instance "
                + instance.name()
                + "; pass the matching instance");
      }
      if (slots.containsKey(id)) {
        throw new InstanceFormatException(
            file, place, "buffer \"" + id + "\" is listed twice; give each buffer " + "one line");
      }
      if (buffers != null) {
        Buffer b = buffers.buffers().get(k);
        if (b.lower() != rows.lower.get(i)
            || b.upper() != rows.upper.get(i)
            || b.size() != rows.size.get(i)) {
          throw new InstanceFormatException(
              file,
              place,
              "buffer \""
                  + id
                  + "\" is ["
                  + rows.lower.get(i)
                  + ", "
                  + rows.upper.get(i)
                  + ") of size "
                  + rows.size.get(i)
                  + " here but ["
                  + b.lower()
                  + ", "
                  + b.upper()
                  + ") of size "
                  + b.size()
                  + " in instance "
                  + instance.name()
                  + "; pass the matching instance");
        }
      }
      slots.put(id, rows.offset.get(i));
    }
    return new Schedule.Slots(slots);
  }

  /**
   * Writes the buffers with their offsets (the slots of a virtual schedule): columns {@code
   * id,lower,upper,size,offset}, one line per buffer in file order with its original id and times,
   * atomically.
   *
   * @throws IllegalArgumentException if the result has no virtual schedule ({@code slots}) or lacks
   *     a buffer
   * @throws InstanceFormatException if the file cannot be written
   */
  public static void writeOffsets(Buffers buffers, SolveResult result, Path out) {
    Map<String, Long> slots = slots(buffers, result);
    AtomicFiles.writeText(out, w -> printOffsets(buffers, slots, w));
  }

  /** The text {@link #writeOffsets(Buffers, SolveResult, Path)} writes. */
  public static String offsetsCsv(Buffers buffers, SolveResult result) {
    StringBuilder sb = new StringBuilder();
    try {
      printOffsets(buffers, slots(buffers, result), sb);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return sb.toString();
  }

  private static Map<String, Long> slots(Buffers buffers, SolveResult result) {
    if (!(result.schedule() instanceof Schedule.Slots)) {
      throw new IllegalArgumentException(
          "offsets come from a virtual schedule (slots), but the result of "
              + result.method()
              + " has "
              + (result.schedule() == null
                  ? "no schedule (status " + result.status() + ")"
                  : result
                      .schedule()
                      .getClass()
                      .getSimpleName()
                      .toLowerCase(java.util.Locale.ROOT)));
    }
    Map<String, Long> slots = ((Schedule.Slots) result.schedule()).slots();
    for (Buffer b : buffers.buffers()) {
      if (!slots.containsKey(b.id())) {
        throw new IllegalArgumentException("the schedule has no slot for buffer " + b.id());
      }
    }
    return slots;
  }

  /**
   * Writes the buffers without offsets (an instance in the memory-planner form): columns {@code
   * id,lower,upper,size}, one line per buffer in file order, atomically.
   *
   * @throws InstanceFormatException if the file cannot be written
   */
  public static void write(Buffers buffers, Path out) {
    java.util.Iterator<Buffer> it = buffers.buffers().iterator();
    write(buffers.buffers().size(), it::next, out);
  }

  /**
   * Writes buffers produced one at a time (a generator's, never held in memory) as {@link
   * #write(Buffers, Path)} does, atomically.
   *
   * @param count how many buffers {@code buffers} gives
   * @param buffers gives buffer 0, 1, ... on successive calls; called exactly {@code count} times
   * @throws InstanceFormatException if the file cannot be written
   */
  public static void write(int count, java.util.function.Supplier<Buffer> buffers, Path out) {
    AtomicFiles.writeText(
        out,
        w -> {
          CSVPrinter p = new CSVPrinter(w, FORMAT);
          p.printRecord(HEADER);
          for (int i = 0; i < count; i++) {
            Buffer b = buffers.get();
            p.printRecord(b.id(), b.lower(), b.upper(), b.size());
          }
          p.flush();
        });
  }

  /** The output files' CSV dialect: commas, quotes where needed, lines ending in a bare newline. */
  private static final CSVFormat FORMAT =
      CSVFormat.DEFAULT.builder().setRecordSeparator("\n").get();

  /**
   * Prints the buffers with their offsets to {@code out} (flushed, not closed). A row whose id
   * needs no quotes ({@link #plain}) is written as one string, the rest through the CSV printer: on
   * 10^5 rows the printer's checks of every value took a few tenths of a second of a one-second
   * limit, and the text is the same.
   */
  private static void printOffsets(Buffers buffers, Map<String, Long> slots, Appendable out)
      throws IOException {
    CSVPrinter p = new CSVPrinter(out, FORMAT);
    p.printRecord(HEADER_WITH_OFFSET);
    StringBuilder row = new StringBuilder(64);
    for (Buffer b : buffers.buffers()) {
      Long offset = slots.get(b.id());
      if (!plain(b.id())) {
        p.printRecord(b.id(), b.lower(), b.upper(), b.size(), offset);
        continue;
      }
      row.setLength(0);
      row.append(b.id())
          .append(',')
          .append(b.lower())
          .append(',')
          .append(b.upper())
          .append(',')
          .append(b.size())
          .append(',');
      if (offset != null) {
        row.append(offset.longValue());
      }
      out.append(row.append('\n'));
    }
    p.flush();
  }

  /**
   * True if {@link #FORMAT} prints {@code id} as it is: not empty, and only ASCII letters, digits
   * and {@code _ . -} with a letter or digit first (the printer quotes an empty first value, a
   * first character up to {@code #}, a last one up to a space, and any comma, quote or line break).
   */
  static boolean plain(String id) {
    if (id.isEmpty() || !Character.isLetterOrDigit(id.charAt(0)) || id.charAt(0) > 'z') {
      return false;
    }
    for (int i = 0; i < id.length(); i++) {
      char c = id.charAt(i);
      if (!(c >= 'a' && c <= 'z'
          || c >= 'A' && c <= 'Z'
          || c >= '0' && c <= '9'
          || c == '_'
          || c == '.'
          || c == '-')) {
        return false;
      }
    }
    return true;
  }

  /**
   * Parsed columns, with the line of each row; a missing offset is -1 (offsets are checked to be >=
   * 0).
   */
  private static final class Rows {
    final List<String> ids = new ArrayList<>();
    final LongColumn lower = new LongColumn();
    final LongColumn upper = new LongColumn();
    final LongColumn size = new LongColumn();
    final LongColumn offset = new LongColumn();
    final LongColumn lines = new LongColumn();
    boolean withOffset;
  }

  /** A growable column of longs (no boxing: a million rows stay a few arrays). */
  private static final class LongColumn {
    private long[] values = new long[16];
    private int n;

    void add(long v) {
      if (n == values.length) {
        values = Arrays.copyOf(values, 2 * n);
      }
      values[n++] = v;
    }

    long get(int i) {
      if (i >= n) {
        throw new IndexOutOfBoundsException(i);
      }
      return values[i];
    }
  }

  private static Rows parse(String text, String file) {
    Rows rows = new Rows();
    CSVFormat fmt =
        CSVFormat.DEFAULT
            .builder()
            .setIgnoreSurroundingSpaces(true)
            .setIgnoreEmptyLines(true)
            .get();
    try (CSVParser parser =
        CSVParser.builder().setReader(new StringReader(text)).setFormat(fmt).get()) {
      boolean header = true;
      LineCounter lines = new LineCounter(text);
      for (CSVRecord r : parser) {
        int line = lines.lineOf(r.getCharacterPosition());
        if (header) {
          List<String> cols = new ArrayList<>(r.size());
          for (String c : r) {
            cols.add(c.trim().toLowerCase(java.util.Locale.ROOT));
          }
          List<String> minimallocWithOffset = new ArrayList<>(HEADER_MINIMALLOC);
          minimallocWithOffset.add("offset");
          if (cols.equals(HEADER_WITH_OFFSET) || cols.equals(minimallocWithOffset)) {
            rows.withOffset = true;
          } else if (!cols.equals(HEADER) && !cols.equals(HEADER_MINIMALLOC)) {
            throw new InstanceFormatException(
                file,
                "line " + line,
                "the header is "
                    + String.join(",", r.toList())
                    + " but must be exactly id,lower,upper,size (or id,lower,upper,size,offset; MiniMalloc's "
                    + "buffer,start,end,size is read as the same columns); fix the first line");
          }
          header = false;
          continue;
        }
        int expected = rows.withOffset ? 5 : 4;
        if (r.size() != expected) {
          throw new InstanceFormatException(
              file,
              "line " + line,
              "expected "
                  + expected
                  + " values ("
                  + String.join(",", rows.withOffset ? HEADER_WITH_OFFSET : HEADER)
                  + "), found "
                  + r.size()
                  + "; fix the line");
        }
        String id = r.get(0);
        if (id.isEmpty()) {
          throw new InstanceFormatException(
              file, "line " + line, "the id is empty; give every buffer an id");
        }
        long lo = integer(r.get(1), "lower", file, line);
        long up = integer(r.get(2), "upper", file, line);
        long sz = integer(r.get(3), "size", file, line);
        if (lo >= up) {
          throw new InstanceFormatException(
              file,
              "line " + line,
              "lower "
                  + lo
                  + " is not below upper "
                  + up
                  + "; a lifespan [lower, upper) needs lower < upper");
        }
        if (sz < 1) {
          throw new InstanceFormatException(
              file,
              "line " + line,
              "size "
                  + sz
                  + " is below 1; a buffer needs at "
                  + "least one unit (drop empty buffers)");
        }
        Long off = null;
        if (rows.withOffset && !r.get(4).isEmpty()) {
          off = integer(r.get(4), "offset", file, line);
          if (off < 0) {
            throw new InstanceFormatException(
                file, "line " + line, "offset " + off + " is negative; offsets start " + "at 0");
          }
        }
        rows.ids.add(id);
        rows.lower.add(lo);
        rows.upper.add(up);
        rows.size.add(sz);
        rows.offset.add(off == null ? -1 : off);
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
    String msg =
        t.getMessage() == null ? "unreadable" : InstanceFormatException.singleLine(t.getMessage());
    String place = "";
    Matcher m = START_LINE.matcher(msg);
    if (m.find()) {
      place = "line " + m.group(1);
      msg = m.replaceFirst("");
    }
    return new InstanceFormatException(
        file, place, "invalid CSV: " + msg + "; check quotes and commas", e);
  }

  private static long integer(String s, String column, String file, int line) {
    try {
      return Long.parseLong(s);
    } catch (NumberFormatException e) {
      String fix =
          s.matches("-?[0-9]+") ? "it is past 2^63-1; use a smaller number" : "write an integer";
      throw new InstanceFormatException(
          file, "line " + line, column + " \"" + s + "\" is not an integer; " + fix);
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
