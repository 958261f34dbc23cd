package org.commsched.core.recognise;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Schedule;
import org.commsched.core.model.Topology;
import org.commsched.core.testing.RandomNetworks;
import org.commsched.core.testing.Seeds;
import org.commsched.core.time.TimeScale;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link Recognition#relabel} asks the same question on the family's network: on seeded renumbered
 * families with random chatting, scatter, gather and send instances (some messages with explicit
 * random routes, the others on the default routes), every message of the relabelled instance
 * follows the image of the route the user's instance gives it, with its id and length, and
 * endpoints and roots go through the map; and {@link Recognition#back} takes a transmission list of
 * a relabelled gossip back to the user's nodes and message ids. One network in three is a declared
 * family that is another family as it is declared (the mesh 2 x 2, which is the ring C_4, and the
 * like).
 */
class RelabelProperties {
  static Stream<Long> seeds() {
    return Seeds.seeds(Seeds.cases(2, 40)).boxed();
  }

  private static final Topology[] FAMILIES = {
    new Topology.Ring(9),
    new Topology.Mesh(3, 4),
    new Topology.Torus(3, 5),
    new Topology.Hypercube(4),
    new Topology.FoldedHypercube(4),
    new Topology.Star(7),
    new Topology.Bla(6),
    new Topology.Complete(5)
  };

  /** Declared families recognised as another (docs/DESIGN.md#family-recognition). */
  private static final Topology[] DECLARED = {
    new Topology.Mesh(2, 2),
    new Topology.Mesh(1, 5),
    new Topology.Mesh(6, 1),
    new Topology.Torus(2, 2),
    new Topology.Torus(1, 6),
    new Topology.Hypercube(2),
    new Topology.Star(3),
    new Topology.FoldedHypercube(2)
  };

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void theRelabelledInstanceRoutesEveryMessageAlongTheImageOfItsRoute(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    Network g = network(r);
    int n = g.nodes();
    Recognition rec = Recognition.of(g);
    assertThat(rec).isNotNull();
    int kind = r.nextInt(4);
    int root = r.nextInt(n);
    List<Message> ms = new ArrayList<>();
    for (int i = 0, count = 1 + r.nextInt(6); i < count; i++) {
      int from = kind == 1 ? root : r.nextInt(n);
      int to = kind == 2 ? root : r.nextInt(n);
      if (from == to || kind >= 1 && kind <= 2 && usedOther(ms, kind, kind == 1 ? to : from)) {
        continue;
      }
      ms.add(
          new Message(
              "m" + i + "x",
              from,
              to,
              1 + r.nextInt(4),
              r.nextBoolean() ? walk(g, from, to, r) : null));
    }
    if (ms.isEmpty()) {
      return;
    }
    Problem p;
    CommModel model;
    CommModel bufferless = new CommModel.Bufferless(CommModel.BufferlessPorts.ALL);
    switch (kind) {
      case 0 -> {
        p = new Problem.Chatting(ms);
        model = bufferless;
      }
      case 1 -> {
        p = new Problem.Scatter(root, ms);
        model = bufferless;
      }
      case 2 -> {
        p = new Problem.Gather(root, ms);
        model = bufferless;
      }
      default -> {
        Message m = ms.get(0);
        p = new Problem.Send(m.from(), m.to(), m.length(), m.route());
        model = storeAndForward();
      }
    }
    Instance user = new Instance("u", p, model, g);
    Instance solved = rec.relabel(user);
    assertThat(solved.network().topology()).isEqualTo(rec.family());
    assertThat(solved.root()).isEqualTo(user.root() < 0 ? -1 : rec.toFamily(user.root()));
    assertThat(solved.messages()).hasSameSizeAs(user.messages());
    for (int i = 0; i < user.messages().size(); i++) {
      Message u = user.messages().get(i);
      Message f = solved.messages().get(i);
      assertThat(f.id()).isEqualTo(u.id());
      assertThat(f.length()).isEqualTo(u.length());
      int[] route = user.atlas().nodes(i);
      int[] image = new int[route.length];
      for (int k = 0; k < route.length; k++) {
        image[k] = rec.toFamily(route[k]);
      }
      assertThat(solved.atlas().nodes(i)).as("message %s of %s", u.id(), p).containsExactly(image);
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void aGossipScheduleOfTheFamilyComesBackInTheUsersNodesAndMessageIds(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    Network g = network(r);
    int n = g.nodes();
    Recognition rec = Recognition.of(g);
    Instance user = new Instance("u", new Problem.Gossip(1), storeAndForward(), g);
    Instance solved = rec.relabel(user);
    // one transmission per family arc, of the message of its tail: back, it is the user's arc and
    // the message of the
    // user's node there
    List<Schedule.Transmission> ts = new ArrayList<>();
    Network f = solved.network();
    for (int a = 0; a < f.arcs(); a++) {
      ts.add(new Schedule.Transmission("m" + f.tail(a), 0, 1, f.tail(a), f.head(a), a));
    }
    Schedule.Transmissions back =
        (Schedule.Transmissions)
            rec.back(new Schedule.Transmissions(TimeScale.UNIT, ts), solved, user);
    for (int a = 0; a < f.arcs(); a++) {
      Schedule.Transmission t = back.transmissions().get(a);
      assertThat(g.arc(t.from(), t.to())).isNotNegative();
      assertThat(rec.toFamily(t.from())).isEqualTo(f.tail(a));
      assertThat(rec.toFamily(t.to())).isEqualTo(f.head(a));
      assertThat(t.message()).isEqualTo("m" + t.from());
      assertThat(t.start()).isEqualTo(a);
      // a witness naming the family's arc names the user's arc
      assertThat(rec.back("arc " + f.tail(a) + "->" + f.head(a) + " is full"))
          .isEqualTo("arc " + t.from() + "->" + t.to() + " is full");
      assertThat(
              rec.back(
                  "node "
                      + (3 % n)
                      + " units from source "
                      + f.tail(a)
                      + "; the only path from "
                      + f.tail(a)
                      + " to "
                      + f.head(a)
                      + " has 12 hops"))
          .isEqualTo(
              "node "
                  + rec.fromFamily(3 % n)
                  + " units from source "
                  + t.from()
                  + "; the only path from "
                  + t.from()
                  + " to "
                  + t.to()
                  + " has 12 hops");
    }
  }

  /**
   * A family renumbered at random (an explicit network), or one time in three a declared family
   * that is another family (the mesh 2 x 2 and the torus 2 x 2 are C_4, the mesh 1 x 5 is P_5,
   * ...), as it is declared.
   */
  private static Network network(SplittableRandom r) {
    if (r.nextInt(3) == 0) {
      return Network.of(DECLARED[r.nextInt(DECLARED.length)]);
    }
    Network family = Network.of(FAMILIES[r.nextInt(FAMILIES.length)]);
    return RandomNetworks.renumbered(family, Seeds.permutation(family.nodes(), r), null);
  }

  private static CommModel storeAndForward() {
    return new CommModel.StoreAndForward(
        new java.math.BigDecimal("1"),
        new java.math.BigDecimal("1"),
        CommModel.Ports.ALL,
        CommModel.Duplex.FULL,
        CommModel.OnePortRule.defaultFor(org.commsched.core.model.ProblemKind.GOSSIP));
  }

  private static boolean usedOther(List<Message> ms, int kind, int other) {
    for (Message m : ms) {
      if ((kind == 1 ? m.to() : m.from()) == other) {
        return true;
      }
    }
    return false;
  }

  /** A random simple route from u to v along the arcs (a random depth-first walk), as node ids. */
  private static List<Integer> walk(Network g, int u, int v, SplittableRandom r) {
    int n = g.nodes();
    int[] parent = new int[n];
    java.util.Arrays.fill(parent, -2);
    parent[u] = -1;
    java.util.ArrayDeque<Integer> stack = new java.util.ArrayDeque<>();
    stack.push(u);
    while (!stack.isEmpty() && parent[v] == -2) {
      int x = stack.pop();
      List<Integer> next = new ArrayList<>();
      for (int k = 0; k < g.outDegree(x); k++) {
        next.add(g.head(g.outArc(x, k)));
      }
      java.util.Collections.shuffle(next, new java.util.Random(r.nextLong()));
      for (int y : next) {
        if (parent[y] == -2) {
          parent[y] = x;
          stack.push(y);
        }
      }
    }
    List<Integer> route = new ArrayList<>();
    for (int x = v; x != -1; x = parent[x]) {
      route.add(0, x);
    }
    return route;
  }
}
