package io.dbbench;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbbench.arango.ArangoFamily;
import io.dbbench.core.BenchConfig;
import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.Probe;
import io.dbbench.core.Redaction;
import io.dbbench.jdbc.JdbcFamily;
import io.dbbench.payload.MongoFamily;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * One marker password, given in every place a credential can be given to a family, never appears
 * in what the main job would write or print for that family: the probe's reason, its manifest
 * facts after the main job's redaction pass, and everything printed while probing. The marker
 * holds {@code /}, {@code @}, {@code :} and {@code %}. (System properties and the forks' command
 * lines are checked end to end by {@code MainJobTest}.)
 */
class CredentialScanTest {
  private static final String MARKER = "Pw5/x@y:z%9";

  /** Each case: the family, then the settings that carry the marker. */
  private static List<Object[]> cases() {
    List<Object[]> c = new ArrayList<>();
    c.add(new Object[] {new JdbcFamily(), Map.of("DBBENCH_JDBC_URL", "jdbc:h2:mem:credscan;DB_CLOSE_DELAY=-1",
        "DBBENCH_JDBC_USER", "sa", "DBBENCH_JDBC_PASSWORD", MARKER)});
    c.add(new Object[] {new JdbcFamily(), Map.of("DBBENCH_JDBC_URL",
        "jdbc:postgresql://127.0.0.1:1/x?connectTimeout=2&password=" + MARKER + "&sslpassword=" + MARKER
            + "&client_secret=" + MARKER)});
    c.add(new Object[] {new JdbcFamily(), Map.of("DBBENCH_JDBC_URL", "jdbc:h2:mem:credscan2",
        "DBBENCH_JDBC_PROPERTIES", "token=" + MARKER + ";apikey=" + MARKER)});
    c.add(new Object[] {new MongoFamily(), Map.of("DBBENCH_MONGO_URI",
        "mongodb://bench:" + MARKER.replace("/", "%2F").replace("@", "%40").replace(":", "%3A").replace("%9", "%259")
            + "@127.0.0.1:1/?serverSelectionTimeoutMS=300&connectTimeoutMS=300")});
    c.add(new Object[] {new MongoFamily(), Map.of("DBBENCH_MONGO_URI",
        "mongodb://127.0.0.1:1/?serverSelectionTimeoutMS=300&authMechanism=MONGODB-AWS&authMechanismProperties=AWS_SESSION_TOKEN:"
            + MARKER.replace("/", "%2F").replace("@", "%40").replace(":", "%3A").replace("%9", "%259"))});
    c.add(new Object[] {new ArangoFamily(), Map.of("DBBENCH_ARANGO_ENDPOINTS", "http://127.0.0.1:1",
        "DBBENCH_ARANGO_AUTH", "basic:root:" + MARKER)});
    c.add(new Object[] {new ArangoFamily(), Map.of("TEST_ENDPOINTS_OVERRIDE", "http://root:" + MARKER
        + "@127.0.0.1:1")});
    return c;
  }

  @Test
  void noFamilyWritesOrPrintsAGivenPassword() throws Exception {
    ObjectMapper json = new ObjectMapper();
    for (Object[] c : cases()) {
      BenchmarkFamily family = (BenchmarkFamily) c[0];
      @SuppressWarnings("unchecked")
      Map<String, String> settings = (Map<String, String>) c[1];
      List<AutoCloseable> overrides = new ArrayList<>();
      for (String k : List.of("DBBENCH_JDBC_URL", "DBBENCH_JDBC_USER", "DBBENCH_JDBC_PASSWORD", "DBBENCH_JDBC_PROPERTIES",
          "GOHDBDSN", "DBBENCH_MONGO_URI", "DBBENCH_MONGO_CONTAINER", "DBBENCH_ARANGO_ENDPOINTS", "TEST_ENDPOINTS_OVERRIDE",
          "DBBENCH_ARANGO_AUTH", "TEST_AUTHENTICATION", "DBBENCH_ARANGO_CONTAINER")) {
        overrides.add(BenchConfig.override(k, settings.getOrDefault(k, "")));
      }
      PrintStream out = System.out;
      PrintStream err = System.err;
      ByteArrayOutputStream printed = new ByteArrayOutputStream();
      Probe p;
      try {
        PrintStream capture = new PrintStream(printed, true, StandardCharsets.UTF_8);
        System.setOut(capture);
        System.setErr(capture);
        p = family.probe();
      } finally {
        System.setOut(out);
        System.setErr(err);
        for (AutoCloseable o : overrides) {
          o.close();
        }
      }
      Map<String, Object> written = new LinkedHashMap<>();
      written.put("reason", p.reason());
      written.put("facts", Redaction.redactTree(p.facts()));
      String all = json.writeValueAsString(written) + "\n" + printed.toString(StandardCharsets.UTF_8);
      String where = family.id() + " with " + settings.keySet();
      for (String form : List.of(MARKER, "Pw5%2Fx%40y%3Az%259", "x@y:z")) {
        assertFalse(all.contains(form), where + " leaks " + form + ":\n" + all);
      }
      assertTrue(all.length() > 20, where + " wrote nothing to scan");
    }
  }
}
