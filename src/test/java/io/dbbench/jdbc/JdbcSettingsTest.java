package io.dbbench.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class JdbcSettingsTest {

  @Test
  void goHdbDsnMapsToTheNgdbcUrlWithDecodedCredentials() {
    JdbcSettings t = JdbcSettings.fromGoHdbDsn("hdb://MyUser:My%40Pass%3Aword@hana.example:30015");
    assertEquals("jdbc:sap://hana.example:30015/", t.url());
    assertEquals("MyUser", t.user());
    assertEquals("My@Pass:word", t.password());
    assertEquals(Dialect.HANA, t.dialect());
    assertEquals("GOHDBDSN", t.source());
    assertFalse(t.isEmbedded());
    assertFalse(t.toString().contains("My@Pass:word"), t.toString());
  }

  @Test
  void goHdbDsnParametersThatNgdbcSharesAreMapped() {
    JdbcSettings t = JdbcSettings.fromGoHdbDsn("hdb://u:p@h:39015?databaseName=HXE&defaultSchema=TG20POC&TLSInsecureSkipVerify");
    assertEquals("HXE", t.driverProperties().getProperty("databaseName"));
    assertEquals("TG20POC", t.driverProperties().getProperty("currentschema"));
    assertEquals("true", t.driverProperties().getProperty("encrypt"));
    assertEquals("false", t.driverProperties().getProperty("validateCertificate"));
  }

  @Test
  void malformedDsnsFailWithoutShowingThePassword() {
    for (String bad : new String[] {"hdb://user:secretpw@host", "postgres://user:secretpw@host:5432", "hdb://host:30015",
        "hdb://user:secretpw@host:30015?bufferSize=1"}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JdbcSettings.fromGoHdbDsn(bad), bad);
      assertTrue(e.getMessage().startsWith("GOHDBDSN="), e.getMessage());
      assertFalse(e.getMessage().contains("secretpw"), e.getMessage());
    }
  }

  @Test
  void embeddedIsPostgresqlWithNoCredentials() {
    JdbcSettings t = JdbcSettings.embedded();
    assertTrue(t.isEmbedded());
    assertEquals(Dialect.POSTGRESQL, t.dialect());
    assertNull(t.password());
    assertTrue(t.redactedUrl().startsWith("embedded PostgreSQL"));
  }

  @Test
  void driverPropertiesParseAndRedact() {
    var p = JdbcSettings.parseProperties("prepareThreshold=1; packetSize=1048576;;password=hunter2");
    assertEquals("1", p.getProperty("prepareThreshold"));
    assertEquals("1048576", p.getProperty("packetSize"));
    JdbcSettings t = new JdbcSettings("jdbc:postgresql://db/x", "u", "pw", p, "DBBENCH_JDBC_URL");
    assertFalse(t.redactedProperties().contains("hunter2"), t.redactedProperties());
    assertTrue(t.redactedProperties().contains("packetSize=1048576"), t.redactedProperties());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JdbcSettings.parseProperties("novalue"));
    assertTrue(e.getMessage().contains("'novalue'"), e.getMessage());
    // an entry that does not parse and holds a secret word is shown masked whole
    e = assertThrows(IllegalArgumentException.class, () -> JdbcSettings.parseProperties("password hunter2;x=1"));
    assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
    assertTrue(e.getMessage().contains("is not key=value"), e.getMessage());
  }

  @Test
  void redactedUrlHidesSecretsInTheUrl() {
    JdbcSettings t = new JdbcSettings("jdbc:postgresql://db:5432/x?user=u&password=hunter2", null, null,
        new Properties(), "DBBENCH_JDBC_URL");
    assertFalse(t.redactedUrl().contains("hunter2"), t.redactedUrl());
  }

  @Test
  void configKnobsAreValidatedByName() {
    GomessageSettings ok = GomessageSettings.defaults(JdbcSettings.embedded());
    assertEquals("TG20POC", ok.schema());
    assertEquals("GOMESSAGE", ok.table());
    Shape s = Shape.parse("100x1000");
    assertEquals(1000, ok.effectiveBulkSize(s, Dialect.POSTGRESQL));
    assertEquals(32_767, ok.withBulkSize(100_000).effectiveBulkSize(Shape.parse("1x100000"), Dialect.HANA));
    assertEquals(Math.min(100, 2 * Runtime.getRuntime().availableProcessors()), ok.effectiveWorkers(s));
    assertEquals(1, ok.effectiveWorkers(Shape.parse("1x100000")));
    assertEquals(3, ok.withWorkers(3, true).effectiveWorkers(s));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ok.withCopyFormat("csv"));
    assertTrue(e.getMessage().contains("DBBENCH_JDBC_COPY_FORMAT='csv'"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> ok.withBulkSize(-1));
    assertThrows(IllegalArgumentException.class, () -> ok.withTable("GO MESSAGE"));
  }

  @Test
  void settingsAreReadFromTheLookupAloneWithTheUrlWinningOverTheDsn() {
    GomessageSettings c = GomessageSettings.parse(Map.of(
        "DBBENCH_JDBC_URL", " jdbc:h2:mem:x ", "DBBENCH_JDBC_USER", "sa", "GOHDBDSN", "hdb://u:p@hana:30015",
        "DBBENCH_JDBC_PROPERTIES", "a=1", "DBBENCH_JDBC_SEED", "7", "DBBENCH_JDBC_WORKERS", "3",
        "DBBENCH_JDBC_SEPARATE_TABLES", "yes", "DBBENCH_JDBC_COPY_FORMAT", "TEXT", "DBBENCH_JDBC_FAIL_AT_ROW", "577",
        "DBBENCH_JDBC_TABLE", "  "));
    assertEquals(JdbcTimeouts.defaults(), c.target().timeouts());
    assertEquals(new JdbcTimeouts(30, JdbcTimeouts.DEFAULT_STATEMENT_SECONDS),
        GomessageSettings.parse(Map.of("DBBENCH_JDBC_SOCKET_TIMEOUT_SECONDS", "30")).target().timeouts());
    assertEquals("jdbc:h2:mem:x", c.target().url());
    assertEquals("sa", c.target().user());
    assertEquals("DBBENCH_JDBC_URL", c.target().source());
    assertEquals("1", c.target().driverProperties().getProperty("a"));
    assertEquals(7, c.seed());
    assertEquals(3, c.workers());
    assertTrue(c.separateTables());
    assertEquals("text", c.copyFormat());
    assertEquals(577L, c.failAtRow());
    assertEquals(GomessageSettings.DEFAULT_TABLE, c.table(), "a blank setting counts as unset");
    assertEquals(Dialect.HANA, JdbcSettings.parse(Map.of("GOHDBDSN", "hdb://u:p@hana:30015")).dialect());
    assertTrue(JdbcSettings.parse(Map.of()).isEmbedded());
    assertEquals(GomessageSettings.defaults(JdbcSettings.embedded()).describe(), GomessageSettings.parse(Map.of()).describe());
  }

  @Test
  void malformedSettingsNameTheVariableAndTheValue() {
    for (var bad : List.of(
        Map.of("DBBENCH_JDBC_SEED", "x1", "expect", "DBBENCH_JDBC_SEED='x1' is not an integer"),
        Map.of("DBBENCH_JDBC_FAIL_AT_ROW", "row5", "expect", "DBBENCH_JDBC_FAIL_AT_ROW='row5' is not an integer"),
        Map.of("DBBENCH_ALLOW_DROP", "maybe", "expect", "DBBENCH_ALLOW_DROP='maybe' is not a boolean"),
        Map.of("DBBENCH_JDBC_URL", "jdbc:mysql://db/x", "expect", "DBBENCH_JDBC_URL is malformed"),
        Map.of("DBBENCH_JDBC_STATEMENT_TIMEOUT_SECONDS", "0",
            "expect", "DBBENCH_JDBC_STATEMENT_TIMEOUT_SECONDS=0 must be a positive number of seconds"),
        Map.of("DBBENCH_JDBC_SOCKET_TIMEOUT_SECONDS", "5m",
            "expect", "DBBENCH_JDBC_SOCKET_TIMEOUT_SECONDS='5m' is not an integer"))) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GomessageSettings.parse(bad));
      assertTrue(e.getMessage().startsWith(bad.get("expect")), e.getMessage());
    }
  }
}
