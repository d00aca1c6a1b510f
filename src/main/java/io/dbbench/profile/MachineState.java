package io.dbbench.profile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What else the machine was doing: the load averages ({@code /proc/loadavg}), the cumulative CPU
 * times of the aggregate {@code cpu} line of {@code /proc/stat} (in clock ticks, USER_HZ) and the
 * online CPUs ({@code /sys/devices/system/cpu/online}), as Linux documents them in {@code
 * proc(5)}. Two snapshots make an {@link Interval}: the share of CPU time stolen by the hypervisor
 * and the share busy during it. A result measured while the load exceeded the online CPUs shared
 * its cores with other work and says so in the report.
 *
 * <p>On a system without {@code /proc} (macOS, Windows) the load comes from {@link
 * java.lang.management.OperatingSystemMXBean#getSystemLoadAverage()} and the CPU times are absent
 * ({@link #cpu()} is null).
 *
 * @param load1 1-minute load average (runnable and uninterruptible tasks)
 * @param load5 5-minute load average
 * @param load15 15-minute load average
 * @param onlineCpus CPUs online
 * @param cpu cumulative CPU times, or null when {@code /proc/stat} is not readable
 * @param epochMillis when the snapshot was taken, ms since the epoch
 */
public record MachineState(double load1, double load5, double load15, int onlineCpus, CpuTimes cpu,
    long epochMillis) {

  /**
   * The aggregate {@code cpu} line of {@code /proc/stat}: cumulative ticks since boot.
   *
   * @param user user mode
   * @param nice user mode at low priority
   * @param system kernel mode
   * @param idle idle
   * @param iowait waiting for I/O
   * @param irq servicing interrupts
   * @param softirq servicing soft interrupts
   * @param steal stolen by the hypervisor for other guests (Linux 2.6.11+; 0 when absent)
   */
  public record CpuTimes(long user, long nice, long system, long idle, long iowait, long irq,
      long softirq, long steal) {
    /** All ticks counted above (guest time is already inside user and nice). */
    public long total() {
      return user + nice + system + idle + iowait + irq + softirq + steal;
    }
  }

  /**
   * Two snapshots, before and after some work.
   *
   * @param before taken before
   * @param after taken after
   */
  public record Interval(MachineState before, MachineState after) {
    /** Percent of CPU time stolen between the snapshots; NaN without CPU times. */
    public double stealPct() {
      if (before.cpu() == null || after.cpu() == null) {
        return Double.NaN;
      }
      long total = after.cpu().total() - before.cpu().total();
      return total <= 0 ? Double.NaN : 100.0 * (after.cpu().steal() - before.cpu().steal()) / total;
    }

    /** Percent of CPU time not idle (nor iowait) between the snapshots; NaN without CPU times. */
    public double busyPct() {
      if (before.cpu() == null || after.cpu() == null) {
        return Double.NaN;
      }
      long total = after.cpu().total() - before.cpu().total();
      long idle = (after.cpu().idle() + after.cpu().iowait()) - (before.cpu().idle() + before.cpu().iowait());
      return total <= 0 ? Double.NaN : 100.0 * (total - idle) / total;
    }

    /** The larger 1-minute load average of the two snapshots. */
    public double maxLoad1() {
      return Math.max(before.load1(), after.load1());
    }

    /** True when the 1-minute load exceeded the online CPUs at either end. */
    public boolean overloaded() {
      return maxLoad1() > Math.max(before.onlineCpus(), after.onlineCpus());
    }

    /**
     * The interval as manifest facts: {@code load1_before}, {@code load1_after}, {@code
     * online_cpus}, {@code steal_pct}, {@code busy_pct}, {@code overloaded}.
     */
    public Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("load1_before", before.load1());
      m.put("load1_after", after.load1());
      m.put("online_cpus", after.onlineCpus());
      m.put("steal_pct", round(stealPct()));
      m.put("busy_pct", round(busyPct()));
      m.put("overloaded", overloaded());
      return m;
    }

    private static Object round(double v) {
      return Double.isNaN(v) ? "n/a" : Math.round(v * 100) / 100.0;
    }
  }

  /** Reads the machine's state now; never throws (missing sources give NaN, null or the JVM's view). */
  public static MachineState read() {
    double[] load = null;
    CpuTimes cpu = null;
    int cpus = Runtime.getRuntime().availableProcessors();
    try {
      load = parseLoadavg(Files.readString(Path.of("/proc/loadavg")));
    } catch (IOException | IllegalArgumentException e) {
      double l = java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
      load = new double[] {l < 0 ? Double.NaN : l, Double.NaN, Double.NaN};
    }
    try {
      cpu = parseProcStat(Files.readString(Path.of("/proc/stat")));
    } catch (IOException | IllegalArgumentException e) {
      cpu = null;
    }
    try {
      cpus = parseOnline(Files.readString(Path.of("/sys/devices/system/cpu/online")));
    } catch (IOException | IllegalArgumentException e) {
      // keep the JVM's count
    }
    return new MachineState(load[0], load[1], load[2], cpus, cpu, System.currentTimeMillis());
  }

  /**
   * Parses {@code /proc/loadavg}, e.g. {@code "0.52 0.58 0.59 2/1234 5678"}.
   *
   * @return {@code {load1, load5, load15}}
   * @throws IllegalArgumentException naming the text when it has fewer than 3 numbers
   */
  public static double[] parseLoadavg(String text) {
    String[] f = text.trim().split("\\s+");
    if (f.length < 3) {
      throw new IllegalArgumentException("/proc/loadavg '" + text.trim() + "': expected 3 load averages");
    }
    try {
      return new double[] {Double.parseDouble(f[0]), Double.parseDouble(f[1]), Double.parseDouble(f[2])};
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("/proc/loadavg '" + text.trim() + "': expected 3 load averages", e);
    }
  }

  /**
   * Parses the aggregate {@code cpu} line of {@code /proc/stat} (the first line starting with
   * {@code "cpu "}); fields missing on old kernels (iowait, irq, softirq, steal) count as 0.
   *
   * @throws IllegalArgumentException when there is no such line or it has fewer than 4 numbers
   */
  public static CpuTimes parseProcStat(String text) {
    for (String line : text.split("\n")) {
      if (line.startsWith("cpu ")) {
        String[] f = line.trim().split("\\s+");
        if (f.length < 5) {
          throw new IllegalArgumentException("/proc/stat line '" + line + "': expected user nice system idle ...");
        }
        long[] v = new long[8];
        for (int i = 0; i < 8 && i + 1 < f.length; i++) {
          try {
            v[i] = Long.parseLong(f[i + 1]);
          } catch (NumberFormatException e) {
            throw new IllegalArgumentException("/proc/stat line '" + line + "': field " + (i + 1) + " is not a number", e);
          }
        }
        return new CpuTimes(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]);
      }
    }
    throw new IllegalArgumentException("/proc/stat: no aggregate 'cpu ' line");
  }

  /**
   * Counts the CPUs in a Linux CPU list such as {@code "0-1"}, {@code "0,2-3,7"}.
   *
   * @throws IllegalArgumentException naming the text when it is not a CPU list
   */
  public static int parseOnline(String text) {
    int n = 0;
    for (String part : text.trim().split(",")) {
      try {
        int dash = part.indexOf('-');
        if (dash < 0) {
          Integer.parseInt(part.trim());
          n++;
        } else {
          int lo = Integer.parseInt(part.substring(0, dash).trim());
          int hi = Integer.parseInt(part.substring(dash + 1).trim());
          if (hi < lo) {
            throw new NumberFormatException();
          }
          n += hi - lo + 1;
        }
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("CPU list '" + text.trim() + "': expected e.g. 0-1 or 0,2-3", e);
      }
    }
    return n;
  }
}
