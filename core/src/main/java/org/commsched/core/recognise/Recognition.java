package org.commsched.core.recognise;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.SolveResult;

/**
 * An explicit network recognised as one of the regular families, with the node map: the proof that
 * the network is the family's network under another numbering, so the family's bounds and schemes
 * apply to it.
 *
 * <p>{@link #of(Network)} tries the families in a fixed order (undirected: complete, bla, ring,
 * star, hypercube, folded hypercube, torus, mesh; one-way: ula, uring; the first that fits wins
 * where graphs coincide, e.g. the 4 x 4 torus is the hypercube Q_4). Each family is first screened
 * by counts (nodes, arcs, degrees) and then its node map is built directly, in O(nodes + arcs) up
 * to the log of a degree: walking the path or cycle, labelling hypercube nodes by the union of
 * their lower breadth-first neighbours' labels, mesh nodes by their distances from two corners,
 * torus rows by completing squares. Whatever a construction proposes is only accepted after {@link
 * #isomorphism} has confirmed it (a bijection of the nodes under which every arc is an arc of the
 * family, with equal arc counts), so a wrong construction can only miss a family, never claim one
 * the network is not.
 *
 * <p>An instance on the network is carried over by {@link #relabel} (every node id through the map,
 * routes kept as the user's instance routes them) and a schedule of the family instance back by
 * {@link #back(Schedule, Instance, Instance)}: node ids through the inverse map, gossip message ids
 * {@code m<v>} renamed with their node.
 *
 * @implNote Immutable; the map arrays are never exposed.
 */
public final class Recognition {
  private final Topology family;
  private final Network network;
  private final int[] toFamily; // explicit node v is family node toFamily[v]
  private final int[] fromFamily; // family node f is explicit node fromFamily[f]

  private Recognition(Topology family, Network network, int[] toFamily) {
    this.family = family;
    this.network = network;
    this.toFamily = toFamily;
    this.fromFamily = new int[toFamily.length];
    for (int v = 0; v < toFamily.length; v++) {
      fromFamily[toFamily[v]] = v;
    }
  }

  /**
   * The family an explicit network is, or null: for networks that are not explicit (they are their
   * family already, or a tree), for networks of fewer than 2 nodes, and for every network no family
   * fits. A declared mesh, torus, hypercube, folded hypercube or star that is also a complete
   * graph, path or ring is recognised as that ({@link #declared}).
   */
  public static Recognition of(Network g) {
    if (g.nodes() < 2
        || g.hasChannels()) { // a family has one channel at the model's costs on every link
      return null;
    }
    Topology t = g.topology();
    if (t instanceof Topology.Mesh
        || t instanceof Topology.Torus
        || t instanceof Topology.Hypercube
        || t instanceof Topology.FoldedHypercube
        || t instanceof Topology.Star) {
      return declared(g);
    }
    if (!(t instanceof Topology.Explicit)) {
      return null;
    }
    Shape s = new Shape(g);
    List<Candidate> tries = new ArrayList<>();
    if (s.symmetric) {
      tries.add(Recognition::complete);
      tries.add(Recognition::path);
      tries.add(Recognition::ring);
      tries.add(Recognition::star);
      tries.add(Recognition::hypercube);
      tries.add(Recognition::folded);
      tries.add(Recognition::torus);
      tries.add(Recognition::mesh);
    } else if (s.oneWay) {
      tries.add(Recognition::ula);
      tries.add(Recognition::uring);
    }
    for (Candidate c : tries) {
      Recognition r = c.attempt(g, s);
      if (r != null) {
        return r;
      }
    }
    return null;
  }

