package io.dbbench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.FamilySettings;
import io.dbbench.core.Mode;
import io.dbbench.run.ShardPlan;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Full mode against the studies: its plan fits the machine time the suite promises (about four
 * hours on two cores), and every point the five studies published is measured by one of its
 * sweeps (the main sweep or a further one) with the parameter values the class, the family and
 * the sweep give it together, not the whole cartesian product of every {@code @Param}.
 */
class FullModePlanTest {
  /** The most machine time full mode may plan for, seconds (four hours). */
  static final int MAX_FULL_SECONDS = 4 * 3600;

  private static final String B = "io.dbbench.";

  /** The studies' published points: benchmark and the parameter values each must be measured at. */
  private static final List<Map.Entry<String, Map<String, String>>> STUDY_POINTS = points();

  private static List<Map.Entry<String, Map<String, String>>> points() {
    List<Map.Entry<String, Map<String, String>>> p = new ArrayList<>();
    // the Go driver study: V1/V2 x HTTP/1.1 and HTTP/2 x JSON and VelocyPack, 100,000 documents
    for (String op : List.of("insert", "read", "update", "delete")) {
      for (String protocol : List.of("HTTP_JSON", "HTTP2_JSON", "HTTP_VPACK", "HTTP2_VPACK")) {
        p.add(Map.entry(B + "arango.ArangoBulkBenchmark." + op, Map.of("docs", "100000", "protocol", protocol,
            "client", "driver")));
      }
    }
    // the pooling study's table: its pools and raw HTTP at every query count, 200,000 documents
    for (String c : List.of("driver_http1_3", "driver_http1_10", "driver_http1_100", "raw_http")) {
      for (String n : List.of("500", "1000", "5000", "10000")) {
        p.add(Map.entry(B + "arango.ArangoPoolBenchmark.query", Map.of("connection", c, "iterations", n,
            "documents", "200000", "index", "none")));
      }
    }
    // hdbinsert: seven shapes x bulk and many, sequential and parallel, and COPY beside them
    for (String shape : List.of("100x1000", "10x10000", "1x100000", "1000x1000", "100x10000", "10x100000", "1x1000000")) {
      for (String strategy : List.of("bulk", "many", "copy")) {
        for (String mode : List.of("seq", "par")) {
          p.add(Map.entry(B + "jdbc.GomessageInsertBenchmark.insert", Map.of("shape", shape, "strategy", strategy,
              "mode", mode)));
        }
      }
    }
    // graphd's criterion groups on its text input
    for (String level : List.of("1", "3", "6", "9", "15", "22")) {
      p.add(Map.entry(B + "graphj.GraphjCompressBenchmark.compress", Map.of("level", level, "context", "perCall",
          "corpus", "text")));
    }
    for (String variant : List.of("raw", "zstd", "zstdEncrypted")) {
      p.add(Map.entry(B + "graphj.GraphjCompactBenchmark.compact", Map.of("variant", variant, "corpus", "text")));
    }
    for (String q : List.of("10", "100", "1000", "10000")) {
      p.add(Map.entry(B + "graphj.GraphjDataSizesBenchmark.dataSizes", Map.of("queries", q, "corpus", "text")));
    }
    p.add(Map.entry(B + "graphj.GraphjCryptoBenchmark.compressEncrypt", Map.of("corpus", "text")));
    p.add(Map.entry(B + "graphj.GraphjHeaderBenchmark.headerEncode", Map.of()));
    // graphd's throughput benchmark (benches/throughput_bench.rs at 7628b1d), each group on its own preload:
    // simple_match 1,000 nodes, read_throughput 10,000, complex_queries 100, writes into an empty database (1)
    for (String op : List.of("matchById", "matchAllLimit10")) {
      p.add(Map.entry(B + "graph.GraphReadBenchmark." + op, Map.of("nodes", "1000")));
    }
    for (String limit : List.of("10", "100", "1000", "10000")) {
      p.add(Map.entry(B + "graph.GraphReadBenchmark.readLimit", Map.of("nodes", "10000", "limit", limit)));
    }
    p.add(Map.entry(B + "graph.GraphReadBenchmark.twoHopTraversal", Map.of("nodes", "100")));
    for (String journal : List.of("off", "on")) {
      p.add(Map.entry(B + "graph.GraphWriteBenchmark.createRelationship", Map.of("nodes", "100", "journal", journal)));
      p.add(Map.entry(B + "graph.GraphWriteBenchmark.createInlined", Map.of("nodes", "1", "journal", journal)));
      for (String n : List.of("1", "10", "100", "1000")) {
        p.add(Map.entry(B + "graph.GraphWriteBenchmark.writeBatch", Map.of("batchSize", n, "nodes", "1", "journal", journal)));
      }
    }
    // the same groups in graphd's form (GraphdThroughputBenchmark: graphd's preloads and literal queries), and the
    // scan's scalar projection beside RETURN n at 1,000 and 10,000 rows
    for (String op : List.of("matchById", "matchAllLimit10", "twoHopTraversal", "createNode", "explicitTransaction10Writes",
        "createRelationship", "mergeCreate", "mergeUpdate")) {
      p.add(Map.entry(B + "graph.GraphdThroughputBenchmark." + op, Map.of()));
    }
    for (String limit : List.of("10", "100", "1000", "10000")) {
      p.add(Map.entry(B + "graph.GraphdThroughputBenchmark.scanLimit", Map.of("limit", limit, "projection", "node")));
    }
    for (String n : List.of("1", "10", "100", "1000")) {
      p.add(Map.entry(B + "graph.GraphdThroughputBenchmark.batchInsert", Map.of("batchSize", n)));
    }
    for (String limit : List.of("1000", "10000")) {
      p.add(Map.entry(B + "graph.GraphdThroughputBenchmark.scanLimit", Map.of("limit", limit, "projection", "scalars")));
    }
    // WMPayload's four rows
    for (String doc : List.of("flat", "reqmgr2")) {
      p.add(Map.entry(B + "payload.PayloadServiceBenchmark.insert", Map.of("doc", doc)));
      for (String index : List.of("none", "id")) {
        p.add(Map.entry(B + "payload.PayloadServiceBenchmark.search", Map.of("doc", doc, "index", index)));
      }
    }
    return p;
  }

