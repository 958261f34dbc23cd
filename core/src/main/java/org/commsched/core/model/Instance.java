package org.commsched.core.model;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.RandomAccess;
import org.commsched.core.time.TimeScale;

/**
 * One problem on one network under one model, with every message routed. The constructor checks
 * every rule that does not depend on a schedule and throws a {@link ModelException} naming the
 * place in the file.
 *
 * <p>Implicit messages: a broadcast or send has one message {@code m0} of the given length from its
 * source; a gossip has a message {@code m<v>} from every node v. Scatter messages start at the
 * root, gather messages end there.
 *
 * @implNote Immutable.
 */
public final class Instance {
  private final String name;
  private final Problem problem;
  private final CommModel model;
  private final Family family;
  private final Network network;
  private final List<Message> messages;
  private final List<Origin> origins;
  private final Map<String, Integer> index;
  private final Atlas atlas;
  private final TimeScale scale;
  private volatile ArcCosts arcCosts;

  /**
   * Validates and routes an instance.
   *
   * @throws ModelException if any rule is broken
   */
  public Instance(String name, Problem problem, CommModel model, Network network) {
    if (name == null || name.isBlank()) {
      throw new ModelException("/name", "an instance needs a non-empty name");
    }
    this.name = name;
    this.problem = problem;
    this.model = model;
    this.network = network;
    ProblemKind kind = problem.kind();
    this.family = Family.of(kind, model);
    this.scale = linkScale(model, network, kind);
    int n = network.nodes();
    List<Message> msgs = new ArrayList<>();
    List<Origin> orig = new ArrayList<>();
    int root = -1;
    if (problem instanceof Problem.Chatting c) {
      msgs.addAll(c.messages());
    } else if (problem instanceof Problem.Dsa d) {
      if (!(network.topology() instanceof Topology.Ula)) {
        throw new ModelException(
            "/network",
            "a dsa problem lives on a ula (one arc per time point): use "
                + "{\"family\": \"ula\", ...}");
      }
      if (!d.pointTimes().isEmpty() && d.pointTimes().size() != n) {
        throw new ModelException(
            "/network",
            "a dsa problem with point times needs one time per node of its ula: "
                + d.pointTimes().size()
                + " times for "
                + n
                + " nodes");
      }
      msgs.addAll(d.messages());
    } else if (problem instanceof Problem.Scatter s) {
      root = requireNode(s.root(), "/root", n);
      msgs.addAll(s.messages());
    } else if (problem instanceof Problem.Gather g) {
      root = requireNode(g.root(), "/root", n);
      msgs.addAll(g.messages());
    } else if (problem instanceof Problem.Send s) {
      requireNode(s.source(), "/source", n);
      requireNode(s.target(), "/target", n);
      requireLength(s.length(), "/length");
      msgs.add(new Message("m0", s.source(), s.target(), s.length(), s.route()));
      orig.add(new Origin("m0", s.source(), s.length()));
    } else if (problem instanceof Problem.Broadcast b) {
      requireNode(b.source(), "/source", n);
      requireLength(b.length(), "/length");
      orig.add(new Origin("m0", b.source(), b.length()));
    } else if (problem instanceof Problem.Gossip g) {
      requireLength(g.length(), "/length");
    }
    Map<String, Integer> idx = new HashMap<>(msgs.size() * 2);
    boolean zeroAllowed = kind == ProblemKind.SCATTER || kind == ProblemKind.GATHER;
    for (int i = 0; i < msgs.size(); i++) {
      Message m = msgs.get(i);
      int half = unpairedSurrogate(m.id());
      if (half >= 0) {
        throw new ModelException(
            messagePointer(kind, i) + "/id",
            "message id has half a character at position "
                + half
                + " (an unpaired UTF-16 surrogate, U+"
                + Integer.toHexString(m.id().charAt(half)).toUpperCase(java.util.Locale.ROOT)
                + "), which no file can hold; use whole Unicode characters");
      }
      if (idx.putIfAbsent(m.id(), i) != null) {
        throw new ModelException(
            messagePointer(kind, i) + "/id",
            "message id \""
                + m.id()
                + "\" is used twice (first at /messages/"
                + idx.get(m.id())
                + "): give every message its own id");
      }
      if (m.from() < 0
          || m.from() >= n
          || m.to() < 0
          || m.to() >= n
          || m.length() == 0 && !zeroAllowed
          || kind == ProblemKind.SCATTER && m.from() != root
          || kind == ProblemKind.GATHER && m.to() != root) {
        checkMessage(m, messagePointer(kind, i), kind, n, root, zeroAllowed);
      }
    }
    if (kind == ProblemKind.SCATTER || kind == ProblemKind.GATHER) {
      // a bit per node up to the largest one named, not an array over every node: 16 messages on a
      // star of
      // 5 x 10^7 nodes need not clear 50 MB
      BitSet seen = new BitSet();
      for (int i = 0; i < msgs.size(); i++) {
        int other = kind == ProblemKind.SCATTER ? msgs.get(i).to() : msgs.get(i).from();
        if (seen.get(other)) {
          throw new ModelException(
              "/messages/" + i,
              "node "
                  + other
                  + " has two "
                  + kind.wireName()
                  + " messages: each node has at most one (merge them into one)");
        }
        seen.set(other);
      }
    }
    this.messages = Collections.unmodifiableList(msgs);
    this.origins =
        problem instanceof Problem.Gossip g ? new GossipOrigins(n, g.length()) : List.copyOf(orig);
    this.index = Collections.unmodifiableMap(idx);
    this.atlas = new Atlas(network, msgs, kind, root, kind == ProblemKind.SEND ? "" : "/messages");
    Magnitudes.check(this);
  }