  /**
   * A declared two-dimensional, hypercube or star family whose graph is also a complete graph, a
   * path or a ring (in that order, the order {@link #of} tries them in on explicit networks): the
   * mesh 1 x n is the path P_n, the mesh 2 x 2, the torus 2 x 2 and Q_2 the ring C_4, the torus 1 x
   * n the ring C_n (K_3 for n = 3), Q_1 and the stars of 2 and 3 nodes K_2 and P_3, Q_2^+ the
   * complete graph K_4. These three families carry the thesis's schemes and optima for every
   * problem (the ring broadcast and gossip theorems above all), which the declared family's own
   * methods do not reach on such a degenerate size. Other coincidences of the explicit order (the
   * torus 2 x 4 and 4 x 4 are Q_3 and Q_4) keep the declared family: neither family's schemes
   * dominate the other's there. Null when the graph is none of the three.
   */
  private static Recognition declared(Network g) {
    Shape s = new Shape(g);
    if (!s.symmetric) {
      return null;
    }
    for (Candidate c :
        List.<Candidate>of(Recognition::complete, Recognition::path, Recognition::ring)) {
      Recognition r = c.attempt(g, s);
      if (r != null) {
        return r;
      }
    }
    return null;
  }

  /**
   * The family's network description, as an instance file would write it (e.g. a ring of 8 nodes).
   */
  public Topology family() {
    return family;
  }

  /** The family's network. */
  public Network network() {
    return network;
  }

  /** The family node of explicit node v. */
  public int toFamily(int v) {
    return toFamily[v];
  }

  /** The explicit node of family node f. */
  public int fromFamily(int f) {
    return fromFamily[f];
  }

  /**
   * The family in words, e.g. {@code "ring of 8 nodes"}, {@code "mesh 3x4"}, {@code "hypercube
   * Q_3"}.
   */
  public String words() {
    return words(family);
  }

  /** A regular family's network in words. */
  public static String words(Topology t) {
    if (t instanceof Topology.Mesh m) {
      return "mesh " + m.rows() + "x" + m.cols();
    } else if (t instanceof Topology.Torus m) {
      return "torus " + m.rows() + "x" + m.cols();
    } else if (t instanceof Topology.Hypercube h) {
      return "hypercube Q_" + h.dimension();
    } else if (t instanceof Topology.FoldedHypercube h) {
      return "folded hypercube Q_" + h.dimension() + "^+";
    }
    return t.family() + " of " + Network.of(t).nodes() + " nodes";
  }

  /**
   * True if {@code map} (node v of {@code g} to node map[v] of {@code f}) is an isomorphism: a
   * bijection of the nodes under which every arc of g is an arc of f, and both have as many arcs
   * (so the arcs correspond one to one, neither network having two arcs with the same ends).
   */
  public static boolean isomorphism(Network g, Network f, int[] map) {
    int n = g.nodes();
    if (f.nodes() != n || map.length != n || g.arcs() != f.arcs()) {
      return false;
    }
    boolean[] hit = new boolean[n];
    for (int v = 0; v < n; v++) {
      int x = map[v];
      if (x < 0 || x >= n || hit[x]) {
        return false;
      }
      hit[x] = true;
    }
    for (int a = 0, m = g.arcs(); a < m; a++) {
      if (f.arc(map[g.tail(a)], map[g.head(a)]) < 0) {
        return false;
      }
    }
    return true;
  }

  // ---- instances and schedules

  /**
   * The instance {@code user} (on the recognised network) on the family's network: sources,
   * targets, roots and routes through the map, message ids and lengths as they are. A routed
   * problem (chatting, scatter, gather, send) keeps the user instance's routes: where the family's
   * default routes are not the images of the user's routes (explicit or default) for every message,
   * every message carries its mapped route explicitly, so both instances ask the same question.
   */
  public Instance relabel(Instance user) {
    if (user.network().nodes() != toFamily.length) {
      throw new IllegalArgumentException(
          "instance " + user.name() + " is not on the recognised network");
    }
    Problem p = user.problem();
    if (p instanceof Problem.Broadcast b) {
      return on(user, new Problem.Broadcast(toFamily[b.source()], b.length()));
    } else if (p instanceof Problem.Gossip) {
      return on(user, p);
    }
    Instance defaults = on(user, mapped(user, false));
    if (sameRoutes(user, defaults)) {
      return defaults;
    }
    return on(user, mapped(user, true));
  }

  private Instance on(Instance user, Problem p) {
    return new Instance(user.name(), p, user.model(), network);
  }

