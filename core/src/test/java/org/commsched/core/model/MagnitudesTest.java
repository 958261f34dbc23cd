package org.commsched.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Magnitudes}: an instance whose serial work exceeds 2^62 ticks is refused when it is built,
 * at the value that is too large, with the largest value that works; that value itself is accepted.
 * Inputs that overflowed or hung inside methods before the check existed (lengths of 2^62 and 2^63
 * - 1, a beta of 40 digits).
 */
class MagnitudesTest {
  private static final CommModel ALL = new CommModel.Bufferless(CommModel.BufferlessPorts.ALL);
  private static final Network ULA4 = Network.of(new Topology.Ula(4));

  private static Instance chat(long... lengths) {
    List<Message> ms = new java.util.ArrayList<>();
    for (int i = 0; i < lengths.length; i++) {
      ms.add(new Message("M" + i, i % 3, 3, lengths[i]));
    }
    return new Instance("c", new Problem.Chatting(ms), ALL, ULA4);
  }

  @Test
  void bufferlessSerialWorkIsLengthPlusHopsPerMessage() {
    // serial work: sum of (length + nodes - 1); two messages of length 1 take 2 * (1 + 3) = 8 of it
    long fits = Magnitudes.MAX_TICKS - 8 + 1;
    assertThat(chat(fits, 1).messages()).hasSize(2);
    assertThatThrownBy(() -> chat(fits + 1, 1))
        .isInstanceOfSatisfying(
            ModelException.class, e -> assertThat(e.pointer()).isEqualTo("/messages/0/length"))
        .hasMessageContaining("a length of at most " + fits + " flits here works");
  }

  @Test
  void theLongestMessageIsNamedAndAHopelessCaseSaysShorten() {
    assertThatThrownBy(() -> chat(1, Long.MAX_VALUE))
        .isInstanceOfSatisfying(
            ModelException.class, e -> assertThat(e.pointer()).isEqualTo("/messages/1/length"));
    long half = 1L << 62;
    assertThatThrownBy(() -> chat(half, half, half))
        .isInstanceOf(ModelException.class)
        .hasMessageContaining("shorten the messages");
  }

  private static CommModel saf(String beta, String tau) {
    return new CommModel.StoreAndForward(
        new BigDecimal(beta),
        new BigDecimal(tau),
        CommModel.Ports.ALL,
        CommModel.Duplex.FULL,
        null);
  }

  @Test
  void storeAndForwardWorkCountsEveryUnitAsItsOwnPacketOnEveryLink() {
    // beta 5, tau 1 on 6 nodes: each unit costs (5 + 1) * 5 = 30 ticks of serial work
    Network bla6 = Network.of(new Topology.Bla(6));
    long fits = Magnitudes.MAX_TICKS / 30;
    assertThat(new Instance("s", new Problem.Send(0, 5, fits, null), saf("5", "1"), bla6).origins())
        .hasSize(1);
    assertThatThrownBy(
            () -> new Instance("s", new Problem.Send(0, 5, fits + 1, null), saf("5", "1"), bla6))
        .isInstanceOfSatisfying(
            ModelException.class, e -> assertThat(e.pointer()).isEqualTo("/length"))
        .hasMessageContaining("a length of at most " + fits + " units here works");
    // gossip: six origins share the one length
    long gossipFits = Magnitudes.MAX_TICKS / 180;
    assertThat(new Instance("g", new Problem.Gossip(gossipFits), saf("5", "1"), bla6).origins())
        .hasSize(6);
    assertThatThrownBy(
            () -> new Instance("g", new Problem.Gossip(gossipFits + 1), saf("5", "1"), bla6))
        .hasMessageContaining("a length of at most " + gossipFits + " units here works");
  }

  @Test
  void aBetaBeyondTheTicksIsRefusedAtTheModel() {
    Network bla6 = Network.of(new Topology.Bla(6));
    assertThatThrownBy(
            () ->
                new Instance("s", new Problem.Send(0, 5, 1, null), saf("9".repeat(40), "1"), bla6))
        .isInstanceOfSatisfying(
            ModelException.class, e -> assertThat(e.pointer()).isEqualTo("/model/beta"))
        .hasMessageContaining("(40 digits)")
        .hasMessageContaining("beta may be at most " + Magnitudes.MAX_TICKS);
    // with one decimal place a tick is a tenth: beta may be at most 2^62 / 10 units
    assertThatThrownBy(
            () ->
                new Instance(
                    "s",
                    new Problem.Send(0, 5, 1, null),
                    saf(String.valueOf(Magnitudes.MAX_TICKS), "0.5"),
                    bla6))
        .hasMessageContaining("beta may be at most " + Magnitudes.MAX_TICKS / 10);
  }

  @Test
  void aGossipOfFiftyMillionNodesIsCheckedAsAProduct_atTheLengthThatFitsAndOneMore() {
    // 5 x 10^7 origins of one length l over 5 x 10^7 - 1 links each: serial work n l (5 + 1) (n -
    // 1); no array of
    // the n lengths is kept (it alone would be 400 MB)
    int n = 50_000_000;
    Network ring = Network.of(new Topology.Ring(n));
    long fits = Magnitudes.MAX_TICKS / (6L * (n - 1) * n);
    assertThat(new Instance("g", new Problem.Gossip(fits), saf("5", "1"), ring).origins())
        .hasSize(n);
    assertThatThrownBy(() -> new Instance("g", new Problem.Gossip(fits + 1), saf("5", "1"), ring))
        .isInstanceOfSatisfying(
            ModelException.class, e -> assertThat(e.pointer()).isEqualTo("/length"))
        .hasMessageContaining("is " + (fits + 1) * 6L * (n - 1) * n + " ticks")
        .hasMessageContaining("a length of at most " + fits + " units here works");
  }
}
