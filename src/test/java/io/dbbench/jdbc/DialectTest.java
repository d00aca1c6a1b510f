package io.dbbench.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class DialectTest {
  private static final String COLS = "\"DEVICEID\" INTEGER, \"TEMPERATUR\" %1$s, \"HUMIDITY\" %1$s, \"CO2\" %1$s, "
      + "\"CO\" %1$s, \"LPG\" %1$s, \"SMOKE\" %1$s, \"PRESENCE\" %1$s, \"LIGHT\" %1$s, \"SOUND\" %1$s";

  @Test
  void hanaCreatesAColumnTableOfIntegerAndNineDoubles() {
    assertEquals("CREATE COLUMN TABLE \"TG20POC\".\"GOMESSAGE\" (" + String.format(COLS, "DOUBLE") + ")",
        Dialect.HANA.createTableSql("TG20POC", "GOMESSAGE"));
  }

  @Test
  void postgresqlAndH2CreateAHeapTableWithDoublePrecision() {
    String expected = "CREATE TABLE \"TG20POC\".\"GOMESSAGE_3\" (" + String.format(COLS, "DOUBLE PRECISION") + ")";
    assertEquals(expected, Dialect.POSTGRESQL.createTableSql("TG20POC", "GOMESSAGE_3"));
    assertEquals(expected, Dialect.H2.createTableSql("TG20POC", "GOMESSAGE_3"));
  }

  @Test
  void theUrlPicksTheDialect() {
    assertEquals(Dialect.HANA, Dialect.fromUrl("jdbc:sap://hana:30015/?databaseName=HXE"));
    assertEquals(Dialect.POSTGRESQL, Dialect.fromUrl("jdbc:postgresql://localhost:5432/db"));
    assertEquals(Dialect.H2, Dialect.fromUrl("JDBC:H2:mem:x"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Dialect.fromUrl("jdbc:mysql://db/x?user=u&password=hunter2"));
    assertTrue(e.getMessage().contains("jdbc:sap:"), e.getMessage());
    assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
  }

  @Test
  void limitsAndCopyFollowTheDatabase() {
    assertEquals(32_767, Dialect.HANA.maxBatchRows());
    assertEquals(Integer.MAX_VALUE, Dialect.POSTGRESQL.maxBatchRows());
    assertTrue(Dialect.POSTGRESQL.supportsCopy());
    assertFalse(Dialect.HANA.supportsCopy());
    assertFalse(Dialect.H2.supportsCopy());
    assertEquals("COPY \"S\".\"T\" (" + Dialect.columnList() + ") FROM STDIN (FORMAT binary)",
        Dialect.POSTGRESQL.copySql("S", "T", "binary"));
    assertThrows(UnsupportedOperationException.class, () -> Dialect.HANA.copySql("S", "T", "binary"));
  }

  @Test
  void thePostgresqlOnlyStrategiesAreCheckedInOnePlaceNamingWhatRunsThere() {
    for (Strategy s : Strategy.values()) {
      assertTrue(s.supportedBy(Dialect.POSTGRESQL), s.id());
      org.junit.jupiter.api.Assertions.assertDoesNotThrow(() -> s.requireSupportedBy(Dialect.POSTGRESQL));
      assertEquals(!s.postgresqlOnly() && s != Strategy.MULTI_VALUES, s.supportedBy(Dialect.HANA), s.id());
    }
    assertTrue(Strategy.MULTI_VALUES.supportedBy(Dialect.H2));
    IllegalArgumentException m = assertThrows(IllegalArgumentException.class,
        () -> Strategy.MULTI_VALUES.requireSupportedBy(Dialect.HANA));
    assertTrue(m.getMessage().startsWith("strategy multiValues needs multi-row VALUES (PostgreSQL or H2), but the target is"
        + " SAP HANA"), m.getMessage());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Strategy.ARRAY_BIND.requireSupportedBy(Dialect.HANA));
    assertEquals("strategy arrayBind needs PostgreSQL (COPY, unnest of arrays), but the target is SAP HANA; run"
        + " strategies bulk,many,rowByRow there (-p strategy=bulk,many,rowByRow)", e.getMessage());
  }

  @Test
  void aMultiRowInsertStaysWithinTheProtocolsParameterLimit() {
    String two = Dialect.POSTGRESQL.multiValuesSql("S", "T", 2);
    assertTrue(two.endsWith("VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?),(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"), two);
    assertEquals(65_530, Dialect.POSTGRESQL.multiValuesSql("S", "T", Strategy.VALUES_ROWS).chars().filter(c -> c == '?').count());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Dialect.POSTGRESQL.multiValuesSql("S", "T", Strategy.VALUES_ROWS + 1));
    assertEquals("multi-row insert of 6554 rows: expected 1..6553 rows (at most 65,535 bind parameters per statement)",
        e.getMessage());
    String project = Dialect.POSTGRESQL.arrayProjectSql("S", "T");
    assertTrue(project.contains(") SELECT unnest(?::int4[]), unnest(?::float8[]),") && !project.contains("FROM"), project);
  }

  @Test
  void identifiersAreValidatedSoNoSqlCanBeInjected() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Dialect.H2.createTableSql("TG20POC", "X\"; DROP TABLE Y; --"));
    assertTrue(e.getMessage().contains("DROP TABLE Y"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Dialect.quote("1ABC"));
    assertThrows(IllegalArgumentException.class, () -> Dialect.quote(""));
  }

  @Test
  void knobsBecomeDriverPropertiesOfTheirOwnDatabaseOnly() {
    Properties pg = new Properties();
    Dialect.POSTGRESQL.applyKnobs(pg, false, 1 << 20);
    assertEquals("false", pg.getProperty("reWriteBatchedInserts"));
    assertFalse(pg.containsKey("packetSize"));
    Properties hana = new Properties();
    Dialect.HANA.applyKnobs(hana, true, 1 << 20);
    assertEquals("1048576", hana.getProperty("packetSize"));
    assertFalse(hana.containsKey("reWriteBatchedInserts"));
    Properties explicit = new Properties();
    explicit.setProperty("reWriteBatchedInserts", "true");
    Dialect.POSTGRESQL.applyKnobs(explicit, false, null);
    assertEquals("true", explicit.getProperty("reWriteBatchedInserts"), "an explicit driver property wins");
  }

  @Test
  void theH2DdlRunsAndTheVerificationQueryCountsAndSums() throws Exception {
    Dialect d = Dialect.H2;
    try (Connection c = DriverManager.getConnection("jdbc:h2:mem:dialect_test");
        Statement s = c.createStatement()) {
      s.execute(d.createSchemaSql("TG20POC"));
      s.execute(d.createTableSql("TG20POC", "GOMESSAGE"));
      s.execute(d.commentSql("TG20POC", "GOMESSAGE"));
      try (var ps = c.prepareStatement(d.insertSql("TG20POC", "GOMESSAGE"))) {
        for (int id : new int[] {0, 1, 2, 2_000_000_000, 2_000_000_000}) {
          ps.setInt(1, id);
          for (int i = 2; i <= 10; i++) {
            ps.setDouble(i, i);
          }
          ps.executeUpdate();
        }
      }
      try (ResultSet r = s.executeQuery(d.verifySql("TG20POC", "GOMESSAGE"))) {
        r.next();
        assertEquals(5, r.getLong(1));
        assertEquals(4_000_000_003L, r.getBigDecimal(2).longValueExact(), "SUM must not overflow INTEGER");
      }
      s.execute(d.failAtRowSql("TG20POC", "GOMESSAGE", 7));
      assertThrows(java.sql.SQLException.class, () -> s.execute(
          "INSERT INTO \"TG20POC\".\"GOMESSAGE\" (\"DEVICEID\") VALUES (7)"));
      s.execute(d.dropTableSql("TG20POC", "GOMESSAGE"));
    }
  }
}