  /**
   * The position of the first surrogate char not part of a pair, or -1 (ids are text, written back
   * as UTF-8).
   */
  static int unpairedSurrogate(String id) {
    for (int k = 0; k < id.length(); k++) {
      char c = id.charAt(k);
      if (Character.isHighSurrogate(c)
          && k + 1 < id.length()
          && Character.isLowSurrogate(id.charAt(k + 1))) {
        k++;
      } else if (Character.isSurrogate(c)) {
        return k;
      }
    }
    return -1;
  }

  /**
   * The rules of one message (called only when one of them is broken, so that valid messages build
   * no pointer).
   */
  private static void checkMessage(
      Message m, String ptr, ProblemKind kind, int n, int root, boolean zeroAllowed) {
    requireNode(m.from(), ptr + "/from", n);
    requireNode(m.to(), ptr + "/to", n);
    if (m.length() == 0 && !zeroAllowed) {
      throw new ModelException(
          ptr + "/length",
          "message "
              + m.id()
              + " has length 0; a message needs at least "
              + "1 flit (drop it: it moves nothing)");
    }
    if (kind == ProblemKind.SCATTER && m.from() != root) {
      throw new ModelException(
          ptr + "/from",
          "scatter message "
              + m.id()
              + " starts at "
              + m.from()
              + " but the root is "
              + root
              + ": scatter messages start at the root");
    }
    if (kind == ProblemKind.GATHER && m.to() != root) {
      throw new ModelException(
          ptr + "/to",
          "gather message "
              + m.id()
              + " goes to "
              + m.to()
              + " but the root is "
              + root
              + ": gather messages end at the root");
    }
  }

  private static String messagePointer(ProblemKind kind, int i) {
    return kind == ProblemKind.SEND ? "" : "/messages/" + i;
  }

  private static int requireNode(int v, String ptr, int n) {
    if (v < 0 || v >= n) {
      throw new ModelException(ptr, "node " + v + " is out of range: node ids are 0.." + (n - 1));
    }
    return v;
  }

  private static void requireLength(long length, String ptr) {
    if (length < 1) {
      throw new ModelException(
          ptr, "the message length is " + length + "; it needs at least 1 unit");
    }
  }

  /** Instance name. */
  public String name() {
    return name;
  }

  /** The problem as given. */
  public Problem problem() {
    return problem;
  }

  /** Shorthand for {@code problem().kind()}. */
  public ProblemKind kind() {
    return problem.kind();
  }

  /**
   * The model family, fixed by the problem kind and the model: it picks the checker, bounds and
   * methods.
   */
  public Family family() {
    return family;
  }

  /** The communication model. */
  public CommModel model() {
    return model;
  }

  /**
   * The store-and-forward model, for code that holds a packet or linear-cost instance (the typed
   * view of {@link #model()}, in place of a cast).
   *
   * @throws IllegalStateException if the model is bufferless
   */
  public CommModel.StoreAndForward storeAndForward() {
    if (model instanceof CommModel.StoreAndForward m) {
      return m;
    }
    throw new IllegalStateException(
        name
            + " is a bufferless "
            + kind().wireName()
            + " instance, not a "
            + "store-and-forward one");
  }

  /**
   * The bufferless port rule, for code that holds a bufferless instance (the typed view of {@link
   * #model()}).
   *
   * @throws IllegalStateException if the model is store-and-forward
   */
  public CommModel.BufferlessPorts bufferlessPorts() {
    if (model instanceof CommModel.Bufferless m) {
      return m.ports();
    }
    throw new IllegalStateException(
        name
            + " is a store-and-forward "
            + kind().wireName()
            + " instance, not a "
            + "bufferless one");
  }

