package io.dbbench.graphj;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** Secondary metrics shared by the GraphJ benchmarks. */
public final class Counters {
  private Counters() {}

  /**
   * Bytes processed. An OPERATIONS counter, so in Throughput mode JMH reports it as a rate: the
   * secondary metric {@code bytes} is bytes/s (its unit reads "ops/s").
   */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Bytes {
    /** Bytes of input processed in this iteration. */
    public long bytes;

    /** Counters start from zero every iteration (JMHSample_23). */
    @Setup(Level.Iteration)
    public void reset() {
      bytes = 0;
    }
  }

  /**
   * Input and output sizes: EVENTS counters, summed; the compression ratio is
   * {@code inputBytes / outputBytes}, computed by the report.
   */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class Sizes {
    /** Bytes in. */
    public long inputBytes;
    /** Bytes out. */
    public long outputBytes;

    /** Counters start from zero every iteration. */
    @Setup(Level.Iteration)
    public void reset() {
      inputBytes = 0;
      outputBytes = 0;
    }
  }
}
