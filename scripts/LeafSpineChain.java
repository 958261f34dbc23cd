import java.util.*;
// Issue 22, a separate program (not CI): decides whether issue 22's leaf-spine broadcast (bench/lincost/lc-leafspine-broadcast-n*.json,
// beta 5, tau 1) can end by T at its far host, over a relaxation: the send from host h0 over x = l0, the two spines
// y0, y1 (each also reachable from the other over l1, two hops later, no capacity), L = l2, to v = h4; count model
// with units claimed at x in packet-start order and FIFO on y -> L and L -> v (docs/models/linear-cost.md#source-chain).
// Run: java scripts/LeafSpineChain.java UNITS T   (prints FEASIBLE and the source sizes, or nothing; 16 56: nothing).
public class LeafSpineChain {
  static final int B = 5;
  static int N, T;
  static long nodes = 0;
  static int feed(int[] rel, int n) { // rel sorted, first n
    int[] f = new int[n + 1];
    for (int j = 1; j <= n; j++) {
      int best = Integer.MAX_VALUE;
      for (int i = 0; i < j; i++) best = Math.min(best, Math.max(rel[j - 1], f[i]) + B + (j - i));
      f[j] = best;
    }
    return f[n];
  }
  static int feedList(List<Integer> l) { int[] a = l.stream().mapToInt(i->i).toArray(); Arrays.sort(a); return feed(a, a.length); }
  // stage 3: arrivals at y0 (sorted), y1 (sorted). Return true if some FIFO batching on both y->L then L->v meets T
  static boolean stage3(int[] ya, int[] yb) {
    List<int[]> la = new ArrayList<>();
    fifoAll(ya, 0, 0, new int[ya.length], la, yb);
    for (int[] x : la) {
      // prune with yb alone +6
      int[] opt = new int[x.length + yb.length];
      System.arraycopy(x, 0, opt, 0, x.length);
      for (int i = 0; i < yb.length; i++) opt[x.length + i] = yb[i] + 6;
      Arrays.sort(opt);
      if (feed(opt, opt.length) > T) continue;
      if (fifoB(yb, 0, 0, new int[yb.length], x)) return true;
    }
    return false;
  }
  static void fifoAll(int[] ya, int i, int free, int[] out, List<int[]> res, int[] yb) {
    if (i == ya.length) { res.add(out.clone()); return; }
    for (int c = 1; i + c <= ya.length; c++) {
      int st = Math.max(free, ya[i + c - 1]); int e = st + B + c;
      for (int k = i; k < i + c; k++) out[k] = e;
      fifoAll(ya, i + c, e, out, res, yb);
    }
  }
  static boolean fifoB(int[] yb, int i, int free, int[] out, int[] la) {
    nodes++;
    int[] opt = new int[la.length + yb.length];
    System.arraycopy(la, 0, opt, 0, la.length);
    for (int k = 0; k < i; k++) opt[la.length + k] = out[k];
    for (int k = i; k < yb.length; k++) opt[la.length + k] = Math.max(yb[k], free) + 6;
    Arrays.sort(opt);
    if (feed(opt, opt.length) > T) return false;
    if (i == yb.length) return true;
    for (int c = 1; i + c <= yb.length; c++) {
      int st = Math.max(free, yb[i + c - 1]); int e = st + B + c;
      for (int k = i; k < i + c; k++) out[k] = e;
      if (fifoB(yb, i + c, e, out, la)) return true;
    }
    return false;
  }
  static int[] rel;
  static int DETOUR = 12; // s_j -> l1 -> s_i: two more hops
  static long moved = 0;
  // each unit at a spine may instead reach the other spine DETOUR later (no capacity): try every count per arrival group
  static boolean moves(int[] a, int[] b) {
    List<int[]> ga = groups(a), gb = groups(b);
    List<int[]> all = new ArrayList<>();
    for (int[] g : ga) all.add(new int[] {0, g[0], g[1]});
    for (int[] g : gb) all.add(new int[] {1, g[0], g[1]});
    return pick(all, 0, new int[all.size()]);
  }
  static List<int[]> groups(int[] a) {
    List<int[]> out = new ArrayList<>();
    for (int i = 0; i < a.length; ) { int j = i; while (j < a.length && a[j] == a[i]) j++; out.add(new int[] {a[i], j - i}); i = j; }
    return out;
  }
  static boolean pick(List<int[]> all, int i, int[] m) {
    if (i == all.size()) {
      List<Integer> la = new ArrayList<>(), lb = new ArrayList<>();
      for (int k = 0; k < all.size(); k++) {
        int[] g = all.get(k);
        List<Integer> own = g[0] == 0 ? la : lb, other = g[0] == 0 ? lb : la;
        for (int c = 0; c < g[2] - m[k]; c++) own.add(g[1]);
        for (int c = 0; c < m[k]; c++) other.add(g[1] + DETOUR);
      }
      int[] a = la.stream().mapToInt(x->x).sorted().toArray(), b = lb.stream().mapToInt(x->x).sorted().toArray();
      if (m.length > 0 && Arrays.stream(m).sum() > 0) moved++;
      return stage3(a, b);
    }
    int[] g = all.get(i);
    int most = g[1] + DETOUR + 12 <= T ? g[2] : 0; // a detoured unit still needs y->L and L->v
    for (int c = 0; c <= most; c++) { m[i] = c; if (pick(all, i + 1, m)) return true; }
    return false;
  }
  static boolean searchX(int[] free, int claimed, List<Integer> ya, List<Integer> yb) {
    nodes++;
    int n = rel.length;
    int mf = Math.min(free[0], free[1]);
    List<Integer> opt = new ArrayList<>();
    for (int e : ya) opt.add(e + 6);
    for (int e : yb) opt.add(e + 6);
    for (int k = claimed; k < n; k++) opt.add(Math.max(rel[k], mf) + 12);
    if (feedList(opt) > T) return false;
    if (claimed == n) {
      int[] a = ya.stream().mapToInt(i->i).toArray(); int[] b = yb.stream().mapToInt(i->i).toArray();
      Arrays.sort(a); Arrays.sort(b);
      return moves(a, b);
    }
    for (int arc = 0; arc < 2; arc++) {
      if (arc == 1 && ya.isEmpty() && yb.isEmpty()) continue; // spines alike: the first packet to y0
      for (int c = 1; claimed + c <= n; c++) {
        int st = Math.max(free[arc], rel[claimed + c - 1]); int e = st + B + c;
        int[] nf = free.clone(); nf[arc] = e;
        List<Integer> na = new ArrayList<>(ya), nb = new ArrayList<>(yb);
        for (int k = 0; k < c; k++) (arc == 0 ? na : nb).add(e);
        if (searchX(nf, claimed + c, na, nb)) return true;
      }
    }
    return false;
  }
  static void comps(int left, List<Integer> acc) {
    if (left == 0) {
      int[] r = new int[N]; int t = 0, i = 0;
      for (int a : acc) { t += B + a; for (int k = 0; k < a; k++) r[i++] = t; }
      int[] o = new int[N]; for (int k = 0; k < N; k++) o[k] = r[k] + 12;
      if (feed(o, N) > T) return;
      rel = r;
      long before = nodes;
      boolean ok = searchX(new int[] {0, 0}, 0, new ArrayList<>(), new ArrayList<>());
      if (ok) System.out.println("FEASIBLE " + acc);
      if (nodes - before > 1000000) System.out.println(acc + " nodes " + (nodes - before));
      return;
    }
    for (int f = 1; f <= left; f++) { acc.add(f); comps(left - f, acc); acc.remove(acc.size() - 1); }
  }
  public static void main(String[] a) {
    N = Integer.parseInt(a[0]); T = Integer.parseInt(a[1]);
    comps(N, new ArrayList<>());
    System.out.println("done nodes " + nodes + " detour sets " + moved);
  }
}
