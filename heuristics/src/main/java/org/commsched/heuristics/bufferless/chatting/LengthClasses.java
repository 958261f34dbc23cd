package org.commsched.heuristics.bufferless.chatting;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;

/**
 * A3 of docs/models/bufferless-chatting.md#length-classes: virtual chatting with arbitrary lengths
 * by decomposition into length classes, each solved by a unit-length procedure ({@link
 * UnitProcedure}), then VO.
 *
 * <p>Model: bufferless, all ports, a forward-leveled network for which a unit-length procedure is
 * plugged in ({@link UnitProcedures#all()}: A1 on a ula, A4's north-east scan on an esm); a bla
 * runs as two ulas at once ({@link BidirectionalSplit}).
 *
 * <p>Algorithm (Theorem 5.2's construction): with {@code K = ceil(log2 L)}, class {@code i = 0..K}
 * holds the messages of length in {@code (2^(i-1), 2^i]} (class 0: length 1). For each non-empty
 * class in increasing {@code i}, the procedure schedules the unit-length copies of its messages
 * (slots {@code u >= 0}, {@code S_i,1} of them); Theorem 5.1(a) stretches that by {@code 2^i}:
 * message M gets {@code sigma = offset + 2^i u(M)} and uses the first {@code l(M)} of its {@code
 * 2^i} slots; then {@code offset += 2^i S_i,1}. The real schedule is the VO transform (Theorem 3.2)
 * with the actual virtual duration; levels as in {@link FlLevels} (a ula: the source id).
 *
 * <p>Guarantee: {@code S <= sum_i 2^i S_i,1 <= 2 alpha (ceil(log2 L) + 1) S_opt} for an {@code
 * alpha}-approximate unit procedure (Theorem 5.2, eq. 5.1); with A1 on a ula ({@code S_i,1 =
 * C(M_i,1)}) this is {@code S <= 2 (ceil(log2 L) + 1) C} (§5.2). After VO, {@code T <= S + Q - 1}.
 * Logarithms are base 2 (docs/models/bufferless-chatting.md#log-bases-and-strict-bounds). The paper
 * expects the {@code log L} factor to show in general and notes that A2 ({@code kierstead}) usually
 * does better on a ula.
 *
 * <p>Complexity: the unit procedure's on each class, plus O(m) (A1: O(m log m) in all).
 *
 * <p>Source: Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, "On Bufferless Routing of Variable
 * Length Messages in Leveled Networks", §5.1 (Theorems 5.1, 5.2) and §5.2.
 *
 * @implNote Immutable; stateless apart from the list of unit procedures.
 */
public final class LengthClasses implements Method {
  private final List<UnitProcedure> procedures;
  private final MethodFacts facts;

  /** With every unit procedure of {@link UnitProcedures#all()}. */
  public LengthClasses() {
    this(UnitProcedures.all());
  }

  /**
   * With the given unit procedures, tried in order.
   *
   * @throws IllegalArgumentException if the list is empty
   */
  public LengthClasses(List<UnitProcedure> procedures) {
    if (procedures == null || procedures.isEmpty()) {
      throw new IllegalArgumentException(
          "length-classes needs at least one unit-length procedure, e.g. "
              + "UnitProcedures.all()");
    }
    this.procedures = List.copyOf(procedures);
    this.facts =
        new MethodFacts(
            "length-classes",
            "chatting, any lengths: length classes (2^(i-1), 2^i] scheduled one after another, each as unit-length "
                + "copies by a unit procedure (A1 on a ula, A4 on an esm) stretched by 2^i; real schedule through VO",
            "virtual S <= sum_i 2^i S_i,1 <= 2 alpha (ceil(log2 L) + 1) S_opt; on a ula with A1 (alpha = 1): "
                + "S <= 2 (ceil(log2 L) + 1) C; on an esm with A4's north-east scan (S_1 <= 2C - 1, Cor 5.1): S <= "
                + "2 (2C - 1)(ceil(log2 L) + 1); real T <= S + Q - 1; on a bla the same per direction (T = the larger of "
                + "the two)",
            "Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, \"On Bufferless Routing of Variable Length Messages "
                + "in Leveled Networks\", Theorems 5.1(a) and 5.2, §5.2 (with Theorem 3.2); unit procedures: "
                + this.procedures.stream()
                    .map(p -> p.name() + " on " + p.scope() + ", " + p.citation())
                    .collect(Collectors.joining("; ")),
            Transforms.VIRTUAL_THEN_VO.on(
                new Scope.NetworkTest(
                    "a network with a unit-length procedure ("
                        + this.procedures.stream()
                            .map(p -> p.scope() + ": " + p.name())
                            .collect(Collectors.joining(", "))
                        + "), or a bla as two ulas at once",
                    this::whyNotNetwork)),
            false);
  }

