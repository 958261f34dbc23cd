package org.commsched.solver.bufferless;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.commsched.core.bounds.LowerBounds;
import org.commsched.core.model.Atlas;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.model.Schedule;
import org.commsched.core.solve.LowerBound;
import org.commsched.core.solve.Method;
import org.commsched.core.solve.SolveLimits;
import org.commsched.core.solve.SolveResult;
import org.commsched.core.solve.SolveRun;
import org.commsched.core.solve.SolveStatus;
import org.commsched.core.time.TimeScale;
import org.commsched.heuristics.baseline.GreedyBufferless;
import org.commsched.heuristics.bufferless.scattergather.GatherTree;
import org.commsched.solver.model.SolverStatusMapping;
import org.commsched.solver.model.TaskModel;

/**
 * The exact bufferless models, built as a {@link TaskModel} that either back end solves: integer
 * variables with domains and hints, unit-capacity resources holding fixed-length tasks,
 * precedences, and the makespan terms. Two models are built from an instance.
 *
 * <p><b>Offline</b> ({@link #offline}; chatting, scatter, gather; all ports or single port). One
 * variable per non-null message: its departure t_M. Message M with length l and route v_0..v_d
 * holds, at hop k, the steps [t_M + k, t_M + k + l) (docs/DESIGN.md "Time"). All ports: that task
 * sits on the arc v_k -&gt; v_(k+1). Single port: on the send port of v_k and on the receive port
 * of v_(k+1) (rules V4, V5 of docs/models/bufferless-scatter-gather.md#validity-rules; the arc is
 * then implied). This is the no-wait job shop of
 * docs/models/bufferless-scatter-gather.md#exact-models (M5, CP form), which contains M1-M3 on
 * trees; for chatting under all ports it is the interval form of the
 * docs/models/bufferless-chatting.md#exact-models. The makespan is max (t_M + l_M + d_M - 1).
 *
 * <p><b>Forward-leveled reduction</b> (offline, all ports;
 * docs/models/bufferless-chatting.md#exact-models, #forward-leveled-networks). When the used arcs
 * have a forward leveling ({@link ArcLevels}: per arc, so a bidirectional array qualifies too),
 * message M crosses arc e at hop {@code level(e) - level(e_0(M))}, so on every arc it holds the
 * same virtual block {@code [t_M - level(e_0(M)), + l_M)} shifted by the arc's level, and the
 * disjunction between two messages is the same on every arc they share. The model then keeps one
 * task per message at offset {@code span - level(e_0(M))} (the same on every resource, so a back
 * end may build one interval per message) and one resource per maximal arc message set ({@link
 * ArcCliques}): an arc whose messages all cross a second arc as well adds nothing. The statistic
 * {@code model} says which form was solved.
 *
 * <p><b>Synchronization-aware gather</b> ({@link #sync};
 * docs/models/bufferless-scatter-gather.md#exact-models M4, under wake-up constraint (5) of
 * docs/models/bufferless-scatter-gather.md#shoulder-tap). Every node of a spanning tree of the root
 * (the <i>wake-up tree</i>: the routes' own tree, see below) must receive a one-flit wake-up from
 * its parent before it sends anything of its own. Variables: w_v &gt;= 1 for every non-root tree
 * node (the row at which its wake-up arrives; it crosses the arc parent(v) -&gt; v during step w_v
 * - 1) and t_M per non-null message. Constraints: w_c &gt;= w_v + 1 for a child c of a non-root v
 * (a node forwards only after it is woken); t_M &gt;= w_(from M) (causality, rule V6); single port:
 * t_M &gt;= w_c for every child c of M's source (forward-first: the wake-ups leave before the
 * node's own message, the reason for the "+2" of (5)); the wake-up of c is a one-step task [w_c -
 * 1, w_c) on parent(c)'s send port and c's receive port (single port) or on the arc parent(c) -&gt;
 * c (all ports), next to the data tasks of the offline model. All ports have no forward-first rule:
 * a node may wake its children and send upward in the same step
 * (docs/models/bufferless-scatter-gather.md#tc-multiport). On a path under single port the optimum
 * equals Shoulder-Tap's closed form (docs/models/bufferless-scatter-gather.md#shoulder-tap, Theorem
 * 2; docs/models/bufferless-scatter-gather.md#properties claim 10).
 *
 * <p>The wake-up tree is the tree the gathering protocols run on, {@link GatherTree}: the tree the
 * gather routes form, every node on no binding route hung breadth-first from it over links both
 * ways. Every node of it is woken, data or not, as in the paper's protocols
 * (docs/models/bufferless-scatter-gather.md#network-and-messages: PEs with null messages still take
 * part), so the model's optimum is the yardstick for the protocols on their own tree, and the
 * protocol bounds it posts as a floor (LB-SYNC, LB-PAPER, computed on the routes' part of that
 * tree) hold for it. {@link #whyNotSync} refuses what {@link GatherTree} refuses, pointing to
 * {@code cpsat}. The wake-up variables follow the tree nodes by depth, then id.
 *
 * <p>One-way arcs (docs/models/bufferless-scatter-gather.md#exact-methods). Until the model shared
 * the protocols' tree it built its own: the routes of the non-null messages (and explicit routes),
 * every other node the root reaches hung on a tree node with an arc down to it. Where every link
 * goes both ways that is the same tree, and no result changed. With one-way arcs the trees can
 * differ. On default routes every node that reaches the root is now on its breadth-first parent:
 * with arcs 0-1 and 1-2 both ways and 0 -&gt; 2 one way, root 0 and data only at node 1, node 2 is
 * now node 1's child, not the root's, so under single port node 1 wakes it before sending and the
 * optimum is 3 (it was 2, although the model then answered 3, having posted the routes' tree's
 * LB-SYNC as a floor). And an instance whose tree has a link with no arc down, or a node with a
 * message (null included) that no link both ways joins to the tree, is now refused, where the old
 * tree woke what it could reach.
 *
 * <p><b>Horizon and hint.</b> Offline: the {@code greedy} schedule and its makespan H; for
 * chatting, when greedy misses the lower bound, the best checker-valid schedule of every applicable
 * non-exact chatting method ({@link ChattingStarts#methods}: the paper's pipelines,
 * priority-greedy), run within a third of the time limit (statistics {@code hint} and {@code
 * start.*}). Sync: first a complete wake-up broadcast (single port: each node wakes its children
 * one per step, deepest subtree first; all ports: all at once), finished by row W, then the greedy
 * schedule shifted by W; H is its makespan. Departures range over [0, H - transit], wake-up rows
 * over [depth, H + nodes] (wake-ups of data-free subtrees may fall after the last data flit;
 * control after the last data flit does not count,
 * docs/models/bufferless-chatting.md#virtual-schedules-and-dsa).
 *
 * <p><b>Bounds.</b> The model's makespan is at least its floor: the best instance bound of {@link
 * LowerBounds#best} (offline; valid for the sync model too) and, for the sync model under single
 * port, the protocol bounds LB-SYNC and LB-PAPER of {@link LowerBounds#protocolBounds} (on the
 * routes' part of the wake-up tree).
 *
 * @implNote Immutable after construction.
 */
