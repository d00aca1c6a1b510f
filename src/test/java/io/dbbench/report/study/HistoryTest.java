package io.dbbench.report.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dbbench.report.stats.EDivisive;
import io.dbbench.report.stats.RunSpread;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The history of findings across runs: series by identity, change points, code-change markers, the three files. */
class HistoryTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Fills {@code f} as a comparison finding of findings.json: its study, row, sides and interval. */
  static ObjectNode comparison(ObjectNode f, String study, String title, String benchmark, String unit,
      Map<String, String> baseline, Map<String, String> contender, double estimate, double ciLow, double ciHigh) {
    f.put("study", study);
    f.put("title", title);
    f.put("kind", "comparison");
    f.put("benchmark", benchmark);
    f.put("unit", unit);
    f.set("baseline", JSON.valueToTree(baseline));
    f.set("contender", JSON.valueToTree(contender));
    f.put("estimate", estimate);
    f.put("ci_low", ciLow);
    f.put("ci_high", ciHigh);
    return f;
  }

  /** Writes a run directory with one comparison finding of {@code estimate} (percent) and its interval. */
  static void run(Path results, String name, String commit, String mode, String contender, double estimate,
      boolean underLoad) throws Exception {
    Path dir = Files.createDirectories(results.resolve(name));
    Files.writeString(dir.resolve("jmh.json"), "[]");
    Files.writeString(dir.resolve("env.json"), "{\"git_commit\":\"" + commit + "\",\"mode\":\"" + mode
        + "\",\"families\":{}}");
    ArrayNode a = JSON.createArrayNode();
    ObjectNode f = comparison(a.addObject(), "graphj", "graphd graphj_bench",
        "io.dbbench.graphj.GraphjCompressBenchmark.compress", "%", Map.of("context", "perCall", "level", "3"),
        Map.of("context", contender, "level", "3"), estimate, estimate - 5, estimate + 5);
    f.set("published", JSON.valueToTree(Map.of("text", "none")));
    f.set("sampling", JSON.valueToTree(Map.of("pairs", 6, "stop", "width reached")));
    f.put("under_load", underLoad);
    f.put("question", "compress: context perCall -> reused");
    f.put("an_unknown_key", "ignored");
    JSON.writeValue(dir.resolve("findings.json").toFile(), a);
  }

  @Test
  void aStepIsFoundBetweenTheRunsWhereItHappenedWithItsCommitsAndUnderLoadRunsAreLeftOut(@TempDir Path results)
      throws Exception {
    double[] before = {-63, -62, -64, -61, -63, -62, -64};
    double[] after = {-47, -46, -48, -47, -45, -48, -47};
    List<String> names = new ArrayList<>();
    for (int i = 0; i < before.length + after.length; i++) {
      String name = String.format("20261101T%02d0000Z", i);
      names.add(name);
      double v = i < before.length ? before[i] : after[i - before.length];
      run(results, name, "cafe" + i, "quick", "reused", v, false);
    }
    // an under-load run just before the step with a wild value: shown, not used
    run(results, "20261101T065959Z", "cafe6f", "quick", "reused", -90, true);
    // a new contender is a new identity: a series of its own
    run(results, "20261101T200000Z", "cafe20", "quick", "shared", -10, false);
    // a shard is not a run of the history
    run(results, "20261101T210000Z", "cafe21", "quick", "reused", 50, false);
    Files.writeString(results.resolve("20261101T210000Z/env.json"), "{\"git_commit\":\"cafe21\",\"mode\":\"quick\","
        + "\"families\":{},\"shard\":{\"index\":0,\"count\":2,\"units\":[],\"plan\":[],\"expected_seconds\":[1,1]}}");
    History.Commits commits = (from, to, paths) -> {
      assertTrue(paths.contains("src/main/java/io/dbbench/graphj"), paths.toString());
      return from.equals("cafe6f") ? List.of("beef123") : to.equals("cafe3") ? null : List.of();
    };
    History.Document h = History.build(results, commits, EDivisive.DEFAULT);
    assertEquals(2, h.series().size(), h.series().stream().map(History.Series::id).toList().toString());
    History.Series s = h.series().get(0);
    assertEquals("graphj | GraphjCompressBenchmark.compress | comparison % | context=perCall->reused | level=3 | quick",
        s.id());
    assertEquals(15, s.points().size(), "every run that measured it, the under-load one included");
    assertTrue(s.points().stream().anyMatch(History.Point::underLoad));
    assertEquals(1, s.changePoints().size(), s.changePoints().toString());
    History.Step st = s.changePoints().get(0);
    assertEquals("20261101T060000Z", st.lastBefore(), "the under-load run is not an end of the step");
    assertEquals("20261101T070000Z", st.firstAfter());
    assertEquals("cafe6", st.commitBefore());
    assertEquals("cafe7", st.commitAfter());
    assertEquals(-62.7, st.before(), 0.5);
    assertEquals(-46.9, st.after(), 0.5);
    assertTrue(st.stepLow() < st.stepPct() && st.stepPct() < st.stepHigh(), st.toString());
    // the code markers: none at the first point, unknown where git could not tell, the commits where it changed
    assertNull(s.points().get(0).codeChanged());
    assertNull(s.points().get(3).codeChanged());
    assertEquals(List.of(), s.points().get(2).codeChanged());
    assertEquals(List.of("beef123"), s.points().get(8).codeChanged(), s.points().get(8).toString());
    assertEquals("shared", h.series().get(1).compared().replaceAll(".*->", ""));
    assertTrue(History.sentence(s, st).contains("moved from -62.73% to -46.87%"), History.sentence(s, st));
    assertTrue(History.sentence(s, st).contains("between run 20261101T060000Z and run 20261101T070000Z; commits cafe6..cafe7"),
        History.sentence(s, st));

    History.write(results, h);
    for (String f : List.of(History.JSON, History.MD, History.HTML)) {
      assertTrue(Files.size(results.resolve(f)) > 0, f);
    }
    History.Document back = History.read(results.resolve(History.JSON));
    assertEquals(h.series().get(0).changePoints(), back.series().get(0).changePoints());
    String html = Files.readString(results.resolve(History.HTML));
    assertTrue(html.contains("id=\"" + s.anchor() + "\""), "each series has its anchor");
    String md = Files.readString(results.resolve(History.MD));
    int top = md.indexOf("## Headline findings");
    int first = md.indexOf("## Change points");
    String row = "| 20261101T070000Z | graphj | [compress: context perCall -> reused](#" + s.anchor() + ") | quick | -62.73% -> -46.87% |";
    assertTrue(top >= 0 && first > top && md.indexOf(row) > first && md.indexOf(row) < md.indexOf("## Every series"),
        "the change point is a row of the table after the headline findings: " + md);
    assertTrue(md.contains("<a id=\"" + s.anchor() + "\"></a>"), "the series' section carries the anchor its link names");
    assertTrue(md.contains("-62.73% -> -46.87%, step +"), "the headline row says the last change point");
  }

  @Test
  void aFlatSeriesHasNoChangePoint(@TempDir Path results) throws Exception {
    double[] v = {-47, -45, -49, -46, -48, -47, -44, -50, -46, -47, -48, -45};
    for (int i = 0; i < v.length; i++) {
      run(results, String.format("20261102T%02d0000Z", i), "cafe" + i, "quick", "reused", v[i], false);
    }
    History.Document h = History.build(results, null, EDivisive.DEFAULT);
    assertEquals(List.of(), h.series().get(0).changePoints());
    assertTrue(History.doc(h).sections.stream().filter(sec -> sec.heading.equals("Change points")).findFirst()
        .orElseThrow().blocks.stream().anyMatch(b -> b.toString().contains("No finding moved")));
  }

  /**
   * A flat series (-44% to -50%, each run's interval +-5 points) keeps its calibration; runs scattered
   * from -50% to -70% with the same intervals scatter more than their intervals allow, and the series
   * says so in the history's spread section, in history.json and beside the finding in a report.
   */
  @Test
  void runsThatScatterMoreThanTheirIntervalsAllowAreMarked(@TempDir Path results) throws Exception {
    double[] flat = {-47, -45, -49, -46, -48, -47, -44, -50, -46, -47, -48, -45};
    for (int i = 0; i < flat.length; i++) {
      run(results, String.format("20261102T%02d0000Z", i), "cafe" + i, "quick", "reused", flat[i], false);
    }
    History.Series calm = History.build(results, null, EDivisive.DEFAULT).series().get(0);
    io.dbbench.report.stats.RunSpread c = calm.newestSpread();
    assertEquals(12, c.runs());
    assertTrue(!c.overdispersed(), c.toString());
    assertEquals(0, c.hostSdLog(), 1e-12);
    assertTrue(History.spreadNote(calm).matches("±\\d+\\.\\d% between runs"), History.spreadNote(calm));

    Path scattered = Files.createDirectories(results.resolveSibling(results.getFileName() + "-scattered"));
    double[] wild = {-63, -50, -70, -55, -68, -52, -66};
    for (int i = 0; i < wild.length; i++) {
      run(scattered, String.format("20261103T%02d0000Z", i), "cafe" + i, "quick", "reused", wild[i], false);
    }
    History.Document h = History.build(scattered, null, EDivisive.DEFAULT);
    History.Series s = h.series().get(0);
    io.dbbench.report.stats.RunSpread r = s.newestSpread();
    assertTrue(r.overdispersed(), r.toString());
    assertTrue(r.hostSdLog() > 0);
    assertTrue(History.spreadNote(s).endsWith("between runs, more than their intervals allow"), History.spreadNote(s));
    History.write(scattered, h);
    String md = Files.readString(scattered.resolve(History.MD));
    assertTrue(md.contains("## Spread across runs"), md);
    assertTrue(md.contains("| scatters |"), md);
    assertTrue(md.contains("1 of 1 series scatter more than their intervals allow"), md);
    assertEquals(r.runs(), History.read(scattered.resolve(History.JSON)).series().get(0).newestSpread().runs(),
        "history.json keeps the spread");
  }

  /**
   * A {@code @Param} added between runs and held fixed on both sides (the graph family's
   * {@code engine=kuzu}) continues the series; another value of it does not.
   */
  @Test
  void aParamAddedBetweenRunsAndHeldFixedContinuesTheSeries(@TempDir Path results) throws Exception {
    run(results, "20261101T000000Z", "cafe0", "quick", "reused", -62, false);
    run(results, "20261101T010000Z", "cafe1", "quick", "reused", -61, false);
    for (String[] r : new String[][] {{"20261101T020000Z", "kuzu"}, {"20261101T030000Z", "ladybug"}}) {
      run(results, r[0], "cafe2", "quick", "reused", -60, false);
      Path f = results.resolve(r[0]).resolve("findings.json");
      ArrayNode a = (ArrayNode) JSON.readTree(f.toFile());
      ((ObjectNode) a.get(0).get("baseline")).put("engine", r[1]);
      ((ObjectNode) a.get(0).get("contender")).put("engine", r[1]);
      JSON.writeValue(f.toFile(), a);
    }
    History.Document h = History.build(results, null, EDivisive.DEFAULT);
    assertEquals(2, h.series().size(), h.series().stream().map(History.Series::id).toList().toString());
    History.Series kept = h.series().get(0);
    assertEquals(List.of("20261101T000000Z", "20261101T010000Z", "20261101T020000Z"),
        kept.points().stream().map(History.Point::run).toList(), "engine=kuzu continues the series");
    assertEquals("kuzu", kept.fixed().get("engine"), "the series now holds the added param fixed");
    assertEquals(List.of(new History.SettingsChange("20261101T010000Z", "20261101T020000Z", "engine=kuzu added", false)),
        kept.settingsChanges(), "the added param is marked; change points are looked for across it");
    // another engine is another variant, not another size: its own series, naming the first with the reason
    History.Related r = h.series().get(1).related().get(0);
    assertEquals(kept.anchor(), r.anchor());
    assertTrue(r.reason().startsWith("measured before this series began; the same finding with other settings (here"
        + " engine=ladybug level=3; there engine=kuzu level=3): a param took another variant's value"), r.reason());
    // as a report finds a newer run's series in history.json: by the same rule
    assertEquals(kept.id(), History.nearSeries(h.series(),
        io.dbbench.report.data.FindingsJson.read(results.resolve("20261101T020000Z")).get(0), "quick").id());
  }
  /** A comparison finding of the payload study, speed-up with an index, at {@code collectionSize}. */
  static ObjectNode payloadFinding(String collectionSize, double estimate, String question) {
    ObjectNode f = comparison(JSON.createObjectNode(), "payload", "WMPayload",
        "io.dbbench.payload.PayloadServiceBenchmark.search", "x", Map.of("index", "none", "collectionSize", collectionSize),
        Map.of("index", "id", "collectionSize", collectionSize), estimate, estimate * 0.9, estimate * 1.1);
    f.set("published", JSON.valueToTree(Map.of("text", "35.4x", "value", 35.4)));
    f.put("question", question);
    return f;
  }

  /** Writes a quick run directory holding {@code findings}. */
  static void runOf(Path results, String name, String commit, ObjectNode... findings) throws Exception {
    Path dir = Files.createDirectories(results.resolve(name));
    Files.writeString(dir.resolve("jmh.json"), "[]");
    Files.writeString(dir.resolve("env.json"), "{\"git_commit\":\"" + commit + "\",\"mode\":\"quick\",\"families\":{}}");
    ArrayNode a = JSON.createArrayNode();
    for (ObjectNode f : findings) {
      a.add(f);
    }
    JSON.writeValue(dir.resolve("findings.json").toFile(), a);
  }

  /**
   * The collection size changed between runs (1,000 then 30,000 documents): one series, the change
   * named and marked, change points looked for on either side only (the jump from 1x to 12x is the
   * settings', not the code's); the fallback's provenance goes under the heading, the question stays short.
   */
  @Test
  void aChangedCollectionSizeContinuesTheSeriesWithTheChangeMarked(@TempDir Path results) throws Exception {
    String nearest = "search: index none -> id, speed-up (the study's point collectionSize=30000 was not run;"
        + " nearest: collectionSize=1000)";
    for (int i = 0; i < 12; i++) {
      boolean small = i < 6;
      runOf(results, String.format("20261103T%02d0000Z", i), "cafe" + i, payloadFinding(small ? "1000" : "30000",
          small ? 1.0 + 0.02 * (i % 3) : 12.0 + 0.3 * (i % 3), small ? nearest : "search: index none -> id, speed-up"));
    }
    History.Document h = History.build(results, null, EDivisive.DEFAULT);
    assertEquals(1, h.series().size(), h.series().stream().map(History.Series::id).toList().toString());
    History.Series s = h.series().get(0);
    assertEquals(12, s.points().size());
    assertEquals(2, s.identities().size(), s.identities().toString());
    assertEquals(List.of(new History.SettingsChange("20261103T050000Z", "20261103T060000Z", "collectionSize 1000 -> 30000",
        true)), s.settingsChanges());
    assertEquals(List.of(), s.changePoints(), "no change point across a change of settings");
    assertEquals(Map.of("collectionSize", "30000"), s.fixed(), "the newest settings");
    assertEquals("search: index none -> id, speed-up", s.question());
    assertEquals(List.of("runs 20261103T000000Z to 20261103T050000Z: the study's point collectionSize=30000 was not run;"
        + " nearest: collectionSize=1000"), s.provenance());
    // a run of either setting finds the one series by its identity (as a run's report links it)
    for (String run : List.of("20261103T000000Z", "20261103T060000Z")) {
      assertTrue(s.identities().contains(History.identity(io.dbbench.report.data.FindingsJson.read(results.resolve(run))
          .get(0), "quick")), run);
    }

    History.write(results, h);
    String html = Files.readString(results.resolve(History.HTML));
    assertTrue(html.contains("<h3 id=\"" + s.anchor() + "\">payload: search: index none -&gt; id, speed-up (quick)</h3>"),
        "a short heading: study, question, mode");
    assertTrue(html.contains("<line class=\"settings\""), "the sparkline marks the settings change");
    assertTrue(html.contains("\"settings before run 7: collectionSize 1000 -> 30000\""), "so does the chart's data");
    assertTrue(html.contains("<a href=\"#" + s.anchor() + "\">"), "the headline table links the chart");
    assertEquals(History.SCHEMA_VERSION, History.read(results.resolve(History.JSON)).schemaVersion());
    assertEquals(s, History.read(results.resolve(History.JSON)).series().get(0), "history.json reads back");
  }

  /** Two collection sizes measured in the same runs are two series side by side, each naming the other. */
  @Test
  void twoSettingsMeasuredInTheSameRunsStayApartAndNameEachOther(@TempDir Path results) throws Exception {
    for (int i = 0; i < 4; i++) {
      runOf(results, String.format("20261104T%02d0000Z", i), "cafe" + i, payloadFinding("1000", 1.0, "q"),
          payloadFinding("30000", 12.0, "q"));
    }
    History.Document h = History.build(results, null, EDivisive.DEFAULT);
    assertEquals(2, h.series().size());
    History.Series a = h.series().get(0);
    History.Series b = h.series().get(1);
    assertEquals(List.of(), a.settingsChanges());
    assertEquals(1, a.related().size(), a.related().toString());
    assertEquals(b.anchor(), a.related().get(0).anchor());
    assertEquals(a.anchor(), b.related().get(0).anchor());
    assertTrue(a.related().get(0).reason().contains("measured in the same runs"), a.related().get(0).reason());
    History.write(results, h);
    String html = Files.readString(results.resolve(History.HTML));
    assertTrue(html.contains("<a href=\"#" + b.anchor() + "\">payload: q (quick)</a>"), "the split series link each other");
  }

  /** A new contender after the old one's runs: a series of its own, and the two name each other with the reason. */
  @Test
  void aNewContenderStartsASeriesThatNamesTheOldOne(@TempDir Path results) throws Exception {
    for (int i = 0; i < 6; i++) {
      run(results, String.format("20261105T%02d0000Z", i), "cafe" + i, "quick", i < 3 ? "reused" : "shared", -60, false);
    }
    History.Document h = History.build(results, null, EDivisive.DEFAULT);
    assertEquals(2, h.series().size());
    History.Related r = h.series().get(0).related().get(0);
    assertEquals(h.series().get(1).id(), r.id());
    assertTrue(r.reason().startsWith("measured after this series ended; it compares context=perCall->shared instead of"
        + " context=perCall->reused"), r.reason());
    assertTrue(h.series().get(1).related().get(0).reason().startsWith("measured before this series began"));
  }

  /**
   * Two comparisons of one study on the same parameter (graph's writeBatch and createInlined, both
   * journal off -> on) measured by the newest run: the README summary's lines name the benchmark
   * method, so they stay apart, and a comparison the newest run did not measure has no line.
   */
  @Test
  void theSummaryNamesEachHeadlineFindingsBenchmarkMethod(@TempDir Path results) throws Exception {
    for (int i = 0; i < 3; i++) {
      ObjectNode batch = comparison(JSON.createObjectNode(), "graph", "graphd throughput",
          "io.dbbench.graph.GraphWriteBenchmark.writeBatch", "%", Map.of("journal", "off"), Map.of("journal", "on"),
          10 + i, 5 + i, 15 + i);
      batch.put("question", "writeBatch: journal off -> on");
      ObjectNode inlined = comparison(JSON.createObjectNode(), "graph", "graphd throughput",
          "io.dbbench.graph.GraphWriteBenchmark.createInlined", "%", Map.of("journal", "off"), Map.of("journal", "on"),
          20 + i, 15 + i, 25 + i);
      inlined.put("question", "createInlined: journal off -> on");
      runOf(results, String.format("20261106T%02d0000Z", i), "cafe" + i, i == 0
          ? new ObjectNode[] {batch, inlined, payloadFinding("30000", 12.0, "search: index none -> id")}
          : new ObjectNode[] {batch, inlined});
    }
    String summary = History.summary(History.build(results, null, EDivisive.DEFAULT));
    List<String> lines = summary.lines().skip(2).sorted().toList();
    assertEquals(List.of(
        "| graph: createInlined journal=off->on (quick) | +22.00% [+17.00%, +27.00%] | +20.00% to +22.00% over 3 runs"
            + " | none |",
        "| graph: writeBatch journal=off->on (quick) | +12.00% [+7.00%, +17.00%] | +10.00% to +12.00% over 3 runs"
            + " | none |"), lines, summary);
    String readme = History.replaceSummary("intro\n" + History.SUMMARY_BEGIN + "\nold\n" + History.SUMMARY_END
        + "\nrest\n", summary);
    assertTrue(readme.startsWith("intro\n" + History.SUMMARY_BEGIN + "\n| finding | newest (20261106T020000Z)"), readme);
    assertTrue(readme.endsWith(History.SUMMARY_END + "\nrest\n") && !readme.contains("old"), readme);
  }

  /**
   * The same step as a code change's, but where the runs' machine changed (the kernel release and CPU
   * model env.json records, as when the VM moved to another host): a settings change naming both
   * machines, no change point across it (the step is the hardware's, not a commit's), and the spread
   * between runs per machine. The same runs on one machine find the step, so the machine is what
   * keeps it out.
   */
  @Test
  void aChangeOfMachineIsMarkedAndNoChangePointIsFoundAcrossIt(@TempDir Path results) throws Exception {
    double[] estimates = {-63, -62, -64, -61, -63, -62, -64, -47, -46, -48, -47, -45, -48, -47};
    for (int i = 0; i < estimates.length; i++) {
      String name = String.format("20261107T%02d0000Z", i);
      run(results, name, "cafe" + i, "quick", "reused", estimates[i], false);
      String kernel = i < 7 ? "6.18.44-fc-v657" : "6.18.44-fc-v595";
      String cpu = i < 7 ? "Intel(R) Xeon(R) Processor" : "AMD EPYC";
      Files.writeString(results.resolve(name).resolve("env.json"), "{\"git_commit\":\"cafe" + i + "\",\"mode\":\"quick\","
          + "\"os\":{\"name\":\"Linux\",\"version\":\"" + kernel + "\",\"arch\":\"amd64\"},\"cpu_model\":\"" + cpu
          + "\",\"families\":{}}");
    }
    History.Series s = History.build(results, null, EDivisive.DEFAULT).series().get(0);
    assertEquals(List.of(new History.SettingsChange("20261107T060000Z", "20261107T070000Z",
        "machine 6.18.44-fc-v657, Intel(R) Xeon(R) Processor -> 6.18.44-fc-v595, AMD EPYC", true)), s.settingsChanges());
    assertEquals(List.of(), s.changePoints(), "no change point across a change of machine");
    assertEquals(List.of("20261107T000000Z", "20261107T070000Z"), s.spread().stream().map(RunSpread::from).toList(),
        "the spread between runs is per machine");
    History.write(results, History.build(results, null, EDivisive.DEFAULT));
    assertTrue(Files.readString(results.resolve(History.MD)).contains("6.18.44-fc-v657, Intel(R) Xeon(R) Processor"
        + " -> 6.18.44-fc-v595, AMD EPYC"), "the settings changes table names both machines");

    // the same runs on one machine: the step is found where it happened
    for (int i = 0; i < estimates.length; i++) {
      Path env = results.resolve(String.format("20261107T%02d0000Z", i)).resolve("env.json");
      Files.writeString(env, Files.readString(env).replace("6.18.44-fc-v657", "6.18.44-fc-v595")
          .replace("Intel(R) Xeon(R) Processor", "AMD EPYC"));
    }
    History.Series one = History.build(results, null, EDivisive.DEFAULT).series().get(0);
    assertEquals(List.of(), one.settingsChanges());
    assertEquals(List.of("20261107T070000Z"), one.changePoints().stream().map(History.Step::firstAfter).toList());
  }
}

