package org.commsched.heuristics.linearcost;

import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.MethodFacts;
import org.commsched.core.solve.Scope;

/**
 * Broadcast on the one-way ring {@code uring}: the message is pipelined along the ring from the
 * source in packets of k units (the last one shorter). Under all ports every link forwards packet j
 * in round {@code j + d - 1} (the link-bound pipeline); under one port packet j crosses link d in
 * round {@code 2j + d - 2}, so no node sends and receives at once (the processor-bound pipeline).
 *
 * <p>D. B. Peters, "Bounds for Communication Problems in Interconnection Networks under a Linear
 * Cost Model" (PhD thesis, Simon Fraser University, 1995), Observation 3.2.1: {@code b_*(uring_p,
 * n) = S_*(n, p - 1)} and {@code b_1(uring_p, n) = S_1(n, p - 1)}, optimal; the schedule with
 * packets of size k takes {@code T_*(n, p - 1, k)} or {@code T_1(n, p - 1, k)} ({@code T_*(n, 1,
 * k)} when p = 2). Half duplex changes nothing on one-way links
 * (docs/models/linear-cost.md#broadcast-schemes-implemented).
 *
 * @implNote Stateless; immutable.
 */
public final class UringBroadcast extends BroadcastScheme {
  /** The facts of {@code lc-uring-broadcast}: see the class javadoc for the source. */
  static final MethodFacts FACTS =
      new MethodFacts(
          "lc-uring-broadcast",
          "broadcast on a one-way ring: the link-bound (all ports) or processor-bound (one port) pipeline",
          "optimal: S_*(n, p-1) under all ports, S_1(n, p-1) under one port (Observation 3.2.1)",
          "D. B. Peters, \"Bounds for Communication Problems in Interconnection Networks under a Linear Cost "
              + "Model\", Observation 3.2.1",
          broadcastOn(
              new Scope.NetworkTest(
                  "one-way ring (uring)",
                  i -> needs(i, Topology.URing.class, "the one-way ring", "greedy-saf"))),
          false);

  @Override
  public MethodFacts facts() {
    return FACTS;
  }

  /** Optimal: the makespan is the optimum. */
  @Override
  public Long guaranteedMakespan(Instance instance, long optimum) {
    return optimum;
  }

  private static boolean onePort(Setting s) {
    return s.model().ports() == CommModel.Ports.ONE;
  }

  @Override
  long formula(Setting s, long k) {
    long m = s.p() - 1;
    return onePort(s) && m >= 2 ? s.f().tOne(s.n(), m, k) : s.f().tStar(s.n(), m, k);
  }

  @Override
  RoundSchedule build(Setting s, long k) {
    RoundSchedule rs = s.schedule();
    int p = s.p();
    long n = s.n();
    long q = ceilDiv(n, k);
    boolean one = onePort(s);
    for (int j = 1; j <= q; j++) {
      long first = (j - 1) * k;
      long size = Math.min(k, n - first);
      for (int d = 1; d < p; d++) {
        int round = one ? 2 * j + d - 3 : j + d - 2;
        rs.send(round, (s.source() + d - 1) % p, (s.source() + d) % p, first, size);
      }
    }
    return rs;
  }
}