public final class BufferlessCp {
  /** True for the synchronization-aware gather model. */
  public final boolean sync;

  /** Number of message variables (0..messages-1); wake-up variables follow. */
  public final int messages;

  /** Instance index of each modelled message. */
  public final int[] msg;

  /** Transit l + d - 1 of each modelled message: it ends at t + transit. */
  public final long[] transit;

  /** Wake-up variables: the woken node and its parent in the wake-up tree. */
  public final int[] wakeNode;

  public final int[] wakeParent;

  /** Variable domains, hints and names. */
  public final long[] lo;

  public final long[] hi;
  public final long[] hint;
  public final String[] names;

  /**
   * Resources used by two or more tasks, each with its tasks (always present: no presence literal).
   */
  public final List<List<TaskModel.Task>> resources;

  /** Precedences between variables. */
  public final List<TaskModel.Precedence> precedences;

  /** The hint's makespan: the horizon. */
  public final long horizon;

  /** The best instance lower bound (offline; what a result may claim). */
  public final LowerBound bound;

  /**
   * The best lower bound on this model's makespan (= bound offline; protocol bounds may raise it in
   * sync).
   */
  public final LowerBound modelBound;

  /** The smallest makespan the model may take: the model bound (capped at the horizon). */
  public final long floor;

  /**
   * How the resources were built, for the statistics: "per arc", "per port" or the leveled form.
   */
  public final String form;

