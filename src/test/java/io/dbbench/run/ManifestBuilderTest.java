package io.dbbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbbench.core.BackendKind;
import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.FamilyServers;
import io.dbbench.core.FamilySettings;
import io.dbbench.core.Mode;
import io.dbbench.core.Probe;
import io.dbbench.core.SharedServer;
import io.dbbench.profile.MachineState;
import io.dbbench.report.data.ManifestJson;
import io.dbbench.report.data.RunManifest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ManifestBuilder} without forks: what the main job puts into a family's section comes out
 * of {@code env.json} in the documented keys and order, typed when read back, redacted.
 */
class ManifestBuilderTest {
  private static BenchmarkFamily family(String id, Probe probe) {
    return new BenchmarkFamily() {
      @Override
      public String id() {
        return id;
      }

      @Override
      public String title() {
        return "Family " + id;
      }

      @Override
      public String includeRegex() {
        return "^io\\.dbbench\\." + id + "\\.";
      }

      @Override
      public Probe probe() {
        return probe;
      }

      @Override
      public FamilySettings settings(Mode mode) {
        return FamilySettings.NONE;
      }
    };
  }

  @Test
  void aFamilysSectionIsWrittenInTheMainJobsKeysAndOrderAndReadsBackTyped(@TempDir Path dir) throws Exception {
    Map<String, Object> facts = new LinkedHashMap<>();
    facts.put("backend", "embedded PostgreSQL 18.6");
    facts.put("pg_fsync", "off");
    facts.put("pg_synchronous_commit", "off");
    facts.put("password", "s3cret-marker");
    facts.put("seed", 42);
    ManifestBuilder b = new ManifestBuilder();
    ManifestBuilder.FamilyEntry e = b.family(family("db", Probe.ok(facts).withKind(BackendKind.EMBEDDED)));
    e.probe(Probe.ok(facts).withKind(BackendKind.EMBEDDED));
    e.reducedParams(Map.of("rows", "fewer rows in quick mode"));
    e.sharedServers(new FamilyServers(List.of(new SharedServer("db-server", "127.0.0.1:1", 7, "")), List.of()));
    e.sweep(List.of("-f", "1"), List.of("io.dbbench.db.DbBenchmark.insert"));
    FamilySettings.HeadlineComparison c = new FamilySettings.HeadlineComparison("io.dbbench.db.DbBenchmark.insert",
        "strategy", "many", "copy", Map.of(), List.of());
    ManifestBuilder.ComparisonEntry run = e.comparison(1, c, ManifestBuilder.fixedRule(2));
    run.order("ABBA");
    run.pairsNeeded(-1);
    run.stop("fixed");
    run.jmhArgs(List.of("-f", "1"));
    run.wallSeconds(12);
    assertTrue(Double.isNaN(run.width()));
    e.forkJvmArgs(Map.of("io.dbbench.db.DbBenchmark", List.of("-Xms2g", "-Xmx2g")));
    MachineState m = MachineState.read();
    e.ended(io.dbbench.report.data.RunManifest.FamilyStatus.RAN, null, 2, 30, new MachineState.Interval(m, m));
    b.family(family("skipped", Probe.unavailable("down"))).skipped("down; set DBBENCH_X");

    RunManifest manifest = b.build(new MainJob.Options(Mode.QUICK, null, List.of(), null, dir), 99);
    Path file = dir.resolve("env.json");
    ManifestBuilder.write(new ObjectMapper(), file, manifest);
    String text = Files.readString(file);
    assertFalse(text.contains("s3cret-marker"), "the manifest is redacted: " + text);

    JsonNode tree = new ObjectMapper().readTree(file.toFile());
    assertEquals(RunManifest.SCHEMA_VERSION, tree.path("schema_version").asInt());
    assertEquals("quick", tree.path("mode").asText());
    assertTrue(tree.path("bench_forks").isNull());
    assertEquals(99, tree.path("wall_seconds").asInt());
    List<String> keys = new ArrayList<>();
    tree.path("families").path("db").fieldNames().forEachRemaining(keys::add);
    assertEquals(List.of("title", "backend", "backend_kind", "pg_fsync", "pg_synchronous_commit", "password", "seed",
        "reduced_params", "shared_servers", "jmh_args", "benchmarks", "comparisons", "fork_jvm_args", "status",
        "results", "wall_seconds", "machine"), keys);
    JsonNode cmp = tree.path("families").path("db").path("comparisons").get(0);
    assertEquals("{\"kind\":\"fixed\",\"pairs\":2}", cmp.path("rule").toString());
    assertEquals("many", cmp.path("baseline").path("strategy").asText());
    assertEquals(2, cmp.path("forks_per_side").asInt());

    RunManifest back = ManifestJson.read(file);
    RunManifest.Family db = back.family("db").orElseThrow();
    assertEquals(BackendKind.EMBEDDED, db.backend().kind());
    assertEquals(Set.of(RunManifest.Caveat.PG_FSYNC_OFF, RunManifest.Caveat.PG_SYNCHRONOUS_COMMIT_OFF),
        db.backend().caveats());
    assertEquals("ABBA", db.comparisonList().get(0).order());
    assertEquals(12L, db.comparisonList().get(0).wallSeconds());
    assertEquals(7L, db.sharedServers().get(0).pid());
    RunManifest.Family skipped = back.family("skipped").orElseThrow();
    assertEquals("skipped", skipped.status().words());
    assertEquals("down; set DBBENCH_X", skipped.reason());
    assertEquals(manifest.families().get("db").comparisons(), db.comparisons());
  }
}
