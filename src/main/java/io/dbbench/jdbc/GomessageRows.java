package io.dbbench.jdbc;

import java.util.NoSuchElementException;
import java.util.SplittableRandom;

/**
 * The GOMESSAGE row generator. DEVICEID is the row's 0-based running index over the whole insert;
 * the nine doubles are drawn uniformly in hdbinsert's fixed ranges ({@link #LOW}, {@link #HIGH}:
 * TEMPERATUR 25-26, HUMIDITY 40-60, CO2 500-600, CO 0.9-1.1, LPG 23-25, SMOKE 50-60, PRESENCE
 * 0-1, LIGHT 600-800, SOUND 400-500).
 *
 * <p>Each batch has its own {@link SplittableRandom} seeded from {@code (seed, batch)}, so a
 * batch holds the same rows whichever worker inserts it, in {@code seq} and {@code par} alike, and
 * every strategy inserts identical data.
 */
public final class GomessageRows {
  /** Number of DOUBLE columns (all but DEVICEID). */
  public static final int DOUBLES = 9;
  /** Inclusive lower bounds of the nine doubles, in column order. */
  static final double[] LOW = {25, 40, 500, 0.9, 23, 50, 0, 600, 400};
  /** Upper bounds of the nine doubles, in column order (reached at most by rounding). */
  static final double[] HIGH = {26, 60, 600, 1.1, 25, 60, 1, 800, 500};

  private GomessageRows() {}

  /** Lower bound of double column {@code i} (0 = TEMPERATUR). */
  public static double low(int i) {
    return LOW[i];
  }

  /** Upper bound of double column {@code i} (0 = TEMPERATUR). */
  public static double high(int i) {
    return HIGH[i];
  }

  /** The random stream of batch {@code batch} under {@code seed}. */
  public static Cursor batch(long seed, Shape shape, int batch) {
    if (batch < 0 || batch >= shape.batchCount()) {
      throw new IllegalArgumentException("batch " + batch + " is outside shape " + shape
          + " (expected 0.." + (shape.batchCount() - 1) + ")");
    }
    return new Cursor(new SplittableRandom(mix(seed, batch)), shape.firstRow(batch), shape.batchSize());
  }

  /** Builds batch {@code batch} in memory (the {@code many} strategy's input). */
  public static RowBatch build(long seed, Shape shape, int batch) {
    Cursor c = batch(seed, shape, batch);
    int n = shape.batchSize();
    int[] ids = new int[n];
    double[] values = new double[n * DOUBLES];
    double[] row = new double[DOUBLES];
    for (int i = 0; i < n; i++) {
      ids[i] = c.next(row);
      System.arraycopy(row, 0, values, i * DOUBLES, DOUBLES);
    }
    return new RowBatch(batch, ids, values);
  }

  /** Expected {@code SUM(DEVICEID)} of a complete insert of {@code rows} rows: 0 + 1 + ... + (rows-1). */
  public static long expectedDeviceIdSum(long rows) {
    return rows * (rows - 1) / 2;
  }

  /**
   * A content checksum of every row of {@code shape} under {@code seed}: the sum over all rows of
   * the raw IEEE-754 bits of every double, plus DEVICEID (wrapping 64-bit arithmetic). Recorded in
   * env.json so two runs can show they inserted the same data.
   */
  public static long checksum(long seed, Shape shape) {
    long sum = 0;
    double[] row = new double[DOUBLES];
    for (int b = 0; b < shape.batchCount(); b++) {
      Cursor c = batch(seed, shape, b);
      for (int i = 0; i < shape.batchSize(); i++) {
        sum += c.next(row);
        for (double v : row) {
          sum += Double.doubleToRawLongBits(v);
        }
      }
    }
    return sum;
  }

  private static long mix(long seed, int batch) {
    // murmur3's 64-bit finalizer over (seed, batch): well-spread, distinct stream seeds per batch
    long z = seed * 0x9E3779B97F4A7C15L + batch;
    z = (z ^ (z >>> 33)) * 0xFF51AFD7ED558CCDL;
    z = (z ^ (z >>> 33)) * 0xC4CEB9FE1A85EC53L;
    return z ^ (z >>> 33);
  }

  /** Produces the rows of one batch one at a time (the {@code bulk}, {@code copy} and {@code rowByRow} input). */
  public static final class Cursor {
    private final SplittableRandom random;
    private long next;
    private final long end;

    Cursor(SplittableRandom random, long first, int count) {
      this.random = random;
      this.next = first;
      this.end = first + count;
    }

    /** Whether another row remains in the batch. */
    public boolean hasNext() {
      return next < end;
    }

    /**
     * Writes the next row's nine doubles into {@code into} and returns its DEVICEID.
     *
     * @throws java.util.NoSuchElementException past the end of the batch
     */
    public int next(double[] into) {
      if (next >= end) {
        throw new NoSuchElementException("batch exhausted at row " + next);
      }
      for (int i = 0; i < DOUBLES; i++) {
        into[i] = LOW[i] + (HIGH[i] - LOW[i]) * random.nextDouble();
      }
      return (int) next++;
    }
  }

  /**
   * One batch held in memory, the doubles row-major: row {@code i}'s double column {@code c} is
   * {@code values[i * 9 + c]}.
   *
   * @param batch the batch's index in its shape
   * @param ids the DEVICEIDs
   * @param values the doubles, nine per row
   */
  public record RowBatch(int batch, int[] ids, double[] values) {
    /** Rows in the batch. */
    public int size() {
      return ids.length;
    }
  }
}
