package org.commsched.heuristics.packet;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;

/** Instances of the packet family's tests: trees given by parents, paths rooted at an end. */
final class PacketCases {
  private PacketCases() {}

  static CommModel.StoreAndForward model(String beta, String tau, boolean onePort) {
    return new CommModel.StoreAndForward(
        new BigDecimal(beta),
        new BigDecimal(tau),
        onePort ? CommModel.Ports.ONE : CommModel.Ports.ALL,
        CommModel.Duplex.FULL,
        CommModel.OnePortRule.SEND_AND_RECEIVE);
  }

  /**
   * A scatter from (or gather to) node 0 of a tree given by parents ({@code parents[0] = -1}); node
   * {@code v >= 1} holds {@code lengths[v - 1]} units (0: a null message).
   */
  static Instance tree(boolean scatter, List<Integer> parents, long[] lengths, CommModel model) {
    List<Message> ms = new ArrayList<>();
    for (int v = 1; v < parents.size(); v++) {
      ms.add(
          scatter
              ? new Message("m" + v, 0, v, lengths[v - 1])
              : new Message("m" + v, v, 0, lengths[v - 1]));
    }
    Problem p = scatter ? new Problem.Scatter(0, ms) : new Problem.Gather(0, ms);
    return new Instance(
        scatter ? "scatter" : "gather", p, model, Network.of(new Topology.Tree(parents)));
  }

  /**
   * A path {@code P_0 - P_1 - ... - P_n} rooted at the end {@code P_0}, {@code lengths[i - 1]}
   * units at {@code P_i}.
   */
  static Instance path(boolean scatter, long[] lengths, CommModel model) {
    List<Integer> parents = new ArrayList<>();
    for (int v = 0; v <= lengths.length; v++) {
      parents.add(v - 1);
    }
    return tree(scatter, parents, lengths, model);
  }

  /**
   * A path rooted at an end with messages of {@code m} units to (from) {@code P_s .. P_t}, {@code
   * t} nodes beyond the root.
   */
  static Instance special(boolean scatter, long m, int s, int t, String beta) {
    long[] lengths = new long[t];
    for (int i = s; i <= t; i++) {
      lengths[i - 1] = m;
    }
    return path(scatter, lengths, model(beta, "1", true));
  }
}
