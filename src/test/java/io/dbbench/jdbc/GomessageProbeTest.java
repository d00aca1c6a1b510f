package io.dbbench.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.core.BackendKind;
import io.dbbench.core.SettingsReader;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The jdbc family's probe over injected settings: whatever the caller's environment holds, each
 * test names its own target.
 */
class GomessageProbeTest {
  private static final List<String> SHAPES = List.of("1x100000");

  @Test
  void aConfiguredTargetIsAvailableAndDescribedWithoutThePassword() {
    GomessageProbe.Result r = GomessageProbe.probe(SettingsReader.of(Map.of(
        "DBBENCH_JDBC_URL", "jdbc:h2:mem:family_probe;DB_CLOSE_DELAY=-1",
        "DBBENCH_JDBC_USER", "sa", "DBBENCH_JDBC_PASSWORD", "")), SHAPES);
    assertTrue(r.available(), r.reason());
    assertEquals("", r.reason());
    Map<String, Object> d = r.facts();
    assertTrue(String.valueOf(d.get("backend")).startsWith("H2 "), d.toString());
    assertEquals(BackendKind.REAL, r.kind());
    assertEquals("TG20POC", d.get("schema"));
    assertEquals("GOMESSAGE", d.get("table"));
    assertEquals(GomessageSettings.DEFAULT_SEED, d.get("seed"));
    assertEquals("DBBENCH_JDBC_URL", d.get("target_source"));
    assertTrue(String.valueOf(d.get("driver")).contains("H2"), d.toString());
  }

  @Test
  void anUnreachableTargetIsOneLineNamingTheUrlWithoutThePassword() {
    GomessageProbe.Result r = GomessageProbe.probe(SettingsReader.of(Map.of(
        "DBBENCH_JDBC_URL", "jdbc:postgresql://127.0.0.1:1/nothing?connectTimeout=2",
        "DBBENCH_JDBC_USER", "bench", "DBBENCH_JDBC_PASSWORD", "s3cret-pw")), SHAPES);
    assertFalse(r.available());
    assertTrue(r.reason().contains("jdbc:postgresql://127.0.0.1:1/nothing"), r.reason());
    assertTrue(r.reason().contains("DBBENCH_JDBC_URL"), r.reason());
    assertFalse(r.reason().contains("s3cret-pw"), r.reason());
    assertFalse(r.reason().contains("\n"), r.reason());
    assertFalse(r.facts().toString().contains("s3cret-pw"), r.facts().toString());
  }

  @Test
  void anUnsupportedUrlIsReportedAsInvalidConfigurationNotThrown() {
    GomessageProbe.Result r = GomessageProbe.probe(SettingsReader.of(Map.of(
        "DBBENCH_JDBC_URL", "jdbc:mysql://db/x?password=s3cret-pw")), SHAPES);
    assertFalse(r.available());
    assertTrue(r.reason().startsWith("jdbc configuration is invalid"), r.reason());
    assertEquals(null, r.kind(), "an invalid configuration names no target");
    assertTrue(r.reason().contains("jdbc:sap:"), r.reason());
    assertFalse(r.reason().contains("s3cret-pw"), r.reason());
    assertFalse(r.facts().toString().contains("s3cret-pw"), r.facts().toString());
  }

  @Test
  void theEmbeddedDefaultProbesAndDescribesItsVersion() {
    GomessageProbe.Result r = GomessageProbe.probe(SettingsReader.of(Map.of()), SHAPES);
    assertTrue(r.available(), r.reason());
    Map<String, Object> d = r.facts();
    assertTrue(String.valueOf(d.get("backend")).matches("embedded PostgreSQL \\d+\\.\\d+.*"), d.toString());
    assertEquals(BackendKind.EMBEDDED, r.kind());
    assertTrue(String.valueOf(d.get("driver")).contains("PostgreSQL JDBC"), d.toString());
    assertEquals("off", d.get("pg_synchronous_commit"), d.toString());
    @SuppressWarnings("unchecked")
    Map<String, Object> shape = (Map<String, Object>) ((Map<String, Object>) d.get("shapes")).get("1x100000");
    assertEquals(100_000L, shape.get("rows"));
    assertEquals(4_999_950_000L, shape.get("expected_sum_deviceid"));
  }
}
