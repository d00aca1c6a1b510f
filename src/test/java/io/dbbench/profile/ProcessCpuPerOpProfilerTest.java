package io.dbbench.profile;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The profiler's CPU clock is there and moves with work done. */
class ProcessCpuPerOpProfilerTest {
  @Test
  void processCpuTimeGrowsWithWork() {
    long before = ProcessCpuPerOpProfiler.processCpuNanos();
    assertTrue(before > 0, "process CPU time is readable on this JVM: " + before);
    long x = 0;
    long until = System.nanoTime() + 50_000_000L;
    while (System.nanoTime() < until) {
      x += Long.numberOfTrailingZeros(x + System.nanoTime());
    }
    long after = ProcessCpuPerOpProfiler.processCpuNanos();
    assertTrue(after - before >= 10_000_000L, "50 ms of spinning cost " + (after - before) + " ns of CPU (x=" + x + ")");
  }
}
