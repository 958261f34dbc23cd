package org.commsched.instances.generate;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Family;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Magnitudes;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.commsched.instances.io.InstanceWriter;

/**
 * A generated instance whose messages are not drawn yet: its name, model, network and problem head
 * (root, source, length), how many messages it will have, and the source that draws them one by one
 * from the seeded generator, in file order. {@link Generators#instance} and {@link
 * PerfectPackings#of} collect the messages into an {@link Instance}; {@code commsched generate}
 * hands the draft to {@link InstanceWriter#write(InstanceWriter.Streamed, java.io.Writer)} instead,
 * which writes each message as it is drawn, so a file of any size is written in memory that does
 * not grow with its messages (docs/DESIGN.md#large-files). Both ways draw the same numbers in the
 * same order: the same spec gives the same file.
 *
 * <p>A draft is used once: its messages are drawn by {@link #toInstance()} or {@link
 * #streamed(List)}, not both.
 *
 * @implNote Not thread-safe; holds the generator's state.
 */
public final class InstanceDraft {
  private final String name;
  private final Problem head;
  private final CommModel model;
  private final Topology topology;
  private final int declared;
  private final java.util.function.IntSupplier count;
  private final IntFunction<Message> source;
  private final Supplier<Network> network;
  private final long messageBytes;
  private final int nodes;
  private final long maxLength;
  private boolean used;

  /**
   * @param name instance name
   * @param head the problem; a chatting, scatter, gather or dsa head has an empty message list
   * @param model communication model
   * @param topology the network's description
   * @param declared how many messages the draft will have at most (what the size estimate counts)
   * @param count how many messages {@code source} draws (asked once, before the first message; it
   *     may do the work that fixes the count, as a perfect packing's cutting)
   * @param source draws message i (called for i = 0, 1, ... in order)
   * @param network the built network (made on first use)
   * @param messageBytes the expected size of the message lines in the JSON file (see {@link
   *     #estimatedBytes()})
   * @param nodes the network's node count
   * @param maxLength the longest message length the source can draw
   */
  InstanceDraft(
      String name,
      Problem head,
      CommModel model,
      Topology topology,
      int declared,
      java.util.function.IntSupplier count,
      IntFunction<Message> source,
      Supplier<Network> network,
      long messageBytes,
      int nodes,
      long maxLength) {
    Family.of(
        head.kind(), model); // the model check the instance would make, before anything is written
    this.name = name;
    this.head = head;
    this.model = model;
    this.topology = topology;
    this.declared = declared;
    this.count = count;
    this.source = source;
    this.network = network;
    this.messageBytes = messageBytes;
    this.nodes = nodes;
    this.maxLength = maxLength;
  }

  /**
   * True when the instance's serial work is within the 2^62 ticks an {@link Instance} accepts
   * ({@link org.commsched.core.model.Magnitudes}) for every draw: the declared messages (a gossip's
   * origins) all of the longest length. When false, only the drawn lengths can tell: build the
   * {@link Instance}, which checks them and says which length is too long.
   */
  public boolean workSurelyFits() {
    BigInteger hops = BigInteger.valueOf(Math.max(1, nodes - 1L));
    BigInteger len = BigInteger.valueOf(maxLength);
    long units = head instanceof Problem.Gossip ? nodes : declared > 0 ? declared : 1;
    BigInteger work;
    if (model instanceof CommModel.StoreAndForward saf) {
      int decimals = saf.timeScale().decimals();
      BigInteger perUnit =
          saf.beta().add(saf.tau()).movePointRight(decimals).toBigInteger().multiply(hops);
      work = BigInteger.valueOf(units).multiply(len).multiply(perUnit);
    } else {
      work = BigInteger.valueOf(units).multiply(len.add(hops));
    }
    return work.compareTo(BigInteger.valueOf(Magnitudes.MAX_TICKS)) <= 0;
  }

  /** The instance name. */
  public String name() {
    return name;
  }

  /**
   * How many messages the instance will list at most (0 for broadcast, gossip and send), before
   * drawing any.
   */
  public int declaredCount() {
    return declared;
  }

  /**
   * The expected size of the JSON file in bytes, from the declared counts, before anything is
   * drawn: the head exactly, plus the message lines from their fixed text, the exact digits of the
   * ids and the expected digits of node ids (uniform over the nodes) and lengths (the
   * distribution's). Within a few percent for files of many messages without explicit routes
   * (docs/FORMATS.md#generate states the tolerance); with explicit routes the routes' expected hop
   * counts are a rougher guess.
   */
  public long estimatedBytes() {
    return headBytes() + messageBytes;
  }

