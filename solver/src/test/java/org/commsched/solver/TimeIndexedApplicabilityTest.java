package org.commsched.solver;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.core.solve.Method;
import org.junit.jupiter.api.Test;

/**
 * The size guard of the time-indexed methods
 * (docs/models/bufferless-chatting.md#independent-formulation): a grid grows with the horizon, so
 * long messages are refused in one sentence that names the grid and {@code cpsat}, while the same
 * routes with short messages, and buffers whose sizes share a large gcd, are accepted; and every
 * time-indexed method is registered as exact.
 */
class TimeIndexedApplicabilityTest {
  static final MethodRegistry REG = MethodRegistry.standard();

  static Instance chatting(long length) {
    return new Instance(
        "two-" + length,
        new Problem.Chatting(
            List.of(new Message("a", 0, 2, length), new Message("b", 1, 3, length))),
        new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
        Network.of(new Topology.Ula(4)));
  }

  @Test
  void longMessages_areRefusedNamingTheGridAndCpsat() {
    // greedy sends a, then b once arc 1->2 is free: horizon about 2 l, so 2 messages x 2 l > 6000
    // for l = 2000
    String why = REG.byName("time-indexed").whyNot(chatting(2000));
    assertThat(why)
        .startsWith("time-indexed is for small instances")
        .contains("horizon")
        .contains("use cpsat");
    assertThat(REG.byName("time-indexed").whyNot(chatting(3))).isNull();
  }

  @Test
  void sizesWithACommonFactor_areCountedInUnitsOfIt() {
    List<Message> buffers =
        List.of(
            new Message("x", 0, 2, 6400),
            new Message("y", 1, 3, 12800),
            new Message("z", 0, 1, 6400));
    Instance dsa =
        new Instance(
            "dsa-64",
            new Problem.Dsa(buffers),
            new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
            Network.of(new Topology.Ula(4)));
    assertThat(REG.byName("time-indexed-virtual").whyNot(dsa)).isNull();
    assertThat(REG.byName("time-indexed").whyNot(dsa)).isNull();
    assertThat(
            REG.byName("time-indexed")
                .solve(dsa, org.commsched.core.solve.SolveLimits.defaults())
                .makespan())
        .as("x and y overlap on arc 1, z beside y: 6400 + 12800")
        .isEqualTo(19200);
  }

  @Test
  void everyTimeIndexedMethod_isExact() {
    for (String name :
        List.of(
            "time-indexed",
            "time-indexed-virtual",
            "time-indexed-packet",
            "time-indexed-linear-cost")) {
      Method m = REG.byName(name);
      assertThat(m).as(name).isNotNull();
      assertThat(m.exact()).as(name).isTrue();
    }
  }
}
