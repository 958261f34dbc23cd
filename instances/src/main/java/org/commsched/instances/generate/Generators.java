package org.commsched.instances.generate;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Footprint;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Topology;

/**
 * Seeded random networks and instances. Everything is drawn from one {@link SplittableRandom}
 * seeded with the spec's seed, so the same spec always gives the same instance.
 *
 * <p>Families (docs/DESIGN.md) and what {@code size} means:
 *
 * <ul>
 *   <li>{@code ula, bla, uring, ring, star, complete}: that many nodes (a ring needs 3);
 *   <li>{@code esm, mesh, torus}: a {@code size x size} grid;
 *   <li>{@code hypercube}: dimension {@code size} ({@code 2^size} nodes); {@code folded-hypercube}
 *       likewise, size at least 2;
 *   <li>{@code tree}: a random recursive tree (each node's parent uniform among the earlier nodes);
 *       {@code tree-path} (parent v - 1), {@code tree-caterpillar} (a path of half the nodes, the
 *       others hung on random spine nodes), {@code tree-binary} (complete binary, parent (v - 1) /
 *       2): all rooted at 0;
 *   <li>{@code random}: explicit links, a random spanning tree plus about size/2 extra random links
 *       (connected).
 * </ul>
 *
 * <p>Messages, per problem kind:
 *
 * <ul>
 *   <li>chatting: random pairs that the family can route (a ula from smaller to larger id, an esm
 *       to a node south-east of the source);
 *   <li>scatter / gather: a root (node 0 for scatter and the last node for gather on a ula or esm,
 *       else random) and one message per other node, or per a random subset of {@code messages}
 *       nodes; lengths may be 0 here only;
 *   <li>broadcast (source 0 on a ula or esm), gossip (not on a ula or esm: some node could not
 *       reach another), send (a routable pair): one length draw;
 *   <li>dsa (ula only): random buffers {@code [lower, upper)} within the array.
 * </ul>
 *
 * With {@code explicitRoutes} every routed message gets a random simple path: the shortest path
 * under fresh random arc weights (on an esm or ula it is still an east/south or rightward path).
 */
public final class Generators {
  /** The family names {@link #network(String, int, SplittableRandom)} accepts. */
  public static final List<String> FAMILIES =
      List.of(
          "ula",
          "bla",
          "uring",
          "ring",
          "esm",
          "mesh",
          "torus",
          "star",
          "complete",
          "hypercube",
          "tree",
          "tree-path",
          "tree-caterpillar",
          "tree-binary",
          "random",
          "folded-hypercube");

  private Generators() {}

  /**
   * A network of a family by name and size.
   *
   * @throws IllegalArgumentException for an unknown family or a size the family cannot take
   */
  public static Topology network(String family, int size, SplittableRandom rnd) {
    if (family == null || !FAMILIES.contains(family)) {
      throw new IllegalArgumentException(
          "unknown network family \"" + family + "\": use one of " + String.join(", ", FAMILIES));
    }
    boolean cube = family.equals("hypercube") || family.equals("folded-hypercube");
    int min = family.equals("ring") ? 3 : family.equals("hypercube") ? 1 : 2;
    if (size < min) {
      throw new IllegalArgumentException("a " + family + " needs size >= " + min + ", got " + size);
    }
    if (cube && size > 20) {
      throw new IllegalArgumentException(
          "a " + family + " of dimension " + size + " is too large: use at most 20");
    }
    if (family.equals("complete") && size > 46_341) {
      throw new IllegalArgumentException(
          "a complete graph on " + size + " nodes is too large: use at most 46341");
    }
    if ((family.equals("esm") || family.equals("mesh") || family.equals("torus")) && size > 7000) {
      throw new IllegalArgumentException(
          "a " + size + " x " + size + " grid is too large: use a side of at most " + "7000");
    }
    switch (family) {
      case "ula":
        return new Topology.Ula(size);
      case "bla":
        return new Topology.Bla(size);
      case "uring":
        return new Topology.URing(size);
      case "ring":
        return new Topology.Ring(size);
      case "esm":
        return new Topology.Esm(size, size);
      case "mesh":
        return new Topology.Mesh(size, size);
      case "torus":
        return new Topology.Torus(size, size);
      case "star":
        return new Topology.Star(size);
      case "complete":
        return new Topology.Complete(size);
      case "hypercube":
        return new Topology.Hypercube(size);
      case "folded-hypercube":
        return new Topology.FoldedHypercube(size);
      case "random":
        return randomLinks(size, rnd);
      default:
        return tree(family, size, rnd);
    }
  }

