package org.commsched.verify.mutation;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.commsched.core.check.CheckReport;
import org.commsched.core.check.Claims;
import org.commsched.core.check.ScheduleChecker;
import org.commsched.core.check.Violation;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.SolveResult;

/**
 * Checker mutation testing for every family and schedule kind
 * (docs/TESTS.md#checker-mutation-testing): a valid result goes to every {@link Mutator} that
 * accepts it, each mutant to the independent checker, and the engine keeps the score per family,
 * schedule kind and fault. A mutant is
 *
 * <ul>
 *   <li><b>caught</b> when the checker rejects it under one of the fault's codes (and, for a false
 *       bound or status, {@link Claims} refutes that claim);
 *   <li><b>equivalent</b> when it is in fact another valid schedule: the checker accepts it and the
 *       second reading of the definitions ({@link Independent}) does too; it is reported, not
 *       counted as injected;
 *   <li><b>missed</b> otherwise: accepted although no second reading vouches for it, rejected under
 *       other codes only, or rejected although the second reading accepts it. Each miss is listed
 *       with the instance's source.
 * </ul>
 *
 * New families plug in by adding a mutator to {@link #standard()}.
 */
public final class MutationEngine {
  /** One line of the score: family, schedule kind, fault. */
  public record Row(String family, String kind, String fault) {}

  /** The counts of one row. */
  public static final class Tally {
    int injected;
    int caught;
    int equivalent;

    public int injected() {
      return injected;
    }

    public int caught() {
      return caught;
    }

    public int equivalent() {
      return equivalent;
    }
  }

  private final List<Mutator> mutators;
  private final Map<String, Tally> tallies = new TreeMap<>();
  private final Map<String, Row> rows = new TreeMap<>();
  private final List<String> missed = new ArrayList<>();

  public MutationEngine(List<Mutator> mutators) {
    this.mutators = List.copyOf(mutators);
  }

  /** Every schedule kind's mutator and the claims mutator. */
  public static MutationEngine standard() {
    return new MutationEngine(
        List.of(
            new DepartureMutator(),
            new SlotMutator(),
            new TraceMutator(),
            new PacketMutator(),
            new LinearCostMutator(),
            new ClaimMutator()));
  }

  /**
   * Mutates one valid result of {@code instance} (named {@code source} in misses) and scores every
   * mutant.
   */
  public void mutate(Instance instance, SolveResult valid, SplittableRandom r, String source) {
    for (Mutator m : mutators) {
      if (!m.accepts(instance, valid)) {
        continue;
      }
      for (Mutant x : m.mutants(instance, valid, r)) {
        Row row = new Row(instance.family().words(), m.kind(), x.fault());
        String key = row.family() + "\u0000" + row.kind() + "\u0000" + row.fault();
        rows.putIfAbsent(key, row);
        Tally t = tallies.computeIfAbsent(key, k -> new Tally());
        score(instance, x, t, source);
      }
    }
  }

  private void score(Instance instance, Mutant x, Tally t, String source) {
    CheckReport report =
        x.inClaims()
            ? ScheduleChecker.checkResult(instance, x.result())
            : ScheduleChecker.check(instance, x.result().schedule());
    Boolean second =
        x.inClaims() ? Boolean.FALSE : Independent.valid(instance, x.result().schedule());
    if (report.valid() && Boolean.TRUE.equals(second)) {
      t.equivalent++;
      return;
    }
    t.injected++;
    boolean coded = false;
    for (Violation v : report.violations()) {
      coded |= x.expected().contains(v.kind());
    }
    boolean claimRefuted = x.refutedClaim() == null;
    if (!claimRefuted && report.makespan() != null) {
      for (Claims.Claim c : Claims.of(instance, x.result(), report.makespan(), report.scale())) {
        claimRefuted |= c.what().equals(x.refutedClaim()) && c.verdict() == Claims.Verdict.REFUTED;
      }
    }
    if (!report.valid() && coded && claimRefuted && !Boolean.TRUE.equals(second)) {
      t.caught++;
    } else {
      missed.add(
          source
              + ": "
              + x.fault()
              + " ("
              + x.what()
              + "), expected one of "
              + x.expected()
              + (x.refutedClaim() == null ? "" : " and the " + x.refutedClaim() + " claim refuted")
              + (Boolean.TRUE.equals(second) ? ", the definitions accept it" : "")
              + "; the checker reports "
              + report.violations());
    }
  }

  /** The misses, one line each. */
  public List<String> missed() {
    return List.copyOf(missed);
  }

  /** Every row and its counts, in the order of family, kind and fault. */
  public Map<Row, Tally> scores() {
    Map<Row, Tally> out = new java.util.LinkedHashMap<>();
    for (Map.Entry<String, Tally> e : tallies.entrySet()) {
      out.put(rows.get(e.getKey()), e.getValue());
    }
    return out;
  }

  /**
   * The score table: one line per family and schedule kind (injected, caught, equivalent, score),
   * then per fault the same counts.
   */
  public String table() {
    Map<String, int[]> perKind = new TreeMap<>();
    StringBuilder faults = new StringBuilder();
    for (Map.Entry<Row, Tally> e : scores().entrySet()) {
      Row row = e.getKey();
      Tally t = e.getValue();
      int[] c = perKind.computeIfAbsent(row.family() + " | " + row.kind(), k -> new int[3]);
      c[0] += t.injected;
      c[1] += t.caught;
      c[2] += t.equivalent;
      faults.append(
          String.format(
              "  %-42s | %-26s | %-24s | %5d | %5d | %3d%n",
              row.family(), row.kind(), row.fault(), t.injected, t.caught, t.equivalent));
    }
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            "%-42s | %-26s | injected | caught | equivalent | score%n", "family", "kind"));
    for (Map.Entry<String, int[]> e : perKind.entrySet()) {
      String[] fk = e.getKey().split(" \\| ");
      int[] c = e.getValue();
      out.append(
          String.format(
              "%-42s | %-26s | %8d | %6d | %10d | %s%n",
              fk[0], fk[1], c[0], c[1], c[2], c[0] == 0 ? "-" : c[1] * 100L / c[0] + " %"));
    }
    out.append("per fault (family | kind | fault | injected | caught | equivalent):\n")
        .append(faults);
    return out.toString();
  }
}
