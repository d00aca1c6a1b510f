package io.dbbench.arango.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.profile.MachineStateProfiler;
import io.dbbench.report.data.JmhResult;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The fastest any pool can finish on this machine, from a row's own measurements, on fixed inputs. */
class PoolBoundTest {
  @Test
  void serverCpuPerQueryTimesQueriesOverCores() {
    PoolBound b = new PoolBound(20, 500, 2, PoolBound.MEASURED_OVER_SHOTS);
    assertEquals(5000, b.fastestMillis(), 1e-9); // 20 ms x 500 / 2
    assertEquals(1.0824, b.largestSpeedUpOver(5412), 1e-4);
    assertEquals("On 2 cores the stand-in's CPU time over the measured shots is 20.000 ms per query, so 500 queries"
        + " need at least 5,000 ms whatever the pool (server CPU per query x queries / cores)", b.sentence());
    assertTrue(b.findingNote("the default pool (maxConnections 3)", 5412)
        .endsWith("; the default pool (maxConnections 3)'s 5,412 ms leaves room for at most 1.08x: bounded by 2 cores"),
        b.findingNote("x", 5412));
    // a default pool far from the bound: room, and no claim that the cores decide it
    assertTrue(b.findingNote("the default pool", 9000).endsWith("leaves room for at most 1.80x"), b.findingNote("x", 9000));
    // the study's 4.64x cannot show over a default pool at 5,412 ms; 1.05x can
    assertTrue(b.decides(4.64, 5412));
    assertTrue(!b.decides(1.05, 5412));
  }

  @Test
  void aRowsShotsGiveTheCpuPerQueryAndItsMachineTheCores() {
    // two forks: shots at 19, 21 and 20 ms of stand-in CPU per query (a 0 is a shot whose CPU was not seen)
    JmhResult r = ArangoPoolFormTest.withMetrics("driver_http1_3", 1000, 10_400, Map.of(
        "serverCpuUsPerQuery", List.of(List.of(19_000.0, 21_000.0), List.of(20_000.0, 0.0)),
        MachineStateProfiler.CPUS, List.of(List.of(2.0), List.of(2.0)),
        "warmup_cpu_us", List.of(List.of(50_000.0, 0.0))));
    PoolBound b = PoolBound.of(r, null).orElseThrow();
    assertEquals(20, b.serverCpuMsPerQuery(), 1e-9);
    assertEquals(2, b.cores());
    assertEquals(10_000, b.fastestMillis(), 1e-9);
    assertEquals(PoolBound.MEASURED_OVER_SHOTS, b.source());
  }

  @Test
  void withoutShotFiguresTheWarmUpsCpuPerQueryIsUsed() {
    JmhResult r = ArangoPoolFormTest.withMetrics("driver_http1_3", 500, 6000, Map.of(
        MachineStateProfiler.CPUS, List.of(List.of(4.0)),
        "warmup_cpu_us", List.of(List.of(24_000.0, 0.0))));
    PoolBound b = PoolBound.of(r, null).orElseThrow();
    assertEquals(24, b.serverCpuMsPerQuery(), 1e-9);
    assertEquals(3000, b.fastestMillis(), 1e-9); // 24 ms x 500 / 4
    assertEquals(PoolBound.MEASURED_AT_WARMUP, b.source());
  }

  @Test
  void noBoundWithoutACpuFigureOrCores() {
    assertEquals(Optional.empty(), PoolBound.of(ArangoPoolFormTest.result("raw_http", 500, 30, 0), null));
    JmhResult noCores = ArangoPoolFormTest.withMetrics("raw_http", 500, 30, Map.of("serverCpuUsPerQuery", List.of(List.of(5.0))));
    assertEquals(Optional.empty(), PoolBound.of(noCores, null));
  }

  @Test
  void badFiguresAreRefusedByName() {
    assertTrue(assertThrows(IllegalArgumentException.class, () -> new PoolBound(0, 500, 2, "x")).getMessage().contains("0.0 ms"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> new PoolBound(20, 500, 0, "x")).getMessage().contains("cores=0"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> PoolSettings.modelLabel(0)).getMessage().contains("0 ms"));
  }

  @Test
  void theFormsBoundNamesTheCoresAndTheVerdictSaysTheyDecide() {
    io.dbbench.report.study.Study study = new ArangoPoolForm().study();
    io.dbbench.report.study.Study.Measure m = study.measures().stream()
        .filter(x -> "connections".equals(x.headline())).findFirst().orElseThrow();
    // a default pool at 10,400 ms whose stand-in needs 20 ms of CPU per query: 1,000 queries on 2 cores take >= 10,000 ms
    JmhResult base = ArangoPoolFormTest.withMetrics("driver_http1_3", 1000, 10_400, Map.of(
        "serverCpuUsPerQuery", List.of(List.of(20_000.0)), MachineStateProfiler.CPUS, List.of(List.of(2.0))));
    JmhResult other = ArangoPoolFormTest.withMetrics("driver_http1_100", 1000, 10_100, Map.of(
        "serverCpuUsPerQuery", List.of(List.of(20_000.0)), MachineStateProfiler.CPUS, List.of(List.of(2.0))));
    io.dbbench.report.data.Run run = new io.dbbench.report.data.Run(null, List.of(base, other), null, List.of());
    io.dbbench.report.stats.Bound b = new ArangoPoolForm().bound(m, run, base, other).orElseThrow();
    assertEquals("2 cores", b.what());
    assertEquals(1.04, b.limit(), 1e-9, "10,400 ms over the 10,000 ms bound");
    assertTrue(b.basis().contains("bounded by 2 cores"), b.basis());
    io.dbbench.report.stats.Agreement.Verdict v = io.dbbench.report.stats.Agreement.agreeComparison(true, 1.01, 1.05,
        io.dbbench.report.stats.Agreement.StudyFigure.of(4.64), b, "more forks");
    assertTrue(v.text().startsWith("same direction") && v.text().endsWith("bounded by 2 cores"), v.text());
    // a model row is bounded by its modelled waits, not by the cores
    JmhResult model = ArangoPoolFormTest.withMetrics("driver_http1_3", 1000, 10_400, Map.of(
        ArangoPoolForm.MODELLED_METRIC, List.of(List.of(20.0))));
    assertTrue(new ArangoPoolForm().bound(m, run, model, other).orElseThrow().what().startsWith("a model"));
  }
}
