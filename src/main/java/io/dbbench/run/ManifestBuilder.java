package io.dbbench.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.EnvInfo;
import io.dbbench.core.FamilyServers;
import io.dbbench.core.FamilySettings;
import io.dbbench.core.Probe;
import io.dbbench.core.Redaction;
import io.dbbench.profile.MachineState;
import io.dbbench.report.data.ManifestJson;
import io.dbbench.report.data.RunManifest;
import io.dbbench.report.stats.StoppingRule;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The run manifest as the main job fills it: one {@link FamilyEntry} per family (filled while
 * the family runs: its probe's facts, its sweep, its headline comparisons as {@link ComparisonEntry}s,
 * its allocation pass and flame graphs, how it ended), the shard, and at the end the machine's and
 * the JDK's facts ({@link EnvInfo}); {@link #build} makes the typed {@link RunManifest} and
 * {@link #write} writes it, redacted in one pass ({@link Redaction#redactTree}), through
 * {@link ManifestJson}, the one class that knows {@code env.json}'s keys. Not thread-safe: the main
 * job fills it from one thread.
 */
public final class ManifestBuilder {
  private final Map<String, FamilyEntry> families = new LinkedHashMap<>();
  private RunManifest.Shard shard;

  /** Starts the section of {@code family}, titled, in run order, and returns it. */
  public FamilyEntry family(BenchmarkFamily family) {
    FamilyEntry e = new FamilyEntry(family.title());
    families.put(family.id(), e);
    return e;
  }

  /** Records the shard this run is ({@link ShardPlan}). */
  public void shard(ShardPlan.Shard s, List<String> units, List<String> plan, List<Integer> expectedSeconds,
      boolean empty) {
    shard = new RunManifest.Shard(s.index(), s.count(), units, plan,
        expectedSeconds.stream().map(Integer::longValue).toList(), empty);
  }

  /**
   * The manifest: this machine's and JDK's facts ({@link EnvInfo#collect}), the job's knobs, every
   * family's section, the shard, and the job's wall time.
   *
   * @param options the main job's options
   * @param wallSeconds the job's wall time in seconds
   */
  public RunManifest build(MainJob.Options options, long wallSeconds) {
    RunManifest env = ManifestJson.read(ManifestJson.tree(EnvInfo.collect()));
    Map<String, RunManifest.Family> fams = new LinkedHashMap<>();
    families.forEach((id, e) -> fams.put(id, e.build()));
    RunManifest.Job job = new RunManifest.Job(options.mode(),
        options.include() == null ? "" : options.include().pattern(), options.userArgs(), options.forks(),
        options.units() == null ? "" : options.units().pattern());
    return new RunManifest(RunManifest.SCHEMA_VERSION, env.host(), job, fams, shard, null, wallSeconds, null,
        List.of(), env.extra());
  }

  /**
   * Writes {@code manifest} to {@code file} as {@code env.json}, redacted in one pass
   * ({@link Redaction#redactTree}, which walks maps and lists: the tree is converted to them first).
   */
  public static void write(ObjectMapper json, Path file, RunManifest manifest) throws IOException {
    Map<?, ?> tree = json.convertValue(ManifestJson.write(manifest), LinkedHashMap.class);
    json.writeValue(file.toFile(), Redaction.redactTree(tree));
  }

  /** The manifest's record of a comparison's {@link StoppingRule}. */
  static RunManifest.Rule rule(StoppingRule rule) {
    return new RunManifest.Rule("stein", null, rule.scale().name().toLowerCase(Locale.ROOT), rule.target(),
        rule.targetText(), rule.pilotPairs(), rule.maxPairs(), rule.capSeconds());
  }

  /** The manifest's record of a comparison run with the user's fixed count of {@code pairs}. */
  static RunManifest.Rule fixedRule(Integer pairs) {
    return new RunManifest.Rule("fixed", pairs, null, null, null, null, null, null);
  }

  /** One family's section, filled while it runs. */
  public static final class FamilyEntry {
    private final String title;
    private String backend = "";
    private io.dbbench.core.BackendKind kind;
    private final Map<String, JsonNode> facts = new LinkedHashMap<>();
    private List<String> shardUnits;
    private Map<String, String> reducedParams;
    private RunManifest.Excluded excluded;
    private List<RunManifest.SharedServer> sharedServers;
    private List<String> jmhArgs;
    private List<String> benchmarks;
    private List<ComparisonEntry> comparisons;
    private Map<String, Object> allocationPass;
    private List<RunManifest.Profile> profiles;
    private Map<String, List<String>> forkJvmArgs;
    private RunManifest.FamilyStatus status;
    private String reason;
    private String error;
    private Integer results;
    private Long wallSeconds;
    private RunManifest.Machine machine;
    private List<RunManifest.SweepRun> sweeps;

    FamilyEntry(String title) {
      this.title = title;
    }

    /** Its status. */
    public void status(RunManifest.FamilyStatus status) {
      this.status = status;
    }

    /** The units of it this shard runs. */
    public void shardUnits(List<String> units) {
      this.shardUnits = List.copyOf(units);
    }

    /** The units of it this shard runs, or {@code null} when the run is not sharded. */
    public List<String> shardUnits() {
      return shardUnits;
    }

    /** Its probe's facts: the {@code backend} label, its kind, and every other fact in the probe's order. */
    public void probe(Probe probe) {
      probe.facts().forEach((k, v) -> {
        if (k.equals("backend")) {
          backend = String.valueOf(v);
        } else {
          facts.put(k, ManifestJson.tree(v));
        }
      });
      kind = probe.kind();
    }

    /** It was skipped because its system could not be reached. */
    public void skipped(String reason) {
      this.status = RunManifest.FamilyStatus.SKIPPED;
      this.reason = reason;
    }

    /** Its mode's reductions of the study's sweep, parameter to reason. */
    public void reducedParams(Map<String, String> reductions) {
      this.reducedParams = new LinkedHashMap<>(reductions);
    }

    /** The selected benchmarks its mode leaves out, with the reasons by pattern. */
    public void excluded(List<String> benchmarks, Map<String, String> reasons) {
      this.excluded = new RunManifest.Excluded(reasons, benchmarks);
    }

    /** The servers its trials share. */
    public void sharedServers(FamilyServers servers) {
      this.sharedServers = servers.servers().stream()
          .map(s -> new RunManifest.SharedServer(s.name(), s.address(), s.pid(), s.key())).toList();
    }

    /** Its sweep: the JMH arguments (without the benchmark patterns) and the benchmarks. */
    public void sweep(List<String> jmhArgs, List<String> benchmarks) {
      this.jmhArgs = List.copyOf(jmhArgs);
      this.benchmarks = List.copyOf(benchmarks);
    }

    /** Marks that it runs headline comparisons (the section lists them, even when none ran here). */
    public void startComparisons() {
      if (comparisons == null) {
        comparisons = new ArrayList<>();
      }
    }

    /**
     * Starts the record of headline comparison number {@code index} ({@code c}) with its {@code rule}.
     */
    public ComparisonEntry comparison(int index, FamilySettings.HeadlineComparison c, RunManifest.Rule rule) {
      startComparisons();
      ComparisonEntry e = new ComparisonEntry(index, c, rule);
      comparisons.add(e);
      return e;
    }

    /**
     * Its allocation pass's record, filled by {@link ExtraForks} as the pass runs (benchmarks,
     * comparison points, JMH arguments, rows with allocs/op, the forks' JVM arguments, wall
     * time, errors); written as it stands when the manifest is built.
     */
    public void allocationPass(Map<String, Object> pass) {
      this.allocationPass = pass;
    }

    /** Marks that it makes flame graphs (the section lists them, even when none was made). */
    public void startProfiles() {
      if (profiles == null) {
        profiles = new ArrayList<>();
      }
    }

    /** One flame graph fork's record. */
    public void profile(RunManifest.Profile p) {
      startProfiles();
      profiles.add(p);
    }

    /** The JVM arguments JMH recorded per benchmark class ({@link JmhRows#recordedJvmArgs}). */
    public void forkJvmArgs(Map<String, List<String>> args) {
      this.forkJvmArgs = new LinkedHashMap<>(args);
    }

    /** Records one further sweep as run ({@link RunManifest.SweepRun}). */
    public void sweepRun(RunManifest.SweepRun run) {
      if (sweeps == null) {
        sweeps = new ArrayList<>();
      }
      sweeps.add(run);
    }

    /**
     * How it ended: status, error (for a failed family, else {@code null}), results, wall time and
     * the machine's state over the family.
     */
    public void ended(RunManifest.FamilyStatus status, String error, int results, long wallSeconds,
        MachineState.Interval machine) {
      this.status = status;
      this.error = error;
      this.results = results;
      this.wallSeconds = wallSeconds;
      this.machine = machine(machine);
    }

    /** The manifest's record of the machine's state over {@code m}. */
    static RunManifest.Machine machine(MachineState.Interval m) {
      return new RunManifest.Machine(m.before().load1(), m.after().load1(), m.after().onlineCpus(),
          round(m.stealPct()), round(m.busyPct()), m.overloaded());
    }

    private static double round(double v) {
      return Double.isNaN(v) ? v : Math.round(v * 100) / 100.0;
    }

    RunManifest.Family build() {
      JsonNode pass = allocationPass == null ? null : ManifestJson.tree(allocationPass);
      return new RunManifest.Family(title, new RunManifest.Backend(backend, kind, ManifestJson.caveats(facts)), facts,
          shardUnits, reducedParams, excluded, sharedServers, jmhArgs, benchmarks,
          comparisons == null ? null : comparisons.stream().map(ComparisonEntry::build).toList(), pass, profiles,
          forkJvmArgs, status, reason, error, results, wallSeconds, machine, sweeps);
    }
  }

  /** One headline comparison's record, filled while it runs. */
  public static final class ComparisonEntry {
    private static final String DESIGN = "ABBA: single forks alternating, fork i of A paired with fork i of B";
    private final int index;
    private final FamilySettings.HeadlineComparison c;
    private final RunManifest.Rule rule;
    private Long capCarriedSeconds;
    private Long warmupPairSeconds;
    private String stopDetail;
    private String order = "";
    private Integer forksPerSide;
    private Integer pairsNeeded;
    private String stop;
    private Double width;
    private List<String> jmhArgs;
    private Long wallSeconds;

    ComparisonEntry(int index, FamilySettings.HeadlineComparison c, RunManifest.Rule rule) {
      this.index = index;
      this.c = c;
      this.rule = rule;
    }

    /** The seconds the comparisons before it added to its cap (negative: taken from it). */
    public void capCarriedSeconds(long seconds) {
      capCarriedSeconds = seconds;
    }

    /** What stopped it, in words, when its pilot's pairs were out of its cap's reach. */
    public void stopDetail(String words) {
      stopDetail = words;
    }

    /** The seconds its discarded warm-up pair took. */
    public void warmupPairSeconds(long seconds) {
      warmupPairSeconds = seconds;
    }

    /** The sides' forks in the order they ran, and so the forks per side. */
    public void order(String order) {
      this.order = order;
      this.forksPerSide = order.length() / 2;
    }

    /** The pairs its pilot asked for, -1 when no pilot decided. */
    public void pairsNeeded(int pairs) {
      pairsNeeded = pairs;
    }

    /** Why it stopped, in words ({@code width reached}, {@code cap}, {@code fixed}, {@code failed}). */
    public void stop(String words) {
      stop = words;
    }

    /** Its interval's width when it stopped, in its rule's scale. */
    public void width(double width) {
      this.width = width;
    }

    /** Its interval's width when it stopped, NaN when none was recorded. */
    public double width() {
      return width == null ? Double.NaN : width;
    }

    /** The JMH arguments of its forks. */
    public void jmhArgs(List<String> args) {
      jmhArgs = List.copyOf(args);
    }

    /** Its wall time in seconds. */
    public void wallSeconds(long seconds) {
      wallSeconds = seconds;
    }

    /** Its wall time in seconds, or {@code null} before it ended. */
    public Long wallSeconds() {
      return wallSeconds;
    }

    RunManifest.Comparison build() {
      return new RunManifest.Comparison(index, c.benchmark(), c.param(), c.baseline(), c.contender(), DESIGN, rule,
          capCarriedSeconds, warmupPairSeconds, order, forksPerSide, pairsNeeded, stop, stopDetail, width, jmhArgs,
          wallSeconds, Map.of());
    }
  }
}
