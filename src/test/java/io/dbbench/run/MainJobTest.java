package io.dbbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbbench.BenchMain;
import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.FamilyServers;
import io.dbbench.core.FamilySettings;
import io.dbbench.core.ForkFlags;
import io.dbbench.core.Mode;
import io.dbbench.core.Probe;
import io.dbbench.core.SharedServer;
import io.dbbench.profile.AllocationProfiler;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The main job's orchestration with real JMH forks of {@code io.dbbench.harness.HarnessBenchmark}:
 * what the forks actually ran with (as JMH recorded it), skip and failure handling, the merged
 * JMH JSON, and the exit code.
 */
class MainJobTest {
  private static final String HARNESS = "^io\\.dbbench\\.harness\\.HarnessBenchmark\\.";

  /** A credential marker with the characters redaction tends to miss. */
  private static final String SECRET = "Mk3r/@:%z9";

  /**
   * A headline comparison of the harness benchmark, tokens=100 against 200, after a pilot of
   * {@code pilot} pairs and capped at 1 s; one fork per side of {@code iterations} iterations of {@code time}.
   */
  private static FamilySettings.Builder tokensComparison(int iterations, String time, int pilot) {
    return FamilySettings.builder().forks(1).warmupIterations(0).iterations(iterations).measurementTime(time)
        .param("tokens", "100", "200").param("failAt", "0").param("requireSetting", "-").headlineForks(pilot)
        .comparison("io.dbbench.harness.HarnessBenchmark.work", "tokens", "100", "200", "failAt", "0").comparisonCap(1);
  }

  /** One fork, three 100 ms iterations; {@code fail}: the second iteration on throws (a target dying mid-run). */
  private static FamilySettings tiny(boolean fail) {
    return FamilySettings.builder().forks(1).warmupIterations(0).iterations(3).measurementTime("100ms")
        .param("failAt", fail ? "2" : "0").param("requireSetting", fail ? "-" : "DBBENCH_TEST_PASSWORD").build();
  }

