package io.dbbench.jdbc;

import org.openjdk.jmh.annotations.Param;

/**
 * The baseline everyone should be warned about: GOMESSAGE rows inserted with one
 * {@code executeUpdate} per row and autocommit on, timed like {@link GomessageInsertBenchmark}
 * (same fixture, params and verification). Its own class so that quick runs keep it at the
 * smallest shape: its {@code shape} default lists only {@code 100x1000}; full runs pass every
 * shape with {@code -p shape=...}.
 */
public class GomessageRowByRowBenchmark extends GomessageBenchmarkBase {
  /** BATCHCOUNTxBATCHSIZE: the study's sweep (the main job's quick mode narrows it to the 100 000-row shapes). */
  @Param({"100x1000", "10x10000", "1x100000", "1000x1000", "100x10000", "10x100000", "1x1000000"})
  public String shape;

  /** Always {@code rowByRow}; a param so the report treats both classes alike. */
  @Param({"rowByRow"})
  public String strategy;

  /** {@code seq}: one connection; {@code par}: one connection per worker. */
  @Param({"seq", "par"})
  public String mode;

  @Override
  protected String shape() {
    return shape;
  }

  @Override
  protected String strategy() {
    return strategy;
  }

  @Override
  protected String mode() {
    return mode;
  }

  /** Runs this class from an IDE; arguments are JMH options (e.g. {@code -p shape=4x250 -p mode=seq,par -f 1 -i 3}). */
  public static void main(String[] args) throws Exception {
    runFromIde(GomessageRowByRowBenchmark.class, args);
  }
}
