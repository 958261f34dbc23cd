package org.commsched.solver;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.LongSupplier;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.Method;

/**
 * Which method a solve runs, and why none when none: the one place where {@code commsched solve}
 * and the embedding API ({@code org.commsched.api.Commsched}) turn "a method name, or none for the
 * default" into a {@link Method}. Without a name it is {@link Portfolio#choose}; with one, that
 * registered method if it applies. A refusal carries the facts (the reason, the applicable methods'
 * names) and each caller words them for its own users (the command line names the file and the
 * subcommand; the API throws).
 *
 * @implNote Immutable records.
 */
public sealed interface MethodChoice {
  /** The method to run. */
  record Chosen(Method method) implements MethodChoice {}

  /**
   * No name was given and no method applies to the instance.
   *
   * @param near the reason of the first method whose scope fits but which refuses the instance's
   *     size (e.g. a gossip beyond the explicit limit), or empty
   */
  record NoneApplies(Optional<String> near) implements MethodChoice {}

  /**
   * No method has the given name.
   *
   * @param name the name asked for
   * @param fits the names of the methods that apply to the instance, in registration order
   */
  record Unknown(String name, List<String> fits) implements MethodChoice {
    public Unknown {
      fits = List.copyOf(fits);
    }
  }

  /**
   * The named method does not apply to the instance.
   *
   * @param name the name asked for
   * @param why the method's reason ({@link Method#whyNot})
   * @param fits the names of the methods that apply to the instance, in registration order
   */
  record DoesNotApply(String name, String why, List<String> fits) implements MethodChoice {
    public DoesNotApply {
      fits = List.copyOf(fits);
    }
  }

  /** The method chosen, or empty for a refusal. */
  default Optional<Method> chosen() {
    return this instanceof Chosen c ? Optional.of(c.method()) : Optional.empty();
  }

  /**
   * The choice for an instance (already routed: {@link SolveRunner#route}, and relabelled if
   * recognised).
   *
   * @param registry the methods
   * @param instance the instance the method will solve
   * @param name a method name, or empty for the default ({@link Portfolio#choose})
   * @param bestBound the instance's best lower bound, asked only if the default needs it
   */
  static MethodChoice of(
      MethodRegistry registry, Instance instance, Optional<String> name, LongSupplier bestBound) {
    if (name.isEmpty()) {
      Method m = Portfolio.choose(registry, instance, bestBound);
      if (m != null) {
        return new Chosen(m);
      }
      // a method in scope that refuses for the instance's size says why (e.g. a gossip beyond the
      // explicit limit)
      String near = null;
      for (Method x : registry.all()) {
        if (near == null && x.scope().whyNot(x.name(), instance) == null) {
          near = x.whyNotFurther(instance);
        }
      }
      return new NoneApplies(Optional.ofNullable(near));
    }
    Optional<Method> m = registry.find(name.get());
    String why = m.map(x -> x.whyNot(instance)).orElse(null);
    if (m.isPresent() && why == null) {
      return new Chosen(
          m.get()); // the usual case: no need to ask every other method whether it applies
    }
    List<String> fits = new ArrayList<>();
    for (Method x : registry.applicable(instance)) {
      fits.add(x.name());
    }
    return m.isEmpty() ? new Unknown(name.get(), fits) : new DoesNotApply(name.get(), why, fits);
  }
}