  private static Topology tree(String family, int n, SplittableRandom rnd) {
    List<Integer> parents = new ArrayList<>(n);
    parents.add(-1);
    int spine = Math.max(1, (n + 1) / 2);
    for (int v = 1; v < n; v++) {
      switch (family) {
        case "tree-path":
          parents.add(v - 1);
          break;
        case "tree-binary":
          parents.add((v - 1) / 2);
          break;
        case "tree-caterpillar":
          parents.add(v < spine ? v - 1 : rnd.nextInt(spine));
          break;
        default:
          parents.add(rnd.nextInt(v));
          break;
      }
    }
    return new Topology.Tree(parents);
  }

  private static Topology randomLinks(int n, SplittableRandom rnd) {
    int[] perm = permutation(n, rnd);
    List<Topology.Pair> links = new ArrayList<>();
    Set<Long> seen = new HashSet<>();
    for (int i = 1; i < n; i++) {
      int u = perm[rnd.nextInt(i)];
      int v = perm[i];
      links.add(new Topology.Pair(Math.min(u, v), Math.max(u, v)));
      seen.add(pairKey(u, v, n));
    }
    long possible = (long) n * (n - 1) / 2;
    int extra = (int) Math.min(n / 2, possible - (n - 1));
    for (int tries = 0; extra > 0 && tries < 8 * n; tries++) {
      int u = rnd.nextInt(n);
      int v = rnd.nextInt(n);
      if (u != v && seen.add(pairKey(u, v, n))) {
        links.add(new Topology.Pair(Math.min(u, v), Math.max(u, v)));
        extra--;
      }
    }
    return new Topology.Explicit(n, links, true);
  }

  private static long pairKey(int u, int v, int n) {
    return (long) Math.min(u, v) * n + Math.max(u, v);
  }

  private static int[] permutation(int n, SplittableRandom rnd) {
    int[] p = new int[n];
    for (int i = 0; i < n; i++) {
      p[i] = i;
    }
    for (int i = n - 1; i > 0; i--) {
      int j = rnd.nextInt(i + 1);
      int t = p[i];
      p[i] = p[j];
      p[j] = t;
    }
    return p;
  }

  /**
   * A tiny linear-cost instance for exact cross-checks (docs/models/linear-cost.md#exact-model): a
   * send (first to last node), a broadcast (random source) or a gossip, of 1 to 3 units (gossip 1),
   * on a bla, ring, one-way ring, star or complete graph of 2 to 4 nodes (gossip 2 to 3), under F*,
   * H*, F1 or H1 (one port as send-and-receive a quarter of the time), beta 0 to 3, tau 1 or 2;
   * named after these draws.
   */
  public static Instance tinyLinearCost(SplittableRandom r) {
    int kind = r.nextInt(3);
    int n = 2 + r.nextInt(kind == 2 ? 2 : 3);
    Topology t =
        switch (r.nextInt(5)) {
          case 0 -> new Topology.Bla(n);
          case 1 -> n >= 3 ? new Topology.Ring(n) : new Topology.Bla(n);
          case 2 -> new Topology.URing(n);
          case 3 -> new Topology.Star(n);
          default -> new Topology.Complete(n);
        };
    String label = List.of("F*", "H*", "F1", "H1").get(r.nextInt(4));
    boolean sendAndReceive = label.endsWith("1") && r.nextInt(4) == 0;
    CommModel.StoreAndForward m =
        new CommModel.StoreAndForward(
            new BigDecimal(r.nextInt(4)),
            new BigDecimal(1 + r.nextInt(2)),
            label.endsWith("1") ? CommModel.Ports.ONE : CommModel.Ports.ALL,
            label.startsWith("H") ? CommModel.Duplex.HALF : CommModel.Duplex.FULL,
            sendAndReceive
                ? CommModel.OnePortRule.SEND_AND_RECEIVE
                : CommModel.OnePortRule.EXCHANGE);
    long units = 1 + r.nextInt(3);
    Problem p =
        switch (kind) {
          case 0 -> new Problem.Send(0, n - 1, units, null);
          case 1 -> new Problem.Broadcast(r.nextInt(n), units);
          default -> new Problem.Gossip(1);
        };
    return new Instance(
        p.kind().wireName()
            + " "
            + t
            + " "
            + label
            + (sendAndReceive ? " send-and-receive" : "")
            + " beta="
            + m.beta()
            + " tau="
            + m.tau(),
        p,
        m,
        Network.of(t));
  }

