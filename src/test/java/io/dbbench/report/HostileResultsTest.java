package io.dbbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dbbench.report.data.ManifestJson;
import io.dbbench.report.data.ReportException;
import io.dbbench.report.data.ShardMerge;
import io.dbbench.report.study.History;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Results files other people commit and send (a pull request's runs, shards from other machines)
 * are data: a value in them reaches no process as an option, and no merge reads through a link
 * that leaves its inputs or writes over another run. Each test replays a hostile probe.
 */
class HostileResultsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SECRET = "root:x:0:0:the secret a link points at\n";

  @TempDir
  Path tmp;

  // ---- git_commit reaches git only as a revision ----

  /**
   * An older run whose {@code git_commit} is {@code --output=<dir>/} and a newer one whose is
   * {@code /victim.txt}: before, {@code git log --format=%h --output=<dir>//victim.txt --} truncated a
   * file beside the results; now neither run reaches git, both are listed as unreadable naming their
   * env.json, the readable runs are still written, and the exit status says so.
   */
  @Test
  void aGitCommitThatIsAnOptionReachesNoProcessAndItsRunIsListedAsUnreadable() throws Exception {
    Path repo = gitRepo();
    Path victim = Files.writeString(repo.resolve("victim.txt"), "precious\n");
    Path results = Files.createDirectories(repo.resolve("results"));
    historyRun(results, "20261101T000000Z", "cafe0", -60);
    historyRun(results, "20261101T010000Z", "--output=" + results + "/", -61); // with the next: RESULTS/../victim.txt
    historyRun(results, "20261101T020000Z", "/victim.txt", -62);
    historyRun(results, "20261101T030000Z", "cafe3", -63);

    ReportCli.Result r = ReportCli.run("history", results.toString());

    assertEquals("precious\n", Files.readString(victim), "git wrote over a file a results file named");
    assertEquals(Report.EXIT_BAD_INPUT, r.rc(), r.out() + r.err());
    assertTrue(r.err().contains("run 20261101T010000Z left out") && r.err().contains("20261101T010000Z/env.json")
        && r.err().contains("git_commit"), r.err());
    assertTrue(r.err().contains("run 20261101T020000Z left out"), r.err());
    History.Document h = History.read(results.resolve(History.JSON));
    assertEquals(List.of("20261101T000000Z", "20261101T030000Z"), h.runs(), "the readable runs are written");
    assertEquals(2, h.unreadable().size(), h.unreadable().toString());
  }

  /** The git call itself refuses anything but object ids, so no caller can hand it an option. */
  @Test
  void theGitCallTakesOnlyObjectIds() throws Exception {
    Path repo = gitRepo();
    Path victim = Files.writeString(repo.resolve("victim.txt"), "precious\n");
    String head = git(repo, "rev-parse", "HEAD").strip();
    History.Commits commits = History.git(repo);
    assertNull(commits.between("--output=" + repo + "/", "/victim.txt", List.of("src")));
    assertNull(commits.between(head, "HEAD~1", List.of("src")), "a revision expression is not an object id");
    assertEquals("precious\n", Files.readString(victim));
    assertEquals(List.of(), commits.between(head, head, List.of("src")));
    assertEquals(List.of(), commits.between(head.substring(0, 7), head, List.of("src")), "an abbreviated id works");
    assertTrue(ManifestJson.isObjectId("0d4c8930") && !ManifestJson.isObjectId("c1") && !ManifestJson.isObjectId("-abc1"));
  }

  // ---- merge reads no link that leaves its inputs ----

  @Test
  void mergeRefusesALinkToAFileOutsideItsInput() throws Exception {
    Path secret = Files.writeString(tmp.resolve("secret.txt"), SECRET);
    Path a = hostRun("a", "alpha");
    Files.createSymbolicLink(a.resolve("leak.txt"), secret);
    Path out = tmp.resolve("merged");
    ReportCli.assertBadInput(ReportCli.run("merge", "-o", out.toString(), a.toString(), hostRun("b", "beta").toString()),
        "leak.txt");
    assertFalse(Files.exists(out), "nothing written");
    // an env.json linked outside is not even parsed (a parse error would quote the target)
    Path c = hostRun("c", "gamma");
    Files.delete(c.resolve("env.json"));
    Files.createSymbolicLink(c.resolve("env.json"), secret);
    ReportCli.Result r = ReportCli.run("merge", "-o", out.toString(), c.toString());
    ReportCli.assertBadInput(r, "env.json is a symbolic link");
    assertFalse(r.err().contains("root:x"), r.err());
  }

  /** The multi-host merge copied an {@code openloop-*.hlog} linked to a secret ({@code Files.isRegularFile} follows links). */
  @Test
  void multiHostMergeRefusesAnHlogLinkedOutside() throws Exception {
    Path secret = Files.writeString(tmp.resolve("secret.txt"), SECRET);
    Path a = hostRun("a", "alpha");
    Path ol = a.resolve("openloop-payload-insert.json");
    ObjectNode n = (ObjectNode) JSON.readTree(ol.toFile());
    n.put("hlog", "openloop-payload-insert.hlog");
    JSON.writeValue(ol.toFile(), n);
    Files.createSymbolicLink(a.resolve("openloop-payload-insert.hlog"), secret);
    Path out = tmp.resolve("merged");
    ReportCli.assertBadInput(ReportCli.run("merge", "-o", out.toString(), a.toString(), hostRun("b", "beta").toString()),
        "openloop-payload-insert.hlog");
    assertFalse(Files.exists(out));
  }

  @Test
  void shardMergeRefusesLinksLeavingAShardAtTheTopOrInASubfolder() throws Exception {
    Path secret = Files.writeString(tmp.resolve("secret.txt"), SECRET);
    // a clean set merges
    List<Path> clean = shardSet("clean");
    ShardMerge.merge(tmp.resolve("clean-out"), clean);
    assertTrue(Files.isRegularFile(tmp.resolve("clean-out/flames/graph.svg")), "a subfolder is copied");

    List<Path> top = shardSet("top");
    Files.createSymbolicLink(top.get(0).resolve("leak.txt"), secret);
    ReportCli.assertBadInput(ReportCli.run("merge", "-o", tmp.resolve("top-out").toString(), top.get(0).toString(),
        top.get(1).toString()), "leak.txt");

    List<Path> sub = shardSet("sub");
    Files.createSymbolicLink(sub.get(1).resolve("flames/secret.svg"), secret);
    ReportCli.assertBadInput(ReportCli.run("merge", "-o", tmp.resolve("sub-out").toString(), sub.get(0).toString(),
        sub.get(1).toString()), "flames/secret.svg");
    for (String o : List.of("top-out", "sub-out")) {
      assertFalse(Files.exists(tmp.resolve(o)), o + " was left behind");
    }

    // a link that stays inside its shard is read as the file it leads to
    List<Path> inside = shardSet("inside");
    Files.createSymbolicLink(inside.get(0).resolve("flames/again.svg"), Path.of("graph.svg"));
    ShardMerge.merge(tmp.resolve("inside-out"), inside);
    assertEquals("<svg/>", Files.readString(tmp.resolve("inside-out/flames/again.svg")));
  }

  @Test
  void copyTreeRefusesALinkLeavingTheTreeBeforeCopyingAnything() throws Exception {
    Path secret = Files.writeString(tmp.resolve("secret.txt"), SECRET);
    Path from = Files.createDirectories(tmp.resolve("from/deep"));
    Files.writeString(from.resolve("a.txt"), "a");
    Files.createSymbolicLink(from.resolve("z-leak.txt"), secret);
    Files.createSymbolicLink(from.resolve("dangling.txt"), tmp.resolve("nowhere"));
    io.dbbench.core.FileTrees.LinkOutsideException e = assertThrows(io.dbbench.core.FileTrees.LinkOutsideException.class,
        () -> io.dbbench.core.FileTrees.copyTree(tmp.resolve("from"), tmp.resolve("to"), p -> true));
    assertTrue(e.getMessage().contains("leak.txt") || e.getMessage().contains("dangling.txt"), e.getMessage());
    assertFalse(Files.exists(tmp.resolve("to")), "nothing copied");
  }

  // ---- merge writes only into a new or empty directory, and cleans up when it fails ----

  @Test
  void mergeIntoADirectoryHoldingAReportIsRefusedAndLeavesItAlone() throws Exception {
    Path out = Files.createDirectories(tmp.resolve("out"));
    Files.writeString(out.resolve("report.md"), "someone's report\n");
    ReportCli.assertBadInput(ReportCli.run("merge", "-o", out.toString(), hostRun("a", "alpha").toString()),
        "is not empty (it holds report.md)");
    assertEquals("someone's report\n", Files.readString(out.resolve("report.md")));
    assertEquals(1, Files.list(out).count());
  }

  @Test
  void aMergeThatFailsHalfwayRemovesWhatItWrote() throws Exception {
    Path a = hostRun("a", "alpha");
    Path b = hostRun("b", "beta");
    Files.writeString(b.resolve("jmh.json"), "[{\"benchmark\": "); // not JSON: found after a's files were copied
    Path fresh = tmp.resolve("fresh");
    ReportCli.Result r = ReportCli.run("merge", "-o", fresh.toString(), a.toString(), b.toString());
    assertEquals(Report.EXIT_BAD_INPUT, r.rc(), r.err());
    assertFalse(Files.exists(fresh), "a failed merge leaves no directory behind");
    Path empty = Files.createDirectories(tmp.resolve("empty"));
    r = ReportCli.run("merge", "-o", empty.toString(), a.toString(), b.toString());
    assertEquals(Report.EXIT_BAD_INPUT, r.rc(), r.err());
    assertTrue(Files.isDirectory(empty) && Files.list(empty).findAny().isEmpty(), "the empty directory is empty again");
  }

  // ---- env.json is read by type ----

  @Test
  void aManifestOfWrongTypesIsRefusedNamingTheField() throws Exception {
    for (Map.Entry<String, String> c : Map.of("\"host\": 123", "host is 123, expected string",
        "\"families\": \"x\"", "families is \"x\", expected object",
        "\"families\": {\"graphj\": [1]}", "families.graphj is [1], expected an object",
        "\"merged_from\": [{\"env\": {\"cores\": \"many\"}}]", "merged_from[0].env.cores").entrySet()) {
      Path run = hostRun("typed-" + Math.abs(c.getKey().hashCode()), "alpha");
      Files.writeString(run.resolve("env.json"), "{" + c.getKey() + "}");
      ReportException e = assertThrows(ReportException.class, () -> ManifestJson.read(run.resolve("env.json")));
      assertTrue(e.getMessage().contains(c.getValue()) && e.getMessage().contains("env.json"), e.getMessage());
      ReportCli.assertBadInput(ReportCli.run("merge", "-o", tmp.resolve("m").toString(), run.toString()), c.getValue());
      ReportCli.assertBadInput(ReportCli.run("render", run.toString()), c.getValue());
    }
  }

  /** One findings.json that is not JSON stopped {@code report history} for the whole root. */
  @Test
  void anUnreadableFindingsFileSkipsItsRunAndTheRestAreWritten() throws Exception {
    Path results = tmp.resolve("results");
    historyRun(results, "20261101T000000Z", "cafe0", -60);
    historyRun(results, "20261101T010000Z", "cafe1", -61);
    historyRun(results, "20261101T020000Z", "cafe2", -62);
    Files.writeString(results.resolve("20261101T010000Z/findings.json"), "[{\"study\": ");
    ReportCli.Result r = ReportCli.run("history", results.toString());
    assertEquals(Report.EXIT_BAD_INPUT, r.rc(), r.err());
    assertTrue(r.err().contains("run 20261101T010000Z left out") && r.err().contains("findings.json"), r.err());
    assertEquals(1, r.err().strip().lines().count(), r.err());
    assertEquals(List.of("20261101T000000Z", "20261101T020000Z"), History.read(results.resolve(History.JSON)).runs());
  }

  /** A run killed by SIGKILL left only an empty {@code jmh-graphj.json}, and history skipped it without a word. */
  @Test
  void aRunKilledMidwayIsListedAsIncomplete() throws Exception {
    Path results = tmp.resolve("results");
    historyRun(results, "20261101T000000Z", "cafe0", -60);
    Path killed = Files.createDirectories(results.resolve("20261101T010000Z"));
    Files.writeString(killed.resolve(io.dbbench.report.data.Run.INCOMPLETE), "main job started 2026-11-01T01:00:00Z"
        + " (pid 4242); this file is removed once jmh.json and env.json are written\n");
    Files.writeString(killed.resolve("jmh-graphj.json"), "");
    ReportCli.Result r = ReportCli.run("history", results.toString());
    assertEquals(Report.EXIT_BAD_INPUT, r.rc(), r.err());
    assertTrue(r.err().contains("run 20261101T010000Z left out: incomplete") && r.err().contains("pid 4242"), r.err());
    History.Document h = History.read(results.resolve(History.JSON));
    assertEquals(List.of("20261101T000000Z"), h.runs());
    assertTrue(h.unreadable().get(0).reason().startsWith("incomplete"), h.unreadable().toString());
  }

  /** A param value {@code <!--<script>} in a chart's data block hid the rest of report.html. */
  @Test
  void markupInAChartsDataCannotLeaveItsJsonBlock() throws Exception {
    String hostile = "<!--<script></script><b>";
    io.dbbench.report.render.Doc doc = new io.dbbench.report.render.Doc("hostile");
    doc.section(2, "a chart").add(io.dbbench.report.render.Charts.lines("c", "title", "x", "y",
        List.of(new io.dbbench.report.render.Charts.Series(hostile, List.of(1.0, 2.0), List.of(3.0, 4.0))), false));
    doc.section(2, "after the chart").text("the rest of the page");
    String html = io.dbbench.report.render.HtmlReport.write(doc);
    int open = html.indexOf("class=\"chart-spec\"");
    assertTrue(open > 0, "the chart has a data block");
    int start = html.indexOf('>', open) + 1;
    int end = html.indexOf("</script>", start);
    String block = html.substring(start, end);
    assertFalse(block.contains("<"), "no '<' in the JSON block: " + block);
    assertEquals(hostile, JSON.readTree(block).path("lines").get(0).path("name").asText(), "the value reads back");
    assertTrue(html.indexOf("the rest of the page") > end);
  }

  /** A committed findings.json linked to a file outside the results is not read (its parse error would quote it). */
  @Test
  void historyReadsNoLinkLeavingARun() throws Exception {
    Path secret = Files.writeString(tmp.resolve("secret.txt"), SECRET);
    Path results = tmp.resolve("results");
    historyRun(results, "20261101T000000Z", "cafe0", -60);
    historyRun(results, "20261101T010000Z", "cafe1", -61);
    Files.delete(results.resolve("20261101T010000Z/findings.json"));
    Files.createSymbolicLink(results.resolve("20261101T010000Z/findings.json"), secret);
    ReportCli.Result r = ReportCli.run("history", results.toString());
    assertEquals(Report.EXIT_BAD_INPUT, r.rc(), r.err());
    assertTrue(r.err().contains("run 20261101T010000Z left out") && r.err().contains("symbolic link"), r.err());
    assertFalse(r.err().contains("root") || r.err().contains("secret a link"), "nothing of the target is quoted: " + r.err());
    assertEquals(List.of("20261101T000000Z"), History.read(results.resolve(History.JSON)).runs());
  }

  // ---- fixtures ----

  /** A git repository in a temp directory with one commit; skipped without git. */
  private Path gitRepo() throws Exception {
    Path repo = Files.createDirectories(tmp.resolve("repo"));
    try {
      git(repo, "init", "-q");
    } catch (IOException e) {
      assumeTrue(false, "git is not installed: " + e.getMessage());
    }
    Files.createDirectories(repo.resolve("src"));
    Files.writeString(repo.resolve("src/a.txt"), "a");
    git(repo, "add", "src");
    git(repo, "-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-q", "-m", "one");
    return repo;
  }

  private static String git(Path repo, String... args) throws Exception {
    List<String> cmd = new java.util.ArrayList<>(List.of("git", "-C", repo.toString()));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0, cmd + ": " + out);
    return out;
  }

  /** A run directory of the history: one comparison finding of {@code estimate} percent, at {@code commit}. */
  static void historyRun(Path results, String name, String commit, double estimate) throws Exception {
    Path dir = Files.createDirectories(results.resolve(name));
    Files.writeString(dir.resolve("jmh.json"), "[]");
    ObjectNode env = JSON.createObjectNode().put("git_commit", commit).put("mode", "quick");
    env.putObject("families");
    JSON.writeValue(dir.resolve("env.json").toFile(), env);
    ArrayNode a = JSON.createArrayNode();
    ObjectNode f = a.addObject();
    f.put("study", "graphj").put("title", "graphd graphj_bench").put("kind", "comparison")
        .put("benchmark", "io.dbbench.graphj.GraphjCompressBenchmark.compress").put("unit", "%")
        .put("estimate", estimate).put("ci_low", estimate - 5).put("ci_high", estimate + 5)
        .put("question", "compress: context perCall -> reused");
    f.set("baseline", JSON.valueToTree(Map.of("context", "perCall", "level", "3")));
    f.set("contender", JSON.valueToTree(Map.of("context", "reused", "level", "3")));
    f.set("sampling", JSON.valueToTree(Map.of("pairs", 6, "stop", "width reached")));
    JSON.writeValue(dir.resolve("findings.json").toFile(), a);
  }

  private Path hostRun(String dir, String host) throws Exception {
    Path run = tmp.resolve(dir);
    RenderTest.copyDir(RenderTest.STUDIES, run);
    ObjectNode env = (ObjectNode) JSON.readTree(run.resolve("env.json").toFile());
    env.put("host", host);
    JSON.writeValue(run.resolve("env.json").toFile(), env);
    return run;
  }

  /** Two shards of one run (a flame graph in a subfolder of the first), mergeable as they are. */
  private List<Path> shardSet(String name) throws Exception {
    Path a = Files.createDirectories(tmp.resolve(name + "/s0/flames"));
    Path b = Files.createDirectories(tmp.resolve(name + "/s1/flames"));
    Files.writeString(a.resolve("graph.svg"), "<svg/>");
    for (Path p : List.of(a.getParent(), b.getParent())) {
      Files.writeString(p.resolve("jmh.json"), "[]");
    }
    Files.writeString(a.getParent().resolve("env.json"), "{\"git_commit\":\"cafe1\",\"mode\":\"quick\",\"shard\":"
        + "{\"index\":0,\"count\":2,\"units\":[\"x:sweep\"],\"plan\":[\"x:sweep\",\"y:sweep\"]}}");
    Files.writeString(b.getParent().resolve("env.json"), "{\"git_commit\":\"cafe1\",\"mode\":\"quick\",\"shard\":"
        + "{\"index\":1,\"count\":2,\"units\":[\"y:sweep\"],\"plan\":[\"x:sweep\",\"y:sweep\"]}}");
    return List.of(a.getParent(), b.getParent());
  }
}
