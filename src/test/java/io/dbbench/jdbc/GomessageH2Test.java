package io.dbbench.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The fixture against an in-memory H2 database: a non-embedded target, so the safety rules apply,
 * and a second dialect for every non-COPY strategy.
 */
class GomessageH2Test {
  private static final AtomicInteger DB = new AtomicInteger();
  private static final Shape SHAPE = Shape.parse("4x250");

  private static GomessageSettings h2() {
    String url = "jdbc:h2:mem:gomessage" + DB.incrementAndGet() + ";DB_CLOSE_DELAY=-1";
    return GomessageSettings.defaults(new JdbcSettings(url, "sa", "", new Properties(), "DBBENCH_JDBC_URL"));
  }

  @ParameterizedTest
  @CsvSource({"bulk,seq", "bulk,par", "many,seq", "many,par", "rowByRow,seq", "rowByRow,par", "multiValues,seq"})
  void everyNonCopyStrategyInsertsExactlyTheShape(String strategy, String mode) throws Exception {
    try (GomessageFixture f = GomessageFixture.open(h2(), SHAPE, Strategy.parse(strategy), RunMode.parse(mode))) {
      for (int shot = 0; shot < 2; shot++) { // the table is recreated: the second shot starts empty again
        f.prepare();
        assertEquals(1000, f.insert());
        GomessageTables.Verification v = f.verify();
        assertEquals(1000, v.rows());
        assertEquals(499_500, v.deviceIdSum());
      }
    }
  }

  @Test
  void theVerificationFailsWithBothNumbersWhenARowIsLost() throws Exception {
    GomessageSettings settings = h2();
    try (GomessageFixture f = GomessageFixture.open(settings, SHAPE, Strategy.MANY, RunMode.SEQ)) {
      f.prepare();
      f.insert();
      try (Connection c = DriverManager.getConnection(settings.target().url(), "sa", "");
          Statement s = c.createStatement()) {
        s.executeUpdate("DELETE FROM \"TG20POC\".\"GOMESSAGE\" WHERE \"DEVICEID\" = 10");
      }
      IllegalStateException e = assertThrows(IllegalStateException.class, f::verify);
      assertTrue(e.getMessage().contains("expected 1000 rows and SUM(DEVICEID)=499500"), e.getMessage());
      assertTrue(e.getMessage().contains("found 999 rows and SUM(DEVICEID)=499490"), e.getMessage());
    }
  }

  @Test
  void copyFailsAtSetupOnANonPostgresqlTarget() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> GomessageFixture.open(h2(), SHAPE, Strategy.COPY, RunMode.SEQ));
    assertTrue(e.getMessage().contains("strategy copy needs PostgreSQL") && e.getMessage().contains("H2"), e.getMessage());
    IllegalArgumentException a = assertThrows(IllegalArgumentException.class,
        () -> GomessageFixture.open(h2(), SHAPE, Strategy.ARRAY_BIND, RunMode.SEQ));
    assertTrue(a.getMessage().contains("strategy arrayBind needs PostgreSQL"), a.getMessage());
  }

  @Test
  void aForeignTableIsNeverDroppedWithoutAllowDrop() throws Exception {
    GomessageSettings settings = h2();
    try (Connection c = DriverManager.getConnection(settings.target().url(), "sa", "");
        Statement s = c.createStatement()) {
      s.execute("CREATE SCHEMA \"TG20POC\"");
      s.execute("CREATE TABLE \"TG20POC\".\"GOMESSAGE\" (\"X\" INTEGER)");
      s.execute("INSERT INTO \"TG20POC\".\"GOMESSAGE\" VALUES (42)");
      IllegalStateException e = assertThrows(IllegalStateException.class,
          () -> GomessageFixture.open(settings, SHAPE, Strategy.BULK, RunMode.SEQ));
      assertTrue(e.getMessage().contains("TG20POC.GOMESSAGE already exists") && e.getMessage().contains("DBBENCH_ALLOW_DROP=true"),
          e.getMessage());
      try (ResultSet r = s.executeQuery("SELECT \"X\" FROM \"TG20POC\".\"GOMESSAGE\"")) {
        assertTrue(r.next(), "the foreign table must be untouched");
        assertEquals(42, r.getInt(1));
      }
      // with DBBENCH_ALLOW_DROP=true it is replaced, and dropped again on close
      try (GomessageFixture f = GomessageFixture.open(settings.withAllowDrop(true), SHAPE, Strategy.BULK, RunMode.SEQ)) {
        f.prepare();
        f.insert();
        f.verify();
      }
      try (ResultSet r = c.getMetaData().getTables(null, "TG20POC", "GOMESSAGE", null)) {
        assertTrue(!r.next(), "dbbench drops the tables it owns when it closes");
      }
    }
  }

  @Test
  void aTableLeftByAnEarlierDbbenchRunIsRecognisedAsOwned() throws Exception {
    GomessageSettings settings = h2();
    try (Connection c = DriverManager.getConnection(settings.target().url(), "sa", "");
        Statement s = c.createStatement()) {
      s.execute("CREATE SCHEMA \"TG20POC\"");
      s.execute(Dialect.H2.createTableSql("TG20POC", "GOMESSAGE"));
      s.execute(Dialect.H2.commentSql("TG20POC", "GOMESSAGE"));
      try (GomessageFixture f = GomessageFixture.open(settings, SHAPE, Strategy.BULK, RunMode.SEQ)) {
        f.prepare();
        assertEquals(1000, f.insert());
        f.verify();
      }
    }
  }

  @Test
  void separateTablesGiveEachWorkerItsOwnSibling() throws Exception {
    GomessageSettings settings = h2().withWorkers(3, true);
    try (GomessageFixture f = GomessageFixture.open(settings, SHAPE, Strategy.BULK, RunMode.PAR)) {
      assertEquals(3, f.workers());
      assertEquals(List.of("GOMESSAGE_0", "GOMESSAGE_1", "GOMESSAGE_2"), f.tables());
      f.prepare();
      assertEquals(1000, f.insert());
      f.verify();
      try (Connection c = DriverManager.getConnection(settings.target().url(), "sa", "");
          Statement s = c.createStatement();
          ResultSet r = s.executeQuery("SELECT COUNT(*) FROM \"TG20POC\".\"GOMESSAGE_0\"")) {
        r.next();
        assertEquals(500, r.getLong(1), "worker 0 inserts batches 0 and 3");
      }
    }
  }

  @Test
  void bulkFlushesEveryBulkSizeRowsAndAtTheEndOfEachBatch() throws Exception {
    try (GomessageFixture f = GomessageFixture.open(h2().withBulkSize(100), SHAPE, Strategy.BULK, RunMode.SEQ)) {
      f.prepare();
      assertEquals(1000, f.insert());
      f.verify();
    }
  }
}
