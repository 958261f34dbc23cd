package org.commsched.core.family;

import org.commsched.core.bounds.FamilyBounds;
import org.commsched.core.check.FamilyChecker;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;

/**
 * What a model family decides, in one object per family: which schedule kinds fit its problems,
 * which checker judges them, which bounds hold, its fallback method, what to use instead of a
 * method that refuses it, and which exact model answers it. The toolkit's seams ({@code
 * ScheduleChecker}, {@code LowerBounds}, {@code UpperBounds}, {@code Scope} and the exact dispatch)
 * ask the instance's rules ({@link #of(Instance)}) instead of switching on {@link Family}; {@link
 * #of(Family)} is the one place that maps a family to its rules, so a fifth family is one more
 * implementation and one more line there (the switch has no default: the compiler asks for it).
 *
 * <p>{@code Family} itself stays a plain label in {@code core.model}, the base package every other
 * one reads; these rules name the checker and bounds of {@code core.check} and {@code core.bounds},
 * so they live above both.
 *
 * @implNote Implementations are immutable singletons.
 */
public interface FamilyRules {

  /** The family these rules belong to. */
  Family family();

  /**
   * Null if the kind of {@code schedule} (not null) fits the instance, else why not, in one
   * sentence that names what the instance takes.
   */
  String misfit(Instance instance, Schedule schedule);

  /** The checker of a schedule whose kind fits ({@link #misfit} is null). */
  FamilyChecker checker();

  /**
   * Which lower bounds (real, virtual, protocol) and upper bounds apply to its instances, and who
   * computes them.
   */
  FamilyBounds bounds();

  /**
   * The baseline that schedules every problem of that kind in the family on a connected network, as
   * {@code --method} takes it.
   */
  String fallback(ProblemKind kind);

  /**
   * What to use for a problem of this family when a method refuses it: the {@link #fallback} first,
   * and the family's better methods where there are some. Method names, as {@code --method} takes
   * them.
   */
  String instead(ProblemKind kind);

  /** The exact model that answers the instance, for the generic exact methods. */
  ExactModel exactModel(Instance instance);

  /**
   * True if the family defines conformance rules beyond validity (the packet family's V7 to V11,
   * docs/models/packet.md#conformance-rules), checked on its transmissions by {@code
   * ScheduleChecker.conform}.
   */
  default boolean conformance() {
    return false;
  }

  /** The rules of a family: the one switch on {@link Family} in the toolkit. */
  static FamilyRules of(Family family) {
    return switch (family) {
      case BUFFERLESS_CHATTING -> ChattingRules.RULES;
      case BUFFERLESS_SCATTER_GATHER -> ScatterGatherRules.RULES;
      case PACKET -> StoreAndForwardRules.PACKET;
      case LINEAR_COST -> StoreAndForwardRules.LINEAR_COST;
    };
  }

  /** The rules of the instance's family. */
  static FamilyRules of(Instance instance) {
    return of(instance.family());
  }
}
