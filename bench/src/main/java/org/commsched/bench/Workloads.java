package org.commsched.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Topology;
import org.commsched.instances.generate.GeneratorSpec;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.generate.LengthDistribution;
import org.commsched.instances.generate.Models;

/**
 * The seeded instances the benchmarks run on; the same arguments always give the same instance.
 *
 * @implNote Stateless.
 */
public final class Workloads {
  private Workloads() {}

  /**
   * Chatting on a ULA of {@code nodes} nodes, all ports: {@code messages} messages, each from a
   * uniform source to the node {@code 1..maxSpan} arcs to its right (uniform, cut at the last
   * node), length uniform in {@code 1..maxLength}. Short spans keep the load per arc near {@code
   * messages * maxSpan / (2 * nodes)}; the project generator's uniform pairs would put a third of
   * all messages on the middle arc.
   */
  public static Instance ulaChatting(
      int nodes, int messages, int maxSpan, long maxLength, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    List<Message> ms = new ArrayList<>(messages);
    for (int i = 0; i < messages; i++) {
      int u = r.nextInt(nodes - 1);
      int v = Math.min(nodes - 1, u + 1 + r.nextInt(maxSpan));
      ms.add(new Message("m" + i, u, v, 1 + r.nextLong(maxLength)));
    }
    return new Instance(
        "ula-" + nodes + "-" + messages + "-s" + seed,
        new Problem.Chatting(ms),
        new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
        Network.of(new Topology.Ula(nodes)));
  }

  /** The same messages as a dsa instance (buffers on the same ULA), whose schedules are slots. */
  public static Instance asDsa(Instance chatting) {
    return new Instance(
        chatting.name() + "-dsa",
        new Problem.Dsa(chatting.messages()),
        chatting.model(),
        chatting.network());
  }

  /**
   * Scatter or gather on a random recursive tree of {@code nodes} nodes (the project generator's
   * {@code tree} family: each node's parent uniform among the earlier nodes, random root), a
   * message for every other node, lengths uniform in 1..8, under a model in the short text form of
   * {@link Models} (e.g. {@code bufferless:single}).
   */
  public static Instance tree(ProblemKind kind, int nodes, String model, long seed) {
    return Generators.instance(
        new GeneratorSpec(
            null,
            kind,
            "tree",
            nodes,
            0,
            new LengthDistribution.Uniform(1, 8),
            Models.parse(model, kind),
            seed,
            false));
  }
}
