package io.dbbench.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A side-by-side script's machine.tsv: pairs of snapshots per key, whatever the key's columns. */
class MachineSnapshotsTest {
  @TempDir
  Path dir;

  @Test
  void beforeAndAfterOfOneKeyMakeAnIntervalAndTheRestIsLeftOut() throws Exception {
    Path f = dir.resolve("machine.tsv");
    Files.write(f, List.of("block\tside\tphase\tproc_stat_cpu\tloadavg\tonline_cpus",
        "1\tjava\tbefore\tcpu  100 0 0 900 0 0 0 0\t0.5 0.4 0.3 1/9 9\t2",
        "1\tarangojs\tbefore\tcpu  100 0 0 900 0 0 0 0\t0.5 0.4 0.3 1/9 9\t2",
        "1\tjava\tafter\tcpu  400 0 0 1600 0 0 0 0\t1.5 0.4 0.3 1/9 9\t2",
        "2\tjava\tafter\tcpu  400 0 0 1600 0 0 0 0\t1.5 0.4 0.3 1/9 9\t2",
        "1\tarangojs\tafter\tnot a cpu line\t1.5 0.4 0.3 1/9 9\t2"));
    List<MachineSnapshots.Side> sides = MachineSnapshots.read(f);
    assertEquals(1, sides.size(), "an after without its before, and a line that does not parse, are left out");
    assertEquals(List.of("1", "java"), sides.get(0).key());
    assertEquals(1, sides.get(0).block());
    assertEquals(30.0, sides.get(0).interval().busyPct(), 1e-9, "300 of 1,000 ticks busy");
    assertEquals(1.5, sides.get(0).interval().maxLoad1());
    Files.write(f, List.of("side\tphase", "x\tbefore"));
    assertEquals(List.of(), MachineSnapshots.read(f), "a header without the snapshot columns");
    assertEquals(List.of(), MachineSnapshots.read(dir.resolve("absent.tsv")));
  }

  /**
   * With the side's own CPU recorded, the other processes' share: 1,000 ticks pass, 600 busy, of
   * which the side's client and stand-in used 2.00 s = 200 ticks at USER_HZ 100: others 40%.
   */
  @Test
  void theOwnCpuLeavesOtherProcessesShare() throws Exception {
    Path f = dir.resolve("machine.tsv");
    Files.write(f, List.of("block\tside\toperation\tphase\tproc_stat_cpu\tloadavg\tonline_cpus\town_cpu_s",
        "1\tV1\tinsert\tbefore\tcpu  100 0 0 900 0 0 0 0\t0.5 0.4 0.3 1/9 9\t2\t0",
        "1\tV1\tinsert\tafter\tcpu  700 0 0 1300 0 0 0 0\t1.5 0.4 0.3 1/9 9\t2\t2.00"));
    MachineSnapshots.Side s = MachineSnapshots.read(f).get(0);
    assertEquals(List.of("1", "V1", "insert"), s.key());
    assertEquals(2.0, s.ownCpuSeconds());
    assertEquals(40.0, s.otherBusyPct(), 1e-9);
    assertEquals(Double.NaN, new MachineSnapshots.Side(s.key(), s.interval(), Double.NaN).otherBusyPct());
  }
}
