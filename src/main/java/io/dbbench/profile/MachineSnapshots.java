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
 * ({@code /proc/loadavg}) and {@code online_cpus}. Each before/after pair of one key becomes a
 * {@link MachineState.Interval}.
 */
public final class MachineSnapshots {
  private MachineSnapshots() {}

  /**
   * One side's interval.
   *
   * @param key the key columns' cells, in the header's order ({@code [block, side]} or {@code [block, side, operation]})
   * @param interval the snapshots before and after it
   */
  public record Side(List<String> key, MachineState.Interval interval) {
    /** Copies the key. */
    public Side {
      key = List.copyOf(key);
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
          out.add(new Side(key, new MachineState.Interval(before.remove(key), s)));
        }
      } catch (IllegalArgumentException e) {
        // a snapshot that does not parse leaves its side without a state
      }
    }
    return out;
  }
}
