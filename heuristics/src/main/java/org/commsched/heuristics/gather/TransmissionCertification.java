package org.commsched.heuristics.gather;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;

/**
 * Transmission-Certification (TC): distributed gathering on a tree of processors, or on any network through the
 * breadth-first spanning tree of its gather routes, under the bufferless model.
 *
 * <p><b>Source.</b> S. N. Bhatt, G. Pucci, A. Ranade, A. L. Rosenberg, "Scattering and Gathering Messages in
 * Networks of Processors" (IEEE Trans. Computers, 1993), §3.2, Algorithm Transmission-Certification, Theorem 3,
 * Figure 4; multiport discussion in §4. Project spec scatter-gather-bufferless.md §6, §7.2, §13.
 *
 * <p><b>Model.</b> Single port: per step a PE sends at most one flit and receives at most one; flits never wait; a
 * message's flits travel back to back; a PE acts only after a control flit from the root reached it. Every control
 * message is one flit over one link.
 *
 * <p><b>Protocol</b> (single port, as printed, with the corrections below).
 * <ol>
 *   <li>Tokens go down the tree depth first: a PE passes the token to its next child only after the previous
 *       child's certificate came back.</li>
 *   <li>Each PE returns a certificate {@code (c, n)}: its subtree's n flits can reach the parent as one gap-free
 *       stream starting c rows after the PE receives its order. A leaf certifies c = 1. An inner PE of degree d
 *       concatenates its own message (bound {@code d + 1}) and its nonempty children's streams (bound
 *       {@code d + 1 + c_child}, or {@code j + 1 + c_child} for the j-th child in the IMPROVED preset), children in
 *       increasing order of their bounds, and certifies the leftmost start of that concatenation.</li>
 *   <li>The root, holding the last certificate at row {@code t_0}, concatenates its children's streams (bound
 *       {@code d_0 + c}, no relay hop) into the lag {@code C_0} and sends the j-th child the order
 *       {@code s = off_0(j) - j} during step {@code t_0 + j - 1}. A PE receiving order s at row t sends its j-th child
 *       {@code off(j) + (s - c) - j - 1} during step {@code t + j - 1}, its own first flit so that it reaches the
 *       parent at row {@code t + s}, then relays its children's streams, which arrive back to back.</li>
 * </ol>
 * Time semantics (spec §6.2): "order s received at row t" means the PE's stream reaches its parent from row
 * {@code t + s}.
 *
 * <p><b>Guarantee.</b> Exact timing (spec §6.5, derived and checked against Figure 4): with κ = 0 the root holds the
 * last certificate at row {@code t_0 = 2n} and receives the M flits gap-free in rows {@code t_0 + C_0 ..
 * t_0 + C_0 + M - 1}, so the paper's {@code T = t_0 + C_0 + M} and our makespan is {@code T - 1}. Corrected
 * Theorem 3: {@code T <= t_0 + D* + M}, where {@code D*} is the largest, over root-to-leaf paths, of the degrees of
 * the path's inner nodes plus its edges. The printed bound {@code 2B + C + M} is not a literal bound: on the paper's
 * own Figure 4 it gives 18 while the protocol takes 22 (catalogue sg-fig4-gather-path6-tc). The paper's lower bound
 * {@code max(B, M)} holds. The result is FEASIBLE against the offline optimum, which needs no synchronization
 * (docs/DESIGN.md, "Protocol results").
 *
 * <p><b>Presets</b> (spec §6.8): {@code transmission-certification} = RECOMMENDED (GEOMETRIC lag, CONSERVATIVE
 * child bound, SKIP empty subtrees); {@code tc-paper-literal} (the printed closed form, INCLUDE empty subtrees);
 * {@code tc-improved} (EXACT_INDEX child bound, derived); {@code tc-multiport}, the multiport variant derived in
 * spec §7.2 (not in the paper: parallel token broadcast and convergecast, {@code t_0 = 2h}; own bound 1, child bound
 * {@code 2 + c}; orders to all children in one step; the root does not concatenate, so
 * {@code T = t_0 + 1 + max_j (c_j + n_j)} and our makespan is at most {@code 4h + max_j n_j - 1} for tree height h).
 *
 * <p><b>Corrections to the paper</b> (spec §13): A5, the segment bounds are {@code d + 1} and {@code d + 1 + c} (the
 * text's {@code d + c} fits only the root); A6, the printed closed form for c is not the leftmost placement with two
 * or more nonempty children (kept as {@code tc-paper-literal}); A7, child orders are
 * {@code c* + s - c - j - 1}, not {@code c* + s - c}; A8, the root's "transmit after 0 steps" means no extra delay;
 * A9, the two-segment case analysis compares {@code c'_2} with {@code c'_1 + n_1}; A11, Theorem 3 as above; A13,
 * empty subtrees are skipped by default (they still get an order {@code s = c}). IMPROVED orders its segments by
 * their bound {@code j + 1 + c}, not by c alone, since with index-dependent bounds sorting by c is not always the
 * leftmost placement.
 *
 * <p><b>Complexity.</b> O(n log n) time (each node sorts its children once) and O(n) space; the trace has 3n
 * control flits.
 *
 * @implNote Stateless and deterministic; immutable.
 */
