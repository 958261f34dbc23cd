package org.commsched.verify.crosscheck;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntUnaryOperator;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;

/**
 * Reduces a failing cross-check case (docs/TESTS.md#shrinking): greedily takes the first smaller
 * variant of the instance on which the same method still fails the same check, until no variant
 * fails or the budget of cross-checks is spent. Variants, in this order: drop one message; forget
 * an explicit route (the default route instead); halve a length, then lower it by one; remove a
 * node no message, root or source uses (the last node of a counted network such as a ula or ring,
 * any leaf of a tree, any node of an explicit network; the other nodes renumbered, every remaining
 * link keeping its channel count and own costs); make a link of an explicit network simpler (one
 * channel fewer, the model's costs, the plain link; docs/FORMATS.md#links-with-channels-and-costs).
 */
public final class Shrinker {
  /** The most cross-checks one shrink runs. */
  public static final int BUDGET = 200;

  private final CrossCheck crossCheck;

  public Shrinker(CrossCheck crossCheck) {
    this.crossCheck = crossCheck;
  }

  /**
   * The smallest variant found on which a finding of the key ({@link CrossCheck.Finding#key()})
   * remains.
   */
  public Instance shrink(Instance failing, String key) {
    Instance cur = failing;
    int budget = BUDGET;
    boolean progress = true;
    while (progress && budget > 0) {
      progress = false;
      for (Instance cand : variants(cur)) {
        if (budget-- <= 0) {
          break;
        }
        if (fails(cand, key)) {
          cur = cand;
          progress = true;
          break;
        }
      }
    }
    return cur;
  }

  private boolean fails(Instance cand, String key) {
    return crossCheck.check(cand).findings().stream().anyMatch(f -> f.key().equals(key));
  }

  /** The size of an instance in words: messages, nodes and total length. */
  public static String size(Instance inst) {
    return inst.messages().size()
        + " messages, "
        + inst.network().nodes()
        + " nodes, total length "
        + totalLength(inst);
  }

  /** The sum of the message lengths (for broadcast and gossip, the length). */
  public static long totalLength(Instance inst) {
    Problem p = inst.problem();
    if (p instanceof Problem.Broadcast b) {
      return b.length();
    }
    if (p instanceof Problem.Gossip g) {
      return g.length();
    }
    return inst.messages().stream().mapToLong(Message::length).sum();
  }

  /** True for the problems that list their messages (chatting, scatter, gather, dsa). */
  private static boolean listed(Problem p) {
    return !(p instanceof Problem.Broadcast
        || p instanceof Problem.Gossip
        || p instanceof Problem.Send);
  }

  private static Problem withMessages(Problem p, List<Message> ms) {
    if (p instanceof Problem.Chatting) {
      return new Problem.Chatting(ms);
    }
    if (p instanceof Problem.Scatter s) {
      return new Problem.Scatter(s.root(), ms);
    }
    if (p instanceof Problem.Gather g) {
      return new Problem.Gather(g.root(), ms);
    }
    return new Problem.Dsa(ms);
  }

  private static Problem withLength(Problem p, long length) {
    if (p instanceof Problem.Broadcast b) {
      return new Problem.Broadcast(b.source(), length);
    }
    if (p instanceof Problem.Gossip) {
      return new Problem.Gossip(length);
    }
    Problem.Send s = (Problem.Send) p;
    return new Problem.Send(s.source(), s.target(), length, s.route());
  }

