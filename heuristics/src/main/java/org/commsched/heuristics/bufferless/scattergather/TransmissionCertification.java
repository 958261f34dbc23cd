package org.commsched.heuristics.bufferless.scattergather;

import java.util.List;
import java.util.Map;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.MethodOption;
import org.commsched.core.solve.Ratios;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveStatus;

/**
 * Transmission-Certification (TC): distributed gathering on a tree of processors, or on any network
 * through the spanning tree its gather routes form (the default routes' breadth-first tree, or the
 * tree chosen with {@code commsched solve --spanning-tree}; see {@link GatherTree}), under the
 * bufferless model.
 *
 * <p><b>Source.</b> S. N. Bhatt, G. Pucci, A. Ranade, A. L. Rosenberg, "Scattering and Gathering
 * Messages in Networks of Processors" (IEEE Trans. Computers, 1993), §3.2, Algorithm
 * Transmission-Certification, Theorem 3, Figure 4; multiport discussion in §4. Project
 * docs/models/bufferless-scatter-gather.md#transmission-certification, #tc-multiport, #corrections.
 *
 * <p><b>Model.</b> Single port: per step a PE sends at most one flit and receives at most one;
 * flits never wait; a message's flits travel back to back; a PE acts only after a control flit from
 * the root reached it. Every control message is one flit over one link.
 *
 * <p><b>Protocol</b> (single port, as printed, with the corrections below).
 *
 * <ol>
 *   <li>Tokens go down the tree depth first: a PE passes the token to its next child only after the
 *       previous child's certificate came back.
 *   <li>Each PE returns a certificate {@code (c, n)}: its subtree's n flits can reach the parent as
 *       one gap-free stream starting c rows after the PE receives its order. A leaf certifies c =
 *       1. An inner PE of degree d concatenates its own message (bound {@code d + 1}) and its
 *       nonempty children's streams (bound {@code d + 1 + c_child}, or {@code j + 1 + c_child} for
 *       the j-th child in the IMPROVED preset), children in increasing order of their bounds, and
 *       certifies the leftmost start of that concatenation.
 *   <li>The root, holding the last certificate at row {@code t_0}, concatenates its children's
 *       streams (bound {@code d_0 + c}, no relay hop) into the lag {@code C_0} and sends the j-th
 *       child the order {@code s = off_0(j) - j} during step {@code t_0 + j - 1}. A PE receiving
 *       order s at row t sends its j-th child {@code off(j) + (s - c) - j - 1} during step {@code t
 *       + j - 1}, its own first flit so that it reaches the parent at row {@code t + s}, then
 *       relays its children's streams, which arrive back to back.
 * </ol>
 *
 * Time semantics (docs/models/bufferless-scatter-gather.md#transmission-certification): "order s
 * received at row t" means the PE's stream reaches its parent from row {@code t + s}.
 *
 * <p><b>Guarantee.</b> Exact timing
 * (docs/models/bufferless-scatter-gather.md#transmission-certification, derived and checked against
 * Figure 4): with κ = 0 the root holds the last certificate at row {@code t_0 = 2n} and receives
 * the M flits gap-free in rows {@code t_0 + C_0 .. t_0 + C_0 + M - 1}, so the paper's {@code T =
 * t_0 + C_0 + M} and our makespan is {@code T - 1}. Corrected Theorem 3: {@code T <= t_0 + D* + M},
 * where {@code D*} is the largest, over root-to-leaf paths, of the degrees of the path's inner
 * nodes plus its edges. The printed bound {@code 2B + C + M} is not a literal bound: on the paper's
 * own Figure 4 it gives 18 while the protocol takes 22 (catalogue sg-fig4-gather-path6-tc). The
 * paper's lower bound {@code max(B, M)} holds. The result is FEASIBLE against the offline optimum,
 * which needs no synchronization (docs/DESIGN.md, "Protocol results").
 *
 * <p><b>Presets</b> (docs/models/bufferless-scatter-gather.md#transmission-certification): {@code
 * transmission-certification} = RECOMMENDED (GEOMETRIC lag, CONSERVATIVE child bound, SKIP empty
 * subtrees); {@code tc-paper-literal} (the printed closed form, INCLUDE empty subtrees); {@code
 * tc-improved} (EXACT_INDEX child bound, derived); {@code tc-multiport}, the multiport variant
 * derived in docs/models/bufferless-scatter-gather.md#tc-multiport (not in the paper: parallel
 * token broadcast and convergecast, {@code t_0 = 2h}; own bound 1, child bound {@code 2 + c};
 * orders to all children in one step; the root does not concatenate, so {@code T = t_0 + 1 + max_j
 * (c_j + n_j)} and our makespan is at most {@code 4h + max_j n_j - 1} for tree height h).
 *
 * <p><b>Option.</b> {@code kappa=a} ({@code commsched solve --option kappa=a}, integer a in
 * 0..10^9): every internal node of d children computes for {@code a d ceil(log2 d)} steps before it
 * certifies (the paper's {@code d log d} sorting cost,
 * docs/models/bufferless-scatter-gather.md#transmission-certification-corrections), so {@code t_0 =
 * 2n + sum over internal v of kappa(d_v)}; default 0, which reproduces Figure 4.
 *
 * <p><b>Statistics.</b> {@code paperT}, {@code t0}, {@code C0}, {@code M}, {@code
 * correctedTheorem3}, LB-SYNC as {@code syncBound}, the whole tree's single-port broadcast time
 * {@code Bopt}, and the ratios of docs/models/bufferless-scatter-gather.md#ratios in the paper's
 * units (as fdf's {@code ratioPaperT}: four decimals, half up): {@code ratioLbSync = T / LB-SYNC},
 * {@code ratioLbOff = T / LB-OFF} and {@code ratioMaxBoptM = T / max(B_opt, M)} (Figure 4: 22/12,
 * 22/9, 22/8); under multiport {@code ratioLbMp = T / LB-MP}. {@code routes} and {@code
 * spanningTree} say which tree ran.
 *
 * <p><b>Corrections to the paper</b> (docs/models/bufferless-scatter-gather.md#corrections): A5,
 * the segment bounds are {@code d + 1} and {@code d + 1 + c} (the text's {@code d + c} fits only
 * the root); A6, the printed closed form for c is not the leftmost placement with two or more
 * nonempty children (kept as {@code tc-paper-literal}); A7, child orders are {@code c* + s - c - j
 * - 1}, not {@code c* + s - c}; A8, the root's "transmit after 0 steps" means no extra delay; A9,
 * the two-segment case analysis compares {@code c'_2} with {@code c'_1 + n_1}; A11, Theorem 3 as
 * above; A13, empty subtrees are skipped by default (they still get an order {@code s = c}).
 * IMPROVED orders its segments by their bound {@code j + 1 + c}, not by c alone, since with
 * index-dependent bounds sorting by c is not always the leftmost placement.
 *
 * <p><b>Complexity.</b> O(n log n) time (each node sorts its children once) and O(n) space; the
 * trace has 3n control flits.
 *
 * @implNote Stateless and deterministic; immutable.
 */
