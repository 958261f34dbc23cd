package org.commsched.heuristics.packet;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.time.TimeScale;

/**
 * The store-and-forward engine of the packet family
 * (docs/models/packet.md#queueing-delays-and-buffers, #gathering-and-time-reversal), after J.-P.
 * Tsai, "On the Furthest-Distance-First Principle in Scattering and Gathering" (thesis, National
 * Taiwan University): a schedule there is fixed by the packetization, the root's dispatch order and
 * FCFS greedy nodes.
 *
 * <ul>
 *   <li>{@link #scatter}: the FCFS-greedy scattering simulator. Packets are taken in the root's
 *       dispatch order; each hop starts the moment the packet has fully arrived and its ports are
 *       free: {@code start = max(arrival, end of the last hop on the sender's out-port, end of the
 *       last hop on the receiver's in-port)}. Under FCFS on a tree every node forwards in the
 *       root's order, so taking packets in that order is exact; the in-port term never binds on a
 *       tree (the node's parent is its only sender) and keeps the schedule valid on routes that are
 *       not one tree. Single port (send-and-receive): one out-port and one in-port per node; all
 *       ports: one per arc.
 *   <li>{@link #gatherEager}: the greedy gathering simulator, the same rule along the routes toward
 *       the root, with the packets in the root's receive order: every port serves them in that
 *       order, each hop as early as possible.
 *   <li>{@link #gatherReversed}: the time reversal of the FCFS-greedy scatter on the reversed
 *       routes with the reversed order: hop {@code u -> w} over {@code [σ, σ + d)} becomes {@code w
 *       -> u} over {@code [T - σ - d, T - σ)}. It is a valid gather with the same makespan as the
 *       scatter (send and receive ports swap, store-and-forward is kept) and the eager one's
 *       makespan; it is as late as possible and keeps the largest-packet buffer bound, which the
 *       eager gather can break (instance {@code pk-buffer-gather-path3}).
 *   <li>{@link Run#bufferPeaks}: the fluid buffer occupancy of every node (units of transit packets
 *       received and not yet forwarded, each streaming at one unit per {@code tau} after its hop's
 *       set-up) and its maximum.
 * </ul>
 *
 * Times are integer ticks of the instance's scale; a packet of {@code s} units takes {@code beta +
 * s tau} per hop.
 *
 * @implNote Stateless; runs are immutable.
 */
public final class StoreForwardEngine {
  private StoreForwardEngine() {}

  /**
   * One packet.
   *
   * @param message the message's index in {@code instance.messages()}
   * @param number the packet number within the message, from 0
   * @param size units carried, at least 1
   */
  public record Packet(int message, int number, long size) {}

  /**
   * A simulated schedule: every packet's hops along its route in travel order, in ticks of the
   * instance's scale.
   */
  public static final class Run {
    private final Instance instance;
    private final Packet[] packets;
    private final int[][] paths; // per message index: route nodes in travel order
    private final int[] offset; // hops of packet p: offset[p] .. offset[p + 1] - 1
    private final long[] start;
    private final long[] duration; // per packet
    private final long makespan;

    private Run(
        Instance instance,
        Packet[] packets,
        int[][] paths,
        int[] offset,
        long[] start,
        long[] duration) {
      this.instance = instance;
      this.packets = packets;
      this.paths = paths;
      this.offset = offset;
      this.start = start;
      this.duration = duration;
      long mk = 0;
      for (int p = 0; p < packets.length; p++) {
        if (offset[p + 1] > offset[p]) {
          mk = Math.max(mk, start[offset[p + 1] - 1] + duration[p]);
        }
      }
      this.makespan = mk;
    }

    /** The latest end of a hop; 0 without hops. */
    public long makespan() {
      return makespan;
    }

    /** The packets, in the order they were simulated. */
    public List<Packet> packets() {
      return List.of(packets);
    }

    /** Hops of packet {@code p} (its route's length). */
    public int hops(int p) {
      return offset[p + 1] - offset[p];
    }

    /** Start of hop {@code j} of packet {@code p} (travel order). */
    public long start(int p, int j) {
      return start[offset[p] + j];
    }

    /** Ticks packet {@code p} occupies a link: {@code beta + size tau}. */
    public long duration(int p) {
      return duration[p];
    }

    /** Node {@code j} of packet {@code p}'s route in travel order (0: where it starts). */
    public int node(int p, int j) {
      return paths[packets[p].message()][j];
    }

