package org.commsched.core.solve;

/**
 * What a method is, as data: its name, what it does, what it guarantees, where it comes from, what
 * it applies to and whether it may prove optimality. Each method class declares its facts once,
 * beside its literature javadoc ({@code static final MethodFacts FACTS}, or one record per variant
 * for a class that serves several names), and {@link Method#facts()} returns them; {@code commsched
 * methods}, the README's methods table, the refusals ({@link Method#whyNot}) and the default
 * portfolio (which sorts methods into heuristics and searches by {@link #exact}) read them from
 * there.
 *
 * @param name the name used with {@code --method}, e.g. {@code "greedy"} or {@code "cpsat"}
 * @param summary one line: what the method does
 * @param guarantee its guarantee in words (e.g. "optimal", "{@code S <= 6C - 3}", "valid; no
 *     ratio"); the number the cross-check holds it to is {@link Method#guaranteedMakespan}, which
 *     stays code
 * @param citation where it comes from: paper, authors, theorem; or "this project"
 * @param scope what it applies to (families, problems, ports and duplex, networks), checked by
 *     {@link Method#whyNot} and printed by the listing
 * @param exact true for exact methods that may prove optimality (status OPTIMAL); a heuristic never
 *     claims it unless its schedule meets a lower bound
 * @implNote Immutable.
 */
public record MethodFacts(
    String name, String summary, String guarantee, String citation, Scope scope, boolean exact) {

  public MethodFacts {
    if (name == null || name.isEmpty() || name.chars().anyMatch(Character::isWhitespace)) {
      throw new IllegalArgumentException(
          "a method name is one word for --method, not '" + name + "'");
    }
    for (String[] field :
        new String[][] {{"summary", summary}, {"guarantee", guarantee}, {"citation", citation}}) {
      if (field[1] == null || field[1].isBlank()) {
        throw new IllegalArgumentException("method " + name + " needs a " + field[0]);
      }
    }
    if (scope == null) {
      throw new IllegalArgumentException("method " + name + " needs a scope");
    }
  }
}
