package org.commsched.heuristics.linearcost;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Network;
import org.junit.jupiter.api.Test;

/**
 * {@link PacketAnnealing}'s timing and objective against an independent implementation: states of
 * its C++ prototype (scripts/lc-anneal-proto.cpp) on the 3 x 3 mesh broadcast of 16 units, among
 * them the state in which the prototype found 42, stored with the makespan and secondary cost the
 * prototype's own timing gives them (lincost/lc-anneal-proto-states.txt, its header says how they
 * were printed). The Java method times each the same, so the two searches rank states alike.
 */
class PacketAnnealingTimingTest {
  private record State(long makespan, long secondary, List<List<int[]>> packets) {}

  private static List<State> states(Network net) throws IOException {
    String file = "lincost/lc-anneal-proto-states.txt";
    String text;
    try (InputStream in =
        PacketAnnealingTimingTest.class.getClassLoader().getResourceAsStream(file)) {
      assertThat(in).as(file).isNotNull();
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    List<State> out = new ArrayList<>();
    List<List<int[]>> packets = null;
    List<int[]> arc = null;
    for (String line : text.split("\n")) {
      String[] f = line.trim().split(" ");
      switch (f[0]) {
        case "S" -> {
          packets = new ArrayList<>();
          for (int a = 0; a < net.arcs(); a++) {
            packets.add(new ArrayList<>());
          }
          out.add(new State(Long.parseLong(f[1]), Long.parseLong(f[2]), packets));
        }
        case "A" -> arc = packets.get(net.arc(Integer.parseInt(f[1]), Integer.parseInt(f[2])));
        case "P" -> {
          int[] units = new int[Integer.parseInt(f[1])];
          for (int i = 0; i < units.length; i++) {
            units[i] = Integer.parseInt(f[2 + i]);
          }
          arc.add(units);
        }
        default -> {} // comments
      }
    }
    return out;
  }

  @Test
  void theTiming_ofThePrototypesStates_isThePrototypes() throws IOException {
    Instance inst = PacketAnnealingProperties.meshBroadcast("lc-mesh3x3-broadcast-n16", 3, 16);
    List<State> states = states(inst.network());
    assertThat(states).hasSize(3);
    assertThat(states.get(2).makespan()).isEqualTo(42);
    for (State s : states) {
      assertThat(PacketAnnealing.timing(inst, s.packets()))
          .containsExactly(s.makespan(), s.secondary());
    }
  }
}