  @Test
  void forksGetTheFixedHeapAndUserFlagsSkipsAndFailuresDoNotStopTheRun(@TempDir Path results) throws Exception {
    List<BenchmarkFamily> families = List.of(
        new HarnessFamily("unreachable", HARNESS, Probe.unavailable("no server at 127.0.0.1:1; set DBBENCH_X", Map.of("backend", "none")),
            FamilySettings.NONE),
        new HarnessFamily("failing", tiny(true)),
        new HarnessFamily("passing", HARNESS, Probe.ok(Map.of("backend", "in-process", "password", "s3cret")), tiny(false)));
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(buf, true, StandardCharsets.UTF_8);
    // beside the fixed marker, seeded random ones (CredentialMarkers) in a password property and in
    // a URL's query, holding the characters that end masks (a space or a newline too, which JMH's
    // whitespace split of -jvmArgsAppend once left on the fork's command line)
    java.util.SplittableRandom rnd = new java.util.SplittableRandom(20261130L);
    List<io.dbbench.CredentialMarkers.Case> random = List.of(
        io.dbbench.CredentialMarkers.next(rnd, io.dbbench.CredentialMarkers.Form.PG_URL_PASSWORD),
        io.dbbench.CredentialMarkers.next(rnd, io.dbbench.CredentialMarkers.Form.JDBC_PASSWORD),
        io.dbbench.CredentialMarkers.next(rnd, io.dbbench.CredentialMarkers.Form.MONGO_AUTH_PROPERTIES));
    StringBuilder append = new StringBuilder("-Ddbbench.test.marker=42 -Ddbbench.test.password=" + SECRET);
    random.forEach(c -> append.append(' ').append(c.systemProperty()));
    MainJob.Options options = new MainJob.Options(Mode.QUICK, null, List.of("-jvmArgsAppend", append.toString()), null, results);
    PrintStream stdout = System.out;
    PrintStream stderr = System.err;
    MainJob.Outcome outcome;
    try {
      // what the forks and JMH print on the JVM's own streams is scanned too
      System.setOut(out);
      System.setErr(out);
      outcome = new MainJob(families, options, out, Clock.systemUTC()).run();
    } finally {
      System.setOut(stdout);
      System.setErr(stderr);
    }
    String printed = buf.toString(StandardCharsets.UTF_8);

    List<io.dbbench.report.data.RunManifest.FamilyStatus> statuses = outcome.families().stream().map(MainJob.FamilyOutcome::status).toList();
    assertEquals(List.of(io.dbbench.report.data.RunManifest.FamilyStatus.SKIPPED, io.dbbench.report.data.RunManifest.FamilyStatus.FAILED, io.dbbench.report.data.RunManifest.FamilyStatus.RAN), statuses, printed);
    assertEquals(1, printed.lines().filter(l -> l.contains("unreachable: skipped:")).count(), printed);
    assertTrue(outcome.families().get(1).reason().contains("RunnerException"), outcome.families().get(1).reason());
    assertTrue(printed.contains("failing: failed:"), "the failure is said: " + printed);
    assertEquals(1, BenchMain.exitCode(outcome, out));

    ObjectMapper json = new ObjectMapper();
    JsonNode jmh = json.readTree(outcome.runDir().resolve("jmh.json").toFile());
    assertTrue(jmh.isArray(), "jmh.json must stay a plain JMH JSON array");
    assertEquals(1, jmh.size(), "only the passing family publishes a result, no partial score from the"
        + " failing family's first iteration: " + jmh);
    JsonNode record = jmh.get(0);
    assertEquals("io.dbbench.harness.HarnessBenchmark.work", record.path("benchmark").asText());
    assertEquals("0", record.path("params").path("failAt").asText());
    List<String> jvmArgs = new ArrayList<>();
    record.path("jvmArgs").forEach(a -> jvmArgs.add(a.asText()));
    for (String flag : ForkFlags.forThisJdk()) {
      assertTrue(jvmArgs.contains(flag), flag + " missing from the fork's recorded jvmArgs " + jvmArgs);
    }
    assertTrue(jvmArgs.contains("-Ddbbench.test.marker=42"), "the user's -jvmArgsAppend must add to the defaults: " + jvmArgs);
    assertTrue(jvmArgs.contains("-Ddbbench.run.dir=" + outcome.runDir().toAbsolutePath()), jvmArgs.toString());
    assertTrue(jvmArgs.indexOf("-Ddbbench.test.marker=42") > jvmArgs.indexOf(ForkFlags.XMX),
        "user flags come after the defaults, so a user's -Xmx wins: " + jvmArgs);
    assertFalse(jvmArgs.stream().anyMatch(a -> a.startsWith("-Dbench.")), "main-job knobs are not fork flags: " + jvmArgs);

    JsonNode env = json.readTree(outcome.runDir().resolve("env.json").toFile());
    JsonNode passing = env.path("families").path("passing");
    assertEquals("ran", passing.path("status").asText());
    assertEquals("****", passing.path("password").asText(), "env.json goes through one redaction pass");
    assertTrue(passing.path("fork_jvm_args").path("io.dbbench.harness.HarnessBenchmark").toString().contains(ForkFlags.XMX));
    assertTrue(passing.path("machine").isObject(), "load and steal around the family: " + passing);
    assertTrue(record.path("secondaryMetrics").has("machine.load1"), "each fork records the machine's load: " + record);
    assertEquals("skipped", env.path("families").path("unreachable").path("status").asText());
    assertEquals("failed", env.path("families").path("failing").path("status").asText());
    String report = Files.readString(outcome.runDir().resolve("report.md"));
    // the failing family's benchmark is the passing family's too, whose row has a score: the row counts it
    assertTrue(report.contains("## Failed") && report.contains("| failing |") && report.indexOf("## Failed") < report.indexOf("## All results by class"),
        "the report lists the failed family first:\n" + report);

    // the fork read the password (requireSetting), yet it is nowhere in what the run wrote or printed
    assertFalse(printed.contains(SECRET), "printed output leaks the password");
    for (String f : List.of("jmh.json", "env.json", "report.md", "report.html")) {
      assertFalse(Files.readString(outcome.runDir().resolve(f)).contains(SECRET), f + " leaks the password");
    }
    for (io.dbbench.CredentialMarkers.Case c : random) {
      assertFalse(printed.contains(c.marker()), "printed output leaks " + c.marker() + " of " + c.systemProperty());
      try (var files = Files.walk(outcome.runDir())) {
        for (Path f : files.filter(Files::isRegularFile).toList()) {
          assertFalse(Files.readString(f, StandardCharsets.ISO_8859_1).contains(c.marker()),
              f + " leaks " + c.marker() + " of " + c.systemProperty());
        }
      }
      assertFalse(jvmArgs.stream().anyMatch(a -> a.contains(c.marker())), "a fork's command line carries " + c.marker());
    }
    assertFalse(jvmArgs.stream().anyMatch(a -> a.contains("password")), "the fork command line carries no password: " + jvmArgs);
    try (var leftovers = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
      assertTrue(leftovers.noneMatch(p -> p.getFileName().toString().startsWith("dbbench-secrets-")),
          "the secrets file must be deleted when the job ends");
    }
  }

