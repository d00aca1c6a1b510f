package io.dbbench.report.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbbench.core.ForkSchedule;
import io.dbbench.report.data.FindingsJson;
import io.dbbench.report.stats.Agreement;
import io.dbbench.report.stats.Finding;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The two newest committed quick runs, the replication pair the README sets side by side: each
 * has {@code findings.json} as the report writes it, comparison findings for at least five
 * studies, and every comparison finding an interval over at least 4 interleaved forks per side.
 * Whether their findings agree is measured, not asserted here: the README's table says it.
 */
class ReplicationTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** The newest two run directories under results/ that hold a findings.json, oldest first. */
  static List<Path> newestTwo() throws Exception {
    try (Stream<Path> runs = Files.list(Path.of("results"))) {
      List<Path> withFindings = runs.filter(p -> p.getFileName().toString().matches("\\d{8}T\\d{6}Z"))
          .filter(p -> Files.exists(p.resolve(Finding.FILE))).sorted().toList();
      assertTrue(withFindings.size() >= 2, "two committed runs with findings.json: " + withFindings);
      return withFindings.subList(withFindings.size() - 2, withFindings.size());
    }
  }

  @Test
  void bothRunsHaveIntervalsOnInterleavedComparisonsForFiveStudies() throws Exception {
    for (Path run : newestTwo()) {
      JsonNode findings = JSON.readTree(run.resolve(Finding.FILE).toFile());
      Set<String> studies = new HashSet<>();
      for (JsonNode f : findings) {
        assertTrue(Agreement.known(f.path("agreement").asText(), f.path("schema_version").asInt(1)), run + ": " + f);
        if (!f.path("kind").asText().equals("comparison")) {
          continue;
        }
        String where = run + " " + f.path("study").asText() + ": ";
        assertTrue(f.path("forks_baseline").asInt() >= 4 && f.path("forks_contender").asInt() >= 4, where + f);
        assertTrue(ForkSchedule.alternates(f.path("order").asText()), where + "order " + f.path("order"));
        assertTrue(f.path("ci_low").isNumber() && f.path("ci_high").isNumber(), where + "an interval: " + f);
        assertTrue(f.path("ci_low").asDouble() <= f.path("estimate").asDouble()
            && f.path("estimate").asDouble() <= f.path("ci_high").asDouble(), where + f);
        studies.add(f.path("study").asText());
      }
      assertTrue(studies.size() >= 5, run + ": comparison findings for " + studies);
      // the manifest's orders are what ran, and every one alternates
      JsonNode env = JSON.readTree(run.resolve("env.json").toFile());
      env.path("families").forEach(fam -> fam.path("comparisons").forEach(c -> {
        assertTrue(ForkSchedule.alternates(c.path("order").asText()), run + ": " + c);
        assertEquals(2 * c.path("forks_per_side").asInt(), c.path("order").asText().length(), run + ": " + c);
      }));
      assertEquals("quick", env.path("mode").asText(), run.toString());
    }
  }

  @Test
  void aFindingMeasuredUnderLoadInEitherRunIsNotComparable() throws Exception {
    FindingsJson.Entry quiet = FindingsJson.parseOne("{\"unit\":\"%\",\"estimate\":4,\"ci_low\":-5,\"ci_high\":13,"
        + "\"no_change\":0,\"under_load\":false}");
    FindingsJson.Entry loaded = FindingsJson.parseOne("{\"unit\":\"%\",\"estimate\":54,\"ci_low\":27,\"ci_high\":86,"
        + "\"no_change\":0,\"under_load\":true}");
    Replication.Pair p = Replication.judge("graph writeBatch", quiet, loaded);
    assertEquals(Replication.Verdict.NOT_COMPARABLE, p.verdict(), p.why());
    assertTrue(p.why().startsWith("measured under load in the second run"), p.why());
    assertEquals(Replication.Verdict.NOT_COMPARABLE, Replication.judge("k", loaded, quiet).verdict());
    // the same two intervals without the mark: they do not overlap
    FindingsJson.Entry unmarked = FindingsJson.parseOne(
        "{\"unit\":\"%\",\"estimate\":54,\"ci_low\":27,\"ci_high\":86,\"no_change\":0}");
    assertEquals(Replication.Verdict.DOES_NOT_REPLICATE, Replication.judge("k", quiet, unmarked).verdict());
  }

  @Test
  void theCommittedLoadRunIsNotComparableWithItsQuietTwin() throws Exception {
    Path dir = Path.of("results/journal-under-load-20261126");
    List<Replication.Pair> pairs = Replication.of(dir.resolve("quiet/20261126T125504Z"),
        dir.resolve("loaded/20261126T125700Z"));
    Replication.Pair graph = pairs.stream().filter(x -> x.key().startsWith("graph ")).findFirst().orElseThrow();
    assertEquals(Replication.Verdict.NOT_COMPARABLE, graph.verdict(), graph.toString());
    assertTrue(graph.b().otherCpuMax() > 10, graph.b().toString());
    assertEquals(false, graph.a().underLoad(), graph.a().toString());
  }

  @Test
  void aParamAddedBetweenTheRunsAndHeldFixedStillMatchesTheFinding(@org.junit.jupiter.api.io.TempDir Path tmp)
      throws Exception {
    String before = "{\"study\":\"graph\",\"kind\":\"comparison\",\"benchmark\":\"io.dbbench.graph.GraphWriteBenchmark"
        + ".writeBatch\",\"unit\":\"%\",\"baseline\":{\"journal\":\"off\",\"nodes\":\"1000\"},"
        + "\"contender\":{\"journal\":\"on\",\"nodes\":\"1000\"},\"estimate\":2,\"ci_low\":-6,\"ci_high\":11,"
        + "\"no_change\":0,\"agreement\":\"cannot tell\"}";
    String after = before.replace("{\"journal\":\"off\"", "{\"engine\":\"kuzu\",\"journal\":\"off\"")
        .replace("{\"journal\":\"on\"", "{\"engine\":\"kuzu\",\"journal\":\"on\"")
        .replace("\"estimate\":2,\"ci_low\":-6", "\"estimate\":9,\"ci_low\":1");
    // the added param must be held fixed: kuzu against ladybug is another comparison
    String otherEngines = after.replace("{\"engine\":\"kuzu\",\"journal\":\"on\"", "{\"engine\":\"ladybug\",\"journal\":\"on\"");
    Path a = Files.createDirectories(tmp.resolve("a"));
    Path b = Files.createDirectories(tmp.resolve("b"));
    Path c = Files.createDirectories(tmp.resolve("c"));
    Files.writeString(a.resolve(Finding.FILE), "[" + before + "]");
    Files.writeString(b.resolve(Finding.FILE), "[" + after + "]");
    Files.writeString(c.resolve(Finding.FILE), "[" + otherEngines + "]");
    List<Replication.Pair> ab = Replication.of(a, b);
    assertEquals(1, ab.size(), ab.toString());
    assertEquals(Replication.Verdict.REPLICATES, ab.get(0).verdict(), ab.get(0).why());
    assertTrue(ab.get(0).why().endsWith("(matched across engine=kuzu, which one run's rows lack)"), ab.get(0).why());
    List<Replication.Pair> ac = Replication.of(a, c);
    assertEquals(2, ac.size(), "not one comparison: " + ac);
    assertTrue(ac.stream().allMatch(p -> p.verdict() == Replication.Verdict.CANNOT_JUDGE), ac.toString());
  }
}
