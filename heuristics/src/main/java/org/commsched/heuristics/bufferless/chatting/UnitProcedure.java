package org.commsched.heuristics.bufferless.chatting;

import org.commsched.core.model.Instance;

/**
 * The procedure {@code P} of Theorem 5.2 of Bhatt, Bilardi, Pucci, Ranade, Rosenberg, Schwabe, "On
 * Bufferless Routing of Variable Length Messages in Leveled Networks"
 * (docs/models/bufferless-chatting.md#length-classes): a virtual schedule for the unit-length
 * copies of some of an instance's messages (same endpoints and routes, one flit each). {@link
 * LengthClasses} turns any such procedure into one for arbitrary lengths; by Theorem 5.1 a
 * procedure for unit lengths is enough.
 *
 * <p>To plug a new procedure (for example the ESM procedure A4 of §5.2), implement this interface
 * and list it in {@link UnitProcedures#all()}; {@code length-classes} then applies wherever its
 * {@link #whyNot} returns null.
 *
 * <p>Contract: {@link #slots} returns, for the unit-length copies of {@code members}, slots {@code
 * >= 0} such that two members whose routes share an arc get different slots, and the number of
 * distinct slots used (the virtual duration of the unit problem, smallest slot 0) is at most {@link
 * #trackBound} of the unit problem's congestion. Deterministic.
 */
public interface UnitProcedure {

  /** Short name, e.g. {@code "interval-coloring (A1)"}. */
  String name();

  /** The networks it covers, in words, e.g. {@code "ula"}. */
  String scope();

  /** Its guarantee on unit-length problems, e.g. {@code "S = C (optimal)"}. */
  String guarantee();

  /** Where it comes from: paper and theorem. */
  String citation();

  /**
   * Null if it schedules the unit-length copies of this instance's messages (whatever their
   * lengths), else one sentence saying why not.
   */
  String whyNot(Instance instance);

  /**
   * Slots for the unit-length copies of the messages {@code members} (indices into {@code
   * instance.messages()}), in the order of {@code members}; the smallest is 0.
   */
  long[] slots(Instance instance, int[] members);

  /**
   * The guaranteed virtual duration for a unit-length problem of congestion {@code congestion} (its
   * most-used arc carries that many of the messages): {@code C} for A1, for example.
   */
  long trackBound(long congestion);
}