  /**
   * The model's scale made fine enough for the links' own costs; refuses links with channels or
   * costs outside the linear-cost family (send, broadcast, gossip under a store-and-forward model),
   * the only one that reads them.
   */
  private static TimeScale linkScale(CommModel model, Network network, ProblemKind kind) {
    TimeScale s = model.timeScale();
    if (!network.hasChannels()) {
      return s;
    }
    Topology.Explicit e = (Topology.Explicit) network.topology();
    String key = e.links() ? "links" : "arcs";
    if (!(model instanceof CommModel.StoreAndForward)
        || !(kind == ProblemKind.SEND
            || kind == ProblemKind.BROADCAST
            || kind == ProblemKind.GOSSIP)) {
      int i = 0;
      while (e.channels().get(i).plain()) {
        i++;
      }
      throw new ModelException(
          "/network/" + key + "/" + i,
          "links with a count or their own beta and tau are "
              + "read only by send, broadcast and gossip under a store-and-forward model, and this is "
              + kind.wireName()
              + (model instanceof CommModel.Bufferless ? " under a bufferless model" : "")
              + "; write the link as [u, v]");
    }
    CommModel.StoreAndForward saf = (CommModel.StoreAndForward) model;
    for (int i = 0; i < e.channels().size(); i++) {
      Topology.Channel c = e.channels().get(i);
      s = s.max(TimeScale.finest(c.beta(), c.tau()));
      if ((c.beta() == null ? saf.beta() : c.beta()).signum() == 0
          && (c.tau() == null ? saf.tau() : c.tau()).signum() == 0) {
        throw new ModelException(
            "/network/" + key + "/" + i,
            "this link's beta and tau are both 0, so a packet "
                + "on it would take no time; make its \"beta\" or \"tau\" positive");
      }
    }
    return s;
  }

  /** The network. */
  public Network network() {
    return network;
  }

  /**
   * The instance's time scale: the model's, made finer by the links' own costs when the network has
   * them ({@link Network#hasChannels()}), so that every link's beta and tau are whole ticks.
   */
  public TimeScale timeScale() {
    return scale;
  }

  /**
   * The packet costs of each arc in ticks of {@link #timeScale()}
   * (docs/FORMATS.md#links-with-channels-and-costs): the model's beta and tau on every arc unless
   * the network's links carry their own. Store-and-forward models only.
   */
  public ArcCosts arcCosts() {
    if (arcCosts == null) {
      arcCosts = ArcCosts.of(storeAndForward(), network, scale);
    }
    return arcCosts;
  }

  /**
   * The routed messages, in file order: the message list of chatting, scatter, gather and dsa; the
   * single message {@code m0} of a send; empty for broadcast and gossip (see {@link #origins()}).
   */
  public List<Message> messages() {
    return messages;
  }

  /** Unit-level messages of broadcast, gossip and send; empty for the other kinds. */
  public List<Origin> origins() {
    return origins;
  }

  /**
   * Index of a message id in {@link #origins()}, or -1: a gossip's {@code m<v>} is read as its node
   * v (the id as {@code "m" + v} writes it, v a node), the one origin of a broadcast or send is
   * compared.
   */
  public int originIndexOf(String id) {
    if (origins instanceof GossipOrigins) {
      return GossipOrigins.nodeOf(id, network.nodes());
    }
    for (int i = 0; i < origins.size(); i++) {
      if (origins.get(i).message().equals(id)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The origins of a gossip, {@code m<v>} from node v, computed from the index when asked: a ring
   * of 10^7 nodes holds no 10^7 objects and ids for them, and a schedule's id is mapped back to its
   * node by reading the number.
   */
  private static final class GossipOrigins extends AbstractList<Origin> implements RandomAccess {
    private final int nodes;
    private final long length;

    GossipOrigins(int nodes, long length) {
      this.nodes = nodes;
      this.length = length;
    }

    @Override
    public Origin get(int v) {
      Objects.checkIndex(v, nodes);
      return new Origin("m" + v, v, length);
    }

    @Override
    public int size() {
      return nodes;
    }

    /**
     * The node v whose id {@code "m" + v} is {@code id}, or -1 (no leading zeros, no sign, v below
     * nodes).
     */
    static int nodeOf(String id, int nodes) {
      int digits = id.length() - 1;
      if (digits < 1 || digits > 10 || id.charAt(0) != 'm' || digits > 1 && id.charAt(1) == '0') {
        return -1;
      }
      long v = 0;
      for (int k = 1; k <= digits; k++) {
        char c = id.charAt(k);
        if (c < '0' || c > '9') {
          return -1;
        }
        v = 10 * v + (c - '0');
      }
      return v < nodes ? (int) v : -1;
    }
  }

  /** Index of a message id in {@link #messages()}, or -1. */
  public int indexOf(String id) {
    Integer i = index.get(id);
    return i == null ? -1 : i;
  }

  /** The routes of {@link #messages()}. */
  public Atlas atlas() {
    return atlas;
  }

  /** Root of a scatter or gather, source of a broadcast or send, else -1. */
  public int root() {
    if (problem instanceof Problem.Scatter s) {
      return s.root();
    }
    if (problem instanceof Problem.Gather g) {
      return g.root();
    }
    if (problem instanceof Problem.Broadcast b) {
      return b.source();
    }
    if (problem instanceof Problem.Send s) {
      return s.source();
    }
    return -1;
  }
}
