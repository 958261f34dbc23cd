package org.commsched.core.solve;

import java.util.List;
import java.util.Set;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;

/**
 * A way to solve instances: a paper's heuristic, a baseline, or an exact model. Methods are
 * stateless and deterministic for a given {@link SolveLimits#seed()}.
 */
public interface Method {

  /**
   * What the method is, as data: name, summary, guarantee, citation, scope, exact. Declared once
   * per method class ({@code static final MethodFacts FACTS}); the accessors below read it.
   */
  MethodFacts facts();

  /**
   * The name used with {@code --method}, e.g. {@code "greedy"} or {@code "cpsat"}: {@link
   * MethodFacts#name()}.
   */
  default String name() {
    return facts().name();
  }

  /** One line: what the method does ({@link MethodFacts#summary()}). */
  default String summary() {
    return facts().summary();
  }

  /** Its guarantee in words ({@link MethodFacts#guarantee()}). */
  default String guarantee() {
    return facts().guarantee();
  }

  /**
   * The {@link #guarantee()} as a number the cross-check ({@code commsched crosscheck},
   * docs/TESTS.md#crosscheck) holds every schedule of the method to: the largest makespan the
   * stated theorem allows on {@code instance}, given its proven optimum {@code optimum} (the lower
   * bound that the exact methods prove to be met, in ticks of the instance; ratio guarantees are
   * multiples of it, bounds in C and Q are at most such multiples because C and Q are lower
   * bounds). Null, the default, when the method states no bound on this instance.
   */
  default Long guaranteedMakespan(Instance instance, long optimum) {
    return null;
  }

  /**
   * Where it comes from: paper, authors, theorem; or "this project" ({@link
   * MethodFacts#citation()}).
   */
  default String citation() {
    return facts().citation();
  }

  /** True for exact methods that may prove optimality ({@link MethodFacts#exact()}). */
  default boolean exact() {
    return facts().exact();
  }

  /**
   * What the method applies to, as data: families, problems, ports and duplex, networks ({@link
   * MethodFacts#scope()}). The {@code methods} listing and the README's methods table print it
   * ({@link Scope#words()}); {@link #whyNot} checks it.
   */
  default Scope scope() {
    return facts().scope();
  }

  /**
   * Null if the method applies to the instance, else one sentence saying why not and what to use
   * instead: the shared check of {@link #scope()} first, then the method's own conditions ({@link
   * #whyNotFurther}).
   */
  default String whyNot(Instance instance) {
    if (instance.network().hasChannels()
        && !readsLinkCosts()
        && scope().problems().contains(instance.kind())
        && scope()
            .families()
            .contains(
                instance.family())) { // before the network test: a ring of such links is no ring
      return name()
          + " assumes every link is one channel at the model's beta and tau, and this network's links "
          + "have their own counts or costs (docs/FORMATS.md#links-with-channels-and-costs); use greedy-saf, or an "
          + "exact method (cpsat, time-indexed) on a small instance";
    }
    String why = scope().whyNot(name(), instance);
    return why != null ? why : whyNotFurther(instance);
  }

  /**
   * True if the method reads each link's channel count and own costs ({@link Instance#arcCosts()}),
   * so it applies to networks whose links have them
   * (docs/FORMATS.md#links-with-channels-and-costs); false by default: such a network is refused
   * with the reason, which is how the thesis's schemes (built for one cost on every link) and every
   * method not yet taught the costs stay out.
   */
  default boolean readsLinkCosts() {
    return false;
  }

  /**
   * The method's conditions beyond its {@link #scope()} (message lengths, route shapes, ...), asked
   * only of instances in scope: null if they hold, else one sentence starting with the method's
   * name, saying why not and what to use instead. None by default.
   */
  default String whyNotFurther(Instance instance) {
    return null;
  }

  /**
   * Throws the refusal of {@link #whyNot} for an instance the method does not apply to: the first
   * step of every {@link #solve}.
   *
   * @throws IllegalArgumentException with the one-sentence refusal
   */
  default void requireApplies(Instance instance) {
    String why = whyNot(instance);
    if (why != null) {
      throw new IllegalArgumentException(why);
    }
  }

  /** The problem kinds the method handles: those of its {@link #scope()}. */
  default Set<ProblemKind> problems() {
    return scope().problems();
  }

  /**
   * The options the method reads ({@code commsched solve --option KEY=VALUE}), typed ({@link
   * MethodOption}), for example {@code setup} for fdf; none by default. The option {@link
   * SolveLimits#SPANNING_TREE} is read by the solve runner for every scatter and gather method and
   * is not listed here. The command line rejects any other key and parses each value once with the
   * option of its key.
   */
  default List<MethodOption<?>> methodOptions() {
    return List.of();
  }

  /** The keys of {@link #methodOptions()}. */
  default Set<String> optionKeys() {
    Set<String> keys = new java.util.TreeSet<>();
    for (MethodOption<?> o : methodOptions()) {
      keys.add(o.key());
    }
    return keys;
  }

  /**
   * The method's option of {@code key} ({@link #methodOptions()}), or null if it reads no such
   * option.
   */
  default MethodOption<?> methodOption(String key) {
    for (MethodOption<?> o : methodOptions()) {
      if (o.key().equals(key)) {
        return o;
      }
    }
    return null;
  }

  /**
   * Null if the method accepts {@code value} for one of its {@link #methodOptions()}, else one
   * sentence saying what is wrong and what to give instead ({@link MethodOption#whyNot}).
   */
  default String whyNotOption(String key, String value) {
    MethodOption<?> o = methodOption(key);
    return o == null ? name() + " reads no option '" + key + "'" : o.whyNot(value);
  }

  /**
   * True for a search that starts from the run's incumbent ({@link SolveRun#incumbent}) and
   * improves it, such as {@code lns}: the default portfolio offers its heuristics' schedules to the
   * run and then runs such a method as its search, before the exact models (which take the
   * incumbent only as a hint). Run on its own, with no incumbent in the run, the method makes its
   * own start. False by default.
   */
  default boolean improvesIncumbent() {
    return false;
  }

  /** Solves; never returns null, never throws for an instance it applies to. */
  SolveResult solve(Instance instance, SolveLimits limits);
}
