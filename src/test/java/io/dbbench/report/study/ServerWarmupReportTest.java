package io.dbbench.report.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.profile.AllocationProfiler;
import io.dbbench.report.data.JmhResult;
import io.dbbench.report.stats.MeasurementWarnings;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * How the report reads a trial's server warm-up (secondary metrics published in one iteration
 * of each fork).
 */
class ServerWarmupReportTest {
  private static JmhResult.Metric count(double v) {
    return new JmhResult.Metric(v, Double.NaN, "#", List.of(List.of(v)));
  }

  private static JmhResult.Metric m(List<List<Double>> raw) {
    return new JmhResult.Metric(raw.stream().flatMap(List::stream).mapToDouble(Double::doubleValue).sum(), Double.NaN,
        "#", raw);
  }

  private static JmhResult result(List<List<Double>> steady, List<List<Double>> requests, List<List<Double>> cpu) {
    JmhResult.Metric primary = new JmhResult.Metric(5000, Double.NaN, "us/op", List.of(List.of(5000.0, 5000.0)));
    return new JmhResult("io.dbbench.payload.PayloadServiceBenchmark.search", "avgt", 100, steady.size(),
        Map.of("doc", "flat", "index", "id"), primary,
        Map.of(FormSupport.WARMUP_STEADY, m(steady), FormSupport.WARMUP_REQUESTS, m(requests),
            FormSupport.WARMUP_CPU_US, m(cpu)));
  }

  @Test
  void aWarmupIsReadPerForkFromTheIterationThatPublishedIt() {
    // two forks merged: each published in its first iteration and 0 in the second; ForkMerge's
    // score (the mean of iterations) would halve them, the raw data does not
    JmhResult r = result(List.of(List.of(1.0, 0.0), List.of(1.0, 0.0)),
        List.of(List.of(20000.0, 0.0), List.of(30000.0, 0.0)), List.of(List.of(150.0, 0.0), List.of(170.0, 0.0)));
    assertEquals(List.of(20000.0, 30000.0), Arrays.stream(FormSupport.trialFact(r, FormSupport.WARMUP_REQUESTS))
        .boxed().toList());
    assertEquals("steady after 25,000 requests (160.0 µs per request)", FormSupport.warmup(r));
    assertEquals(List.of(), MeasurementWarnings.of(r).stream().filter(w -> w.contains("steady state")).toList());
  }

  @Test
  void aServerThatReachedTheCapIsFlaggedInTheRowAndTheWarnings() {
    JmhResult r = result(List.of(List.of(0.0, 0.0), List.of(1.0, 0.0)),
        List.of(List.of(9000.0, 0.0), List.of(30000.0, 0.0)), List.of(List.of(900.0, 0.0), List.of(170.0, 0.0)));
    assertTrue(FormSupport.warmup(r).startsWith("NOT steady in 1 of 2 forks"), FormSupport.warmup(r));
    assertTrue(MeasurementWarnings.of(r).stream().anyMatch(w -> w.startsWith("servers measured before steady state")),
        MeasurementWarnings.of(r).toString());
    // a row without a server warm-up says nothing
    JmhResult plain = new JmhResult("io.dbbench.graphj.GraphjCompressBenchmark.compress", "thrpt", 1, 1, Map.of(),
        new JmhResult.Metric(1, Double.NaN, "ops/s", List.of(List.of(1.0))), Map.of());
    assertEquals("", FormSupport.warmup(plain));
  }

  @Test
  void aRowWithFailedRequestsIsWarnedAboutAndOneWithoutIsNot() {
    JmhResult.Metric primary = new JmhResult.Metric(5000, Double.NaN, "us/op", List.of(List.of(5000.0)));
    JmhResult stalled = new JmhResult("io.dbbench.payload.PayloadServiceBenchmark.search", "avgt", 100, 1,
        Map.of(), primary, Map.of("ok", count(22_203), "failed", count(197)));
    List<String> w = MeasurementWarnings.of(stalled);
    assertTrue(w.contains("99.12% of requests succeeded: the score mixes answers with failures and timeouts"), w.toString());
    // one failure in a million still says so, never "100.00%"
    JmhResult rare = new JmhResult("io.dbbench.payload.PayloadServiceBenchmark.search", "avgt", 100, 1,
        Map.of(), primary, Map.of("ok", count(1_000_000), "failed", count(1)));
    assertTrue(MeasurementWarnings.of(rare).contains("99.99% of requests succeeded: the score mixes answers with"
        + " failures and timeouts"), MeasurementWarnings.of(rare).toString());
    JmhResult clean = new JmhResult("io.dbbench.payload.PayloadServiceBenchmark.search", "avgt", 100, 1,
        Map.of(), primary, Map.of("ok", count(22_400), "failed", count(0)));
    assertEquals(List.of(), MeasurementWarnings.of(clean).stream().filter(x -> x.contains("succeeded")).toList());
  }

  @Test
  void allocationCountsTheInstrumenterOnlyPartlySawAreLowerBounds() {
    JmhResult.Metric primary = new JmhResult.Metric(5000, Double.NaN, "us/op", List.of(List.of(5000.0)));
    JmhResult full = new JmhResult("x.Y.z", "avgt", 1, 1, Map.of(), primary, Map.of(
        AllocationProfiler.ALLOCS, m(List.of(List.of(4.0))), AllocationProfiler.COVERAGE, m(List.of(List.of(0.99)))));
    assertEquals("4.000", FormSupport.allocs(full));
    JmhResult partial = new JmhResult("x.Y.z", "avgt", 1, 1, Map.of(), primary, Map.of(
        AllocationProfiler.ALLOCS, m(List.of(List.of(95_532.0))), AllocationProfiler.COVERAGE, m(List.of(List.of(0.72)))));
    assertEquals("≥ 95,532 (72% of bytes seen)", FormSupport.allocs(partial));
  }
}