  private static final String[] LINK_COSTS = {"0.5", "1", "2", "3"};

  /**
   * A tiny heterogeneous linear-cost instance for exact cross-checks
   * (docs/FORMATS.md#links-with-channels-and-costs): 3 or 4 nodes joined by a random spanning tree
   * plus each other pair a third of the time, each link of 1 or 2 channels and, half the time each,
   * its own beta (0.5 to 3) and tau (1 to 3); a broadcast of 1 to 3 units from a random source or
   * (a third of the time) a gossip of 1 unit, under F*, H*, F1 or H1 with beta 1 or 2 and tau 1;
   * named after these draws.
   */
  public static Instance tinyHeterogeneous(SplittableRandom r) {
    int n = 3 + r.nextInt(2);
    List<Topology.Pair> pairs = new ArrayList<>();
    for (int v = 1; v < n; v++) {
      pairs.add(new Topology.Pair(r.nextInt(v), v)); // a random spanning tree: connected
    }
    for (int u = 0; u < n; u++) {
      for (int v = u + 1; v < n; v++) {
        Topology.Pair p = new Topology.Pair(u, v);
        if (!pairs.contains(p) && !pairs.contains(new Topology.Pair(v, u)) && r.nextInt(3) == 0) {
          pairs.add(p);
        }
      }
    }
    List<Topology.Channel> channels = new ArrayList<>();
    for (int i = 0; i < pairs.size(); i++) {
      channels.add(
          new Topology.Channel(
              1 + r.nextInt(2),
              r.nextBoolean() ? new BigDecimal(LINK_COSTS[r.nextInt(4)]) : null,
              r.nextBoolean() ? new BigDecimal(LINK_COSTS[1 + r.nextInt(3)]) : null));
    }
    String label = List.of("F*", "H*", "F1", "H1").get(r.nextInt(4));
    CommModel.StoreAndForward m =
        new CommModel.StoreAndForward(
            new BigDecimal(1 + r.nextInt(2)),
            BigDecimal.ONE,
            label.endsWith("1") ? CommModel.Ports.ONE : CommModel.Ports.ALL,
            label.startsWith("H") ? CommModel.Duplex.HALF : CommModel.Duplex.FULL,
            CommModel.OnePortRule.EXCHANGE);
    boolean gossip = r.nextInt(3) == 0;
    Problem p =
        gossip ? new Problem.Gossip(1) : new Problem.Broadcast(r.nextInt(n), 1 + r.nextInt(3));
    Network net = Network.of(new Topology.Explicit(n, pairs, true, channels));
    return new Instance(
        p.kind().wireName() + " " + label + " links " + pairs + " " + channels, p, m, net);
  }

  /**
   * A random instance of a problem kind on a network under a model, deterministic for the seed.
   *
   * @throws IllegalArgumentException if the combination cannot exist (e.g. gossip on a ula, dsa off
   *     a ula, null lengths outside scatter and gather, or a model the problem does not take),
   *     saying what to change
   */
  public static Instance instance(GeneratorSpec spec) {
    return instance(spec, null);
  }

