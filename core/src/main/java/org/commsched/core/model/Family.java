package org.commsched.core.model;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * The model family of an instance: the seam that cuts across the toolkit. An instance's family is
 * fixed by its problem kind and its model ({@link #of}), computed once when the instance is built
 * ({@link Instance#family()}), and it is the key to the family's rules ({@code
 * core.family.FamilyRules}: schedule kinds, checker, bounds, fallback method, what to use instead,
 * exact model), which the rest of the toolkit asks instead of switching on it. The model reference
 * of each family is a page of {@code docs/models/}.
 *
 * @implNote Immutable.
 */
public enum Family {
  /**
   * Bufferless chatting and its virtual schedules (slots), dynamic storage allocation among them:
   * flits on fixed routes, no buffers, a message never stops once it departs (Bhatt, Bilardi,
   * Pucci, Ranade, Rosenberg, Schwabe, "On Bufferless Routing of Variable Length Messages in
   * Leveled Networks"). Problems: chatting, dsa.
   */
  BUFFERLESS_CHATTING(
      "bufferless chatting",
      "docs/models/bufferless-chatting.md",
      ProblemKind.CHATTING,
      ProblemKind.DSA),
  /**
   * Bufferless scattering and gathering, single port or multiport, offline or by a distributed
   * protocol (Bhatt, Pucci, Ranade, Rosenberg, "Scattering and Gathering Messages in Networks of
   * Processors"). Problems: scatter, gather.
   */
  BUFFERLESS_SCATTER_GATHER(
      "bufferless scatter/gather",
      "docs/models/bufferless-scatter-gather.md",
      ProblemKind.SCATTER,
      ProblemKind.GATHER),
  /**
   * Store-and-forward packets with set-up time: a packet of size L takes beta + L * tau per link,
   * FCFS queues at the nodes (J.-P. Tsai, "On the Furthest-Distance-First Principle in Scattering
   * and Gathering"). Problems: scatter, gather.
   */
  PACKET(
      "store-and-forward packet scatter/gather",
      "docs/models/packet.md",
      ProblemKind.SCATTER,
      ProblemKind.GATHER),
  /**
   * Linear cost beta + L * tau per packet and hop, with port (all, one) and duplex (full, half)
   * rules (D. B. Peters, "Bounds for Communication Problems in Interconnection Networks under a
   * Linear Cost Model"). Problems: send, broadcast, gossip.
   */
  LINEAR_COST(
      "linear-cost send/broadcast/gossip",
      "docs/models/linear-cost.md",
      ProblemKind.SEND,
      ProblemKind.BROADCAST,
      ProblemKind.GOSSIP);

  private final String words;
  private final String reference;
  private final Set<ProblemKind> problems;

  Family(String words, String reference, ProblemKind first, ProblemKind... more) {
    this.words = words;
    this.reference = reference;
    this.problems = Collections.unmodifiableSet(EnumSet.of(first, more));
  }

  /** The problem kinds of this family. */
  public Set<ProblemKind> problems() {
    return problems;
  }

  /** The model in words: "bufferless" or "store-and-forward". */
  public String model() {
    return bufferless() ? "bufferless" : "store-and-forward";
  }

  /** The name in listings and JSON output, e.g. {@code "bufferless-scatter-gather"}. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** The family in words, e.g. "bufferless scatter/gather". */
  public String words() {
    return words;
  }

  /** The page of the project's model reference that defines this family. */
  public String reference() {
    return reference;
  }

  /** True for the two flit-level families without buffers. */
  public boolean bufferless() {
    return this == BUFFERLESS_CHATTING || this == BUFFERLESS_SCATTER_GATHER;
  }

  /**
   * The family of a problem kind under a model.
   *
   * @throws ModelException at {@code /model} if the kind is not defined under that model, with the
   *     model to use
   */
  public static Family of(ProblemKind kind, CommModel model) {
    boolean bufferless = model instanceof CommModel.Bufferless;
    switch (kind) {
      case CHATTING:
        if (!bufferless) {
          throw new ModelException(
              "/model",
              "chatting is defined for the bufferless model: use "
                  + "{\"kind\": \"bufferless\", \"ports\": \"all\"}");
        }
        return BUFFERLESS_CHATTING;
      case DSA:
        if (!bufferless
            || ((CommModel.Bufferless) model).ports() != CommModel.BufferlessPorts.ALL) {
          throw new ModelException(
              "/model",
              "dsa is virtual chatting on a ula: use "
                  + "{\"kind\": \"bufferless\", \"ports\": \"all\"}");
        }
        return BUFFERLESS_CHATTING;
      case SCATTER:
      case GATHER:
        return bufferless ? BUFFERLESS_SCATTER_GATHER : PACKET;
      case BROADCAST:
      case GOSSIP:
      case SEND:
        if (bufferless) {
          throw new ModelException(
              "/model",
              kind.wireName()
                  + " is defined for the store-and-forward linear-cost "
                  + "model: use {\"kind\": \"store-and-forward\", \"beta\": \"5\", \"tau\": \"1\", \"ports\": \"all\", "
                  + "\"duplex\": \"full\"}");
        }
        return LINEAR_COST;
      default:
        throw new IllegalStateException("no family for problem kind " + kind);
    }
  }
}
