package io.dbbench.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.dbbench.core.BenchConfig;
import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.Probe;
import io.dbbench.Families;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class JdbcFamilyTest {
  private static final String URL = BenchConfig.propertyName("DBBENCH_JDBC_URL");
  private static final String USER = BenchConfig.propertyName("DBBENCH_JDBC_USER");
  private static final String PASSWORD = BenchConfig.propertyName("DBBENCH_JDBC_PASSWORD");

  @BeforeEach
  void needsAnUnconfiguredEnvironment() {
    assumeTrue(System.getenv("DBBENCH_JDBC_URL") == null && System.getenv("GOHDBDSN") == null,
        "DBBENCH_JDBC_URL/GOHDBDSN is set in the environment, which overrides the properties these tests set");
  }

  @AfterEach
  void clear() {
    System.clearProperty(URL);
    System.clearProperty(USER);
    System.clearProperty(PASSWORD);
  }

  @Test
  void isRegisteredAndSelectsBothGomessageClasses() {
    JdbcFamily f = new JdbcFamily();
    assertTrue(Families.all().stream().anyMatch(x -> x.id().equals("jdbc")));
    assertEquals("^io\\.dbbench\\.jdbc\\.", f.includeRegex());
    Pattern p = Pattern.compile(f.includeRegex());
    assertTrue(p.matcher(GomessageInsertBenchmark.class.getName() + ".insert").find());
    assertTrue(p.matcher(GomessageRowByRowBenchmark.class.getName() + ".insert").find());
    assertFalse(p.matcher("io.dbbench.graphj.X.y").find());
  }

  @Test
  void fullUsesTheClassDefaultsTheStudysShapesAndQuickNarrowsThem() throws Exception {
    JdbcFamily f = new JdbcFamily();
    assertEquals(List.of(), f.settings(true).toJmhArgs());
    assertEquals(List.of("-p", "shape=100x1000,10x10000,1x100000"), f.settings(false).toJmhArgs());
    for (Class<?> c : List.of(GomessageInsertBenchmark.class, GomessageRowByRowBenchmark.class)) {
      String[] declared = c.getField("shape").getAnnotation(org.openjdk.jmh.annotations.Param.class).value();
      assertEquals(JdbcFamily.FULL_SHAPES, List.of(declared), c.getName());
      List.of(declared).forEach(Shape::parse);
    }
  }

  @Test
  void probeAndDescribeAConfiguredTargetWithoutLeakingThePassword() {
    System.setProperty(URL, "jdbc:h2:mem:family_probe;DB_CLOSE_DELAY=-1");
    System.setProperty(USER, "sa");
    System.setProperty(PASSWORD, "");
    JdbcFamily f = new JdbcFamily();
    Probe a = f.probe();
    assertTrue(a.available(), a.reason());
    Map<String, Object> d = a.facts();
    assertTrue(String.valueOf(d.get("backend")).startsWith("H2 "), d.toString());
    assertEquals("TG20POC", d.get("schema"));
    assertEquals("GOMESSAGE", d.get("table"));
    assertEquals(GomessageConfig.DEFAULT_SEED, d.get("seed"));
    assertTrue(String.valueOf(d.get("driver")).contains("H2"), d.toString());
    assertTrue(d.containsKey("shapes"), d.toString());
  }

  @Test
  void anUnreachableTargetIsOneLineNamingTheUrlWithoutThePassword() {
    System.setProperty(URL, "jdbc:postgresql://127.0.0.1:1/nothing?connectTimeout=2");
    System.setProperty(USER, "bench");
    System.setProperty(PASSWORD, "s3cret-pw");
    JdbcFamily f = new JdbcFamily();
    Probe a = f.probe();
    assertFalse(a.available());
    assertTrue(a.reason().contains("jdbc:postgresql://127.0.0.1:1/nothing"), a.reason());
    assertTrue(a.reason().contains("DBBENCH_JDBC_URL"), a.reason());
    assertFalse(a.reason().contains("s3cret-pw"), a.reason());
    assertFalse(a.reason().contains("\n"), a.reason());
    assertFalse(a.facts().toString().contains("s3cret-pw"));
  }

  @Test
  void anUnsupportedUrlIsReportedNotThrown() {
    System.setProperty(URL, "jdbc:mysql://db/x?password=s3cret-pw");
    Probe a = new JdbcFamily().probe();
    assertFalse(a.available());
    assertTrue(a.reason().contains("jdbc:sap:"), a.reason());
    assertFalse(a.reason().contains("s3cret-pw"), a.reason());
  }

  @Test
  void theEmbeddedDefaultProbesAndDescribesItsVersion() {
    JdbcFamily f = new JdbcFamily();
    Probe a = f.probe();
    assertTrue(a.available(), a.reason());
    Map<String, Object> d = a.facts();
    assertTrue(String.valueOf(d.get("backend")).matches("embedded PostgreSQL \\d+\\.\\d+.*"), d.toString());
    assertTrue(String.valueOf(d.get("driver")).contains("PostgreSQL JDBC"), d.toString());
    assertEquals("off", d.get("pg_synchronous_commit"), d.toString());
    @SuppressWarnings("unchecked")
    Map<String, Object> shape = (Map<String, Object>) ((Map<String, Object>) d.get("shapes")).get("1x100000");
    assertEquals(100_000L, shape.get("rows"));
    assertEquals(4_999_950_000L, shape.get("expected_sum_deviceid"));
  }
}