  /**
   * 200 seeded random passwords ({@link io.dbbench.CredentialMarkers}) as {@code -D} properties,
   * given the three ways a fork gets them (the main job's own JVM arguments, {@code -jvmArgs},
   * {@code -jvmArgsAppend}), never reach a fork's command line (what {@link JmhCommand} builds for
   * the sweep and for a comparison fork) yet reach the forks whole through the secrets file; and an
   * error carrying the setting's value, as a driver's exception may, leaves no marker in the
   * one-line error the main job prints and records.
   */
  @Test
  void seededRandomPasswordsNeverReachAForkCommandLineOrAnErrorLine() {
    Path run = Path.of("/runs/r1");
    for (io.dbbench.CredentialMarkers.Case c : io.dbbench.CredentialMarkers.cases(20261127L, 200)) {
      String where = c.systemProperty().replace("\n", "\\n");
      String property = c.systemProperty().substring(2, c.systemProperty().indexOf('='));
      for (int way = 0; way < 3; way++) {
        List<String> host = way == 0 ? List.of("-Xmx1g", c.systemProperty()) : List.of("-Xmx1g");
        List<String> user = switch (way) {
          case 1 -> List.of("-jvmArgs", c.systemProperty());
          case 2 -> List.of("-jvmArgsAppend", "-Da=1 " + c.systemProperty() + " -Db=2");
          default -> List.of();
        };
        JmhCommand.Job job = new JmhCommand.Job(Mode.QUICK, user, host, 25, run, run.resolve("secrets"));
        String sweep = String.join(" ", JmhCommand.build(job, tiny(false), null, run.resolve("jmh-x.json"),
            List.of(HARNESS)));
        String fork = String.join(" ", JmhCommand.buildComparisonFork(job, tiny(false), "io.dbbench.harness.HarnessBenchmark.work",
            Map.of("failAt", "0"), List.of(), run.resolve("jmh-y.json")));
        assertFalse(sweep.contains(c.marker()), where + " (way " + way + ") reaches the sweep's command line: " + sweep);
        assertFalse(fork.contains(c.marker()), where + " (way " + way + ") reaches a comparison fork's command line: " + fork);
        assertEquals(c.value().strip(), JmhCommand.forkSecrets(user, host).getOrDefault(property, "").strip(),
            where + " (way " + way + "): the fork gets the whole value through the secrets file");
      }
      // a setting quoted by its name (how dbbench's own errors quote one), and a URL as a driver quotes it
      List<String> quoted = new ArrayList<>(List.of(c.setting() + "=" + c.value(), property + "=" + c.value()));
      if (c.value().contains("://")) {
        quoted.add(c.value());
      }
      for (String q : quoted) {
        String line = MainJob.oneLine(new IllegalStateException("probe failed",
            new java.sql.SQLException("cannot connect to " + q + " (given by " + c.setting() + ")")));
        assertFalse(line.contains(c.marker()), where + " reaches an error line: " + line);
        assertFalse(line.contains("\n"), "an error line is one line: " + line);
      }
    }
  }

  /** A family whose servers are shared by its trials: {@code failStart} makes starting them fail. */
  private static final class ServerFamily implements BenchmarkFamily {
    final boolean failStart;
    final AtomicInteger stops = new AtomicInteger();

    ServerFamily(boolean failStart) {
      this.failStart = failStart;
    }

    @Override
    public String id() {
      return failStart ? "nostart" : "shared";
    }

    @Override
    public String title() {
      return "test family with a shared server";
    }

    @Override
    public String includeRegex() {
      return HARNESS;
    }

    @Override
    public Probe probe() {
      return Probe.ok(Map.of());
    }

    @Override
    public FamilySettings settings(Mode mode) {
      return FamilySettings.builder().forks(1).warmupIterations(0).iterations(1).measurementTime("100ms")
          .param("failAt", "0").param("requireSetting", "-").build();
    }

