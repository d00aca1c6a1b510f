package io.dbbench.profile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.report.data.JmhResult;
import io.dbbench.report.render.Doc;
import io.dbbench.report.render.MarkdownReport;
import io.dbbench.report.render.WarningsSection;
import io.dbbench.report.stats.MeasurementWarnings;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link MachineState}'s parsers on text in the formats of proc(5), and the interval arithmetic. */
class MachineStateTest {
  static final String STAT = """
      cpu  221716 171 25895 30962 1068 0 386 497 0 0
      cpu0 108904 96 12111 18529 368 0 86 241 0 0
      intr 1 2 3
      """;

  @Test
  void parsesLoadavg() {
    assertArrayEquals(new double[] {11.57, 7.72, 3.83}, MachineState.parseLoadavg("11.57 7.72 3.83 9/812 40211\n"), 0);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MachineState.parseLoadavg("1.0 x"));
    assertTrue(e.getMessage().contains("'1.0 x'"), e.getMessage());
  }

  @Test
  void parsesTheAggregateCpuLine() {
    MachineState.CpuTimes t = MachineState.parseProcStat(STAT);
    assertEquals(new MachineState.CpuTimes(221716, 171, 25895, 30962, 1068, 0, 386, 497), t);
    assertEquals(221716 + 171 + 25895 + 30962 + 1068 + 386 + 497, t.total());
    // an old kernel without iowait, irq, softirq, steal
    assertEquals(new MachineState.CpuTimes(1, 2, 3, 4, 0, 0, 0, 0), MachineState.parseProcStat("cpu  1 2 3 4\n"));
    assertThrows(IllegalArgumentException.class, () -> MachineState.parseProcStat("cpu0 1 2 3 4\n"));
  }

  @Test
  void countsOnlineCpus() {
    assertEquals(2, MachineState.parseOnline("0-1\n"));
    assertEquals(1, MachineState.parseOnline("0"));
    assertEquals(5, MachineState.parseOnline("0,2-3,6-7"));
    assertThrows(IllegalArgumentException.class, () -> MachineState.parseOnline("3-1"));
    assertThrows(IllegalArgumentException.class, () -> MachineState.parseOnline("a"));
  }

  @Test
  void intervalStealBusyAndOverload() {
    // 1000 ticks pass: 100 stolen, 300 idle + 100 iowait: steal 10%, busy 60%
    MachineState.CpuTimes a = new MachineState.CpuTimes(0, 0, 0, 0, 0, 0, 0, 0);
    MachineState.CpuTimes b = new MachineState.CpuTimes(400, 0, 100, 300, 100, 0, 0, 100);
    MachineState.Interval i = new MachineState.Interval(new MachineState(1.5, 1, 1, 2, a, 0),
        new MachineState(2.5, 1, 1, 2, b, 1000));
    assertEquals(10.0, i.stealPct(), 1e-12);
    assertEquals(60.0, i.busyPct(), 1e-12);
    assertEquals(2.5, i.maxLoad1(), 0);
    assertTrue(i.overloaded(), "load 2.5 on 2 CPUs");
    Map<String, Object> m = i.toMap();
    assertEquals(10.0, m.get("steal_pct"));
    assertEquals(true, m.get("overloaded"));
    MachineState.Interval calm = new MachineState.Interval(new MachineState(0.5, 1, 1, 2, null, 0),
        new MachineState(1.0, 1, 1, 2, null, 1));
    assertFalse(calm.overloaded());
    assertTrue(Double.isNaN(calm.stealPct()));
    assertEquals("n/a", calm.toMap().get("steal_pct"));
  }

  @Test
  void readingThisMachineNeverThrows() {
    MachineState s = MachineState.read();
    assertTrue(s.onlineCpus() >= 1);
  }

  @Test
  void warningsForOtherProcessesAndTrendButNotForTheLoadAverage() throws Exception {
    JmhResult.Metric primary = new JmhResult.Metric(2, Double.NaN, "ns/op",
        List.of(List.of(1.0, 2.0, 3.0), List.of(1.0, 2.0, 3.0), List.of(1.0, 2.0, 3.0)));
    JmhResult.Metric load = new JmhResult.Metric(7.3, Double.NaN, "load", List.of());
    JmhResult.Metric cpus = new JmhResult.Metric(2, Double.NaN, "cpus", List.of());
    JmhResult.Metric other = new JmhResult.Metric(23.5, Double.NaN, "%", List.of());
    JmhResult r = new JmhResult("a.b.C.m", "avgt", 1, 3, Map.of(), primary,
        Map.of(MachineStateProfiler.LOAD, load, MachineStateProfiler.CPUS, cpus, MachineStateProfiler.OTHER_BUSY, other));
    List<String> w = MeasurementWarnings.of(r);
    assertEquals(List.of("iterations rising (+100.00% first to last, p=0.0093): not at steady state",
        "other processes used 23.5% of the 2 CPUs during a fork: shared its cores"), w);
    Doc doc = new Doc("t");
    WarningsSection.appendTo(doc, 2, List.of(r));
    String md = MarkdownReport.write(doc, null);
    assertTrue(md.contains("1 of 1 results ran fewer than 4 forks"), md);
    assertTrue(md.contains("| C.m | other processes used 23.5% of the 2 CPUs during a fork: shared its cores |"), md);
    // a load of 2.03 on 2 CPUs from the benchmark's own fsync waits and JIT, others quiet: no warning
    JmhResult quiet = new JmhResult("a.b.C.fsync", "avgt", 1, 3, Map.of(),
        new JmhResult.Metric(2, Double.NaN, "ns/op", List.of(List.of(2.0, 2.0, 2.0))),
        Map.of(MachineStateProfiler.LOAD, new JmhResult.Metric(2.03, Double.NaN, "load", List.of()),
            MachineStateProfiler.CPUS, cpus, MachineStateProfiler.OTHER_BUSY, new JmhResult.Metric(1.2, Double.NaN, "%", List.of())));
    assertEquals(List.of(), MeasurementWarnings.of(quiet));
  }
}