  /**
   * The heuristic whose schedule is the hint (and sets the horizon), and what each start method
   * gave.
   */
  public final String startMethod;

  public final Map<String, Object> startStats;

  /**
   * When the model began to be built (System.nanoTime): the back end gets what is left of the time
   * limit.
   */
  public final long builtAt;

  private final Instance instance;

  private BufferlessCp(Instance instance, boolean sync, boolean reduce, SolveLimits limits) {
    builtAt = System.nanoTime();
    this.instance = instance;
    this.sync = sync;
    Network net = instance.network();
    Atlas atlas = instance.atlas();
    List<Message> ms = instance.messages();
    boolean single = single(instance);

    List<Integer> idx = new ArrayList<>();
    for (int i = 0; i < ms.size(); i++) {
      if (ms.get(i).length() > 0) {
        idx.add(i);
      }
    }
    messages = idx.size();
    msg = new int[messages];
    transit = new long[messages];
    for (int j = 0; j < messages; j++) {
      msg[j] = idx.get(j);
      transit[j] = ms.get(msg[j]).length() + atlas.hops(msg[j]) - 1;
    }

    boolean chatting = !sync && instance.kind() == ProblemKind.CHATTING;
    SolveRun run = limits.run();
    // offline chatting in a run that holds a schedule (the portfolio's best heuristic): that is the
    // start, and the
    // heuristics do not run again
    SolveRun.Incumbent held = chatting ? run.incumbent(instance) : null;
    boolean handed = held != null && held.result().schedule() instanceof Schedule.Departures;
    SolveResult greedy =
        handed
            ? held.result()
            : run.solve(new GreedyBufferless(), instance, SolveLimits.defaults());
    LowerBound instanceBound = run.bestBound(instance).max(greedy.lowerBound());
    SolveResult start = greedy;
    Map<String, Object> startStats = Map.of();
    if (chatting && !handed && messages > 0 && greedy.makespan() > instanceBound.value()) {
      // the best heuristic schedule as hint and horizon, within a third of the time limit
      List<Method> others = new ArrayList<>();
      for (Method m : ChattingStarts.methods()) {
        if (!m.name().equals(greedy.method())) {
          others.add(m);
        }
      }
      ChattingStarts.Outcome o =
          ChattingStarts.run(
              instance,
              limits,
              others,
              greedy,
              instanceBound,
              builtAt + limits.timeLimit().toNanos() / 3,
              1);
      start = o.best();
      instanceBound = o.bound();
      startStats = o.stats();
    }
    bound = instanceBound;
    startMethod = start.method();
    this.startStats = startStats; // in run order, for stable output
    Map<String, Long> greedyDep = ((Schedule.Departures) start.schedule()).departures();

    GatherTree tree = sync ? GatherTree.of(instance) : null;
    int[] woken = tree == null ? new int[0] : wakeOrder(tree);
    int wakes = woken.length;
    wakeNode = new int[wakes];
    wakeParent = new int[wakes];
    int[] wakeVar = new int[net.nodes()];
    Arrays.fill(wakeVar, -1);
    long[] wakeRow = tree == null ? null : tree.wakeUpRows(single);
    long shift = 0;
    for (int k = 0; k < wakes; k++) {
      int v = woken[k];
      wakeNode[k] = v;
      wakeParent[k] = tree.parent(v);
      wakeVar[v] = messages + k;
      shift = Math.max(shift, wakeRow[v]);
    }
    if (messages == 0) {
      shift = 0; // nothing to send: no wake-up is needed either
    }

    int vars = messages + wakes;
    lo = new long[vars];
    hi = new long[vars];
    hint = new long[vars];
    names = new String[vars];
    long longest = 0;
    for (int j = 0; j < messages; j++) {
      hint[j] = greedyDep.get(ms.get(msg[j]).id()) + shift;
      names[j] = "t" + j;
      longest = Math.max(longest, transit[j] + (sync ? tree.depth(ms.get(msg[j]).from()) : 0));
    }
    long h = 0;
    for (int j = 0; j < messages; j++) {
      h = Math.max(h, hint[j] + transit[j]);
    }
    horizon = h;
    for (int j = 0; j < messages; j++) {
      hi[j] = horizon - transit[j];
    }
    for (int k = 0; k < wakes; k++) {
      int v = wakeNode[k];
      lo[messages + k] = tree.depth(v);
      hi[messages + k] = horizon + net.nodes();
      hint[messages + k] = wakeRow[v];
      names[messages + k] = "w" + v;
    }

    // tasks per resource: arcs (all ports) or 2 * nodes ports (single port: send port v, receive
    // port n + v)
    int n = net.nodes();
    Map<Integer, List<TaskModel.Task>> byResource = new LinkedHashMap<>();
    for (int j = 0; j < messages; j++) {
      long len = ms.get(msg[j]).length();
      int[] p = atlas.nodes(msg[j]);
      for (int k = 0; k + 1 < p.length; k++) {
        TaskModel.Task task = new TaskModel.Task(j, k, len, -1);
        if (single) {
          byResource.computeIfAbsent(p[k], r -> new ArrayList<>()).add(task);
          byResource.computeIfAbsent(n + p[k + 1], r -> new ArrayList<>()).add(task);
        } else {
          byResource
              .computeIfAbsent(2 * n + net.arc(p[k], p[k + 1]), r -> new ArrayList<>())
              .add(task);
        }
      }
    }
    List<TaskModel.Precedence> prec = new ArrayList<>();
    for (int k = 0; k < wakes; k++) {
      int v = wakeNode[k];
      int p = wakeParent[k];
      TaskModel.Task task = new TaskModel.Task(messages + k, -1, 1, -1);
      if (single) {
        byResource.computeIfAbsent(p, r -> new ArrayList<>()).add(task);
        byResource.computeIfAbsent(n + v, r -> new ArrayList<>()).add(task);
      } else {
        byResource.computeIfAbsent(2 * n + net.arc(p, v), r -> new ArrayList<>()).add(task);
      }
      if (wakeVar[p] >= 0) {
        prec.add(new TaskModel.Precedence(messages + k, wakeVar[p], 1));
      }
    }
    if (sync) {
      for (int j = 0; j < messages; j++) {
        int v = ms.get(msg[j]).from();
        prec.add(new TaskModel.Precedence(j, wakeVar[v], 0));
        if (single) {
          for (int c = 0; c < tree.degree(v); c++) {
            prec.add(new TaskModel.Precedence(j, wakeVar[tree.kid(v, c)], 0));
          }
        }
      }
    }
    List<List<TaskModel.Task>> shared = new ArrayList<>();
    ArcLevels lev = null;
    if (!sync && !single && reduce && messages > 0) {
      int[][] routes = new int[messages][];
      for (int j = 0; j < messages; j++) {
        routes[j] = atlas.arcs(msg[j]);
      }
      lev = ArcLevels.of(routes, net.arcs());
    }
    if (lev != null) {
      // one task per message at its level offset, one resource per maximal arc message set
      TaskModel.Task[] block = new TaskModel.Task[messages];
      for (int j = 0; j < messages; j++) {
        block[j] =
            new TaskModel.Task(
                j, lev.maxFirstLevel() - lev.firstLevel(j), ms.get(msg[j]).length(), -1);
      }
      List<int[]> sets = new ArrayList<>();
      int arcSets = 0;
      for (List<TaskModel.Task> ts : byResource.values()) {
        if (ts.size() > 1) {
          int[] set = new int[ts.size()];
          for (int k = 0; k < set.length; k++) {
            set[k] = ts.get(k).var();
          }
          Arrays.sort(set);
          sets.add(set);
          arcSets++;
        }
      }
      for (int[] set : ArcCliques.maximal(sets)) {
        List<TaskModel.Task> ts = new ArrayList<>(set.length);
        for (int j : set) {
          ts.add(block[j]);
        }
        shared.add(List.copyOf(ts));
      }
      form =
          "leveled: one block per message, "
              + shared.size()
              + " maximal arc sets of "
              + arcSets
              + " shared arcs";
    } else {
      for (List<TaskModel.Task> ts : byResource.values()) {
        if (ts.size() > 1) {
          shared.add(List.copyOf(ts));
        }
      }
      form = single ? "per port" : "per arc";
    }
    resources = List.copyOf(shared);
    precedences = List.copyOf(prec);

    LowerBound mb = instanceBound;
    if (sync && messages > 0) {
      int far = 0;
      for (int j = 1; j < messages; j++) {
        if (transit[j] + tree.depth(ms.get(msg[j]).from())
            > transit[far] + tree.depth(ms.get(msg[far]).from())) {
          far = j;
        }
      }
      Message m = ms.get(msg[far]);
      mb =
          mb.max(
              new LowerBound(
                  longest,
                  "WAKE-Q",
                  "node "
                      + m.from()
                      + " is "
                      + tree.depth(m.from())
                      + " wake-up hops from the root, so message "
                      + m.id()
                      + " leaves no earlier than step "
                      + tree.depth(m.from())
                      + " and then needs "
                      + transit[far]
                      + " more steps"));
      if (single) {
        for (LowerBound b : LowerBounds.protocolBounds(instance)) {
          mb = mb.max(b);
        }
      }
    }
    modelBound = mb;
    floor = Math.min(horizon, mb.value());
  }

