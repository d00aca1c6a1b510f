package io.dbbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.core.FamilySettings;
import io.dbbench.core.Mode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How the main job assembles one family's JMH command line and its forks' JVM arguments. */
class JmhCommandTest {
  private static final Path RUN = Path.of("/runs/r1");

  private static List<String> build(Mode mode, FamilySettings family, Integer forks, String user, List<String> host,
      int jdk) {
    return JmhCommand.build(new JmhCommand.Job(mode, JmhArgs.split(user), host, jdk, RUN, null), family, forks,
        Path.of("/runs/r1/jmh-x.json"), List.of("^a\\.B\\.c$"));
  }

  @Test
  void layersDefaultsFamilyForksUserThenFixedOptions() {
    FamilySettings fam = FamilySettings.builder().param("level", "1", "3").profiler("gc").iterations(5).build();
    List<String> cmd = build(Mode.QUICK, fam, 4, "-p level=22 -wi 2", List.of(), 25);
    assertEquals(List.of("-f", "4", "-wi", "2", "-w", "1s", "-i", "5", "-r", "1s", "-prof", "gc", "-p", "level=22",
        "-rf", "json", "-rff", "/runs/r1/jmh-x.json", "-foe", "true", "-prof", JmhCommand.MACHINE_PROFILER,
        "-jvmArgsAppend", "-Xms2g -Xmx2g --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow "
            + "-Ddbbench.run.dir=/runs/r1",
        "^a\\.B\\.c$"), cmd);
    List<String> full = build(Mode.FULL, FamilySettings.NONE, null, "", List.of(), 21);
    assertEquals(List.of("-f", "3", "-wi", "5", "-w", "2s", "-i", "10", "-r", "2s"), full.subList(0, 10));
    assertTrue(full.contains("-Xms2g -Xmx2g --enable-native-access=ALL-UNNAMED -Ddbbench.run.dir=/runs/r1"),
        "JDK 21 does not know the Unsafe flag: " + full);
  }

  @Test
  void familyForkPropertiesComeBeforeTheUsersAppendSoTheUserWins() {
    FamilySettings fam = FamilySettings.builder().forkProperty("dbbench.warmup.cap", "20").build();
    List<String> cmd = build(Mode.QUICK, fam, null, "-jvmArgsAppend -Ddbbench.warmup.cap=45", List.of(), 25);
    String append = cmd.get(cmd.indexOf("-jvmArgsAppend") + 1);
    assertTrue(append.endsWith("-Ddbbench.run.dir=/runs/r1 -Ddbbench.warmup.cap=20 -Ddbbench.warmup.cap=45"), append);
    assertThrows(IllegalArgumentException.class, () -> FamilySettings.builder().forkProperty("a b", "1"));
    assertThrows(IllegalArgumentException.class, () -> FamilySettings.builder().forkProperty("a", "1 2"));
  }

  @Test
  void hostArgumentsReachTheForksWithoutTheMainJobKnobsAndUserJvmOptionsAdd() {
    List<String> opts = JmhCommand.forkJvmOptions(new JmhCommand.Job(Mode.QUICK,
        JmhArgs.split("-jvmArgsAppend '-Xmx4g -Da=1' -jvmArgsPrepend -Dp=0"),
        List.of("--enable-native-access=ALL-UNNAMED", "-Dbench.args=-f 9", "-Ddbbench.jdbc.url=jdbc:h2:mem:x"), 25, RUN, null),
        Map.of());
    assertEquals(List.of("-jvmArgs", "--enable-native-access=ALL-UNNAMED -Ddbbench.jdbc.url=jdbc:h2:mem:x",
        "-jvmArgsPrepend", "-Dp=0",
        "-jvmArgsAppend", "-Xms2g -Xmx2g --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow "
            + "-Ddbbench.run.dir=/runs/r1 -Xmx4g -Da=1"), opts);
    List<String> replaced = JmhCommand.forkJvmOptions(new JmhCommand.Job(Mode.QUICK, JmhArgs.split("-jvmArgs -Dbase=1"),
        List.of("-Dhost=1"), 25, RUN, null), Map.of());
    assertEquals("-Dbase=1", replaced.get(1), "a user's -jvmArgs replaces the inherited host arguments");
  }