  /**
   * As {@link #estimatedBytes()} for the CSV form of a dsa instance ({@code id,lower,upper,size}
   * and one line per buffer): the same ids and numbers, with a comma between them instead of the
   * JSON keys.
   */
  public long estimatedCsvBytes() {
    return "id,lower,upper,size\n".length()
        + messageBytes
        - declared * (LINE - 4L)
        + (declared > 0 ? 1 : 0);
  }

  /** The bytes of the file without its messages (the whole file when there are none). */
  private long headBytes() {
    java.io.StringWriter w = new java.io.StringWriter();
    try {
      InstanceWriter.write(
          new InstanceWriter.Streamed(name, head, model, topology, List.of(), 0, () -> null), w);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e); // a StringWriter does not fail
    }
    // "[]" becomes "[\n" + lines + "  ]"
    return w.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8).length
        + (declared > 0 ? 3 : 0);
  }

  /** The instance with all its messages drawn and validated. */
  public Instance toInstance() {
    use();
    Network net = network.get();
    int k = count.getAsInt();
    List<Message> ms = new ArrayList<>(k);
    for (int i = 0; i < k; i++) {
      ms.add(source.apply(i));
    }
    Problem p = head;
    if (head instanceof Problem.Chatting) {
      p = new Problem.Chatting(ms);
    } else if (head instanceof Problem.Dsa) {
      p = new Problem.Dsa(ms);
    } else if (head instanceof Problem.Scatter s) {
      p = new Problem.Scatter(s.root(), ms);
    } else if (head instanceof Problem.Gather g) {
      p = new Problem.Gather(g.root(), ms);
    }
    return new Instance(name, p, model, net);
  }

  /**
   * The instance for {@link InstanceWriter#write(InstanceWriter.Streamed, java.io.Writer)}: each
   * message drawn when the writer asks for it. Generated messages need no check: they are valid by
   * construction (the problem's model was checked when the draft was made).
   *
   * @param labels the network's node labels (empty for none)
   */
  public InstanceWriter.Streamed streamed(List<String> labels) {
    use();
    int[] next = {0};
    return new InstanceWriter.Streamed(
        name, head, model, topology, labels, count.getAsInt(), () -> source.apply(next[0]++));
  }

  private void use() {
    if (used) {
      throw new IllegalStateException("a draft's messages are drawn once");
    }
    used = true;
  }

  // ------------------------------------------------------------------ size of the message lines

  /**
   * A message line without its numbers and id: {@code { "id": "", "from": , "to": , "length":
   * },\n}.
   */
  static final int LINE = "    { \"id\": \"\", \"from\": , \"to\": , \"length\":  },\n".length();

  /** The characters of a route field without its numbers, for a route of {@code nodes} nodes. */
  static double routeChars(double nodes) {
    return ", \"route\": []".length() + 2 * Math.max(0, nodes - 1);
  }

  /** The decimal digits of a non-negative number. */
  static int digits(long v) {
    int d = 1;
    while (v >= 10) {
      v /= 10;
      d++;
    }
    return d;
  }

  /** The total number of digits of 0, 1, ..., n - 1 (exact). */
  static long digitsBelow(long n) {
    long total = 0;
    long lo = 0;
    long hi = 10;
    for (int d = 1; lo < n; d++) {
      total += d * (Math.min(n, hi) - lo);
      lo = hi;
      hi = hi > Long.MAX_VALUE / 10 ? Long.MAX_VALUE : hi * 10;
    }
    return total;
  }

  /** The mean number of digits of a number uniform on 0..n-1. */
  static double meanDigits(long n) {
    return n < 1 ? 1 : (double) digitsBelow(n) / n;
  }

  /**
   * The mean number of digits of a length drawn from {@code d} (over a fixed sample of draws of its
   * own).
   */
  static double meanDigits(LengthDistribution d) {
    java.util.SplittableRandom r = new java.util.SplittableRandom(0x5eed);
    int k = 2048;
    long sum = 0;
    for (int i = 0; i < k; i++) {
      sum += digits(d.sample(r));
    }
    return (double) sum / k;
  }
}