    /** The schedule: one transmission per packet and hop, by start time. */
    public Schedule.Transmissions transmissions() {
      List<Message> msgs = instance.messages();
      List<Schedule.Transmission> out = new ArrayList<>(start.length);
      for (int p = 0; p < packets.length; p++) {
        Packet k = packets[p];
        int[] path = paths[k.message()];
        for (int j = 0; j + 1 < path.length; j++) {
          out.add(
              new Schedule.Transmission(
                  msgs.get(k.message()).id(),
                  k.number(),
                  k.size(),
                  path[j],
                  path[j + 1],
                  start[offset[p] + j]));
        }
      }
      out.sort(Comparator.comparingLong(Schedule.Transmission::start));
      return new Schedule.Transmissions(instance.timeScale(), out);
    }

    /**
     * The fluid buffer peak of every node (docs/models/packet.md#queueing-delays-and-buffers): for
     * each transit packet (the node is on its route and neither its first nor its last node) the
     * units received over the incoming hop minus those sent over the outgoing hop, each streaming
     * at one unit per {@code tau} after the hop's set-up {@code beta} (all at once at the end of
     * the set-up when {@code tau = 0}). The occupancy is piecewise linear, so its maximum is taken
     * at a breakpoint.
     */
    public BufferPeaks bufferPeaks() {
      CommModel.StoreAndForward model = instance.storeAndForward();
      TimeScale scale = instance.timeScale();
      long beta = model.betaTicks(scale);
      long tau = model.tauTicks(scale);
      int n = instance.network().nodes();
      int[] count = new int[n + 1];
      for (int p = 0; p < packets.length; p++) {
        int[] path = paths[packets[p].message()];
        for (int j = 1; j + 1 < path.length; j++) {
          count[path[j] + 1] += 4;
        }
      }
      for (int v = 0; v < n; v++) {
        count[v + 1] += count[v];
      }
      long[] time = new long[count[n]];
      long[] slope = new long[count[n]]; // change of slope (tau > 0) or jump (tau = 0)
      int[] fill = Arrays.copyOf(count, n);
      for (int p = 0; p < packets.length; p++) {
        int[] path = paths[packets[p].message()];
        long s = packets[p].size();
        for (int j = 1; j + 1 < path.length; j++) {
          long in = start[offset[p] + j - 1] + beta;
          long out = start[offset[p] + j] + beta;
          int at = fill[path[j]];
          fill[path[j]] += 4;
          if (tau > 0) {
            long flow = s * tau;
            set(time, slope, at, in, 1);
            set(time, slope, at + 1, in + flow, -1);
            set(time, slope, at + 2, out, -1);
            set(time, slope, at + 3, out + flow, 1);
          } else {
            set(time, slope, at, in, s);
            set(time, slope, at + 1, out, -s);
            set(time, slope, at + 2, in, 0);
            set(time, slope, at + 3, out, 0);
          }
        }
      }
      long[] peak = new long[n];
      for (int v = 0; v < n; v++) {
        peak[v] = peak(time, slope, count[v], count[v + 1], tau > 0);
      }
      return new BufferPeaks(peak, tau > 0 ? tau : 1);
    }

    private static void set(long[] time, long[] slope, int at, long t, long d) {
      time[at] = t;
      slope[at] = d;
    }

    private static long peak(long[] time, long[] delta, int from, int to, boolean fluid) {
      if (from == to) {
        return 0;
      }
      Integer[] idx = new Integer[to - from];
      for (int i = 0; i < idx.length; i++) {
        idx[i] = from + i;
      }
      Arrays.sort(idx, Comparator.comparingLong(i -> time[i]));
      long value = 0;
      long rate = 0;
      long last = time[idx[0]];
      long best = 0;
      for (int a = 0; a < idx.length; ) {
        long t = time[idx[a]];
        value += rate * (t - last);
        last = t;
        while (a < idx.length && time[idx[a]] == t) {
          if (fluid) {
            rate += delta[idx[a]];
          } else {
            value += delta[idx[a]];
          }
          a++;
        }
        best = Math.max(best, value);
      }
      return best;
    }
  }

  /**
   * Buffer peaks per node: {@code peak[v] / unit} units (exact; {@code unit} is tau in ticks, or 1
   * when tau is 0).
   *
   * @param peak per node
   * @param unit the denominator
   */
  public record BufferPeaks(long[] peak, long unit) {
    /** The node with the largest peak (the smallest such id), or -1 without nodes. */
    public int worstNode() {
      int arg = -1;
      for (int v = 0; v < peak.length; v++) {
        if (arg < 0 || peak[v] > peak[arg]) {
          arg = v;
        }
      }
      return arg;
    }

    /**
     * The peak of node v in units, exactly: a decimal when it has one, else a fraction {@code p/q}.
     */
    public String units(int v) {
      return exact(peak[v], unit);
    }

