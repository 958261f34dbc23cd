package org.commsched.cli;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * A ratio study written as a file ({@code commsched ratios --study study.json},
 * docs/FORMATS.md#study-files): what to run (a directory of instances or a generated sweep), which
 * methods, the time limit and the jobs, so that a study can be kept beside its paper and run again.
 * The keys mirror the command-line options one for one, so a study file and a command line run the
 * same rows; the schema is {@code schemas/study.schema.json}, and this reader checks the same rules
 * itself to name the place of a mistake (a JSON pointer) and its fix in one line.
 *
 * @param instances the directory of instance files (relative paths are read against the study
 *     file's folder), or null for a sweep
 * @param sweep the sweep in {@code --generate}'s text form, or null for a directory
 * @param methods the methods, or null for every applicable one
 * @param timeLimit the time limit per run in seconds, or null for the command's default
 * @param jobs the runs at once, or null for all cores
 * @param compare the methods that form the common set ({@code --compare}), or null for every
 *     compared method
 */
record StudyFile(
    Path instances,
    String sweep,
    List<String> methods,
    BigDecimal timeLimit,
    Integer jobs,
    List<String> compare) {
  /** The keys of a sweep object, in {@code --generate}'s order. */
  static final List<String> SWEEP_KEYS =
      List.of("problem", "family", "sizes", "messages", "lengths", "model", "seeds");

  private static final Set<String> KEYS =
      Set.of(
          "$schema",
          "instances",
          "sweep",
          "methods",
          "timeLimit",
          "jobs",
          "description",
          "compare");

  /**
   * Reads and checks a study file.
   *
   * @throws BadInputException one line naming the file, the JSON pointer and the fix
   */
  static StudyFile read(Path file) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException | RuntimeException ex) {
      throw bad(
          file,
          "",
          "cannot be read ("
              + ex.getClass().getSimpleName()
              + ")"
              + "; give a readable study file");
    }
    JsonNode root;
    try {
      root = RatioRow.LINES.readTree(text);
    } catch (JacksonException ex) {
      throw bad(
          file,
          "",
          "is not JSON at line "
              + ex.getLocation().getLineNr()
              + ", column "
              + ex.getLocation().getColumnNr()
              + "; write one JSON object, e.g. {\"sweep\": \"problem=chatting "
              + "family=ula sizes=8,16 seeds=1..5\", \"methods\": [\"greedy\"]}");
    }
    if (root == null || !root.isObject()) {
      throw bad(
          file,
          "",
          "is not a JSON object; write e.g. {\"instances\": \"catalogue\", \"methods\": [\"greedy\"]}");
    }
    for (Map.Entry<String, JsonNode> e : root.properties()) {
      if (!KEYS.contains(e.getKey())) {
        throw bad(
            file,
            "/" + pointer(e.getKey()),
            "unknown key; use instances or sweep, methods, compare, timeLimit, "
                + "jobs, description");
      }
    }
    boolean hasDir = root.has("instances");
    boolean hasSweep = root.has("sweep");
    if (hasDir == hasSweep) {
      throw bad(
          file,
          "",
          (hasDir
                  ? "has both \"instances\" and \"sweep\""
                  : "has neither \"instances\" nor \"sweep\"")
              + "; give exactly one of \"instances\" (a directory) or \"sweep\"");
    }
    Path dir = null;
    String sweep = null;
    if (hasDir) {
      JsonNode d = root.get("instances");
      if (!d.isString() || d.asString().isBlank()) {
        throw bad(
            file,
            "/instances",
            "not a directory name; give the directory of instance files as a string");
      }
      Path p = Path.of(d.asString());
      Path base = file.toAbsolutePath().getParent();
      dir = p.isAbsolute() || base == null ? p : base.resolve(p).normalize();
    } else {
      sweep = sweep(file, root.get("sweep"));
    }
    List<String> methods = names(file, root, "methods");
    List<String> compare = names(file, root, "compare");
    BigDecimal limit = null;
    if (root.has("timeLimit")) {
      JsonNode t = root.get("timeLimit");
      if (!t.isNumber() || t.decimalValue().signum() <= 0) {
        throw bad(file, "/timeLimit", "not a positive number of seconds; write e.g. 5 or 0.5");
      }
      limit = t.decimalValue();
    }
    Integer jobs = null;
    if (root.has("jobs")) {
      JsonNode j = root.get("jobs");
      if (!j.isIntegralNumber() || !j.canConvertToInt() || j.intValue() < 1) {
        throw bad(file, "/jobs", "not a whole number of at least 1; write e.g. 2");
      }
      jobs = j.intValue();
    }
    if (root.has("description") && !root.get("description").isString()) {
      throw bad(
          file, "/description", "not a string; write a sentence saying what the study is for");
    }
    return new StudyFile(dir, sweep, methods, limit, jobs, compare);
  }

  /**
   * A list of method names under {@code key} ("methods", "compare"), or null when the key is
   * absent.
   */
  private static List<String> names(Path file, JsonNode root, String key) {
    if (!root.has(key)) {
      return null;
    }
    JsonNode m = root.get(key);
    if (!m.isArray() || m.isEmpty()) {
      throw bad(
          file,
          "/" + key,
          "not a list of method names; write e.g. [\"greedy\", \"cpsat\"] (see: commsched "
              + "methods)");
    }
    List<String> out = new ArrayList<>();
    for (int i = 0; i < m.size(); i++) {
      if (!m.get(i).isString() || m.get(i).asString().isBlank()) {
        throw bad(
            file,
            "/" + key + "/" + i,
            "not a method name; write a name such as \"greedy\" (see: commsched " + "methods)");
      }
      out.add(m.get(i).asString().trim());
    }
    return out;
  }

  /**
   * The sweep in {@code --generate}'s text: as written when a string, else the object's keys in
   * their order.
   */
  private static String sweep(Path file, JsonNode s) {
    if (s.isString()) {
      return s.asString();
    }
    if (!s.isObject()) {
      throw bad(
          file,
          "/sweep",
          "not a sweep; write an object such as {\"problem\": \"chatting\", \"family\": "
              + "\"ula\", \"sizes\": [8, 16], \"seeds\": \"1..5\"} or --generate's text");
    }
    StringBuilder sb = new StringBuilder();
    for (Map.Entry<String, JsonNode> e : s.properties()) {
      String at = "/sweep/" + pointer(e.getKey());
      if (!SWEEP_KEYS.contains(e.getKey())) {
        throw bad(file, at, "unknown key; use " + String.join(", ", SWEEP_KEYS));
      }
      String value;
      JsonNode v = e.getValue();
      if (v.isArray()) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < v.size(); i++) {
          if (!v.get(i).isIntegralNumber()) {
            throw bad(
                file,
                at + "/" + i,
                "not a whole number; write a list of whole numbers such as [8, 16, 32]");
          }
          parts.add(v.get(i).asString());
        }
        if (parts.isEmpty()) {
          throw bad(file, at, "an empty list; give at least one value");
        }
        value = String.join(",", parts);
      } else if (v.isString() || v.isIntegralNumber()) {
        value = v.asString();
      } else {
        throw bad(
            file,
            at,
            "neither a string, a whole number nor a list of whole numbers; write e.g. \"1..20\"");
      }
      if (value.isBlank() || value.chars().anyMatch(Character::isWhitespace)) {
        throw bad(
            file,
            at,
            "empty or with spaces; write the value without spaces, e.g. \"uniform:1..8\"");
      }
      sb.append(sb.length() == 0 ? "" : " ").append(e.getKey()).append('=').append(value);
    }
    return sb.toString();
  }

  private static String pointer(String key) {
    return key.replace("~", "~0").replace("/", "~1");
  }

  private static BadInputException bad(Path file, String pointer, String what) {
    return new BadInputException(
        "commsched ratios: " + file + (pointer.isEmpty() ? "" : " at " + pointer) + ": " + what);
  }
}
