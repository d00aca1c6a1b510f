package io.dbbench.fuzz;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.dbbench.run.JmhArgs;
import io.dbbench.core.FamilySettings;
import io.dbbench.core.Redaction;
import io.dbbench.jdbc.JdbcSettings;
import io.dbbench.jdbc.Shape;
import io.dbbench.mongo.MongoTarget;
import java.util.List;
import java.util.Map;

/**
 * Fuzz tests of every parser that takes user text: each input ends in a result or the parser's
 * own {@link IllegalArgumentException} (the documented "bad value" error), never another
 * exception, and redaction never lets a secret-keyed value through. In {@code ./mvnw verify} they
 * replay the committed corpus under {@code src/test/resources/io/dbbench/fuzz/ParsersFuzzTestInputs/}
 * (Jazzer's regression mode); {@code scripts/fuzz.sh} fuzzes them for new inputs.
 */
class ParsersFuzzTest {
  /** A value after a secret key must never survive redaction. */
  private static final String MARKER = "Zq9sEcReT";

  @FuzzTest(maxDuration = "30s")
  void shapeParse(byte[] data) {
    String s = new String(data, java.nio.charset.StandardCharsets.UTF_8);
    try {
      Shape shape = Shape.parse(s);
      assertTrue(shape.rows() >= 1 && shape.rows() <= Shape.MAX_ROWS, s + " -> " + shape);
    } catch (IllegalArgumentException expected) {
      // the documented bad-value error
    }
  }

  @FuzzTest(maxDuration = "30s")
  void jmhArgs(byte[] data) {
    String s = new String(data, java.nio.charset.StandardCharsets.UTF_8);
    try {
      List<String> args = JmhArgs.split(s);
      JmhArgs.merge(args);
      JmhArgs.values(args, "-jvmArgsAppend");
    } catch (IllegalArgumentException expected) {
      // unterminated quote, or an option without its value
    }
  }

  @FuzzTest(maxDuration = "30s")
  void familySettingsValues(byte[] data) {
    String s = new String(data, java.nio.charset.StandardCharsets.UTF_8);
    try {
      FamilySettings.builder().param("p", s).measurementTime(s).build().toJmhArgs();
    } catch (IllegalArgumentException expected) {
      // a bad value, named
    }
  }

  @FuzzTest(maxDuration = "30s")
  void jdbcTargets(byte[] data) {
    String s = new String(data, java.nio.charset.StandardCharsets.UTF_8);
    for (Map<String, String> settings : List.of(Map.of("DBBENCH_JDBC_URL", s), Map.of("GOHDBDSN", s),
        Map.of("DBBENCH_JDBC_URL", "jdbc:h2:mem:x", "DBBENCH_JDBC_PROPERTIES", s))) {
      try {
        JdbcSettings t = JdbcSettings.parse(settings);
        t.redactedUrl();
        t.redactedProperties();
      } catch (IllegalArgumentException expected) {
        assertFalse(String.valueOf(expected.getMessage()).contains("password=" + MARKER), expected.getMessage());
      }
    }
  }

  @FuzzTest(maxDuration = "30s")
  void mongoUris(byte[] data) {
    String s = new String(data, java.nio.charset.StandardCharsets.UTF_8);
    if (s.regionMatches(true, 0, "mongodb+srv://", 0, 14) && s.indexOf('.') > 0) {
      return; // the driver resolves SRV names over DNS: network I/O, not parsing (forUri maps its failure)
    }
    try (MongoTarget t = MongoTarget.forUri(s)) {
      t.redactedUri();
    } catch (IllegalArgumentException expected) {
      // not a connection string, named (redacted)
    }
  }

  @FuzzTest(maxDuration = "30s")
  void redactionLetsNoSecretThrough(byte[] data) {
    String s = new String(data, java.nio.charset.StandardCharsets.UTF_8).replace(MARKER, "");
    for (String form : List.of("password=", "sslpassword=", "PWD=", "-Ddbbench.jdbc.password=", "AWS_SESSION_TOKEN:",
        "api_key=")) {
      String out = Redaction.redact(s + "&" + form + MARKER + "&" + s);
      assertFalse(out.contains(MARKER), "secret survived: " + out);
    }
    String uri = Redaction.redact("mongodb://user:" + MARKER + "@host/?" + s);
    assertFalse(uri.contains(MARKER), uri);
  }
}