  /**
   * A random instance on a given network (e.g. one imported from GraphML or DOT); the spec's family
   * and size are ignored. On a directed network, random pairs are drawn among nodes that reach each
   * other.
   *
   * @throws IllegalArgumentException as {@link #instance(GeneratorSpec)}, or if no pair of nodes is
   *     connected
   */
  public static Instance instance(GeneratorSpec spec, Topology given) {
    return draft(spec, given).toInstance();
  }

  /**
   * The most work, in nodes and arcs visited, that drawing the pairs of a directed network whose
   * nodes do not all reach each other may take (a search per message): about two seconds; more is
   * refused up front.
   */
  static final long PAIR_SEARCH_STEPS = 100_000_000L;

  /**
   * The most work, in nodes and arcs, that drawing explicit routes may take: each route is a search
   * of the network ({@link #randomPath}), so about the routed messages x (nodes + arcs); about two
   * seconds. More is refused up front, since on a large drawing with a message per node it is
   * quadratic.
   */
  static final long ROUTE_SEARCH_STEPS = PAIR_SEARCH_STEPS;

  /**
   * Why {@code --explicit-routes} is refused for {@code messages} (0: the kind's default count)
   * messages of a kind on a network of {@code n} nodes and {@code arcs} arcs, or null: the searches
   * would exceed {@link #ROUTE_SEARCH_STEPS}.
   */
  static String routeSearchRefusal(ProblemKind kind, int messages, long n, long arcs) {
    long routed =
        switch (kind) {
          case CHATTING -> messages > 0 ? messages : n;
          case SCATTER, GATHER -> messages > 0 ? Math.min(messages, n - 1) : n - 1;
          case SEND -> 1;
          default -> 0;
        };
    long perRoute = n + arcs;
    if (routed <= ROUTE_SEARCH_STEPS / Math.max(1, perRoute)) {
      return null;
    }
    long fit = ROUTE_SEARCH_STEPS / perRoute;
    return "--explicit-routes draws each of the "
        + routed
        + " routes by a search of the network of "
        + n
        + " nodes and "
        + arcs
        + " arcs (about "
        + (routed > Long.MAX_VALUE / perRoute
            ? "more than 10^18"
            : Long.toString(routed * perRoute))
        + " steps in all, more than the "
        + ROUTE_SEARCH_STEPS
        + " that take seconds): "
        + (fit >= 1 && kind != ProblemKind.SEND ? "use at most --messages " + fit + ", " : "")
        + "use a smaller network or leave out --explicit-routes";
  }

  /**
   * The mean hop distance from the sources (to them with {@code to}) over the nodes each reaches,
   * sources excluded; 0 if none reaches another.
   */
  private static double meanDistance(Network net, boolean to, int... sources) {
    double sum = 0;
    long count = 0;
    for (int u : sources) {
      int[] d = to ? net.distancesTo(u) : net.distancesFrom(u);
      for (int x : d) {
        if (x > 0) {
          sum += x;
          count++;
        }
      }
    }
    return count == 0 ? 0 : sum / count;
  }

