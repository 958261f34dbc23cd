package org.commsched.verify.oracle;

import java.util.List;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.SolveStatus;
import org.commsched.solver.SolveRunner;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Why an oracle entry's makespan is optimal: the one place {@code commsched oracle} (and {@code
 * commsched worst}) decides it, so that a shared claim-certification API can replace it. Two kinds
 * (docs/models/README.md#claims):
 *
 * <ul>
 *   <li>{@code lower-bound}: a lower bound the checker's bound module proves (with its witness)
 *       meets the makespan;
 *   <li>{@code exact}: no such bound, but every exact method that applies returned a valid OPTIMAL
 *       schedule of that makespan; each method's status and bound are recorded.
 * </ul>
 *
 * Otherwise there is no certificate and no entry.
 *
 * @param kind {@code lower-bound} or {@code exact}
 * @param json the certificate as written to the manifest
 */
public record OracleCertificate(String kind, ObjectNode json) {
  /**
   * The certificate for the best of {@code runs} (all runs of exact methods, same objective), or
   * null.
   *
   * @param best the valid run of least makespan
   * @param runs every exact run, {@code best} among them
   */
  public static OracleCertificate of(SolveRunner.Outcome best, List<SolveRunner.Outcome> runs) {
    long makespan = best.result().makespan();
    var scale = best.result().scale();
    LowerBound lb =
        best.run()
            .boundFor(best.instance(), best.result().schedule()) // the run's, computed already
            .rescale(best.instance().timeScale(), scale);
    ObjectNode c = JsonNodeFactory.instance.objectNode();
    if (lb.value() == makespan) {
      c.put("kind", "lower-bound");
      JsonTime.put(c, "value", lb.value(), scale);
      c.put("bound", lb.kind());
      c.put("witness", lb.witness());
      return new OracleCertificate("lower-bound", c);
    }
    c.put("kind", "exact");
    ArrayNode proofs = c.putArray("proofs");
    for (SolveRunner.Outcome r : runs) {
      boolean proved =
          r.valid()
              && r.result().status() == SolveStatus.OPTIMAL
              && r.result().makespan() != null
              && r.result().makespan() == makespan
              && r.result().scale().equals(scale);
      if (!proved) {
        return null;
      }
      ObjectNode p = proofs.addObject();
      p.put("method", r.result().method());
      p.put("status", r.result().status().name());
      JsonTime.put(p, "makespan", r.result().makespan(), scale);
      JsonTime.put(p, "lowerBound", r.result().lowerBound().value(), scale);
      p.put("boundKind", r.result().lowerBound().kind());
    }
    return runs.isEmpty() ? null : new OracleCertificate("exact", c);
  }
}
