package io.dbbench.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Attribution of CPU time to the benchmark's own processes or others, from recorded
 * {@code /proc/<pid>/stat} lines: a host JVM (100), its fork (200) with a stand-in child (201), a
 * daemonized postmaster (300, parent 1) with a backend (301), a compiler another user runs (400)
 * and a process that starts during the fork (500).
 */
class ProcessCpuTest {
  /** A stat line as proc(5) writes it: pid (comm) state ppid ... utime(14) stime(15) ... starttime(22). */
  static String stat(long pid, String comm, long ppid, long utime, long stime, long start) {
    StringBuilder sb = new StringBuilder().append(pid).append(" (").append(comm).append(") S ").append(ppid);
    for (int field = 5; field <= 52; field++) {
      sb.append(' ').append(switch (field) {
        case 14 -> utime;
        case 15 -> stime;
        case 22 -> start;
        default -> 0;
      });
    }
    return sb.append('\n').toString();
  }

  static ProcessCpu snapshot(Object[]... rows) {
    Map<Long, ProcessCpu.Sample> m = new HashMap<>();
    for (Object[] r : rows) {
      long pid = (Long) r[0];
      m.put(pid, ProcessCpu.parseStat(pid, stat(pid, (String) r[1], (Long) r[2], (Long) r[3], (Long) r[4], (Long) r[5]),
          (String) r[6]));
    }
    return new ProcessCpu(m);
  }

  @Test
  void parsesANameWithSpacesAndParentheses() {
    ProcessCpu.Sample s = ProcessCpu.parseStat(42, stat(42, "tmux: server (x) y", 7, 150, 50, 999), "tmux");
    assertEquals(7, s.ppid());
    assertEquals(200, s.cpuTicks());
    assertEquals(999, s.startTicks());
    assertThrows(IllegalArgumentException.class, () -> ProcessCpu.parseStat(1, "1 no-parens S 0", ""));
    assertThrows(IllegalArgumentException.class, () -> ProcessCpu.parseStat(1, "1 (x) S 0 1 2", ""));
  }

  @Test
  void theBenchmarksOwnProcessesAreNotCountedAndOthersAre() {
    ProcessCpu before = snapshot(
        new Object[] {100L, "java", 1L, 1000L, 100L, 10L, "java -cp benchmarks.jar io.dbbench.BenchMain"},
        new Object[] {200L, "java", 100L, 500L, 50L, 20L, "java org.openjdk.jmh.runner.ForkedMain"},
        new Object[] {201L, "java", 200L, 10L, 0L, 30L, "java io.dbbench.arango.standin.ArangoStandIn"},
        new Object[] {300L, "postgres", 1L, 5L, 5L, 40L, "postgres -D /tmp/dbbench-pg-data-1 -p 5433"},
        new Object[] {301L, "postgres", 300L, 1L, 0L, 50L, "postgres: dbbench dbbench 127.0.0.1 idle"},
        new Object[] {400L, "cc1", 1L, 100L, 0L, 60L, "cc1 big.c"});
    ProcessCpu after = snapshot(
        new Object[] {100L, "java", 1L, 1100L, 120L, 10L, "java -cp benchmarks.jar io.dbbench.BenchMain"},
        new Object[] {200L, "java", 100L, 1500L, 150L, 20L, "java org.openjdk.jmh.runner.ForkedMain"},
        new Object[] {201L, "java", 200L, 300L, 0L, 30L, "java io.dbbench.arango.standin.ArangoStandIn"},
        new Object[] {300L, "postgres", 1L, 50L, 5L, 40L, "postgres -D /tmp/dbbench-pg-data-1 -p 5433"},
        new Object[] {301L, "postgres", 300L, 400L, 0L, 50L, "postgres: bench bench 127.0.0.1 idle"},
        new Object[] {400L, "cc1", 1L, 250L, 10L, 60L, "cc1 big.c"},
        new Object[] {500L, "make", 1L, 40L, 0L, 70L, "make -j2"});
    assertEquals(Set.of(100L, 200L, 201L, 300L, 301L), after.own(Set.of(100L, 200L), "dbbench"));
    // others: the compiler's 160 ticks since the first snapshot, and the new process's 40
    assertEquals(200, ProcessCpu.otherTicks(before, after, Set.of(100L, 200L), "dbbench"));
  }

  @Test
  void aReusedPidCountsItsNewLifeAndAnUnreadableOldProcessNothing() {
    ProcessCpu before = snapshot(new Object[] {400L, "old", 1L, 900L, 0L, 60L, "old"},
        new Object[] {401L, "x", 1L, 1L, 0L, 80L, "x"});
    ProcessCpu after = snapshot(new Object[] {400L, "new", 1L, 30L, 0L, 90L, "new"},
        new Object[] {402L, "hidden", 1L, 5000L, 0L, 5L, "hidden"});
    // 400 started again after the newest process of the first snapshot (80): all 30 ticks; 402 is
    // older than that and was not readable before: not attributed
    assertEquals(30, ProcessCpu.otherTicks(before, after, Set.of(), "dbbench"));
  }

  @Test
  void readingThisMachineFindsThisJvm() {
    ProcessCpu now = ProcessCpu.read();
    assertTrue(now.processes().containsKey(ProcessHandle.current().pid()), "this JVM in /proc");
  }
}