  /**
   * The instance of {@link #instance(GeneratorSpec, Topology)} before its messages are drawn
   * ({@code given} null for the spec's family): the head is drawn now, the messages one by one when
   * the draft is written or collected.
   *
   * @throws IllegalArgumentException as {@link #instance(GeneratorSpec, Topology)}
   * @throws org.commsched.core.model.ModelException if the model does not fit the problem
   */
  public static InstanceDraft draft(GeneratorSpec spec, Topology given) {
    ProblemKind kind = spec.problem();
    boolean nullsAllowed = kind == ProblemKind.SCATTER || kind == ProblemKind.GATHER;
    if (!nullsAllowed && spec.lengths().canBeZero()) {
      throw new IllegalArgumentException(
          "lengths "
              + spec.lengths().format()
              + " may draw 0, but only scatter and "
              + "gather take null messages: use lengths of at least 1, e.g. uniform:1..5");
    }
    String family = given != null ? given.family() : spec.family();
    if (kind == ProblemKind.DSA && !family.equals("ula")) {
      throw new IllegalArgumentException(
          "dsa lives on a ula (one arc per time point): use family ula");
    }
    boolean oneWay = family.equals("ula") || family.equals("esm");
    if (kind == ProblemKind.GOSSIP && oneWay) {
      throw new IllegalArgumentException(
          "gossip needs every node to reach every other, which a "
              + family
              + " does not allow: use bla, mesh or another family");
    }
    SplittableRandom rnd = new SplittableRandom(spec.seed());
    Topology t = given != null ? given : network(spec.family(), spec.size(), rnd);
    boolean routed =
        kind != ProblemKind.BROADCAST
            && kind != ProblemKind.GOSSIP
            && !(kind == ProblemKind.SEND && !spec.explicitRoutes());
    if (given == null && t instanceof Topology.Complete k && k.nodes() > 5000 && routed) {
      throw new IllegalArgumentException(
          "a complete graph on "
              + k.nodes()
              + " nodes is too large for "
              + kind.name().toLowerCase(java.util.Locale.ROOT)
              + " (its routes are drawn over all arcs): use at most 5000");
    }
    Supplier<Network> net = once(() -> Network.of(t));
    // a directed drawing in which every node reaches every other draws its pairs without a search
    // per pair
    Supplier<Boolean> strong =
        once(() -> Arrays.stream(net.get().strongComponents()).allMatch(c -> c == 0));
    int n = org.commsched.core.model.Footprint.nodes(t); // without building the arcs
    if (t instanceof Topology.Explicit x
        && !x.links()
        && (kind == ProblemKind.CHATTING || kind == ProblemKind.SEND)) {
      // otherwise each pair is drawn among the nodes its source reaches: a search of the network
      // per message
      long count = kind == ProblemKind.SEND ? 1 : spec.messages() > 0 ? spec.messages() : n;
      long steps = count * ((long) n + x.pairs().size());
      if (steps > PAIR_SEARCH_STEPS && !strong.get()) {
        throw new IllegalArgumentException(
            "the directed network of "
                + n
                + " nodes has nodes that do not reach "
                + "each other, so each of the "
                + count
                + " messages is drawn after a search of the network (about "
                + steps
                + " steps in all, more than the "
                + PAIR_SEARCH_STEPS
                + " that take seconds): use at most --messages "
                + Math.max(1, PAIR_SEARCH_STEPS / (n + x.pairs().size()))
                + ", or a network in which every node reaches "
                + "every other (e.g. links)");
      }
    }
    LengthDistribution lengths = spec.lengths();
    boolean routes =
        spec.explicitRoutes()
            && kind != ProblemKind.DSA
            && kind != ProblemKind.BROADCAST
            && kind != ProblemKind.GOSSIP;
    if (routes) {
      String why = routeSearchRefusal(kind, spec.messages(), n, Footprint.arcs(t));
      if (why != null) {
        throw new IllegalArgumentException(why);
      }
    }
    double lenDigits = InstanceDraft.meanDigits(lengths);
    double nodeDigits = InstanceDraft.meanDigits(n);
    // a route's expected node count: its hops are at least the distance between its ends, so the
    // mean distance
    // from four sources spread over the ids, plus one (at least 2); a scatter or gather uses its
    // root's instead
    double routeNodes =
        routes && kind == ProblemKind.CHATTING
            ? Math.max(2, 1 + meanDistance(net.get(), false, 0, n / 4, n / 2, 3 * (n / 4)))
            : 2;
    double routeBytes = routes ? InstanceDraft.routeChars(routeNodes) + routeNodes * nodeDigits : 0;
    switch (kind) {
      case CHATTING:
      case DSA:
        {
          boolean dsa = kind == ProblemKind.DSA;
          int count = spec.messages() > 0 ? spec.messages() : n;
          long bytes =
              Math.round(
                      count
                              * (InstanceDraft.LINE
                                  + 1
                                  + 2 * nodeDigits
                                  + lenDigits
                                  + (dsa ? 0 : routeBytes))
                          + InstanceDraft.digitsBelow(count))
                  - (count > 0 ? 1 : 0);
          IntFunction<Message> source =
              dsa
                  ? i -> {
                    int lower = rnd.nextInt(n - 1);
                    int upper = rnd.nextInt(lower + 1, n);
                    return new Message("b" + i, lower, upper, lengths.sample(rnd));
                  }
                  : i -> {
                    int[] uv = pair(t, n, net, strong, rnd);
                    long len = lengths.sample(rnd);
                    List<Integer> route = routes ? randomPath(net.get(), uv[0], uv[1], rnd) : null;
                    return new Message("m" + i, uv[0], uv[1], len, route);
                  };
          return new InstanceDraft(
              spec.name(),
              dsa ? new Problem.Dsa(List.of()) : new Problem.Chatting(List.of()),
              spec.model(),
              t,
              count,
              () -> count,
              source,
              net,
              bytes,
              n,
              lengths.max());
        }
      case SCATTER:
      case GATHER:
        return rooted(spec, t, n, net, rnd, lenDigits, routes ? nodeDigits : -1);
      case BROADCAST:
        return new InstanceDraft(
            spec.name(),
            new Problem.Broadcast(oneWay ? 0 : rnd.nextInt(n), lengths.sample(rnd)),
            spec.model(),
            t,
            0,
            () -> 0,
            i -> null,
            net,
            0,
            n,
            lengths.max());
      case GOSSIP:
        return new InstanceDraft(
            spec.name(),
            new Problem.Gossip(lengths.sample(rnd)),
            spec.model(),
            t,
            0,
            () -> 0,
            i -> null,
            net,
            0,
            n,
            lengths.max());
      case SEND:
        {
          int[] uv = pair(t, n, net, strong, rnd);
          long len = lengths.sample(rnd);
          List<Integer> route = routes ? randomPath(net.get(), uv[0], uv[1], rnd) : null;
          return new InstanceDraft(
              spec.name(),
              new Problem.Send(uv[0], uv[1], len, route),
              spec.model(),
              t,
              0,
              () -> 0,
              i -> null,
              net,
              0,
              n,
              lengths.max());
        }
      default:
        throw new IllegalStateException("unknown problem kind " + kind);
    }
  }

