package io.dbbench.jdbc;

import org.openjdk.jmh.annotations.Param;

/**
 * The baseline everyone should be warned about: GOMESSAGE rows inserted with one
 * {@code executeUpdate} per row and autocommit on, timed like {@link GomessageInsertBenchmark}
 * (same fixture, {@code shape} and {@code mode} params, and verification). Its own class so that a
 * run can give it fewer shapes than the other strategies with {@code -p shape=...} (the main job's
 * quick mode runs it at the smallest).
 */
public class GomessageRowByRowBenchmark extends GomessageBenchmarkBase {
  /** Always {@code rowByRow}; a param so the report treats both classes alike. */
  @Param({"rowByRow"})
  public String strategy;

  /** Runs this class from an IDE; arguments are JMH options (e.g. {@code -p shape=4x250 -p mode=seq,par -f 1 -i 3}). */
  public static void main(String[] args) throws Exception {
    runFromIde(GomessageRowByRowBenchmark.class, args);
  }
}
