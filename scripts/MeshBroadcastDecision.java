import com.google.ortools.Loader;
import com.google.ortools.sat.*;
import java.util.*;

// Issue 22, an offline decision program (not CI, not a method): is there a broadcast of N units from corner 0 of
// the R x C mesh (beta 5, tau 1, all ports, full duplex, store-and-forward) that ends by T?
// An exact slot model for CP-SAT written apart from LinearCostCp, with the restrictions that lose no schedule
// (docs/BENCHMARKS.md, "Mesh broadcast decisions"):
//  (1) every node but the source receives every unit exactly once, nothing goes into the source (drop
//      redundant copies: packets only shrink);
//  (2) an arc out of a node d hops from the source carries at most min(N, (T - 6 d) / 6) packets, numbered in
//      order of start;
//  (3) every packet starts as early as possible: at 0 / the end of the previous packet on its arc / the arrival
//      at its tail of one of its units (re-place the packets in order of start; nothing moves later);
//  (4) units sorted by their arrival vectors (lexicographic; units are interchangeable at the source);
//  (5) the mirror in the diagonal through the source (square meshes): sum of arrivals at node 1 <= at node C.
// With -Dneed=8 (a list of nodes) only those nodes need the units, a relaxation (the others relay, each unit at
// most once; (5) only when the list is mirror-symmetric): -Dneed=8 decides the corner-to-corner send.
// Checked against the slot model's proven optima (docs/BENCHMARKS.md, "Tried, not lifted: an exact decision model").
// Run: java -cp ORTOOLS_CP scripts/MeshBroadcastDecision.java R C N T [workers] [seconds]
// (prints FEASIBLE with the packets, or INFEASIBLE (proven), or UNKNOWN at the time limit).
public class MeshBroadcastDecision {
  static final int B = 5, TAU = 1, H = B + TAU;