  /**
   * The offline model (chatting, scatter or gather), with the forward-leveled reduction where it
   * applies; for chatting the hint is the best heuristic schedule found within a third of the time
   * limit.
   */
  public static BufferlessCp offline(Instance instance, SolveLimits limits) {
    return new BufferlessCp(instance, false, true, limits);
  }

  /** As {@link #offline(Instance, SolveLimits)} under the default limits. */
  public static BufferlessCp offline(Instance instance) {
    return offline(instance, SolveLimits.defaults());
  }

  /**
   * The offline model; {@code reduce = false} keeps one task per message and arc on leveled routes
   * (tests).
   */
  public static BufferlessCp offline(Instance instance, boolean reduce) {
    return new BufferlessCp(instance, false, reduce, SolveLimits.defaults());
  }

  /** The synchronization-aware gather model; {@link #whyNotSync} must be null. */
  public static BufferlessCp sync(Instance instance) {
    return new BufferlessCp(instance, true, false, SolveLimits.defaults());
  }

  /**
   * Why the synchronization-aware model cannot wake the nodes of this gather instance, or null if
   * it can: the instance needs the wake-up tree of {@link GatherTree} (routes forming one tree,
   * every message's node in it, every tree link also going down). The reason is one sentence that
   * points to {@code cpsat}, which needs no tree.
   */
  public static String whyNotSync(Instance instance) {
    return GatherTree.whyNot(instance, "the wake-ups", "cpsat");
  }

