package org.commsched.solver;

import java.util.EnumSet;
import java.util.Set;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;

/**
 * An exact method for real schedules ({@code cpsat}, {@code choco}) that also takes dsa instances: a dsa schedule
 * is virtual (the buffer layout), so on dsa it answers with the matching virtual model ({@code cpsat-virtual},
 * {@code choco-virtual}) under its own name, and everywhere else it is the real method unchanged. So
 * {@code commsched solve buffers.csv --method cpsat} is exact.
 *
 * @implNote Immutable; stateless if both methods are.
 */
final class WithDsa implements Method {
  private final Method real;
  private final Method virtual;

  private WithDsa(Method real, Method virtual) {
    this.real = real;
    this.virtual = virtual;
  }

  /** {@code real}, extended to dsa by {@code virtual}. */
  static Method of(Method real, Method virtual) {
    return new WithDsa(real, virtual);
  }

  @Override
  public String name() {
    return real.name();
  }

  @Override
  public String summary() {
    return real.summary() + "; dsa: the exact buffer layout, as " + virtual.name();
  }

  @Override
  public String guarantee() {
    return real.guarantee();
  }

  @Override
  public String citation() {
    return real.citation() + "; dsa: " + virtual.citation();
  }

  @Override
  public boolean exact() {
    return real.exact();
  }

  @Override
  public Scope scope() {
    Scope r = real.scope();
    Set<Family> families = EnumSet.copyOf(r.families());
    families.addAll(virtual.scope().families());
    Set<ProblemKind> problems = EnumSet.copyOf(r.problems());
    problems.add(ProblemKind.DSA);
    return new Scope(families, problems, r.bufferlessPorts(), r.ports(), r.duplex(), r.network(),
        "dsa: virtual schedule (slots)", r.otherPorts());
  }

  /** The real method's refusal, or for dsa the virtual one's. */
  @Override
  public String whyNot(Instance instance) {
    return instance.kind() == ProblemKind.DSA ? virtual.whyNot(instance) : real.whyNot(instance);
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    if (instance.kind() != ProblemKind.DSA) {
      return real.solve(instance, limits);
    }
    SolveResult r = virtual.solve(instance, limits);
    return r.withMethod(name());
  }
}
