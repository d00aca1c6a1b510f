package io.dbbench.profile;

import io.dbbench.load.JitActivity;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * CPU time per process from {@code /proc/<pid>/stat} ({@code utime + stime}, clock ticks, fields 14
 * and 15 in proc(5)), so that a fork's machine-state check can tell the benchmark's own work
 * from other processes': the 1-minute load counts the fork's own threads, its servers, fsync waits
 * and JIT, and warned on a third of a quiet run's rows. The benchmark's own processes are the host
 * JVM, the fork, every process whose command line names dbbench (stand-ins, the payload service,
 * an embedded PostgreSQL's postmaster under {@code dbbench-pg-data-*}), and all their descendants.
 *
 * @param processes one sample per process, by pid
 */
public record ProcessCpu(Map<Long, Sample> processes) {
  /**
   * One process.
   *
   * @param pid process id
   * @param ppid parent's process id
   * @param startTicks start time after boot, clock ticks (tells a reused pid apart)
   * @param cpuTicks user plus system CPU time, clock ticks
   * @param commandLine the command line, arguments joined by spaces (empty for kernel threads)
   */
  public record Sample(long pid, long ppid, long startTicks, long cpuTicks, String commandLine) {}

  /** Reads every process now; an empty map where {@code /proc} cannot be read. Never throws. */
  public static ProcessCpu read() {
    Map<Long, Sample> out = new HashMap<>();
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
      for (Path dir : ds) {
        try {
          long pid = Long.parseLong(dir.getFileName().toString());
          String stat = Files.readString(dir.resolve("stat"), StandardCharsets.UTF_8);
          byte[] cmd = Files.readAllBytes(dir.resolve("cmdline"));
          Sample s = parseStat(pid, stat, new String(cmd, StandardCharsets.UTF_8).replace('\0', ' ').trim());
          out.put(pid, s);
        } catch (IOException | IllegalArgumentException e) {
          // the process ended while we read it, or is not ours to read
        }
      }
    } catch (IOException e) {
      // no /proc: nothing to attribute
    }
    return new ProcessCpu(out);
  }

  /**
   * Parses one {@code /proc/<pid>/stat} line. The command name in parentheses may hold spaces and
   * parentheses itself, so fields are counted from the last {@code ')'}.
   *
   * @throws IllegalArgumentException naming the text when it is not a stat line
   */
  public static Sample parseStat(long pid, String stat, String commandLine) {
    String[] f;
    try {
      // index = field - 3: ppid(4) 1, utime(14) 11, stime(15) 12, starttime(22) 19
      f = JitActivity.statFields(stat, 22);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("/proc/" + pid + "/stat '" + abbreviate(stat) + "': expected a name in"
          + " parentheses and 52 fields", e);
    }
    try {
      return new Sample(pid, Long.parseLong(f[1]), Long.parseLong(f[19]), Long.parseLong(f[11]) + Long.parseLong(f[12]),
          commandLine);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("/proc/" + pid + "/stat '" + abbreviate(stat) + "': a field is not a number", e);
    }
  }

  /**
   * The CPU time of the children a process has waited for, clock ticks: {@code cutime + cstime}
   * (fields 16 and 17 of {@code /proc/<pid>/stat}, proc(5)), which hold every descendant that was
   * reaped in turn by its own parent. Read from a shell's own stat line after it waited for a
   * command, it is the command's whole process tree.
   *
   * @throws IllegalArgumentException naming the text when it is not a stat line
   */
  public static long waitedChildrenTicks(String stat) {
    try {
      String[] f = JitActivity.statFields(stat, 17);
      return Long.parseLong(f[13]) + Long.parseLong(f[14]);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("stat line '" + abbreviate(stat) + "': expected a name in parentheses and"
          + " at least 17 fields, cutime and cstime numbers", e);
    }
  }

  private static String abbreviate(String s) {
    return s.length() > 80 ? s.substring(0, 80) + "..." : s.strip();
  }

  /**
   * The benchmark's own processes in this snapshot: {@code roots}, every process whose command line
   * contains {@code marker}, and their descendants.
   */
  public Set<Long> own(Set<Long> roots, String marker) {
    Set<Long> own = new HashSet<>();
    ArrayDeque<Long> todo = new ArrayDeque<>();
    for (Sample s : processes.values()) {
      if (roots.contains(s.pid()) || s.commandLine().contains(marker)) {
        todo.add(s.pid());
      }
    }
    Map<Long, List<Long>> children = new HashMap<>();
    for (Sample s : processes.values()) {
      children.computeIfAbsent(s.ppid(), k -> new ArrayList<>()).add(s.pid());
    }
    while (!todo.isEmpty()) {
      long pid = todo.poll();
      if (own.add(pid)) {
        todo.addAll(children.getOrDefault(pid, List.of()));
      }
    }
    return own;
  }

  /**
   * CPU ticks other processes used between {@code before} and {@code after}: for every process in
   * {@code after} that is not the benchmark's own ({@link #own} of either snapshot), its ticks since
   * {@code before}, or all of its ticks when it started after the newest process {@code before}
   * saw (a pid reused, a process started since). A process missing from {@code before} that is
   * older than that counts nothing (it was not readable then), and processes that started and
   * ended between the snapshots are not seen: the figure is a lower bound.
   */
  public static long otherTicks(ProcessCpu before, ProcessCpu after, Set<Long> roots, String marker) {
    Set<Long> own = new HashSet<>(after.own(roots, marker));
    own.addAll(before.own(roots, marker));
    long newestBefore = before.processes().values().stream().mapToLong(Sample::startTicks).max().orElse(Long.MAX_VALUE);
    long ticks = 0;
    for (Sample a : after.processes().values()) {
      if (own.contains(a.pid())) {
        continue;
      }
      Sample b = before.processes().get(a.pid());
      if (b != null && b.startTicks() == a.startTicks()) {
        ticks += Math.max(0, a.cpuTicks() - b.cpuTicks());
      } else if (a.startTicks() >= newestBefore) {
        ticks += a.cpuTicks();
      }
    }
    return ticks;
  }
}
