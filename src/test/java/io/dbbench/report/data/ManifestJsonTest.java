package io.dbbench.report.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dbbench.core.BackendKind;
import io.dbbench.core.Mode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ManifestJson} on every committed run manifest ({@code results/**}{@code /env.json}): each
 * reads into a {@link RunManifest} with its key facts, and writes back to the same JSON tree apart
 * from the named additions ({@code schema_version}, each family's {@code backend_kind}); the two
 * newest runs also keep every family's key order (the report's family facts table follows it).
 */
class ManifestJsonTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final List<String> NEWEST = List.of("results/20261126T143008Z", "results/20261126T144832Z");
  private static final Set<String> STATUSES = Set.of("ran", "failed", "skipped", "not selected", "other shard");

  /** Every env.json under results/, at any depth (main job runs, interleaved sides, steady-state runs). */
  private static List<Path> committed() throws Exception {
    try (Stream<Path> s = Files.walk(Path.of("results"))) {
      List<Path> all = new ArrayList<>(s.filter(p -> p.getFileName().toString().equals("env.json")).sorted().toList());
      assertTrue(all.size() >= 25, "expected the committed runs' env.json files, found " + all);
      return all;
    }
  }

  /** Numbers compare by value (an int written back as a long is the same number). */
  private static final Comparator<JsonNode> BY_VALUE = (a, b) -> {
    if (a.isNumber() && b.isNumber()) {
      return Double.compare(a.asDouble(), b.asDouble());
    }
    return a.equals(b) ? 0 : 1;
  };

  /**
   * The written tree without the additions this version makes: {@code schema_version}, each
   * family's {@code backend_kind}, and {@code bench_forks: null} in a manifest written before the
   * main job recorded it.
   */
  private static ObjectNode withoutAdditions(JsonNode original, ObjectNode written) {
    if (original.has("schema_version")) {
      return written.deepCopy(); // written by the records: nothing was added
    }
    ObjectNode w = withoutAdditions(written);
    if (!original.has("bench_forks") && w.path("bench_forks").isNull()) {
      w.remove("bench_forks");
    }
    return w;
  }

  private static ObjectNode withoutAdditions(ObjectNode written) {
    ObjectNode w = written.deepCopy();
    w.remove("schema_version");
    w.path("families").forEach(f -> ((ObjectNode) f).remove("backend_kind"));
    w.path("merged_from").forEach(p -> withoutAdditions((ObjectNode) p.path("env")));
    return w;
  }

  /** The path of the first difference between two trees (numbers by value), "" when there is none. */
  private static String firstDifference(JsonNode a, JsonNode b, String path) {
    if (a.isObject() && b.isObject()) {
      for (var e : a.properties()) {
        String d = b.has(e.getKey()) ? firstDifference(e.getValue(), b.get(e.getKey()), path + "." + e.getKey())
            : path + "." + e.getKey() + " missing";
        if (!d.isEmpty()) {
          return d;
        }
      }
      for (var e : b.properties()) {
        if (!a.has(e.getKey())) {
          return path + "." + e.getKey() + " added: " + e.getValue();
        }
      }
      return "";
    }
    if (a.isArray() && b.isArray() && a.size() == b.size()) {
      for (int i = 0; i < a.size(); i++) {
        String d = firstDifference(a.get(i), b.get(i), path + "[" + i + "]");
        if (!d.isEmpty()) {
          return d;
        }
      }
      return "";
    }
    return a.equals(BY_VALUE, b) ? "" : path + ": " + a + " became " + b;
  }

  @Test
  void everyCommittedManifestReadsAndWritesBackToTheSameTree() throws Exception {
    for (Path file : committed()) {
      JsonNode original = MAPPER.readTree(file.toFile());
      RunManifest m = ManifestJson.read(file);
      // runs before the records carry no version (read as 0); runs since carry the current one
      assertTrue(m.schemaVersion() == 0 || m.schemaVersion() == RunManifest.SCHEMA_VERSION,
          file + ": schema_version " + m.schemaVersion() + ", expected none or " + RunManifest.SCHEMA_VERSION);
      assertEquals(original.has("schema_version") ? RunManifest.SCHEMA_VERSION : 0, m.schemaVersion(), file.toString());
      ObjectNode written = ManifestJson.write(m);
      assertEquals(RunManifest.SCHEMA_VERSION, written.path("schema_version").asInt(), file.toString());
      assertEquals("", firstDifference(original, withoutAdditions(original, written), ""), file + ": written back differently");
      // and what was written reads into the same record
      assertEquals(m.families(), ManifestJson.read(written).families(), file.toString());
    }
  }

  @Test
  void everyMainJobRunHasItsKeyFacts() throws Exception {
    int runs = 0;
    for (Path file : committed()) {
      RunManifest m = ManifestJson.read(file);
      if (m.families().isEmpty()) {
        continue; // an interleaved side: host and its interleaved block only
      }
      runs++;
      assertNotNull(m.host(), file.toString());
      assertNotNull(m.host().gitCommit(), file.toString());
      assertTrue(m.host().cores() != null && m.host().cores() > 0, file.toString());
      assertTrue(Set.of("quick", "full").contains(m.mode()), file + ": mode " + m.mode());
      assertTrue(m.families().containsKey("graphj") && m.families().containsKey("jdbc"), file.toString());
      m.families().forEach((id, f) -> {
        assertTrue(f.status() != null && STATUSES.contains(f.status().words()), file + " " + id + ": status " + f.status());
        assertFalse(f.title() == null || f.title().isBlank(), file + " " + id);
        if (!f.backend().label().isEmpty()) {
          assertNotNull(f.backend().kind(), file + " " + id + ": no kind for " + f.backend().label());
        }
        for (RunManifest.Comparison c : f.comparisonList()) {
          assertTrue(c.benchmark().startsWith("io.dbbench." ), file + " " + id + ": " + c.benchmark());
          assertTrue(c.order().matches("[AB]*"), file + " " + id + ": order " + c.order());
          assertFalse(c.baseline().isEmpty() || c.baseline().equals(c.contender()), file + " " + id);
        }
      });
      if (!m.families().get("graphj").backend().label().isEmpty()) { // a run that selected it
        assertEquals(BackendKind.EMBEDDED, m.families().get("graphj").backend().kind(), file.toString());
      }
      if (!m.families().get("payload").backend().label().isEmpty()) { // a run that selected it
        assertEquals(BackendKind.STAND_IN, m.families().get("payload").backend().kind(), file.toString());
      }
    }
    assertTrue(runs >= 23, "main job runs read: " + runs);
  }

  @Test
  void theNewestRunsFactsAreTyped() throws Exception {
    RunManifest m = ManifestJson.read(Path.of("results/20261126T144832Z/env.json"));
    assertEquals("quick", m.mode());
    assertEquals(964L, m.wallSeconds());
    assertEquals(2, m.host().cores());
    assertNull(m.job().benchForks());
    RunManifest.Family jdbc = m.family("jdbc").orElseThrow();
    assertEquals("embedded PostgreSQL 18.6", jdbc.backend().label());
    assertEquals(BackendKind.EMBEDDED, jdbc.backend().kind());
    assertEquals(Set.of(RunManifest.Caveat.PG_FSYNC_OFF, RunManifest.Caveat.PG_SYNCHRONOUS_COMMIT_OFF),
        jdbc.backend().caveats());
    assertEquals(20200601, jdbc.facts().get("seed").asInt());
    RunManifest.Family arango = m.family("arango").orElseThrow();
    assertTrue(arango.backend().standIn());
    assertTrue(arango.backend().caveats().isEmpty());
    assertEquals(2, arango.comparisonList().size());
    RunManifest.Comparison pool = arango.comparisonList().get(1);
    assertEquals("connection", pool.param());
    assertEquals("driver_http1_100", pool.contender().get("connection"));
    assertEquals("stein", pool.rule().kind());
    assertEquals(1.25, pool.rule().target());
    assertEquals("cap", pool.stop());
    assertEquals(26L, arango.comparisonList().get(0).warmupPairSeconds());
    assertEquals(List.of("arango-stand-in"), arango.sharedServers().stream().map(RunManifest.SharedServer::name).toList());
    assertTrue(arango.machine().overloaded());
    assertEquals("not selected", m.family("mongo").orElseThrow().status().words());
  }

  @Test
  void theNewestRunsKeepEveryFamilysKeyOrder() throws Exception {
    for (String run : NEWEST) {
      JsonNode original = MAPPER.readTree(Path.of(run, "env.json").toFile());
      ObjectNode written = withoutAdditions(ManifestJson.write(ManifestJson.read(original)));
      assertEquals(original, MAPPER.readTree(MAPPER.writeValueAsString(written)), run);
      original.path("families").properties().forEach(e -> {
        List<String> want = new ArrayList<>();
        e.getValue().fieldNames().forEachRemaining(want::add);
        List<String> got = new ArrayList<>();
        written.path("families").path(e.getKey()).fieldNames().forEachRemaining(got::add);
        assertEquals(want, got, run + " " + e.getKey());
      });
    }
  }

  @Test
  void unknownKeysAreKeptInPlace() throws Exception {
    JsonNode in = MAPPER.readTree("""
        {"host": "h", "mode": "quick", "bench_forks": 3, "future_key": {"a": 1},
         "families": {"x": {"title": "X", "backend": "SAP HANA 2.0 at h:1", "backend_kind": "real",
           "zeta": 1, "alpha": [1, 2], "status": "ran",
           "comparisons": [{"index": 1, "benchmark": "io.dbbench.x.XBenchmark.op", "param": "p",
             "baseline": {"p": "a"}, "contender": {"p": "b"}, "order": "ABBA", "new_field": true}]}},
         "wall_seconds": 5}""");
    RunManifest m = ManifestJson.read(in);
    assertEquals(List.of("future_key"), List.copyOf(m.extra().keySet()));
    RunManifest.Family x = m.family("x").orElseThrow();
    assertEquals(BackendKind.REAL, x.backend().kind());
    assertEquals(List.of("zeta", "alpha"), List.copyOf(x.facts().keySet()));
    assertTrue(x.comparisonList().get(0).extra().get("new_field").asBoolean());
    assertEquals(3, m.job().benchForks());
    ObjectNode out = ManifestJson.write(m);
    assertEquals(1, out.path("future_key").path("a").asInt());
    assertTrue(out.path("families").path("x").path("comparisons").get(0).path("new_field").asBoolean());
    assertEquals("real", out.path("families").path("x").path("backend_kind").asText());
  }

  @Test
  void aManifestWithoutAKindGetsItFromItsLabelOrArangosKind() {
    assertEquals(BackendKind.STAND_IN, ManifestJson.legacyKind("mongo-java-server 1.47.0 (stand-in, not MongoDB)", ""));
    assertEquals(BackendKind.STAND_IN, ManifestJson.legacyKind("some label", "STAND_IN"));
    assertEquals(BackendKind.EMBEDDED, ManifestJson.legacyKind("embedded PostgreSQL 18.6", ""));
    assertEquals(BackendKind.EMBEDDED, ManifestJson.legacyKind("in-process", ""));
    assertEquals(BackendKind.REAL, ManifestJson.legacyKind("PostgreSQL 17.2 at db:5432", "ENDPOINTS"));
    assertNull(ManifestJson.legacyKind("", ""));
  }

  @Test
  void badInputIsNamed() throws Exception {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ManifestJson.read(MAPPER.readTree("[1]")));
    assertTrue(e.getMessage().contains("JSON object") && e.getMessage().contains("ARRAY"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> ManifestJson.read(MAPPER.readTree(
        "{\"families\": {\"x\": {\"backend\": \"b\", \"backend_kind\": \"remote\"}}}")));
    assertTrue(e.getMessage().contains("'remote'") && e.getMessage().contains("stand-in"), e.getMessage());
  }

  @Test
  void theModeIsTypedAndAnyOtherWordIsNamed(@TempDir Path dir) throws Exception {
    assertEquals(Mode.FULL, ManifestJson.read(MAPPER.readTree("{\"mode\": \"full\", \"bench_forks\": null}")).job().mode());
    RunManifest none = ManifestJson.read(MAPPER.readTree("{\"bench_include\": \"x\"}"));
    assertNull(none.job().mode());
    assertEquals(Mode.QUICK, none.jobMode(), "a manifest without a mode ran the default");
    assertEquals("full", ManifestJson.write(ManifestJson.read(MAPPER.readTree("{\"mode\": \"full\"}"))).path("mode").asText());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ManifestJson.read(MAPPER.readTree("{\"mode\": \"fast\"}")));
    assertTrue(e.getMessage().contains("mode 'fast' is unknown; expected one of quick, full"), e.getMessage());
    Path env = Files.writeString(dir.resolve("env.json"), "{\"git_commit\": \"cafe\", \"mode\": \"Publication\"}");
    ReportException r = assertThrows(ReportException.class, () -> ManifestJson.read(env));
    assertTrue(r.getMessage().startsWith(env + ": mode 'Publication' is unknown"), r.getMessage());
  }
}
