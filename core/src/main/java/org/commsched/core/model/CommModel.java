package org.commsched.core.model;

import java.math.BigDecimal;
import java.util.Locale;
import org.commsched.core.time.TimeScale;

/**
 * The communication model, one printable value written into every instance file.
 *
 * @implNote Immutable.
 */
public sealed interface CommModel {

  /** The model's time scale: one tick per step for bufferless models, exact decimals otherwise. */
  TimeScale timeScale();

  /** Bufferless port rules. */
  enum BufferlessPorts {
    /** Each arc carries one flit per step; a node may use all its arcs at once. */
    ALL,
    /** A node sends at most one flit and receives at most one flit per step. */
    SINGLE;

    public String wireName() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** Store-and-forward port rules. */
  enum Ports {
    /** A node takes part in one transfer at a time (see {@link OnePortRule}). */
    ONE,
    /** A node may use all its links at once. */
    ALL;

    public String wireName() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** Link duplex. */
  enum Duplex {
    /** The two directions of a link are independent. */
    FULL,
    /** A link carries one direction at a time. */
    HALF;

    public String wireName() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * What "one port" allows, under {@link Ports#ONE}.
   *
   * <ul>
   *   <li>{@code SEND_AND_RECEIVE}: at any instant a node has at most one outgoing and at most one
   *       incoming transfer, with any neighbours (Tsai's thesis on FDF/NRF; Bhatt, Pucci, Ranade,
   *       Rosenberg's single-port regime). The default for scatter and gather.
   *   <li>{@code EXCHANGE}: a node talks with one neighbour at a time; it may send to and receive
   *       from that same neighbour at once (Peters' F1; with half duplex, H1: one transfer per
   *       node). The default for send, broadcast and gossip.
   * </ul>
   */
  enum OnePortRule {
    SEND_AND_RECEIVE,
    EXCHANGE;

    public String wireName() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Parses a file name of a rule; null if unknown. */
    public static OnePortRule fromWire(String s) {
      for (OnePortRule r : values()) {
        if (r.wireName().equals(s)) {
          return r;
        }
      }
      return null;
    }

    /** The rule each problem kind's paper uses when a file does not say. */
    public static OnePortRule defaultFor(ProblemKind kind) {
      return kind == ProblemKind.SCATTER || kind == ProblemKind.GATHER
          ? SEND_AND_RECEIVE
          : EXCHANGE;
    }
  }

  /**
   * Flit-level bufferless model: oblivious routes, no buffers, indivisible messages.
   *
   * @param ports all ports (arc capacity only) or single port (one send, one receive per node per
   *     step)
   */
  record Bufferless(BufferlessPorts ports) implements CommModel {
    public Bufferless {
      if (ports == null) {
        throw new ModelException(
            "/model/ports", "a bufferless model needs \"ports\": \"all\" or \"single\"");
      }
    }

    @Override
    public TimeScale timeScale() {
      return TimeScale.UNIT;
    }
  }

  /**
   * Store-and-forward packets with linear cost: a packet of L units takes {@code beta + L * tau}
   * per hop.
   *
   * @param beta set-up time per packet per hop, exact decimal, at least 0
   * @param tau time per unit, exact decimal, at least 0
   * @param ports one or all
   * @param duplex full or half
   * @param onePort what one port allows (ignored under all ports)
   */
  record StoreAndForward(
      BigDecimal beta, BigDecimal tau, Ports ports, Duplex duplex, OnePortRule onePort)
      implements CommModel {
    public StoreAndForward {
      if (beta == null || beta.signum() < 0) {
        throw new ModelException(
            "/model/beta", "beta must be an exact decimal >= 0, e.g. \"5\" or \"0.5\"");
      }
      if (tau == null || tau.signum() < 0) {
        throw new ModelException(
            "/model/tau", "tau must be an exact decimal >= 0, e.g. \"1\" or \"0.4\"");
      }
      if (beta.signum() == 0 && tau.signum() == 0) {
        throw new ModelException(
            "/model",
            "beta and tau are both 0, so every transfer would take no time: "
                + "make at least one of them positive");
      }
      if (beta.stripTrailingZeros().scale() > 9 || tau.stripTrailingZeros().scale() > 9) {
        throw new ModelException("/model", "beta and tau may have at most 9 decimal places");
      }
      if (ports == null || duplex == null) {
        throw new ModelException(
            "/model", "a store-and-forward model needs \"ports\" and \"duplex\"");
      }
      if (onePort == null) {
        onePort = OnePortRule.EXCHANGE;
      }
    }

    @Override
    public TimeScale timeScale() {
      return TimeScale.finest(beta, tau);
    }

    /** beta in ticks of the given scale. */
    public long betaTicks(TimeScale scale) {
      return scale.toTicks(beta);
    }

    /** tau in ticks of the given scale. */
    public long tauTicks(TimeScale scale) {
      return scale.toTicks(tau);
    }

    /**
     * Duration of a packet of {@code size} units in ticks of the given scale: beta + size * tau.
     */
    public long packetTicks(long size, TimeScale scale) {
      return Math.addExact(betaTicks(scale), Math.multiplyExact(size, tauTicks(scale)));
    }
  }
}
