package org.commsched.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.commsched.core.model.ProblemKind;
import org.commsched.core.solve.Method;
import org.commsched.solver.MethodRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** {@code commsched methods}: what there is, with guarantee and citation. */
@Command(
    name = "methods",
    mixinStandardHelpOptions = true,
    description = "Lists the methods for each problem kind and model, with guarantee and citation.")
final class MethodsCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--problem",
      paramLabel = "P",
      description =
          "only methods for this problem: chatting, scatter, gather, broadcast, gossip, send, dsa")
  String problem;

  @Option(names = "--json", description = "print one JSON object")
  boolean json;

  @Override
  public Integer call() {
    PrintWriter o = spec.commandLine().getOut();
    ProblemKind filter = null;
    if (problem != null) {
      filter = ProblemKind.fromWire(problem.toLowerCase(Locale.ROOT));
      if (filter == null) {
        throw new BadInputException(
            "commsched methods: unknown problem '"
                + problem
                + "'; use one of chatting, scatter, gather, broadcast, gossip, send, dsa");
      }
    }
    ObjectNode root = Json.object();
    ArrayNode arr = root.putArray("methods");
    for (Method m : MethodRegistry.standard().all()) {
      if (filter != null && !m.problems().contains(filter)) {
        continue;
      }
      String problems =
          m.problems().stream().map(ProblemKind::wireName).collect(Collectors.joining(", "));
      if (json) {
        ObjectNode x = arr.addObject();
        x.put("name", m.name());
        x.put("exact", m.exact());
        ArrayNode ps = x.putArray("problems");
        m.problems().forEach(p -> ps.add(p.wireName()));
        ArrayNode fs = x.putArray("families");
        m.scope().families().stream().sorted().forEach(f -> fs.add(f.wireName()));
        x.put("scope", m.scope().words());
        x.put("summary", m.summary());
        x.put("guarantee", m.guarantee());
        x.put("citation", m.citation());
      } else {
        o.printf(Locale.ROOT, "%s%s%n", m.name(), m.exact() ? "  [exact]" : "");
        o.printf(Locale.ROOT, "    problems:  %s%n", problems);
        o.printf(Locale.ROOT, "    scope:     %s%n", m.scope().words());
        o.printf(Locale.ROOT, "    what:      %s%n", m.summary());
        o.printf(Locale.ROOT, "    guarantee: %s%n", m.guarantee());
        o.printf(Locale.ROOT, "    source:    %s%n", m.citation());
      }
    }
    if (json) {
      o.println(Json.print(root));
    }
    o.flush();
    return 0;
  }
}