public final class TransmissionCertification implements Method {
  /** The largest {@code kappa} accepted (larger factors overflow the step counts of big trees). */
  static final long MAX_OPTION = 1_000_000_000L;

  /**
   * The option {@code kappa}: the computation cost factor a, an integer in 0..{@value #MAX_OPTION};
   * an internal node of d children computes for {@code a d ceil(log2 d)} steps before it certifies
   * (docs/models/bufferless-scatter-gather.md#transmission-certification,
   * #transmission-certification-corrections; {@link TcOptions#kappa}). Not given: the preset's (0,
   * which reproduces Figure 4).
   */
  public static final MethodOption<Long> KAPPA =
      MethodOption.count(
          "kappa",
          MAX_OPTION,
          "the factor a of the "
              + "computation cost a d ceil(log2 d) steps per internal node of d children, e.g. kappa=1 (0, the default, "
              + "reproduces Figure 4)");

  private final MethodFacts facts;
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
    this.options = options;
    this.facts = facts(name, options);
  }

  /** The options this method runs with. */
  public TcOptions options() {
    return options;
  }

  /**
   * The facts of this preset: its name, and words that depend on its options (the multiport
   * variant, the preset's bounds) and on nothing else.
   */
  @Override
  public MethodFacts facts() {
    return facts;
  }

  private static MethodFacts facts(String name, TcOptions options) {
    String summary;
    String guarantee;
    if (options.multiport()) {
      summary =
          "Transmission-Certification, multiport variant derived by the project (parallel synchronization, one "
              + "gap-free stream per root link; protocol trace)";
      guarantee =
          "derived (docs/models/bufferless-scatter-gather.md#tc-multiport, not in the paper): makespan = 2h + "
              + "max_j (c_j + n_j) <= 4h + max_j n_j - 1 for "
              + "tree height h (kappa = 0); FEASIBLE against the offline optimum";
    } else {
      String preset =
          options.equals(TcOptions.RECOMMENDED)
              ? "recommended preset"
              : options.equals(TcOptions.PAPER_LITERAL)
                  ? "the paper's printed closed form, empty subtrees included"
                  : options.equals(TcOptions.IMPROVED)
                      ? "exact order-index bounds (derived)"
                      : "custom options";
      summary =
          "Transmission-Certification gathering on the routes' spanning tree: tokens, certificates, orders, "
              + "then one gap-free stream into the root ("
              + preset
              + "; protocol trace)";
      guarantee =
          "makespan = t_0 + C_0 + M - 1 with t_0 = 2n (+ sum of kappa(d) with --option kappa; exact timing, "
              + "docs/models/bufferless-scatter-gather.md#transmission-certification) <= t_0 + D* + M - 1 (corrected "
              + "Theorem 3; the printed 2B + C + M fails on Figure 4); >= max(B, M); "
              + "FEASIBLE against the offline optimum";
    }
    String citation =
        "Bhatt, Pucci, Ranade, Rosenberg, \"Scattering and Gathering Messages in Networks of "
            + "Processors\", §3.2 Algorithm Transmission-Certification, Theorem 3"
            + (options.multiport()
                ? ", §4 (multiport variant: docs/models/bufferless-scatter-gather.md#tc-multiport)"
                : " (corrections: docs/models/bufferless-scatter-gather.md#transmission-certification, #corrections)");
    Scope scope =
        Scope.of(ProblemKind.GATHER)
            .in(Family.BUFFERLESS_SCATTER_GATHER)
            .bufferlessPorts(
                options.multiport()
                    ? CommModel.BufferlessPorts.ALL
                    : CommModel.BufferlessPorts.SINGLE)
            .otherPorts(options.multiport() ? "transmission-certification" : "tc-multiport")
            .on(GatherTree.ONE_TREE);
    return new MethodFacts(name, summary, guarantee, citation, scope, false);
  }

  /** The protocol's tree, or an exception saying why the method does not apply. */
  private GatherTree applicableTree(Instance instance) {
    requireApplies(instance);
    return GatherTree.of(instance);
  }

  @Override
  public List<MethodOption<?>> methodOptions() {
    return List.of(KAPPA);
  }

  /**
   * The options of a run: this method's preset, with the computation cost of the {@code kappa}
   * option if set.
   */
  private TcOptions options(SolveLimits limits) {
    return limits.options().has(KAPPA.key())
        ? options.withKappa(limits.options().get(KAPPA))
        : options;
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    GatherTree tree = applicableTree(instance);
    TcOptions o = options(limits);
    TcRun run = new TcRun(tree, o);
    Schedule.Departures schedule = run.schedule(instance);
    boolean mp = o.multiport();
    LowerBound offline = tree.offlineBound(mp);
    boolean data = tree.total > 0;
    long paperT = data ? run.makespan() + 1 : 0;
    SolveResult r =
        new SolveResult(
                name(),
                SolveStatus.FEASIBLE,
                schedule,
                run.makespan(),
                offline,
                schedule.scale(),
                Map.of())
            .withStat("paperT", paperT)
            .withStat("t0", run.t0())
            .withStat("M", run.total())
            .withStat("controlFlits", (long) schedule.control().size());
    if (o.kappa() > 0) {
      r = r.withStat("kappa", o.kappa());
    }
    r = GatherTree.withRouteStats(r, tree, limits);
    if (mp) {
      return r.withStat("height", (long) run.height())
          .withStat("ratioLbMp", Ratios.of(paperT, data ? offline.value() + 1 : 0));
    }
    long sync = tree.syncBound();
    long bOpt = tree.broadcastRows();
    return r.withStat("C0", run.rootLag())
        .withStat("correctedTheorem3", data ? run.t0() + run.dStar() + run.total() - 1 : 0)
        .withStat("syncStatus", run.makespan() == sync ? "OPTIMAL" : "FEASIBLE")
        .withStat("syncBound", sync)
        .withStat("syncBoundKind", "LB-SYNC")
        .withStat("Bopt", bOpt)
        .withStat("ratioLbSync", Ratios.of(paperT, data ? sync + 1 : 0))
        .withStat("ratioLbOff", Ratios.of(paperT, data ? offline.value() + 1 : 0))
        .withStat("ratioMaxBoptM", Ratios.of(paperT, data ? Math.max(bOpt, tree.total) : 0));
  }

  /**
   * Runs the protocol on an instance this method applies to, for inspection (tests, figures,
   * benchmarks).
   */
  public TcRun run(Instance instance) {
    return new TcRun(applicableTree(instance), options);
  }
}