  private static Map<String, Map<String, List<String>>> defaults() {
    Map<String, Map<String, List<String>>> out = new LinkedHashMap<>();
    for (BenchmarkListEntry e : BenchmarkList.defaultList().getAll(
        OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT), List.of())) {
      Map<String, List<String>> params = new LinkedHashMap<>();
      if (e.getParams().hasValue()) {
        e.getParams().get().forEach((k, v) -> params.put(k, List.of(v)));
      }
      out.put(e.getUsername(), params);
    }
    return out;
  }

  @Test
  void theFullPlanFitsFourHours() {
    List<ShardPlan.Unit> units = ShardPlan.units(Families.all(), Mode.FULL, null, new TreeSet<>(defaults().keySet()));
    long total = units.stream().mapToLong(ShardPlan.Unit::expectedSeconds).sum();
    assertTrue(total <= MAX_FULL_SECONDS, "full mode plans " + total + " s, more than " + MAX_FULL_SECONDS + ": " + units);
    // every family has a unit in full mode, and no single unit takes more than a 150-minute piece
    for (BenchmarkFamily f : Families.all()) {
      assertTrue(units.stream().anyMatch(u -> u.family().equals(f.id())), f.id() + " has no unit in full mode");
    }
    units.forEach(u -> assertTrue(u.expectedSeconds() <= 150 * 60, u + " exceeds a 150-minute piece"));
  }

  @Test
  void everyPublishedPointIsMeasuredByAFullModeSweep() {
    Map<String, Map<String, List<String>>> defaults = defaults();
    List<String> missing = new ArrayList<>();
    for (Map.Entry<String, Map<String, String>> point : STUDY_POINTS) {
      String bench = point.getKey();
      BenchmarkFamily family = Families.all().stream()
          .filter(f -> Pattern.compile(f.includeRegex()).matcher(bench).find()).findFirst().orElseThrow();
      FamilySettings s = family.settings(Mode.FULL);
      Map<String, List<String>> declared = defaults.get(bench);
      assertTrue(declared != null, "no benchmark " + bench);
      boolean covered = !s.isExcluded(bench) && covers(declared, s.params(), Map.of(), point.getValue())
          || s.sweeps().stream().anyMatch(w -> w.runs(bench) && covers(declared, s.params(), w.params(), point.getValue()))
          || s.comparisons().stream().anyMatch(c -> c.benchmark().equals(bench)
              && (covers(declared, s.params(), single(c.baseline()), point.getValue())
              || covers(declared, s.params(), single(c.contender()), point.getValue())));
      if (!covered) {
        missing.add(bench + " " + point.getValue());
      }
    }
    assertTrue(missing.isEmpty(), "published points full mode does not measure:\n" + String.join("\n", missing));
  }

  private static Map<String, List<String>> single(Map<String, String> point) {
    Map<String, List<String>> m = new LinkedHashMap<>();
    point.forEach((k, v) -> m.put(k, List.of(v)));
    return m;
  }

  /** Whether the values the class declares, then the family's, then the sweep's, include the point. */
  private static boolean covers(Map<String, List<String>> declared, Map<String, List<String>> family,
      Map<String, List<String>> sweep, Map<String, String> point) {
    for (Map.Entry<String, String> e : point.entrySet()) {
      if (!declared.containsKey(e.getKey())) {
        return false;
      }
      List<String> values = sweep.getOrDefault(e.getKey(), family.getOrDefault(e.getKey(), declared.get(e.getKey())));
      if (!values.contains(e.getValue())) {
        return false;
      }
    }
    return true;
  }

  @Test
  void theCheckItselfRejectsAPointOutsideTheSweeps() {
    // the rule above can fail: a value no layer gives is not covered, nor a parameter the class lacks
    Map<String, List<String>> declared = Map.of("docs", List.of("100000"), "protocol", Arrays.asList("A", "B"));
    assertTrue(covers(declared, Map.of(), Map.of(), Map.of("protocol", "B")));
    assertTrue(!covers(declared, Map.of("protocol", List.of("A")), Map.of(), Map.of("protocol", "B")));
    assertTrue(covers(declared, Map.of("protocol", List.of("A")), Map.of("protocol", List.of("B")), Map.of("protocol", "B")));
    assertTrue(!covers(declared, Map.of(), Map.of(), Map.of("nodes", "1")));
  }
}
