package org.commsched.cli.fuzz;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The deep mode of the file fuzzer (docs/TESTS.md#file-fuzzing): {@code count} cases from base seed
 * {@code seed}, each a process of the launcher ({@link SubprocessRunner}), {@code jobs} at a time,
 * judged by {@link FuzzOracle} with the peak RSS bound. Prints a line per failure and a summary
 * table (runs, exits by code, failures by class and by mutation, the largest peak RSS and wall
 * time), writes each failing case to {@code OUT/failures/CLASS/seed-S/} (its files, the shrunk
 * input when shrinking kept the failure, and {@code case.txt}: the command, the failures, stderr),
 * and exits 1 when any case failed. Stopped early (Ctrl-C, SIGTERM: a slice that has to end by a
 * time), it kills the runs under way, which are not counted, and still prints and writes the
 * summary of the runs done. Run it through {@code scripts/fuzz-files.sh}, which builds the
 * classpath.
 *
 * <pre>
 * FileFuzz [--seed B] [--count N] [--jobs J] [--out DIR] [--margin S] [--rss-mb M] [--java-opts OPTS]
 *          [--shrink K] [--shrink-budget R] [--launcher PATH]</pre>
 */
public final class FileFuzz {
  private FileFuzz() {}

  public static void main(String[] argv) throws Exception {
    Map<String, String> a =
        new TreeMap<>(
            Map.of(
                "--seed",
                "1000000",
                "--count",
                "10000",
                "--jobs",
                "2",
                "--out",
                "target/file-fuzz",
                "--margin",
                "2",
                "--rss-mb",
                "1024",
                "--java-opts",
                "-Xmx2g",
                "--shrink",
                "3",
                "--shrink-budget",
                "20",
                "--launcher",
                "commsched"));
    for (int i = 0; i + 1 < argv.length; i += 2) {
      if (!a.containsKey(argv[i])) {
        throw new IllegalArgumentException("unknown option " + argv[i] + "; use " + a.keySet());
      }
      a.put(argv[i], argv[i + 1]);
    }
    long base = Long.parseLong(a.get("--seed"));
    int count = Integer.parseInt(a.get("--count"));
    int jobs = Integer.parseInt(a.get("--jobs"));
    Path outDir = Paths.get(a.get("--out")).toAbsolutePath();
    double margin = Double.parseDouble(a.get("--margin"));
    long rssKb = Long.parseLong(a.get("--rss-mb")) * 1024;
    int shrinkPerClass = Integer.parseInt(a.get("--shrink"));
    Path launcher = FuzzCases.catalogue().getParent().getParent().resolve(a.get("--launcher"));
    Files.createDirectories(outDir);
    Path work = Files.createTempDirectory(outDir, "work");
    FuzzCases cases = new FuzzCases(work);
    SubprocessRunner runner = new SubprocessRunner(launcher, a.get("--java-opts"), margin);

    Map<String, AtomicInteger> exits = new TreeMap<>();
    Map<String, AtomicInteger> byClass = new TreeMap<>();
    Map<String, AtomicInteger> byMutation = new TreeMap<>();
    Map<String, AtomicInteger> shrunk = new TreeMap<>();
    AtomicLong maxRss = new AtomicLong();
    AtomicLong maxMillis = new AtomicLong();
    AtomicInteger done = new AtomicInteger();
    int[] overshoot =
        new int[OVERSHOOT.length + 1]; // runs by seconds past their limit: <= 0, <= 1, <= 2, ...
    AtomicInteger failed = new AtomicInteger();
    String[] maxRssCase = {""};
    long t0 = System.nanoTime();
    String load0 = loadAverage();
    java.util.concurrent.atomic.AtomicBoolean stopping =
        new java.util.concurrent.atomic.AtomicBoolean();
    ExecutorService pool = Executors.newFixedThreadPool(jobs);
    for (int i = 0; i < count; i++) {
      long seed = base + i;
      pool.submit(
          () -> {
            try {
              FuzzCase c = cases.draw(seed);
              Path dir = work.resolve("case-" + seed);
              c.writeTo(dir);
              FuzzOracle.Outcome o = runner.run(c, dir);
              List<FuzzOracle.Failure> f = FuzzOracle.judge(c, o, dir, margin, rssKb);
              synchronized (exits) {
                if (stopping.get()) { // killed by our own stop below: not an outcome of the case
                  return;
                }
                exits
                    .computeIfAbsent(
                        o.code() == null ? "stopped" : Integer.toString(o.code()),
                        k -> new AtomicInteger())
                    .incrementAndGet();
                if (o.peakKb() > maxRss.get()) {
                  maxRss.set(o.peakKb());
                  maxRssCase[0] = "seed " + seed + " " + c.mutation() + " " + c.command();
                }
                maxMillis.accumulateAndGet((long) (o.seconds() * 1000), Math::max);
                int b = 0;
                while (b < OVERSHOOT.length && o.seconds() - c.limitSeconds() > OVERSHOOT[b]) {
                  b++;
                }
                overshoot[b]++;
                for (FuzzOracle.Failure x : f) {
                  byClass.computeIfAbsent(x.kind(), k -> new AtomicInteger()).incrementAndGet();
                  byMutation
                      .computeIfAbsent(
                          x.kind() + " <- " + c.mutation() + " (" + c.args().get(0) + ")",
                          k -> new AtomicInteger())
                      .incrementAndGet();
                }
              }
              if (!f.isEmpty()) {
                failed.incrementAndGet();
                String kind = f.get(0).kind();
                System.out.println(
                    "FAIL seed "
                        + seed
                        + " "
                        + c.mutation()
                        + " ["
                        + c.commandLine()
                        + "] exit "
                        + o.code()
                        + String.format(" %.1f s %d MiB: ", o.seconds(), o.peakKb() / 1024)
                        + f);
                FuzzCase small = c;
                boolean shrink;
                synchronized (shrunk) {
                  shrink =
                      shrunk.computeIfAbsent(kind, k -> new AtomicInteger()).incrementAndGet()
                          <= shrinkPerClass;
                }
                if (shrink) {
                  small =
                      FileShrinker.shrink(
                          c,
                          cand -> {
                            try {
                              Path d = work.resolve("shrink-" + seed + "-" + System.nanoTime());
                              cand.writeTo(d);
                              FuzzOracle.Outcome co = runner.run(cand, d);
                              boolean same =
                                  FuzzOracle.judge(cand, co, d, margin, rssKb).stream()
                                      .anyMatch(x -> x.kind().equals(kind));
                              SubprocessRunner.deleteTree(d);
                              return same;
                            } catch (Exception e) {
                              return false;
                            }
                          },
                          Integer.parseInt(a.get("--shrink-budget")));
                }
                save(
                    outDir.resolve("failures").resolve(kind).resolve("seed-" + seed),
                    c,
                    small,
                    o,
                    f);
              }
              SubprocessRunner.deleteTree(dir);
              int n = done.incrementAndGet();
              if (n % 100 == 0) {
                System.out.printf(
                    "[file fuzz] %d/%d runs, %d failing, %.0f s%n",
                    n, count, failed.get(), (System.nanoTime() - t0) / 1e9);
              }
            } catch (Exception | Error e) {
              System.out.println("HARNESS seed " + seed + ": " + e);
              failed.incrementAndGet();
            }
          });
    }
    java.util.concurrent.atomic.AtomicBoolean reported =
        new java.util.concurrent.atomic.AtomicBoolean();
    Runnable report =
        () -> {
          synchronized (
              exits) { // a second caller (main and the stop's hook) waits until the first has
            // written it
            if (!reported.compareAndSet(false, true)) {
              return;
            }
            double wall = (System.nanoTime() - t0) / 1e9;
            int runs =
                exits.values().stream()
                    .mapToInt(AtomicInteger::get)
                    .sum(); // judged runs, shrinking or not
            StringBuilder sb = new StringBuilder();
            sb.append(
                String.format(
                    "%n[file fuzz] base seed %d, %d runs%s, %d jobs, %.0f s wall, margin %.1f s, "
                        + "RSS bound %d MiB, JAVA_OPTS=%s%n",
                    base,
                    runs,
                    runs < count ? " (stopped before the " + count + " asked)" : "",
                    jobs,
                    wall,
                    margin,
                    rssKb / 1024,
                    a.get("--java-opts")));
            sb.append("load average at the start ")
                .append(load0)
                .append(", at the end ")
                .append(loadAverage())
                .append('\n');
            sb.append("\n| seconds past the run's limit | runs |\n|---|---|\n");
            for (int b = 0; b <= OVERSHOOT.length; b++) {
              sb.append(
                      b < OVERSHOOT.length
                          ? "| <= " + OVERSHOOT[b]
                          : "| > " + OVERSHOOT[OVERSHOOT.length - 1])
                  .append(" | ")
                  .append(overshoot[b])
                  .append(" |\n");
            }
            sb.append("\n| exit | runs |\n|---|---|\n");
            exits.forEach(
                (k, v) -> sb.append("| ").append(k).append(" | ").append(v).append(" |\n"));
            sb.append("\n| failure class | runs |\n|---|---|\n");
            byClass.forEach(
                (k, v) -> sb.append("| ").append(k).append(" | ").append(v).append(" |\n"));
            if (byClass.isEmpty()) {
              sb.append("| (none) | 0 |\n");
            }
            sb.append("\n| failure class <- mutation (command) | runs |\n|---|---|\n");
            byMutation.forEach(
                (k, v) -> sb.append("| ").append(k).append(" | ").append(v).append(" |\n"));
            sb.append(
                String.format(
                    "%nfailing runs %d; largest peak RSS %d MiB (%s); longest run %.1f s; failures in %s%n",
                    failed.get(),
                    maxRss.get() / 1024,
                    maxRssCase[0],
                    maxMillis.get() / 1000.0,
                    outDir.resolve("failures")));
            System.out.print(sb);
            try {
              Files.writeString(outDir.resolve("summary.md"), sb.toString());
            } catch (IOException e) {
              System.out.println("cannot write summary.md: " + e.getMessage());
            }
          }
        };
    // stopped early (Ctrl-C, SIGTERM): end the runs under way, whose outcome is not counted, and
    // report the rest
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  synchronized (exits) {
                    stopping.set(true);
                  }
                  pool.shutdownNow(); // interrupts the workers' waits, so that no new run starts
                  ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
                  report.run();
                },
                "file-fuzz-report"));
    pool.shutdown();
    pool.awaitTermination(365, TimeUnit.DAYS);
    report.run();
    SubprocessRunner.deleteTree(work);
    System.exit(failed.get() == 0 ? 0 : 1);
  }

  /** The bounds of the overshoot table, in seconds past a run's limit. */
  static final double[] OVERSHOOT = {0, 1, 2, 3, 5, 10, 20};

  private static String loadAverage() {
    try {
      return Files.readString(Paths.get("/proc/loadavg")).strip();
    } catch (IOException e) {
      return "unknown";
    }
  }

  /** Writes a failing case: its files, the shrunk input beside them, and case.txt. */
  static void save(
      Path to, FuzzCase c, FuzzCase small, FuzzOracle.Outcome o, List<FuzzOracle.Failure> f)
      throws IOException {
    c.writeTo(to);
    if (small != c) {
      Files.write(to.resolve("shrunk-" + c.input()), small.files().get(c.input()));
    }
    List<String> lines = new ArrayList<>();
    lines.add("seed " + c.seed() + " mutation " + c.mutation());
    lines.add("command (in this directory): " + c.commandLine());
    lines.add("exit " + o.code() + String.format(", %.2f s, peak %d KiB", o.seconds(), o.peakKb()));
    f.forEach(x -> lines.add("failure " + x.kind() + ": " + x.detail()));
    lines.add(
        "input "
            + c.files().get(c.input()).length
            + " bytes"
            + (small != c
                ? ", shrunk to "
                    + small.files().get(c.input()).length
                    + " bytes (shrunk-"
                    + c.input()
                    + ")"
                : ""));
    lines.add("--- stderr (first 4000 characters)");
    lines.add(o.err().length() > 4000 ? o.err().substring(0, 4000) : o.err());
    Files.write(to.resolve("case.txt"), lines, StandardCharsets.UTF_8);
  }
}
