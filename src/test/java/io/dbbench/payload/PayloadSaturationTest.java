package io.dbbench.payload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.profile.MachineStateProfiler;
import io.dbbench.report.data.JmhResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which side set a closed-loop row's pace, on fixed figures. */
class PayloadSaturationTest {
  @Test
  void unindexedScansOnOneCoreWithCoresToSpareAreTheCollectionLock() {
    // 3.3 ms of server CPU per request at 300 requests/s = 0.99 cores; the machine 70% busy of 2
    PayloadSaturation s = PayloadSaturation.classify(3300, 300, 70, 2, 2, false);
    assertEquals(PayloadSaturation.Side.COLLECTION_LOCK, s.side());
    assertEquals(0.99, s.serverCores(), 1e-9);
    assertEquals(1.4 - 0.99 - 0.04, s.clientCores(), 1e-9);
    assertEquals("the collection lock: machine 70% busy of 2 cores; servers about 1.0 cores, clients about 0.4"
        + " (one unindexed query at a time under mongo-java-server's per-collection lock)", s.sentence());
    // the same figures with an index: the lock does not bind, nothing saturated
    assertEquals(PayloadSaturation.Side.NONE, PayloadSaturation.classify(3300, 300, 70, 2, 2, true).side());
  }

  @Test
  void aSaturatedMachineNamesTheSideThatUsedMoreOfIt() {
    // indexed: 250 µs per request at 2,800 requests/s = 0.7 cores; 94% busy of 2 = 1.88 cores, 1.18 the clients'
    PayloadSaturation c = PayloadSaturation.classify(250, 2800, 94, Double.NaN, 2, true);
    assertEquals(PayloadSaturation.Side.CLIENT_CPU, c.side());
    assertEquals(1.18, c.clientCores(), 1e-9);
    assertEquals("client CPU: machine 94% busy of 2 cores; servers about 0.7 cores, clients about 1.2", c.sentence());
    // 1.5 of the 1.9 busy cores are the servers'
    assertEquals(PayloadSaturation.Side.SERVER_CPU, PayloadSaturation.classify(5000, 300, 95, 0, 2, false).side());
    // the lock is only read below saturation: at 95% busy the side that used more is named
    assertEquals(PayloadSaturation.Side.SERVER_CPU, PayloadSaturation.classify(3300, 300, 95, 0, 2, false).side());
    assertEquals(PayloadSaturation.Side.CLIENT_CPU, PayloadSaturation.classify(3300, 250, 95, 0, 2, false).side());
    // two server cores without the index: not one query at a time
    assertEquals(PayloadSaturation.Side.NONE, PayloadSaturation.classify(3300, 500, 85, 0, 4, false).side());
  }

  @Test
  void aRowsOwnFiguresAreRead() {
    JmhResult none = row("none", 333.33, 3300, 70);
    PayloadSaturation s = PayloadSaturation.of(none).orElseThrow();
    assertEquals(PayloadSaturation.Side.COLLECTION_LOCK, s.side());
    assertEquals(2, s.cpus());
    JmhResult inProcess = row("none", 333.33, 3300, 70);
    Map<String, String> p = new LinkedHashMap<>(inProcess.params());
    p.put("arrangement", "inProcess");
    assertEquals(Optional.empty(), PayloadSaturation.of(new JmhResult(inProcess.benchmark(), inProcess.mode(),
        inProcess.threads(), inProcess.forks(), p, inProcess.primary(), inProcess.secondary())));
    assertEquals("servers' CPU per request (service and stand-in, at the end of the warm-up) 3.300 ms without, 250.0 µs"
        + " with: 13.2x", PayloadForm.serverCpuEffect(none, row("id", 35.7, 250, 94)).orElseThrow());
  }

  @Test
  void badFiguresAreRefusedByName() {
    assertTrue(assertThrows(IllegalArgumentException.class, () -> PayloadSaturation.classify(0, 300, 70, 0, 2, false))
        .getMessage().contains("server CPU 0.0"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> PayloadSaturation.classify(10, 300, 170, 0, 2, false))
        .getMessage().contains("busy 170.0%"));
  }

  /** A closed-loop search row: 100 threads at {@code msPerRequest}, its warm-up CPU and machine state. */
  static JmhResult row(String index, double msPerRequest, double cpuUs, double busyPct) {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("arrangement", "outOfProcess");
    p.put("collectionSize", "30000");
    p.put("doc", "flat");
    p.put("index", index);
    Map<String, JmhResult.Metric> sec = new LinkedHashMap<>();
    sec.put("warmup_cpu_us", new JmhResult.Metric(cpuUs, Double.NaN, "#", List.of(List.of(cpuUs, 0.0))));
    sec.put(MachineStateProfiler.BUSY, new JmhResult.Metric(busyPct, Double.NaN, "%", List.of()));
    sec.put(MachineStateProfiler.CPUS, new JmhResult.Metric(2, Double.NaN, "cpus", List.of()));
    return new JmhResult("io.dbbench.payload.PayloadServiceBenchmark.search", "avgt", 100, 1, p,
        new JmhResult.Metric(msPerRequest, Double.NaN, "ms/op", List.of(List.of(msPerRequest, msPerRequest))), sec);
  }

  @Test
  void theIndexFindingIsBoundedByTheCollectionLockWithoutTheIndexAndTheClientsWithIt() {
    PayloadForm form = new PayloadForm();
    io.dbbench.report.study.Study.Measure m = form.study().measures().stream()
        .filter(x -> "index".equals(x.headline())).findFirst().orElseThrow();
    JmhResult none = row("none", 333.33, 3300, 70);
    JmhResult id = row("id", 35.7, 250, 94);
    io.dbbench.report.data.Run run = new io.dbbench.report.data.Run(null, List.of(none, id), null, List.of());
    io.dbbench.report.stats.Bound b = form.bound(m, run, none, id).orElseThrow();
    assertEquals("the collection lock without the index and client CPU with it", b.what());
    assertTrue(Double.isNaN(b.limit()), "a named bound, no figure");
    assertTrue(b.basis().contains("13.2x"), "the servers' CPU per request none -> id is its basis: " + b.basis());
    // a measure other than the index comparison gets no bound
    io.dbbench.report.study.Study.Measure other = new io.dbbench.report.study.Study.Measure(m.kind(), m.unit(),
        m.question(), m.rows(), m.change(), m.published(), m.metric(), m.scale(), "");
    assertEquals(Optional.empty(), form.bound(other, run, none, id));
  }
}
