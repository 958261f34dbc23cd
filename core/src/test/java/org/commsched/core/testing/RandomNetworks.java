package org.commsched.core.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.commsched.core.model.Network;
import org.commsched.core.model.Topology;

/**
 * The seeded random networks of the property suites, in one place beside {@link Seeds}: random
 * trees and connected graphs as explicit links, and a network renumbered by a permutation ({@link
 * Seeds#permutation}) and written as an explicit one in a shuffled order, which is what a user's
 * file of a known family looks like to the recognition. Every method draws from the generator it is
 * given only, in a fixed order, so a suite's cases depend on its seed alone.
 */
public final class RandomNetworks {
  private RandomNetworks() {}

  /**
   * A random tree of p nodes as explicit links, node v hung on a random earlier node (ids
   * shuffled).
   */
  public static Topology.Explicit tree(int p, SplittableRandom r) {
    int[] id = Seeds.permutation(p, r);
    List<Topology.Pair> links = new ArrayList<>();
    for (int v = 1; v < p; v++) {
      links.add(new Topology.Pair(id[r.nextInt(v)], id[v]));
    }
    return new Topology.Explicit(p, links, true);
  }

  /**
   * A random connected graph: a random {@link #tree} plus each other pair of nodes with probability
   * {@code density}.
   */
  public static Topology.Explicit graph(int p, double density, SplittableRandom r) {
    List<Topology.Pair> links = new ArrayList<>(tree(p, r).pairs());
    boolean[][] has = new boolean[p][p];
    for (Topology.Pair e : links) {
      has[e.u()][e.v()] = has[e.v()][e.u()] = true;
    }
    for (int u = 0; u < p; u++) {
      for (int v = u + 1; v < p; v++) {
        if (!has[u][v] && r.nextDouble() < density) {
          links.add(new Topology.Pair(u, v));
        }
      }
    }
    return new Topology.Explicit(p, links, true);
  }

  /**
   * {@code t}'s links with channels and costs of their own
   * (docs/FORMATS.md#links-with-channels-and-costs): each link gets 1 to {@code maxCount} channels
   * and, each with probability one half, its own beta (from 0, 0.5, 1, 2, 3) and tau (from 0.5, 1,
   * 2, 3), else the model's; never both 0 (a link whose beta and tau are both 0 is refused).
   */
  public static Topology.Explicit withChannels(
      Topology.Explicit t, int maxCount, SplittableRandom r) {
    String[] betas = {"0", "0.5", "1", "2", "3"};
    String[] taus = {"0.5", "1", "2", "3"};
    List<Topology.Channel> channels = new ArrayList<>();
    for (int i = 0; i < t.pairs().size(); i++) {
      int count = 1 + r.nextInt(maxCount);
      java.math.BigDecimal beta =
          r.nextBoolean() ? new java.math.BigDecimal(betas[r.nextInt(betas.length)]) : null;
      java.math.BigDecimal tau =
          r.nextBoolean() ? new java.math.BigDecimal(taus[r.nextInt(taus.length)]) : null;
      channels.add(new Topology.Channel(count, beta, tau));
    }
    return new Topology.Explicit(t.nodes(), t.pairs(), true, channels);
  }

  /**
   * The links of a network of links (one pair per opposing arc pair), or the arcs of a one-way one.
   */
  public static List<Topology.Pair> links(Network network) {
    List<Topology.Pair> out = new ArrayList<>();
    for (int a = 0; a < network.arcs(); a++) {
      int rev = network.reverse(a);
      if (rev < 0 || rev > a) {
        out.add(new Topology.Pair(network.tail(a), network.head(a)));
      }
    }
    return out;
  }

  /**
   * {@code network} with node v renumbered {@code perm[v]}, as an explicit network. With {@code r}
   * null: its {@link #links} in arc order, as links (as arcs if it is one-way). Otherwise written
   * as links or as arcs (both arcs of each link) at random, a one-way network as arcs, in an order
   * shuffled by {@code r}.
   */
  public static Network renumbered(Network network, int[] perm, SplittableRandom r) {
    boolean oneWay = network.reverse(0) < 0;
    boolean asLinks = !oneWay && (r == null || r.nextBoolean());
    List<Topology.Pair> pairs = new ArrayList<>();
    for (int a = 0; a < network.arcs(); a++) {
      int rev = network.reverse(a);
      if (asLinks && rev >= 0 && rev < a) {
        continue;
      }
      pairs.add(new Topology.Pair(perm[network.tail(a)], perm[network.head(a)]));
    }
    if (r != null) {
      shuffle(pairs, r);
    }
    return Network.of(new Topology.Explicit(network.nodes(), pairs, asLinks));
  }

  /**
   * The links on nodes 0..n-1 renumbered by a random permutation, each written in a random
   * direction, in a shuffled order, as an explicit network of links.
   */
  public static Network relabelled(int n, List<Topology.Pair> links, SplittableRandom r) {
    int[] perm = Seeds.permutation(n, r);
    List<Topology.Pair> pairs = new ArrayList<>();
    for (Topology.Pair p : links) {
      pairs.add(
          r.nextBoolean()
              ? new Topology.Pair(perm[p.u()], perm[p.v()])
              : new Topology.Pair(perm[p.v()], perm[p.u()]));
    }
    shuffle(pairs, r);
    return Network.of(new Topology.Explicit(n, pairs, true));
  }

  /**
   * Shuffles {@code xs} in place (Fisher-Yates from the last place down, one {@code nextInt} per
   * place).
   */
  public static <T> void shuffle(List<T> xs, SplittableRandom r) {
    for (int i = xs.size() - 1; i > 0; i--) {
      int j = r.nextInt(i + 1);
      T x = xs.get(i);
      xs.set(i, xs.get(j));
      xs.set(j, x);
    }
  }
}
