package io.dbbench.report.data;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.dbbench.core.Redaction;
import java.util.Map;

/**
 * {@link Redaction} over a JSON tree read from a results file ({@code env.json}, {@code jmh.json}),
 * so that what {@code report merge}, {@code render} and the other subcommands write holds no
 * credential even when an input does (hand-edited, or written by an older dbbench): every text
 * value under a field goes through {@link Redaction#redactValue} with its field's name (so a
 * secret-keyed field is masked whole; a JMH row's {@code params} are the benchmark's names, so
 * theirs go through {@link Redaction#redact}), every other text value through {@link Redaction#redact},
 * and both end in the value scrub of {@code KnownSecrets}. Numbers, booleans and nulls stay.
 */
public final class JsonRedaction {
  private JsonRedaction() {}

  /**
   * A redacted deep copy of {@code node}; {@code null} stays {@code null}.
   */
  public static JsonNode redact(JsonNode node) {
    if (node == null) {
      return null;
    }
    JsonNode copy = node.deepCopy();
    redactInPlace(copy, null);
    return copy;
  }

  private static void redactInPlace(JsonNode node, String key) {
    if (node instanceof ObjectNode o) {
      for (Map.Entry<String, JsonNode> e : o.properties()) {
        JsonNode v = e.getValue();
        if (v.isTextual()) {
          // a JMH row's params are named by the benchmark, not by a driver: "tokens" is CPU work
          String r = "params".equals(key) ? Redaction.redact(v.asText()) : Redaction.redactValue(e.getKey(), v.asText());
          if (!r.equals(v.asText())) {
            e.setValue(TextNode.valueOf(r));
          }
        } else {
          redactInPlace(v, e.getKey());
        }
      }
    } else if (node instanceof ArrayNode a) {
      for (int i = 0; i < a.size(); i++) {
        JsonNode v = a.get(i);
        if (v.isTextual()) {
          String r = Redaction.redact(v.asText());
          if (!r.equals(v.asText())) {
            a.set(i, TextNode.valueOf(r));
          }
        } else {
          redactInPlace(v, key);
        }
      }
    }
  }
}
