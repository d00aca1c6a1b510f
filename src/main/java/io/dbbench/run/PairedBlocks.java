package io.dbbench.run;

import io.dbbench.core.ForkSchedule;
import io.dbbench.core.KnownSecrets;
import io.dbbench.core.Redaction;
import io.dbbench.profile.MachineSnapshots;
import io.dbbench.profile.MachineState;
import io.dbbench.profile.ProcessCpu;
import io.dbbench.report.stats.Finding;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Paired blocks: two or more {@link Side}s run once each per block (and per unit, such as an
 * operation, inside a block), in the order {@link #abba} gives, with the machine's state around
 * every run and the CPU time of the side's own processes, so that a drift of the machine falls on
 * every side alike and a run that shared its cores with other work says so. One runner for every
 * paired comparison: {@link Interleave} (two jars' JMH forks), {@link DriftCheck}, graphd's
 * criterion beside dbbench's JMH rows, and the studies' own clients beside dbbench's rows
 * (go-driver's suites, arangojs, WMPayload's {@code go test}); each study keeps, in its own room,
 * which row of one side pairs with which of the other.
 *
 * <p>What it writes, when {@link Output} names a directory (appending to tables already there, so
 * that several runs can fill one directory; a caller starting afresh deletes them first), in the
 * forms the studies' analyses read ({@code report.data.ScriptRows}, {@code profile.MachineSnapshots}):
 * <ul>
 *   <li>{@code rows.tsv}: a header ({@code block}, {@code position}, then the study's columns), then
 *       one line per row a side measured, its block and its position in the block (1 = first);</li>
 *   <li>{@code machine.tsv}: {@code block}, {@code side}, the unit's column when there is one,
 *       {@code phase} ({@code before}/{@code after}), {@code proc_stat_cpu} (the aggregate {@code cpu}
 *       line of {@code /proc/stat}), {@code loadavg} ({@code /proc/loadavg}), {@code online_cpus} and
 *       {@code own_cpu_s} (on the {@code after} line: the CPU seconds of the side's process tree,
 *       the children its shell waited for, plus its helpers', e.g. the stand-in; {@code 0} on the
 *       {@code before} line; empty where it could not be read).</li>
 * </ul>
 * Every byte written (rows, machine lines, the sides' logs) passes the run's scrubber of known
 * secrets ({@link KnownSecrets}, after {@link Redaction}'s syntax rules for the logs): credentials
 * reach a side through its environment only ({@link Side.Launch#environment}), and the values of
 * that environment are learned as secrets before the first run.
 *
 * <p>Progress goes to the given stream, one line per run ({@code [LABEL] block K/N: SIDE (UNIT)}),
 * with a note when the run was under load by the main job's rule ({@link Finding.Conditions#underLoad(double, double)}:
 * other processes above 10% of the CPUs or steal above 5%). A failed run is counted and named
 * ({@link Result#failures}); the blocks go on, unless the plan stops at the first failure.
 */
public final class PairedBlocks {
  /** A shell that runs its arguments as one command, then copies its own stat line (its waited-for children's CPU). */
  private static final String OWN_CPU_SHELL = "f=$1; shift; \"$@\"; s=$?; cat /proc/$$/stat >\"$f\" 2>/dev/null; exit $s";
  private static final Path SH = Path.of("/bin/sh");

  private PairedBlocks() {}

  /**
   * One run of one side.
   *
   * @param block the block, from 1
   * @param blocks the blocks in the run
   * @param unit the unit inside the block (an operation), or empty when the run has none
   * @param position the side's place among the sides of this block and unit, from 1
   * @param side the side
   */
  public record Slot(int block, int blocks, String unit, int position, Side side) {}

  /**
   * The one order of paired runs: in block {@code k} the sides run in their given order when
   * {@code k} is odd and reversed when it is even ({@code A B}, {@code B A}, {@code A B}, ...; with
   * three sides {@code V1 V2 Java}, {@code Java V2 V1}), each unit of a block in turn, so that over
   * two blocks every side has run as often early as late. For two sides it is
   * {@link ForkSchedule#abba}, the main job's order of a headline comparison's forks.
   *
   * @param units the units of every block, in order; empty for none
   * @throws IllegalArgumentException when {@code blocks} is below 1 or no side is given (one side
   *     alone runs its blocks in turn: a study's client compared with itself across its points)
   */
  public static List<Slot> abba(int blocks, List<String> units, List<? extends Side> sides) {
    if (blocks < 1) {
      throw new IllegalArgumentException("--blocks " + blocks + ": expected at least 1 (4 or more for an interval)");
    }
    if (sides.isEmpty()) {
      throw new IllegalArgumentException("no side to run");
    }
    List<Slot> out = new ArrayList<>();
    for (int k = 1; k <= blocks; k++) {
      List<Side> order = new ArrayList<>(sides);
      if (k % 2 == 0) {
        Collections.reverse(order);
      }
      for (String unit : units.isEmpty() ? List.of("") : units) {
        for (int p = 0; p < order.size(); p++) {
          out.add(new Slot(k, blocks, unit, p + 1, order.get(p)));
        }
      }
    }
    return out;
  }

  /**
   * Where the run's tables go.
   *
   * @param dir the results directory (created), or {@code null} to write no table
   * @param rowColumns the study's columns of {@code rows.tsv} after {@code block} and {@code position}
   * @param unitColumn the name of the unit's column in {@code machine.tsv} ({@code operation}), or
   *     {@code null} when the run has no units
   */
  public record Output(Path dir, List<String> rowColumns, String unitColumn) {
    /** Copies the list. */
    public Output {
      rowColumns = List.copyOf(rowColumns);
    }

    /** No tables: the caller reads the sides' own files. */
    public static final Output NONE = new Output(null, List.of(), null);
  }

  /**
   * What to run.
   *
   * @param label the progress lines' prefix, e.g. {@code go-driver-vs-dbbench}
   * @param schedule the runs in order ({@link #abba}, or another order a check compares with it)
   * @param output the tables to write
   * @param stopAtFirstFailure throw at the first failed run instead of counting it and going on
   */
  public record Plan(String label, List<Slot> schedule, Output output, boolean stopAtFirstFailure) {
    /** Copies the list. */
    public Plan {
      schedule = List.copyOf(schedule);
    }
  }

  /**
   * The machine as a run found it: the raw lines {@code machine.tsv} keeps.
   *
   * @param procStatCpu the aggregate {@code cpu} line of {@code /proc/stat}
   * @param loadavg {@code /proc/loadavg}, trimmed
   * @param onlineCpus CPUs online
   */
  public record Snapshot(String procStatCpu, String loadavg, int onlineCpus) {
    /** Reads the machine now; {@code null} where {@code /proc} cannot be read (then no machine line is written). */
    public static Snapshot read() {
      try {
        String cpu = Files.readAllLines(Path.of("/proc/stat")).stream().filter(l -> l.startsWith("cpu "))
            .findFirst().orElse(null);
        String load = Files.readString(Path.of("/proc/loadavg")).trim();
        return cpu == null ? null : new Snapshot(cpu, load, MachineState.read().onlineCpus());
      } catch (IOException e) {
        return null;
      }
    }

    /** As the machine state the analyses judge. */
    public MachineState state() {
      double[] l = MachineState.parseLoadavg(loadavg);
      return new MachineState(l[0], l[1], l[2], onlineCpus, MachineState.parseProcStat(procStatCpu), 0);
    }
  }

  /**
   * One run's outcome.
   *
   * @param slot the run
   * @param before the machine before it, or {@code null} without {@code /proc}
   * @param after the machine after it, likewise
   * @param ownCpuSeconds CPU seconds its process tree and its side's helpers used; NaN where not read
   * @param seconds wall seconds of its process
   * @param rows the rows it measured (cells after block and position)
   * @param failures why its failed processes failed, each one line naming its log; empty when none did
   */
  public record Outcome(Slot slot, Snapshot before, Snapshot after, double ownCpuSeconds, double seconds,
      List<List<String>> rows, List<String> failures) {
    /** Copies the lists. */
    public Outcome {
      rows = List.copyOf(rows);
      failures = List.copyOf(failures);
    }

    /** The machine around the run, or {@code null} without {@code /proc}. */
    public MachineState.Interval interval() {
      return before == null || after == null ? null : new MachineState.Interval(before.state(), after.state());
    }

    /** Percent of all CPUs' time other processes were busy ({@link MachineSnapshots.Side#otherBusyPct}); NaN when unknown. */
    public double otherBusyPct() {
      MachineState.Interval i = interval();
      return i == null ? Double.NaN : new MachineSnapshots.Side(List.of(), i, ownCpuSeconds).otherBusyPct();
    }

    /** Whether it ran under load by the main job's rule ({@link Finding.Conditions#underLoad(double, double)}). */
    public boolean underLoad() {
      MachineState.Interval i = interval();
      return i != null && Finding.Conditions.underLoad(otherBusyPct(), i.stealPct());
    }

    /** Whether a process of it failed. */
    public boolean failed() {
      return !failures.isEmpty();
    }
  }

  /**
   * Every run's outcome, in the order they ran.
   *
   * @param outcomes one per slot run
   */
  public record Result(List<Outcome> outcomes) {
    /** How many processes failed. */
    public int failures() {
      return failed().size();
    }

    /** The failed processes' messages, in order. */
    public List<String> failed() {
      return outcomes.stream().flatMap(o -> o.failures().stream()).toList();
    }
  }

  /**
   * Runs {@code plan} with no hook before each run.
   *
   * @see #run(Plan, PrintStream, Consumer)
   */
  public static Result run(Plan plan, PrintStream progress) throws IOException, Side.SideFailedException {
    return run(plan, progress, s -> { });
  }

  /**
   * Runs every slot of the plan in order, writing the tables as it goes (a run cut short keeps
   * what it measured).
   *
   * @param progress where the progress lines go (standard error for the scripts)
   * @param beforeEach called before each run (a check that changes the machine halfway)
   * @throws Side.SideFailedException at the first failed run when the plan stops there
   * @throws IOException when the tables or a log cannot be written
   */
  public static Result run(Plan plan, PrintStream progress, Consumer<Slot> beforeEach)
      throws IOException, Side.SideFailedException {
    // credentials reach a side through its environment: learn them before anything is written
    plan.schedule().stream().map(Slot::side).distinct().forEach(s -> s.environment().forEach(KnownSecrets::learn));
    Output out = plan.output();
    if (out.dir() != null) {
      Files.createDirectories(out.dir());
      List<String> header = new ArrayList<>(List.of("block", "position"));
      header.addAll(out.rowColumns());
      // a run continuing another's tables (one per document, as WMPayload's) keeps their header and rows
      if (!Files.isRegularFile(out.dir().resolve("rows.tsv"))) {
        write(out.dir().resolve("rows.tsv"), String.join("\t", header) + "\n", false);
      }
      List<String> m = new ArrayList<>(List.of("block", "side"));
      if (out.unitColumn() != null) {
        m.add(out.unitColumn());
      }
      m.addAll(List.of("phase", "proc_stat_cpu", "loadavg", "online_cpus", "own_cpu_s"));
      if (!Files.isRegularFile(out.dir().resolve("machine.tsv"))) {
        write(out.dir().resolve("machine.tsv"), String.join("\t", m) + "\n", false);
      }
    }
    List<Outcome> outcomes = new ArrayList<>();
    for (Slot s : plan.schedule()) {
      beforeEach.accept(s);
      progress.println("[" + plan.label() + "] block " + s.block() + "/" + s.blocks() + ": " + s.side().name()
          + (s.unit().isEmpty() ? "" : " (" + s.unit() + ")"));
      Outcome o = runOne(s, plan.stopAtFirstFailure());
      outcomes.add(o);
      if (out.dir() != null) {
        append(out, o);
      }
      if (o.underLoad()) {
        progress.printf(Locale.ROOT, "[%s]   under load: other processes %.1f%% of the CPUs, steal %.1f%%%n",
            plan.label(), o.otherBusyPct(), o.interval().stealPct());
      }
      for (String f : o.failures()) {
        progress.println(plan.label() + ": " + f);
      }
      if (o.failed() && plan.stopAtFirstFailure()) {
        throw new Side.SideFailedException(o.failures().get(0));
      }
    }
    Result r = new Result(outcomes);
    if (r.failures() > 0) {
      progress.println(plan.label() + ": " + r.failures() + " run(s) failed: " + String.join("; ", r.failed()));
    }
    return r;
  }

  /** {@code SIDE[ UNIT][ STEP]}: one of a slot's processes in messages. */
  static String describe(Slot slot, Side.Launch launch) {
    return slot.side().name() + (slot.unit().isEmpty() ? "" : " " + slot.unit())
        + (launch.step().isEmpty() ? "" : " " + launch.step());
  }

  /**
   * Runs one slot: the machine before, each of its processes in turn (again while the side asks
   * to retry), the machine after, and the rows and CPU of them all. A failed process is recorded
   * and the slot goes on to its next one, unless {@code stop}.
   */
  static Outcome runOne(Slot slot, boolean stop) throws IOException {
    Side side = slot.side();
    List<Side.Launch> launches = side.launches(slot);
    Map<Long, Long> helpers0 = helperTicks(side.helperPids());
    Snapshot before = Snapshot.read();
    long t0 = System.nanoTime();
    double own = ownCpuReadable() ? 0 : Double.NaN;
    List<List<String>> rows = new ArrayList<>();
    List<String> failures = new ArrayList<>();
    for (Side.Launch l : launches) {
      Files.createDirectories(l.log().toAbsolutePath().getParent());
      for (int tries = 0; ; tries++) {
        Process p;
        Path stat = ownCpuReadable() ? Files.createTempFile("dbbench-side-", ".stat") : null;
        int rc;
        String startFailed = null;
        try {
          try {
            side.prepare(slot, l);
            p = start(l, stat);
            rc = p.waitFor();
          } catch (IOException e) {
            rc = -1;
            startFailed = describe(slot, l) + " failed in block " + slot.block() + ": cannot prepare or start "
                + l.command().get(0) + " (" + e.getMessage() + ")";
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while " + describe(slot, l) + " ran in block " + slot.block(), e);
          }
          own += childSeconds(stat);
        } finally {
          if (stat != null) {
            Files.deleteIfExists(stat);
          }
        }
        String output = Files.isRegularFile(l.log()) ? Files.readString(l.log(), StandardCharsets.UTF_8) : "";
        String redacted = Redaction.redact(output);
        if (!redacted.equals(output)) {
          Files.writeString(l.log(), redacted, StandardCharsets.UTF_8);
        }
        if (startFailed != null) {
          failures.add(startFailed);
          break;
        }
        Duration wait = side.retryAfter(redacted, rc, tries);
        if (wait != null) {
          sleep(wait);
          continue;
        }
        try {
          rows.addAll(side.rows(slot, l, redacted, rc));
        } catch (Side.SideFailedException e) {
          failures.add(e.getMessage());
        }
        break;
      }
      if (stop && !failures.isEmpty()) {
        break;
      }
    }
    double seconds = (System.nanoTime() - t0) / 1e9;
    Snapshot after = Snapshot.read();
    long helperTicks = 0;
    for (Map.Entry<Long, Long> e : helperTicks(side.helperPids()).entrySet()) {
      // a helper started during the slot (a service restarted for its row) counts from 0
      helperTicks += Math.max(0, e.getValue() - helpers0.getOrDefault(e.getKey(), 0L));
    }
    own += helperTicks / (double) MachineSnapshots.USER_HZ;
    return new Outcome(slot, before, after, own, seconds, rows, failures);
  }

  /** Starts one process, through the shell that records its tree's CPU in {@code stat} when there is one. */
  private static Process start(Side.Launch l, Path stat) throws IOException {
    List<String> cmd = new ArrayList<>();
    if (stat != null) {
      cmd.addAll(List.of(SH.toString(), "-c", OWN_CPU_SHELL, "sh", stat.toString()));
    }
    cmd.addAll(l.command());
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(l.log().toFile());
    pb.environment().putAll(l.environment());
    if (l.directory() != null) {
      pb.directory(l.directory().toFile());
    }
    Process p = pb.start();
    p.getOutputStream().close();
    return p;
  }

  /** Whether a side's own CPU can be read: Linux's {@code /proc} and a POSIX shell. */
  static boolean ownCpuReadable() {
    return Files.isReadable(Path.of("/proc/self/stat")) && Files.isExecutable(SH);
  }

  /** CPU ticks each helper has used so far ({@code utime + stime}), by pid; a helper that is gone is left out. */
  static Map<Long, Long> helperTicks(List<Long> pids) {
    Map<Long, Long> t = new HashMap<>();
    for (long pid : pids) {
      try {
        t.put(pid, ProcessCpu.parseStat(pid, Files.readString(Path.of("/proc", Long.toString(pid), "stat")), "").cpuTicks());
      } catch (IOException | IllegalArgumentException e) {
        // gone or unreadable: nothing to add
      }
    }
    return t;
  }

  /** The CPU seconds of one process's tree: its shell's waited-for children ({@code stat}); NaN when not read. */
  private static double childSeconds(Path stat) {
    if (stat == null) {
      return Double.NaN;
    }
    try {
      String line = Files.readString(stat, StandardCharsets.UTF_8);
      return line.isBlank() ? Double.NaN : (double) ProcessCpu.waitedChildrenTicks(line) / MachineSnapshots.USER_HZ;
    } catch (IOException | IllegalArgumentException e) {
      return Double.NaN;
    }
  }

  private static void append(Output out, Outcome o) throws IOException {
    StringBuilder rows = new StringBuilder();
    for (List<String> r : o.rows()) {
      if (r.size() != out.rowColumns().size()) {
        throw new IllegalStateException(o.slot().side().name() + " gave a row of " + r.size() + " cells, expected "
            + out.rowColumns().size() + " (" + String.join(", ", out.rowColumns()) + "): " + r);
      }
      rows.append(o.slot().block()).append('\t').append(o.slot().position());
      for (String c : r) {
        rows.append('\t').append(cell(c));
      }
      rows.append('\n');
    }
    write(out.dir().resolve("rows.tsv"), rows.toString(), true);
    if (o.before() != null && o.after() != null) {
      String key = o.slot().block() + "\t" + cell(o.slot().side().name())
          + (out.unitColumn() == null ? "" : "\t" + cell(o.slot().unit()));
      String own = Double.isNaN(o.ownCpuSeconds()) ? "" : String.format(Locale.ROOT, "%.2f", o.ownCpuSeconds());
      write(out.dir().resolve("machine.tsv"), key + "\tbefore\t" + line(o.before()) + "\t0\n"
          + key + "\tafter\t" + line(o.after()) + "\t" + own + "\n", true);
    }
  }

  private static String line(Snapshot s) {
    return cell(s.procStatCpu()) + "\t" + cell(s.loadavg()) + "\t" + s.onlineCpus();
  }

  /** A cell as one TSV field: tabs and line ends become spaces. */
  private static String cell(String s) {
    return s == null ? "" : s.replace('\t', ' ').replace('\n', ' ').replace('\r', ' ');
  }

  private static void write(Path file, String text, boolean append) throws IOException {
    String scrubbed = KnownSecrets.scrub(text);
    if (append) {
      Files.writeString(file, scrubbed, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } else {
      Files.writeString(file, scrubbed, StandardCharsets.UTF_8);
    }
  }

  private static void sleep(Duration d) throws IOException {
    try {
      Thread.sleep(d.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while waiting to run a side again", e);
    }
  }
}
