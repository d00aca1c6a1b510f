package io.dbbench.graphj;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link GraphdSideBySide}: the pairing of JMH rows with criterion's figures, block by block, and its verdicts. */
class GraphdSideBySideTest {
  @TempDir
  Path tmp;

  private static String row(String benchmark, String params, double score) {
    return """
        {"benchmark": "io.dbbench.graphj.%s", "mode": "avgt", "threads": 1, "forks": 1, "params": {%s},
         "primaryMetric": {"score": %s, "scoreError": "NaN", "scoreUnit": "ns/op", "rawData": [[%s]]}}
        """.formatted(benchmark, params, score, score);
  }

  private static void criterion(Path block, String id, String json) throws Exception {
    Path d = block.resolve("criterion").resolve(id).resolve("new");
    Files.createDirectories(d);
    Files.writeString(d.resolve("estimates.json"), json);
  }

  /** A block where dbbench's level-1 compress is {@code l1} ns and graphd's 10,000 ns, decompress 9,000 against 10,000. */
  private void block(int k, double l1, double dec, boolean withSlope) throws Exception {
    Path b = tmp.resolve("block-" + k);
    Files.createDirectories(b);
    Files.writeString(b.resolve("jmh.json"), "[" + String.join(",", List.of(
        row("GraphjCompressBenchmark.compress", "\"context\": \"perCall\", \"corpus\": \"text\", \"level\": \"1\"", l1),
        row("GraphjCompressBenchmark.compress", "\"context\": \"reused\", \"corpus\": \"text\", \"level\": \"1\"", 1.0),
        row("GraphjCompressBenchmark.decompress", "\"context\": \"perCall\", \"corpus\": \"text\"", dec))) + "]");
    criterion(b, "compression_levels/1", withSlope
        ? "{\"mean\": {\"point_estimate\": 99999.0}, \"slope\": {\"point_estimate\": 10000.0}}"
        : "{\"mean\": {\"point_estimate\": 10000.0}, \"slope\": null}");
    criterion(b, "decompression/zstd_level_3", "{\"mean\": {\"point_estimate\": 10000.0}}");
    Files.writeString(b.resolve("machine.json"), "{\"order\": \"graphd, dbbench\", \"graphd\": {\"steal_pct\": 1.5}}");
  }

  @Test
  void pairsEachBlocksRowsAndGivesTheRatioWithItsInterval() throws Exception {
    double[] l1 = {11000, 12000, 11500, 11800};
    for (int k = 1; k <= 4; k++) {
      block(k, l1[k - 1], 9000 + 100 * k, k % 2 == 0);
    }
    GraphdSideBySide.Summary s = GraphdSideBySide.analyze(tmp);
    assertEquals(4, s.blocks());
    assertEquals(List.of("compress level=1 perCall", "decompress perCall"), s.rows().stream().map(GraphdSideBySide.Row::label).toList(),
        "only pairs with figures on both sides in every block; the reused row is not paired");
    GraphdSideBySide.Row c = s.rows().get(0);
    double geo = Math.exp((Math.log(1.1) + Math.log(1.2) + Math.log(1.15) + Math.log(1.18)) / 4);
    assertEquals(geo, c.ratio(), 1e-9, "geometric mean of dbbench / graphd, the slope used where criterion has one");
    assertTrue(c.low() > 1.0 && c.high() > c.ratio(), "interval " + c.low() + ".." + c.high());
    assertEquals("above graphd", c.verdict());
    GraphdSideBySide.Row d = s.rows().get(1);
    assertTrue(d.high() < 1.0, "decompress 0.91-0.94x: " + d.high());
    assertEquals("at or below graphd", d.verdict());
    String md = s.markdown();
    assertTrue(md.contains("| compress level=1 perCall | compression_levels/1 |"), md);
    assertTrue(md.contains("1.10, 1.20, 1.15, 1.18"), "per-block ratios: " + md);
    assertTrue(md.contains("| 1 | graphd, dbbench | 1.5 |"), "machine state per block: " + md);
    GraphdSideBySide.write(tmp, s);
    assertTrue(Files.readString(tmp.resolve("summary.json")).contains("\"verdict\" : \"at or below graphd\""));
  }