  /**
   * The non-root nodes of the wake-up tree in the order of their wake-up variables: by depth, then
   * id. The order is the model's own choice (any order gives the same model up to renaming of
   * variables); this one is the order of the model's former tree of its own, so the back ends see
   * the variables as before and search the same way.
   */
  private static int[] wakeOrder(GatherTree tree) {
    int[] order = tree.order();
    Integer[] nodes = new Integer[order.length - 1];
    for (int k = 1; k < order.length; k++) {
      nodes[k - 1] = order[k];
    }
    Arrays.sort(
        nodes,
        (a, b) ->
            tree.depth(a) != tree.depth(b)
                ? Integer.compare(tree.depth(a), tree.depth(b))
                : Integer.compare(a, b));
    int[] out = new int[nodes.length];
    for (int k = 0; k < out.length; k++) {
      out[k] = nodes[k];
    }
    return out;
  }

  public static boolean single(Instance instance) {
    return instance.bufferlessPorts() == CommModel.BufferlessPorts.SINGLE;
  }

  public int variables() {
    return lo.length;
  }

  /** The makespan of a full assignment (message variables only). */
  public long makespan(long[] values) {
    long out = 0;
    for (int j = 0; j < messages; j++) {
      out = Math.max(out, values[j] + transit[j]);
    }
    return out;
  }