    /** True if no node ever holds more than {@code size} units. */
    public boolean atMost(long size) {
      for (long p : peak) {
        if (p > size * unit) {
          return false;
        }
      }
      return true;
    }
  }

  /** {@code num / den} exactly: a decimal if it terminates, else {@code p/q} in lowest terms. */
  static String exact(long num, long den) {
    BigInteger g = BigInteger.valueOf(num).gcd(BigInteger.valueOf(den));
    BigInteger p = BigInteger.valueOf(num).divide(g.signum() == 0 ? BigInteger.ONE : g);
    BigInteger q = BigInteger.valueOf(den).divide(g.signum() == 0 ? BigInteger.ONE : g);
    BigInteger rest = q;
    for (BigInteger f : new BigInteger[] {BigInteger.TWO, BigInteger.valueOf(5)}) {
      while (rest.mod(f).signum() == 0) {
        rest = rest.divide(f);
      }
    }
    if (rest.equals(BigInteger.ONE)) {
      return new BigDecimal(p).divide(new BigDecimal(q)).stripTrailingZeros().toPlainString();
    }
    return p + "/" + q;
  }

  /** The FCFS-greedy scatter of the packets in the root's dispatch order. */
  public static Run scatter(Instance instance, List<Packet> rootOrder) {
    require(instance, ProblemKind.SCATTER);
    int[][] paths = routes(instance, false);
    return greedy(instance, rootOrder.toArray(new Packet[0]), paths, false);
  }

  /** The eager greedy gather of the packets in the root's receive order. */
  public static Run gatherEager(Instance instance, List<Packet> receiveOrder) {
    require(instance, ProblemKind.GATHER);
    int[][] paths = routes(instance, false);
    return greedy(instance, receiveOrder.toArray(new Packet[0]), paths, false);
  }

  /**
   * The canonical gather of a receive order: the time reversal of the FCFS-greedy scatter, on the
   * reversed routes, of the reversed order. Same makespan as {@link #gatherEager} of the same
   * order.
   */
  public static Run gatherReversed(Instance instance, List<Packet> receiveOrder) {
    require(instance, ProblemKind.GATHER);
    Packet[] rev = receiveOrder.toArray(new Packet[0]);
    for (int i = 0, j = rev.length - 1; i < j; i++, j--) {
      Packet x = rev[i];
      rev[i] = rev[j];
      rev[j] = x;
    }
    Run down = greedy(instance, rev, routes(instance, true), true);
    return reverse(down, routes(instance, false));
  }

  /**
   * The no-wait gather of a receive order (the data phase of Transmission Certification II,
   * docs/models/packet.md#packet-tc2): each packet in turn gets the earliest start {@code st}, no
   * earlier than the end of the root's previous reception minus its own route's other hops, at
   * which all its hops {@code [st + j d, st + (j + 1) d)} are free on their ports; it never waits
   * at an intermediate node, and the root receives in the given order.
   */
  public static Run gatherNoWait(Instance instance, List<Packet> receiveOrder) {
    require(instance, ProblemKind.GATHER);
    CommModel.StoreAndForward model = instance.storeAndForward();
    TimeScale scale = instance.timeScale();
    Network net = instance.network();
    boolean onePort = model.ports() == CommModel.Ports.ONE;
    int[][] paths = routes(instance, false);
    Packet[] order = receiveOrder.toArray(new Packet[0]);
    List<java.util.TreeMap<Long, Long>> outBusy = new ArrayList<>();
    List<java.util.TreeMap<Long, Long>> inBusy = new ArrayList<>();
    for (int i = 0; i < (onePort ? net.nodes() : net.arcs()); i++) {
      outBusy.add(new java.util.TreeMap<>());
      inBusy.add(onePort ? new java.util.TreeMap<>() : outBusy.get(i));
    }
    int[] offset = new int[order.length + 1];
    for (int p = 0; p < order.length; p++) {
      offset[p + 1] = Math.addExact(offset[p], paths[order[p].message()].length - 1);
    }
    long[] start = new long[offset[order.length]];
    long[] duration = new long[order.length];
    long rootFree = 0;
    for (int p = 0; p < order.length; p++) {
      Packet k = order[p];
      long d = ticks(k, model, scale);
      duration[p] = d;
      int[] path = paths[k.message()];
      int h = path.length - 1;
      long st = Math.max(0, rootFree - (h - 1L) * d);
      boolean moved = true;
      while (moved) {
        moved = false;
        for (int j = 0; j < h && !moved; j++) {
          long a = st + j * d;
          int out = onePort ? path[j] : net.arc(path[j], path[j + 1]);
          int in = onePort ? path[j + 1] : out;
          for (java.util.TreeMap<Long, Long> busy : List.of(outBusy.get(out), inBusy.get(in))) {
            Map.Entry<Long, Long> e = busy.floorEntry(a + d - 1);
            if (e != null && e.getValue() > a) {
              st = e.getValue() - j * d;
              moved = true;
              break;
            }
          }
        }
      }
      for (int j = 0; j < h; j++) {
        long a = st + j * d;
        int out = onePort ? path[j] : net.arc(path[j], path[j + 1]);
        int in = onePort ? path[j + 1] : out;
        outBusy.get(out).put(a, a + d);
        if (onePort) {
          inBusy.get(in).put(a, a + d);
        }
        start[offset[p] + j] = a;
      }
      if (h > 0) {
        rootFree = st + h * d;
      }
    }
    return new Run(instance, order, paths, offset, start, duration);
  }

