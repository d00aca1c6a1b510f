package io.dbbench.toy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbbench.Families;
import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.Mode;
import io.dbbench.report.Report;
import io.dbbench.report.study.Findings;
import io.dbbench.report.study.StudyTables;
import io.dbbench.run.MainJob;
import io.dbbench.run.ShardPlan;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sixth study added the way the architecture says: its room ({@code io.dbbench.toy}: family, form,
 * room, {@code study.json}) and one registry line
 * ({@code io/dbbench/toy/registry/META-INF/services/io.dbbench.report.study.StudyRoom}), nothing
 * else. With that line on the class path the family registry runs it last, the shard plan gives it
 * a sweep and its headline comparison with the seconds it declares, and a rendered run of its
 * benchmark opens with its finding and shows its form. The line sits in its own resource folder,
 * put on the class path by {@link #withToy} only, so no other test sees the toy.
 */
class ToyStudyTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Runs {@code body} with a context class loader that adds the toy's registry line; restores the old one. */
  static <T> T withToy(Callable<T> body) throws Exception {
    URL registry = ToyStudyTest.class.getResource("registry/");
    assertTrue(registry != null, "the toy's registry folder is on the test class path");
    Thread t = Thread.currentThread();
    ClassLoader old = t.getContextClassLoader();
    try (URLClassLoader loader = new URLClassLoader(new URL[] {registry}, ToyStudyTest.class.getClassLoader())) {
      t.setContextClassLoader(loader);
      return body.call();
    } finally {
      t.setContextClassLoader(old);
    }
  }

  @Test
  void theRegistryRunsTheToyFamilyLastAndOthersDoNotSeeIt() throws Exception {
    List<String> without = Families.all().stream().map(BenchmarkFamily::id).toList();
    List<String> with = withToy(() -> Families.all().stream().map(BenchmarkFamily::id).toList());
    assertFalse(without.contains("toy"), without.toString());
    List<String> expected = new ArrayList<>(without);
    expected.add("toy");
    assertEquals(expected, with, "the toy room's family after the main registry's");
    assertTrue(withToy(() -> StudyTables.forms().stream().anyMatch(f -> f instanceof ToyForm)), "the report's forms");
    assertEquals(Findings.studies().size() + 1, (int) withToy(() -> Findings.studies().size()), "one more study");
  }

  @Test
  void theShardPlanGivesTheToyItsSweepAndItsHeadlineComparisonWithTheDeclaredSeconds() throws Exception {
    Set<String> benchmarks = new TreeSet<>(MainJob.allBenchmarks());
    benchmarks.add(ToyFamily.WORK); // never compiled: the plan reads names only
    List<ShardPlan.Unit> units = withToy(() -> new MainJob(Families.all(), new MainJob.Options(Mode.QUICK, null, List.of(),
        null, Path.of("unused")), new PrintStream(OutputStream.nullOutputStream()), Clock.systemUTC())
        .planUnits(benchmarks));
    List<ShardPlan.Unit> toy = units.stream().filter(u -> u.family().equals("toy")).toList();
    assertEquals(List.of(new ShardPlan.Unit("toy:sweep", "toy", 0, ToyFamily.SWEEP_SECONDS),
        new ShardPlan.Unit("toy:comparison:1", "toy", 1, ToyFamily.COMPARISON_SECONDS)), toy);
    assertEquals(units.get(units.size() - 1), toy.get(1), "planned after every other family");
    // and it is placed in a shard like any other unit
    List<List<ShardPlan.Unit>> parts = ShardPlan.partition(units, 2);
    assertEquals(1, parts.stream().filter(p -> p.contains(toy.get(1))).count());
  }

  @Test
  void aRenderedRunOfTheToyBenchmarkShowsItsFindingAndItsForm(@TempDir Path dir) throws Exception {
    // four interleaved pairs: slow about 2 ms, fast about 1 ms per op (a speed-up of 2, the "published" figure)
    double[][] slow = {{2.0, 2.1}, {2.05, 1.95}, {1.98, 2.02}, {2.1, 2.0}};
    double[][] fast = {{1.0, 1.02}, {0.98, 1.0}, {1.01, 0.99}, {1.0, 1.03}};
    List<Map<String, Object>> jmh = List.of(row("slow", slow), row("fast", fast));
    JSON.writeValue(dir.resolve("jmh.json").toFile(), jmh);
    Map<String, Object> comparison = new LinkedHashMap<>();
    comparison.put("benchmark", ToyFamily.WORK);
    comparison.put("param", "mode");
    comparison.put("baseline", Map.of("mode", "slow"));
    comparison.put("contender", Map.of("mode", "fast"));
    comparison.put("order", "ABBAABBA");
    JSON.writeValue(dir.resolve("env.json").toFile(), Map.of("families", Map.of("toy",
        Map.of("backend", "in-process toy", "comparisons", List.of(comparison)))));

    int rc = withToy(() -> Report.run("render", dir.toString()));
    assertEquals(0, rc);
    String md = Files.readString(dir.resolve("report.md"));
    assertTrue(md.contains("## " + ToyForm.TITLE), "the toy form's section: " + md);
    JsonNode findings = JSON.readTree(dir.resolve("findings.json").toFile());
    assertEquals(1, findings.size(), findings.toString());
    JsonNode f = findings.get(0);
    assertEquals("toy", f.path("study").asText());
    assertEquals("ABBAABBA", f.path("order").asText(), "judged as the interleaved headline comparison");
    assertEquals(2.0, f.path("estimate").asDouble(), 0.1, f.toString());
    assertEquals("reproduced", f.path("agreement").asText(), "2.0x faster, as the made-up figure says: " + f);
    assertTrue(md.contains("| toy | ToyBenchmark.work: mode slow -> fast, speed-up |"), "the opening table's row: " + md);

    // without the registry line the same run is only a generic table: no finding, no form
    Path plain = Files.createDirectories(dir.resolve("plain"));
    Files.copy(dir.resolve("jmh.json"), plain.resolve("jmh.json"));
    Files.copy(dir.resolve("env.json"), plain.resolve("env.json"));
    assertEquals(0, Report.run("render", plain.toString()));
    assertEquals(0, JSON.readTree(plain.resolve("findings.json").toFile()).size());
    assertFalse(Files.readString(plain.resolve("report.md")).contains(ToyForm.TITLE));
  }

  /** A JMH JSON row of the toy benchmark at {@code mode}, average time in ms/op, with these forks' iterations. */
  private static Map<String, Object> row(String mode, double[][] forks) {
    double sum = 0;
    int n = 0;
    List<List<Double>> raw = new ArrayList<>();
    for (double[] f : forks) {
      List<Double> it = new ArrayList<>();
      for (double v : f) {
        it.add(v);
        sum += v;
        n++;
      }
      raw.add(it);
    }
    Map<String, Object> primary = new LinkedHashMap<>();
    primary.put("score", sum / n);
    primary.put("scoreError", 0.05);
    primary.put("scoreUnit", "ms/op");
    primary.put("rawData", raw);
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("benchmark", ToyFamily.WORK);
    r.put("mode", "avgt");
    r.put("threads", 1);
    r.put("forks", forks.length);
    r.put("params", Map.of("mode", mode));
    r.put("primaryMetric", primary);
    r.put("secondaryMetrics", Map.of());
    return r;
  }
}
