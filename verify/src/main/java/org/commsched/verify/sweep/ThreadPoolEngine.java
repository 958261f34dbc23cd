package org.commsched.verify.sweep;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The in-process engine: a fixed pool of {@code jobs} daemon threads, one task at a time on each.
 */
final class ThreadPoolEngine implements SweepEngine {
  @Override
  public <R extends Serializable> void run(
      List<? extends SweepWork<R>> tasks, int jobs, Consumer<? super R> sink)
      throws ExecutionException, InterruptedException {
    ExecutorService pool =
        Executors.newFixedThreadPool(
            jobs,
            r -> {
              Thread t = new Thread(r, "commsched-sweep-task");
              t.setDaemon(true);
              return t;
            });
    List<Future<?>> futures = new ArrayList<>();
    tasks.forEach(t -> futures.add(pool.submit(() -> t.run(sink))));
    pool.shutdown();
    for (Future<?> f : futures) {
      f.get();
    }
    pool.awaitTermination(1, TimeUnit.DAYS);
  }
}
