package io.dbbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dbbench.report.data.Merge;
import io.dbbench.report.data.Run;
import io.dbbench.report.stats.Comparison;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code merge}: rows keep their host; merged runs render and compare. */
class MergeTest {
  @TempDir
  Path tmp;

  Path hostRun(String dir, String host) throws Exception {
    Path run = tmp.resolve(dir);
    RenderTest.copyDir(RenderTest.STUDIES, run);
    ObjectMapper m = new ObjectMapper();
    ObjectNode env = (ObjectNode) m.readTree(run.resolve("env.json").toFile());
    env.put("host", host);
    m.writeValue(run.resolve("env.json").toFile(), env);
    return run;
  }

  @Test
  void mergeKeepsTheHostOfEveryRow() throws Exception {
    Path a = hostRun("a", "alpha");
    Path b = hostRun("b", "beta");
    int perRun = Run.load(a).results().size();
    Path out = tmp.resolve("merged");
    ReportCli.Result r = ReportCli.run("merge", "-o", out.toString(), a.toString(), b.toString());
    assertEquals(0, r.rc(), r.err());

    Run merged = Run.load(out);
    assertEquals(2 * perRun, merged.results().size());
    assertEquals(perRun, merged.results().stream().filter(x -> x.host().equals("alpha")).count());
    assertEquals(perRun, merged.results().stream().filter(x -> x.host().equals("beta")).count());
    assertEquals(2, merged.openLoop().size(), "open-loop files of both hosts");

    String md = Files.readString(out.resolve("report.md"));
    assertTrue(md.contains("### Host alpha"), md);
    assertTrue(md.contains("| compress | alpha | text | 1 |"), "generic table has a host column: " + md);
    assertTrue(md.contains("GraphjCodecBenchmark.compress @beta"), md);
    assertTrue(Files.isRegularFile(out.resolve("report.html")));

    // a merged run compares with itself row for row, host included
    Comparison c = Comparison.of(merged, merged);
    assertEquals(2 * perRun, c.rows(Comparison.PRIMARY).size());
  }

  @Test
  void sameHostTwiceIsDisambiguated() throws Exception {
    Path out = tmp.resolve("merged");
    Merge.merge(out, List.of(hostRun("a", "h"), hostRun("b", "h")));
    Run merged = Run.load(out);
    assertTrue(merged.results().stream().anyMatch(x -> x.host().equals("h#2")));
  }

  @Test
  void badInputs() throws Exception {
    ReportCli.assertBadInput(ReportCli.run("merge", "-o", tmp.resolve("m").toString(), tmp.resolve("missing").toString()),
        "not a run directory");
    Path a = hostRun("a", "alpha");
    ReportCli.assertBadInput(ReportCli.run("merge", "-o", a.toString(), a.toString()), "is not empty (it holds env.json)");
  }
}