    @Override
    public FamilyServers startServers(Mode mode, PrintStream out) throws IOException {
      if (failStart) {
        throw new IOException("port in use");
      }
      return new FamilyServers(List.of(new SharedServer("test-server", "127.0.0.1:1",
          ProcessHandle.current().pid(), "k")), List.of(stops::incrementAndGet));
    }
  }

  @Test
  void aFamilysSharedServersReachEveryForkAndStopAfterItsLastFork(@TempDir Path results) throws Exception {
    ServerFamily shared = new ServerFamily(false);
    ServerFamily failing = new ServerFamily(true);
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(buf, true, StandardCharsets.UTF_8);
    MainJob.Options options = new MainJob.Options(Mode.QUICK, null, List.of(), null, results);
    MainJob.Outcome outcome = new MainJob(List.of(shared, failing), options, out, Clock.systemUTC()).run();
    String printed = buf.toString(StandardCharsets.UTF_8);
    assertEquals(List.of(io.dbbench.report.data.RunManifest.FamilyStatus.RAN, io.dbbench.report.data.RunManifest.FamilyStatus.RAN),
        outcome.families().stream().map(MainJob.FamilyOutcome::status).toList(), printed);
    assertEquals(1, shared.stops.get(), "stopped once, after the family's last fork");
    String property = "-Ddbbench.shared.test-server=127.0.0.1:1;" + ProcessHandle.current().pid() + ";k";
    JsonNode jmh = new ObjectMapper().readTree(outcome.runDir().resolve("jmh.json").toFile());
    assertEquals(2, jmh.size());
    List<String> first = new ArrayList<>();
    jmh.get(0).path("jvmArgs").forEach(a -> first.add(a.asText()));
    List<String> second = new ArrayList<>();
    jmh.get(1).path("jvmArgs").forEach(a -> second.add(a.asText()));
    assertTrue(first.contains(property), "the fork ran against the shared server: " + first);
    assertFalse(second.stream().anyMatch(a -> a.startsWith("-Ddbbench.shared.")), "no server started, none passed: " + second);
    assertTrue(printed.contains("nostart: shared servers not started, every trial starts its own: ")
        && printed.contains("port in use"), printed);
    JsonNode env = new ObjectMapper().readTree(outcome.runDir().resolve("env.json").toFile());
    JsonNode s = env.path("families").path("shared").path("shared_servers").get(0);
    assertEquals("test-server", s.path("name").asText(), env.toString());
    assertEquals(ProcessHandle.current().pid(), s.path("pid").asLong());
  }

