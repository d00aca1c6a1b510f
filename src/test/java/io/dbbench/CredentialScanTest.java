package io.dbbench;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbbench.arango.ArangoFamily;
import io.dbbench.arango.server.ArangoSettings;
import io.dbbench.core.BenchConfig;
import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.Probe;
import io.dbbench.core.Redaction;
import io.dbbench.jdbc.GomessageSettings;
import io.dbbench.jdbc.JdbcFamily;
import io.dbbench.mongo.MongoSettings;
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
 * holds {@code /}, {@code @}, {@code :} and {@code %}; seeded random passwords
 * ({@link CredentialMarkers}) do the same through parsing and the manifest. (System properties,
 * the forks' command lines and error lines are checked by {@code MainJobTest}; the console's and the
 * payload service's answers by {@code ConsoleH2Test} and {@code PayloadServiceTest}.)
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

  /** Every setting a case may set; the others are cleared for each probe. */
  private static final List<String> SETTINGS = List.of("DBBENCH_JDBC_URL", "DBBENCH_JDBC_USER", "DBBENCH_JDBC_PASSWORD",
      "DBBENCH_JDBC_PROPERTIES", "GOHDBDSN", "DBBENCH_MONGO_URI", "DBBENCH_MONGO_CONTAINER", "DBBENCH_ARANGO_ENDPOINTS",
      "TEST_ENDPOINTS_OVERRIDE", "DBBENCH_ARANGO_AUTH", "TEST_AUTHENTICATION", "DBBENCH_ARANGO_CONTAINER");

  /**
   * What the main job would write and print for {@code family} probed with {@code settings}: the
   * probe's reason, its facts after the redaction pass ({@code env.json}), everything printed
   * while probing.
   */
  private static String probed(BenchmarkFamily family, Map<String, String> settings) throws Exception {
    List<AutoCloseable> overrides = new ArrayList<>();
    for (String k : SETTINGS) {
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
    return new ObjectMapper().writeValueAsString(written) + "\n" + printed.toString(StandardCharsets.UTF_8);
  }

  @Test
  void noFamilyWritesOrPrintsAGivenPassword() throws Exception {
    for (Object[] c : cases()) {
      BenchmarkFamily family = (BenchmarkFamily) c[0];
      @SuppressWarnings("unchecked")
      Map<String, String> settings = (Map<String, String>) c[1];
      String all = probed(family, settings);
      String where = family.id() + " with " + settings.keySet();
      for (String form : List.of(MARKER, "Pw5%2Fx%40y%3Az%259", "x@y:z")) {
        assertFalse(all.contains(form), where + " leaks " + form + ":\n" + all);
      }
      assertTrue(all.length() > 20, where + " wrote nothing to scan");
    }
  }

  /** The settings a case gives: its own, plus what its family needs beside it to get as far as a probe. */
  static Map<String, String> settingsOf(CredentialMarkers.Case c) {
    Map<String, String> m = new LinkedHashMap<>();
    switch (c.form()) {
      case JDBC_PASSWORD, JDBC_PROPERTIES -> {
        m.put("DBBENCH_JDBC_URL", "jdbc:h2:mem:marker_" + Integer.toHexString(c.value().hashCode()) + ";DB_CLOSE_DELAY=-1");
        m.put("DBBENCH_JDBC_USER", "sa");
      }
      case ARANGO_AUTH -> m.put("DBBENCH_ARANGO_ENDPOINTS", "http://127.0.0.1:1");
      default -> { }
    }
    m.put(c.setting(), c.value());
    return m;
  }

  static BenchmarkFamily familyOf(CredentialMarkers.Case c) {
    return switch (c.form()) {
      case MONGO_USERINFO, MONGO_AUTH_PROPERTIES, MONGO_AUTH_PROPERTIES_RAW -> new MongoFamily();
      case ARANGO_AUTH, ARANGO_ENDPOINT -> new ArangoFamily();
      default -> new JdbcFamily();
    };
  }

  /**
   * 200 seeded random passwords ({@link CredentialMarkers}) in every setting that carries one,
   * through the cheap paths a user's setting takes: parsing (the settings' {@code toString},
   * their manifest description after the redaction pass, and the error a bad value gives) for
   * every case, and the whole probe (reason, manifest facts, everything printed) for the first 30.
   * The marker appears in none of them.
   */
  @Test
  void seededRandomPasswordsNeverReachParsingErrorsTheManifestOrTheProbe() throws Exception {
    ObjectMapper json = new ObjectMapper();
    List<CredentialMarkers.Case> cases = CredentialMarkers.cases(20261126L, 200);
    int parsed = 0;
    int refused = 0;
    for (int i = 0; i < cases.size(); i++) {
      CredentialMarkers.Case c = cases.get(i);
      Map<String, String> settings = settingsOf(c);
      StringBuilder seen = new StringBuilder();
      try {
        Object s = switch (c.form()) {
          case MONGO_USERINFO, MONGO_AUTH_PROPERTIES, MONGO_AUTH_PROPERTIES_RAW -> MongoSettings.parse(settings);
          case ARANGO_AUTH, ARANGO_ENDPOINT -> {
            ArangoSettings a = ArangoSettings.parse(settings);
            seen.append(json.writeValueAsString(Redaction.redactTree(a.describe())));
            yield a;
          }
          default -> {
            GomessageSettings g = GomessageSettings.parse(settings);
            seen.append(json.writeValueAsString(Redaction.redactTree(g.describe())));
            yield g.target();
          }
        };
        seen.append('\n').append(s);
        parsed++;
      } catch (IllegalArgumentException e) {
        seen.append('\n').append(e.getMessage());
        refused++;
      }
      if (i < 30) {
        seen.append('\n').append(probed(familyOf(c), settings));
      }
      assertFalse(seen.toString().contains(c.marker()), c.setting() + "=" + c.value() + " leaks " + c.marker() + ":\n" + seen);
    }
    assertTrue(parsed > 100, "most cases parse (" + parsed + " parsed, " + refused + " refused)");
  }
}