  @Test
  void everySpellingJmhAcceptsForTheForksJvmOptionsIsReadAsOneAndItsSecretsLeaveTheCommandLine() {
    // JMH's parser takes --name, --name=value and unambiguous abbreviations: each must reach the
    // same place as -jvmArgsAppend, so its secrets go to the secrets file and the heap flags stay
    List<String> user = JmhArgs.split("--jvmArgsAppend=-Dtest.authentication=basic:root:S3CR3T -jvmArgsPre -Dp=0"
        + " --jvmArgs -Dbase=1 -jvmArgsApp -Da=1");
    assertEquals(List.of("-jvmArgsAppend", "-Dtest.authentication=basic:root:S3CR3T", "-jvmArgsPrepend", "-Dp=0",
        "-jvmArgs", "-Dbase=1", "-jvmArgsAppend", "-Da=1"), user);
    JmhCommand.Job job = new JmhCommand.Job(Mode.QUICK, user, List.of(), 25, RUN, Path.of("/runs/r1/secrets"));
    List<String> opts = JmhCommand.forkJvmOptions(job, Map.of());
    String append = opts.get(opts.indexOf("-jvmArgsAppend") + 1);
    assertTrue(append.startsWith("-Xms2g -Xmx2g"), "the fork's heap flags stay: " + append);
    assertTrue(String.join(" ", opts).indexOf("S3CR3T") < 0, "the secret is off the command line: " + opts);
    assertEquals(Map.of("test.authentication", "basic:root:S3CR3T"), JmhCommand.forkSecrets(user, List.of()));
    assertEquals(List.of("-jvmArg", "x"), JmhArgs.split("-jvmArg x"), "ambiguous to JMH too: left as given");
  }

  /**
   * A password holding a space, given in {@code -jvmArgsAppend}: JMH splits the option's value on
   * whitespace, and the password's second half once stayed on the fork's command line (the seeded
   * marker fuzz in {@code MainJobTest} found it); a word that is no JVM option continues the
   * {@code -D} value, so all of it goes to the secrets file, and real options stay options.
   */
  @Test
  void aSecretValueHoldingBlanksLeavesTheCommandLineWhole() {
    List<String> user = List.of("-jvmArgsAppend", "-Da=1 -Ddbbench.jdbc.password=ab  cd\nS3CR3T -Xmx1g -ea");
    assertEquals(List.of("-Da=1", "-Ddbbench.jdbc.password=ab  cd\nS3CR3T", "-Xmx1g", "-ea"),
        JmhArgs.values(user, "-jvmArgsAppend"));
    JmhCommand.Job job = new JmhCommand.Job(Mode.QUICK, user, List.of(), 25, RUN, Path.of("/runs/r1/secrets"));
    String opts = String.join(" ", JmhCommand.forkJvmOptions(job, Map.of()));
    assertFalse(opts.contains("S3CR3T") || opts.contains("ab  cd") || opts.contains("password"), opts);
    assertTrue(opts.endsWith("-Da=1 -Xmx1g -ea"), opts);
    assertEquals(Map.of("dbbench.jdbc.password", "ab  cd\nS3CR3T"), JmhCommand.forkSecrets(user, List.of()));
  }

