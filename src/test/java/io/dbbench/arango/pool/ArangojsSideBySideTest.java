package io.dbbench.arango.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbbench.report.stats.Agreement;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The arangojs side by side's analysis on hand-made runs: the study's form, DNF, paired speed-ups, bad input. */
class ArangojsSideBySideTest {
  private static final String HEADER = String.join("\t", ArangojsSideBySide.COLUMNS);
  private static final String SERVER = "dbbench ArangoDB stand-in with modelled 20 ms server time per point query"
      + " (a model, not ArangoDB)";

  @TempDir
  Path dir;

  /** A finished run. */
  private static String run(int block, String side, String conn, int iterations, int run, double ms) {
    return String.join("\t", String.valueOf(block), side.equals("arangojs") ? "1" : "2", side,
        side.equals("arangojs") ? "arangojs 8.3.0" : "dbbench driver_http1_3", conn, String.valueOf(iterations),
        String.valueOf(run), String.valueOf(ms), "0", String.valueOf(iterations), "0", "0", "0", "0", "0", SERVER);
  }

  /** A run that did not finish: {@code queueFull} queries answered 503/21003. */
  private static String dnf(int block, String conn, int iterations, int run, double ms, int queueFull) {
    return String.join("\t", String.valueOf(block), "1", "arangojs", "Node http (plain HTTP)", conn,
        String.valueOf(iterations), String.valueOf(run), String.valueOf(ms), "1", String.valueOf(iterations - queueFull),
        String.valueOf(queueFull), "0", "0", "0", "0", SERVER);
  }

  /**
   * Four blocks, three runs each. arangojs's default pool at 500 queries averages 3000, 3100, 2900,
   * 3050 ms and maxSockets 100 650, 660, 640, 655 ms (the runs spread around those means): speed-ups
   * 4.62, 4.70, 4.53, 4.66, geometric mean 4.62 with a narrow interval, inside the study's 4.64x
   * (5,146 / 1,108 ms) widened by 5%: reproduced. The Java rows' 3 -> 100 is 1.05x: the interval
   * lies far below the study's. Plain HTTP at 5,000 queries is DNF in every block: its cell says DNF
   * with the causes and shows none of its times (98,765 ms), and it is in no comparison.
   */
  @Test
  void blockMeansArePairedAndTheStudysFigureIsJudgedAndDnfIsNeverATime() throws Exception {
    double[] def = {3000, 3100, 2900, 3050};
    double[] hundred = {650, 660, 640, 655};
    List<String> lines = new ArrayList<>(List.of(HEADER));
    for (int b = 1; b <= 4; b++) {
      for (int r = 1; r <= 3; r++) {
        double wobble = (r - 2) * 10; // the runs' mean is the block's figure
        lines.add(run(b, "arangojs", "default", 500, r, def[b - 1] + wobble));
        lines.add(run(b, "arangojs", "100", 500, r, hundred[b - 1] + wobble));
        lines.add(run(b, "java", "default", 500, r, 1050 + b + wobble));
        lines.add(run(b, "java", "100", 500, r, 1000 + b + wobble));
        lines.add(dnf(b, "http", 5000, r, 98765.432, 256));
      }
    }
    Files.write(dir.resolve("rows.tsv"), lines);
    ArangojsSideBySide.Summary s = ArangojsSideBySide.analyze(dir);
    assertEquals(4, s.blocks());
    assertEquals(SERVER, s.server());

    ArangojsSideBySide.Comparison h = s.headline();
    assertNotNull(h, "arangojs default -> 100 at 500 queries is the headline");
    double expected = 1;
    for (int i = 0; i < 4; i++) {
      expected *= def[i] / hundred[i];
    }
    expected = Math.pow(expected, 0.25);
    assertEquals(expected, h.speedup(), 1e-9, "the geometric mean of the per-block speed-ups of the runs' means");
    assertEquals(5146.0 / 1108.0, h.study(), 1e-9, "the study's own table");
    assertTrue(h.change().judgeable());
    double[] ci = h.speedupInterval();
    assertTrue(ci[0] < expected && expected < ci[1] && ci[1] / ci[0] < 1.1, "a narrow interval: " + ci[0] + ", " + ci[1]);
    assertEquals(Agreement.REPRODUCED, h.verdict().agreement(), h.verdict().note());

    ArangojsSideBySide.Comparison j = s.comparisons().stream().filter(c -> c.side() == ArangojsSideBySide.Side.JAVA
        && c.contender().equals("100")).findFirst().orElseThrow();
    assertFalse(j.headline());
    assertTrue(j.speedup() < 1.06 && j.speedup() > 1.04, "Java 3 -> 100: " + j.speedup());
    assertTrue(List.of(Agreement.NOT_REPRODUCED, Agreement.SMALLER).contains(j.verdict().agreement()), j.verdict().text());

    ArangojsSideBySide.Comparison vsJava = s.comparisons().stream().filter(c -> c.side() == null
        && c.contender().equals("default")).findFirst().orElseThrow();
    assertEquals(4, vsJava.change().pairs());
    assertTrue(vsJava.change().changePct() > 180, "arangojs's default pool is ~2.9x the Java row's time here");

    ArangojsSideBySide.Point http = s.points().stream().filter(p -> p.connection().equals("http")).findFirst().orElseThrow();
    assertEquals(4, http.dnfBlocks());
    assertEquals("DNF (queue_full 3,072)", http.cell(), "4 blocks x 3 runs x 256 answered 503/21003");
    assertTrue(s.comparisons().stream().noneMatch(c -> c.contender().equals("http")), "a DNF point pairs with nothing");

    String md = s.markdown();
    assertFalse(md.contains("98,765") || md.contains("98765"), "a DNF run's time is never shown: " + md);
    assertTrue(md.contains("| 5,000 | HTTP Default | DNF | DNF (queue_full 3,072) | 4 |"), md);
    assertTrue(md.contains("| 500 | Default (maxSockets 3) | 5,146 ms | 3,025 ms [2,900 ms-3,100 ms] | 4 |"), md);
    assertTrue(md.contains("a model"), md);
    assertTrue(md.contains("| arangojs 8.3.0 / Node, 500 queries: Default (maxSockets 3) -> maxSockets 100 | 4.62x |"), md);

    ArangojsSideBySide.write(dir, s);
    JsonNode json = new ObjectMapper().readTree(dir.resolve("summary.json").toFile());
    assertEquals("dbbench.arangojs-side-by-side/1", json.path("schema").asText());
    for (JsonNode p : json.path("points")) {
      if (p.path("connection").asText().equals("http")) {
        assertTrue(p.path("median_ms").isNull());
        assertTrue(p.path("study_dnf").asBoolean());
        for (JsonNode b : p.path("blocks")) {
          assertTrue(b.path("dnf").asBoolean());
          assertTrue(b.path("mean_ms").isNull() && b.path("runs_ms").isNull(), "no time for a DNF block: " + b);
          assertEquals(768, b.path("failures").path("queue_full").asLong());
        }
      }
    }
  }

