package org.commsched.heuristics.packet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.commsched.instances.testing.ScheduleAssertions.assertValid;

import java.math.BigDecimal;
import java.util.List;
import java.util.SplittableRandom;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.testing.Seeds;
import org.commsched.instances.testing.RandomInstances;
import org.junit.jupiter.api.Test;

/**
 * {@code packet-nrf}, {@code packet-special}, {@code packet-tc2} and {@code packet-fdf-flit} on
 * seeded networks of every kind, with default or random explicit routes
 * (docs/models/packet.md#algorithms): wherever a method applies, its schedule passes the checker;
 * where it refuses, it says why in one sentence naming itself.
 */
class PacketNewMethodsProperties {
  private static final String[] BETAS = {"0", "0.5", "1", "2"};
  private final List<Method> methods =
      List.of(
          new NearestReceivedFirst(),
          new SpecialClass(),
          new TransmissionCertificationII(),
          new SingleFlitFdf());

  @Test
  void everySchedule_isValid_onAnyNetworkAndRoutes() {
    int solved = 0;
    for (long seed : Seeds.seeds().toArray()) {
      SplittableRandom r = new SplittableRandom(seed);
      CommModel model =
          new CommModel.StoreAndForward(
              new BigDecimal(BETAS[r.nextInt(BETAS.length)]),
              r.nextInt(3) == 0 ? new BigDecimal(2) : BigDecimal.ONE,
              r.nextBoolean() ? CommModel.Ports.ONE : CommModel.Ports.ALL,
              CommModel.Duplex.FULL,
              CommModel.OnePortRule.SEND_AND_RECEIVE);
      Instance inst =
          RandomInstances.scatterGather(r, 9, 7, r.nextBoolean(), model, r.nextBoolean());
      for (Method m : methods) {
        String why = m.whyNot(inst);
        if (why != null) {
          assertThat(why).as("seed %d", seed).startsWith(m.name());
          continue;
        }
        SolveResult res = m.solve(inst, SolveLimits.defaults());
        assertValid(seed, inst, res);
        solved++;
      }
    }
    assertThat(solved).isGreaterThan(Seeds.cases() / 2);
  }
}
