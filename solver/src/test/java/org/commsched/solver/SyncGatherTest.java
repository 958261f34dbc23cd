package org.commsched.solver;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.Method;
import org.commsched.instances.generate.GeneratorSpec;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.generate.LengthDistribution;
import org.junit.jupiter.api.Test;

/** Applicability of the wake-up-constrained gather methods (cpsat-sync, choco-sync). */
class SyncGatherTest {
  private static final List<Method> SYNC = List.of(new CpSatSyncGather(), new ChocoSyncGather());
  private static final LengthDistribution LENGTHS = new LengthDistribution.Uniform(1, 3);

  private static Instance gather(String family, int size, boolean explicit, CommModel.BufferlessPorts ports) {
    return Generators.instance(new GeneratorSpec(null, ProblemKind.GATHER, family, size, 0, LENGTHS,
        new CommModel.Bufferless(ports), 9L, explicit));
  }

  @Test
  void applyToBufferlessGatherWithTreeRoutesAndLinksBothWays() {
    for (Method m : SYNC) {
      assertThat(m.exact()).isTrue();
      assertThat(m.problems()).containsExactly(ProblemKind.GATHER);
      assertThat(m.whyNot(gather("tree", 7, false, CommModel.BufferlessPorts.SINGLE))).isNull();
      assertThat(m.whyNot(gather("mesh", 3, false, CommModel.BufferlessPorts.ALL))).isNull();
      // routes that leave a node by two different arcs have no wake-up tree
      assertThat(m.whyNot(gather("complete", 6, true, CommModel.BufferlessPorts.SINGLE))).contains("tree");
      // a ula carries no wake-up from the root (node n-1) back toward node 0
      assertThat(m.whyNot(gather("ula", 5, false, CommModel.BufferlessPorts.SINGLE))).contains("no arc");
      Instance scatter = Generators.instance(GeneratorSpec.of(ProblemKind.SCATTER, "tree", 5, LENGTHS, 1));
      assertThat(m.whyNot(scatter)).contains("gather");
    }
  }
}
