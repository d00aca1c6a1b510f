package io.dbbench.jdbc.console;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * One console test's answer, the JSON of {@code /test/<TestType>}: hdbinsert's fields
 * ({@code Test}, {@code BatchCount}, {@code BatchSize}, {@code BulkSize}, {@code Seconds},
 * {@code Error}; source: go-hdb-test {@code hdbinsert/handler/testhandler.go}, {@code TestResult})
 * in camel case, plus the rows, the rate and the verification dbbench adds.
 *
 * @param id this server's running number of the result, from 1
 * @param startedAt when the request was accepted, ISO-8601 UTC
 * @param test the test type, e.g. {@code BulkSeq}
 * @param batchCount batches
 * @param batchSize rows per batch
 * @param bulkSize rows per round trip: {@code bulk}'s flush size ({@code DBBENCH_JDBC_BULK_SIZE},
 *     default the batch size, capped by the database), {@code many}'s batch (capped likewise), the
 *     batch for {@code copy}/{@code arrayBind} (one stream or statement per batch), 1 for
 *     {@code rowByRow}
 * @param workers worker threads and connections (1 for {@code Seq})
 * @param separateTables whether each {@code Par} worker had its own {@code <table>_<n>}
 * @param rows rows inserted: {@code batchCount x batchSize} on success; on failure the rows whose
 *     batch had committed
 * @param seconds wall time of the insert alone (the benchmark's measured operation), in seconds;
 *     table DDL, settling, building {@code many}'s batches and verification are outside it
 * @param rowsPerSecond {@code rows / seconds}; 0 when the test failed
 * @param verified whether the verification query found exactly the rows and {@code SUM(DEVICEID)}
 *     the test should have added
 * @param verification what the query found and what was expected, or {@code null} when the test
 *     failed before it ran
 * @param dropBeforeRun whether the tables were dropped and recreated first
 * @param error {@code null}, or what failed (the database's message, passwords redacted)
 */
@JsonPropertyOrder({"id", "startedAt", "test", "batchCount", "batchSize", "bulkSize", "workers", "separateTables", "rows", "seconds",
    "rowsPerSecond", "verified", "verification", "dropBeforeRun", "error"})
public record TestResult(
    long id,
    String startedAt,
    String test,
    int batchCount,
    int batchSize,
    int bulkSize,
    int workers,
    boolean separateTables,
    long rows,
    double seconds,
    double rowsPerSecond,
    boolean verified,
    Verification verification,
    boolean dropBeforeRun,
    String error) {

  /** The shape, {@code BATCHCOUNTxBATCHSIZE}. */
  public String shape() {
    return batchCount + "x" + batchSize;
  }

  /**
   * The verification of one test: the change the test made to the tables (all of them, when
   * {@code Par} uses separate tables) against what {@code batchCount x batchSize} rows must add.
   *
   * @param rows rows added ({@code COUNT(*)} after minus before)
   * @param deviceIdSum {@code SUM(DEVICEID)} added (the family's checksum: DEVICEID is the row's
   *     running index, so a lost or duplicated row changes it)
   * @param expectedRows {@code batchCount x batchSize}
   * @param expectedDeviceIdSum {@code rows * (rows - 1) / 2}
   */
  public record Verification(long rows, long deviceIdSum, long expectedRows, long expectedDeviceIdSum) {}
}
