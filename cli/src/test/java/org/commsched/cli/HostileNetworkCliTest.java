package org.commsched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The XXE report as a user meets it (issue 28 item 1): {@code generate --network} of a
 * GraphML file that declares an external entity on a local file no longer copies that file into the
 * instance's labels and prints them; it exits 2 with one line and writes no instance.
 */
class HostileNetworkCliTest {
  @TempDir Path tmp;

  @Test
  void graphmlWithAnExternalEntity_isRefused_andTheFileItNamesNeverAppears() throws IOException {
    Path secret = tmp.resolve("passwd");
    Files.writeString(secret, "root:x:0:0:commsched-secret-marker\n");
    Path net = tmp.resolve("topology.graphml");
    Files.writeString(
        net,
        "<?xml version=\"1.0\"?>\n<!DOCTYPE graphml [ <!ENTITY x SYSTEM \"file://"
            + secret
            + "\"> ]>\n<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\"><key id=\"d\" for=\"node\" "
            + "attr.name=\"label\" attr.type=\"string\"/><graph edgedefault=\"undirected\"><node id=\"a\"><data key=\"d\">"
            + "&x;</data></node><node id=\"b\"/><edge source=\"a\" target=\"b\"/></graph></graphml>\n");
    Path out = tmp.resolve("inst.json");

    for (String[] args :
        new String[][] {
          {
            "generate",
            "--network",
            net.toString(),
            "--problem",
            "gossip",
            "--model",
            "saf:beta=5,tau=1,ports=all,duplex=full",
            "--out",
            out.toString()
          },
          {
            "generate",
            "--network",
            net.toString(),
            "--problem",
            "gossip",
            "--model",
            "saf:beta=5,tau=1,ports=all,duplex=full"
          }
        }) { // the second prints the instance on stdout
      CliTest.Run r = CliTest.run(args);
      assertThat(r.code()).as(r.err()).isEqualTo(2);
      assertThat(r.err().strip())
          .doesNotContain("\n")
          .startsWith(net + ": line 2, column ")
          .contains("<!DOCTYPE");
      assertThat(r.out() + r.err())
          .doesNotContain("commsched-secret-marker")
          .doesNotContain("root:x");
    }
    assertThat(out).doesNotExist();
    try (var files = Files.list(tmp)) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .containsExactlyInAnyOrder("passwd", "topology.graphml");
    }
  }
}