  @Test
  void headlineComparisonsRunInterleavedSingleForksInPlaceOfTheirOneForkRecords(@TempDir Path results) throws Exception {
    String work = "io.dbbench.harness.HarnessBenchmark.work";
    FamilySettings.Builder base = FamilySettings.builder().forks(1).warmupIterations(0).iterations(2)
        .measurementTime("100ms").param("tokens", "100", "200").headlineForks(3);
    List<BenchmarkFamily> families = List.of(
        new HarnessFamily("headlines", base.comparison(work, "tokens", "100", "200", "failAt", "0")
            .build()),
        // the contender's benchmark fails in its first fork: no score from either side, the family fails, the job goes on
        new HarnessFamily("badheadline", FamilySettings.builder().forks(1).warmupIterations(0)
            .iterations(2).measurementTime("100ms").param("tokens", "100").headlineForks(3)
            .comparison(work, "failAt", "0", "2", "tokens", "100").build()));
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(buf, true, StandardCharsets.UTF_8);
    // -Dbench.forks=3: every comparison runs exactly 3 pairs (no stopping rule)
    MainJob.Outcome outcome = new MainJob(families, new MainJob.Options(Mode.QUICK, null, List.of(), 3, results), out,
        Clock.systemUTC()).run();
    String printed = buf.toString(StandardCharsets.UTF_8);
    assertEquals(List.of(io.dbbench.report.data.RunManifest.FamilyStatus.RAN, io.dbbench.report.data.RunManifest.FamilyStatus.FAILED),
        outcome.families().stream().map(MainJob.FamilyOutcome::status).toList(), printed);
    assertTrue(outcome.families().get(1).reason().startsWith("fork 2 (B) of HarnessBenchmark.work failAt=0->2 tokens=100 failed"),
        outcome.families().get(1).reason());
    assertTrue(printed.contains("headlines: headline comparison HarnessBenchmark.work tokens=100->200 failAt=0: 3+3 forks,"
        + " order ABBAAB"), printed);

    ObjectMapper json = new ObjectMapper();
    JsonNode jmh = json.readTree(outcome.runDir().resolve("jmh.json").toFile());
    // headlines: tokens=100 and tokens=200, 3 interleaved forks each in place of the sweep's 1-fork records;
    // badheadline: nothing (a failed comparison publishes neither side)
    assertEquals(2, jmh.size(), jmh.toString());
    for (int i = 0; i < 2; i++) {
      assertEquals(i == 0 ? "100" : "200", jmh.get(i).path("params").path("tokens").asText());
      assertEquals(3, jmh.get(i).path("forks").asInt(), "the side's forks, merged");
      assertEquals(3, jmh.get(i).path("primaryMetric").path("rawData").size(), "one rawData array per fork");
    }
    JsonNode env = json.readTree(outcome.runDir().resolve("env.json").toFile());
    JsonNode run = env.path("families").path("headlines").path("comparisons").get(0);
    assertEquals(work, run.path("benchmark").asText());
    assertEquals(3, run.path("forks_per_side").asInt());
    assertEquals("ABBAAB", run.path("order").asText(), "the order as run");
    assertEquals("fixed", run.path("rule").path("kind").asText(), run.toString());
    assertEquals("fixed", run.path("stop").asText());
    assertEquals("0", run.path("baseline").path("failAt").asText());
    assertEquals("****", run.path("baseline").path("tokens").asText(), "env.json masks any token-named value, a @Param too");
    assertTrue(run.path("jmh_args").toString().contains("\"-f\",\"1\""), run.path("jmh_args").toString());
    JsonNode bad = env.path("families").path("badheadline").path("comparisons").get(0);
    assertEquals("A", bad.path("order").asText(), "only the forks that ran");
    try (var files = Files.list(outcome.runDir())) {
      assertTrue(files.noneMatch(f -> f.getFileName().toString().contains("-comparison-")),
          "comparison fork files are merged, then deleted");
    }
    // the report pairs the forks: the finding file exists and the run's comparison is recognised as interleaved
    assertTrue(Files.exists(outcome.runDir().resolve("findings.json")));
  }

  @Test
  void aComparisonRunsItsPilotThenStopsOnTheRuleAndRecordsWhy(@TempDir Path results) throws Exception {
    // a pilot of 4 pairs and a 1 s cap: the pilot always runs, then the width or the cap stops it
    FamilySettings s = tokensComparison(2, "100ms", 4).build();
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    MainJob.Outcome outcome = new MainJob(List.of(new HarnessFamily("rule", s)),
        new MainJob.Options(Mode.QUICK, null, List.of(), null, results), new PrintStream(buf, true, StandardCharsets.UTF_8),
        Clock.systemUTC()).run();
    String printed = buf.toString(StandardCharsets.UTF_8);
    assertEquals(List.of(io.dbbench.report.data.RunManifest.FamilyStatus.RAN), outcome.families().stream().map(MainJob.FamilyOutcome::status).toList(),
        printed);
    assertTrue(printed.contains("a pilot of 4 pairs, then pairs until half-width <= 10 points"), printed);
    assertTrue(printed.contains("the pilot's 4 pairs ask for"), printed);
    ObjectMapper json = new ObjectMapper();
    JsonNode run = json.readTree(outcome.runDir().resolve("env.json").toFile()).path("families").path("rule")
        .path("comparisons").get(0);
    assertEquals("stein", run.path("rule").path("kind").asText(), run.toString());
    assertEquals(4, run.path("rule").path("pilot_pairs").asInt());
    assertEquals(4, run.path("forks_per_side").asInt(), "the pilot, then the 1 s cap: " + run);
    assertEquals("ABBAABBA", run.path("order").asText());
    assertTrue(List.of("width reached", "cap").contains(run.path("stop").asText()), run.toString());
    assertTrue(run.path("pairs_needed").asInt() >= 4, run.toString());
    assertTrue(run.path("width").isNumber(), run.toString());
    JsonNode finding = null;
    for (JsonNode f : json.readTree(outcome.runDir().resolve("findings.json").toFile())) {
      finding = f;
    }
    // the harness is no study: the rows still carry each fork's machine state, merged
    for (JsonNode r : json.readTree(outcome.runDir().resolve("jmh.json").toFile())) {
      JsonNode other = r.path("secondaryMetrics").path("machine.other_busy");
      assertEquals(4, other.path("rawData").size(), "one machine state per fork: " + other);
      assertTrue(other.path("score").isNumber(), "the largest over the forks, not NaN: " + other);
    }
    assertEquals(null, finding, "no study matches the harness benchmark");
  }

