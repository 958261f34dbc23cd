package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A broadcast whose source reaches not every node has no schedule, so no heuristic applies; the
 * exact methods start from a heuristic's schedule, so they must refuse too, in one line with exit
 * 2, instead of failing inside with exit 70 (found by the file fuzzer: an explicit network
 * declaring more nodes than its links join).
 */
class UnreachableNodesCliTest {
  @TempDir Path tmp;

  @Test
  void broadcastToUnreachableNodes_isRefusedByEveryMethod_neverAnInternalError()
      throws IOException {
    Path inst = tmp.resolve("islands.json");
    Files.writeString(
        inst,
        "{\"format\": \"commsched-instance/1\", \"name\": \"islands\", \"problem\": \"broadcast\", "
            + "\"model\": {\"kind\": \"store-and-forward\", \"beta\": \"1\", \"tau\": \"1\", \"ports\": \"all\", "
            + "\"duplex\": \"full\"}, \"network\": {\"nodes\": 5, \"links\": [[0, 1], [1, 2]]}, \"source\": 0, "
            + "\"length\": 2}");
    for (String method :
        new String[] {
          "cpsat", "choco", "time-indexed", "time-indexed-linear-cost", "greedy-saf", null
        }) {
      CliTest.Run r =
          method == null
              ? CliTest.run("solve", inst.toString(), "--time-limit", "5")
              : CliTest.run("solve", inst.toString(), "--method", method, "--time-limit", "5");
      assertThat(r.code()).as(method + ": " + r.err()).isEqualTo(2);
      assertThat(r.err().strip())
          .as(method)
          .doesNotContain("\n")
          .startsWith(inst.toString())
          .doesNotContain("internal error");
    }
  }
}
