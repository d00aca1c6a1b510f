package io.dbbench.arango;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collection;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The JMH benchmark itself, in-process (the stand-in still in its own JVM): each shot is timed and
 * carries its own allocation figure, and the allocation of the shot excludes the set-up (a read
 * shot loads nothing, an insert shot sends every document).
 */
class ArangoBulkBenchmarkTest {
  @Test
  void everyShotIsTimedAndCarriesItsOwnAllocation() throws Exception {
    Collection<RunResult> results = new Runner(new OptionsBuilder()
        .include("^" + ArangoBulkBenchmark.class.getName().replace(".", "\\.") + "\\.(insert|delete)$")
        .forks(0).warmupIterations(0).measurementIterations(2)
        .param("docs", "2000").param("protocol", "HTTP_JSON").param("client", "rawHttp")
        .shouldFailOnError(true).verbosity(VerboseMode.SILENT).timeUnit(TimeUnit.MILLISECONDS).build()).run();
    assertEquals(2, results.size());
    double insert = Double.NaN;
    double delete = Double.NaN;
    for (RunResult r : results) {
      String m = r.getParams().getBenchmark();
      assertEquals(2, r.getPrimaryResult().getStatistics().getN(), m);
      Result<?> a = r.getSecondaryResults().get("shotAllocatedBytes");
      assertEquals(2, a.getStatistics().getN(), m + ": one allocation figure per shot");
      assertTrue(a.getStatistics().getMin() > 0, m);
      double perShot = a.getStatistics().getMean();
      if (m.endsWith(".insert")) {
        insert = perShot;
      } else {
        delete = perShot;
      }
    }
    // Delete sends 2000 short keys, insert 2000 documents; had the re-load of 2000 documents before
    // each delete shot been counted, delete would allocate more than insert.
    assertTrue(delete < insert, "delete " + delete + " B/shot, insert " + insert + " B/shot");
  }
}