  @Test
  void furtherSweepsRunAtTheirPointsAreRecordedAndEachUnitSaysItsProgress(@TempDir Path results) throws Exception {
    // a main sweep at tokens=100, a further sweep at tokens=200 and 300 with its own iteration count,
    // and one that fails (its fork throws in the first iteration): the family fails, the rows stay
    FamilySettings s = FamilySettings.builder().forks(1).warmupIterations(0).iterations(2).measurementTime("100ms")
        .param("tokens", "100").param("failAt", "0").param("requireSetting", "-").sweepExpectedSeconds(7)
        .sweep("more-tokens", "HarnessBenchmark\\.work$", "two heavier points", 9, List.of("-i", "1"),
            "tokens", "200,300")
        .sweep("broken", "HarnessBenchmark\\.work$", "a point that fails", 5, List.of(), "tokens", "400",
            "failAt", "1")
        .build();
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    MainJob.Outcome outcome = new MainJob(List.of(new HarnessFamily("parts", s)),
        new MainJob.Options(Mode.QUICK, Pattern.compile("HarnessBenchmark\\.work$"), List.of(), null, results),
        new PrintStream(buf, true, StandardCharsets.UTF_8), Clock.systemUTC()).run();
    String printed = buf.toString(StandardCharsets.UTF_8);
    assertEquals(io.dbbench.report.data.RunManifest.FamilyStatus.FAILED, outcome.families().get(0).status(), printed);
    assertTrue(outcome.families().get(0).reason().startsWith("sweep broken failed"), outcome.families().get(0).reason());
    // the plan first: three units, their seconds and the total
    assertTrue(printed.contains("plan: 3 units in quick mode, about 21 s expected (21 s)"), printed);
    assertTrue(printed.contains("parts:sweep:more-tokens") && printed.contains("      9 s"), printed);
    // one progress line per unit, in the order they ended
    List<String> progress = printed.lines().filter(l -> l.contains("] progress: ")).toList();
    assertEquals(3, progress.size(), printed);
    assertTrue(progress.get(0).contains("1/3 units done; parts:sweep:more-tokens took "), progress.get(0));
    assertTrue(progress.get(1).contains("2/3 units done; parts:sweep:broken took "), progress.get(1));
    assertTrue(progress.get(2).contains("3/3 units done; parts:sweep took ") && progress.get(2).endsWith("nothing left"),
        progress.get(2));

    ObjectMapper json = new ObjectMapper();
    JsonNode rows = json.readTree(outcome.runDir().resolve("jmh.json").toFile());
    List<String> tokens = new ArrayList<>();
    rows.forEach(r -> tokens.add(r.path("params").path("tokens").asText()));
    assertEquals(List.of("100", "200", "300"), tokens, "the main sweep's row and the further sweep's two, none of the failed one");
    rows.forEach(r -> assertEquals(r.path("params").path("tokens").asText().equals("100") ? 2 : 1,
        r.path("measurementIterations").asInt(), "each sweep's own options, as JMH recorded them: " + r));
    io.dbbench.report.data.RunManifest m = io.dbbench.report.data.ManifestJson.read(outcome.runDir().resolve("env.json"));
    List<io.dbbench.report.data.RunManifest.SweepRun> sweeps = m.families().get("parts").sweepList();
    assertEquals(List.of("more-tokens", "broken"), sweeps.stream().map(io.dbbench.report.data.RunManifest.SweepRun::name)
        .toList());
    assertEquals(io.dbbench.report.data.RunManifest.FamilyStatus.RAN, sweeps.get(0).status());
    assertEquals(2, sweeps.get(0).results());
    assertEquals(9, sweeps.get(0).expectedSeconds());
    List<String> args = sweeps.get(0).jmhArgs();
    assertEquals("1", args.get(args.indexOf("-i") + 1), "the sweep's own options, as run: " + args);
    assertTrue(sweeps.get(0).machine() != null, "every sweep records the machine's state");
    assertEquals(io.dbbench.report.data.RunManifest.FamilyStatus.FAILED, sweeps.get(1).status());
    assertTrue(sweeps.get(1).error().contains("broken"), sweeps.get(1).error());
  }