  /** The smaller variants of an instance that are still valid instances, smallest change last. */
  List<Instance> variants(Instance inst) {
    List<Problem> problems = new ArrayList<>();
    Problem p = inst.problem();
    List<Message> ms = listed(p) ? inst.messages() : List.of();
    long min = p instanceof Problem.Scatter || p instanceof Problem.Gather ? 0 : 1;
    if (!ms.isEmpty()) {
      for (int i = 0; i < ms.size(); i++) {
        List<Message> fewer = new ArrayList<>(ms);
        fewer.remove(i);
        if (!fewer.isEmpty()) {
          problems.add(withMessages(p, fewer));
        }
      }
      for (int i = 0; i < ms.size(); i++) {
        Message m = ms.get(i);
        if (m.route() != null) {
          problems.add(
              withMessages(
                  p, replace(ms, i, new Message(m.id(), m.from(), m.to(), m.length(), null))));
        }
      }
      for (int i = 0; i < ms.size(); i++) {
        Message m = ms.get(i);
        for (long len : new long[] {Math.max(min, m.length() / 2), m.length() - 1}) {
          if (len >= min && len < m.length()) {
            problems.add(
                withMessages(
                    p, replace(ms, i, new Message(m.id(), m.from(), m.to(), len, m.route()))));
          }
        }
      }
    } else {
      long len = totalLength(inst);
      for (long l : new long[] {Math.max(1, len / 2), len - 1}) {
        if (l >= 1 && l < len) {
          problems.add(withLength(p, l));
        }
      }
      if (p instanceof Problem.Send s && s.route() != null) {
        problems.add(new Problem.Send(s.source(), s.target(), s.length(), null));
      }
    }
    List<Instance> out = new ArrayList<>();
    for (Problem q : problems) {
      add(out, inst.name(), q, inst, inst.network());
    }
    for (int v = inst.network().nodes() - 1; v >= 0; v--) {
      removeNode(inst, v, out);
    }
    if (inst.network().topology() instanceof Topology.Explicit e) {
      for (int i = 0; i < e.channels().size(); i++) {
        simplifyLink(inst, e, i, out);
      }
    }
    return out;
  }

  /**
   * The channel entry of pair {@code i} of an explicit network ({@link Topology.Channel#PLAIN} when
   * it has none).
   */
  private static Topology.Channel channel(Topology.Explicit e, int i) {
    return e.channels().isEmpty() ? Topology.Channel.PLAIN : e.channels().get(i);
  }

  /**
   * Adds the instance with link (or arc) {@code i} simpler, if it has channels or costs of its own:
   * one channel fewer, then the same link at the model's costs, then the plain link.
   */
  private static void simplifyLink(Instance inst, Topology.Explicit e, int i, List<Instance> out) {
    Topology.Channel c = channel(e, i);
    List<Topology.Channel> simpler = new ArrayList<>();
    if (c.count() > 1) {
      simpler.add(new Topology.Channel(c.count() - 1, c.beta(), c.tau()));
    }
    if (c.beta() != null || c.tau() != null) {
      simpler.add(new Topology.Channel(c.count(), null, null));
    }
    if (!c.plain() && c.count() > 1 && (c.beta() != null || c.tau() != null)) {
      simpler.add(Topology.Channel.PLAIN);
    }
    for (Topology.Channel d : simpler) {
      List<Topology.Channel> channels = new ArrayList<>(e.channels());
      channels.set(i, d);
      try {
        add(
            out,
            inst.name(),
            inst.problem(),
            inst,
            Network.of(new Topology.Explicit(e.nodes(), e.pairs(), e.links(), channels)));
      } catch (RuntimeException x) {
        // not a valid network: not a variant
      }
    }
  }

  private static List<Message> replace(List<Message> ms, int i, Message m) {
    List<Message> out = new ArrayList<>(ms);
    out.set(i, m);
    return out;
  }

  private static void add(List<Instance> out, String name, Problem p, Instance inst, Network net) {
    try {
      out.add(new Instance(name, p, inst.model(), net));
    } catch (RuntimeException e) {
      // not a valid instance (e.g. a route through a removed node): not a variant
    }
  }

  private static Set<Integer> used(Instance inst) {
    Problem p = inst.problem();
    Set<Integer> used = new HashSet<>();
    for (Message m : listed(p) ? inst.messages() : List.<Message>of()) {
      used.add(m.from());
      used.add(m.to());
      if (m.route() != null) {
        used.addAll(m.route());
      }
    }
    if (p instanceof Problem.Scatter s) {
      used.add(s.root());
    } else if (p instanceof Problem.Gather g) {
      used.add(g.root());
    } else if (p instanceof Problem.Broadcast b) {
      used.add(b.source());
    } else if (p instanceof Problem.Send s) {
      used.add(s.source());
      used.add(s.target());
      if (s.route() != null) {
        used.addAll(s.route());
      }
    }
    return used;
  }

