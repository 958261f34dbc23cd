package org.commsched.core.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.time.TimeScale;

/**
 * One problem on one network under one model, with every message routed. The constructor checks every rule
 * that does not depend on a schedule and throws a {@link ModelException} naming the place in the file.
 *
 * <p>Implicit messages: a broadcast or send has one message {@code m0} of the given length from its source; a
 * gossip has a message {@code m<v>} from every node v. Scatter messages start at the root, gather messages end
 * there.
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
    int n = network.nodes();
    List<Message> msgs = new ArrayList<>();
    List<Origin> orig = new ArrayList<>();
    int root = -1;
    if (problem instanceof Problem.Chatting c) {
      msgs.addAll(c.messages());
    } else if (problem instanceof Problem.Dsa d) {
      if (!(network.topology() instanceof Topology.Ula)) {
        throw new ModelException("/network", "a dsa problem lives on a ula (one arc per time point): use "
            + "{\"family\": \"ula\", ...}");
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
      for (int v = 0; v < n; v++) {
        orig.add(new Origin("m" + v, v, g.length()));
      }
    }
    Map<String, Integer> idx = new HashMap<>(msgs.size() * 2);
    boolean zeroAllowed = kind == ProblemKind.SCATTER || kind == ProblemKind.GATHER;
    for (int i = 0; i < msgs.size(); i++) {
      Message m = msgs.get(i);
      int half = unpairedSurrogate(m.id());
      if (half >= 0) {
        throw new ModelException(messagePointer(kind, i) + "/id", "message id has half a character at position "
            + half + " (an unpaired UTF-16 surrogate, U+" + Integer.toHexString(m.id().charAt(half)).toUpperCase(
            java.util.Locale.ROOT) + "), which no file can hold; use whole Unicode characters");
      }
      if (idx.putIfAbsent(m.id(), i) != null) {
        throw new ModelException(messagePointer(kind, i) + "/id", "message id \"" + m.id()
            + "\" is used twice (first at /messages/" + idx.get(m.id()) + "): give every message its own id");
      }
      if (m.from() < 0 || m.from() >= n || m.to() < 0 || m.to() >= n
          || m.length() == 0 && !zeroAllowed
          || kind == ProblemKind.SCATTER && m.from() != root || kind == ProblemKind.GATHER && m.to() != root) {
        checkMessage(m, messagePointer(kind, i), kind, n, root, zeroAllowed);
      }
    }
    if (kind == ProblemKind.SCATTER || kind == ProblemKind.GATHER) {
      boolean[] seen = new boolean[n];
      for (int i = 0; i < msgs.size(); i++) {
        int other = kind == ProblemKind.SCATTER ? msgs.get(i).to() : msgs.get(i).from();
        if (seen[other]) {
          throw new ModelException("/messages/" + i, "node " + other + " has two " + kind.wireName()
              + " messages: each node has at most one (merge them into one)");
        }
        seen[other] = true;
      }
    }
    this.messages = Collections.unmodifiableList(msgs);
    this.origins = List.copyOf(orig);
    this.index = Collections.unmodifiableMap(idx);
    this.atlas = new Atlas(network, msgs, kind, root, kind == ProblemKind.SEND ? "" : "/messages");
    Magnitudes.check(this);
  }

  /** The position of the first surrogate char not part of a pair, or -1 (ids are text, written back as UTF-8). */
  static int unpairedSurrogate(String id) {
    for (int k = 0; k < id.length(); k++) {
      char c = id.charAt(k);
      if (Character.isHighSurrogate(c) && k + 1 < id.length() && Character.isLowSurrogate(id.charAt(k + 1))) {
        k++;
      } else if (Character.isSurrogate(c)) {
        return k;
      }
    }
    return -1;
  }

  /** The rules of one message (called only when one of them is broken, so that valid messages build no pointer). */
  private static void checkMessage(Message m, String ptr, ProblemKind kind, int n, int root, boolean zeroAllowed) {
    requireNode(m.from(), ptr + "/from", n);
    requireNode(m.to(), ptr + "/to", n);
    if (m.length() == 0 && !zeroAllowed) {
      throw new ModelException(ptr + "/length", "message " + m.id() + " has length 0; a message needs at least "
          + "1 flit (drop it: it moves nothing)");
    }
    if (kind == ProblemKind.SCATTER && m.from() != root) {
      throw new ModelException(ptr + "/from", "scatter message " + m.id() + " starts at " + m.from()
          + " but the root is " + root + ": scatter messages start at the root");
    }
    if (kind == ProblemKind.GATHER && m.to() != root) {
      throw new ModelException(ptr + "/to", "gather message " + m.id() + " goes to " + m.to()
          + " but the root is " + root + ": gather messages end at the root");
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
      throw new ModelException(ptr, "the message length is " + length + "; it needs at least 1 unit");
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

  /** The model family, fixed by the problem kind and the model: it picks the checker, bounds and methods. */
  public Family family() {
    return family;
  }

  /** The communication model. */
  public CommModel model() {
    return model;
  }

  /** The network. */
  public Network network() {
    return network;
  }

  /** The model's time scale. */
  public TimeScale timeScale() {
    return model.timeScale();
  }

  /**
   * The routed messages, in file order: the message list of chatting, scatter, gather and dsa; the single
   * message {@code m0} of a send; empty for broadcast and gossip (see {@link #origins()}).
   */
  public List<Message> messages() {
    return messages;
  }

  /** Unit-level messages of broadcast, gossip and send; empty for the other kinds. */
  public List<Origin> origins() {
    return origins;
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