  @Test
  void aFurtherSweepWhoseRowsRanElsewhereIsAnErrorNamingTheValue() {
    JsonNode rows = new ObjectMapper().createArrayNode().add(new ObjectMapper().createObjectNode()
        .put("benchmark", "a.B.c").set("params", new ObjectMapper().createObjectNode().put("tokens", "999")));
    String error = JmhRows.ranWithin(rows, "more-tokens", Map.of("tokens", List.of("200", "300")));
    assertEquals("sweep more-tokens meant tokens in [200, 300] but JMH recorded a.B.c at tokens=999", error);
    assertEquals(null, JmhRows.ranWithin(rows, "x", Map.of("tokens", List.of("999"), "absent", List.of("1"))),
        "a parameter the benchmark does not have is not checked");
  }

  @Test
  void aComparisonsWarmupPairIsDiscardedAndAnIncludeOfOnlyItsBenchmarkRunsItWithoutASweep(@TempDir Path results)
      throws Exception {
    // the sweep leaves the compared method out, as the quick payload and arango settings do, and the
    // include selects only it: the comparison runs (its warm-up pair first, discarded), the sweep does not
    FamilySettings s = tokensComparison(2, "100ms", 4).comparisonWarmupPair()
        .exclude("^io\\.dbbench\\.harness\\.HarnessBenchmark\\.work$", "measured by the comparison").build();
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    MainJob.Outcome outcome = new MainJob(List.of(new HarnessFamily("warm", s)),
        new MainJob.Options(Mode.QUICK, Pattern.compile("HarnessBenchmark\\.work$"), List.of(), null, results),
        new PrintStream(buf, true, StandardCharsets.UTF_8), Clock.systemUTC()).run();
    String printed = buf.toString(StandardCharsets.UTF_8);
    assertEquals(List.of(io.dbbench.report.data.RunManifest.FamilyStatus.RAN), outcome.families().stream().map(MainJob.FamilyOutcome::status).toList(),
        printed);
    assertTrue(printed.contains("no main sweep (the selection leaves only its further sweeps and headline comparisons)"),
        printed);
    assertTrue(printed.contains("comparison 1 warm-up fork A (discarded)"), printed);
    assertTrue(printed.contains("comparison 1 warm-up fork B (discarded)"), printed);
    ObjectMapper json = new ObjectMapper();
    JsonNode fam = json.readTree(outcome.runDir().resolve("env.json").toFile()).path("families").path("warm");
    assertTrue(fam.path("jmh_args").isMissingNode(), "no sweep ran: " + fam);
    JsonNode run = fam.path("comparisons").get(0);
    assertEquals("ABBAABBA", run.path("order").asText(), "the warm-up pair is not in the order: " + run);
    assertTrue(run.path("warmup_pair_seconds").asLong(-1) >= 0, run.toString());
    assertTrue(run.path("wall_seconds").asLong() >= run.path("warmup_pair_seconds").asLong(), run.toString());
    JsonNode rows = json.readTree(outcome.runDir().resolve("jmh.json").toFile());
    assertEquals(2, rows.size(), "the two sides only: " + rows);
    for (JsonNode r : rows) {
      assertEquals(4, r.path("primaryMetric").path("rawData").size(), "the pilot's forks, not the warm-up's: " + r);
    }
  }

  @Test
  void aForkThatRanOtherParamsThanMeantIsCaught() throws Exception {
    JsonNode got = new ObjectMapper().readTree("[{\"benchmark\":\"a.B.c\",\"params\":{\"x\":\"1\",\"y\":\"2\"}}]");
    assertEquals(null, JmhRows.ranWith(got, "a.B.c", Map.of("x", "1")));
    assertEquals("a comparison fork of a.B.c meant x=3 but JMH recorded x=1", JmhRows.ranWith(got, "a.B.c", Map.of("x", "3")));
    assertEquals("a comparison fork meant for a.B.d ran a.B.c", JmhRows.ranWith(got, "a.B.d", Map.of("x", "1")));
  }

