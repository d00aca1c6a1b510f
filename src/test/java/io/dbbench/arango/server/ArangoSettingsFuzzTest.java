package io.dbbench.arango.server;

import static org.junit.jupiter.api.Assertions.assertFalse;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * {@link ArangoSettings#parse} on arbitrary text: every input ends in settings or the documented
 * {@link IllegalArgumentException}, and no password, whether in {@code DBBENCH_ARANGO_AUTH} or
 * smuggled into an endpoint URL, ever reaches the message or the description. In
 * {@code ./mvnw verify} Jazzer replays the committed inputs (regression mode); {@code scripts/fuzz.sh}
 * fuzzes for new ones.
 */
class ArangoSettingsFuzzTest {
  private static final String SECRET = "Zq9sEcReT";

  @FuzzTest(maxDuration = "30s")
  void settingsNeverLeakThePassword(byte[] data) {
    String s = new String(data, StandardCharsets.UTF_8);
    if (s.contains(SECRET)) {
      return; // the input itself is echoed in messages by design; only the password must never be
    }
    for (Map<String, String> m : List.of(
        Map.of(ArangoSettings.ENDPOINTS, s, ArangoSettings.AUTH, "basic:root:" + SECRET),
        Map.of(ArangoSettings.ENDPOINTS, "http://root:" + SECRET + "@" + s),
        Map.of(ArangoSettings.ENDPOINTS_ALIAS, s + ",http://root:" + SECRET + "@db:8529"),
        Map.of(ArangoSettings.AUTH_ALIAS, s + ":" + SECRET),
        Map.of(ArangoSettings.STANDIN_QUEUE, s, ArangoSettings.CONTAINER, s))) {
      try {
        ArangoSettings parsed = ArangoSettings.parse(m);
        assertFalse(parsed.toString().contains(SECRET), parsed.toString());
        assertFalse(parsed.describe().toString().contains(SECRET), parsed.describe().toString());
      } catch (IllegalArgumentException e) {
        assertFalse(String.valueOf(e.getMessage()).contains(SECRET), e.getMessage());
      }
    }
  }
}
