package io.dbbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.core.ForkSchedule;
import io.dbbench.profile.MachineSnapshots;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link PairedBlocks}: the one ABBA order with each run's position, failures counted and named
 * while the blocks go on, {@code machine.tsv} with the side's own CPU as the analyses read it, and
 * a credential given through a side's environment scrubbed from everything written. The sides are
 * tiny {@code sh} commands.
 */
class PairedBlocksTest {
  @TempDir
  Path tmp;

  private static final List<String> COLUMNS = List.of("side", "unit", "said");

  /** A side running {@code sh -c SCRIPT} (the slot's block in {@code $1}); its row: its name, the unit, the output. */
  private ProcessSide side(String name, String script, Map<String, String> env) {
    Function<PairedBlocks.Slot, List<String>> cmd = s -> List.of("sh", "-c", script, "sh", Integer.toString(s.block()));
    return new ProcessSide(name, cmd, env, null, s -> tmp.resolve("logs").resolve(s.block() + "-" + name + s.unit() + ".log"),
        (s, out) -> out.isBlank() ? List.of() : List.of(List.of(name, s.unit(), out.strip())), List.of());
  }

  private static PrintStream sink(ByteArrayOutputStream b) {
    return new PrintStream(b, true, StandardCharsets.UTF_8);
  }

  private static String order(List<PairedBlocks.Slot> slots) {
    StringBuilder b = new StringBuilder();
    slots.forEach(s -> b.append(s.side().name()));
    return b.toString();
  }

  @Test
  void twoSidesRunAbbaPerBlockAndEachRowRecordsItsPosition() throws Exception {
    ProcessSide a = side("A", "echo a", Map.of());
    ProcessSide b = side("B", "echo b", Map.of());
    List<PairedBlocks.Slot> slots = PairedBlocks.abba(4, List.of(), List.of(a, b));
    assertEquals(ForkSchedule.abba(4), order(slots), "the main job's order of a comparison's forks");
    ByteArrayOutputStream progress = new ByteArrayOutputStream();
    PairedBlocks.Result r = PairedBlocks.run(new PairedBlocks.Plan("t", slots,
        new PairedBlocks.Output(tmp.resolve("out"), COLUMNS, null), false), sink(progress));
    assertEquals(0, r.failures());
    List<String> rows = Files.readAllLines(tmp.resolve("out/rows.tsv"));
    assertEquals(List.of("block\tposition\tside\tunit\tsaid", "1\t1\tA\t\ta", "1\t2\tB\t\tb", "2\t1\tB\t\tb", "2\t2\tA\t\ta",
        "3\t1\tA\t\ta", "3\t2\tB\t\tb", "4\t1\tB\t\tb", "4\t2\tA\t\ta"), rows);
    String printed = progress.toString(StandardCharsets.UTF_8);
    assertTrue(printed.contains("[t] block 2/4: B") && printed.indexOf("[t] block 2/4: B") < printed.indexOf("[t] block 2/4: A"),
        printed);
  }

  @Test
  void threeSidesReverseInEvenBlocksAndEveryUnitOfABlockRunsInTurn() {
    List<ProcessSide> sides = List.of(side("V1", "true", Map.of()), side("V2", "true", Map.of()), side("J", "true", Map.of()));
    List<PairedBlocks.Slot> slots = PairedBlocks.abba(2, List.of("insert", "read"), sides);
    assertEquals(List.of("1 insert V1 1", "1 insert V2 2", "1 insert J 3", "1 read V1 1", "1 read V2 2", "1 read J 3",
        "2 insert J 1", "2 insert V2 2", "2 insert V1 3", "2 read J 1", "2 read V2 2", "2 read V1 3"),
        slots.stream().map(s -> s.block() + " " + s.unit() + " " + s.side().name() + " " + s.position()).toList());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PairedBlocks.abba(0, List.of(), sides));
    assertTrue(e.getMessage().contains("--blocks 0"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> PairedBlocks.abba(1, List.of(), List.of()));
  }

  @Test
  void driftChecksTwoOrdersAreTheRunnersAbbaAndTheBlocksItRefutes() {
    List<ProcessSide> ab = List.of(side("A", "true", Map.of()), side("B", "true", Map.of()));
    assertEquals("ABBAABBA", order(DriftCheck.schedule(true, 4, ab)));
    assertEquals("AAAABBBB", order(DriftCheck.schedule(false, 4, ab)));
  }