  @Test
  void aCredentialInTheJmhOptionsIsRefusedByNameWithoutItsValue() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> GraphdSideBySide.refuseCredentials("-wi 3 -jvmArgsAppend -Ddbbench.jdbc.password=MARK9Q1"));
    assertTrue(e.getMessage().contains("-Ddbbench.jdbc.password"), e.getMessage());
    assertFalse(e.getMessage().contains("MARK9Q1"), e.getMessage());
    GraphdSideBySide.refuseCredentials("-wi 3 -w 1s -jvmArgsAppend -Xmx1g"); // nothing to refuse
  }

  @Test
  void tooFewBlocksGiveNoInterval() throws Exception {
    for (int k = 1; k <= 3; k++) {
      block(k, 11000, 9000, true);
    }
    GraphdSideBySide.Row c = GraphdSideBySide.analyze(tmp).rows().get(0);
    assertEquals(1.1, c.ratio(), 1e-9);
    assertTrue(Double.isNaN(c.high()));
    assertEquals("no interval", c.verdict());
    assertFalse(GraphdSideBySide.analyze(tmp).markdown().contains("[1.1"), "no interval printed");
  }

  @Test
  void aDirectoryWithoutBlocksIsRefusedByName() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GraphdSideBySide.analyze(tmp));
    assertTrue(e.getMessage().contains(tmp.toString()) && e.getMessage().contains("block-1"), e.getMessage());
  }

  @Test
  void everyPairNamesABenchmarkTheRegexSelectsAndAGroupTheFilterSelects() {
    java.util.regex.Pattern crit = java.util.regex.Pattern.compile(GraphdSideBySide.CRITERION_FILTER);
    for (GraphdSideBySide.Pair p : GraphdSideBySide.PAIRS) {
      assertTrue(crit.matcher(p.criterionId()).find(), p.criterionId());
    }
    assertFalse(crit.matcher("compression_levels/19").find(), "graphd's six levels only");
    assertEquals(Map.of("level", "1", "context", "perCall"), GraphdSideBySide.PAIRS.get(0).params());
    // graphd's zstd rows pair with context=perCall, graphd's call, and only with it: same frames, same work
    for (GraphdSideBySide.Pair p : GraphdSideBySide.PAIRS) {
      if (p.benchmark().startsWith("GraphjCompressBenchmark.")) {
        assertEquals("perCall", p.params().get("context"), p.label());
        if (p.benchmark().endsWith(".compress")) {
          assertEquals("", p.differs(), p.label() + ": graphd's call on both sides");
        }
      }
    }
    // every group of graphd's graphj_bench, the data sizes by byte length as criterion names them
    java.util.Set<String> groups = new java.util.TreeSet<>();
    GraphdSideBySide.PAIRS.forEach(p -> groups.add(p.criterionId()));
    assertTrue(groups.containsAll(List.of("compression_levels/22", "compress_encrypt/compress_then_encrypt",
        "compaction/compact_5_segments_no_compress", "compaction/compact_5_segments_compress_encrypt",
        "data_sizes/compress/1190", "data_sizes/encrypt/1218890")), groups.toString());
    assertEquals(26, GraphdSideBySide.PAIRS.size(), "6 levels, decompress, 3 AEAD rows x 2 providers, 2 headers,"
        + " 3 compactions, 4 sizes x 2");
  }

  /** The benchmarks JMH itself selects with {@code regex} from this build's benchmark list, as {@code Class.method}. */
  private static java.util.Set<String> jmhSelects(String regex) {
    org.openjdk.jmh.runner.format.OutputFormat quiet = org.openjdk.jmh.runner.format.OutputFormatFactory
        .createFormatInstance(System.out, org.openjdk.jmh.runner.options.VerboseMode.SILENT);
    java.util.Set<String> out = new java.util.TreeSet<>();
    for (org.openjdk.jmh.runner.BenchmarkListEntry e
        : org.openjdk.jmh.runner.BenchmarkList.defaultList().find(quiet, List.of(regex), List.of())) {
      String name = e.getUsername();
      out.add(name.substring(name.lastIndexOf('.', name.lastIndexOf('.') - 1) + 1));
    }
    return out;
  }

  @Test
  void eachSuiteRunsExactlyTheBenchmarksItsPairsName() {
    // the selections the two hand-written regexes made before the suites derived theirs from their pairs
    assertEquals(new java.util.TreeSet<>(List.of("GraphjCompactBenchmark.compact", "GraphjCompressBenchmark.compress",
        "GraphjCompressBenchmark.decompress", "GraphjCryptoBenchmark.compressEncrypt", "GraphjCryptoBenchmark.decrypt",
        "GraphjCryptoBenchmark.encrypt", "GraphjDataSizesBenchmark.compress", "GraphjDataSizesBenchmark.encrypt",
        "GraphjHeaderBenchmark.headerDecode", "GraphjHeaderBenchmark.headerEncode")),
        jmhSelects(GraphdSideBySide.Suite.GRAPHJ.jmhRegex()));
    assertEquals(new java.util.TreeSet<>(List.of("GraphReadBenchmark.matchAllLimit10", "GraphReadBenchmark.matchById",
        "GraphReadBenchmark.readLimit", "GraphReadBenchmark.twoHopTraversal", "GraphWriteBenchmark.autoCommit10Writes",
        "GraphWriteBenchmark.createInlined", "GraphWriteBenchmark.createRelationship",
        "GraphWriteBenchmark.createWithParams", "GraphWriteBenchmark.mergeCreate", "GraphWriteBenchmark.mergeUpdate",
        "GraphWriteBenchmark.transaction10Writes", "GraphWriteBenchmark.writeBatch",
        "GraphdThroughputBenchmark.batchInsert", "GraphdThroughputBenchmark.createNode",
        "GraphdThroughputBenchmark.createRelationship", "GraphdThroughputBenchmark.explicitTransaction10Writes",
        "GraphdThroughputBenchmark.matchAllLimit10", "GraphdThroughputBenchmark.matchById",
        "GraphdThroughputBenchmark.mergeCreate", "GraphdThroughputBenchmark.mergeUpdate",
        "GraphdThroughputBenchmark.scanLimit", "GraphdThroughputBenchmark.twoHopTraversal")),
        jmhSelects(GraphdSideBySide.Suite.THROUGHPUT.jmhRegex()));
  }

  @Test
  void theThroughputSuitePairsEveryGroupOfGraphdsThroughputBenchWithAGraphRow() {
    GraphdSideBySide.Suite t = GraphdSideBySide.Suite.parse("throughput");
    java.util.regex.Pattern crit = java.util.regex.Pattern.compile(t.criterionFilter);
    java.util.Set<String> groups = new java.util.TreeSet<>();
    for (GraphdSideBySide.Pair p : t.pairs) {
      assertTrue(crit.matcher(p.criterionId()).find(), p.criterionId());
      assertEquals("ladybug", p.params().get("engine"), "LadybugDB, the library graphd links: " + p.label());
      groups.add(p.criterionId());
    }
    // graphd's throughput_bench groups (benches/throughput_bench.rs)
    assertEquals(new java.util.TreeSet<>(List.of("simple_match/match_by_id", "simple_match/match_all_limit_10",
        "simple_writes/create_node", "write_throughput/batch_insert/1", "write_throughput/batch_insert/10",
        "write_throughput/batch_insert/100", "write_throughput/batch_insert/1000",
        "transaction_throughput/explicit_transaction_10_writes", "relationship_creation/create_relationship",
        "merge_operations/merge_create", "merge_operations/merge_update", "read_throughput/scan_limit/10",
        "read_throughput/scan_limit/100", "read_throughput/scan_limit/1000", "read_throughput/scan_limit/10000",
        "complex_queries/two_hop_traversal")), groups);
    assertFalse(crit.matcher("read_throughput/scan_limit/100000").find());
    assertTrue(t.pairs.stream().filter(p -> p.label().startsWith("dbbench-form writeBatch"))
            .allMatch(p -> p.differs().contains("auto-committed")),
        "graphd's batch is auto-commit, dbbench's one transaction: said on every batch row");
    // every group pairs with exactly one row of graphd's form (GraphdThroughputBenchmark) and keeps
    // dbbench's form beside it; graphd's form of a read does graphd's work exactly
    for (String group : groups) {
      List<GraphdSideBySide.Pair> graphdForm = t.pairs.stream().filter(p -> p.criterionId().equals(group)
          && p.benchmark().startsWith("GraphdThroughputBenchmark.") && p.params().get("client").equals("javaApi")).toList();
      assertEquals(1, graphdForm.size(), group + ": " + graphdForm);
      assertTrue(graphdForm.get(0).label().startsWith("graphd-form "), graphdForm.get(0).label());
      // and its twin through the C API: the same benchmark and parameters but the client
      String twin = "graphd-form cApi " + graphdForm.get(0).label().substring("graphd-form ".length());
      GraphdSideBySide.Pair c = t.pairs.stream().filter(p -> p.label().equals(twin)).findFirst().orElseThrow(() ->
          new AssertionError(group + ": no " + twin));
      assertEquals(graphdForm.get(0).benchmark(), c.benchmark());
      java.util.Map<String, String> expected = new java.util.HashMap<>(graphdForm.get(0).params());
      expected.put("client", "cApi");
      assertEquals(expected, c.params(), twin);
      assertTrue(t.pairs.stream().anyMatch(p -> p.criterionId().equals(group) && p.label().startsWith("dbbench-form ")
          && p.benchmark().matches("Graph(Read|Write)Benchmark\\.\\w+")), group + " keeps dbbench's form");
      if (group.startsWith("simple_match/") || group.startsWith("read_throughput/") || group.startsWith("complex_")) {
        assertEquals("", graphdForm.get(0).differs(), group);
      }
    }
    assertEquals("node", t.pairs.stream().filter(p -> p.label().equals("graphd-form scanLimit limit=1000")).findFirst()
        .orElseThrow().params().get("projection"), "graphd returns n: the node projection");
    assertTrue(String.join(" ", new GraphdSideBySide().jmhParams(t)).contains("-p projection=node"),
        "the scalar projection has no graphd group and does not run in the side by side");
    assertTrue(String.join(" ", new GraphdSideBySide().jmhParams(t)).contains("-p client=javaApi -p"),
        "the Java API alone by default: the C API needs liblbug.so");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GraphdSideBySide.Suite.parse("graph"));
    assertTrue(e.getMessage().contains("--suite graph") && e.getMessage().contains("throughput"), e.getMessage());
  }

  @Test
  void aThroughputRunIsAnalysedWithItsOwnPairsAndSaysWhereTheWorkDiffers() throws Exception {
    Files.writeString(tmp.resolve("settings.json"), "{\"suite\": \"throughput\"}");
    for (int k = 1; k <= 4; k++) {
      Path b = tmp.resolve("block-" + k);
      Files.createDirectories(b);
      Files.writeString(b.resolve("jmh.json"), """
          [{"benchmark": "io.dbbench.graph.GraphReadBenchmark.readLimit", "mode": "avgt", "threads": 1, "forks": 1,
            "params": {"engine": "ladybug", "limit": "100", "nodes": "10000"},
            "primaryMetric": {"score": %d, "scoreError": "NaN", "scoreUnit": "ns/op", "rawData": [[1]]}},
           {"benchmark": "io.dbbench.graph.GraphReadBenchmark.readLimit", "mode": "avgt", "threads": 1, "forks": 1,
            "params": {"engine": "kuzu", "limit": "10", "nodes": "10000"},
            "primaryMetric": {"score": 1, "scoreError": "NaN", "scoreUnit": "ns/op", "rawData": [[1]]}}]
          """.formatted(200_000 + 1000 * k));
      criterion(b, "read_throughput/scan_limit/100", "{\"mean\": {\"point_estimate\": 100000.0}}");
      criterion(b, "read_throughput/scan_limit/10", "{\"mean\": {\"point_estimate\": 100000.0}}");
    }
    GraphdSideBySide.Summary s = GraphdSideBySide.analyze(tmp);
    assertEquals(GraphdSideBySide.Suite.THROUGHPUT, s.suite());
    assertEquals(List.of("dbbench-form readLimit limit=100"), s.rows().stream().map(GraphdSideBySide.Row::label).toList(),
        "the Kuzu row is not LadybugDB's and is not paired");
    assertEquals(2.025, s.rows().get(0).ratio(), 0.01);
    String md = s.markdown();
    assertTrue(md.startsWith("# graphd's throughput_bench beside dbbench"), md);
    assertTrue(md.contains("- dbbench-form readLimit limit=100 / read_throughput/scan_limit/100: graphd formats the LIMIT"),
        md);
  }

  @Test
  void bothClientsRunInOneForkAndTheSummarySetsTheJavaApiAgainstTheCApiPerRowReturned() throws Exception {
    Files.writeString(tmp.resolve("settings.json"), "{\"suite\": \"throughput\"}");
    // per block: the C API 1,000 rows in 500 us, the Java API in 500 us + 1 us per row (+/- 10 ns per block)
    for (int k = 1; k <= 4; k++) {
      Path b = tmp.resolve("block-" + k);
      Files.createDirectories(b);
      String row = """
          {"benchmark": "io.dbbench.graph.GraphdThroughputBenchmark.scanLimit", "mode": "avgt", "threads": 1, "forks": 1,
           "params": {"engine": "ladybug", "client": "%s", "limit": "1000", "projection": "node"},
           "primaryMetric": {"score": %d, "scoreError": "NaN", "scoreUnit": "ns/op", "rawData": [[1]]}}""";
      Files.writeString(b.resolve("jmh.json"), "[" + row.formatted("cApi", 500_000) + ","
          + row.formatted("javaApi", 1_500_000 + 10_000 * (k % 2 == 0 ? 1 : -1)) + "]");
      criterion(b, "read_throughput/scan_limit/1000", "{\"mean\": {\"point_estimate\": 600000.0}}");
    }
    GraphdSideBySide.Summary s = GraphdSideBySide.analyze(tmp);
    assertEquals(List.of("graphd-form scanLimit limit=1000", "graphd-form cApi scanLimit limit=1000"),
        s.rows().stream().map(GraphdSideBySide.Row::label).toList());
    assertEquals(0.833, s.rows().get(1).ratio(), 0.001, "the C API against graphd");
    List<GraphdSideBySide.ClientRow> c = s.clientRows();
    assertEquals(1, c.size());
    assertEquals(3.0, c.get(0).ratio(), 0.01);
    assertEquals(1000, c.get(0).rowsReturned());
    assertEquals(1000.0, c.get(0).extraNsPerRow().mean(), 1e-6, "1 us per row beyond the C API");
    assertTrue(c.get(0).extraNsPerRow().low() < 1000 && c.get(0).extraNsPerRow().high() > 1000
        && c.get(0).extraNsPerRow().high() - c.get(0).extraNsPerRow().low() < 40, c.get(0).extraNsPerRow().toString());
    assertTrue(s.markdown().contains("| graphd-form scanLimit limit=1000 | 1.5"), s.markdown());
    GraphdSideBySide.write(tmp, s);
    assertTrue(Files.readString(tmp.resolve("summary.json")).contains("\"java_api_vs_c_api\""));
  }

  @Test
  void clientsChoosesTheThroughputRowsAndRefusesAnUnknownClient() {
    GraphdSideBySide cmd = new GraphdSideBySide();
    cmd.clients = "javaApi,cApi";
    cmd.rows = "^graphd-form (cApi )?scanLimit limit=1000$";
    List<GraphdSideBySide.Pair> sel = cmd.selected(GraphdSideBySide.Suite.THROUGHPUT);
    assertEquals(List.of("graphd-form scanLimit limit=1000", "graphd-form cApi scanLimit limit=1000"),
        sel.stream().map(GraphdSideBySide.Pair::label).toList());
    assertTrue(String.join(" ", cmd.jmhParams(GraphdSideBySide.Suite.THROUGHPUT)).contains("-p client=javaApi,cApi"));
    cmd.clients = "cApi";
    assertEquals(List.of("graphd-form cApi scanLimit limit=1000"),
        cmd.selected(GraphdSideBySide.Suite.THROUGHPUT).stream().map(GraphdSideBySide.Pair::label).toList());
    cmd.clients = "jni";
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> cmd.selected(GraphdSideBySide.Suite.THROUGHPUT));
    assertTrue(e.getMessage().contains("--clients jni") && e.getMessage().contains("javaApi and/or cApi"), e.getMessage());
  }

  @Test
  void usageRendersAndBadInputExitsTwoNamingTheValue() {
    picocli.CommandLine cl = new picocli.CommandLine(new GraphdSideBySide());
    assertTrue(cl.getUsageMessage().contains("per row with a 95% interval"), cl.getUsageMessage());
    java.io.PrintStream err = System.err;
    java.io.ByteArrayOutputStream buf = new java.io.ByteArrayOutputStream();
    System.setErr(new java.io.PrintStream(buf, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      assertEquals(GraphdSideBySide.EXIT_BAD_INPUT, new picocli.CommandLine(new GraphdSideBySide()).execute());
      assertTrue(buf.toString(java.nio.charset.StandardCharsets.UTF_8).contains("--graphd-bench is required"), buf.toString());
      buf.reset();
      assertEquals(GraphdSideBySide.EXIT_BAD_INPUT,
          new picocli.CommandLine(new GraphdSideBySide()).execute("--graphd-bench", tmp.resolve("nope").toString()));
      assertTrue(buf.toString(java.nio.charset.StandardCharsets.UTF_8).contains("nope: not an executable file"), buf.toString());
    } finally {
      System.setErr(err);
    }
  }

  @Test
  void rowsSelectsPairsByLabelAndBuildsBothSidesFiltersFromThem() {
    GraphdSideBySide cmd = new GraphdSideBySide();
    cmd.rows = "^compress level=(3|22) |^decompress|dataSizes compress 10000$";
    List<GraphdSideBySide.Pair> sel = cmd.selected(GraphdSideBySide.Suite.GRAPHJ);
    assertEquals(List.of("compress level=3 perCall", "compress level=22 perCall", "decompress perCall",
        "dataSizes compress 10000"), sel.stream().map(GraphdSideBySide.Pair::label).toList());
    String crit = GraphdSideBySide.criterionFilter(sel);
    java.util.regex.Pattern c = java.util.regex.Pattern.compile(crit);
    assertTrue(c.matcher("compression_levels/3").matches());
    assertTrue(c.matcher("compression_levels/22").matches());
    assertFalse(c.matcher("compression_levels/1").matches(), "an unselected level stays out: " + crit);
    assertTrue(c.matcher(sel.get(3).criterionId()).matches());
    java.util.regex.Pattern j = java.util.regex.Pattern.compile(GraphdSideBySide.jmhRegex(sel));
    assertTrue(j.matcher("io.dbbench.graphj.GraphjCompressBenchmark.compress").find());
    assertTrue(j.matcher("io.dbbench.graphj.GraphjDataSizesBenchmark.compress").find());
    assertFalse(j.matcher("io.dbbench.graphj.GraphjCryptoBenchmark.compressEncrypt").find(),
        "JMH's regex is found anywhere in the name: the method must end it");
    assertFalse(j.matcher("io.dbbench.graphj.GraphjCryptoBenchmark.encrypt").find());
    cmd.rows = "nosuchrow";
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> cmd.selected(GraphdSideBySide.Suite.GRAPHJ));
    assertTrue(e.getMessage().contains("--rows nosuchrow") && e.getMessage().contains("decompress perCall"),
        e.getMessage());
    cmd.rows = "(";
    assertTrue(assertThrows(IllegalArgumentException.class, () -> cmd.selected(GraphdSideBySide.Suite.GRAPHJ))
        .getMessage().contains("not a regular expression"));
  }
}