  /**
   * A lower bound on the size in bytes of the JSON file of a spec's instance, from the spec alone,
   * before anything is drawn or built: each message line's fixed text with one-digit ids and
   * lengths and average node ids, and the node lists of a tree's {@code parents} or a random
   * network's spanning links (families whose network is built in memory before its size is known).
   * A caller refuses an instance whose floor is already too large without paying for the network.
   */
  public static long sizeFloor(GeneratorSpec spec) {
    long n =
        switch (spec.family()) {
          case "esm", "mesh", "torus" -> (long) spec.size() * spec.size();
          case "hypercube", "folded-hypercube" -> spec.size() > 30 ? 1L << 30 : 1L << spec.size();
          default -> spec.size();
        };
    long messages =
        switch (spec.problem()) {
          case CHATTING, DSA -> spec.messages() > 0 ? spec.messages() : n;
          case SCATTER, GATHER -> spec.messages() > 0 ? Math.min(spec.messages(), n - 1) : n - 1;
          default -> 0;
        };
    double digits = InstanceDraft.meanDigits(n);
    double lists =
        spec.family().startsWith("tree")
            ? n * (digits + 2)
            : spec.family().equals("random") ? (n - 1) * (2 * digits + 6) : 0;
    return Math.round(Math.max(0, messages) * (InstanceDraft.LINE + 2 + 2 * digits) + lists);
  }

  /** A supplier that computes its value on first use and keeps it. */
  private static <T> Supplier<T> once(Supplier<T> make) {
    return new Supplier<>() {
      private T value;

      @Override
      public T get() {
        if (value == null) {
          value = make.get();
        }
        return value;
      }
    };
  }