  /**
   * The facts of {@code length-classes}; the citation and the networks name the unit procedures it
   * was built with.
   */
  @Override
  public MethodFacts facts() {
    return facts;
  }

  private String whyNotNetwork(Instance instance) {
    return BidirectionalSplit.applies(instance) || procedureFor(instance) != null
        ? null
        : "needs a unit-length procedure for the network, and this build has one for "
            + procedures.stream()
                .map(p -> p.scope() + " (" + p.name() + ")")
                .collect(Collectors.joining(", "))
            + " and a bla only, not a "
            + instance.network().topology().family()
            + ": use cuts if the routes are forward leveled, else greedy";
  }

  /** The first unit procedure that covers the instance, or null. */
  UnitProcedure procedureFor(Instance instance) {
    for (UnitProcedure p : procedures) {
      if (p.whyNot(instance) == null) {
        return p;
      }
    }
    return null;
  }

  @Override
  public String whyNotFurther(Instance instance) {
    if (BidirectionalSplit.applies(instance)) {
      return BidirectionalSplit.whyNot(this, instance);
    }
    return FlLevels.of(instance).isEmpty()
        ? name()
            + " needs routes whose arcs are forward leveled (for VO), and these are not: use greedy"
        : null;
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    requireApplies(instance);
    if (BidirectionalSplit.applies(instance)) {
      return BidirectionalSplit.solve(this, instance, limits);
    }
    UnitProcedure proc = procedureFor(instance);
    List<Message> msgs = instance.messages();
    int n = msgs.size();
    long[] len = new long[n];
    long maxLen = 1;
    for (int i = 0; i < n; i++) {
      len[i] = msgs.get(i).length();
      maxLen = Math.max(maxLen, len[i]);
    }
    int classesTotal = 64 - Long.numberOfLeadingZeros(maxLen - 1) + 1; // ceil(log2 L) + 1
    List<List<Integer>> classes = new ArrayList<>();
    for (int i = 0; i < classesTotal; i++) {
      classes.add(new ArrayList<>());
    }
    for (int j = 0; j < n; j++) {
      classes.get(classOf(len[j])).add(j);
    }
    long[] sigma = new long[n];
    long offset = 0;
    long used = 0;
    for (int i = 0; i < classesTotal; i++) {
      List<Integer> members = classes.get(i);
      if (members.isEmpty()) {
        continue;
      }
      used++;
      int[] idx = members.stream().mapToInt(Integer::intValue).toArray();
      long[] unit = Transforms.normalise(proc.slots(instance, idx));
      long tracks = 0;
      long stretch = 1L << i;
      for (int k = 0; k < idx.length; k++) {
        sigma[idx[k]] = Math.addExact(offset, Math.multiplyExact(stretch, unit[k]));
        tracks = Math.max(tracks, unit[k] + 1);
      }
      offset = Math.addExact(offset, Math.multiplyExact(stretch, tracks));
    }
    long s = Transforms.virtualDuration(sigma, len);
    Map<String, Long> out = new LinkedHashMap<>();
    SolveResult res;
    if (instance.kind() == ProblemKind.DSA) {
      for (int i = 0; i < n; i++) {
        out.put(msgs.get(i).id(), sigma[i]);
      }
      res =
          SolveResult.feasible(
              name(), new Schedule.Slots(out), s, limits.run().bestBound(instance));
    } else {
      long[] level = FlLevels.of(instance).orElseThrow();
      long[] t = n == 0 ? new long[0] : Transforms.normalise(Transforms.vo(sigma, level, s));
      long makespan = 0;
      for (int i = 0; i < n; i++) {
        out.put(msgs.get(i).id(), t[i]);
        makespan = Math.max(makespan, t[i] + len[i] + instance.atlas().hops(i) - 1);
      }
      res =
          SolveResult.feasible(
              name(), new Schedule.Departures(out), makespan, limits.run().bestBound(instance));
    }
    return res.withStat("virtualDuration", s)
        .withStat("classSlots", offset)
        .withStat("classes", used)
        .withStat("unitProcedure", proc.name());
  }

  /**
   * The class of a length: 0 for 1, else {@code ceil(log2 length)}, so that {@code 2^(i-1) < length
   * <= 2^i}.
   */
  static int classOf(long length) {
    return length <= 1 ? 0 : 64 - Long.numberOfLeadingZeros(length - 1);
  }
}
