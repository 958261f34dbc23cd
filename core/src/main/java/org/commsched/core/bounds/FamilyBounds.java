package org.commsched.core.bounds;

import java.util.List;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.LowerBound;

/**
 * The bounds of each model family, as its rules name them ({@code FamilyRules.bounds()} in {@code
 * core.family}): which classes compute the lower bounds on every schedule, on virtual schedules and
 * on gathering protocols, and the upper bounds of the published schemes. {@link LowerBounds} and
 * {@link UpperBounds} ask the instance's family for its constant; a new family adds one here and
 * names it in its rules. A family without virtual, protocol or upper bounds adds none.
 *
 * @implNote Immutable; the computations are stateless and thread-safe.
 */
public enum FamilyBounds {
  /**
   * Bufferless chatting: the real bounds, and for dsa (a virtual schedule) the virtual ones (C, L,
   * LB2).
   */
  BUFFERLESS_CHATTING {
    @Override
    void lower(Instance instance, List<LowerBound> out, BufferlessBounds.Limits limits) {
      if (instance.kind() == ProblemKind.DSA) {
        BufferlessBounds.virtualBounds(instance, out, limits);
      } else {
        BufferlessBounds.real(instance, out, limits);
      }
    }

    @Override
    void virtual(Instance instance, List<LowerBound> out, BufferlessBounds.Limits limits) {
      BufferlessBounds.virtualBounds(instance, out, limits);
    }
  },
  /**
   * Bufferless scatter and gather: the real bounds, and the protocol bounds of a single-port
   * gather.
   */
  BUFFERLESS_SCATTER_GATHER {
    @Override
    void lower(Instance instance, List<LowerBound> out, BufferlessBounds.Limits limits) {
      BufferlessBounds.real(instance, out, limits);
    }

    @Override
    void protocol(Instance instance, List<LowerBound> out) {
      BufferlessBounds.protocol(instance, out);
    }
  },
  /** Store-and-forward packet scatter and gather (Tsai's and Peters' bounds). */
  PACKET {
    @Override
    void lower(Instance instance, List<LowerBound> out, BufferlessBounds.Limits limits) {
      StoreForwardBounds.scatterGather(instance, out, limits);
    }
  },
  /**
   * Linear-cost send, broadcast and gossip: Peters' lower bounds and the upper bounds of his
   * schemes.
   */
  LINEAR_COST {
    @Override
    void lower(Instance instance, List<LowerBound> out, BufferlessBounds.Limits limits) {
      if (instance
          .network()
          .hasChannels()) { // links of their own counts and costs: no thesis formula holds
        LinkCostBounds.of(instance, out);
      } else {
        LinearCostBounds.of(instance, out, limits.cutoffOrNone());
      }
    }

    @Override
    void upper(Instance instance, List<UpperBound> out) {
      if (!instance
          .network()
          .hasChannels()) { // the published schemes assume one cost on every link
        LinearCostBounds.upper(instance, out);
      }
    }
  };

  /** Adds every lower bound on the makespan of any valid schedule of the instance. */
  abstract void lower(Instance instance, List<LowerBound> out, BufferlessBounds.Limits limits);

  /** Adds the bounds on virtual schedules (slots); none unless the family has them. */
  void virtual(Instance instance, List<LowerBound> out, BufferlessBounds.Limits limits) {}

  /**
   * Adds the bounds that bind distributed gathering protocols only; none unless the family has
   * them.
   */
  void protocol(Instance instance, List<LowerBound> out) {}

  /** Adds the upper bounds of the published schemes; none unless the family has them. */
  void upper(Instance instance, List<UpperBound> out) {}
}
