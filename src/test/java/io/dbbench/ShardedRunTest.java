package io.dbbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.FamilySettings;
import io.dbbench.core.Mode;
import io.dbbench.core.Probe;
import io.dbbench.report.Report;
import io.dbbench.report.data.ShardMerge;
import io.dbbench.report.stats.Stats;
import io.dbbench.run.HarnessFamily;
import io.dbbench.run.MainJob;
import io.dbbench.run.ShardPlan;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sharded main job against the unsharded one, with real JMH forks of the harness benchmark:
 * family {@code alpha} (a sweep and an interleaved headline comparison) and {@code beta} (a
 * sweep). Shards 0/2 and 1/2 run one after the other on this machine (each starts its own forks),
 * {@code report merge} joins them, and the merged run has the unsharded run's rows (benchmark,
 * parameters, forks per row) and its headline comparison with the same fork order; a shard set
 * with a shard missing, twice, or of another commit is refused with one line per problem.
 */
class ShardedRunTest {
  private static final String HARNESS = "^io\\.dbbench\\.harness\\.HarnessBenchmark\\.work$";
  private static final ObjectMapper JSON = new ObjectMapper();

  /** A family over the harness benchmark's {@code work} only. */
  private static BenchmarkFamily family(String id, FamilySettings settings) {
    return new HarnessFamily(id, HARNESS, Probe.ok(Map.of()), settings);
  }

  static List<BenchmarkFamily> families() {
    String work = "io.dbbench.harness.HarnessBenchmark.work";
    FamilySettings.Builder tiny = FamilySettings.builder().forks(1).warmupIterations(0).iterations(2).measurementTime("100ms");
    return List.of(
        // the comparison's pilot (the fewest pairs a paired interval takes) is all it gets: cap 1 s
        family("alpha", tiny.param("tokens", "100", "200").headlineForks(Stats.MIN_PAIRS)
            .comparison(work, "tokens", "100", "200", "failAt", "0").comparisonCap(1).build()),
        family("beta", FamilySettings.builder().forks(1).warmupIterations(0).iterations(2).measurementTime("100ms")
            .param("tokens", "300").build()));
  }

  static Path run(Path root, ShardPlan.Shard shard) throws Exception {
    return run(families(), root, shard);
  }

  static Path run(List<BenchmarkFamily> families, Path root, ShardPlan.Shard shard) throws Exception {
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    MainJob.Outcome o = new MainJob(families, new MainJob.Options(Mode.QUICK, null, List.of(), null, root, "none", shard),
        new PrintStream(buf, true, StandardCharsets.UTF_8), Clock.systemUTC()).run();
    assertTrue(!o.failed(), buf.toString(StandardCharsets.UTF_8));
    return o.runDir();
  }

  /** benchmark + params -> forks, for every row. */
  static Map<String, Integer> rows(Path run) throws Exception {
    Map<String, Integer> m = new TreeMap<>();
    for (JsonNode r : JSON.readTree(run.resolve("jmh.json").toFile())) {
      m.put(r.path("benchmark").asText() + " " + r.path("params"), r.path("primaryMetric").path("rawData").size());
    }
    return m;
  }

