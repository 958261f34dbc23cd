package org.commsched.heuristics.linearcost;

import static org.assertj.core.api.Assertions.assertThat;
import org.commsched.core.bounds.PathSending;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Topology;
import org.junit.jupiter.api.Test;

class ScratchTest {
  @Test
  void scratch() {
    var mAll = BroadcastFixtures.model("5", "1", CommModel.Ports.ALL, CommModel.Duplex.FULL);
    var mOne = BroadcastFixtures.model("5", "1", CommModel.Ports.ONE, CommModel.Duplex.FULL);
    PathSending f = new PathSending(5, 1);
    StringBuilder bad = new StringBuilder();
    for (int p = 2; p <= 7; p++) {
      for (long n = 1; n <= 12; n++) {
        for (long k = 1; k <= n; k++) {
          for (var m : new CommModel.StoreAndForward[] {mAll, mOne}) {
            var inst = BroadcastFixtures.broadcast(new Topology.URing(p), 1 % p, n, m);
            long got = BroadcastFixtures.checkedMakespan(new UringBroadcast(), inst, k);
            long want = m == mOne && p >= 3 ? f.tOne(n, p - 1, k) : f.tStar(n, p - 1, k);
            if (got != want) bad.append("uring p=" + p + " n=" + n + " k=" + k + " " + m.ports() + " got " + got + " want " + want + "\n");
          }
          if (p >= 3) {
            for (var m : new CommModel.StoreAndForward[] {mOne}) {
              var inst1 = BroadcastFixtures.broadcast(new Topology.Ring(p), 1, n, m);
              var b = new RingBroadcastFullOnePort().schedule(inst1, k);
              long got1 = BroadcastFixtures.checkedMakespan(new RingBroadcastFullOnePort(), inst1, k);
              long mm = p / 2;
              long q = (n + k - 1) / k;
              long want1 = p % 2 == 0 ? f.tStar(n, p / 2, k) : f.tStar(n + k * ((k * (mm - 1) + n + 2 * mm * k - 1) / (2 * mm * k)), mm, k);
              long wantRounds = p % 2 == 0 ? mm - 1 + q : mm - 1 + q + (k * (mm - 1) + n + 2 * mm * k - 1) / (2 * mm * k);
              if (got1 != want1 || b.rounds() != wantRounds) bad.append("f1 ring p=" + p + " n=" + n + " k=" + k + " got " + got1 + " want " + want1 + " rounds " + b.rounds() + " want " + wantRounds + "\n");
            }
            var inst = BroadcastFixtures.broadcast(new Topology.Ring(p), 2 % p, n, mAll);
            long got = BroadcastFixtures.checkedMakespan(new RingBroadcastFull(), inst, k);
            long want = p % 2 == 0 ? f.tStar((n + 1) / 2, p / 2, k) : f.tStar(n - (n + k) / 2, (p + 1) / 2, k);
            if (got != want) bad.append("ring p=" + p + " n=" + n + " k=" + k + " got " + got + " want " + want + "\n");
          }
        }
      }
    }
    for (int dim = 1; dim <= 5; dim++) {
      for (long n = 1; n <= 14; n++) {
        for (long k = 1; k <= n; k++) {
          var inst = BroadcastFixtures.broadcast(new Topology.Hypercube(dim), 3 % (1 << dim), n, mOne);
          long got = BroadcastFixtures.checkedMakespan(new HypercubeBroadcast(), inst, k);
          long want = f.tStar(n, dim, k);
          if (got != want) bad.append("cube m=" + dim + " n=" + n + " k=" + k + " got " + got + " want " + want + "\n");
        }
      }
    }
    for (int p = 2; p <= 7; p++) {
      for (long n = 1; n <= 25; n++) {
        for (long k = 1; k <= n; k++) {
          var inst = BroadcastFixtures.broadcast(new Topology.Complete(p), 1, n, mAll);
          long got = BroadcastFixtures.checkedMakespan(new CompleteGraphBroadcastFull(), inst, k);
          long want = f.tStar((n - k + p - 2) / (p - 1), 2, k);
          if (got != want) bad.append("kp p=" + p + " n=" + n + " k=" + k + " got " + got + " want " + want + "\n");
        }
      }
    }
    for (int p = 2; p <= 11; p++) {
      for (long n = 1; n <= 14; n++) {
        for (long k = 1; k <= n; k++) {
          var inst = BroadcastFixtures.broadcast(new Topology.Complete(p), 1, n, mOne);
          long got = BroadcastFixtures.checkedMakespan(new CompleteGraphBroadcastOnePort(), inst, k);
          int d = 31 - Integer.numberOfLeadingZeros(p);
          long want = f.tStar(n, d, k) + ((1 << d) == p ? 0 : 5 + n);
          long mm = p / 2;
          if (p >= 3) want = Math.min(want, p % 2 == 0 ? f.tStar(n, p / 2, k) : f.tStar(n + k * ((k * (mm - 1) + n + 2 * mm * k - 1) / (2 * mm * k)), mm, k));
          if (got != want) bad.append("kp1 p=" + p + " n=" + n + " k=" + k + " got " + got + " want " + want + "\n");
        }
      }
    }
    var mH = BroadcastFixtures.model("5", "1", CommModel.Ports.ALL, CommModel.Duplex.HALF);
    var mH1 = BroadcastFixtures.model("5", "1", CommModel.Ports.ONE, CommModel.Duplex.HALF);
    for (int p = 3; p <= 9; p++) {
      for (long n = 1; n <= 14; n++) {
        for (long k = 1; k <= n; k++) {
          var inst = BroadcastFixtures.broadcast(new Topology.Ring(p), 1, n, mH);
          long got = BroadcastFixtures.checkedMakespan(new RingBroadcastHalf(), inst, k);
          long want;
          int m = p / 2;
          if (p % 2 == 0) want = Math.max(f.tStar((n + 1) / 2, m, k), f.tStar(n, m - 1, k));
          else {
            long t0 = Long.MAX_VALUE;
            for (long n0 = 0; n0 <= n / 2; n0++) t0 = Math.min(t0, Math.max(f.tStar(n - n0, m, k), f.tOne(n0, m + 2, k)));
            want = m >= 2 ? Math.max(f.tStar(n, m - 1, k), t0) : t0;
          }
          if (got != want) bad.append("hstar p=" + p + " n=" + n + " k=" + k + " got " + got + " want " + want + "\n");
          var inst1 = BroadcastFixtures.broadcast(new Topology.Ring(p), 1, n, mH1);
          long got1 = BroadcastFixtures.checkedMakespan(new RingBroadcastHalfOnePort(), inst1, k);
          long want1 = f.tOne(n, (p + 1) / 2, k);
          if (got1 != want1) bad.append("h1 p=" + p + " n=" + n + " k=" + k + " got " + got1 + " want " + want1 + "\n");
        }
      }
    }
    for (int p = 2; p <= 8; p++) {
      for (long n = 1; n <= 60; n += 1) {
        long minGot = Long.MAX_VALUE, minWant = Long.MAX_VALUE;
        for (long k = 1; k <= n; k++) {
          var inst = BroadcastFixtures.broadcast(new Topology.Complete(p), 1, n, mH);
          long got = BroadcastFixtures.checkedMakespan(new CompleteGraphBroadcastHalf(), inst, k);
          long B = 5;
          int r = 0;
          while (p * (((1L << r) - 1) * k + ((1L << r) - r - 1) * B) + k + r * B < n) r++;
          if (n - k - r * B < 0) continue;
          long want = (2L * r + 1) * 5 + (2 * ((n - k - r * B + p - 1) / p) + k);
          minGot = Math.min(minGot, got); minWant = Math.min(minWant, want);
          if (got != want) System.out.println("hk p=" + p + " n=" + n + " k=" + k + " got " + got + " want " + want);
        }
        if (minGot > minWant) bad.append("hk min p=" + p + " n=" + n + " got " + minGot + " want " + minWant + "\n");
      }
    }
    assertThat(bad.toString()).isEmpty();
  }
}
