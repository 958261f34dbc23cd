package org.commsched.core.bounds;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Problem;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.time.TimeScale;

/**
 * Test support (core's test-jar): bounds computed on their own, whatever the other bounds say, so
 * that a suite can hold a bound against an optimum on instances where it is not the one reported.
 * {@link LowerBounds#all} adds some bounds (ARC-FEED among them) only above every other bound, so
 * on most tiny instances it never shows them.
 */
public final class BoundProbes {
  private BoundProbes() {}

  /**
   * ARC-FEED's value ({@link ArcFeedBound}, docs/models/linear-cost.md#arc-feed) for a broadcast or
   * gossip under the linear cost model with all ports, in ticks of the instance's time scale: the
   * largest over the nodes with two or more incoming arcs, with no floor. Empty where it does not
   * apply (one port, another problem, no such node, beyond its work budget).
   */
  public static OptionalLong arcFeed(Instance inst) {
    if (!(inst.model() instanceof CommModel.StoreAndForward m)) {
      return OptionalLong.empty();
    }
    TimeScale sc = inst.timeScale();
    int source;
    long n;
    if (inst.problem() instanceof Problem.Broadcast b) {
      source = b.source();
      n = b.length();
    } else if (inst.problem() instanceof Problem.Gossip g) {
      source = -1;
      n = g.length();
    } else {
      return OptionalLong.empty();
    }
    List<LowerBound> out = new ArrayList<>();
    ArcFeedBound.add(
        inst.network(),
        source,
        n,
        m.ports() == CommModel.Ports.ONE,
        m.betaTicks(sc),
        m.tauTicks(sc),
        sc::format,
        out,
        Cutoff.none());
    return out.isEmpty() ? OptionalLong.empty() : OptionalLong.of(out.get(0).value());
  }
}
