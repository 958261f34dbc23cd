package org.commsched.solver;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.commsched.core.family.ExactModel;
import org.commsched.core.family.FamilyRules;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;

/**
 * A generic exact method ({@code cpsat}, {@code choco}) that answers every family it has an exact
 * model for: the real bufferless model by default, and for the instances whose family rules name
 * another {@link ExactModel} (dsa: the virtual model, whose schedule is the buffer layout;
 * store-and-forward packets: the packetization model; linear cost) that model's method, under the
 * generic name. So {@code commsched solve buffers.csv --method cpsat} and {@code commsched solve
 * tv1.json --method cpsat} are exact.
 *
 * @implNote Immutable; stateless if the methods are.
 */
final class ExactDispatch implements Method {
  /** Instances whose family names {@code model} go to {@code method}. */
  private record Route(ExactModel model, Method method) {}

  private final Method real;
  private final List<Route> routes;
  private final MethodFacts facts;

  private ExactDispatch(Method real, List<Route> routes) {
    this.real = real;
    this.routes = List.copyOf(routes);
    this.facts = facts(real, this.routes);
  }

  /** {@code real} alone, to be extended by {@link #with}. */
  static ExactDispatch of(Method real) {
    return new ExactDispatch(real, List.of());
  }

  /**
   * The same dispatch, also sending the instances whose family rules name {@code model} ({@link
   * FamilyRules#exactModel}) to {@code method}.
   */
  ExactDispatch with(ExactModel model, Method method) {
    List<Route> more = new ArrayList<>(routes);
    more.add(new Route(model, method));
    return new ExactDispatch(real, more);
  }

  /**
   * The method that answers the instance: the route of the model its family names, else the real
   * method.
   */
  private Method target(Instance instance) {
    ExactModel model = FamilyRules.of(instance).exactModel(instance);
    for (Route r : routes) {
      if (r.model() == model) {
        return r.method();
      }
    }
    return real;
  }

  /**
   * The real method's facts with each route's words, citation and scope added: built once, with the
   * dispatch.
   */
  @Override
  public MethodFacts facts() {
    return facts;
  }

  private static MethodFacts facts(Method real, List<Route> routes) {
    StringBuilder summary = new StringBuilder(real.summary());
    StringBuilder citation = new StringBuilder(real.citation());
    for (Route r : routes) {
      summary
          .append("; ")
          .append(r.model().label())
          .append(": ")
          .append(r.model().words())
          .append(", as ")
          .append(r.method().name());
      citation.append("; ").append(r.model().label()).append(": ").append(r.method().citation());
    }
    return new MethodFacts(
        real.name(),
        summary.toString(),
        real.guarantee(),
        citation.toString(),
        scope(real, routes),
        real.exact());
  }

  private static Scope scope(Method real, List<Route> routes) {
    Scope r = real.scope();
    Set<Family> families = EnumSet.copyOf(r.families());
    Set<ProblemKind> problems = EnumSet.copyOf(r.problems());
    Set<CommModel.Ports> ports = EnumSet.copyOf(r.ports());
    boolean realSendsPackets = r.families().stream().anyMatch(f -> !f.bufferless());
    Set<CommModel.Duplex> duplex =
        realSendsPackets ? EnumSet.copyOf(r.duplex()) : EnumSet.noneOf(CommModel.Duplex.class);
    List<String> notes = new ArrayList<>();
    if (!r.note().isEmpty()) {
      notes.add(r.note());
    }
    for (Route route : routes) {
      Scope s = route.method().scope();
      families.addAll(s.families());
      problems.addAll(s.problems());
      if (s.families().stream().anyMatch(f -> !f.bufferless())) {
        ports.addAll(s.ports());
        duplex.addAll(s.duplex());
      }
      if (!s.note().isEmpty()) {
        notes.add(route.model().label() + ": " + s.note());
      }
    }
    if (duplex.isEmpty()) {
      duplex = r.duplex();
    }
    return new Scope(
        families,
        problems,
        r.bufferlessPorts(),
        ports,
        duplex,
        r.network(),
        String.join("; ", notes),
        r.otherPorts());
  }

  /** The refusal of the method that would answer the instance. */
  @Override
  public String whyNot(Instance instance) {
    Method m = target(instance);
    String why = m.whyNot(instance);
    return why == null || m == real
        ? why
        : why.replaceFirst("^" + java.util.regex.Pattern.quote(m.name()), name());
  }

  @Override
  public SolveResult solve(Instance instance, SolveLimits limits) {
    Method m = target(instance);
    SolveResult r = m.solve(instance, limits);
    return m == real ? r : r.withMethod(name());
  }
}