  @Test
  void aRunInWhichNothingRanExitsNonZeroAndSaysWhy(@TempDir Path results) throws Exception {
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(buf, true, StandardCharsets.UTF_8);
    List<BenchmarkFamily> families = List.of(new HarnessFamily("unreachable", HARNESS, Probe.unavailable("down"), FamilySettings.NONE));
    MainJob.Outcome outcome = new MainJob(families, new MainJob.Options(Mode.QUICK, null, List.of(), null, results), out,
        Clock.systemUTC()).run();
    assertTrue(outcome.nothingRan());
    assertEquals(1, BenchMain.exitCode(outcome, out));
    assertTrue(buf.toString(StandardCharsets.UTF_8).contains("nothing ran"), buf.toString(StandardCharsets.UTF_8));
    assertEquals("[ ]", Files.readString(outcome.runDir().resolve("jmh.json")).trim());
  }


  @Test
  void theAllocationPassAddsAllocsPerOpWhileTheTimedForksRunWithoutTheAgent(@TempDir Path results) throws Exception {
    FamilySettings s = FamilySettings.builder().forks(1).warmupIterations(0).iterations(2).measurementTime("200ms")
        .countAllocations("AllocationCountBenchmark\\.allocate$").build();
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    BenchmarkFamily allocs = new HarnessFamily("allocs", "^io\\.dbbench\\.harness\\.AllocationCountBenchmark\\.",
        Probe.ok(Map.of()), s);
    MainJob.Outcome outcome = new MainJob(List.of(allocs),
        new MainJob.Options(Mode.QUICK, null, List.of(), null, results), new PrintStream(buf, true, StandardCharsets.UTF_8),
        Clock.systemUTC()).run();
    String printed = buf.toString(StandardCharsets.UTF_8);
    assertEquals(List.of(io.dbbench.report.data.RunManifest.FamilyStatus.RAN), outcome.families().stream().map(MainJob.FamilyOutcome::status).toList(),
        printed);
    ObjectMapper json = new ObjectMapper();
    JsonNode row = json.readTree(outcome.runDir().resolve("jmh.json").toFile()).get(0);
    assertEquals(4.0, row.path("secondaryMetrics").path(AllocationProfiler.ALLOCS).path("score")
        .asDouble(), 0.01, row.toString());
    // the timed fork's recorded JVM arguments carry no agent; the pass's own fork did
    assertTrue(row.path("jvmArgs").toString().indexOf("-javaagent") < 0, row.path("jvmArgs").toString());
    JsonNode env = json.readTree(outcome.runDir().resolve("env.json").toFile());
    JsonNode passArgs = env.path("families").path("allocs").path("allocation_pass").path("fork_jvm_args");
    assertTrue(passArgs.toString().contains("-javaagent:") && passArgs.toString().contains("allocation-instrumenter"),
        passArgs.toString());
    assertEquals(1, env.path("families").path("allocs").path("allocation_pass").path("rows_with_allocs").asInt(),
        env.path("families").path("allocs").toString());
  }

  @Test
  void theProfileKnobMakesFlameGraphsOfEachHeadlineSideOrSaysWhyNot(@TempDir Path results) throws Exception {
    FamilySettings s = tokensComparison(1, "300ms", 1).build();
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    MainJob.Outcome outcome = new MainJob(List.of(new HarnessFamily("prof", s)),
        new MainJob.Options(Mode.QUICK, null, List.of(), null, results, "async"),
        new PrintStream(buf, true, StandardCharsets.UTF_8), Clock.systemUTC()).run();
    String printed = buf.toString(StandardCharsets.UTF_8);
    assertEquals(List.of(io.dbbench.report.data.RunManifest.FamilyStatus.RAN), outcome.families().stream().map(MainJob.FamilyOutcome::status).toList(),
        printed);
    JsonNode profiles = new ObjectMapper().readTree(outcome.runDir().resolve("env.json").toFile())
        .path("families").path("prof").path("profiles");
    if (ExtraForks.asyncProfilerLibrary() == null) {
      assertTrue(printed.contains("flame graphs skipped"), printed);
      return;
    }
    assertEquals(4, profiles.size(), "A and B, cpu and alloc: " + profiles);
    for (JsonNode p : profiles) {
      if (p.has("error") || p.path("graphs").isEmpty()) {
        assertTrue(printed.contains("going on"), "a profiler that cannot attach says so in one line: " + printed);
        continue;
      }
      Path graph = outcome.runDir().resolve(p.path("graphs").get(0).asText());
      assertTrue(Files.readString(graph).contains("<html") || Files.readString(graph).contains("<!DOCTYPE"), graph.toString());
    }
    // the report links them beside the findings
    assertTrue(Files.readString(outcome.runDir().resolve("report.md")).contains("Flame graphs of the headline comparisons"));
  }
}
