package org.commsched.core.family;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.source.tree.BinaryTree;
import com.sun.source.tree.CaseTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.SwitchExpressionTree;
import com.sun.source.tree.SwitchTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.commsched.core.model.Family;
import org.junit.jupiter.api.Test;

/**
 * The family owns its rules (issue 21): across the main sources of every module, nothing outside
 * {@code core.family} switches on a {@link Family} or tests an instance for one family ({@code
 * family() == Family.PACKET}); the checker, the bounds, the refusals and the exact dispatch ask
 * {@link FamilyRules}. The sources are parsed with the JDK's own parser (no types: a switch counts
 * as one on {@code Family} when every case label is a constant of {@code Family}).
 *
 * <p>One switch is allowed, by name: {@code verify.crosscheck.CrossCheckCases.instance}, the
 * crosscheck's random generator of each family, which needs the instances module above core; its
 * switch has no default, so a new family does not compile until it has a generator (docs/DESIGN.md
 * "Model families: the seam").
 */
class FamilySwitchArchitectureTest {
  private static final Set<String> CONSTANTS =
      Arrays.stream(Family.values()).map(Enum::name).collect(Collectors.toSet());

  /** The files allowed one switch on Family, each with the number it holds. */
  private static final String CROSSCHECK_CASES =
      "verify/src/main/java/org/commsched/verify/crosscheck/CrossCheckCases.java";

  static List<Path> mainSources() throws IOException {
    Path root = Path.of("").toAbsolutePath().getParent(); // surefire runs in the module's folder
    List<Path> out = new ArrayList<>();
    try (Stream<Path> modules = Files.list(root)) {
      for (Path m :
          modules.filter(p -> Files.isDirectory(p.resolve("src/main/java"))).sorted().toList()) {
        try (Stream<Path> files = Files.walk(m.resolve("src/main/java"))) {
          files.filter(f -> f.toString().endsWith(".java")).sorted().forEach(out::add);
        }
      }
    }
    return out;
  }

  /**
   * Every switch on Family and every test against one Family constant in the given sources, as
   * "file:line: what".
   */
  static List<String> familyTests(List<Path> sources) throws IOException {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    List<String> found = new ArrayList<>();
    try (StandardJavaFileManager files =
        javac.getStandardFileManager(null, null, StandardCharsets.UTF_8)) {
      Iterable<? extends JavaFileObject> units = files.getJavaFileObjectsFromPaths(sources);
      JavacTask task =
          (JavacTask) javac.getTask(null, files, d -> {}, List.of("-proc:none"), null, units);
      Trees trees = Trees.instance(task);
      for (CompilationUnitTree unit : task.parse()) {
        new TreePathScanner<Void, Void>() {
          private void report(Tree at, String what) {
            long line =
                unit.getLineMap()
                    .getLineNumber(trees.getSourcePositions().getStartPosition(unit, at));
            found.add(Path.of(unit.getSourceFile().toUri()) + ":" + line + ": " + what);
          }

          @Override
          public Void visitSwitch(SwitchTree node, Void v) {
            if (onFamily(node.getCases())) {
              report(node, "switch on Family");
            }
            return super.visitSwitch(node, v);
          }

          @Override
          public Void visitSwitchExpression(SwitchExpressionTree node, Void v) {
            if (onFamily(node.getCases())) {
              report(node, "switch on Family");
            }
            return super.visitSwitchExpression(node, v);
          }

          @Override
          public Void visitBinary(BinaryTree node, Void v) {
            boolean comparison =
                node.getKind() == Tree.Kind.EQUAL_TO || node.getKind() == Tree.Kind.NOT_EQUAL_TO;
            if (comparison
                && (isFamilyConstant(node.getLeftOperand())
                    || isFamilyConstant(node.getRightOperand()))) {
              report(node, "comparison with a Family constant");
            }
            return super.visitBinary(node, v);
          }

          @Override
          public Void visitMethodInvocation(MethodInvocationTree node, Void v) {
            if (node.getMethodSelect() instanceof MemberSelectTree m
                && m.getIdentifier().contentEquals("equals")
                && (isFamilyConstant(m.getExpression())
                    || node.getArguments().stream()
                        .anyMatch(FamilySwitchArchitectureTest::isFamilyConstant))) {
              report(node, "equals with a Family constant");
            }
            return super.visitMethodInvocation(node, v);
          }
        }.scan(unit, null);
      }
    }
    return found;
  }

  /** True if every label of the switch is a Family constant (and there is at least one). */
  private static boolean onFamily(List<? extends CaseTree> cases) {
    List<String> labels = new ArrayList<>();
    for (CaseTree c : cases) {
      for (ExpressionTree e : c.getExpressions()) {
        labels.add(e instanceof IdentifierTree id ? id.getName().toString() : "");
      }
    }
    return !labels.isEmpty() && CONSTANTS.containsAll(labels);
  }

  /** {@code Family.PACKET} and the like. */
  private static boolean isFamilyConstant(ExpressionTree e) {
    return e instanceof MemberSelectTree m
        && m.getExpression() instanceof IdentifierTree owner
        && owner.getName().contentEquals("Family")
        && CONSTANTS.contains(m.getIdentifier().toString());
  }

  @Test
  void family_isSwitchedOnNowhereOutsideTheFamilyRules() throws IOException {
    List<Path> sources = mainSources();
    assertThat(sources)
        .as("the scan finds every module's sources")
        .hasSizeGreaterThan(250)
        .anyMatch(p -> p.endsWith("core/family/FamilyRules.java"))
        .anyMatch(p -> p.toString().contains("/cli/src/main/java/"));
    List<String> outside = new ArrayList<>();
    int crosscheck = 0;
    for (String f : familyTests(sources)) {
      if (f.contains("/core/src/main/java/org/commsched/core/family/")) {
        continue;
      }
      if (f.contains(CROSSCHECK_CASES) && f.endsWith("switch on Family")) {
        crosscheck++;
        continue;
      }
      outside.add(f);
    }
    assertThat(outside).isEmpty();
    assertThat(crosscheck).as("the crosscheck's one generator switch").isEqualTo(1);
  }

  @Test
  void theScan_findsASwitchAComparisonAndAnEquals_andPassesOtherEnums(
      @org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
    Path f = dir.resolve("Probe.java");
    Files.writeString(
        f,
        String.join(
            "\n",
            "class Probe {",
            "  int a(Family f) { return switch (f) { case PACKET, LINEAR_COST -> 1; default -> 0; }; }",
            "  boolean b(Instance i) { return i.family() != Family.BUFFERLESS_CHATTING; }",
            "  boolean c(Instance i) { return Family.PACKET.equals(i.family()); }",
            "  int d(Kind k) { switch (k) { case PACKET: case CONTROL: return 1; default: return 0; } }",
            "  boolean e(Instance i) { return i.family().bufferless(); }",
            "}"));
    List<String> found = familyTests(List.of(f));
    assertThat(found).hasSize(3);
    assertThat(found.get(0)).endsWith(":2: switch on Family");
    assertThat(found.get(1)).endsWith(":3: comparison with a Family constant");
    assertThat(found.get(2)).endsWith(":4: equals with a Family constant");
  }
}
