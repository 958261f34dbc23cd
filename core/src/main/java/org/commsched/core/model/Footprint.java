package org.commsched.core.model;

import java.util.Locale;

/**
 * What an instance will need in memory, estimated from its declared sizes <i>before</i> anything
 * large is allocated, and the one place that decides whether it fits this JVM's heap
 * (docs/DESIGN.md#size-before-memory). A file of a few hundred bytes can declare a ring of 5 x 10^7
 * nodes or a gossip of 10^10 deliveries; the readers ask {@link #require} with the topology, the
 * problem and the message count they have parsed, and refuse with one line (what is too large, the
 * largest that fits here, how to raise the heap) instead of building the network and running out of
 * memory minutes later.
 *
 * <p>Two uses, two estimates, each a sum of counts times bytes per item (upper estimates of what
 * the code holds, not measurements of one run):
 *
 * <ul>
 *   <li>{@link Use#READ} (check, bounds, draw): the network's arrays ({@value #NODE_READ} bytes per
 *       node, {@value #ARC_READ} per stored arc: six int arrays and the arc list they are built
 *       from; only trees and explicit networks store arcs, the regular families compute them,
 *       docs/DESIGN.md#implicit-networks), the bounds' and the checker's per-arc tables ({@value
 *       #ARC_TABLES} bytes per arc, implicit arcs included, and {@value #LINE_SWEEP} more per arc
 *       where the bounds sweep lines of arcs position by position: with no more than {@value
 *       #LINE_SWEEP_DENSE} arcs per run of a message) and the messages ({@value #MESSAGE} bytes
 *       each: id, columns, message object, and {@value #LINE_SWEEP_MESSAGE} more for the runs of
 *       the line sweep; nothing for a gossip's implied messages, one a node, which are computed,
 *       not stored, and whose lengths are no longer read into an array: {@code check} of a ring
 *       gossip against an 8-node schedule answers with a heap of 18 MB at 10^6 nodes and 60 MB at 5
 *       x 10^6, 12 bytes a node in all, within the {@value #NODE_READ} bytes a node is charged)
 *       and, once the instance is built, {@link #hopBytes} per route hop ({@link #withHops});
 *   <li>{@link Use#SOLVE}: that, plus what the methods keep per node ({@value #NODE_SOLVE} bytes:
 *       distances, queues, calendars) and per arc, implicit arcs included ({@value #ARC_SOLVE}:
 *       routing, resource times, the checker's groups), and the schedule's records ({@value
 *       #RECORD} bytes each with the checker's copy): a gossip of {@code p} nodes delivers {@code p
 *       (p - 1)} messages, a broadcast {@code p - 1}, every other problem at least one per message
 *       and, under a store-and-forward model, one per route hop.
 * </ul>
 *
 * <p>Explicit gossip schedules have a second limit, of time rather than memory: {@link
 * #GOSSIP_MAX_NODES} ({@link #whyNotExplicitGossip}), which the gossip methods share.
 *
 * @implNote Immutable and stateless; every count is exact in a long, the bytes are doubles (10^20
 *     bytes and more must still compare correctly).
 */