  /** A block where one side did not finish is left out of the pair and counted; one DNF block of four shows as such. */
  @Test
  void aBlockWithADnfSideIsLeftOutOfThePairAndNamed() throws Exception {
    List<String> lines = new ArrayList<>(List.of(HEADER));
    for (int b = 1; b <= 4; b++) {
      lines.add(run(b, "arangojs", "default", 1000, 1, 6000 + b));
      lines.add(b == 2 ? dnf(b, "10", 1000, 1, 1234.5, 3) : run(b, "arangojs", "10", 1000, 1, 2000 + b));
    }
    Files.write(dir.resolve("rows.tsv"), lines);
    ArangojsSideBySide.Summary s = ArangojsSideBySide.analyze(dir);
    ArangojsSideBySide.Comparison c = s.comparisons().get(0);
    assertEquals("10", c.contender());
    assertEquals(3, c.change().pairs());
    assertEquals(1, c.leftOut());
    assertFalse(c.change().judgeable(), "3 pairs: no interval");
    assertEquals(Agreement.CANNOT_TELL, c.verdict().agreement());
    assertNull(s.headline(), "500 queries were not run");
    ArangojsSideBySide.Point p = s.points().stream().filter(x -> x.connection().equals("10")).findFirst().orElseThrow();
    assertTrue(p.cell().startsWith("DNF in 1 of 4 blocks (queue_full 3); finished blocks 2,003 ms"), p.cell());
    assertTrue(s.markdown().contains("(1 DNF left out)"), s.markdown());
  }

  @Test
  void badInputIsNamedWithItsLineAndCell() throws Exception {
    IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> ArangojsSideBySide.analyze(dir));
    assertTrue(none.getMessage().contains("no rows.tsv"), none.getMessage());

    Files.write(dir.resolve("rows.tsv"), List.of("block\tside\tms"));
    IllegalArgumentException header = assertThrows(IllegalArgumentException.class, () -> ArangojsSideBySide.analyze(dir));
    assertTrue(header.getMessage().contains("expected the columns block, position, side"), header.getMessage());

