package org.commsched.core.model;

import org.commsched.core.time.TimeScale;

/**
 * The packet cost of each arc in ticks: a packet of L units on arc a takes {@code beta(a) + L
 * tau(a)}, and the arc carries at most {@link #channels(int)} packets at once
 * (docs/FORMATS.md#links-with-channels-and-costs). On a network without channels ({@link
 * Network#hasChannels()} false) every arc has the model's beta and tau and one channel, and no
 * array is held, so the regular families of any size cost nothing here.
 *
 * <p>The one place a link's own costs are turned into ticks: the checker, the bounds and every
 * method that takes such networks read their durations here, so they agree to the tick.
 *
 * @implNote Immutable.
 */
public final class ArcCosts {
  private final long beta;
  private final long tau;
  private final long[] betas; // per arc, or null when uniform
  private final long[] taus;
  private final int[] counts;
  private final long minBeta;
  private final long minTau;

  private ArcCosts(long beta, long tau, long[] betas, long[] taus, int[] counts) {
    this.beta = beta;
    this.tau = tau;
    this.betas = betas;
    this.taus = taus;
    this.counts = counts;
    long mb = beta;
    long mt = tau;
    if (betas != null) {
      for (int a = 0; a < betas.length; a++) {
        mb = a == 0 ? betas[a] : Math.min(mb, betas[a]);
        mt = a == 0 ? taus[a] : Math.min(mt, taus[a]);
      }
    }
    this.minBeta = mb;
    this.minTau = mt;
  }

  /** The costs of a network's arcs under a store-and-forward model, in ticks of {@code scale}. */
  public static ArcCosts of(CommModel.StoreAndForward model, Network net, TimeScale scale) {
    long b = model.betaTicks(scale);
    long t = model.tauTicks(scale);
    if (!net.hasChannels()) {
      return new ArcCosts(b, t, null, null, null);
    }
    int m = net.arcs();
    long[] betas = new long[m];
    long[] taus = new long[m];
    int[] counts = new int[m];
    for (int a = 0; a < m; a++) {
      Topology.Channel c = net.channel(a);
      betas[a] = c.beta() == null ? b : scale.toTicks(c.beta());
      taus[a] = c.tau() == null ? t : scale.toTicks(c.tau());
      counts[a] = c.count();
    }
    return new ArcCosts(b, t, betas, taus, counts);
  }

  /** True if every arc has the model's beta and tau and one channel. */
  public boolean uniform() {
    return betas == null;
  }

  /** The set-up time of a packet on arc {@code a}, in ticks. */
  public long beta(int a) {
    return betas == null ? beta : betas[a];
  }

  /** The time per unit on arc {@code a}, in ticks. */
  public long tau(int a) {
    return taus == null ? tau : taus[a];
  }

  /** The parallel channels of arc {@code a}. */
  public int channels(int a) {
    return counts == null ? 1 : counts[a];
  }

  /**
   * The duration of a packet of {@code size} units on arc {@code a}: beta(a) + size tau(a), in
   * ticks.
   */
  public long ticks(int a, long size) {
    return Math.addExact(beta(a), Math.multiplyExact(size, tau(a)));
  }

  /** The least beta of any arc (the model's when uniform). */
  public long minBeta() {
    return minBeta;
  }

  /** The least tau of any arc (the model's when uniform). */
  public long minTau() {
    return minTau;
  }

  /** The least time of a one-unit hop on arc {@code a}: beta(a) + tau(a). */
  public long hop(int a) {
    return beta(a) + tau(a);
  }

  /**
   * The least cost of reaching every node from {@code s} ({@code forward}) or {@code s} from every
   * node, a hop over arc a costing {@code beta(a) + tau(a)} ticks (Dijkstra); {@link
   * Long#MAX_VALUE} where there is no path.
   */
  public long[] distances(Network net, int s, boolean forward) {
    long[] d = new long[net.nodes()];
    java.util.Arrays.fill(d, Long.MAX_VALUE);
    d[s] = 0;
    java.util.PriorityQueue<long[]> queue =
        new java.util.PriorityQueue<>((x, y) -> Long.compare(x[0], y[0]));
    queue.add(new long[] {0, s});
    while (!queue.isEmpty()) {
      long[] top = queue.poll();
      int x = (int) top[1];
      if (top[0] > d[x]) {
        continue;
      }
      int deg = forward ? net.outDegree(x) : net.inDegree(x);
      for (int i = 0; i < deg; i++) {
        int a = forward ? net.outArc(x, i) : net.inArc(x, i);
        int y = forward ? net.head(a) : net.tail(a);
        long nd = Math.addExact(d[x], hop(a));
        if (nd < d[y]) {
          d[y] = nd;
          queue.add(new long[] {nd, y});
        }
      }
    }
    return d;
  }
}