public record Footprint(
    Topology topology,
    ProblemKind kind,
    int nodes,
    long storedArcs,
    long arcs,
    long messages,
    long records,
    long hops,
    int hopBytes) {
  /** Bytes per node the network and the routes keep. */
  public static final int NODE_READ = 24;

  /**
   * Bytes per stored arc: tail, head, reverse, link, the two adjacency lists, and the list they are
   * built from.
   */
  public static final int ARC_READ = 32;

  /**
   * Bytes per arc, implicit arcs included, of the lower bounds' per-arc tables (work, least head
   * and tail, count, span: five longs) and the checker's per-arc positions, which {@code check} and
   * {@code bounds} build.
   */
  public static final int ARC_TABLES = 40;

  /**
   * Bytes per arc of the line sweep that streams the arc statistics of messages on their default
   * straight routes (ula, bla) or one-turn routes (ESM) for the lower bounds, on top of {@link
   * #ARC_TABLES}, when it sweeps position by position (see {@link #LINE_SWEEP_DENSE}): the load and
   * count differences (long, int), the least head and least tail (two longs), the claim pointers
   * (int) and the counting sort's buckets (up to four ints). Missing from the estimate before: a
   * 7071 x 7071 ESM chatting file estimated at 8.4 GB ran out of memory in {@code bounds} at 9 GB.
   */
  public static final int LINE_SWEEP = 48;

  /**
   * The most arcs per run (a message's straight stretch: one on a ula or bla, two on an ESM) for
   * which the line sweep holds arrays over every arc; with fewer runs it sweeps the sorted ends of
   * the runs and holds only {@link #LINE_SWEEP_MESSAGE}, so three messages on an ESM of 10^8 arcs
   * cost no per-arc arrays.
   */
  public static final int LINE_SWEEP_DENSE = 8;

  /**
   * Bytes per listed message (not a gossip's implied ones) of the line sweep (see {@link
   * #LINE_SWEEP}), either way it sweeps: two runs a message, each with its ends, head and tail keys
   * and work (36 bytes, up to twice that in a grown array), its ends sorted and as segment numbers
   * (16 and 8), the per-segment differences, least head and tail and claim pointers (at most two
   * segments a run: 72), its place in the key order (4) and the counting sort's buckets (up to 48).
   */
  public static final int LINE_SWEEP_MESSAGE = 424;

  /** Bytes per message of a file (id string, the reader's columns, the message object). */
  public static final int MESSAGE = 96;

  /**
   * Bytes per route hop of a bufferless check for the route arcs: the routes read into one array
   * (an int a hop) and, on a scatter or gather, laid out again in the order the screens read them
   * (another).
   */
  public static final int HOP_ROUTE = 8;

  /**
   * Bytes per hop task of a bufferless check (a message on one arc, or on one node port under
   * single port) at its peak, when no screen clears the task's arc or port (a schedule whose
   * messages overlap everywhere, as one scaled up from a smaller network): the task in the overlap
   * sweep (group and arc, owner: three ints; start and end: two longs; 28 bytes) in arrays that
   * grow by doubling from a few, so up to three times that while the last one is copied (84), and
   * afterwards at most twice it plus the sweep's copies by group (order, start, end: 20), 76. The
   * bounds' tables are charged per arc ({@link #ARC_TABLES}), not here.
   */
  public static final int HOP_TASK = 84;

  /** Bytes per node the methods and the checker add (distance arrays, queues, per-node clocks). */
  public static final int NODE_SOLVE = 64;

  /** Bytes per arc the methods add (per-arc calendars and resource times, the checker's groups). */
  public static final int ARC_SOLVE = 64;

  /**
   * Bytes per record of a schedule (a transmission or hop task, and the checker's interval for it).
   */
  public static final int RECORD = 128;

  /**
   * The most nodes of a gossip any method writes explicitly: every node receives every other node's
   * message, so the schedule holds at least {@code p (p - 1)} records, about 10^6 here; a 2000-node
   * ring gossip took 5 GB and minutes to write and check (docs/models/linear-cost.md#ring-gossip).
   * A limit of time, not of memory.
   */
  public static final int GOSSIP_MAX_NODES = 1000;

  /** What the instance is read for. */
  public enum Use {
    /** Read, checked, bounded or drawn: the instance itself. */
    READ,
    /** Solved: the instance, the methods' working memory and the schedule. */
    SOLVE
  }

  /**
   * The footprint of an instance about to be built.
   *
   * @param messages the messages listed in the file (0 for broadcast, gossip and send, whose
   *     messages are implied; a gossip's p implied messages, one per node, are counted here
   *     whatever is passed)
   */
  public static Footprint of(Topology topology, ProblemKind kind, long messages) {
    int n = nodes(topology);
    long stored = storedArcs(topology);
    long all = arcs(topology);
    long records;
    switch (kind) {
      case GOSSIP:
        records = (long) n * (n - 1);
        break;
      case BROADCAST:
        records = n - 1L;
        break;
      case SEND:
        records = 1;
        break;
      default:
        records = messages;
    }
    // a gossip implies one message per node: its origins are built (and checked) like listed
    // messages
    return new Footprint(
        topology, kind, n, stored, all, kind == ProblemKind.GOSSIP ? n : messages, records, 0, 0);
  }

  /**
   * This footprint with the routes' hops counted, once the instance is built ({@link Atlas}
   * computes each route's length from the ids on a regular family, nothing per hop is held yet): a
   * bufferless model is charged {@link #hopBytes(CommModel)} per hop for both uses, a
   * store-and-forward model at least one record per hop when solved (every hop of a route is at
   * least one transmission).
   *
   * @param hops the route hops of the instance's messages, all together
   */
  public Footprint withHops(long hops, CommModel model) {
    long recs = records;
    if (model instanceof CommModel.StoreAndForward
        && kind != ProblemKind.GOSSIP
        && kind != ProblemKind.BROADCAST) {
      recs = Math.max(records, hops);
    }
    return new Footprint(
        topology, kind, nodes, storedArcs, arcs, messages, recs, hops, hopBytes(model));
  }

  /**
   * Bytes per route hop a model's check holds ({@code check}, and {@code draw} and {@code solve},
   * which check what they show or answer; charged to {@code bounds} too, which reads the same way):
   * for a bufferless model the route arcs ({@link #HOP_ROUTE}) and one hop task per hop on its arc,
   * two more on its node ports under single port ({@link #HOP_TASK} each); 0 for store-and-forward
   * models, whose checks work per record of the schedule.
   */
  public static int hopBytes(CommModel model) {
    if (model instanceof CommModel.Bufferless b) {
      return HOP_ROUTE + (b.ports() == CommModel.BufferlessPorts.SINGLE ? 3 : 1) * HOP_TASK;
    }
    return 0;
  }

  /** The nodes a topology declares, without building it. */
  public static int nodes(Topology t) {
    if (t instanceof Topology.Ula u) {
      return u.nodes();
    } else if (t instanceof Topology.Bla b) {
      return b.nodes();
    } else if (t instanceof Topology.URing r) {
      return r.nodes();
    } else if (t instanceof Topology.Ring r) {
      return r.nodes();
    } else if (t instanceof Topology.Star s) {
      return s.nodes();
    } else if (t instanceof Topology.Complete c) {
      return c.nodes();
    } else if (t instanceof Topology.Esm g) {
      return g.rows() * g.cols();
    } else if (t instanceof Topology.Mesh g) {
      return g.rows() * g.cols();
    } else if (t instanceof Topology.Torus g) {
      return g.rows() * g.cols();
    } else if (t instanceof Topology.Hypercube h) {
      return 1 << h.dimension();
    } else if (t instanceof Topology.FoldedHypercube h) {
      return 1 << h.dimension();
    } else if (t instanceof Topology.Tree tr) {
      return tr.parents().size();
    } else if (t instanceof Topology.Explicit ex) {
      return ex.nodes();
    }
    throw new IllegalStateException("unknown topology " + t);
  }

  /**
   * The arcs {@link Network#of} stores for a topology, exactly, without building it: those of a
   * tree or an explicit network; 0 for every regular family, whose arcs are computed from the ids
   * (docs/DESIGN.md#implicit-networks).
   */
  public static long storedArcs(Topology t) {
    return t instanceof Topology.Tree || t instanceof Topology.Explicit ? arcs(t) : 0;
  }

  /** The arcs of a topology, stored or computed, exactly, without building it. */
  public static long arcs(Topology t) {
    if (t instanceof Topology.Ula u) {
      return u.nodes() - 1L;
    } else if (t instanceof Topology.Bla b) {
      return 2L * (b.nodes() - 1);
    } else if (t instanceof Topology.URing r) {
      return r.nodes();
    } else if (t instanceof Topology.Ring r) {
      return 2L * r.nodes();
    } else if (t instanceof Topology.Star s) {
      return 2L * (s.nodes() - 1);
    } else if (t instanceof Topology.Complete c) {
      return (long) c.nodes() * (c.nodes() - 1);
    } else if (t instanceof Topology.Esm g) {
      return (long) g.rows() * (g.cols() - 1) + (long) g.cols() * (g.rows() - 1);
    } else if (t instanceof Topology.Mesh g) {
      return 2 * ((long) g.rows() * (g.cols() - 1) + (long) g.cols() * (g.rows() - 1));
    } else if (t instanceof Topology.Torus g) {
      // a wrap link on a side of 2 would repeat the side's one link, on a side of 1 it would be a
      // loop: neither is kept
      long perRow = g.cols() - 1L + (g.cols() > 2 ? 1 : 0);
      long perCol = g.rows() - 1L + (g.rows() > 2 ? 1 : 0);
      return 2 * (g.rows() * perRow + g.cols() * perCol);
    } else if (t instanceof Topology.Hypercube h) {
      return (long) h.dimension() << h.dimension();
    } else if (t instanceof Topology.FoldedHypercube h) {
      return (long) (h.dimension() + 1) << h.dimension();
    } else if (t instanceof Topology.Tree tr) {
      return 2L * (tr.parents().size() - 1);
    } else if (t instanceof Topology.Explicit ex) {
      return (long) ex.pairs().size() * (ex.links() ? 2 : 1);
    }
    throw new IllegalStateException("unknown topology " + t);
  }

  /**
   * True if the lower bounds may stream listed messages' default routes through a line sweep over
   * every arc: straight routes on a ula or bla, one-turn routes on an ESM (scatter and gather
   * follow tree routes instead), with no more than {@link #LINE_SWEEP_DENSE} arcs per run (at most
   * two runs a message).
   */
  private boolean sweepsLines(double arcs, double messages) {
    return sweepsRuns(messages) && arcs <= LINE_SWEEP_DENSE * 2 * messages;
  }

  /**
   * True if the lower bounds stream listed messages' default routes through a line sweep of their
   * runs: straight routes on a ula or bla, one-turn routes on an ESM (scatter and gather follow
   * tree routes instead).
   */
  private boolean sweepsRuns(double messages) {
    boolean lines =
        topology instanceof Topology.Ula
            || topology instanceof Topology.Bla
            || topology instanceof Topology.Esm;
    return lines && messages > 0 && kind != ProblemKind.SCATTER && kind != ProblemKind.GATHER;
  }

  /** The estimated bytes for a use. */
  public double bytes(Use use) {
    return bytes(use, nodes, storedArcs, arcs, messages, records, hops);
  }

  private double bytes(
      Use use,
      double nodes,
      double stored,
      double arcs,
      double messages,
      double records,
      double hops) {
    double read =
        nodes * NODE_READ
            + stored * ARC_READ
            + arcs * ARC_TABLES
            + hops * hopBytes
            + (kind == ProblemKind.GOSSIP
                ? 0
                : messages * MESSAGE) // a gossip's implied messages: see the class doc
            + (sweepsLines(arcs, messages) ? arcs * LINE_SWEEP : 0)
            + (sweepsRuns(messages) && kind != ProblemKind.GOSSIP
                ? messages * LINE_SWEEP_MESSAGE
                : 0);
    if (use == Use.READ) {
      return read;
    }
    return read + nodes * NODE_SOLVE + arcs * ARC_SOLVE + records * RECORD;
  }

  /**
   * The largest node count of the same network shape (arcs per node, complete or not) and problem
   * that fits in {@code maxMemory} bytes for this use; 0 if not even two nodes fit.
   */
  public long largestNodes(Use use, long maxMemory) {
    long lo = 1;
    long hi = Math.max(2, nodes);
    if (bytesAt(use, hi) <= maxMemory) {
      return hi;
    }
    while (hi - lo > 1) { // bytesAt(lo) fits (or lo = 1), bytesAt(hi) does not
      long mid = (lo + hi) >>> 1;
      if (bytesAt(use, mid) <= maxMemory) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return lo < 2 ? 0 : lo;
  }

  /**
   * The estimate for {@code p} nodes of the same shape: arcs and records scale as the problem says.
   */
  private double bytesAt(Use use, long p) {
    double scale = nodes == 0 ? 0 : (double) p / nodes;
    double stored = storedArcs * scale;
    double all = topology instanceof Topology.Complete ? (double) p * (p - 1) : arcs * scale;
    // a route has at most p - 1 hops: the hops scale as the nodes less one (a gather to a ring's
    // root from its
    // neighbour: n - 1 hops), and the records that count them with them
    double hopScale = nodes < 2 ? 0 : (double) (p - 1) / (nodes - 1);
    double h = hops * hopScale;
    double recs =
        switch (kind) {
          case GOSSIP -> (double) p * (p - 1);
          case BROADCAST -> p - 1;
          default -> records == hops && hops > 0 ? h : records;
        };
    return bytes(use, p, stored, all, kind == ProblemKind.GOSSIP ? p : messages, recs, h);
  }

  /**
   * Null if the estimate for this use fits in {@code maxMemory} bytes, else the one-line refusal:
   * what is too large (with its numbers), the estimate against the heap, the largest node count
   * that fits, and (after the last {@code "; "}) how to raise the heap.
   */
  public String whyTooLarge(Use use, long maxMemory) {
    double need = bytes(use);
    if (need <= maxMemory) {
      return null;
    }
    StringBuilder what = new StringBuilder();
    what.append("the ")
        .append(topology.family())
        .append(" network of ")
        .append(nodes)
        .append(" nodes (")
        .append(arcs)
        .append(arcs == storedArcs ? " arcs)" : " arcs, computed from the ids)");
    if (use == Use.SOLVE && kind == ProblemKind.GOSSIP) {
      what.append(" and a gossip of ").append(records).append(" deliveries");
    } else if (use == Use.SOLVE && kind == ProblemKind.BROADCAST) {
      what.append(" and a broadcast of ").append(records).append(" deliveries");
    } else if (messages > 0) {
      what.append(" and ").append(messages).append(" messages");
    }
    if (hops > 0 && (hopBytes > 0 || (use == Use.SOLVE && records == hops))) {
      what.append(messages > 0 ? " over " : " and ").append(hops).append(" route hops");
    }
    long fits = largestNodes(use, maxMemory);
    String largest =
        fits < 2
            ? ""
            : ": at most "
                + fits
                + " nodes of this shape fit"
                + (use == Use.SOLVE && kind == ProblemKind.GOSSIP && fits > GOSSIP_MAX_NODES
                    ? " (gossip methods take " + GOSSIP_MAX_NODES + ")"
                    : "");
    boolean plural = what.indexOf(" and ") > 0;
    return what
        + (plural ? " need" : " needs")
        + " about "
        + size(need)
        + " to "
        + (use == Use.SOLVE ? "solve" : "read")
        + ", more than the "
        + size(maxMemory)
        + " Java heap"
        + largest
        + "; "
        + raise(need);
  }

  /**
   * Throws a {@link ModelException} at {@code /network} with {@link #whyTooLarge}'s line if the
   * estimate does not fit in {@code maxMemory} bytes.
   */
  public void require(Use use, long maxMemory) {
    String why = whyTooLarge(use, maxMemory);
    if (why != null) {
      throw new ModelException("/network", why);
    }
  }

  /**
   * The memory this JVM may use: {@link Runtime#maxMemory()}, or the system property {@code
   * commsched.maxMemory} (bytes) when set, so that tests decide with a fixed heap whatever JVM runs
   * them.
   */
  public static long available() {
    Long fixed = Long.getLong("commsched.maxMemory");
    return fixed != null && fixed > 0 ? fixed : Runtime.getRuntime().maxMemory();
  }

  /**
   * The fix for a run that needs about {@code need} bytes: the heap option (the launcher {@code
   * ./commsched} passes {@code JAVA_OPTS} to the JVM; docs/FORMATS.md says so), or a smaller
   * instance when it needs more than this machine has.
   */
  public static String raise(double need) {
    double physical = physicalMemory();
    long gigabytes =
        (long) Math.ceil(need * 1.25 / (1L << 30)); // a quarter more: the collector needs room
    if (physical > 0 && need > physical * 0.9) {
      return "use a smaller instance (this machine has " + size(physical) + ")";
    }
    if (physical > 0) {
      gigabytes =
          Math.min(gigabytes, (long) (physical * 0.9 / (1L << 30))); // leave the system some memory
    }
    return "raise the heap with JAVA_OPTS=-Xmx"
        + Math.max(1, gigabytes)
        + "g or use a smaller instance";
  }

  /** The machine's physical memory in bytes, or 0 when the platform does not say. */
  private static double physicalMemory() {
    try {
      java.lang.management.OperatingSystemMXBean os =
          java.lang.management.ManagementFactory.getOperatingSystemMXBean();
      if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
        return sun.getTotalMemorySize();
      }
    } catch (RuntimeException | LinkageError e) {
      // no management bean: say nothing about the machine
    }
    return 0;
  }

  /** Bytes for people: "812 MB", "12.0 GB", "1.3 TB", "3.2e+05 TB". */
  public static String size(double bytes) {
    if (bytes < 1e9) {
      return String.format(Locale.ROOT, "%.0f MB", Math.ceil(bytes / 1e6));
    }
    if (bytes < 1e12) {
      return String.format(Locale.ROOT, "%.1f GB", bytes / 1e9);
    }
    return String.format(Locale.ROOT, bytes < 1e16 ? "%.1f TB" : "%.1e TB", bytes / 1e12);
  }

  /**
   * Null if a method may write a gossip on this instance explicitly, else the refusal (the gossip
   * methods' shared rule, {@link #GOSSIP_MAX_NODES}); {@code method} starts the sentence.
   */
  public static String whyNotExplicitGossip(String method, Instance instance) {
    int p = instance.network().nodes();
    if (instance.kind() == ProblemKind.GOSSIP && p > GOSSIP_MAX_NODES) {
      return method
          + " writes every one of the p (p - 1) deliveries of a gossip and takes at most "
          + GOSSIP_MAX_NODES
          + " nodes; this network has "
          + p
          + " ("
          + (long) p * (p - 1)
          + " deliveries): use a smaller network";
    }
    return null;
  }
}