  /**
   * The model for a back end: variables t_M (message j is variable j) and w_v, the shared
   * resources, the precedences, E &gt;= t_M + transit_M for every message, E &gt;= {@code floor}
   * (the model's floor, or 0 to search the bare model), every variable branched on in index order
   * (for back ends that take an order).
   */
  public TaskModel model(long floor) {
    TaskModel out = new TaskModel(floor, horizon);
    int[] order = new int[variables()];
    for (int v = 0; v < order.length; v++) {
      out.var(names[v], lo[v], hi[v], hint[v]);
      order[v] = v;
    }
    for (int j = 0; j < messages; j++) {
      out.end(j, transit[j], -1);
    }
    for (TaskModel.Precedence p : precedences) {
      out.precedence(p.after(), p.before(), p.gap());
    }
    for (List<TaskModel.Task> tasks : resources) {
      out.resource(tasks);
    }
    out.branching(order, false);
    return out;
  }

  /**
   * The flow the exact methods share: without a message, or when the hint already meets the floor,
   * the hint is the answer; otherwise the back end searches from it, with the floor posted. {@code
   * alwaysSearch} (for tests) searches the bare model: no shortcut and no posted floor, so a wrong
   * constraint cannot hide behind a bound.
   */
  public static SolveResult run(
      BufferlessCp data,
      String method,
      TaskModel.Backend backend,
      SolveLimits limits,
      boolean alwaysSearch) {
    SolveResult out;
    if (data.messages == 0 || (!alwaysSearch && data.floor >= data.horizon)) {
      out =
          data.finish(method, backend.name(), data.hint, true, data.horizon)
              .withStat(
                  "search",
                  "none: the "
                      + (data.sync ? "wake-up broadcast plus greedy" : data.startMethod)
                      + " schedule meets the lower bound");
    } else if (!alwaysSearch
        && limits.run().stop().over(data.builtAt + limits.timeLimit().toNanos())) {
      // the starts took the time (a busy machine, or Ctrl-C): building the model now would overrun
      // the limit
      out =
          data.finish(method, backend.name(), null, false, 0)
              .withStat("search", "none: the time limit passed before the model was built");
    } else {
      TaskModel model = data.model(alwaysSearch ? 0 : data.floor);
      // what is left once the task model is built: the back end's own building and search share it
      long left = limits.timeLimit().toNanos() - (System.nanoTime() - data.builtAt);
      TaskModel.Solution r =
          backend.solve(model, limits.withTimeLimit(Duration.ofNanos(Math.max(10_000_000L, left))));
      SolverStatusMapping.Answer a = r.answer();
      out =
          a.hasSchedule()
              ? data.finish(method, backend.name(), r.values(), a.optimal(), a.bound())
              : data.finish(method, backend.name(), null, false, 0);
      for (Map.Entry<String, Object> e : r.stats().entrySet()) {
        out = out.withStat(e.getKey(), e.getValue());
      }
    }
    out = out.withStat("solver", backend.name()).withStat("model", data.form);
    if (!data.startStats.isEmpty()) {
      out = out.withStat("hint", data.startMethod);
      for (Map.Entry<String, Object> e : data.startStats.entrySet()) {
        out = out.withStat(e.getKey(), e.getValue());
      }
    }
    return out;
  }