  public static void main(String[] args) {
    int R = Integer.parseInt(args[0]), C = Integer.parseInt(args[1]);
    int N = Integer.parseInt(args[2]), T = Integer.parseInt(args[3]);
    int workers = args.length > 4 ? Integer.parseInt(args[4]) : 1;
    double seconds = args.length > 5 ? Double.parseDouble(args[5]) : 1800;
    boolean asap = !"0".equals(System.getProperty("asap", "1"));
    boolean lex = !"0".equals(System.getProperty("lex", "1"));
    boolean mirror = !"0".equals(System.getProperty("mirror", "1"));
    // -Dneed=8,2,6: a relaxation in which only these nodes need every unit (the others relay what they receive,
    // each unit at most once; a unit never received has arrival T + 1). Infeasible there means infeasible.
    String needProp = System.getProperty("need", "");
    Loader.loadNativeLibraries();
    int P = R * C, s = 0;
    // arcs
    List<int[]> arcs = new ArrayList<>();
    for (int v = 0; v < P; v++) {
      int r = v / C, c = v % C;
      int[][] nb = {{r - 1, c}, {r + 1, c}, {r, c - 1}, {r, c + 1}};
      for (int[] q : nb)
        if (q[0] >= 0 && q[0] < R && q[1] >= 0 && q[1] < C) {
          int w = q[0] * C + q[1];
          if (w != s) arcs.add(new int[] {v, w});
        }
    }
    boolean[] need = new boolean[P];
    for (int v = 0; v < P; v++) need[v] = needProp.isEmpty() && v != s;
    if (!needProp.isEmpty()) for (String x : needProp.split(",")) need[Integer.parseInt(x.trim())] = true;
    int[] dist = new int[P];
    for (int v = 0; v < P; v++) dist[v] = v / C + v % C;
    CpModel m = new CpModel();
    int A = arcs.size();
    int[] K = new int[A];
    IntVar[][] S = new IntVar[A][], Z = new IntVar[A][];
    Literal[][] pr = new Literal[A][];
    Literal[][][] mem = new Literal[A][][];
    IntVar[][] arr = new IntVar[P][N];
    for (int v = 0; v < P; v++)
      if (v != s)
        for (int u = 0; u < N; u++) arr[v][u] = m.newIntVar(dist[v] * H, need[v] ? T : T + 1, "r" + v + "_" + u);
    for (int a = 0; a < A; a++) {
      int v = arcs.get(a)[0];
      K[a] = Math.max(0, Math.min(N, (T - dist[v] * H) / H));
      S[a] = new IntVar[K[a]];
      Z[a] = new IntVar[K[a]];
      pr[a] = new Literal[K[a]];
      mem[a] = new Literal[K[a]][N];
      for (int j = 0; j < K[a]; j++) {
        S[a][j] = m.newIntVar(dist[v] * H + j * H, T - H, "S" + a + "_" + j);
        Z[a][j] = m.newIntVar(0, N, "Z" + a + "_" + j);
        pr[a][j] = m.newBoolVar("p" + a + "_" + j);
        LinearExprBuilder sum = LinearExpr.newBuilder();
        for (int u = 0; u < N; u++) {
          mem[a][j][u] = m.newBoolVar("m" + a + "_" + j + "_" + u);
          m.addImplication(mem[a][j][u], pr[a][j]);
          sum.add(mem[a][j][u]);
        }
        m.addEquality(Z[a][j], sum);
        m.addGreaterOrEqual(Z[a][j], 1).onlyEnforceIf(pr[a][j]);
        m.addEquality(Z[a][j], 0).onlyEnforceIf(pr[a][j].not());
        m.addEquality(S[a][j], dist[v] * H + j * H).onlyEnforceIf(pr[a][j].not());
        // ends by T
        m.addLessOrEqual(LinearExpr.newBuilder().add(S[a][j]).add(Z[a][j]).build(), T - B)
            .onlyEnforceIf(pr[a][j]);
        if (j > 0) {
          m.addImplication(pr[a][j], pr[a][j - 1]);
          m.addGreaterOrEqual(
                  LinearExpr.newBuilder().add(S[a][j]).addTerm(S[a][j - 1], -1).addTerm(Z[a][j - 1], -1).build(), B)
              .onlyEnforceIf(pr[a][j]);
        }
      }
    }
    // deliveries: every node but s gets every unit exactly once; arrival = end of that packet
    for (int w = 0; w < P; w++) {
      if (w == s) continue;
      LinearExprBuilder total = LinearExpr.newBuilder();
      for (int u = 0; u < N; u++) {
        List<Literal> in = new ArrayList<>();
        for (int a = 0; a < A; a++)
          if (arcs.get(a)[1] == w)
            for (int j = 0; j < K[a]; j++) {
              in.add(mem[a][j][u]);
              total.add(mem[a][j][u]);
              m.addEquality(
                      LinearExpr.newBuilder().add(arr[w][u]).addTerm(S[a][j], -1).addTerm(Z[a][j], -1).build(), B)
                  .onlyEnforceIf(mem[a][j][u]);
            }
        if (need[w]) m.addExactlyOne(in);
        else {
          m.addAtMostOne(in);
          Literal none = m.newBoolVar("none" + w + "_" + u);
          List<Literal> all = new ArrayList<>(in);
          all.add(none);
          m.addExactlyOne(all);
          m.addEquality(arr[w][u], T + 1).onlyEnforceIf(none);
        }
      }
      if (need[w]) m.addEquality(total, N);
    }
    // store and forward
    for (int a = 0; a < A; a++) {
      int v = arcs.get(a)[0];
      if (v == s) continue;
      for (int j = 0; j < K[a]; j++)
        for (int u = 0; u < N; u++)
          m.addGreaterOrEqual(LinearExpr.newBuilder().add(S[a][j]).addTerm(arr[v][u], -1).build(), 0)
              .onlyEnforceIf(mem[a][j][u]);
    }
    // (3) as early as possible
    if (asap)
      for (int a = 0; a < A; a++) {
        int v = arcs.get(a)[0];
        for (int j = 0; j < K[a]; j++) {
          List<Literal> why = new ArrayList<>();
          why.add(pr[a][j].not());
          Literal atPrev = m.newBoolVar("ap" + a + "_" + j);
          if (j == 0) {
            m.addEquality(S[a][j], 0).onlyEnforceIf(atPrev);
          } else {
            m.addEquality(
                    LinearExpr.newBuilder().add(S[a][j]).addTerm(S[a][j - 1], -1).addTerm(Z[a][j - 1], -1).build(),
                    B)
                .onlyEnforceIf(atPrev);
          }
          why.add(atPrev);
          if (v != s)
            for (int u = 0; u < N; u++) {
              Literal at = m.newBoolVar("au" + a + "_" + j + "_" + u);
              m.addImplication(at, mem[a][j][u]);
              m.addEquality(LinearExpr.newBuilder().add(S[a][j]).addTerm(arr[v][u], -1).build(), 0).onlyEnforceIf(at);
              why.add(at);
            }
          m.addBoolOr(why);
        }
      }
    // (4) units sorted by arrival vectors, lexicographically (node order: farthest first)
    if (lex) {
      Integer[] order = new Integer[P - 1];
      for (int v = 1; v < P; v++) order[v - 1] = v;
      Arrays.sort(order, (x, y) -> dist[y] - dist[x] != 0 ? dist[y] - dist[x] : x - y);
      int bits = 1;
      while ((1 << bits) <= T) bits++;
      for (int u = 0; u + 1 < N; u++) {
        // chain of equal prefixes
        Literal eqPrefix = null;
        for (int i = 0; i < order.length; i++) {
          int v = order[i];
          IntVar x = arr[v][u], y = arr[v][u + 1];
          if (eqPrefix == null) m.addLessOrEqual(x, y);
          else m.addLessOrEqual(x, y).onlyEnforceIf(eqPrefix);
          if (i + 1 < order.length) {
            Literal eq = m.newBoolVar("eq" + u + "_" + i);
            // eq -> (prefix equal and x == y); (prefix equal and x == y) -> eq not needed (only one direction used)
            m.addEquality(x, y).onlyEnforceIf(eq);
            if (eqPrefix != null) m.addImplication(eq, eqPrefix);
            // if prefix equal and x == y, eq must be true: x < y or prefix not equal or eq
            Literal lt = m.newBoolVar("lt" + u + "_" + i);
            m.addLessOrEqual(LinearExpr.newBuilder().add(x).addTerm(y, -1).build(), -1).onlyEnforceIf(lt);
            if (eqPrefix == null) m.addBoolOr(new Literal[] {lt, eq});
            else m.addBoolOr(new Literal[] {eqPrefix.not(), lt, eq});
            eqPrefix = eq;
          }
        }
      }
    }
    // -Dprefix=a1,a2,...: the k-th earliest arrival at the first node of the order above (the far corner) is at
    // least a_k; valid when a_k bounds the send of k units to it (restrict a schedule to its k earliest units
    // there: a send of k units that ends at their last arrival), e.g. the send decisions of this program.
    String prefix = System.getProperty("prefix", "");
    if (lex && !prefix.isEmpty()) {
      int far = 0;
      for (int v = 0; v < P; v++) if (dist[v] > dist[far]) far = v;
      String[] ps = prefix.split(",");
      for (int k = 0; k < N; k++) {
        int lb = Integer.parseInt(ps[Math.min(k, ps.length - 1)].trim());
        m.addGreaterOrEqual(arr[far][k], lb);
      }
    }
    // (5) mirror
    boolean symmetricNeed = R == C;
    for (int v = 0; v < P && symmetricNeed; v++) symmetricNeed = need[v] == need[(v % C) * C + v / C];
    if (mirror && symmetricNeed) {
      LinearExprBuilder d = LinearExpr.newBuilder();
      for (int u = 0; u < N; u++) {
        d.add(arr[1][u]);
        d.addTerm(arr[C][u], -1);
      }
      m.addLessOrEqual(d, 0);
    }
    // redundant: every arc's work fits
    for (int a = 0; a < A; a++) {
      int v = arcs.get(a)[0];
      LinearExprBuilder w = LinearExpr.newBuilder();
      for (int j = 0; j < K[a]; j++) {
        w.addTerm(pr[a][j], B);
        w.add(Z[a][j]);
      }
      m.addLessOrEqual(w, T - dist[v] * H);
    }
    CpSolver solver = new CpSolver();
    solver.getParameters().setNumWorkers(workers);
    solver.getParameters().setMaxTimeInSeconds(seconds);
    solver.getParameters().setLogSearchProgress(Boolean.getBoolean("log"));
    long t0 = System.nanoTime();
    CpSolverStatus st = solver.solve(m);
    double wall = (System.nanoTime() - t0) / 1e9;
    String what = st == CpSolverStatus.INFEASIBLE ? "INFEASIBLE" : st == CpSolverStatus.FEASIBLE || st == CpSolverStatus.OPTIMAL ? "FEASIBLE" : "UNKNOWN (" + st + ")";
    if (!needProp.isEmpty()) System.out.print("only nodes " + needProp + " need the units; ");
    System.out.printf("%dx%d mesh, broadcast of %d units from 0, T = %d: %s; %.1f s wall, %d branches, %d conflicts (asap %b, lex %b, mirror %b, workers %d)%n",
        R, C, N, T, what, wall, solver.numBranches(), solver.numConflicts(), asap, lex, mirror, workers);
    if (what.equals("FEASIBLE")) {
      for (int a = 0; a < A; a++)
        for (int j = 0; j < K[a]; j++)
          if (solver.booleanValue(pr[a][j])) {
            StringBuilder sb = new StringBuilder();
            for (int u = 0; u < N; u++) if (solver.booleanValue(mem[a][j][u])) sb.append(u).append(' ');
            long st0 = solver.value(S[a][j]);
            System.out.printf("  %d -> %d start %d end %d units %s%n", arcs.get(a)[0], arcs.get(a)[1], st0,
                st0 + B + solver.value(Z[a][j]), sb.toString().trim());
          }
    }
  }
}
