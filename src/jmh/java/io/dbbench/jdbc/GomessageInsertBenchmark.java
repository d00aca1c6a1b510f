package io.dbbench.jdbc;

import org.openjdk.jmh.annotations.Param;

/**
 * go-hdb's hdbinsert in JMH: seconds to insert {@code batchCount x batchSize} GOMESSAGE rows with
 * the {@code bulk}, {@code many}, {@code copy} or {@code arrayBind} strategy, sequentially or in
 * parallel. The table
 * is dropped and recreated before every shot and verified (row count, {@code SUM(DEVICEID)})
 * after it, both outside the timing. {@code rowByRow} lives in {@link GomessageRowByRowBenchmark}
 * so that quick runs can limit it to the smallest shape.
 *
 * <p>Target: the embedded PostgreSQL unless {@code DBBENCH_JDBC_URL} or {@code GOHDBDSN} is set;
 * knobs in {@link GomessageSettings}. {@code copy} and {@code arrayBind} on a non-PostgreSQL target
 * fail at setup ({@link Strategy#requireSupportedBy}).
 */
public class GomessageInsertBenchmark extends GomessageBenchmarkBase {
  /**
   * {@code bulk}, {@code many}, {@code copy}, {@code arrayBind} or {@code arrayProject} ({@code copy}
   * and the array strategies PostgreSQL only); see {@link Strategy}. {@code arrayChunks} and
   * {@code multiValues} run when asked for ({@code -p strategy=arrayChunks,multiValues}): measured
   * beside {@code arrayProject}, neither was faster (results/limits-20261126/jdbc.md).
   */
  @Param({"bulk", "many", "copy", "arrayBind", "arrayProject"})
  public String strategy;

  /** Runs this class from an IDE; arguments are JMH options (e.g. {@code -p shape=4x250 -p strategy=copy,arrayBind -p mode=seq -f 1 -i 3}). */
  public static void main(String[] args) throws Exception {
    runFromIde(GomessageInsertBenchmark.class, args);
  }
}