  @Test
  void twoShardsMergedAreTheUnshardedRun(@TempDir Path tmp) throws Exception {
    Path whole = run(tmp.resolve("whole"), null);
    Path s0 = run(tmp.resolve("s0"), new ShardPlan.Shard(0, 2));
    Path s1 = run(tmp.resolve("s1"), new ShardPlan.Shard(1, 2));
    JsonNode e0 = JSON.readTree(s0.resolve("env.json").toFile()).path("shard");
    JsonNode e1 = JSON.readTree(s1.resolve("env.json").toFile()).path("shard");
    assertEquals(JSON.readTree("[\"alpha:sweep\",\"alpha:comparison:1\",\"beta:sweep\"]"), e0.path("plan"));
    assertEquals(e0.path("plan"), e1.path("plan"), "both shards planned alike");
    assertEquals(3, e0.path("units").size() + e1.path("units").size(), e0 + " " + e1);

    Path merged = tmp.resolve("merged");
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int rc = Report.run(new PrintWriter(out), new PrintWriter(err), "merge", "-o", merged.toString(), s1.toString(),
        s0.toString());
    assertEquals(0, rc, err.toString());
    assertTrue(out.toString().startsWith("merged 2 shard(s) into " + merged), out.toString());
    assertEquals(rows(whole), rows(merged), "the same rows, each with the same forks");
    assertTrue(rows(merged).values().stream().anyMatch(forks -> forks == Stats.MIN_PAIRS),
        "a comparison's pilot record replaced the sweep's 1-fork record, as in the unsharded run: " + rows(merged));
    JsonNode wholeCmp = JSON.readTree(whole.resolve("env.json").toFile()).path("families").path("alpha").path("comparisons");
    JsonNode mergedEnv = JSON.readTree(merged.resolve("env.json").toFile());
    JsonNode mergedCmp = mergedEnv.path("families").path("alpha").path("comparisons");
    assertEquals(1, mergedCmp.size());
    assertEquals(wholeCmp.get(0).path("order"), mergedCmp.get(0).path("order"));
    assertEquals("ran", mergedEnv.path("families").path("beta").path("status").asText());
    assertEquals(2, mergedEnv.path("shards").size());
    assertTrue(Files.isRegularFile(merged.resolve("report.html")));

    // a set that is not one whole run is refused, one line per problem
    StringWriter err2 = new StringWriter();
    assertEquals(2, Report.run(new PrintWriter(new StringWriter()), new PrintWriter(err2), "merge", "-o",
        tmp.resolve("m2").toString(), s0.toString()));
    assertTrue(err2.toString().contains("report: shard 1/2 is missing"), err2.toString());
    StringWriter err3 = new StringWriter();
    assertEquals(2, Report.run(new PrintWriter(new StringWriter()), new PrintWriter(err3), "merge", "-o",
        tmp.resolve("m3").toString(), s0.toString(), s0.toString(), whole.toString()));
    List<String> lines = err3.toString().lines().toList();
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("report: shard 0/2 given twice")), lines.toString());
    assertTrue(lines.stream().anyMatch(l -> l.contains("not a shard")), lines.toString());
    assertTrue(lines.stream().anyMatch(l -> l.equals("report: shard 1/2 is missing")), lines.toString());
  }

  /**
   * An input that holds a credential (an {@code env.json} edited by hand, a {@code jmh.json} written
   * by an older dbbench) gives none to what {@code report merge} writes: both merges redact what they
   * read, and nothing under the merged directory holds the marker.
   */
  @Test
  void mergeRedactsWhatItReads(@TempDir Path tmp) throws Exception {
    String m = "MARK5E" + Long.toHexString(System.nanoTime());
    Path s0 = run(tmp.resolve("s0"), new ShardPlan.Shard(0, 2));
    Path s1 = run(tmp.resolve("s1"), new ShardPlan.Shard(1, 2));
    Path plain = run(tmp.resolve("plain"), null);
    Path plain2 = run(tmp.resolve("plain2"), null);
    for (Path dir : List.of(s0, plain)) {
      com.fasterxml.jackson.databind.node.ObjectNode env =
          (com.fasterxml.jackson.databind.node.ObjectNode) JSON.readTree(dir.resolve("env.json").toFile());
      env.put("jdbc_url", "jdbc:postgresql://h/db?password=" + m);
      env.put("note", "user-info http://root:" + m + "@h:1 and token=" + m);
      ((com.fasterxml.jackson.databind.node.ObjectNode) env.path("families").path("alpha")).put("sslpassword", m);
      JSON.writeValue(dir.resolve("env.json").toFile(), env);
      com.fasterxml.jackson.databind.node.ArrayNode rows =
          (com.fasterxml.jackson.databind.node.ArrayNode) JSON.readTree(dir.resolve("jmh.json").toFile());
      rows.forEach(r -> ((com.fasterxml.jackson.databind.node.ObjectNode) r).putArray("jvmArgs")
          .add("-Ddbbench.jdbc.password=" + m).add("-Xmx1g"));
      JSON.writeValue(dir.resolve("jmh.json").toFile(), rows);
      JSON.writeValue(dir.resolve("jmh-extra-unit.json").toFile(), rows);
    }
    Path mergedShards = tmp.resolve("merged-shards");
    Path mergedRuns = tmp.resolve("merged-runs");
    StringWriter err = new StringWriter();
    assertEquals(0, Report.run(new PrintWriter(new StringWriter()), new PrintWriter(err), "merge", "-o",
        mergedShards.toString(), s0.toString(), s1.toString()), err.toString());
    assertEquals(0, Report.run(new PrintWriter(new StringWriter()), new PrintWriter(err), "merge", "-o",
        mergedRuns.toString(), plain.toString(), plain2.toString()), err.toString());
    for (Path merged : List.of(mergedShards, mergedRuns)) {
      try (java.util.stream.Stream<Path> files = Files.walk(merged)) {
        for (Path f : files.filter(Files::isRegularFile).toList()) {
          assertFalse(new String(Files.readAllBytes(f), java.nio.charset.StandardCharsets.ISO_8859_1).contains(m),
              merged.relativize(f) + " holds the marker");
        }
      }
      assertTrue(Files.readString(merged.resolve("env.json")).contains("****"), "masked, not dropped");
    }
  }

  /**
   * More shards than units (a Kubernetes Indexed Job with more pods than the run has units): one
   * family with a sweep only, as {@code --include GraphjAppendBenchmark} plans it, over two
   * shards. Shard 1/2 owns nothing: it says so in one line, starts no fork, writes a run directory
   * whose {@code env.json} says it is empty and exits 0; merged beside shard 0/2, which ran the
   * unit, it gives shard 0/2's rows and family section.
   */
  @Test
  void anEmptyShardExitsZeroSaysSoAndMergesBesideTheShardThatRan(@TempDir Path tmp) throws Exception {
    List<BenchmarkFamily> one = List.of(family("solo", FamilySettings.builder().forks(1).warmupIterations(0)
        .iterations(2).measurementTime("100ms").param("tokens", "300").build()));
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(buf, true, StandardCharsets.UTF_8);
    MainJob.Outcome empty = new MainJob(one, new MainJob.Options(Mode.QUICK, null, List.of(), null, tmp.resolve("s1"), "none",
        new ShardPlan.Shard(1, 2)), out, Clock.systemUTC()).run();
    int rc = BenchMain.exitCode(empty, out);
    String printed = buf.toString(StandardCharsets.UTF_8);
    assertEquals(0, rc, printed);
    assertTrue(empty.emptyShard() && empty.nothingRan(), empty.toString());
    assertEquals(List.of("[dbbench] shard 1/2: nothing to run: the plan's 1 unit(s) [solo:sweep] all run in other shards;"
        + " writing this shard's run directory as empty"), printed.lines().filter(l -> l.contains("nothing")).toList(),
        printed);
    assertTrue(!printed.contains("benchmark method(s)"), "no fork started: " + printed);
    JsonNode env = JSON.readTree(empty.runDir().resolve("env.json").toFile());
    assertEquals(JSON.readTree("{\"index\":1,\"count\":2,\"units\":[],\"plan\":[\"solo:sweep\"],"
        + "\"expected_seconds\":[60,0],\"empty\":true}"), env.path("shard"), env.path("shard").toString());
    assertEquals("other shard", env.path("families").path("solo").path("status").asText(), env.toString());
    assertEquals(0, JSON.readTree(empty.runDir().resolve("jmh.json").toFile()).size());

    Path full = run(one, tmp.resolve("s0"), new ShardPlan.Shard(0, 2));
    assertEquals(1, JSON.readTree(full.resolve("jmh.json").toFile()).size(), "shard 0/2 ran the family's one row");
    JsonNode fullEnv = JSON.readTree(full.resolve("env.json").toFile());
    assertEquals(false, fullEnv.path("shard").path("empty").asBoolean(true));
    Path merged = tmp.resolve("merged");
    StringWriter err = new StringWriter();
    assertEquals(0, Report.run(new PrintWriter(new StringWriter()), new PrintWriter(err), "merge", "-o", merged.toString(),
        empty.runDir().toString(), full.toString()), err.toString());
    assertEquals(JSON.readTree(full.resolve("jmh.json").toFile()), JSON.readTree(merged.resolve("jmh.json").toFile()),
        "the merged rows are the full shard's");
    JsonNode mergedEnv = JSON.readTree(merged.resolve("env.json").toFile());
    JsonNode solo = mergedEnv.path("families").path("solo");
    JsonNode ran = fullEnv.path("families").path("solo");
    for (String k : List.of("status", "results", "benchmarks", "jmh_args", "shard_units")) {
      assertEquals(ran.path(k), solo.path(k), k + " of the merged family section");
    }
    assertEquals(fullEnv.path("timestamp_utc"), mergedEnv.path("timestamp_utc"), "the manifest of the shard that ran heads it");
    assertEquals(1, mergedEnv.path("shards").get(1).path("index").asInt());
    assertTrue(mergedEnv.path("shards").get(1).path("empty").asBoolean(), mergedEnv.path("shards").toString());
    assertEquals(0, mergedEnv.path("shards").get(1).path("units").size());
    assertTrue(!mergedEnv.path("shards").get(0).path("empty").asBoolean(true), mergedEnv.path("shards").toString());
  }

  /**
   * {@code --units} runs only the plan's units whose id the pattern finds: {@code beta:} leaves
   * family {@code alpha}'s sweep and comparison out (not selected, no fork of it started), runs
   * beta's row, and the manifest records the pattern; a pattern that finds no unit is a bad knob.
   */
  @Test
  void unitsRunOnlyTheUnitsTheyName(@TempDir Path tmp) throws Exception {
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    MainJob.Outcome o = new MainJob(families(), new MainJob.Options(Mode.QUICK, null, List.of(), null, tmp, "none", null,
        Pattern.compile("^beta:")), new PrintStream(buf, true, StandardCharsets.UTF_8), Clock.systemUTC()).run();
    String printed = buf.toString(StandardCharsets.UTF_8);
    assertFalse(o.failed(), printed);
    assertTrue(printed.contains("units matching '^beta:': [beta:sweep]"), printed);
    JsonNode rows = JSON.readTree(o.runDir().resolve("jmh.json").toFile());
    assertEquals(1, rows.size(), rows.toString());
    assertEquals("300", rows.get(0).path("params").path("tokens").asText(), "beta's one row");
    JsonNode env = JSON.readTree(o.runDir().resolve("env.json").toFile());
    assertEquals("^beta:", env.path("bench_units").asText(), env.toString());
    assertEquals("not selected", env.path("families").path("alpha").path("status").asText(), env.toString());
    assertEquals("ran", env.path("families").path("beta").path("status").asText(), env.toString());

    BenchMain m = new BenchMain();
    new picocli.CommandLine(m).parseArgs("--units", "([");
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, m::options);
    assertTrue(e.getMessage().contains("bench.units='(['"), e.getMessage());
  }

  /**
   * A quick selection of the real families ({@code GraphjCompressBenchmark.compress}: the GraphJ
   * family's sweep and its headline comparison, one fork each, short iterations): shards 0/2 and
   * 1/2 merged have the unsharded run's benchmark set and the same findings (study, kind and
   * question of each; the figures are measurements and differ).
   */
  @Test
  void aQuickSelectionShardedAndMergedHasTheUnshardedRowsAndFindings(@TempDir Path tmp) throws Exception {
    Pattern include = Pattern.compile("GraphjCompressBenchmark\\.compress$");
    List<String> shortRun = List.of("-wi", "0", "-i", "1", "-r", "200ms");
    Path whole = runReal(tmp.resolve("whole"), include, shortRun, null);
    Path s0 = runReal(tmp.resolve("s0"), include, shortRun, new ShardPlan.Shard(0, 2));
    Path s1 = runReal(tmp.resolve("s1"), include, shortRun, new ShardPlan.Shard(1, 2));
    Path merged = tmp.resolve("merged");
    StringWriter err = new StringWriter();
    assertEquals(0, Report.run(new PrintWriter(new StringWriter()), new PrintWriter(err), "merge", "-o", merged.toString(),
        s0.toString(), s1.toString()), err.toString());
    assertEquals(rows(whole).keySet(), rows(merged).keySet(), "the same benchmarks and parameter points");
    assertEquals(findings(whole), findings(merged));
    assertTrue(!findings(whole).isEmpty(), "the GraphJ study has findings");
  }

  static Path runReal(Path root, Pattern include, List<String> args, ShardPlan.Shard shard) throws Exception {
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    MainJob.Outcome o = new MainJob(Families.all(), new MainJob.Options(Mode.QUICK, include, args, 1, root, "none", shard),
        new PrintStream(buf, true, StandardCharsets.UTF_8), Clock.systemUTC()).run();
    assertTrue(!o.failed() && !o.nothingRan(), buf.toString(StandardCharsets.UTF_8));
    return o.runDir();
  }

  /** study, kind and question of every finding in findings.json. */
  static Set<String> findings(Path run) throws Exception {
    Set<String> out = new TreeSet<>();
    for (JsonNode f : JSON.readTree(run.resolve("findings.json").toFile())) {
      out.add(f.path("study").asText() + " | " + f.path("kind").asText() + " | " + f.path("question").asText());
    }
    return out;
  }

  @Test
  void shardsOfAnotherCommitOrOtherSettingsAreRefused(@TempDir Path tmp) throws Exception {
    Path a = Files.createDirectories(tmp.resolve("a"));
    Path b = Files.createDirectories(tmp.resolve("b"));
    for (Path p : List.of(a, b)) {
      Files.writeString(p.resolve("jmh.json"), "[]");
    }
    Files.writeString(a.resolve("env.json"), "{\"git_commit\":\"cafe1\",\"mode\":\"quick\",\"shard\":{\"index\":0,\"count\":2,"
        + "\"units\":[\"x:sweep\"],\"plan\":[\"x:sweep\",\"y:sweep\"]}}");
    Files.writeString(b.resolve("env.json"), "{\"git_commit\":\"cafe2\",\"mode\":\"full\",\"shard\":{\"index\":1,\"count\":2,"
        + "\"units\":[\"y:sweep\"],\"plan\":[\"x:sweep\",\"y:sweep\"]}}");
    ShardMerge.ShardSetException e = org.junit.jupiter.api.Assertions.assertThrows(ShardMerge.ShardSetException.class,
        () -> ShardMerge.merge(tmp.resolve("out"), List.of(a, b)));
    assertEquals(2, e.problems().size(), e.problems().toString());
    assertTrue(e.problems().get(0).contains("git_commit=\"cafe2\"") && e.problems().get(0).contains("\"cafe1\""), e.problems().toString());
    assertTrue(e.problems().get(1).contains("mode=\"full\""), e.problems().toString());
  }
}
