package org.commsched.heuristics.bufferless.chatting;

import java.util.List;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Topology;

/**
 * A4's north-east diagonal scan (docs/models/bufferless-chatting.md#esm-paper-and-esm-ne; Bhatt,
 * Bilardi, Pucci, Ranade, Rosenberg, Schwabe, "On Bufferless Routing of Variable Length Messages in
 * Leveled Networks", §5.2, Theorem 5.3) as the unit-length procedure of Theorem 5.2, so that {@code
 * length-classes} schedules messages of any length on an Eastward-Southward mesh (Corollary 5.1).
 * Each member is taken as a one-flit message on its one-turn route; the scan uses at most 2C - 1
 * slots for a unit problem of congestion C.
 *
 * @implNote Stateless.
 */
final class EsmUnitScan implements UnitProcedure {

  @Override
  public String name() {
    return "esm-ne (A4)";
  }

  @Override
  public String scope() {
    return "esm (one-turn routes)";
  }

  @Override
  public String guarantee() {
    return "S <= 2C - 1";
  }

  @Override
  public String citation() {
    return "Theorem 5.3 (north-east scan, docs/models/bufferless-chatting.md#esm-paper-and-esm-ne)";
  }

  @Override
  public String whyNot(Instance instance) {
    return instance.network().topology() instanceof Topology.Esm
        ? EsmScan.notOneTurn(instance)
        : "A4 scans an Eastward-Southward mesh (esm), and this network is a "
            + instance.network().topology().family();
  }

  @Override
  public long[] slots(Instance instance, int[] members) {
    Topology.Esm esm = (Topology.Esm) instance.network().topology();
    int cols = esm.cols();
    List<Message> msgs = instance.messages();
    int n = members.length;
    int[] srcRow = new int[n];
    int[] srcCol = new int[n];
    int[] dstRow = new int[n];
    int[] dstCol = new int[n];
    for (int k = 0; k < n; k++) {
      Message m = msgs.get(members[k]);
      srcRow[k] = m.from() / cols;
      srcCol[k] = m.from() % cols;
      dstRow[k] = m.to() / cols;
      dstCol[k] = m.to() % cols;
    }
    if (n == 0) {
      return new long[0];
    }
    return Transforms.normalise(
        EsmScan.slots(
            esm.rows(), cols, srcRow, srcCol, dstRow, dstCol, EsmScan.Variant.NE, Long.MAX_VALUE));
  }

  @Override
  public long trackBound(long congestion) {
    return Math.max(0, 2 * congestion - 1);
  }
}
