package org.commsched.core.model;

import java.util.List;

/**
 * What is to be communicated. Chatting, scatter, gather and DSA list their messages; broadcast, gossip and send
 * give one message length, and their messages are implicit (see {@link Instance#messages()}).
 *
 * @implNote Immutable.
 */
public sealed interface Problem {

  /** The kind of this problem. */
  ProblemKind kind();

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

  /** Send {@code length} units from {@code source} to {@code target} (along the default or given route). */
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
   * Dynamic storage allocation as virtual chatting on a linear array: buffer {@code [lower, upper)} of size s is
   * the message {@code lower -> upper} of length s on a ULA; a slot is the buffer's offset.
   */
  record Dsa(List<Message> messages) implements Problem {
    public Dsa {
      messages = List.copyOf(messages);
    }

    @Override
    public ProblemKind kind() {
      return ProblemKind.DSA;
    }
  }
}
