package org.commsched.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.commsched.verify.sweep.SweepRow;

/**
 * The rows of a sweep as one Parquet file ({@code results.parquet},
 * docs/FORMATS.md#ratio-studies-and-oracles), the columnar form the data tools of the field read
 * (pandas, Polars, DuckDB, Spark itself). The driver writes it from the rows it holds, with the
 * Parquet library every Spark distribution ships: no Spark job and no SQL session (whose classes
 * would take seconds to load), and nothing is written by an executor. Exact figures stay exact:
 * {@code makespan} and {@code runLowerBound} are the journal's decimal texts; the timings are
 * doubles. Written to a temporary file and moved into place, so a reader never sees half a file.
 */
final class ParquetRows {
  /** The file's name in the sweep's output directory. */
  static final String FILE = "results.parquet";

  /**
   * One row per (instance, method), the journal's fields with the parameters as columns of their
   * own.
   */
  static final MessageType SCHEMA =
      MessageTypeParser.parseMessageType(
          """
      message row {
        required binary instance (STRING);
        optional binary problem (STRING);
        optional binary family (STRING);
        optional int32 size;
        optional int32 messages;
        optional binary lengths (STRING);
        optional binary model (STRING);
        optional int64 seed;
        required binary method (STRING);
        required binary objective (STRING);
        required binary status (STRING);
        optional binary makespan (STRING);
        optional binary runLowerBound (STRING);
        required double seconds;
        required boolean valid;
        required binary error (STRING);
        optional double runSeconds;
      }
      """);

  private ParquetRows() {}

  /** Writes the rows to {@code file} (replacing it), in the order given. */
  static void write(Path file, List<SweepRow> rows) {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
    try {
      try (ParquetWriter<Group> w =
          ExampleParquetWriter.builder(new LocalOutputFile(tmp))
              .withType(SCHEMA)
              .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
              .withCompressionCodec(CompressionCodecName.UNCOMPRESSED)
              .build()) {
        for (SweepRow r : rows) {
          w.write(group(groups, r));
        }
      }
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
    }
  }

  private static Group group(SimpleGroupFactory groups, SweepRow r) {
    Group g = groups.newGroup();
    g.add("instance", r.instance());
    Map<String, String> p = r.parameters();
    text(g, "problem", p.get("problem"));
    text(g, "family", p.get("family"));
    whole(g, "size", p.get("size"), false);
    whole(g, "messages", p.get("messages"), false);
    text(g, "lengths", p.get("lengths"));
    text(g, "model", p.get("model"));
    whole(g, "seed", p.get("seed"), true);
    g.add("method", r.method());
    g.add("objective", r.objective());
    g.add("status", r.status());
    if (r.makespan() != null) {
      g.add("makespan", r.makespan().toPlainString());
    }
    if (r.runLowerBound() != null) {
      g.add("runLowerBound", r.runLowerBound().toPlainString());
    }
    g.add("seconds", r.seconds().doubleValue());
    g.add("valid", r.valid());
    g.add("error", r.error());
    if (r.runSeconds() != null) {
      g.add("runSeconds", r.runSeconds().doubleValue());
    }
    return g;
  }

  /** A parameter's text, null (absent) when the row has none or it is empty. */
  private static void text(Group g, String field, String v) {
    if (v != null && !v.isEmpty()) {
      g.add(field, v);
    }
  }

  /** A whole-number parameter, null (absent) when the row has none, it is empty or not a number. */
  private static void whole(Group g, String field, String v, boolean wide) {
    if (v == null || v.isEmpty()) {
      return;
    }
    try {
      if (wide) {
        g.add(field, Long.parseLong(v.trim()));
      } else {
        g.add(field, Integer.parseInt(v.trim()));
      }
    } catch (NumberFormatException e) {
      // a parameter that is not a number (a hand-edited journal): left out rather than guessed
    }
  }
}