public final class TransmissionCertification implements Method {
  private final String name;
  private final TcOptions options;

  /** The default preset, RECOMMENDED, as {@code transmission-certification}. */
  public TransmissionCertification() {
    this("transmission-certification", TcOptions.RECOMMENDED);
  }

  /**
   * A preset under its method name.
   *
   * @param name the method name
   * @param options the protocol's options
   */
  public TransmissionCertification(String name, TcOptions options) {
    if (name == null || name.isEmpty() || options == null) {
      throw new IllegalArgumentException("a TC method needs a name and options");
    }
    this.name = name;
    this.options = options;
  }

  /** The options this method runs with. */
  public TcOptions options() {
    return options;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String summary() {
    if (options.multiport()) {
      return "Transmission-Certification, multiport variant derived in the spec (parallel synchronization, one "
          + "gap-free stream per root link; protocol trace)";
    }
    String preset = options.equals(TcOptions.RECOMMENDED) ? "recommended preset"
        : options.equals(TcOptions.PAPER_LITERAL) ? "the paper's printed closed form, empty subtrees included"
        : options.equals(TcOptions.IMPROVED) ? "exact order-index bounds (derived)" : "custom options";
    return "Transmission-Certification gathering on the breadth-first tree: tokens, certificates, orders, then one "
        + "gap-free stream into the root (" + preset + "; protocol trace)";
  }

  @Override
  public String guarantee() {
    if (options.multiport()) {
      return "derived (spec §7.2, not in the paper): makespan = 2h + max_j (c_j + n_j) <= 4h + max_j n_j - 1 for "
          + "tree height h; FEASIBLE against the offline optimum";
    }
    return "makespan = t_0 + C_0 + M - 1 with t_0 = 2n (exact timing, spec §6.5) <= 2n + D* + M - 1 (corrected "
        + "Theorem 3; the printed 2B + C + M fails on Figure 4); >= max(B, M); FEASIBLE against the offline optimum";
  }

  @Override
  public String citation() {
    return "Bhatt, Pucci, Ranade, Rosenberg, \"Scattering and Gathering Messages in Networks of Processors\", §3.2 "
        + "Algorithm Transmission-Certification, Theorem 3" + (options.multiport() ? ", §4 (multiport variant: spec "
        + "scatter-gather-bufferless.md §7.2)" : " (corrections: spec scatter-gather-bufferless.md §6, §13)");
  }

  @Override
  public boolean exact() {
    return false;
  }

  @Override
  public Set<ProblemKind> problems() {
    return EnumSet.of(ProblemKind.GATHER);
  }

  @Override
  public String scope() {
    return "bufferless, " + (options.multiport() ? "all ports" : "single port") + "; gather on a tree, or any "
        + "network through the breadth-first spanning tree of its routes; links both ways";
  }

  @Override
  public String whyNot(Instance instance) {
    String why = whyNotModel(instance);
    return why != null ? why : GatherTree.unsuitable(GatherTree.of(instance));
  }

  private String whyNotModel(Instance instance) {
    if (instance.kind() != ProblemKind.GATHER) {
      return name + " is a gathering protocol; it does not schedule " + instance.kind().wireName();
    }
    if (!(instance.model() instanceof CommModel.Bufferless b)) {
      return name + " is defined for the bufferless model; for store-and-forward use greedy-saf";
    }
    boolean single = b.ports() == CommModel.BufferlessPorts.SINGLE;
    if (options.multiport() && single) {
      return name + " is the multiport variant; under single port use transmission-certification";
    }
    if (!options.multiport() && !single) {
      return name + " is the single-port protocol; under all ports use tc-multiport";
    }
    return null;
  }

  /** The protocol's tree, or an exception saying why the method does not apply. */
  private GatherTree applicableTree(Instance instance) {
    String why = whyNotModel(instance);
    GatherTree tree = why == null ? GatherTree.of(instance) : null;
    why = why != null ? why : GatherTree.unsuitable(tree);
    if (why != null) {
      throw new IllegalArgumentException(why);
    }
    return tree;
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    GatherTree tree = applicableTree(instance);
    TcRun run = new TcRun(tree, options);
    Schedule.Departures schedule = run.schedule(instance);
    SolveResult r = new SolveResult(name, SolveStatus.FEASIBLE, schedule, run.makespan(),
        tree.offlineBound(options.multiport()), Map.of())
        .withStat("paperT", tree.total == 0 ? 0 : run.makespan() + 1)
        .withStat("t0", run.t0())
        .withStat("M", run.total())
        .withStat("controlFlits", (long) schedule.control().size());
    if (options.multiport()) {
      return r.withStat("height", (long) run.height());
    }
    return r.withStat("C0", run.rootLag())
        .withStat("correctedTheorem3", tree.total == 0 ? 0 : run.t0() + run.dStar() + run.total() - 1)
        .withStat("syncStatus", run.makespan() == tree.syncBound() ? "OPTIMAL" : "FEASIBLE")
        .withStat("syncBound", tree.syncBound())
        .withStat("syncBoundKind", "LB-SYNC");
  }

  /** Runs the protocol on an instance this method applies to, for inspection (tests, figures, benchmarks). */
  public TcRun run(Instance instance) {
    return new TcRun(applicableTree(instance), options);
  }
}
