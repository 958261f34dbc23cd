package org.commsched.core.solve;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.commsched.core.family.FamilyRules;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;

/**
 * What a method applies to, as data: model families, problem kinds, port and duplex rules, and a
 * network test. {@link #whyNot} is the one check that turns a mismatch into the method's
 * one-sentence refusal, and {@link #words} the scope column of {@code commsched methods} and the
 * README's methods table; both read the same fields. Conditions a method has beyond its scope
 * (message lengths, route shapes) stay with the method ({@link Method#whyNotFurther}).
 *
 * @param families the model families it schedules
 * @param problems the problem kinds it schedules (each must belong to one of the families)
 * @param bufferlessPorts the bufferless port rules it accepts (ignored for store-and-forward
 *     families)
 * @param ports the store-and-forward port rules it accepts (ignored for bufferless families)
 * @param duplex the store-and-forward duplex rules it accepts (ignored for bufferless families)
 * @param network the networks (and routes) it accepts
 * @param note more words for the listing, e.g. which schedule it returns; empty for none
 * @param otherPorts what to use under the bufferless port rule it does not accept ("greedy" unless
 *     said)
 * @implNote Immutable.
 */
public record Scope(
    Set<Family> families,
    Set<ProblemKind> problems,
    Set<CommModel.BufferlessPorts> bufferlessPorts,
    Set<CommModel.Ports> ports,
    Set<CommModel.Duplex> duplex,
    NetworkTest network,
    String note,
    String otherPorts) {

  public Scope {
    // enum order, so listings print problems and families the same way every time
    families = ordered(families, Family.class);
    problems = ordered(problems, ProblemKind.class);
    bufferlessPorts = ordered(bufferlessPorts, CommModel.BufferlessPorts.class);
    ports = ordered(ports, CommModel.Ports.class);
    duplex = ordered(duplex, CommModel.Duplex.class);
    if (families.isEmpty() || problems.isEmpty()) {
      throw new IllegalArgumentException("a scope needs at least one family and one problem");
    }
    if (network == null) {
      throw new IllegalArgumentException(
          "a scope needs a network test (NetworkTest.ANY for any network)");
    }
    note = note == null ? "" : note;
    otherPorts = otherPorts == null ? "greedy" : otherPorts;
  }

  private static <E extends Enum<E>> Set<E> ordered(Set<E> values, Class<E> type) {
    Set<E> out = EnumSet.noneOf(type);
    out.addAll(values);
    return Collections.unmodifiableSet(out);
  }

  /**
   * Which networks and routes a method accepts.
   *
   * @param words the networks in words, for the listing, e.g. "any network and routes"
   * @param whyNot null if an instance's network and routes fit, else the reason in words and what
   *     to use instead, completing the sentence "{method} ..." (e.g. "is the paper's algorithm for
   *     a ula, and this network is a ring: use greedy")
   */
  public record NetworkTest(String words, Function<Instance, String> whyNot) {
    /** Any network, any routes. */
    public static final NetworkTest ANY = new NetworkTest("any network and routes", i -> null);

    public NetworkTest {
      if (words == null || words.isBlank() || whyNot == null) {
        throw new IllegalArgumentException("a network test needs words and a check");
      }
    }
  }

  /** A scope over the given problems (their families), any ports and duplex, any network. */
  public static Scope of(ProblemKind first, ProblemKind... more) {
    Set<ProblemKind> problems = EnumSet.of(first, more);
    Set<Family> families = EnumSet.noneOf(Family.class);
    for (Family f : Family.values()) {
      for (ProblemKind k : problems) {
        if (f.problems().contains(k)) {
          families.add(f);
        }
      }
    }
    return new Scope(
        families,
        problems,
        EnumSet.allOf(CommModel.BufferlessPorts.class),
        EnumSet.allOf(CommModel.Ports.class),
        EnumSet.allOf(CommModel.Duplex.class),
        NetworkTest.ANY,
        "",
        null);
  }

  /** The same scope narrowed to the given families (and their problems). */
  public Scope in(Family first, Family... more) {
    Set<Family> fams = EnumSet.of(first, more);
    Set<ProblemKind> kinds = EnumSet.noneOf(ProblemKind.class);
    for (ProblemKind k : problems) {
      if (fams.stream().anyMatch(f -> f.problems().contains(k))) {
        kinds.add(k);
      }
    }
    return new Scope(fams, kinds, bufferlessPorts, ports, duplex, network, note, otherPorts);
  }

  /** The same scope under the given bufferless port rules only. */
  public Scope bufferlessPorts(CommModel.BufferlessPorts first, CommModel.BufferlessPorts... more) {
    return new Scope(
        families, problems, EnumSet.of(first, more), ports, duplex, network, note, otherPorts);
  }

  /** The same scope under the given store-and-forward port rules only. */
  public Scope ports(CommModel.Ports first, CommModel.Ports... more) {
    return new Scope(
        families,
        problems,
        bufferlessPorts,
        EnumSet.of(first, more),
        duplex,
        network,
        note,
        otherPorts);
  }

  /** The same scope under the given store-and-forward duplex rules only. */
  public Scope duplex(CommModel.Duplex first, CommModel.Duplex... more) {
    return new Scope(
        families,
        problems,
        bufferlessPorts,
        ports,
        EnumSet.of(first, more),
        network,
        note,
        otherPorts);
  }

  /** The same scope on the networks a test accepts. */
  public Scope on(NetworkTest test) {
    return new Scope(families, problems, bufferlessPorts, ports, duplex, test, note, otherPorts);
  }

  /** The same scope with more words for the listing. */
  public Scope note(String words) {
    return new Scope(
        families, problems, bufferlessPorts, ports, duplex, network, words, otherPorts);
  }

  /** The same scope, naming what to use under the bufferless port rule it does not accept. */
  public Scope otherPorts(String methods) {
    return new Scope(families, problems, bufferlessPorts, ports, duplex, network, note, methods);
  }

  /**
   * Null if the instance is in this scope, else one sentence starting with the method's name: what
   * the method schedules, why this instance is outside it, and what to use instead.
   */
  public String whyNot(String method, Instance instance) {
    ProblemKind kind = instance.kind();
    Family family = instance.family();
    if (!families.contains(family) || !problems.contains(kind)) {
      return method
          + " schedules "
          + problemWords()
          + "; for "
          + (family.bufferless() ? "" : family.model() + " ")
          + kind.wireName()
          + " use "
          + FamilyRules.of(family).instead(kind);
    }
    if (family.bufferless()) {
      CommModel.BufferlessPorts p = ((CommModel.Bufferless) instance.model()).ports();
      if (!bufferlessPorts.contains(p)) {
        return method
            + " needs the "
            + (bufferlessPorts.contains(CommModel.BufferlessPorts.ALL) ? "all-port" : "single-port")
            + " bufferless model ("
            + portReason()
            + "): under "
            + p.wireName()
            + " ports use "
            + otherPorts;
      }
    } else {
      CommModel.StoreAndForward m = (CommModel.StoreAndForward) instance.model();
      if (!ports.contains(m.ports()) || !duplex.contains(m.duplex())) {
        return method
            + " schedules "
            + sendWords()
            + ", and this model has "
            + m.ports().wireName()
            + " ports and "
            + m.duplex().wireName()
            + " duplex: use "
            + FamilyRules.of(family).instead(kind);
      }
    }
    String net = network.whyNot().apply(instance);
    return net == null ? null : method + " " + net;
  }

  private String portReason() {
    return bufferlessPorts.contains(CommModel.BufferlessPorts.ALL)
        ? "its schedules may send two flits from one node at once"
        : "it relies on one send and one receive per node and step";
  }

  /** The problems in words, with their families' models, e.g. "bufferless chatting and dsa". */
  public String problemWords() {
    List<String> kinds = new ArrayList<>();
    for (ProblemKind k : ProblemKind.values()) {
      if (problems.contains(k)) {
        kinds.add(k.wireName());
      }
    }
    String models =
        families.stream().allMatch(Family::bufferless)
            ? "bufferless "
            : families.stream().noneMatch(Family::bufferless) ? "store-and-forward " : "";
    return models + join(kinds, "and");
  }

  private String sendWords() {
    List<String> p = new ArrayList<>();
    for (CommModel.Ports x : ports) {
      p.add(x.wireName());
    }
    List<String> d = new ArrayList<>();
    for (CommModel.Duplex x : duplex) {
      d.add(x.wireName());
    }
    boolean onePort = ports.size() == 1 && ports.contains(CommModel.Ports.ONE);
    return "under "
        + (onePort ? "one port" : join(p, "or") + " ports")
        + " and "
        + join(d, "or")
        + " duplex";
  }

  /**
   * The scope in words for the listing: models and ports, networks, the note; e.g. "bufferless, all
   * ports; unidirectional linear array (ula); chatting (real, through VO) or dsa (slots)".
   */
  public String words() {
    StringBuilder out = new StringBuilder();
    boolean anyBufferless = families.stream().anyMatch(Family::bufferless);
    boolean anyStoreForward = families.stream().anyMatch(f -> !f.bufferless());
    if (anyBufferless) {
      out.append("bufferless, ")
          .append(
              bufferlessPorts.size() == 2
                  ? "all or single ports"
                  : bufferlessPorts.contains(CommModel.BufferlessPorts.ALL)
                      ? "all ports"
                      : "single port");
    }
    if (anyStoreForward) {
      out.append(anyBufferless ? "; " : "").append("store-and-forward, ");
      if (ports.size() == 2 && duplex.size() == 2) {
        out.append("any ports and duplex");
      } else {
        out.append(sendWords().substring("under ".length()));
      }
    }
    out.append("; ").append(network.words());
    if (!note.isEmpty()) {
      out.append("; ").append(note);
    }
    return out.toString();
  }

  private static String join(List<String> words, String last) {
    if (words.size() <= 1) {
      return String.join("", words);
    }
    return String.join(", ", words.subList(0, words.size() - 1))
        + " "
        + last
        + " "
        + words.get(words.size() - 1);
  }
}
