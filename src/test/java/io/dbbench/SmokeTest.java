package io.dbbench;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.core.Mode;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The shared smoke test: runs every benchmark method of the suite once through the JMH
 * {@link Runner}, in-process, with no warm-up, one short iteration and, for every {@code @Param},
 * the first value of its family's quick settings, else the first declared value (by convention the
 * smallest), and fails if any benchmark throws or produces no result. Sets {@code dbbench.smoke=true} so fixtures may shrink their preload.
 *
 * <p>{@code -Ddbbench.smoke.include=REGEX} narrows it while developing one family.
 */
class SmokeTest {

  @TestFactory
  Stream<DynamicTest> everyBenchmarkRunsOnce() {
    Pattern only = Pattern.compile(System.getProperty("dbbench.smoke.include", ""));
    Map<String, BenchmarkListEntry> methods = new TreeMap<>();
    for (BenchmarkListEntry e : BenchmarkList.defaultList().getAll(
        OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT), List.of())) {
      if (only.matcher(e.getUsername()).find()) {
        methods.putIfAbsent(e.getUsername(), e);
      }
    }
    assertFalse(methods.isEmpty(), "no benchmark found in META-INF/BenchmarkList (is the JMH annotation processor running?)");
    return methods.values().stream().map(e -> DynamicTest.dynamicTest(e.getUsername(), () -> runOnce(e)));
  }

  private static void runOnce(BenchmarkListEntry e) throws Exception {
    // set only while the smoke run lasts: tests that run later in this JVM must see full-size fixtures
    System.setProperty("dbbench.smoke", "true");
    try {
      runSmoke(e);
    } finally {
      System.clearProperty("dbbench.smoke");
    }
  }

  private static void runSmoke(BenchmarkListEntry e) throws Exception {
    ChainedOptionsBuilder b = new OptionsBuilder()
        .include("^" + Pattern.quote(e.getUsername()) + "$")
        .forks(0)
        .warmupIterations(0)
        .measurementIterations(1)
        .measurementTime(TimeValue.milliseconds(200))
        .timeout(TimeValue.minutes(2))
        .shouldFailOnError(true)
        .verbosity(VerboseMode.SILENT)
        .timeUnit(TimeUnit.MICROSECONDS);
    Map<String, List<String>> quick = Families.all().stream()
        .filter(f -> Pattern.compile(f.includeRegex()).matcher(e.getUsername()).find())
        .findFirst().map(f -> f.settings(Mode.QUICK).params()).orElse(Map.of());
    Map<String, String> chosen = new LinkedHashMap<>();
    if (e.getParams().hasValue()) {
      for (Map.Entry<String, String[]> p : e.getParams().get().entrySet()) {
        List<String> q = quick.get(p.getKey());
        String v = q != null ? q.get(0) : p.getValue().length > 0 ? p.getValue()[0] : null;
        if (v != null) {
          chosen.put(p.getKey(), v);
          b.param(p.getKey(), v);
        }
      }
    }
    Collection<RunResult> results = new Runner(b.build()).run();
    assertFalse(results.isEmpty(), e.getUsername() + " " + chosen + " produced no result");
    for (RunResult r : results) {
      double score = r.getPrimaryResult().getScore();
      assertTrue(!Double.isNaN(score) && score >= 0,
          e.getUsername() + " " + chosen + " gave score " + score);
    }
  }
}