    Files.write(dir.resolve("rows.tsv"), List.of(HEADER));
    IllegalArgumentException empty = assertThrows(IllegalArgumentException.class, () -> ArangojsSideBySide.analyze(dir));
    assertTrue(empty.getMessage().contains("no runs"), empty.getMessage());

    Files.write(dir.resolve("rows.tsv"), List.of(HEADER, run(1, "arangojs", "default", 500, 1, 3000),
        run(1, "arangojs", "maxSockets3", 500, 2, 3000)));
    IllegalArgumentException conn = assertThrows(IllegalArgumentException.class, () -> ArangojsSideBySide.analyze(dir));
    assertTrue(conn.getMessage().contains("line 3: connection 'maxSockets3': expected one of [default, 10, 100, http]"),
        conn.getMessage());

    Files.write(dir.resolve("rows.tsv"), List.of(HEADER, run(1, "arangojs", "default", 500, 1, 3000).replace("\t3000.0\t", "\tfast\t")));
    IllegalArgumentException ms = assertThrows(IllegalArgumentException.class, () -> ArangojsSideBySide.analyze(dir));
    assertTrue(ms.getMessage().contains("line 2: ms 'fast': expected a number"), ms.getMessage());

    Files.write(dir.resolve("rows.tsv"), List.of(HEADER, run(1, "python", "default", 500, 1, 3000)));
    IllegalArgumentException side = assertThrows(IllegalArgumentException.class, () -> ArangojsSideBySide.analyze(dir));
    assertTrue(side.getMessage().contains("side 'python': expected arangojs or java"), side.getMessage());

    Files.write(dir.resolve("rows.tsv"), List.of(HEADER, "1\t1\tarangojs"));
    IllegalArgumentException cells = assertThrows(IllegalArgumentException.class, () -> ArangojsSideBySide.analyze(dir));
    assertTrue(cells.getMessage().contains("line 2: 3 cells: expected 16"), cells.getMessage());

    Files.write(dir.resolve("rows.tsv"), List.of(HEADER, run(1, "arangojs", "default", 500, 1, 3000).replace("\t0\t500\t", "\tyes\t500\t")));
    IllegalArgumentException d = assertThrows(IllegalArgumentException.class, () -> ArangojsSideBySide.analyze(dir));
    assertTrue(d.getMessage().contains("dnf 'yes': expected 0 or 1"), d.getMessage());
  }

  /** The command line: exit 2 and one line naming the directory for bad input. */
  @Test
  void theCommandLineExitsTwoOnBadInput() {
    ArangojsSideBySide cmd = new ArangojsSideBySide();
    cmd.dir = dir;
    assertEquals(ArangojsSideBySide.EXIT_BAD_INPUT, cmd.call());
  }

  @Test
  void theClientsLinesAndTheJavaForksShotsBecomeRowsOfTheScriptsColumns() throws Exception {
    String node = "arangojs 8.3.0: 500 queries\n" + String.join("\t", "arangojs 8.3.0", "default", "500", "1", "5146.2", "0",
        "500", "0", "0", "0", "0", "0") + "\n";
    List<List<String>> rows = ArangojsSideBySide.nodeRows(node, "srv");
    assertEquals(1, rows.size(), "the message line is left out: " + rows);
    assertEquals(List.of("arangojs", "arangojs 8.3.0", "default", "500", "1", "5146.2", "0", "500", "0", "0", "0", "0", "0",
        "srv"), rows.get(0));
    Path json = dir.resolve("fork.json");
    Files.writeString(json, """
        [{"benchmark": "io.dbbench.arango.ArangoPoolBenchmark.query",
          "params": {"connection": "driver_http1_10", "iterations": "500"},
          "primaryMetric": {"score": 2.5, "rawData": [[2000.0, 3000.5]]},
          "secondaryMetrics": {"dnf": {"rawData": [[0, 1]]}, "answered": {"rawData": [[500, 499]]},
            "timeout": {"rawData": [[0, 1]]}}}]
        """);
    List<List<String>> java = ArangojsSideBySide.javaRows(json, "srv");
    assertEquals(List.of(List.of("java", "dbbench driver_http1_10", "10", "500", "1", "2000", "0", "500", "0", "0", "0", "0",
        "0", "srv"), List.of("java", "dbbench driver_http1_10", "10", "500", "2", "3000.5", "1", "499", "0", "0", "1", "0", "0",
        "srv")), java, "one row per shot, its counters, 0 where a counter is absent");
    assertEquals(ArangojsSideBySide.COLUMNS.size() - 2, java.get(0).size());
    assertEquals("raw_http", ArangojsSideBySide.javaConnection("http"));
    assertThrows(IllegalArgumentException.class, () -> ArangojsSideBySide.javaConnection("1000"));
  }
}
