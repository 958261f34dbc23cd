package org.commsched.heuristics.bufferless.chatting;

import java.util.List;
import java.util.Optional;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Topology;

/**
 * The level of every message's first arc under the conventions of
 * docs/models/bufferless-chatting.md#examples: on a ula the source id, on an esm {@code row + col}
 * of the source (every esm arc goes east or south, so any route is leveled so), elsewhere the
 * forward leveling of the used arcs found by {@link Leveling}. Node {@code k} of a route (0-based)
 * then has level {@code first + k}.
 *
 * @implNote Stateless.
 */
final class FlLevels {
  private FlLevels() {}

  /** The first-arc levels in instance order, or empty if the used arcs are not forward leveled. */
  static Optional<long[]> of(Instance instance) {
    List<Message> msgs = instance.messages();
    long[] level = new long[msgs.size()];
    Topology t = instance.network().topology();
    if (t instanceof Topology.Ula) {
      for (int i = 0; i < level.length; i++) {
        level[i] = msgs.get(i).from();
      }
      return Optional.of(level);
    }
    if (t instanceof Topology.Esm) {
      int cols = ((Topology.Esm) t).cols();
      for (int i = 0; i < level.length; i++) {
        int v = msgs.get(i).from();
        level[i] = v / cols + v % cols;
      }
      return Optional.of(level);
    }
    if (msgs.isEmpty()) {
      return Optional.of(level);
    }
    return Leveling.of(instance).map(Leveling::firstLevels);
  }
}