  @Test
  void failedRunsAreCountedAndNamedAndTheBlocksGoOn() throws Exception {
    ProcessSide a = side("A", "echo a", Map.of());
    ProcessSide b = side("B", "if [ \"$1\" = 2 ]; then echo broken pipe to the server; exit 3; fi; echo b", Map.of());
    ProcessSide silent = side("C", "if [ \"$1\" = 3 ]; then exit 0; fi; echo c", Map.of());
    ByteArrayOutputStream progress = new ByteArrayOutputStream();
    PairedBlocks.Result r = PairedBlocks.run(new PairedBlocks.Plan("t", PairedBlocks.abba(3, List.of(), List.of(a, b, silent)),
        new PairedBlocks.Output(tmp.resolve("out"), COLUMNS, null), false), sink(progress));
    assertEquals(9, r.outcomes().size(), "every run ran");
    assertEquals(2, r.failures());
    assertTrue(r.failed().get(0).startsWith("B failed in block 2 (exit 3); see " + tmp.resolve("logs/2-B.log")), r.failed().get(0));
    assertTrue(r.failed().get(0).endsWith("broken pipe to the server"), "the log's last line says why: " + r.failed().get(0));
    assertTrue(r.failed().get(1).startsWith("C failed in block 3 (no result in its output)"), r.failed().get(1));
    assertEquals(7, Files.readAllLines(tmp.resolve("out/rows.tsv")).size() - 1, "a row per run that succeeded");
    assertTrue(progress.toString(StandardCharsets.UTF_8).contains("t: 2 run(s) failed: B failed in block 2"), progress.toString());

    Side.SideFailedException stop = assertThrows(Side.SideFailedException.class, () -> PairedBlocks.run(
        new PairedBlocks.Plan("t", PairedBlocks.abba(3, List.of(), List.of(a, b)), PairedBlocks.Output.NONE, true),
        sink(new ByteArrayOutputStream())));
    assertTrue(stop.getMessage().startsWith("B failed in block 2"), stop.getMessage());
  }

  @Test
  void machineRowsHoldTheSnapshotsAndTheCpuOfTheSidesOwnProcessTree() throws Exception {
    Assumptions.assumeTrue(PairedBlocks.ownCpuReadable(), "no /proc or /bin/sh here: a side's own CPU cannot be read");
    // the work runs in a grandchild: its CPU reaches the side through each parent's wait
    String burn = "sh -c 'i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done'; echo done";
    ProcessSide a = side("A", burn, Map.of());
    ProcessSide b = side("B", "echo b", Map.of());
    Path out = tmp.resolve("out");
    PairedBlocks.run(new PairedBlocks.Plan("t", PairedBlocks.abba(1, List.of("insert"), List.of(a, b)),
        new PairedBlocks.Output(out, COLUMNS, "operation"), false), sink(new ByteArrayOutputStream()));
    List<String> m = Files.readAllLines(out.resolve("machine.tsv"));
    assertEquals("block\tside\toperation\tphase\tproc_stat_cpu\tloadavg\tonline_cpus\town_cpu_s", m.get(0));
    assertEquals(5, m.size(), m.toString());
    assertTrue(m.get(1).matches("1\\tA\\tinsert\\tbefore\\tcpu .*\\t\\d+\\t0"), m.get(1));
    List<MachineSnapshots.Side> read = MachineSnapshots.read(out.resolve("machine.tsv"));
    assertEquals(List.of(List.of("1", "A", "insert"), List.of("1", "B", "insert")),
        read.stream().map(MachineSnapshots.Side::key).toList(), "the analyses' reader pairs every before with its after");
    assertTrue(read.get(0).ownCpuSeconds() > 0, "the grandchild's loop counts as A's own: " + m.get(2));
    assertTrue(read.get(1).ownCpuSeconds() < read.get(0).ownCpuSeconds(), "B did nothing: " + m.get(4));
    assertTrue(read.get(0).interval().after().cpu().total() >= read.get(0).interval().before().cpu().total());
  }

  @Test
  void aCredentialInASidesEnvironmentReachesItAndNoFileWritten() throws Exception {
    String secret = "pw-" + Long.toHexString(System.nanoTime()) + "-q";
    // the side prints its credential, as a client's error message might
    ProcessSide a = side("A", "echo \"login with $TEST_PASSWORD failed\"; echo $TEST_PASSWORD", Map.of("TEST_PASSWORD", secret));
    ProcessSide b = side("B", "echo b", Map.of());
    assertFalse(String.join(" ", a.launches(PairedBlocks.abba(1, List.of(), List.of(a, b)).get(0)).get(0).command()).contains(secret),
        "no credential on a command line");
    Path out = tmp.resolve("out");
    ByteArrayOutputStream progress = new ByteArrayOutputStream();
    PairedBlocks.run(new PairedBlocks.Plan("t", PairedBlocks.abba(2, List.of(), List.of(a, b)),
        new PairedBlocks.Output(out, COLUMNS, null), false), sink(progress));
    String rows = Files.readString(out.resolve("rows.tsv"));
    assertTrue(rows.contains("login with ****"), "the side saw it, the row masks it: " + rows);
    try (var files = Files.walk(tmp)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        assertFalse(Files.readString(f, StandardCharsets.ISO_8859_1).contains(secret), "no credential in " + f);
      }
    }
    assertFalse(progress.toString(StandardCharsets.UTF_8).contains(secret));
  }
}