  /**
   * Time reversal of a run with makespan {@code T}: hop {@code u -> w} over {@code [σ, σ + d)}
   * becomes {@code w -> u} over {@code [T - σ - d, T - σ)}; the packets keep their indices and
   * their routes are read backwards.
   *
   * @param backPaths per message index, the routes of the run read backwards
   */
  static Run reverse(Run run, int[][] backPaths) {
    long t = run.makespan;
    long[] start = new long[run.start.length];
    for (int p = 0; p < run.packets.length; p++) {
      int h = run.hops(p);
      for (int j = 0; j < h; j++) {
        start[run.offset[p] + j] = t - run.start[run.offset[p] + (h - 1 - j)] - run.duration[p];
      }
    }
    return new Run(run.instance, run.packets, backPaths, run.offset, start, run.duration);
  }

  /** Each packet in order, each hop at max(arrival, out-port free, in-port free). */
  private static Run greedy(Instance instance, Packet[] order, int[][] paths, boolean reversed) {
    CommModel.StoreAndForward model = instance.storeAndForward();
    TimeScale scale = instance.timeScale();
    Network net = instance.network();
    boolean onePort = model.ports() == CommModel.Ports.ONE;
    long[] outFree = new long[onePort ? net.nodes() : net.arcs()];
    long[] inFree = onePort ? new long[net.nodes()] : outFree;
    int[] offset = new int[order.length + 1];
    for (int p = 0; p < order.length; p++) {
      offset[p + 1] = Math.addExact(offset[p], paths[order[p].message()].length - 1);
    }
    long[] start = new long[offset[order.length]];
    long[] duration = new long[order.length];
    for (int p = 0; p < order.length; p++) {
      Packet k = order[p];
      long d = ticks(k, model, scale);
      duration[p] = d;
      int[] path = paths[k.message()];
      long ready = 0;
      for (int j = 0; j + 1 < path.length; j++) {
        int u = path[j];
        int w = path[j + 1];
        int out;
        int in;
        if (onePort) {
          out = u;
          in = w;
        } else {
          out = reversed ? net.arc(w, u) : net.arc(u, w); // the arc of the real schedule's hop
          in = out;
        }
        long s = Math.max(ready, Math.max(outFree[out], inFree[in]));
        long e = Math.addExact(s, d);
        outFree[out] = e;
        inFree[in] = e;
        start[offset[p] + j] = s;
        ready = e;
      }
    }
    return new Run(instance, order, paths, offset, start, duration);
  }

  /** Route nodes per message index, in the instance's direction, or backwards. */
  private static int[][] routes(Instance instance, boolean backwards) {
    int[][] paths = new int[instance.messages().size()][];
    for (int i = 0; i < paths.length; i++) {
      int[] p = instance.atlas().nodes(i);
      if (backwards) {
        for (int a = 0, b = p.length - 1; a < b; a++, b--) {
          int x = p[a];
          p[a] = p[b];
          p[b] = x;
        }
      }
      paths[i] = p;
    }
    return paths;
  }

  private static void require(Instance instance, ProblemKind kind) {
    if (instance.kind() != kind || !(instance.model() instanceof CommModel.StoreAndForward)) {
      throw new IllegalArgumentException(
          "the engine's "
              + kind.wireName()
              + " needs a store-and-forward "
              + kind.wireName()
              + " instance, not "
              + instance.kind().wireName());
    }
  }

  /**
   * A packet's time on one link, {@code beta + size tau} in ticks; a packet carries at least one
   * unit.
   */
  private static long ticks(Packet k, CommModel.StoreAndForward model, TimeScale scale) {
    if (k.size() < 1) {
      throw new IllegalArgumentException(
          "packet "
              + k.number()
              + " of message "
              + k.message()
              + " has size "
              + k.size()
              + "; a packet carries at least 1 unit");
    }
    return model.packetTicks(k.size(), scale);
  }
}
