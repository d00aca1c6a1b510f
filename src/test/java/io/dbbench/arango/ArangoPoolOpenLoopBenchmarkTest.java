package io.dbbench.arango;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbbench.core.BenchConfig;
import io.dbbench.load.SteadyState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The pooling study's open loop through JMH itself (in-process, the stand-in in its own JVM): the
 * primary score is a latency (the queries' mean from their start), not the dispatch interval; the
 * trial file, its {@code .hlog} and the secondary metrics agree; the stand-in's CPU per query is
 * measured.
 */
class ArangoPoolOpenLoopBenchmarkTest {
  @TempDir
  Path runDir;

  @Test
  void primaryScoreIsTheQueriesLatencyAndTheFilesHoldEveryMeasuredQuery() throws Exception {
    System.setProperty("dbbench.run.dir", runDir.toString());
    Collection<RunResult> rs;
    try (AutoCloseable cap = BenchConfig.override(SteadyState.ENV_CAP, "3")) {
      rs = new Runner(new OptionsBuilder()
          .include("^" + ArangoPoolOpenLoopBenchmark.class.getName().replace(".", "\\.") + "\\.query$")
          .forks(0).warmupIterations(0).measurementIterations(2).measurementTime(TimeValue.milliseconds(500))
          .param("rate", "200").param("pool", "raw_http").param("documents", "2000").param("index", "persistent")
          .shouldFailOnError(true).verbosity(VerboseMode.SILENT).timeUnit(TimeUnit.MICROSECONDS).build()).run();
    } finally {
      System.clearProperty("dbbench.run.dir");
    }
    RunResult r = rs.iterator().next();
    List<Path> files;
    try (Stream<Path> s = Files.list(runDir)) {
      files = s.filter(p -> p.getFileName().toString().matches("openloop-query-na-200-\\d+\\.json")).toList();
    }
    assertEquals(1, files.size(), "one file per trial in " + runDir);
    JsonNode j = new ObjectMapper().readTree(files.get(0).toFile());
    long requests = j.get("requests").asLong();
    assertTrue(requests >= 180, "about 200 queries at 200/s in 2 x 0.5 s, got " + requests);
    assertEquals(requests, j.get("ok").asLong(), "every query answered rightly: " + j);
    assertEquals(j.get("ok").asDouble(), r.getSecondaryResults().get("ok").getScore());
    assertEquals(j.get("latency_us").get("p50").asDouble(), r.getSecondaryResults().get("p50_us").getScore(), 1e-6);
    assertTrue(r.getSecondaryResults().get("server_cpu_us").getScore() > 0, "the stand-in's CPU per query");
    Histogram all = new Histogram(1, TimeUnit.HOURS.toNanos(1), 3);
    try (HistogramLogReader log = new HistogramLogReader(Path.of(runDir.toString(), j.get("hlog").asText()).toFile())) {
      for (EncodableHistogram e; (e = log.nextIntervalHistogram()) != null; ) {
        all.add((Histogram) e);
      }
    }
    assertEquals(requests, all.getTotalCount(), "the .hlog holds every measured query");
    double primary = r.getPrimaryResult().getScore();
    // the primary score follows the queries' recorded latency (their mean in the .hlog), not the dispatch
    // interval (5,000 us at 200/s): a relation between two figures of this run, not a speed this machine
    // must reach (a cold in-process trial's queries take 0.3-3 ms here, depending on the machine's load)
    double mean = all.getMean() / 1e3;
    assertTrue(primary >= mean / 2 && primary <= mean * 2, "primary " + primary + " us/op is not the queries' latency"
        + " (mean " + mean + " us in the .hlog; the dispatch interval is 5,000 us), latency " + j.get("latency_us"));
    if (j.get("late").asLong() == 0) {
      assertEquals(all.getMean() / 1e3, primary, all.getMean() / 1e3 * 0.15 + 50,
          "primary " + primary + " us/op, latency " + j.get("latency_us"));
    }
  }
}