  /** Adds the instance without node v, if v is unused and the network can lose it. */
  private static void removeNode(Instance inst, int v, List<Instance> out) {
    Problem p = inst.problem();
    int n = inst.network().nodes();
    if (n <= 2 || used(inst).contains(v)) {
      return;
    }
    Topology t = inst.network().topology();
    Topology smaller = null;
    boolean last = v == n - 1;
    if (t instanceof Topology.Ula && last) {
      smaller = new Topology.Ula(n - 1);
    } else if (t instanceof Topology.Bla && last) {
      smaller = new Topology.Bla(n - 1);
    } else if (t instanceof Topology.URing && last) {
      smaller = new Topology.URing(n - 1);
    } else if (t instanceof Topology.Ring && last && n > 3) {
      smaller = new Topology.Ring(n - 1);
    } else if (t instanceof Topology.Star && last) {
      smaller = new Topology.Star(n - 1);
    } else if (t instanceof Topology.Complete && last) {
      smaller = new Topology.Complete(n - 1);
    } else if (t instanceof Topology.Tree tree && !tree.parents().contains(v)) {
      List<Integer> parents = new ArrayList<>();
      for (int u = 0; u < n; u++) {
        if (u != v) {
          Integer q = tree.parents().get(u);
          parents.add(q == null ? null : (q > v ? q - 1 : q));
        }
      }
      smaller = new Topology.Tree(parents);
    } else if (t instanceof Topology.Explicit e) {
      List<Topology.Pair> pairs = new ArrayList<>();
      List<Topology.Channel> channels = new ArrayList<>();
      for (int i = 0; i < e.pairs().size(); i++) {
        Topology.Pair q = e.pairs().get(i);
        if (q.u() != v && q.v() != v) {
          pairs.add(
              new Topology.Pair(q.u() > v ? q.u() - 1 : q.u(), q.v() > v ? q.v() - 1 : q.v()));
          channels.add(channel(e, i));
        }
      }
      smaller =
          new Topology.Explicit(
              n - 1, pairs, e.links(), channels); // each link keeps its count and costs
    }
    if (smaller == null) {
      return;
    }
    IntUnaryOperator id = u -> u > v ? u - 1 : u;
    Problem q = renumber(inst, id);
    try {
      add(out, inst.name(), q, inst, Network.of(smaller));
    } catch (RuntimeException e) {
      // the smaller network is not valid (e.g. disconnected): not a variant
    }
  }

  private static Problem renumber(Instance inst, IntUnaryOperator id) {
    Problem p = inst.problem();
    if (p instanceof Problem.Broadcast b) {
      return new Problem.Broadcast(id.applyAsInt(b.source()), b.length());
    }
    if (p instanceof Problem.Gossip) {
      return p;
    }
    if (p instanceof Problem.Send s) {
      return new Problem.Send(
          id.applyAsInt(s.source()),
          id.applyAsInt(s.target()),
          s.length(),
          s.route() == null ? null : s.route().stream().map(id::applyAsInt).toList());
    }
    List<Message> ms = new ArrayList<>();
    for (Message m : inst.messages()) {
      ms.add(
          new Message(
              m.id(),
              id.applyAsInt(m.from()),
              id.applyAsInt(m.to()),
              m.length(),
              m.route() == null ? null : m.route().stream().map(id::applyAsInt).toList()));
    }
    if (p instanceof Problem.Scatter s) {
      return new Problem.Scatter(id.applyAsInt(s.root()), ms);
    }
    if (p instanceof Problem.Gather g) {
      return new Problem.Gather(id.applyAsInt(g.root()), ms);
    }
    return withMessages(p, ms);
  }
}