  /**
   * A random pair (u, v), u != v, that the family routes: rightward on a ula, south-east on an esm.
   */
  private static int[] pair(
      Topology t,
      int n,
      Supplier<Network> network,
      Supplier<Boolean> strong,
      SplittableRandom rnd) {
    if (t instanceof Topology.Ula) {
      int u = rnd.nextInt(n - 1);
      return new int[] {u, rnd.nextInt(u + 1, n)};
    }
    if (t instanceof Topology.Esm) {
      Topology.Esm g = (Topology.Esm) t;
      while (true) {
        int ru = rnd.nextInt(g.rows());
        int cu = rnd.nextInt(g.cols());
        int rv = rnd.nextInt(ru, g.rows());
        int cv = rnd.nextInt(cu, g.cols());
        if (rv != ru || cv != cu) {
          return new int[] {ru * g.cols() + cu, rv * g.cols() + cv};
        }
      }
    }
    if (t instanceof Topology.Explicit && !((Topology.Explicit) t).links()) {
      // a directed network need not be strongly connected: draw the target among the nodes the
      // source reaches
      Network net = network.get();
      if (n > 1
          && strong.get()) { // every other node is reached: the same draws as from the list of them
        int u = rnd.nextInt(n);
        int v = rnd.nextInt(n - 1);
        return new int[] {u, v >= u ? v + 1 : v};
      }
      for (int attempt = 0; attempt < 1000; attempt++) {
        int u = rnd.nextInt(n);
        int[] reach = reachable(net, u);
        if (reach.length > 0) {
          return new int[] {u, reach[rnd.nextInt(reach.length)]};
        }
      }
      throw new IllegalArgumentException(
          "no node of this network reaches another: it has no arcs to route over");
    }
    int u = rnd.nextInt(n);
    int v = rnd.nextInt(n - 1);
    return new int[] {u, v >= u ? v + 1 : v};
  }

  /** The nodes other than u that u reaches, in increasing order. */
  private static int[] reachable(Network net, int u) {
    int[] d = net.distancesFrom(u);
    int count = -1; // u itself
    for (int x : d) {
      count += x >= 0 ? 1 : 0;
    }
    int[] out = new int[count];
    int k = 0;
    for (int v = 0; v < d.length; v++) {
      if (d[v] >= 0 && v != u) {
        out[k++] = v;
      }
    }
    return out;
  }

  /**
   * A scatter or gather: the root, then a random subset of the other nodes (a partial Fisher-Yates
   * shuffle), then one message per chosen node in increasing order, each with its length (and
   * route). When every other node is chosen (the default) the shuffle's draws are made but no array
   * is kept: the chosen nodes are all but the root.
   */
  private static InstanceDraft rooted(
      GeneratorSpec spec,
      Topology t,
      int n,
      Supplier<Network> net,
      SplittableRandom rnd,
      double lenDigits,
      double nodeDigits) {
    boolean scatter = spec.problem() == ProblemKind.SCATTER;
    boolean oneWay = t instanceof Topology.Ula || t instanceof Topology.Esm;
    int root = oneWay ? (scatter ? 0 : n - 1) : rnd.nextInt(n);
    // with explicit routes (nodeDigits >= 0), a route's node count is at least the root's distance
    // to its node + 1
    double routeNodes =
        nodeDigits < 0 ? 0 : Math.max(2, 1 + meanDistance(net.get(), !scatter, root));
    double routeBytes =
        nodeDigits < 0 ? 0 : InstanceDraft.routeChars(routeNodes) + routeNodes * nodeDigits;
    int count = spec.messages() > 0 ? Math.min(spec.messages(), n - 1) : n - 1;
    boolean all = count == n - 1;
    int[][] chosen = {
      null
    }; // drawn before the first message: the shuffle's draws come before the lengths
    IntFunction<Message> source =
        i -> {
          if (chosen[0] == null) {
            chosen[0] = all ? new int[0] : subset(root, n, count, rnd);
            if (all) {
              for (int k = 0; k < count; k++) {
                rnd.nextInt(k, n - 1); // the draws of the full shuffle, which leaves the same set
              }
            }
          }
          int v = all ? (i < root ? i : i + 1) : chosen[0][i];
          long len = spec.lengths().sample(rnd);
          List<Integer> route =
              spec.explicitRoutes()
                  ? (scatter
                      ? randomPath(net.get(), root, v, rnd)
                      : randomPath(net.get(), v, root, rnd))
                  : null;
          return scatter
              ? new Message("m" + v, root, v, len, route)
              : new Message("m" + v, v, root, len, route);
        };
    // the id "m<v>" and the node v have the same digits; the root's digits once per line
    double vDigits =
        all
            ? (double) (InstanceDraft.digitsBelow(n) - InstanceDraft.digits(root))
                / Math.max(1, count)
            : InstanceDraft.meanDigits(n);
    long bytes =
        Math.round(
                count
                    * (InstanceDraft.LINE
                        + 1
                        + 2 * vDigits
                        + InstanceDraft.digits(root)
                        + lenDigits
                        + routeBytes))
            - (count > 0 ? 1 : 0);
    Problem head =
        scatter ? new Problem.Scatter(root, List.of()) : new Problem.Gather(root, List.of());
    return new InstanceDraft(
        spec.name(),
        head,
        spec.model(),
        t,
        count,
        () -> count,
        source,
        net,
        bytes,
        n,
        spec.lengths().max());
  }