  /**
   * The user's problem through the map; {@code allRoutes}: every message with its route made
   * explicit.
   */
  private Problem mapped(Instance user, boolean allRoutes) {
    Problem p = user.problem();
    if (p instanceof Problem.Send s) {
      List<Integer> route = allRoutes ? route(user, 0) : map(s.route());
      return new Problem.Send(toFamily[s.source()], toFamily[s.target()], s.length(), route);
    }
    List<Message> ms = new ArrayList<>(user.messages().size());
    for (int i = 0; i < user.messages().size(); i++) {
      Message m = user.messages().get(i);
      List<Integer> route = allRoutes ? route(user, i) : map(m.route());
      ms.add(new Message(m.id(), toFamily[m.from()], toFamily[m.to()], m.length(), route));
    }
    if (p instanceof Problem.Chatting) {
      return new Problem.Chatting(ms);
    } else if (p instanceof Problem.Scatter s) {
      return new Problem.Scatter(toFamily[s.root()], ms);
    } else if (p instanceof Problem.Gather g) {
      return new Problem.Gather(toFamily[g.root()], ms);
    }
    throw new IllegalArgumentException(
        "a " + p.kind().wireName() + " instance does not live on an explicit network");
  }

  private List<Integer> route(Instance user, int i) {
    int[] nodes = user.atlas().nodes(i);
    List<Integer> out = new ArrayList<>(nodes.length);
    for (int v : nodes) {
      out.add(toFamily[v]);
    }
    return out;
  }

  private List<Integer> map(List<Integer> route) {
    if (route == null) {
      return null;
    }
    List<Integer> out = new ArrayList<>(route.size());
    for (int v : route) {
      out.add(toFamily[v]);
    }
    return out;
  }

