package io.dbbench.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Integration tests against a real PostgreSQL: the embedded server, started once for the class
 * and stopped after it. Every strategy and both modes at 4x250, checked by count, checksum and
 * the stored values themselves; and a constraint violation injected into one row.
 */
class GomessagePostgresTest {
  private static final Shape SHAPE = Shape.parse("4x250");
  private static JdbcTarget target;
  private static GomessageSettings settings;

  @BeforeAll
  static void startEmbeddedPostgres() throws Exception {
    settings = GomessageSettings.defaults(JdbcSettings.embedded());
    target = JdbcTarget.open(settings.target());
  }

  @AfterAll
  static void stopEmbeddedPostgres() {
    if (target != null) {
      target.close();
    }
  }

  @ParameterizedTest
  @CsvSource({"bulk,seq", "bulk,par", "many,seq", "many,par", "copy,seq", "copy,par", "rowByRow,seq", "rowByRow,par", "arrayBind,seq",
      "arrayBind,par", "arrayProject,seq", "arrayProject,par", "arrayChunks,seq", "arrayChunks,par", "multiValues,seq",
      "multiValues,par"})
  void everyStrategyAndModeInsertsTheSameRows(String strategy, String mode) throws Exception {
    try (GomessageFixture f = GomessageFixture.open(target, settings, SHAPE, Strategy.parse(strategy), RunMode.parse(mode))) {
      for (int shot = 0; shot < 2; shot++) {
        f.prepare();
        assertEquals(-1, f.lastShotServerCpuNanos(), "no shot verified since prepare");
        assertEquals(1000, f.insert());
        GomessageTables.Verification v = f.verify();
        assertEquals(1000, v.rows());
        assertEquals(499_500, v.deviceIdSum());
        // the embedded server's worker backends (one per worker) parsed and stored the rows
        long cpu = f.lastShotServerCpuNanos();
        assertTrue(cpu > 0 && cpu < 60_000_000_000L, strategy + " " + mode + ": " + cpu + " ns");
      }
      assertStoredRowsEqualTheGenerator(f.tables().get(0));
    }
  }

  /**
   * Batches larger than one statement: {@code multiValues} as three 6553-row statements and a
   * remainder, {@code arrayChunks} as three chunks (7000, 7000, 6000 with a bulk size of 7000).
   */
  @ParameterizedTest
  @CsvSource({"multiValues,0", "arrayChunks,7000", "arrayProject,0"})
  void aBatchSpanningSeveralStatementsInsertsEveryRowOnce(String strategy, int bulkSize) throws Exception {
    Shape big = Shape.parse("1x20000");
    try (GomessageFixture f = GomessageFixture.open(target, settings.withBulkSize(bulkSize), big, Strategy.parse(strategy),
        RunMode.SEQ)) {
      f.prepare();
      assertEquals(20_000, f.insert());
      GomessageTables.Verification v = f.verify();
      assertEquals(20_000, v.rows());
      assertEquals(GomessageRows.expectedDeviceIdSum(20_000), v.deviceIdSum());
    }
  }

  @Test
  void textCopyAndSeparateTablesStoreTheSameRows() throws Exception {
    GomessageSettings text = settings.withCopyFormat("text").withWorkers(2, true);
    try (GomessageFixture f = GomessageFixture.open(target, text, SHAPE, Strategy.COPY, RunMode.PAR)) {
      assertEquals(List.of("GOMESSAGE_0", "GOMESSAGE_1"), f.tables());
      f.prepare();
      assertEquals(1000, f.insert());
      f.verify();
      assertStoredRowsEqualTheGenerator("GOMESSAGE_0");
      assertStoredRowsEqualTheGenerator("GOMESSAGE_1");
    }
  }

  @ParameterizedTest
  @CsvSource({"bulk,500", "many,500", "copy,500", "rowByRow,577", "arrayBind,500", "arrayProject,500", "arrayChunks,500",
      "multiValues,500"})
  void aConstraintViolationNamesTheBatchAndRollsItBack(String strategy, long rowsLeft) throws Exception {
    // DEVICEID 577 lies in batch 2 (rows 500..749) of 4x250
    GomessageSettings failing = settings.withFailAtRow(577L);
    try (GomessageFixture f = GomessageFixture.open(target, failing, SHAPE, Strategy.parse(strategy), RunMode.SEQ)) {
      f.prepare();
      BatchInsertException e = assertThrows(BatchInsertException.class, f::insert);
      assertEquals(2, e.batch());
      assertTrue(e.getMessage().contains("batch 2 of 4 (DEVICEID 500..749"), e.getMessage());
      assertTrue(e.getMessage().contains("DBBENCH_FAIL_AT_ROW"), "the database's own error is kept: " + e.getMessage());
      // batches 0 and 1 were committed; batch 2 was rolled back (rowByRow autocommits each row)
      assertEquals(rowsLeft, f.count().rows());
      assertThrows(IllegalStateException.class, f::verify);
    }
  }

  @Test
  void aFailureInOneParallelWorkerFailsTheWholeInsert() throws Exception {
    GomessageSettings failing = settings.withFailAtRow(999L);
    try (GomessageFixture f = GomessageFixture.open(target, failing, SHAPE, Strategy.MANY, RunMode.PAR)) {
      f.prepare();
      BatchInsertException e = assertThrows(BatchInsertException.class, f::insert);
      assertEquals(3, e.batch());
      assertTrue(e.getMessage().contains("batch 3 of 4"), e.getMessage());
      assertEquals(750, f.count().rows());
    }
  }

  /** The first and last stored rows hold exactly the generator's values (so COPY's encoding is right). */
  private static void assertStoredRowsEqualTheGenerator(String table) throws Exception {
    try (Connection c = target.connect();
        Statement s = c.createStatement();
        ResultSet r = s.executeQuery("SELECT * FROM \"TG20POC\".\"" + table + "\" ORDER BY \"DEVICEID\"")) {
      double[] expected = new double[9];
      int checked = 0;
      while (r.next()) {
        int id = r.getInt(1);
        int batch = id / SHAPE.batchSize();
        GomessageRows.Cursor cur = GomessageRows.batch(settings.seed(), SHAPE, batch);
        int got;
        do {
          got = cur.next(expected);
        } while (got != id);
        for (int i = 0; i < 9; i++) {
          assertEquals(expected[i], r.getDouble(i + 2), 0.0, "row " + id + " column " + Dialect.COLUMNS.get(i + 1));
        }
        checked++;
        if (checked > 40) {
          break;
        }
      }
      assertTrue(checked > 0, table + " is empty");
    }
  }
}