  /**
   * The first {@code count} nodes of a partial Fisher-Yates shuffle of the nodes other than the
   * root, sorted.
   */
  private static int[] subset(int root, int n, int count, SplittableRandom rnd) {
    int[] others = new int[n - 1];
    for (int v = 0, k = 0; v < n; v++) {
      if (v != root) {
        others[k++] = v;
      }
    }
    for (int i = 0; i < count; i++) {
      int j = rnd.nextInt(i, others.length);
      int tmp = others[i];
      others[i] = others[j];
      others[j] = tmp;
    }
    int[] chosen = Arrays.copyOf(others, count);
    Arrays.sort(chosen);
    return chosen;
  }

  /**
   * A random simple path from u to v: the shortest path under fresh random arc weights 1..1000
   * (ties broken by node id), so every route is simple and follows the arcs.
   */
  public static List<Integer> randomPath(Network net, int u, int v, SplittableRandom rnd) {
    int n = net.nodes();
    long[] weight = new long[net.arcs()];
    for (int a = 0; a < weight.length; a++) {
      weight[a] = rnd.nextInt(1, 1001);
    }
    long[] dist = new long[n];
    int[] via = new int[n];
    Arrays.fill(dist, Long.MAX_VALUE);
    Arrays.fill(via, -1);
    dist[u] = 0;
    PriorityQueue<long[]> pq =
        new PriorityQueue<>(
            (x, y) -> x[0] != y[0] ? Long.compare(x[0], y[0]) : Long.compare(x[1], y[1]));
    pq.add(new long[] {0, u});
    while (!pq.isEmpty()) {
      long[] top = pq.poll();
      int x = (int) top[1];
      if (top[0] > dist[x]) {
        continue;
      }
      if (x == v) {
        break;
      }
      for (int i = 0; i < net.outDegree(x); i++) {
        int a = net.outArc(x, i);
        int y = net.head(a);
        long d = dist[x] + weight[a];
        if (d < dist[y]) {
          dist[y] = d;
          via[y] = a;
          pq.add(new long[] {d, y});
        }
      }
    }
    if (dist[v] == Long.MAX_VALUE) {
      throw new IllegalArgumentException(
          "node "
              + u
              + " cannot reach node "
              + v
              + " in this network, so no route "
              + "joins them: use a network in which every node reaches every other (e.g. links), or draw the messages "
              + "without --explicit-routes to have the one that cannot be routed named");
    }
    List<Integer> path = new ArrayList<>();
    for (int x = v; x != u; x = net.tail(via[x])) {
      path.add(x);
    }
    path.add(u);
    java.util.Collections.reverse(path);
    return path;
  }
}
