package org.commsched.verify.oracle;

import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.instances.io.InstanceWriter;
import org.commsched.instances.io.ScheduleWriter;
import org.commsched.solver.MethodRegistry;
import org.commsched.solver.SolveRunner;
import org.commsched.verify.sweep.SweepTask;
import org.commsched.verify.sweep.SweepWork;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * One seed of {@code commsched oracle} as a unit of a sweep: the seeded instance (made again from
 * its generator spec wherever the task runs), every applicable exact method on it, and the entry
 * they certify ({@link OracleCertificate}), as texts the driver writes: the instance file, the
 * schedule file and the manifest row. The driver decides which entries it keeps ({@code --count},
 * {@code --strict-only}) and writes every file.
 *
 * @param source the seed's instance
 * @param command the {@code commsched oracle ...} line that makes this seed alone (the manifest's
 *     {@code source})
 * @param timeLimit the time limit of each exact run
 * @param workers the solver's workers per run
 */
public record OracleSeed(
    SweepTask.Generated source, String command, Duration timeLimit, int workers)
    implements SweepWork<OracleSeed.Entry> {
  private static final long serialVersionUID = 1L;

  /** The mapper of the texts a seed gives (the driver parses them back: no layout to keep). */
  private static final JsonMapper LINES = JsonMapper.builder().build();

  /**
   * What a seed gave.
   *
   * @param seed the seed
   * @param error why its instance could not be made (bad generator options), else null
   * @param instance the instance file's text (null without a certified optimum)
   * @param schedule the optimal schedule file's text (null without a certified optimum)
   * @param row the manifest row's JSON text without {@code file} and {@code schedule} (null without
   *     a certified optimum)
   * @param strict whether {@code check --strict} certifies the entry by itself
   */
  public record Entry(
      long seed, String error, String instance, String schedule, String row, boolean strict)
      implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Whether the seed gave an entry (a certified optimum). */
    public boolean certified() {
      return row != null;
    }
  }

  @Override
  public int workers() {
    return workers;
  }

  @Override
  public OracleSeed withWorkers(int cores) {
    return new OracleSeed(source, command, timeLimit, cores);
  }

  @Override
  public void run(Consumer<? super Entry> sink) {
    long seed = source.seed();
    Instance inst;
    try {
      inst = source.instance();
    } catch (IllegalArgumentException e) {
      sink.accept(new Entry(seed, String.valueOf(e.getMessage()), null, null, null, false));
      return;
    }
    boolean virtual = inst.kind() == ProblemKind.DSA;
    SolveLimits limits = new SolveLimits(timeLimit, workers, 0);
    List<SolveRunner.Outcome> runs = new ArrayList<>();
    SolveRunner.Outcome best = null;
    for (Method x : Registry.STANDARD.applicable(inst)) {
      if (!x.exact()) {
        continue;
      }
      SolveRunner.Outcome r = SolveRunner.run(x, inst, limits);
      if (r.result().hasSchedule() && r.result().schedule().virtual() != virtual) {
        continue; // the other objective (virtual span vs real makespan)
      }
      runs.add(r);
      if (r.valid() && (best == null || r.result().makespan() < best.result().makespan())) {
        best = r;
      }
    }
    OracleCertificate cert = best == null ? null : OracleCertificate.of(best, runs);
    if (cert == null) {
      sink.accept(new Entry(seed, null, null, null, null, false));
      return;
    }
    boolean strict = cert.kind().equals("lower-bound"); // check --strict recomputes that bound
    ObjectNode row = LINES.createObjectNode();
    row.put("problem", inst.kind().wireName());
    row.put("model", modelWords(inst));
    JsonTime.put(row, "optimum", best.result().makespan(), best.result().scale());
    row.put("optimumKind", "exact");
    row.set("certificate", cert.json());
    row.put("strictCertifies", strict);
    row.put("source", command);
    row.put(
        "notes",
        "optimum certified by "
            + (strict
                ? "the lower bound " + cert.json().get("bound").asString() + " meeting the makespan"
                : "every applicable exact method's OPTIMAL status")
            + "; schedule from "
            + best.result().method());
    sink.accept(
        new Entry(
            seed,
            null,
            InstanceWriter.toJson(inst),
            ScheduleWriter.toJson(best.result(), best.instance()),
            LINES.writeValueAsString(row),
            strict));
  }

  /** The model as the catalogue writes it: {@code bufferless ports=all}. */
  public static String modelWords(Instance inst) {
    JsonNode doc = LINES.readTree(InstanceWriter.toJson(inst)).get("model");
    StringBuilder sb = new StringBuilder(doc.path("kind").asString());
    for (Map.Entry<String, JsonNode> e : doc.properties()) {
      if (!e.getKey().equals("kind")) {
        sb.append(' ').append(e.getKey()).append('=').append(e.getValue().asString());
      }
    }
    return sb.toString();
  }

  /** The standard registry, made once per JVM on first use (it is immutable). */
  private static final class Registry {
    static final MethodRegistry STANDARD = MethodRegistry.standard();
  }
}