  /**
   * The method's result from a back end's answer: {@code values} of all variables (null if it found
   * nothing: then the hint), {@code optimal} whether the search proved them optimal, {@code
   * solverBound} its lower bound on the makespan when it stopped.
   *
   * <p>Offline: OPTIMAL when the solver proved it or the bound meets the makespan; the bound is the
   * solver's at the time limit when larger than the posted one. Sync: the status and lower bound
   * refer to the instance (the offline problem), because a wake-up-constrained optimum is not a
   * bound on every schedule; the model's own outcome goes into the statistics {@code syncStatus},
   * {@code syncBound} and {@code syncBoundKind}.
   */
  public SolveResult finish(
      String method, String solver, long[] found, boolean optimal, long solverBound) {
    boolean have = found != null;
    long[] values = have ? found : hint;
    long makespan = makespan(values);
    boolean proved = have && optimal;
    LowerBound own =
        modelBoundAt(solver, proved, makespan, have ? Math.min(solverBound, makespan) : 0);
    SolveStatus modelStatus = SolverStatusMapping.decide(own, makespan);
    SolveResult out;
    if (!sync) {
      out = result(method, modelStatus, values, makespan, own);
    } else {
      SolveStatus st = SolverStatusMapping.decide(bound, makespan);
      out =
          result(method, st, values, makespan, bound)
              .withStat("syncStatus", modelStatus.name())
              .withStat("syncBound", own.value())
              .withStat("syncBoundKind", own.kind());
    }
    return have
        ? out
        : out.withStat("fallback", sync ? "wake-up broadcast, then greedy" : startMethod);
  }

  /** The best lower bound on this model's makespan given a back end's outcome. */
  private LowerBound modelBoundAt(String solver, boolean optimal, long makespan, long solverBound) {
    String what = sync ? "no wake-up-constrained schedule" : "no schedule";
    return SolverStatusMapping.posted(
        modelBound,
        optimal,
        makespan,
        solverBound,
        solver + " proved that " + what + " ends before step",
        "",
        " (bound at the time limit)");
  }

  private SolveResult result(
      String method, SolveStatus status, long[] values, long makespan, LowerBound lower) {
    List<Message> ms = instance.messages();
    Map<String, Long> dep = new LinkedHashMap<>();
    for (int j = 0; j < messages; j++) {
      dep.put(ms.get(msg[j]).id(), values[j]);
    }
    List<Schedule.ControlTransfer> control = new ArrayList<>();
    if (messages > 0) {
      for (int k = 0; k < wakeNode.length; k++) {
        control.add(
            new Schedule.ControlTransfer(
                wakeParent[k], wakeNode[k], values[messages + k] - 1, "wakeup", List.of()));
      }
    }
    control.sort(
        (a, b) ->
            a.step() != b.step()
                ? Long.compare(a.step(), b.step())
                : Integer.compare(a.to(), b.to()));
    return new SolveResult(
        method,
        status,
        new Schedule.Departures(dep, control),
        makespan,
        lower,
        TimeScale.UNIT,
        Map.of());
  }
}
