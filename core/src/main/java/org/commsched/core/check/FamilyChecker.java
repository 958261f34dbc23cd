package org.commsched.core.check;

import org.commsched.core.model.Instance;
import org.commsched.core.model.Schedule;
import org.commsched.core.time.TimeScale;

/**
 * The checker of each kind of model, as a family's rules name it ({@code FamilyRules.checker()} in
 * {@code core.family}): which definition and which fast path judge a schedule whose kind already
 * fits the instance. {@link ScheduleChecker#check} asks the instance's family for its constant and
 * runs it; a new family adds a constant here (or reuses one) and names it in its rules.
 *
 * @implNote Immutable; the checks are stateless and thread-safe.
 */
public enum FamilyChecker {
  /**
   * Bufferless departures (plus the control flits of a protocol run) and virtual slots: the
   * definition ({@link BufferlessChecker}) on small schedules, its fast path ({@link
   * BufferlessFastPath}, the same report) from {@link BufferlessFastPath#FROM} hop tasks and
   * control flits; slots go to {@link VirtualChecker}.
   */
  BUFFERLESS {
    @Override
    long check(Instance instance, Schedule schedule, TimeScale scale, Findings out) {
      if (schedule instanceof Schedule.Slots s) {
        return VirtualChecker.check(instance, s, out);
      }
      Schedule.Departures d = (Schedule.Departures) schedule;
      return BufferlessFastPath.pays(instance, d)
          ? BufferlessFastPath.check(instance, d, out)
          : BufferlessChecker.check(instance, d, out);
    }
  },
  /**
   * Store-and-forward packet records: the definition ({@link PacketChecker}) on small schedules,
   * its fast path ({@link PacketFastPath}, the same report) from {@link PacketFastPath#FROM}
   * records.
   */
  PACKET {
    @Override
    long check(Instance instance, Schedule schedule, TimeScale scale, Findings out) {
      Schedule.Transmissions t = (Schedule.Transmissions) schedule;
      return t.transmissions().size() >= PacketFastPath.FROM
          ? PacketFastPath.check(instance, t, scale, out)
          : PacketChecker.check(instance, t, scale, out);
    }
  },
  /**
   * Linear-cost records: the definition ({@link LinearCostChecker}) on small schedules, its fast
   * path ({@link LinearCostFastPath}, the same report) from {@link LinearCostFastPath#FROM}
   * records; on a network whose links have channels or their own costs, and for records that name a
   * channel, always the definition (the fast path knows one cost and one channel).
   */
  LINEAR_COST {
    @Override
    long check(Instance instance, Schedule schedule, TimeScale scale, Findings out) {
      Schedule.Transmissions t = (Schedule.Transmissions) schedule;
      return t.transmissions().size() >= LinearCostFastPath.FROM
              && !instance.network().hasChannels()
              && t.transmissions().stream().allMatch(x -> x.channel() == null)
          ? LinearCostFastPath.check(instance, t, scale, out)
          : LinearCostChecker.check(instance, t, scale, out);
    }
  };

  /**
   * Checks a schedule whose kind fits the instance (the family's misfit test passed), adding every
   * broken rule to {@code out}, and returns the recomputed makespan in ticks of {@code scale}.
   *
   * @throws ArithmeticException if a time does not fit in 64-bit ticks
   */
  abstract long check(Instance instance, Schedule schedule, TimeScale scale, Findings out);
}
