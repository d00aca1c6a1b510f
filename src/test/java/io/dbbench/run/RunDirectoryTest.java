package io.dbbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.FamilySettings;
import io.dbbench.core.Mode;
import io.dbbench.core.Probe;
import io.dbbench.report.data.Run;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each main job gets a run directory of its own: two jobs started in the same second used to share
 * one, and only the second job's rows survived (both printed "wrote ... (8 results)" and exited 0).
 */
class RunDirectoryTest {
  private record Down(String id) implements BenchmarkFamily {
    @Override
    public String title() {
      return "unreachable " + id;
    }

    @Override
    public String includeRegex() {
      return "^io\\.dbbench\\.harness\\.HarnessBenchmark\\.";
    }

    @Override
    public Probe probe() {
      return Probe.unavailable("down");
    }

    @Override
    public FamilySettings settings(Mode mode) {
      return FamilySettings.NONE;
    }
  }

  @Test
  void twoJobsStartedInTheSameSecondKeepBothRuns(@TempDir Path results) throws Exception {
    Clock sameSecond = Clock.fixed(Instant.parse("2026-11-28T20:00:00Z"), ZoneOffset.UTC);
    MainJob.Options options = new MainJob.Options(Mode.QUICK, null, List.of(), null, results);
    CompletableFuture<MainJob.Outcome> a = CompletableFuture.supplyAsync(() -> job(new Down("a"), options, sameSecond));
    CompletableFuture<MainJob.Outcome> b = CompletableFuture.supplyAsync(() -> job(new Down("b"), options, sameSecond));
    Path da = a.get().runDir();
    Path db = b.get().runDir();
    assertNotEquals(da, db, "each job has its own run directory");
    for (Path d : List.of(da, db)) {
      assertTrue(d.getFileName().toString().startsWith("20261128T200000Z"), d.toString());
      assertTrue(Files.isRegularFile(d.resolve("jmh.json")) && Files.isRegularFile(d.resolve("env.json")), d.toString());
      assertFalse(Files.exists(d.resolve(Run.INCOMPLETE)), "a finished run is not marked incomplete: " + d);
    }
    assertTrue(Files.readString(da.resolve("env.json")).contains("unreachable a"), "a's manifest is a's");
    assertTrue(Files.readString(db.resolve("env.json")).contains("unreachable b"), "b's manifest is b's");
  }

  @Test
  void aTakenNameIsNeverReusedAndANewRunIsMarkedIncompleteFromItsFirstWrite(@TempDir Path results) throws Exception {
    Path first = RunDirectory.create(results, "20261128T200000Z");
    Path second = RunDirectory.create(results, "20261128T200000Z");
    Path third = RunDirectory.create(results, "20261128T200000Z");
    assertEquals(List.of("20261128T200000Z", "20261128T200000Z-2", "20261128T200000Z-3"),
        List.of(first.getFileName().toString(), second.getFileName().toString(), third.getFileName().toString()));
    assertTrue(Files.readString(first.resolve(Run.INCOMPLETE)).contains("killed or is still running"));
  }

  private static MainJob.Outcome job(BenchmarkFamily family, MainJob.Options options, Clock clock) {
    try {
      return new MainJob(List.of(family), options, new PrintStream(new ByteArrayOutputStream(), true), clock).run();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
