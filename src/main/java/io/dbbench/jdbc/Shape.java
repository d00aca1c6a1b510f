package io.dbbench.jdbc;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One hdbinsert workload shape, written {@code BATCHCOUNTxBATCHSIZE} (for example {@code 10x10000}):
 * {@code batchCount} batches of {@code batchSize} rows each, so {@link #rows()} rows in one insert.
 *
 * <p>The study (go-hdb's hdbinsert) sweeps {@code 1x100000}, {@code 10x10000}, {@code 100x1000}
 * and, in its long run, {@code 1x1000000}, {@code 10x100000}, {@code 100x10000}, {@code 1000x1000}.
 *
 * @param batchCount number of batches, at least 1
 * @param batchSize rows per batch, at least 1
 */
public record Shape(int batchCount, int batchSize) {
  /** The largest number of rows one insert may hold (DEVICEID is an INTEGER running index). */
  public static final long MAX_ROWS = 100_000_000L;

  private static final Pattern FORM = Pattern.compile("([0-9]{1,10})x([0-9]{1,10})");

  /**
   * @throws IllegalArgumentException when a count is below 1 or the product exceeds {@link #MAX_ROWS}
   */
  public Shape {
    if (batchCount < 1 || batchSize < 1) {
      throw new IllegalArgumentException("shape " + batchCount + "x" + batchSize
          + ": batch count and batch size must both be at least 1");
    }
    if ((long) batchCount * batchSize > MAX_ROWS) {
      throw new IllegalArgumentException("shape " + batchCount + "x" + batchSize + " has "
          + (long) batchCount * batchSize + " rows; at most " + MAX_ROWS + " are allowed");
    }
  }

  /**
   * Parses {@code BATCHCOUNTxBATCHSIZE}.
   *
   * @throws IllegalArgumentException naming {@code text} and the expected form when it is malformed
   *     ({@code 10x}, {@code axb}, {@code -1x10}), has a zero count ({@code 0x5}) or holds more
   *     than {@link #MAX_ROWS} rows
   */
  public static Shape parse(String text) {
    String s = text == null ? "" : text.trim();
    Matcher m = FORM.matcher(s);
    if (!m.matches()) {
      throw new IllegalArgumentException("shape '" + text + "' is malformed; expected BATCHCOUNTxBATCHSIZE "
          + "with two positive integers, e.g. 10x10000, and at most " + MAX_ROWS + " rows in all");
    }
    long count = Long.parseLong(m.group(1));
    long size = Long.parseLong(m.group(2));
    if (count < 1 || size < 1 || count * size > MAX_ROWS) {
      throw new IllegalArgumentException("shape '" + text + "' is out of range; expected BATCHCOUNTxBATCHSIZE "
          + "with both at least 1 and at most " + MAX_ROWS + " rows in all (got " + count * size + ")");
    }
    return new Shape((int) count, (int) size);
  }

  /** Rows in one whole insert: {@code batchCount * batchSize}. */
  public long rows() {
    return (long) batchCount * batchSize;
  }

  /** Running index (DEVICEID) of the first row of batch {@code batch}, 0-based. */
  public long firstRow(int batch) {
    return (long) batch * batchSize;
  }

  @Override
  public String toString() {
    return batchCount + "x" + batchSize;
  }
}
