package org.commsched.core.model;

import java.util.List;

/**
 * What is to be communicated. Chatting, scatter, gather and DSA list their messages; broadcast,
 * gossip and send give one message length, and their messages are implicit (see {@link
 * Instance#messages()}).
 *
 * @implNote Immutable.
 */
public sealed interface Problem {

  /** The kind of this problem. */
  ProblemKind kind();

  /**
   * The time each node of the instance's ula stands for, when the file gave other times than the
   * node ids (a DSA CSV file, {@link Dsa#pointTimes()}); empty when the node ids are the times.
   */
  default List<Long> pointTimes() {
    return List.of();
  }

  /** Chatting: any set of addressed messages. */
  record Chatting(List<Message> messages) implements Problem {
    public Chatting {
      messages = List.copyOf(messages);
    }

    @Override
    public ProblemKind kind() {
      return ProblemKind.CHATTING;
    }
  }

  /** Scatter from {@code root}: every message goes from the root to its {@code to}. */
  record Scatter(int root, List<Message> messages) implements Problem {
    public Scatter {
      messages = List.copyOf(messages);
    }

    @Override
    public ProblemKind kind() {
      return ProblemKind.SCATTER;
    }
  }

  /** Gather to {@code root}: every message goes from its {@code from} to the root. */
  record Gather(int root, List<Message> messages) implements Problem {
    public Gather {
      messages = List.copyOf(messages);
    }

    @Override
    public ProblemKind kind() {
      return ProblemKind.GATHER;
    }
  }

  /** Broadcast of {@code length} units from {@code source} to every node. */
  record Broadcast(int source, long length) implements Problem {
    @Override
    public ProblemKind kind() {
      return ProblemKind.BROADCAST;
    }
  }

  /** Gossip: every node broadcasts its own message of {@code length} units. */
  record Gossip(long length) implements Problem {
    @Override
    public ProblemKind kind() {
      return ProblemKind.GOSSIP;
    }
  }

  /**
   * Send {@code length} units from {@code source} to {@code target} (along the default or given
   * route).
   */
  record Send(int source, int target, long length, List<Integer> route) implements Problem {
    public Send {
      route = route == null ? null : List.copyOf(route);
    }

    @Override
    public ProblemKind kind() {
      return ProblemKind.SEND;
    }
  }

  /**
   * Dynamic storage allocation as virtual chatting on a linear array: buffer {@code [lower, upper)}
   * of size s is the message {@code lower -> upper} of length s on a ULA; a slot is the buffer's
   * offset.
   */
  /**
   * Dynamic storage allocation: message {@code from -> to} of length l is a buffer alive over the
   * ula's points {@code [from, to)} with size l.
   *
   * @param messages the buffers
   * @param pointTimes the time each point (node) of the ula stands for, increasing, when the
   *     instance was read with compressed times (a DSA CSV file: point i is the file's i-th
   *     smallest time); empty when the node ids are the times (a JSON dsa file). It travels with
   *     the instance so that a method that measures lifespans (the preorders of {@code dsa-search})
   *     measures them in the file's own times.
   */
  record Dsa(List<Message> messages, List<Long> pointTimes) implements Problem {
    public Dsa {
      messages = List.copyOf(messages);
      pointTimes = List.copyOf(pointTimes);
      for (int i = 1; i < pointTimes.size(); i++) {
        if (pointTimes.get(i) <= pointTimes.get(i - 1)) {
          throw new IllegalArgumentException(
              "point times must increase: " + pointTimes.get(i - 1) + " then " + pointTimes.get(i));
        }
      }
    }

    /** Buffers whose ula points are the times themselves. */
    public Dsa(List<Message> messages) {
      this(messages, List.of());
    }

    @Override
    public ProblemKind kind() {
      return ProblemKind.DSA;
    }
  }
}
