package io.dbbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbbench.report.Report;
import io.dbbench.report.data.Run;
import io.dbbench.report.stats.Comparison;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@link Interleave}: the fork order, the fork command lines, refused options, and a real run of
 * {@code io.dbbench.harness.HarnessBenchmark} whose forks alternate between two sides and are merged
 * into one multi-fork JMH record per side that {@code report compare} recognises as interleaved.
 */
class InterleaveTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

  @TempDir
  Path tmp;

  @Test
  void forksAlternateAbba() {
    assertEquals(List.of("A1", "B1"), Interleave.order(1));
    assertEquals(List.of("A1", "B1", "B2", "A2", "A3", "B3"), Interleave.order(3));
  }

  @Test
  void everyForkIsOneJmhForkWritingJson() {
    Interleave.Side side = new Interleave.Side("baseline", "A", List.of("java", "-jar", "/x/A.jar"), Map.of());
    assertEquals(List.of("java", "-jar", "/x/A.jar", "Graphj.*compress", "-p", "level=3", "-f", "1", "-rf", "json",
            "-rff", "/out/forks/A-1.json"),
        Interleave.forkCommand(side, List.of("Graphj.*compress", "-p", "level=3"), Path.of("/out/forks/A-1.json")));
  }

  @Test
  void varyGivesEachSideItsOwnValueAndTheRowsPairUpWithoutIt() throws Exception {
    String[] v = Interleave.parseVary("engine=kuzu,ladybug", List.of("GraphReadBenchmark", "-p", "nodes=1000"));
    assertEquals(List.of("engine", "kuzu", "ladybug"), List.of(v));
    Interleave.Side a = new Interleave.Side("baseline", "A", List.of("java", "-jar", "/x/A.jar"), Map.of()).varying(v[0], v[1]);
    assertEquals(List.of("java", "-jar", "/x/A.jar", "R", "-p", "engine=kuzu", "-f", "1", "-rf", "json", "-rff", "/f.json"),
        Interleave.forkCommand(a, List.of("R"), Path.of("/f.json")));
    assertEquals("engine=kuzu", a.describe().get("vary"));
    com.fasterxml.jackson.databind.node.ArrayNode rows = (com.fasterxml.jackson.databind.node.ArrayNode)
        new ObjectMapper().readTree(
            "[{\"benchmark\":\"b\",\"params\":{\"engine\":\"kuzu\",\"nodes\":\"1000\"}},"
                + "{\"benchmark\":\"c\",\"params\":{\"engine\":\"kuzu\"}}]");
    Interleave.dropParam(rows, "engine");
    assertEquals("{\"nodes\":\"1000\"}", rows.get(0).get("params").toString());
    assertFalse(rows.get(1).has("params"), "a row left without params has none, as JMH writes it");
  }

  @Test
  void varyRefusesABadFormAndTheSameParamAmongTheOptions() {
    for (String bad : List.of("engine", "engine=kuzu", "engine=kuzu,kuzu", "engine=a,b,c", "=a,b", "engine=a b,c")) {
      Interleave.InterleaveException e = assertThrows(Interleave.InterleaveException.class,
          () -> Interleave.parseVary(bad, List.of()));
      assertTrue(e.getMessage().startsWith("--vary '" + bad + "': expected PARAM=BASELINE,CANDIDATE"), e.getMessage());
    }
    Interleave.InterleaveException e = assertThrows(Interleave.InterleaveException.class,
        () -> Interleave.parseVary("engine=kuzu,ladybug", List.of("R", "-p", "engine=kuzu")));
    assertTrue(e.getMessage().contains("--vary sets engine on each side"), e.getMessage());
  }

  @Test
  void optionsInterleaveSetsItselfAreRefusedNamingThem() {
    for (String opt : List.of("-f", "-rf", "-rff", "-o")) {
      Interleave.InterleaveException e = assertThrows(Interleave.InterleaveException.class,
          () -> Interleave.checkJmhArgs(List.of("X", opt, "3")));
      assertTrue(e.getMessage().startsWith("JMH option " + opt + " cannot be given"), e.getMessage());
    }
    Interleave.InterleaveException e = assertThrows(Interleave.InterleaveException.class,
        () -> Interleave.checkJmhArgs(List.of("X", "-wi")));
    assertTrue(e.getMessage().contains("-wi needs a value"), e.getMessage());
  }

  @Test
  void commandLineBadInputExitsTwoBeforeAnyForkRuns() throws Exception {
    Path jar = Files.writeString(tmp.resolve("b.jar"), "not run");
    String[][] cases = {
        {"--baseline", tmp.resolve("missing.jar").toString(), "--candidate", jar.toString(), "--", "X"},
        {"--baseline", jar.toString(), "--candidate", jar.toString(), "--", "X", "-f", "3"},
        {"--baseline", jar.toString(), "--candidate", jar.toString(), "--max-regression", "ten", "--", "X"},
        {"--baseline", jar.toString(), "--candidate", jar.toString(), "--forks", "0", "--", "X"},
    };
    String[] expected = {"missing.jar: no such file", "JMH option -f cannot be given",
        "--max-regression 'ten' is not a percentage", "--forks 0: expected at least 1 fork per side"};
    for (int i = 0; i < cases.length; i++) {
      StringWriter err = new StringWriter();
      CommandLine cl = new CommandLine(new Interleave());
      cl.setErr(new PrintWriter(err, true));
      cl.setOut(new PrintWriter(new StringWriter(), true));
      List<String> args = new ArrayList<>(List.of(cases[i]));
      args.addAll(0, List.of("--out", tmp.resolve("out" + i).toString()));
      assertEquals(Report.EXIT_BAD_INPUT, cl.execute(args.toArray(String[]::new)), err.toString());
      assertTrue(err.toString().contains(expected[i]), err.toString());
      assertFalse(Files.exists(tmp.resolve("out" + i).resolve("forks").resolve("A-1.json")), "no fork ran");
    }
  }

  @Test
  void anOutputDirectoryThatCannotBeWrittenIsOneLineAndExitTwo() throws Exception {
    Path jar = Files.writeString(tmp.resolve("b.jar"), "not run");
    Path file = Files.writeString(tmp.resolve("not-a-dir"), "x");
    StringWriter err = new StringWriter();
    CommandLine cl = new CommandLine(new Interleave());
    cl.setErr(new PrintWriter(err, true));
    assertEquals(Report.EXIT_BAD_INPUT, cl.execute("--baseline", jar.toString(), "--candidate", jar.toString(),
        "--out", file.toString(), "--", "X"));
    assertTrue(err.toString().startsWith("interleave: cannot write " + file), err.toString());
    assertEquals(1, err.toString().strip().lines().count(), "one line, no stack trace: " + err);
  }

  @Test
  void secretJvmPropertiesLeaveTheSidesCommandLinesForASecretsFile() {
    String m = "MARK7F3A" + Long.toHexString(System.nanoTime());
    List<String> args = List.of("X", "-jvmArgsAppend", "-Dmy.secret=" + m + " -Xmx1g", "-jvmArgsPre",
        "-Dtest.authentication=basic:root:" + m, "--jvmArgs=-Ddbbench.jdbc.url=jdbc:postgresql://h/db?password=" + m);
    assertEquals(java.util.Map.of("my.secret", m, "test.authentication", "basic:root:" + m,
        "dbbench.jdbc.url", "jdbc:postgresql://h/db?password=" + m), ForkSecrets.secretsOf(args),
        "every spelling JMH takes: -jvmArgsPre, --jvmArgs=");
    Path file = Path.of("/tmp/dbbench-secrets-x.properties");
    List<String> side = ForkSecrets.withoutSecrets(args, file);
    String line = String.join(" ", Interleave.forkCommand(
        new Interleave.Side("baseline", "A", List.of("java", "-jar", "/x/A.jar"), Map.of()), side, Path.of("f.json")));
    assertFalse(line.contains(m), line);
    assertFalse(line.contains("my.secret"), "the property leaves the command line, not only its value: " + line);
    assertEquals(List.of("X", "-jvmArgsAppend", "-Xmx1g -Ddbbench.secrets.file=" + file, "-jvmArgs",
        "-Ddbbench.secrets.file=" + file), side, "an emptied -jvmArgs keeps only the secrets file (not the host's flags)");
    assertEquals(List.of("X", "-p", "a=1", "-jvmArgsAppend", "-Ddbbench.secrets.file=" + file),
        ForkSecrets.withoutSecrets(List.of("X", "-p", "a=1"), file), "-jvmArgsAppend is created when absent");
    assertEquals(List.of("X", "-jvmArgsAppend", "-Xmx1g"),
        ForkSecrets.withoutSecrets(List.of("X", "-jvmArgsAppend", "-Xmx1g"), null), "without secrets nothing is added");
  }

  @Test
  void aFailingForkStopsTheRunNamingItsLog() throws Exception {
    List<String> ok = List.of(JAVA, "-cp", System.getProperty("java.class.path"), "io.dbbench.JmhMain");
    List<String> broken = List.of(JAVA, "-cp", System.getProperty("java.class.path"), "io.dbbench.NoSuchMain");
    Interleave.Plan plan = new Interleave.Plan(new Interleave.Side("baseline", "A", broken, Map.of()),
        new Interleave.Side("candidate", "B", ok, Map.of()), 2, List.of("HarnessBenchmark.work"), tmp.resolve("ab"));
    Interleave.InterleaveException e = assertThrows(Interleave.InterleaveException.class,
        () -> Interleave.run(plan, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)));
    assertTrue(e.getMessage().startsWith("fork baseline A-1 failed (exit 1); see "), e.getMessage());
    assertTrue(e.getMessage().contains("NoSuchMain"), "the log's last lines say why: " + e.getMessage());
    assertTrue(Files.isRegularFile(tmp.resolve("ab/forks/A-1.log")), "the log is kept");
    assertFalse(Files.exists(tmp.resolve("ab/forks/B-1.json")), "nothing runs after a failed fork");
  }

  @Test
  void realForksAlternateAndEachSideIsMergedIntoOneMultiForkRecord() throws Exception {
    List<String> cmd = List.of(JAVA, "-cp", System.getProperty("java.class.path"), "io.dbbench.JmhMain");
    Path out = tmp.resolve("ab");
    Interleave.Plan plan = new Interleave.Plan(
        new Interleave.Side("baseline", "A", cmd, Map.of("jar", "a.jar")),
        new Interleave.Side("candidate", "B", cmd, Map.of("jar", "b.jar")), 2,
        List.of("io.dbbench.harness.HarnessBenchmark.work", "-wi", "0", "-i", "2", "-r", "100ms",
            "-p", "tokens=100", "-jvmArgsAppend", "-Ddbbench.test.password=hunter2"), out);
    ByteArrayOutputStream progress = new ByteArrayOutputStream();
    Interleave.run(plan, new PrintStream(progress, true, StandardCharsets.UTF_8));
    String printed = progress.toString(StandardCharsets.UTF_8);
    assertTrue(printed.contains("fork pair 1/2 (baseline then candidate)"), printed);
    assertTrue(printed.contains("fork pair 2/2 (candidate then baseline)"), printed);

    JsonNode manifest = JSON.readTree(out.resolve("interleave.json").toFile());
    List<String> ran = new ArrayList<>();
    manifest.path("machine").forEach(m -> ran.add(m.path("fork").asText()));
    assertEquals(List.of("A-1", "B-1", "B-2", "A-2"), ran, "the forks ran in ABBA order");
    assertFalse(manifest.toString().contains("hunter2"), "a secret in the JMH arguments is masked: " + manifest);
    for (String f : List.of("A-1", "B-1", "B-2", "A-2")) {
      assertFalse(Files.readString(out.resolve("forks/" + f + ".log")).contains("hunter2"), f + ".log is redacted");
      assertFalse(Files.readString(out.resolve("forks/" + f + ".json")).contains("hunter2"), f + ".json is redacted");
      assertFalse(Files.readString(out.resolve("forks/" + f + ".json")).contains("dbbench.test.password"),
          f + ".json: the fork's command line never had the property (it read it from the secrets file)");
      assertTrue(Files.readString(out.resolve("forks/" + f + ".json")).contains("dbbench.secrets.file"), f + ".json");
    }

    for (String side : List.of("baseline", "candidate")) {
      JsonNode jmh = JSON.readTree(out.resolve(side + "/jmh.json").toFile());
      assertEquals(1, jmh.size());
      JsonNode r = jmh.get(0);
      assertEquals(2, r.path("forks").asInt(), side + ": two forks merged");
      assertEquals(2, r.path("primaryMetric").path("rawData").size());
      r.path("primaryMetric").path("rawData").forEach(f -> assertEquals(2, f.size(), "two iterations per fork"));
      assertEquals("100", r.path("params").path("tokens").asText());
    }
    Run base = Run.load(out.resolve("baseline"));
    Run cand = Run.load(out.resolve("candidate"));
    assertTrue(Comparison.interleaved(base, cand), "the sides recognise each other");
    assertFalse(Comparison.interleaved(base, base), "one side is not a pair");
    assertEquals(0.0, Comparison.driftFor(base, cand, null), "interleaved sides get no drift allowance");

    StringWriter o = new StringWriter();
    StringWriter e = new StringWriter();
    int rc = Interleave.compareAndGate(out, "10%", new PrintWriter(o, true), new PrintWriter(e, true));
    assertEquals(Report.EXIT_CANNOT_JUDGE, rc, "2 forks per side cannot be judged: " + o + e);
    assertTrue(Files.readString(out.resolve("comparison.md")).contains("forks were interleaved"),
        "the comparison says how the sides were recorded");
  }
}