  @Test
  void comparisonForksRunOneForkAtTheSidesPointAndForksPerSideFollowTheKnobs() {
    FamilySettings fam = FamilySettings.builder().param("level", "1", "3").param("corpus", "text")
        .comparison("a.B.c", "level", "1", "3", "corpus", "text").build();
    FamilySettings.HeadlineComparison c = fam.comparisons().get(0);
    assertEquals(Map.of("level", "1", "corpus", "text"), c.baseline());
    assertEquals(Map.of("level", "3", "corpus", "text"), c.contender());
    List<String> cmd = JmhCommand.buildComparisonFork(new JmhCommand.Job(Mode.QUICK, JmhArgs.split("-wi 2 -f 7"), List.of(), 25,
        RUN, null), fam, c.benchmark(), c.contender(), List.of(), Path.of("/runs/r1/jmh-x-comparison-1-B-2.json"));
    assertEquals(List.of("-f", "1", "-wi", "2", "-w", "1s", "-i", "2",
        "-r", "1s", "-p", "level=3", "-p", "corpus=text", "-rf", "json", "-rff", "/runs/r1/jmh-x-comparison-1-B-2.json",
        "-foe", "true", "-prof", JmhCommand.MACHINE_PROFILER,
        "-jvmArgsAppend", "-Xms2g -Xmx2g --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow "
            + "-Ddbbench.run.dir=/runs/r1",
        "^\\Qa.B.c\\E$"), cmd, "one fork per JMH run, whatever -f the user gave");

    assertEquals(JmhCommand.QUICK_HEADLINE_FORKS, JmhCommand.pilotPairs(Mode.QUICK, fam));
    assertEquals(JmhCommand.FULL_HEADLINE_FORKS, JmhCommand.pilotPairs(Mode.FULL, fam));
    FamilySettings own = FamilySettings.builder().comparison("a.B.c", "x", "1", "2").headlineForks(9).build();
    assertEquals(9, JmhCommand.pilotPairs(Mode.QUICK, own), "a family's own count wins over the mode's");
    assertEquals(3, JmhCommand.fixedForksPerSide(3, List.of()), "-Dbench.forks overrides");
    assertEquals(5, JmhCommand.fixedForksPerSide(null, JmhArgs.split("-f 5 -wi 1")), "so does -f in -Dbench.args");
    assertEquals(null, JmhCommand.fixedForksPerSide(null, List.of()), "neither: the stopping rule decides");
    assertEquals("HarnessBenchmark.work tokens=100->200 failAt=0", new FamilySettings.HeadlineComparison(
        "io.dbbench.harness.HarnessBenchmark.work", "tokens", "100", "200", Map.of("failAt", "0"), List.of()).label());
    FamilySettings withOptions = FamilySettings.builder().iterations(2).comparison("a.B.c", "level", "1", "3")
        .comparisonOptions("-wi", "5", "-i", "8").build();
    List<String> tuned = JmhCommand.buildComparisonFork(new JmhCommand.Job(Mode.QUICK, List.of(), List.of(), 25, RUN, null),
        withOptions, "a.B.c", Map.of("level", "1"), withOptions.comparisons().get(0).options(), Path.of("/r/x.json"));
    assertEquals("8", tuned.get(tuned.indexOf("-i") + 1), "the comparison's own options win over the family's");
    assertEquals("5", tuned.get(tuned.indexOf("-wi") + 1));
    assertThrows(IllegalArgumentException.class, () -> FamilySettings.builder().comparison("a.B.c", "l", "1", "3")
        .comparisonOptions("-f", "3"));
    assertThrows(IllegalStateException.class, () -> FamilySettings.builder().comparisonOptions("-i", "3"));
    assertThrows(IllegalArgumentException.class, () -> FamilySettings.builder().comparison("a.B.c", "level", "1,3", "6"));
    assertThrows(IllegalArgumentException.class, () -> FamilySettings.builder().comparison("a.B.c", "level", "1", "1"));
    assertThrows(IllegalArgumentException.class, () -> FamilySettings.builder().comparison("a.B.c", "level", "1", "3",
        "level", "6"));
    assertThrows(IllegalArgumentException.class, () -> FamilySettings.builder().comparison("a.B.c", "level", "1", "3", "x"));
    assertThrows(IllegalArgumentException.class, () -> FamilySettings.builder().comparison("compress", "level", "1", "3"));
    assertThrows(IllegalArgumentException.class, () -> FamilySettings.builder().headlineForks(0));
  }

  @Test
  void settingsRejectBadValuesNamingThem() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> FamilySettings.builder().measurementTime("fast"));
    assertTrue(e.getMessage().contains("'fast'"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> FamilySettings.builder().param("level"));
    assertThrows(IllegalArgumentException.class, () -> FamilySettings.builder().param("level", "1,3"));
    assertThrows(IllegalArgumentException.class, () -> FamilySettings.builder().forks(-1));
  }
}
