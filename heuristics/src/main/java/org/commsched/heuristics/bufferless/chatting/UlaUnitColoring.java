package org.commsched.heuristics.bufferless.chatting;

import java.util.List;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Topology;

/**
 * A1 (docs/models/bufferless-chatting.md#interval-coloring) as the unit-length procedure of Theorem
 * 5.2: first-fit interval colouring by left endpoint of the unit-length copies, which uses exactly
 * C tracks (Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, "On Bufferless Routing of Variable
 * Length Messages in Leveled Networks", Theorem 4.4). Covers a ula; a bla goes through {@link
 * BidirectionalSplit} before it gets here.
 *
 * @implNote Stateless.
 */
final class UlaUnitColoring implements UnitProcedure {

  @Override
  public String name() {
    return "interval-coloring (A1)";
  }

  @Override
  public String scope() {
    return "ula";
  }

  @Override
  public String guarantee() {
    return "S = C (optimal), alpha = 1";
  }

  @Override
  public String citation() {
    return "Theorem 4.4";
  }

  @Override
  public String whyNot(Instance instance) {
    return instance.network().topology() instanceof Topology.Ula
        ? null
        : "A1 colours intervals of a unidirectional linear array (ula), and this network is a "
            + instance.network().topology().family();
  }

  @Override
  public long[] slots(Instance instance, int[] members) {
    List<Message> msgs = instance.messages();
    int[] from = new int[members.length];
    int[] to = new int[members.length];
    long[] one = new long[members.length];
    for (int k = 0; k < members.length; k++) {
      Message m = msgs.get(members[k]);
      from[k] = m.from();
      to[k] = m.to();
      one[k] = 1;
    }
    return Transforms.normalise(new IntervalColoring().slots(from, to, one));
  }

  @Override
  public long trackBound(long congestion) {
    return congestion;
  }
}
