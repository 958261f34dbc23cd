package org.commsched.instances.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import org.commsched.core.model.CommModel;
import org.commsched.core.model.Instance;
import org.commsched.core.model.Message;
import org.commsched.core.model.Network;
import org.commsched.core.model.Problem;
import org.commsched.core.model.Topology;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The message lines the writer prints without building each message's tree (the streaming writer's
 * fast path) are the lines {@link Json#pretty} prints for the whole document as a tree: for ids
 * with quotes, backslashes, control characters, non-ASCII text and surrogate pairs, for ids so long
 * that the line must break, and for routes.
 */
class MessageLinesTest {
  private static String asTree(Instance inst) {
    ObjectNode top = InstanceWriter.tree(inst, null, new HashMap<>());
    ArrayNode ms = top.putArray("messages");
    for (Message m : inst.messages()) {
      ms.add(InstanceWriter.message(m));
    }
    return Json.pretty(top);
  }

  @Test
  void quickMessageLines_areTheTreesLines_forAwkwardIdsLongIdsAndRoutes() {
    List<String> ids =
        List.of(
            "m0",
            "quote\"d",
            "back\\slash",
            "tab\there",
            "esc\u001b[31m",
            "bell\u0007",
            "caf\u00e9",
            "emoji\ud83d\ude00",
            "x".repeat(70),
            "y".repeat(95),
            "z".repeat(200),
            "slash/ok",
            "nul\u0000");
    List<Message> ms = new ArrayList<>();
    for (int i = 0; i < ids.size(); i++) {
      ms.add(new Message(ids.get(i), i % 5, i % 5 + 1 + (i % 3), 1L + i * 1_000_000_007L));
    }
    ms.add(new Message("routed", 0, 3, 2, List.of(0, 1, 2, 3)));
    Instance inst =
        new Instance(
            "awkward",
            new Problem.Chatting(ms),
            new CommModel.Bufferless(CommModel.BufferlessPorts.ALL),
            Network.of(new Topology.Bla(9)));
    String text = InstanceWriter.toJson(inst);
    assertThat(text).isEqualTo(asTree(inst));
    assertThat(text)
        .contains("\"id\": \"" + "z".repeat(200) + "\",\n"); // the long one broken over lines
  }
}
