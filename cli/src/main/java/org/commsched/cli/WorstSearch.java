package org.commsched.cli;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.commsched.core.model.Instance;
import org.commsched.core.solve.Interrupt;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveStatus;
import org.commsched.instances.generate.GeneratorSpec;
import org.commsched.instances.generate.Generators;
import org.commsched.instances.generate.LengthDistribution;
import org.commsched.instances.io.InstanceFormatException;
import org.commsched.instances.io.InstanceReader;
import org.commsched.instances.io.InstanceWriter;
import org.commsched.solver.MethodRegistry;
import org.commsched.solver.SolveRunner;
import org.commsched.verify.oracle.OracleCertificate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The search of {@code commsched worst} (issue 23, item 5): a seeded local search over small
 * instances of one generated space that maximises a method's ratio to the proven optimum, then
 * shrinks the worst instance found.
 *
 * <p>Instances are mutated as their JSON documents (the file format is the one representation every
 * problem and family shares): a message's length (a fresh draw of the space's length distribution,
 * or one more or less within its range), an endpoint (a message's source or destination; a send's
 * or broadcast's source), an explicit route (a fresh random simple path, when the space has
 * explicit routes) or the tree's shape (a node hung under another node outside its subtree). The
 * reader then validates the mutant like any file, so a mutant outside the problem's rules is
 * dropped, never repaired. Hill climbing accepts a mutant whose ratio is at least the current one
 * (plateaus are walked); after {@link #RESTART_AFTER} evaluations without a new best it restarts
 * from the space's next seed. The search takes four fifths of the time, the shrinking the rest; a
 * cap on evaluations ends the search early (the shrinking then runs to its end), which is what
 * makes a capped run reproducible. A small space whose instances have all been seen ({@link
 * #EXHAUSTED} steps without a new one) ends the search early.
 *
 * <p>A ratio counts only with a certified optimum ({@link OracleCertificate}): the method's own
 * schedule meeting a lower bound the checker proves (ratio 1, no solver run), or an exact method's
 * OPTIMAL valid schedule. Evaluations are cached by document, so a revisited instance costs
 * nothing. With the same seed and evaluation budget the search visits the same instances (solver
 * times aside, which only decide whether an optimum is proven in time).
 *
 * <p>Shrinking is greedy: remove a message, lower a length (to 1, to half, by 1), remove an unused
 * leaf node (trees) or the last unused node (families given by a node count), keeping a step when
 * the ratio stays at least the worst found; it ends at an instance none of these steps makes
 * smaller without lowering the ratio.
 */
final class WorstSearch {
  /** Evaluations without a new best before the search restarts from the next seed. */
  static final int RESTART_AFTER = 60;

  /** Steps without a new instance after which the space counts as exhausted and the search ends. */
  static final int EXHAUSTED = 20 * RESTART_AFTER;

  /** Attempts to draw a mutant the reader accepts before the step is given up. */
  private static final int TRIES = 30;

  /**
   * The space searched: the generator's options, the first seed and whether routes are explicit.
   */
  record Space(GeneratorSpec spec) {}

  /**
   * One evaluated instance: the method's checked run, the optimum's proof, the ratio (null without
   * a proof).
   */
  record Eval(
      Instance instance,
      String json,
      SolveRunner.Outcome method,
      SolveRunner.Outcome optimal,
      OracleCertificate certificate,
      BigDecimal optimum,
      RatioReport.Ratio ratio) {}

  /** What the search returns: the worst instance found, the shrunk one and the counts. */
  record Result(
      Eval found, Eval shrunk, int evaluations, int certified, int restarts, boolean timeUp) {}

  private final Method method;
  private final Space space;
  private final LengthDistribution lengths;
  private final MethodRegistry registry = MethodRegistry.standard();
  private final Duration runLimit;
  private final long deadlineNanos;
  private final int maxEvaluations;
  private final Map<String, Eval> cache = new HashMap<>();
  private final Set<String> failed = new HashSet<>();
  private int evaluations;
  private long searchEnd;
  private int certified;

  /**
   * @param method the method whose ratio is maximised
   * @param space the space (its seed is the first restart's)
   * @param runLimit the time limit of one solver run
   * @param deadlineNanos {@link System#nanoTime()} at which the search stops (shrinking included)
   * @param maxEvaluations stop after this many distinct instances (0: no cap)
   */
  WorstSearch(
      Method method, Space space, Duration runLimit, long deadlineNanos, int maxEvaluations) {
    this.method = method;
    this.space = space;
    this.lengths = space.spec().lengths();
    this.runLimit = runLimit;
    this.deadlineNanos = deadlineNanos;
    this.maxEvaluations = maxEvaluations;
  }

  /** The instance of the space at a seed, named for the search. */
  Instance seedInstance(long seed) {
    GeneratorSpec s = space.spec();
    return Generators.instance(
        new GeneratorSpec(
            name(),
            s.problem(),
            s.family(),
            s.size(),
            s.messages(),
            s.lengths(),
            s.model(),
            seed,
            s.explicitRoutes()),
        null);
  }

  private String name() {
    GeneratorSpec s = space.spec();
    return "worst-"
        + method.name()
        + "-"
        + s.problem().wireName()
        + "-"
        + s.family()
        + "-n"
        + s.size()
        + "-s"
        + s.seed();
  }

  /**
   * Runs the search and the shrinking; null when no instance of the space got a certified ratio.
   */
  Result run() {
    long now = System.nanoTime();
    searchEnd = now + (deadlineNanos - now) / 5 * 4; // the last fifth is the shrinking's
    SplittableRandom rnd = new SplittableRandom(space.spec().seed());
    Eval best = null;
    Eval current = null;
    int stale = 0;
    int restarts = 0;
    long seed = space.spec().seed();
    int seen = 0;
    long idle =
        0; // steps since the last instance not seen before: a small space is exhausted after a
    // while
    while (!stop() && idle < EXHAUSTED) {
      idle = evaluations > seen ? 0 : idle + 1;
      seen = evaluations;
      if (current == null || stale >= RESTART_AFTER) {
        if (current != null) {
          restarts++;
          seed++;
        }
        stale = 0;
        current = evaluate(InstanceWriter.toJson(seedInstance(seed)));
        if (current == null || current.ratio() == null) {
          seed++;
          current = null;
          if (restarts++ > 50 && best == null) {
            break; // fifty seeds without a certified optimum: the space is out of the solvers'
            // reach
          }
          continue;
        }
        if (best == null || current.ratio().compareTo(best.ratio()) > 0) {
          best = current;
        }
        continue;
      }
      Eval next = null;
      for (int t = 0; t < TRIES && next == null && !stop(); t++) {
        String mutant = mutate(current, rnd);
        if (mutant != null) {
          next = evaluate(mutant);
        }
      }
      stale++;
      if (next == null || next.ratio() == null) {
        continue;
      }
      if (next.ratio().compareTo(current.ratio()) >= 0) {
        current = next;
      }
      if (next.ratio().compareTo(best.ratio()) > 0) {
        best = next;
        stale = 0;
      }
    }
    if (best == null) {
      return null;
    }
    boolean timeUp = System.nanoTime() >= searchEnd;
    Eval shrunk = shrink(best);
    return new Result(best, shrunk, evaluations, certified, restarts, timeUp);
  }

  private boolean stop() {
    return System.nanoTime() >= searchEnd
        || Interrupt.requested()
        || (maxEvaluations > 0 && evaluations >= maxEvaluations);
  }

  /**
   * The method's run and the certified optimum of an instance document; null when the document is
   * not a valid instance or the method does not apply or fails. The ratio is null when no optimum
   * was proven in time.
   */
  Eval evaluate(String json) {
    Eval known = cache.get(json);
    if (known != null || failed.contains(json)) {
      return known;
    }
    Instance inst;
    try {
      inst = InstanceReader.parse(json, name() + ".json");
    } catch (InstanceFormatException | IllegalArgumentException e) {
      failed.add(json);
      return null;
    }
    if (method.whyNot(inst) != null) {
      failed.add(json);
      return null;
    }
    evaluations++;
    SolveLimits limits = limits();
    if (limits == null) {
      return null;
    }
    SolveRunner.Outcome mine = SolveRunner.run(method, inst, limits);
    if (!mine.valid()) {
      failed.add(json);
      return null;
    }
    Eval e = prove(inst, json, mine, false);
    cache.put(json, e);
    if (e.ratio() != null) {
      certified++;
    }
    return e;
  }

  /**
   * The optimum's proof for the method's checked run: its own lower bound meeting its makespan,
   * else the exact methods that apply (the first OPTIMAL one while searching; every one with {@code
   * all}, the catalogue's certificate, which needs them all to agree).
   */
  Eval prove(Instance inst, String json, SolveRunner.Outcome mine, boolean all) {
    OracleCertificate byBound = OracleCertificate.of(mine, List.of());
    if (byBound != null) {
      BigDecimal ms = units(mine);
      return new Eval(inst, json, mine, mine, byBound, ms, RatioReport.Ratio.of(ms, ms));
    }
    boolean virtual = mine.result().schedule().virtual();
    List<SolveRunner.Outcome> runs = new ArrayList<>();
    SolveRunner.Outcome best = null;
    for (Method x : registry.applicable(inst)) {
      if (!x.exact() || x.name().equals(method.name())) {
        continue;
      }
      SolveLimits limits = limits();
      if (limits == null) {
        break;
      }
      SolveRunner.Outcome r = SolveRunner.run(x, inst, limits);
      if (r.result().hasSchedule() && r.result().schedule().virtual() != virtual) {
        continue; // the other objective
      }
      runs.add(r);
      if (r.valid() && (best == null || r.result().makespan() < best.result().makespan())) {
        best = r;
      }
      if (!all && r.valid() && r.result().status() == SolveStatus.OPTIMAL) {
        break;
      }
    }
    OracleCertificate cert = best == null ? null : OracleCertificate.of(best, runs);
    BigDecimal opt = cert == null ? null : units(best);
    return new Eval(
        inst,
        json,
        mine,
        best,
        cert,
        opt,
        cert == null ? null : RatioReport.Ratio.of(units(mine), opt));
  }

  /**
   * The catalogue's evaluation of a found instance: every applicable exact method run, as {@code
   * oracle} does.
   */
  Eval certify(Eval e) {
    return prove(e.instance(), e.json(), e.method(), true);
  }

  private static BigDecimal units(SolveRunner.Outcome o) {
    return o.result().scale().toUnits(o.result().makespan());
  }

  /**
   * The limits of one run: the run limit, cut to what is left of the search; null when nothing is
   * left.
   */
  private SolveLimits limits() {
    long left = deadlineNanos - System.nanoTime();
    if (left <= 1_000_000L) {
      return null;
    }
    Duration d = Duration.ofNanos(left).compareTo(runLimit) < 0 ? Duration.ofNanos(left) : runLimit;
    return new SolveLimits(d, 1, 0);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // mutation

  /** A mutant document of an evaluated instance, or null when the drawn step does not apply. */
  String mutate(Eval e, SplittableRandom rnd) {
    ObjectNode doc = (ObjectNode) Json.MAPPER.readTree(e.json());
    List<Runnable> steps = new ArrayList<>();
    ArrayNode msgs = doc.get("messages") instanceof ArrayNode a && !a.isEmpty() ? a : null;
    int n = e.instance().network().nodes();
    String problem = doc.path("problem").asString();
    if (msgs != null) {
      steps.add(() -> newLength((ObjectNode) msgs.get(rnd.nextInt(msgs.size())), rnd));
      steps.add(() -> newEndpoint(problem, msgs, rnd.nextInt(msgs.size()), n, e, rnd));
      List<Integer> routed = new ArrayList<>();
      for (int i = 0; i < msgs.size(); i++) {
        if (msgs.get(i).has("route")) {
          routed.add(i);
        }
      }
      if (!routed.isEmpty()) {
        steps.add(
            () -> {
              ObjectNode m = (ObjectNode) msgs.get(routed.get(rnd.nextInt(routed.size())));
              reroute(m, e, rnd);
            });
      }
    } else if (doc.has("length")) {
      steps.add(() -> newLength(doc, rnd));
      for (String end : List.of("source", "target")) {
        if (doc.has(end)) {
          steps.add(() -> doc.put(end, rnd.nextInt(n)));
        }
      }
    }
    JsonNode parents = doc.path("network").path("parents");
    if (parents instanceof ArrayNode p && p.size() > 2) {
      steps.add(() -> rehang(p, rnd));
    }
    if (steps.isEmpty()) {
      return null;
    }
    steps.get(rnd.nextInt(steps.size())).run();
    String out = Json.MAPPER.writeValueAsString(doc);
    return out.equals(e.json()) ? null : out;
  }

  private void newLength(ObjectNode m, SplittableRandom rnd) {
    long max = Math.max(1, lengths.max());
    long now = m.path("length").asLong();
    long next =
        switch (rnd.nextInt(3)) {
          case 0 -> lengths.sample(rnd);
          case 1 -> now + 1;
          default -> now - 1;
        };
    m.put("length", Math.max(1, Math.min(max, next)));
  }

  /**
   * A message's free endpoint to another node: the destination of a scatter, the source of a
   * gather, either else.
   */
  private void newEndpoint(
      String problem, ArrayNode msgs, int i, int n, Eval e, SplittableRandom rnd) {
    ObjectNode m = (ObjectNode) msgs.get(i);
    String end =
        switch (problem) {
          case "scatter" -> "to";
          case "gather" -> "from";
          default -> rnd.nextBoolean() ? "from" : "to";
        };
    m.put(end, rnd.nextInt(n));
    if (m.has("route")) {
      reroute(m, e, rnd);
    }
  }

  private static void reroute(ObjectNode m, Eval e, SplittableRandom rnd) {
    int from = m.path("from").asInt();
    int to = m.path("to").asInt();
    int n = e.instance().network().nodes();
    if (from < 0 || to < 0 || from >= n || to >= n || from == to) {
      m.remove("route");
      return;
    }
    ArrayNode r = m.putArray("route");
    Generators.randomPath(e.instance().network(), from, to, rnd).forEach(r::add);
  }

  /** Hangs a random non-root node under a random node outside its subtree. */
  private static void rehang(ArrayNode parents, SplittableRandom rnd) {
    int n = parents.size();
    int v = rnd.nextInt(n);
    if (parents.get(v).isNull()) {
      return;
    }
    int u = rnd.nextInt(n);
    for (int w = u, steps = 0; w >= 0 && steps <= n; steps++) {
      if (w == v) {
        return; // u lies in v's subtree
      }
      w = parents.get(w).isNull() ? -1 : parents.get(w).asInt();
    }
    parents.set(v, parents.numberNode(u));
  }

  // ---------------------------------------------------------------------------------------------------------------
  // shrinking

  /** The smallest instance reached by greedy steps that keep the ratio at least the found one's. */
  Eval shrink(Eval found) {
    Eval at = found;
    boolean again = true;
    while (again && System.nanoTime() < deadlineNanos && !Interrupt.requested()) {
      again = false;
      for (String smaller : smaller(at)) {
        if (System.nanoTime() >= deadlineNanos || Interrupt.requested()) {
          break;
        }
        Eval e = evaluate(smaller);
        if (e != null && e.ratio() != null && e.ratio().compareTo(at.ratio()) >= 0) {
          at = e;
          again = true;
          break;
        }
      }
    }
    return at;
  }

  /**
   * A size of an instance document: nodes, messages and lengths, so that every shrinking step
   * lowers it.
   */
  static long size(Instance inst) {
    long s = inst.network().nodes() + inst.messages().size();
    for (var m : inst.messages()) {
      s += m.length();
    }
    for (var o : inst.origins()) {
      s += o.length();
    }
    return s;
  }

  /** The documents one shrinking step away, most removing first. */
  List<String> smaller(Eval e) {
    List<String> out = new ArrayList<>();
    ObjectNode doc = (ObjectNode) Json.MAPPER.readTree(e.json());
    ArrayNode msgs = doc.get("messages") instanceof ArrayNode a ? a : null;
    if (msgs != null && msgs.size() > 1) {
      for (int i = 0; i < msgs.size(); i++) {
        ObjectNode d = doc.deepCopy();
        ((ArrayNode) d.get("messages")).remove(i);
        out.add(Json.MAPPER.writeValueAsString(d));
      }
    }
    out.addAll(nodeRemovals(doc));
    List<ObjectNode> holders = new ArrayList<>();
    if (msgs != null) {
      msgs.forEach(m -> holders.add((ObjectNode) m));
    } else if (doc.has("length")) {
      holders.add(doc);
    }
    for (int i = 0; i < holders.size(); i++) {
      long len = holders.get(i).path("length").asLong();
      for (long to : new long[] {1, (len + 1) / 2, len - 1}) {
        if (to >= 1 && to < len) {
          ObjectNode d = doc.deepCopy();
          ObjectNode h = msgs != null ? (ObjectNode) d.get("messages").get(i) : d;
          h.put("length", to);
          out.add(Json.MAPPER.writeValueAsString(d));
        }
      }
    }
    out.removeIf(s -> s.equals(e.json()));
    return out;
  }

  /**
   * Documents without one node no message, root, source or route names: a tree's leaf, or the last
   * node.
   */
  private static List<String> nodeRemovals(ObjectNode doc) {
    Set<Integer> used = new HashSet<>();
    for (String k : List.of("root", "source", "target")) {
      if (doc.has(k)) {
        used.add(doc.get(k).asInt());
      }
    }
    if (doc.get("messages") instanceof ArrayNode msgs) {
      for (JsonNode m : msgs) {
        used.add(m.path("from").asInt());
        used.add(m.path("to").asInt());
        if (m.get("route") instanceof ArrayNode r) {
          r.forEach(x -> used.add(x.asInt()));
        }
      }
    }
    List<String> out = new ArrayList<>();
    JsonNode net = doc.path("network");
    if (net.get("parents") instanceof ArrayNode parents && parents.size() > 2) {
      Set<Integer> inner = new HashSet<>();
      parents.forEach(
          p -> {
            if (!p.isNull()) {
              inner.add(p.asInt());
            }
          });
      for (int v = parents.size() - 1; v >= 0; v--) {
        if (inner.contains(v) || used.contains(v) || parents.get(v).isNull()) {
          continue;
        }
        ObjectNode d = doc.deepCopy();
        int gone = v;
        ArrayNode p = (ArrayNode) d.get("network").get("parents");
        p.remove(gone);
        for (int i = 0; i < p.size(); i++) {
          if (!p.get(i).isNull() && p.get(i).asInt() > gone) {
            p.set(i, p.numberNode(p.get(i).asInt() - 1));
          }
        }
        renumber(d, gone);
        out.add(Json.MAPPER.writeValueAsString(d));
      }
    } else if (net.has("nodes")
        && net.path("nodes").asInt() > 2
        && !used.contains(net.path("nodes").asInt() - 1)) {
      ObjectNode d = doc.deepCopy();
      ((ObjectNode) d.get("network")).put("nodes", net.path("nodes").asInt() - 1);
      out.add(Json.MAPPER.writeValueAsString(d));
    }
    return out;
  }

  /** Node numbers above {@code gone} move down by one in the problem's fields. */
  private static void renumber(ObjectNode d, int gone) {
    for (String k : List.of("root", "source", "target")) {
      if (d.has(k) && d.get(k).asInt() > gone) {
        d.put(k, d.get(k).asInt() - 1);
      }
    }
    if (d.get("messages") instanceof ArrayNode msgs) {
      for (JsonNode x : msgs) {
        ObjectNode m = (ObjectNode) x;
        for (String k : List.of("from", "to")) {
          if (m.path(k).asInt() > gone) {
            m.put(k, m.path(k).asInt() - 1);
          }
        }
        if (m.get("route") instanceof ArrayNode r) {
          for (int i = 0; i < r.size(); i++) {
            if (r.get(i).asInt() > gone) {
              r.set(i, r.numberNode(r.get(i).asInt() - 1));
            }
          }
        }
      }
    }
  }

  int evaluations() {
    return evaluations;
  }
}
