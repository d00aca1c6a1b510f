package io.dbbench.profile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The machine around each side of a side-by-side script's blocks ({@code scripts/go-driver-vs-dbbench.sh},
 * {@code scripts/arangojs-vs-dbbench.sh}): their {@code machine.tsv}, one line before and one after
 * every side. Its header names the columns: first the side's key ({@code block}, {@code side} and,
 * where the script has it, {@code operation}), then {@code phase} ({@code before} or {@code after}),
 * {@code proc_stat_cpu} (the aggregate {@code cpu} line of {@code /proc/stat}), {@code loadavg}
 * ({@code /proc/loadavg}) and {@code online_cpus}, and where the script records it {@code own_cpu_s}
 * (on the {@code after} line: the CPU seconds the side's own processes spent in it, the client and its
 * children and the stand-in). Each before/after pair of one key becomes a {@link MachineState.Interval}.
 */
public final class MachineSnapshots {
  /** Clock ticks per second of {@code /proc/stat}'s times ({@code USER_HZ}, 100 on Linux: proc(5)). */
  public static final int USER_HZ = 100;

  private MachineSnapshots() {}

  /**
   * One side's interval.
   *
   * @param key the key columns' cells, in the header's order ({@code [block, side]} or {@code [block, side, operation]})
   * @param interval the snapshots before and after it
   * @param ownCpuSeconds CPU seconds the side's own processes spent in it; NaN where not recorded
   */
  public record Side(List<String> key, MachineState.Interval interval, double ownCpuSeconds) {
    /** Copies the key. */
    public Side {
      key = List.copyOf(key);
    }

    /**
     * The share of all CPUs' time, percent, that processes other than the side's own were busy:
     * the busy ticks between the snapshots less {@link #ownCpuSeconds} at Linux's {@code USER_HZ}
     * of {@value #USER_HZ} ticks per second, over all ticks; at least 0. NaN where the own CPU was
     * not recorded or the snapshots have no CPU times.
     */
    public double otherBusyPct() {
      MachineState.CpuTimes a = interval.before().cpu();
      MachineState.CpuTimes b = interval.after().cpu();
      if (a == null || b == null || Double.isNaN(ownCpuSeconds)) {
        return Double.NaN;
      }
      long total = b.total() - a.total();
      long idle = (b.idle() + b.iowait()) - (a.idle() + a.iowait());
      return total <= 0 ? Double.NaN : Math.max(0, 100.0 * (total - idle - ownCpuSeconds * USER_HZ) / total);
    }

    /** The block, the first key column, as a number. */
    public int block() {
      return Integer.parseInt(key.get(0));
    }
  }

  /**
   * Reads {@code file}: every side with both snapshots, in the order their second snapshot was
   * written. Empty when the file is absent or its header lacks the snapshot columns; a line that
   * does not parse is left out (the summary then lacks that side's state, never a row's figure).
   *
   * @throws IOException when the file exists but cannot be read
   */
  public static List<Side> read(Path file) throws IOException {
    if (!Files.isRegularFile(file)) {
      return List.of();
    }
    List<String> lines = Files.readAllLines(file);
    if (lines.isEmpty()) {
      return List.of();
    }
    List<String> header = List.of(lines.get(0).split("\t", -1));
    int phase = header.indexOf("phase");
    int cpu = header.indexOf("proc_stat_cpu");
    int load = header.indexOf("loadavg");
    int online = header.indexOf("online_cpus");
    int own = header.indexOf("own_cpu_s");
    if (phase < 1 || cpu < 0 || load < 0 || online < 0 || !header.get(0).equals("block")) {
      return List.of();
    }
    List<Side> out = new ArrayList<>();
    Map<List<String>, MachineState> before = new LinkedHashMap<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] f = line.split("\t", -1);
      if (f.length != header.size()) {
        continue;
      }
      try {
        Integer.parseInt(f[0]);
        double[] l = MachineState.parseLoadavg(f[load]);
        MachineState s = new MachineState(l[0], l[1], l[2], Integer.parseInt(f[online].trim()),
            MachineState.parseProcStat(f[cpu]), 0);
        List<String> key = List.of(f).subList(0, phase);
        if (f[phase].equals("before")) {
          before.put(key, s);
        } else if (f[phase].equals("after") && before.containsKey(key)) {
          double ownCpu = own < 0 || f[own].isBlank() ? Double.NaN : Double.parseDouble(f[own]);
          out.add(new Side(key, new MachineState.Interval(before.remove(key), s), ownCpu));
        }
      } catch (IllegalArgumentException e) {
        // a snapshot that does not parse leaves its side without a state
      }
    }
    return out;
  }
}
