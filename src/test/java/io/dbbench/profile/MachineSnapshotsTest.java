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
}
