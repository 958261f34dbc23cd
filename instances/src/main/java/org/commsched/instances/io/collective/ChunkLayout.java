package org.commsched.instances.io.collective;

import org.commsched.core.model.Instance;
import org.commsched.core.model.ProblemKind;

/**
 * How a broadcast or gossip of {@code length}-unit messages maps onto the chunked buffers of an
 * MSCCL algorithm: an allgather (gossip) has {@code gpus * perRank} chunks per loop, chunk {@code r
 * * perRank + j} holding units {@code j * unitsPerChunk ..} of GPU r's message; a broadcast has
 * {@code perRank} chunks, all of the source's message. GPU r's input chunk j is its own chunk j;
 * output chunk c is global chunk c on every GPU.
 *
 * @param kind gossip or broadcast
 * @param gpus the number of GPUs (nodes)
 * @param source the broadcast's source, -1 for a gossip
 * @param perRank chunks per message
 * @param unitsPerChunk units in one chunk
 */
record ChunkLayout(ProblemKind kind, int gpus, int source, int perRank, long unitsPerChunk) {

  /**
   * The layout for an instance with {@code perRank} chunks per message (its length must be a
   * multiple).
   */
  static ChunkLayout of(Instance inst, int perRank) {
    long length = inst.origins().get(0).length();
    return new ChunkLayout(
        inst.kind(),
        inst.network().nodes(),
        inst.kind() == ProblemKind.BROADCAST ? inst.root() : -1,
        perRank,
        length / perRank);
  }

  /** True for an allgather (gossip). */
  boolean gossip() {
    return kind == ProblemKind.GOSSIP;
  }

  /** The collective's name in MSCCL XML ({@code coll}). */
  String collective() {
    return gossip() ? "allgather" : "broadcast";
  }

  /** Chunks per loop ({@code nchunksperloop}), the size of the output buffer. */
  int chunksPerLoop() {
    return gossip() ? gpus * perRank : perRank;
  }

  /** The global chunk holding unit {@code unit} of the origin with index {@code origin}. */
  int chunk(int origin, long unit) {
    return (gossip() ? origin * perRank : 0) + (int) (unit / unitsPerChunk);
  }

  /** The origin (index of {@link Instance#origins()}) whose units a global chunk holds. */
  int origin(int chunk) {
    return gossip() ? chunk / perRank : 0;
  }

  /** The first unit of a global chunk within its origin's message. */
  long firstUnit(int chunk) {
    return (gossip() ? chunk % perRank : chunk) * unitsPerChunk;
  }

  /** The global chunk in input chunk {@code j} of GPU {@code gpu}. */
  int input(int gpu, int j) {
    return (gossip() ? gpu * perRank : 0) + j;
  }

  /** True if GPU {@code gpu} holds global chunk {@code chunk} from the start. */
  boolean holds(int gpu, int chunk) {
    return gossip() ? origin(chunk) == gpu : gpu == source;
  }
}