  /** True if every message of {@code family} follows the image of its route in {@code user}. */
  private boolean sameRoutes(Instance user, Instance family) {
    for (int i = 0; i < user.atlas().size(); i++) {
      int[] u = user.atlas().nodes(i);
      int[] f = family.atlas().nodes(i);
      if (u.length != f.length) {
        return false;
      }
      for (int k = 0; k < u.length; k++) {
        if (toFamily[u[k]] != f[k]) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * A schedule of {@code solved} (this recognition's {@link #relabel} of {@code user}) as a
   * schedule of {@code user}: the nodes of transmissions and control transfers through the inverse
   * map, and a gossip's message {@code m<f>} (from family node f) renamed to the message of the
   * user's node that f stands for. Departures and slots name messages only, whose ids the
   * relabelling kept.
   */
  public Schedule back(Schedule s, Instance solved, Instance user) {
    if (s instanceof Schedule.Transmissions t) {
      boolean gossip = user.kind() == ProblemKind.GOSSIP;
      List<Schedule.Transmission> out = new ArrayList<>(t.transmissions().size());
      for (Schedule.Transmission x : t.transmissions()) {
        String id = x.message();
        if (gossip) {
          int f = solved.originIndexOf(id);
          if (f >= 0) {
            id = user.origins().get(fromFamily[f]).message();
          }
        }
        out.add(
            new Schedule.Transmission(
                id,
                x.packet(),
                x.size(),
                fromFamily[x.from()],
                fromFamily[x.to()],
                x.start(),
                x.first()));
      }
      return new Schedule.Transmissions(t.scale(), out);
    } else if (s instanceof Schedule.Departures d && !d.control().isEmpty()) {
      List<Schedule.ControlTransfer> control = new ArrayList<>(d.control().size());
      for (Schedule.ControlTransfer c : d.control()) {
        control.add(
            new Schedule.ControlTransfer(
                fromFamily[c.from()], fromFamily[c.to()], c.step(), c.kind(), c.values()));
      }
      return new Schedule.Departures(d.departures(), control);
    }
    return s;
  }

  /**
   * A result on {@code solved} as a result on {@code user}: its schedule mapped back ({@link
   * #back(Schedule, Instance, Instance)}) and its bound's witness renumbered ({@link
   * #back(LowerBound)}), all else kept.
   */
  public SolveResult back(SolveResult r, Instance solved, Instance user) {
    return new SolveResult(
        r.method(),
        r.status(),
        r.hasSchedule() ? back(r.schedule(), solved, user) : null,
        r.makespan(),
        back(r.lowerBound()),
        r.scale(),
        r.stats());
  }

  /**
   * A bound of the family instance as a bound of the user's: its witness's node references (those
   * {@link Network#nameNodes} names: after "node"/"nodes"/"link" and around "->"; and after
   * "source", "target", "root", both ends of "path from 2 to 5") renumbered to the user's nodes.
   */
  public LowerBound back(LowerBound b) {
    return b == null ? null : new LowerBound(b.value(), b.kind(), back(b.witness()));
  }

  /** A text about the family's network with its node references renumbered to the user's nodes. */
  public String back(String text) {
    return Network.replaceNodesAndEndpoints(
        text,
        f ->
            f >= 0 && f < fromFamily.length
                ? Integer.toString(fromFamily[f])
                : Integer.toString(f));
  }

  // ---- the families

  /** One family's attempt: a verified recognition, or null. */
  private interface Candidate {
    Recognition attempt(Network g, Shape s);
  }

  /** The counts every attempt screens with, computed once. */
  private static final class Shape {
    final int n;
    final int arcs;
    final boolean symmetric; // every arc has its reverse: a network of links
    final boolean oneWay; // no arc has its reverse
    final int minDegree; // out-degrees (on a network of links: the link degrees)
    final int maxDegree;

    Shape(Network g) {
      n = g.nodes();
      arcs = g.arcs();
      boolean all = true;
      boolean none = true;
      for (int a = 0; a < arcs; a++) {
        if (g.reverse(a) >= 0) {
          none = false;
        } else {
          all = false;
        }
      }
      symmetric = all;
      oneWay = none;
      int lo = Integer.MAX_VALUE;
      int hi = 0;
      for (int v = 0; v < n; v++) {
        lo = Math.min(lo, g.outDegree(v));
        hi = Math.max(hi, g.outDegree(v));
      }
      minDegree = lo;
      maxDegree = hi;
    }

    /** Links of a symmetric network. */
    long links() {
      return arcs / 2;
    }
  }

  private static Recognition accept(Network g, Topology t, int[] map) {
    Network f = Network.of(t);
    return isomorphism(g, f, map) ? new Recognition(t, f, map) : null;
  }

  private static int neighbour(Network g, int v, int i) {
    return g.head(g.outArc(v, i));
  }

  private static Recognition complete(Network g, Shape s) {
    long n = s.n;
    if (s.links() != n * (n - 1) / 2 || n > 46_341) {
      return null;
    }
    int[] map = new int[s.n];
    Arrays.setAll(map, v -> v);
    return accept(g, new Topology.Complete(s.n), map);
  }

  private static Recognition path(Network g, Shape s) {
    if (s.links() != s.n - 1 || s.minDegree != 1 || s.maxDegree > 2) {
      return null;
    }
    int start = -1;
    for (int v = 0; v < s.n && start < 0; v++) {
      if (g.outDegree(v) == 1) {
        start = v;
      }
    }
    int[] map = walk(g, s.n, start);
    return map == null ? null : accept(g, new Topology.Bla(s.n), map);
  }

  private static Recognition ring(Network g, Shape s) {
    if (s.n < 3 || s.links() != s.n || s.minDegree != 2 || s.maxDegree != 2) {
      return null;
    }
    int[] map = walk(g, s.n, 0);
    return map == null ? null : accept(g, new Topology.Ring(s.n), map);
  }

  private static Recognition ula(Network g, Shape s) {
    if (s.arcs != s.n - 1 || s.maxDegree > 1) {
      return null;
    }
    int start = -1;
    for (int v = 0; v < s.n && start < 0; v++) {
      if (g.inDegree(v) == 0) {
        start = v;
      }
    }
    int[] map = walk(g, s.n, start);
    return map == null ? null : accept(g, new Topology.Ula(s.n), map);
  }

  private static Recognition uring(Network g, Shape s) {
    if (s.n < 3 || s.arcs != s.n || s.minDegree != 1 || s.maxDegree != 1) {
      return null;
    }
    int[] map = walk(g, s.n, 0);
    return map == null ? null : accept(g, new Topology.URing(s.n), map);
  }

  /**
   * Numbers the nodes in the order of a walk from {@code start} that never steps straight back
   * (out-arcs only, the smallest head first): a path, a cycle or a one-way version of either. Null
   * if the walk ends early or comes back.
   */
  private static int[] walk(Network g, int n, int start) {
    if (start < 0) {
      return null;
    }
    int[] map = new int[n];
    Arrays.fill(map, -1);
    int prev = -1;
    int cur = start;
    for (int i = 0; i < n; i++) {
      if (cur < 0 || map[cur] >= 0) {
        return null;
      }
      map[cur] = i;
      int next = -1;
      for (int k = 0, d = g.outDegree(cur); k < d && next < 0; k++) {
        int x = neighbour(g, cur, k);
        if (x != prev) {
          next = x;
        }
      }
      prev = cur;
      cur = next;
    }
    return map;
  }

  private static Recognition star(Network g, Shape s) {
    if (s.n < 3 || s.links() != s.n - 1 || s.maxDegree != s.n - 1) {
      return null;
    }
    int centre = 0;
    while (g.outDegree(centre) != s.n - 1) {
      centre++;
    }
    int[] map = new int[s.n];
    int next = 1;
    for (int v = 0; v < s.n; v++) {
      map[v] = v == centre ? 0 : next++;
    }
    return accept(g, new Topology.Star(s.n), map);
  }

  /** The dimension d with 2^d = n, or -1. */
  private static int log2(int n) {
    return Integer.bitCount(n) == 1 ? Integer.numberOfTrailingZeros(n) : -1;
  }

  /**
   * Breadth-first distances from node 0 and the nodes in breadth-first order (entry n of the
   * result's first part).
   */
  private static int[][] layers(Network g) {
    int n = g.nodes();
    int[] dist = new int[n];
    Arrays.fill(dist, -1);
    int[] order = new int[n];
    int head = 0;
    int tail = 0;
    dist[0] = 0;
    order[tail++] = 0;
    while (head < tail) {
      int x = order[head++];
      for (int k = 0, d = g.outDegree(x); k < d; k++) {
        int y = neighbour(g, x, k);
        if (dist[y] < 0) {
          dist[y] = dist[x] + 1;
          order[tail++] = y;
        }
      }
    }
    return tail == n ? new int[][] {dist, order} : null;
  }

  /**
   * Q_d: node 0 is 0, its i-th neighbour is bit i, and every further node (in breadth-first order)
   * the union of the labels of its neighbours one layer closer (a node of weight k has exactly k of
   * them, each missing one of its bits).
   */
  private static Recognition hypercube(Network g, Shape s) {
    int d = log2(s.n);
    if (d < 2 || s.minDegree != d || s.maxDegree != d) {
      return null;
    }
    int[][] bfs = layers(g);
    if (bfs == null) {
      return null;
    }
    int[] dist = bfs[0];
    int[] map = new int[s.n];
    for (int k = 0; k < d; k++) {
      map[neighbour(g, 0, k)] = 1 << k;
    }
    for (int i = d + 1; i < s.n; i++) {
      int v = bfs[1][i];
      int label = 0;
      for (int k = 0; k < d; k++) {
        int u = neighbour(g, v, k);
        if (dist[u] == dist[v] - 1) {
          label |= map[u];
        }
      }
      map[v] = label;
    }
    return accept(g, new Topology.Hypercube(d), map);
  }

  /**
   * Q_m^+ is the Cayley graph of Z_2^m with the m + 1 generators e_0..e_{m-1} and the all-ones
   * word, which sum to 0. Node 0 is 0 and its i-th neighbour generator i; a node at distance k
   * below (m+1)/2 is the sum of a unique k-set of generators, the union of its lower neighbours'
   * sets; at distance (m+1)/2 (m odd) it has two such sets, and the union of two lower neighbours'
   * sets of size k is one of them. Q_3^+ (K_{4,4}, where four distinct generators sum to 0) is
   * split by its two colour classes instead.
   */
  private static Recognition folded(Network g, Shape s) {
    int m = log2(s.n);
    if (m < 3 || s.minDegree != m + 1 || s.maxDegree != m + 1) {
      return null;
    }
    int[][] bfs = layers(g);
    if (bfs == null) {
      return null;
    }
    int[] dist = bfs[0];
    int[] map = new int[s.n];
    if (m == 3) {
      int[] even = {0, 3, 5, 6};
      int[] odd = {1, 2, 4, 7};
      int e = 0;
      int o = 0;
      for (int v = 0; v < s.n; v++) {
        if (dist[v] % 2 == 0) {
          map[v] = e < 4 ? even[e++] : -1;
        } else {
          map[v] = o < 4 ? odd[o++] : -1;
        }
      }
      return accept(g, new Topology.FoldedHypercube(m), map);
    }
    int[] set = new int[s.n]; // generator sets as bit masks over the m + 1 generators
    for (int k = 0; k <= m; k++) {
      set[neighbour(g, 0, k)] = 1 << k;
    }
    for (int i = m + 2; i < s.n; i++) {
      int v = bfs[1][i];
      int k = dist[v];
      int first = -1;
      int union = 0;
      for (int j = 0; j <= m; j++) {
        int u = neighbour(g, v, j);
        if (dist[u] != k - 1) {
          continue;
        }
        if (2 * k < m + 1) {
          union |= set[u];
        } else if (first < 0) {
          first = set[u];
          union = -1;
        } else if (union < 0 && Integer.bitCount(first | set[u]) == k) {
          union = first | set[u];
        }
      }
      if (union < 0 || 2 * k > m + 1) {
        return null;
      }
      set[v] = union;
    }
    int all = (1 << m) - 1;
    for (int v = 0; v < s.n; v++) {
      int id = set[v] & all;
      if ((set[v] >> m & 1) != 0) {
        id ^= all;
      }
      map[v] = id;
    }
    return accept(g, new Topology.FoldedHypercube(m), map);
  }

  /**
   * Mesh rows x cols (both at least 2, not 2 x 2, which is a ring): its four degree-2 nodes are the
   * corners; from the first corner A = (0, 0) the farthest is the opposite one, the nearer of the
   * others C = (rows-1, 0) and the third B = (0, cols-1); node (i, j) is at distance i + j from A
   * and i + cols-1-j from B, which give i and j.
   */
  private static Recognition mesh(Network g, Shape s) {
    if (s.minDegree != 2 || s.maxDegree > 4) {
      return null;
    }
    int[] corners = new int[4];
    int c = 0;
    for (int v = 0; v < s.n; v++) {
      if (g.outDegree(v) == 2) {
        if (c == 4) {
          return null;
        }
        corners[c++] = v;
      }
    }
    if (c != 4) {
      return null;
    }
    int[] fromA = g.distancesFrom(corners[0]);
    Integer[] others = {corners[1], corners[2], corners[3]};
    Arrays.sort(others, (x, y) -> Integer.compare(fromA[x], fromA[y]));
    int nearer = others[0];
    int b = others[1];
    if (fromA[nearer] < 1) {
      return null; // disconnected
    }
    int rows = fromA[nearer] + 1;
    int cols = fromA[b] + 1;
    if ((long) rows * cols != s.n
        || rows < 2
        || rows == 2 && cols == 2
        || s.links() != (long) rows * (cols - 1) + (long) cols * (rows - 1)) {
      return null;
    }
    int[] fromB = g.distancesFrom(b);
    int[] map = new int[s.n];
    for (int v = 0; v < s.n; v++) {
      int twice = fromA[v] + fromB[v] - (cols - 1);
      int i = twice / 2;
      int j = fromA[v] - i;
      if (fromA[v] < 0
          || fromB[v] < 0
          || twice < 0
          || twice % 2 != 0
          || i >= rows
          || j < 0
          || j >= cols) {
        return null;
      }
      map[v] = i * cols + j;
    }
    return accept(g, new Topology.Mesh(rows, cols), map);
  }

  /**
   * Torus rows x cols: both at least 3 (4-regular), or 2 x cols with cols at least 3 (3-regular,
   * the prism). For each way of splitting node 0's neighbours into its row pair (east, west) and
   * its column neighbours (south, north; one node when there are two rows), rows 0, 1 and -1 are
   * walked east together ((1, j) is the common neighbour of (1, j-1) and (0, j) other than (0,
   * j-1); (0, j+1) is the neighbour of (0, j) that is none of (0, j-1), (1, j), (-1, j)) until row
   * 0 closes, and each further row is the neighbours of the row before that are not in it or the
   * one before, until row 0 comes round again.
   */
  private static Recognition torus(Network g, Shape s) {
    int deg = s.minDegree;
    if (deg != s.maxDegree || deg != 3 && deg != 4) {
      return null;
    }
    int[] nb = new int[deg];
    for (int k = 0; k < deg; k++) {
      nb[k] = neighbour(g, 0, k);
    }
    int[][] splits =
        deg == 4
            ? new int[][] {{0, 1, 2, 3}, {0, 2, 1, 3}, {0, 3, 1, 2}} // east, west, south, north
            : new int[][] {{1, 2, 0, 0}, {0, 2, 1, 1}, {0, 1, 2, 2}};
    for (int[] split : splits) {
      Recognition r = torusFrom(g, s, nb[split[0]], nb[split[2]], nb[split[3]]);
      if (r != null) {
        return r;
      }
    }
    return null;
  }

  private static Recognition torusFrom(Network g, Shape s, int east, int south, int north) {
    int n = s.n;
    int[] row0 = new int[n + 1];
    int[] row1 = new int[n + 1];
    int[] rowUp = new int[n + 1];
    row0[0] = 0;
    row0[1] = east;
    row1[0] = south;
    rowUp[0] = north;
    int cols = -1;
    for (int j = 1; j <= n && cols < 0; j++) {
      row1[j] = commonOther(g, row1[j - 1], row0[j], row0[j - 1]);
      rowUp[j] = south == north ? row1[j] : commonOther(g, rowUp[j - 1], row0[j], row0[j - 1]);
      if (row1[j] < 0 || rowUp[j] < 0) {
        return null;
      }
      int next = -1;
      for (int k = 0, d = g.outDegree(row0[j]); k < d; k++) {
        int x = neighbour(g, row0[j], k);
        if (x != row0[j - 1] && x != row1[j] && x != rowUp[j]) {
          if (next >= 0) {
            return null;
          }
          next = x;
        }
      }
      if (next < 0) {
        return null;
      }
      if (next == 0) {
        cols = j + 1;
      } else {
        row0[j + 1] = next;
      }
    }
    if (cols < 3 || n % cols != 0) {
      return null;
    }
    int rows = n / cols;
    if (rows < 2 || (rows == 2) != (south == north) || rows == 2 && g.outDegree(0) != 3) {
      return null;
    }
    int[] map = new int[n];
    Arrays.fill(map, -1);
    int[] prev = Arrays.copyOf(row0, cols);
    int[] cur = Arrays.copyOf(row1, cols);
    for (int j = 0; j < cols; j++) {
      map[prev[j]] = j;
    }
    for (int i = 1; i < rows; i++) {
      for (int j = 0; j < cols; j++) {
        if (cur[j] < 0 || map[cur[j]] >= 0) {
          return null;
        }
        map[cur[j]] = i * cols + j;
      }
      if (i + 1 == rows) {
        break;
      }
      int[] next = new int[cols];
      for (int j = 0; j < cols; j++) {
        int left = cur[(j + cols - 1) % cols];
        int right = cur[(j + 1) % cols];
        next[j] = -1;
        for (int k = 0, d = g.outDegree(cur[j]); k < d; k++) {
          int x = neighbour(g, cur[j], k);
          if (x != prev[j] && x != left && x != right) {
            if (next[j] >= 0) {
              return null;
            }
            next[j] = x;
          }
        }
      }
      prev = cur;
      cur = next;
    }
    return accept(g, new Topology.Torus(rows, cols), map);
  }

  /**
   * The only common neighbour of a and b other than {@code other}, or -1 if there is none or more
   * than one.
   */
  private static int commonOther(Network g, int a, int b, int other) {
    int found = -1;
    for (int k = 0, d = g.outDegree(a); k < d; k++) {
      int x = neighbour(g, a, k);
      if (x != other && x != b && g.arc(x, b) >= 0) {
        if (found >= 0) {
          return -1;
        }
        found = x;
      }
    }
    return found;
  }
}
