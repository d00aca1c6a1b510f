package io.dbbench.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.FamilyServers;
import io.dbbench.core.FamilySettings;
import io.dbbench.core.Leases;
import io.dbbench.core.Mode;
import io.dbbench.core.Probe;
import io.dbbench.core.Redaction;
import io.dbbench.profile.MachineState;
import io.dbbench.report.Report;
import io.dbbench.report.data.RunManifest.FamilyStatus;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import io.dbbench.report.data.Run;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The main job's orchestration, testable: runs each {@link BenchmarkFamily} on its settings in one
 * JMH run, and writes {@code <results>/<UTC timestamp>/} with {@code jmh.json} (a plain JMH JSON
 * array, all families merged), {@code env.json} (the run manifest, redacted in one pass by
 * {@link Redaction#redactTree}), {@code report.md} and {@code report.html}. It never exits the JVM:
 * {@link #run()} returns an {@link Outcome} per family, and {@code io.dbbench.BenchMain} turns it into an
 * exit code.
 *
 * <p>A family whose probe fails is skipped with one line and the run goes on; a family whose
 * benchmark fails (JMH runs with {@code -foe true}) is marked failed and publishes no result, and
 * the later families still run.
 */
public final class MainJob {
  private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'");

  /**
   * What the user asked for.
   *
   * @param mode quick or full (publication) settings
   * @param include only benchmarks whose full name matches, or {@code null} for all
   * @param userArgs JMH options that override the families' settings, option by option
   * @param forks fork count for every family, or {@code null} for the settings'
   * @param resultsRoot where run directories are created
   * @param profile {@code none} or {@code async} (flame graphs of the headline comparisons)
   * @param shard which shard of the run's units to run ({@link ShardPlan}), or {@code null} for all
   * @param units only the plan's units whose id ({@code graph:sweep:graphd-100}, {@code arango:comparison:2})
   *     this pattern finds, or {@code null} for every unit; applied before the shards split the plan
   */
  public record Options(Mode mode, Pattern include, List<String> userArgs, Integer forks, Path resultsRoot,
      String profile, ShardPlan.Shard shard, Pattern units) {
    /** Copies the argument list. */
    public Options {
      userArgs = List.copyOf(userArgs);
      profile = profile == null ? "none" : profile;
    }

    /** Options of a run over every unit of its plan. */
    public Options(Mode mode, Pattern include, List<String> userArgs, Integer forks, Path resultsRoot,
        String profile, ShardPlan.Shard shard) {
      this(mode, include, userArgs, forks, resultsRoot, profile, shard, null);
    }

    /** Options of an unsharded run. */
    public Options(Mode mode, Pattern include, List<String> userArgs, Integer forks, Path resultsRoot,
        String profile) {
      this(mode, include, userArgs, forks, resultsRoot, profile, null);
    }

    /** Options without profiling, unsharded. */
    public Options(Mode mode, Pattern include, List<String> userArgs, Integer forks, Path resultsRoot) {
      this(mode, include, userArgs, forks, resultsRoot, "none", null);
    }
  }

  /** One family's outcome: status, one-line reason (empty when it ran) and the number of results. */
  public record FamilyOutcome(String id, FamilyStatus status, String reason, int results) {}

  /**
   * The whole run's outcome.
   *
   * @param runDir the run directory written
   * @param families one outcome per registered family, in run order
   * @param reportError the report renderer's failure, or empty
   * @param emptyShard whether this run is a shard that owns none of the plan's units (more shards
   *     than units): it ran nothing, by design, and its manifest says so
   */
  public record Outcome(Path runDir, List<FamilyOutcome> families, String reportError, boolean emptyShard) {
    /** Whether any family failed or the report could not be written. */
    public boolean failed() {
      return !reportError.isEmpty() || families.stream().anyMatch(f -> f.status() == FamilyStatus.FAILED);
    }

    /** Whether no family ran at all (every one skipped, not selected, or in other shards). */
    public boolean nothingRan() {
      return families.stream().noneMatch(f -> f.status() == FamilyStatus.RAN);
    }
  }

  private final List<BenchmarkFamily> families;
  private final Options options;
  /** The unit ids this shard runs ({@link ShardPlan}), or {@code null} when the run is not sharded. */
  private Set<String> owned;
  /** The run manifest, filled as the run goes. */
  private ManifestBuilder manifest;
  /** Whether this run is a shard that owns no unit of a non-empty plan ({@link RunUnits}). */
  private boolean emptyShard;
  private final PrintStream out;
  private final Clock clock;
  /** What every fork of this run shares; set once by {@link #run()}. */
  private ForkContext ctx;
  /** The plan of this run's units and the job-level progress lines; set once by {@link #run()}. */
  private JobProgress progress;
  /** This shard's units {@code <family>:client:<name>} ({@link StudyClients}); set once by {@link #run()}. */
  private StudyClients clients;

  /** A job over {@code families} (normally {@code io.dbbench.Families.all()}), printing progress to {@code out}. */
  public MainJob(List<BenchmarkFamily> families, Options options, PrintStream out, Clock clock) {
    this.families = List.copyOf(families);
    this.options = options;
    this.out = out;
    this.clock = clock;
  }

  /**
   * Runs every family and writes the run directory.
   *
   * @throws IOException when the run directory or its files cannot be written
   */
  public Outcome run() throws IOException {
    Path runDir = RunDirectory.create(options.resultsRoot(), STAMP.format(ZonedDateTime.now(clock.withZone(ZoneOffset.UTC))));
    say("main job: " + (options.mode() == Mode.FULL ? "full (publication)" : "quick") + " settings; results in "
        + runDir.toAbsolutePath());
    // servers and directories of forks that were killed in an earlier run (see Leases)
    Leases.sweep().forEach(this::say);
    Set<String> all = allBenchmarks();
    manifest = new ManifestBuilder();
    RunUnits units = RunUnits.of(planUnits(all), options, manifest, this::say);
    owned = units.owned();
    emptyShard = units.emptyShard();
    List<ShardPlan.Unit> mine = units.mine();
    JobProgress.planLines(mine, options.mode(), options.shard()).forEach(this::say);
    progress = new JobProgress(mine, this::say, System::nanoTime);
    clients = new StudyClients(mine, runDir, Path.of("").toAbsolutePath(), System::getenv, progress, this::say);
    long jobStart = System.nanoTime();
    List<String> hostArgs = ManagementFactory.getRuntimeMXBean().getInputArguments();
    try (ForkSecrets secrets = ForkSecrets.write(JmhCommand.forkSecrets(options.userArgs(), hostArgs))) {
      ctx = new ForkContext(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT), new JmhCommand.Job(
          options.mode(), options.userArgs(), hostArgs, Runtime.version().feature(), runDir, secrets.path()),
          new ComparisonBudget());
      return runFamilies(all, jobStart);
    }
  }

  /** Runs each family in turn ({@link #runFamily}), then writes {@code jmh.json}, {@code env.json} and the report. */
  private Outcome runFamilies(Set<String> all, long jobStart) throws IOException {
    ArrayNode merged = ctx.json().createArrayNode();
    List<FamilyOutcome> outcomes = new ArrayList<>();
    for (BenchmarkFamily family : families) {
      outcomes.add(runFamily(family, all, manifest.family(family), merged));
      clients.run(family, options.mode());
    }
    Path runDir = ctx.runDir();
    ctx.json().writeValue(runDir.resolve("jmh.json").toFile(), merged);
    ManifestBuilder.write(ctx.json(), runDir.resolve("env.json"),
        manifest.build(options, Math.round((System.nanoTime() - jobStart) / 1e9)));
    Files.deleteIfExists(runDir.resolve(Run.INCOMPLETE));
    String reportError = "";
    try {
      Report.render(runDir);
    } catch (IOException | RuntimeException e) {
      reportError = Redaction.redact(String.valueOf(e.getMessage()));
    }
    say("wrote " + runDir.resolve("jmh.json") + ", env.json, report.md, report.html (" + merged.size() + " results)");
    if (options.shard() == null && reportError.isEmpty()) {
      refreshHistory(runDir);
    }
    return new Outcome(runDir, List.copyOf(outcomes), reportError, emptyShard);
  }

  /**
   * Refreshes the history of the results root ({@code report history}: every run's findings as
   * series with their change points) and renders the run's report again so its first screen links
   * each finding to its series. A shard leaves it to the merged run. A failure is one line; the run
   * stands.
   */
  private void refreshHistory(Path runDir) {
    try {
      io.dbbench.report.study.History.Document h = Report.refreshHistory(options.resultsRoot(), options.resultsRoot());
      Report.render(runDir);
      say("refreshed " + options.resultsRoot().resolve(io.dbbench.report.study.History.HTML) + " (" + h.runs().size()
          + " runs, " + h.series().size() + " findings); the report links each finding to its series");
      h.unreadable().forEach(u -> say("history: run " + u.run() + " left out: " + Redaction.redact(u.reason())));
    } catch (IOException | RuntimeException | io.dbbench.report.data.ReportException e) {
      say("history not refreshed: " + Redaction.redact(String.valueOf(e.getMessage())));
    }
  }

  /**
   * One family: what it selects, whether this shard runs it, its probe and its settings; then,
   * with the servers its trials share, its measurement ({@link #measure}). Records in {@code fenv}
   * why it did not run, when it did not.
   */
  private FamilyOutcome runFamily(BenchmarkFamily family, Set<String> all, ManifestBuilder.FamilyEntry fenv,
      ArrayNode merged) {
    Pattern fam = Pattern.compile(family.includeRegex());
    List<String> selected = new ArrayList<>();
    for (String b : all) {
      if (fam.matcher(b).find() && (options.include() == null || options.include().matcher(b).find())) {
        selected.add(b);
      }
    }
    if (selected.isEmpty()) {
      fenv.status(FamilyStatus.NOT_SELECTED);
      return new FamilyOutcome(family.id(), FamilyStatus.NOT_SELECTED, "no benchmark matched", 0);
    }
    if (owned != null) {
      List<String> here = owned.stream().filter(u -> u.startsWith(family.id() + ":")).sorted().toList();
      if (here.isEmpty()) {
        fenv.status(FamilyStatus.OTHER_SHARD);
        if (options.shard() == null) {
          fenv.status(FamilyStatus.NOT_SELECTED);
          return new FamilyOutcome(family.id(), FamilyStatus.NOT_SELECTED, "no unit matched bench.units", 0);
        }
        return new FamilyOutcome(family.id(), FamilyStatus.OTHER_SHARD, "its units run in other shards", 0);
      }
      fenv.shardUnits(here);
    }
    Probe probe;
    try {
      probe = family.probe();
    } catch (RuntimeException | LinkageError e) {
      probe = Probe.unavailable("probe threw " + e);
    }
    fenv.probe(probe);
    if (!probe.available()) {
      say(family.id() + ": skipped: " + Redaction.redact(probe.reason()));
      dropUnits(family.id(), "its family was skipped");
      fenv.skipped(probe.reason());
      return new FamilyOutcome(family.id(), FamilyStatus.SKIPPED, Redaction.redact(probe.reason()), 0);
    }
    FamilySettings settings = family.settings(options.mode());
    if (!settings.reductions().isEmpty()) {
      fenv.reducedParams(settings.reductions());
    }
    // a headline comparison runs even when the sweep leaves its benchmark out (its forks measure the points)
    List<String> comparable = List.copyOf(selected);
    if (!settings.excluded().isEmpty()) {
      List<String> left = selected.stream().filter(settings::isExcluded).toList();
      if (!left.isEmpty()) {
        fenv.excluded(left, settings.excluded());
        selected.removeAll(left);
        say(family.id() + ": left out in this mode: " + left + " (" + String.join("; ", settings.excluded().values()) + ")");
      }
      if (selected.isEmpty() && settings.comparisons().stream().noneMatch(c -> comparable.contains(c.benchmark()))
          && settings.sweeps().stream().noneMatch(w -> comparable.stream().anyMatch(w::runs))) {
        fenv.status(FamilyStatus.NOT_SELECTED);
        return new FamilyOutcome(family.id(), FamilyStatus.NOT_SELECTED, "every selected benchmark is left out in this mode", 0);
      }
    }
    FamilyServers servers = startServers(family, fenv);
    try {
      return measure(new FamilyRun(family, settings.withForkProperties(servers.forkProperties()), List.copyOf(selected),
          comparable, fenv), merged);
    } finally {
      servers.close();
    }
  }

  /**
   * The family's sweep (one JMH run, when this shard runs it), its further sweeps
   * ({@link FamilySettings#sweeps}, one JMH run each, those this shard runs), its headline
   * comparisons, its allocation pass and, when asked, its flame graphs; adds its rows to
   * {@code merged} and records status, result count, wall time and the machine's state in the
   * manifest. A main sweep that fails fails the family and runs nothing more of it; a further sweep
   * that fails fails the family but keeps the rows of the others and goes on, so hours of a full
   * run are not lost to one point. Each unit prints a progress line when it ends ({@link JobProgress}).
   */
  private FamilyOutcome measure(FamilyRun f, ArrayNode merged) {
    ManifestBuilder.FamilyEntry fenv = f.fenv();
    // an include that selects only a headline comparison's benchmark, which the sweep leaves out: no sweep
    boolean sweepNone = f.selected().isEmpty();
    boolean sweepHere = !sweepNone && runsHere(ShardPlan.Unit.sweep(f.id()));
    Path resultFile = ctx.runDir().resolve("jmh-" + f.id() + ".json");
    List<String> regexes = f.selected().stream().map(b -> "^" + Pattern.quote(b) + "$").toList();
    List<String> cmd = JmhCommand.build(ctx.jmh(), f.settings(), options.forks(), resultFile, regexes);
    if (sweepHere) {
      fenv.sweep(cmd.stream().filter(s -> !s.startsWith("^")).toList(), f.selected());
      say(f.id() + ": " + f.family().title() + ": " + f.selected().size() + " benchmark method(s)");
    } else if (sweepNone) {
      say(f.id() + ": " + f.family().title() + ": no main sweep (the selection leaves only its further sweeps and"
          + " headline comparisons)");
    } else {
      say(f.id() + ": " + f.family().title() + ": its sweep runs in another shard; this shard runs "
          + fenv.shardUnits());
    }
    long t0 = System.nanoTime();
    MachineState before = MachineState.read();
    FamilyOutcome outcome;
    try {
      JsonNode arr = sweepHere ? runJmh(cmd, resultFile) : ctx.json().createArrayNode();
      long sweepSeconds = Math.round((System.nanoTime() - t0) / 1e9);
      int n = arr == null ? 0 : arr.size();
      if (n > 0 || !sweepHere) {
        ArrayNode rows = (ArrayNode) arr;
        Forks forks = new Forks(options, ctx, this::runJmh, this::say, this::runsHere);
        String sweepsError = new FurtherSweeps(forks, progress::done).run(f, rows);
        String headlineError = new HeadlineComparisons(forks, progress::done).run(f, rows);
        long passStart = System.nanoTime();
        if (headlineError == null) {
          ExtraForks extra = new ExtraForks(forks);
          if (sweepHere) {
            extra.allocationPass(f, rows);
          }
          if (options.profile().equals("async")) {
            extra.profiles(f);
          }
        }
        if (sweepHere) {
          progress.done(ShardPlan.Unit.sweep(f.id()).id(), sweepSeconds + Math.round((System.nanoTime() - passStart) / 1e9));
        }
        rows.forEach(merged::add);
        fenv.forkJvmArgs(JmhRows.recordedJvmArgs(rows));
        String error = headlineError != null ? headlineError : sweepsError;
        outcome = error == null ? new FamilyOutcome(f.id(), FamilyStatus.RAN, "", rows.size())
            : new FamilyOutcome(f.id(), FamilyStatus.FAILED, error, rows.size());
        try {
          f.family().afterRun(ctx.runDir(), options.mode(), out);
        } catch (IOException | RuntimeException e) {
          say(f.id() + ": reference data not written: " + Redaction.redact(String.valueOf(e.getMessage())));
        }
      } else {
        outcome = new FamilyOutcome(f.id(), FamilyStatus.FAILED, "no result was produced (see the JMH output above)", 0);
      }
    } catch (Exception e) {
      String msg = oneLine(e);
      say(f.id() + ": failed: " + msg);
      outcome = new FamilyOutcome(f.id(), FamilyStatus.FAILED, msg, 0);
    }
    if (outcome.status() == FamilyStatus.FAILED) {
      dropUnits(f.id(), "its family failed");
    }
    fenv.ended(outcome.status(), outcome.status() == FamilyStatus.FAILED ? outcome.reason()
        : null, outcome.results(), Math.round((System.nanoTime() - t0) / 1e9), new MachineState.Interval(before,
        MachineState.read()));
    return outcome;
  }


  /** Drops the family's units still pending from the plan ({@link JobProgress#dropped}). */
  private void dropUnits(String family, String why) {
    progress.pendingIds().stream().filter(id -> id.startsWith(family + ":")).forEach(id -> progress.dropped(id, why));
  }

  /**
   * Starts the servers the family's trials share ({@link BenchmarkFamily#startServers}) and records
   * them in the family's manifest; {@link FamilyServers#NONE} (every trial starts its own) when
   * they cannot be started, which it says in one line.
   */
  private FamilyServers startServers(BenchmarkFamily family, ManifestBuilder.FamilyEntry fenv) {
    FamilyServers servers;
    try {
      servers = family.startServers(options.mode(), out);
    } catch (IOException | RuntimeException e) {
      say(family.id() + ": shared servers not started, every trial starts its own: " + Redaction.redact(oneLine(e)));
      return FamilyServers.NONE;
    }
    if (!servers.servers().isEmpty()) {
      fenv.sharedServers(servers);
      say(family.id() + ": servers shared by its trials: " + servers.servers().stream()
          .map(x -> x.name() + " at " + x.address() + " (pid " + x.pid() + ")").toList());
    }
    return servers;
  }

  /** Whether this run runs {@code unit}: always when unsharded, else when its shard owns it. */
  private boolean runsHere(ShardPlan.Unit unit) {
    return owned == null || owned.contains(unit.id());
  }

  /**
   * This job's units ({@link ShardPlan#units}) over {@code all}, the full names of the benchmarks
   * to plan over (normally {@link #allBenchmarks()}), those whose id {@link Options#units} finds
   * when it is set; every shard computes the same list.
   */
  public List<ShardPlan.Unit> planUnits(Set<String> all) {
    List<ShardPlan.Unit> units = everyUnit(all);
    return options.units() == null ? units : units.stream().filter(u -> options.units().matcher(u.id()).find()).toList();
  }

  /** This job's units over {@code all} before {@link Options#units} selects among them (what a user may select). */
  public List<ShardPlan.Unit> everyUnit(Set<String> all) {
    return ShardPlan.units(families, options.mode(), options.include(), all);
  }

  /** One JMH run once JMH's lock is free ({@link JmhRunner#run}), saying on this job's output when it waits. */
  private JsonNode runJmh(List<String> cmd, Path file) throws Exception {
    return JmhRunner.run(cmd, file, ctx.json(), this::say);
  }

  /** {@link #describe} of {@code e}, redacted, on one line. */
  static String oneLine(Exception e) {
    // one line first: a line break inside a value (a password holding one) must not end its mask
    return Redaction.redact(describe(e).replaceAll("\\s*\\R\\s*", " "));
  }

  /** {@code Type: message}, and the root cause's when there is one (JMH wraps the benchmark's exception). */
  static String describe(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String top = e.getClass().getSimpleName() + ": " + e.getMessage();
    return root == e ? top : top + "; caused by " + root.getClass().getSimpleName() + ": " + root.getMessage();
  }

  private void say(String line) {
    out.println("[dbbench] " + line);
  }

  /** Full names ({@code package.Class.method}) of every benchmark compiled into the suite. */
  public static Set<String> allBenchmarks() {
    Set<String> names = new TreeSet<>();
    for (BenchmarkListEntry e : BenchmarkList.defaultList().getAll(
        OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT), List.of())) {
      names.add(e.getUsername());
    }
    return names;
  }
}
