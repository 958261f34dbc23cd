package org.commsched.solver.cpsat;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * OR-Tools' native libraries are unpacked once per version into the cache, and loaded from there.
 */
class OrToolsCacheTest {

  @Test
  void theNativesAreUnpackedOnceAndASecondRunReusesTheDirectory(@TempDir Path root)
      throws Exception {
    Path dir = OrTools.unpacked(root);
    assertThat(dir).isNotNull().startsWith(root);
    assertThat(dir.getParent().getFileName().toString()).startsWith("ortools-9.");
    assertThat(dir.resolve(OrTools.COMPLETE)).isRegularFile();
    assertThat(dir.resolve(System.mapLibraryName("jniortools"))).isRegularFile();
    // a file planted in the directory survives the second call: nothing is unpacked again
    Path planted = Files.writeString(dir.resolve("planted"), "kept");
    assertThat(OrTools.unpacked(root)).isEqualTo(dir);
    assertThat(planted).hasContent("kept");
    try (Stream<Path> left = Files.list(dir.getParent())) {
      assertThat(left)
          .as("no temporary directory is left beside the version's")
          .containsExactly(dir);
    }
  }

  @Test
  void theLoadedLibraryServesCpSat() {
    OrTools.load();
    com.google.ortools.sat.CpModel m = new com.google.ortools.sat.CpModel();
    m.newIntVar(0, 3, "x");
    assertThat(new com.google.ortools.sat.CpSolver().solve(m))
        .isEqualTo(com.google.ortools.sat.CpSolverStatus.OPTIMAL);
    // the default cache holds a complete copy (or OR-Tools' own loader ran where the cache cannot
    // be written)
    Path from = OrTools.loadedFrom();
    if (from != null) {
      assertThat(from.resolve(OrTools.COMPLETE)).isRegularFile();
    }
  }
}
