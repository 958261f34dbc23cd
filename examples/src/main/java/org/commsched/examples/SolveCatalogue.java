package org.commsched.examples;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.commsched.api.Commsched;
import org.commsched.api.Solution;

/** Solves, checks and writes one catalogue instance of each family: java SolveCatalogue CATALOGUE_DIR OUT_DIR. */
public final class SolveCatalogue {
  public static void main(String[] args) throws Exception {
    Path catalogue = Path.of(args[0]), out = Files.createDirectories(Path.of(args[1]));
    for (String file : new String[] {"chat-oracle-a-ula5.json", "sg-fig1-scatter-path6.json", "dsa-small.csv",
        "pk-tv1-scatter-beta1p5.json", "lc-e1-send-path5-all.json"}) {
      Solution s = Commsched.solve(Commsched.read(catalogue.resolve(file)), Duration.ofSeconds(5));
      Path written = out.resolve(file.replaceAll("\\.(json|csv)$", "") + ".schedule.json");
      Commsched.write(s, written);
      boolean valid = Commsched.check(Commsched.read(catalogue.resolve(file)), written).valid();
      System.out.printf("%-30s %-9s makespan %s (%d ticks) by %s, valid %s%n", file, s.status(),
          s.makespan().orElseThrow(), s.makespan().orElseThrow().ticks(), s.foundBy().orElse(s.method()), valid);
      if (!valid) {
        throw new IllegalStateException(file + ": the written schedule does not check");
      }
    }
  }
}
