package io.dbbench.report.data;

import com.fasterxml.jackson.databind.JsonNode;
import io.dbbench.core.BackendKind;
import io.dbbench.core.Mode;
import io.dbbench.core.Spelling;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The run manifest, {@code env.json} of a run directory, typed: written by the main job
 * ({@code io.dbbench.run.ManifestBuilder}) and read by the report ({@link Run#manifest()}), both
 * through {@link ManifestJson}, the one class that knows its keys (the schema is described in
 * {@code docs/reports.md}). Every component that an older or a partial manifest may lack is
 * {@code null} (a list or map: empty); keys this version does not know are kept, in order, in
 * {@code extra} (a family's own facts in {@link Family#facts}), so a manifest read and written
 * again keeps them.
 *
 * @param schemaVersion the {@code schema_version} read, 0 for a manifest written before it existed;
 *     {@link ManifestJson#write} always writes {@link #SCHEMA_VERSION}
 * @param host the machine, JDK and suite version ({@code io.dbbench.core.EnvInfo}), or {@code null}
 * @param job the main job's knobs, or {@code null} (a merged run, an interleaved side)
 * @param families every family's section by id, in run order
 * @param shard the shard this run was ({@code --shard i/n}), or {@code null}
 * @param shards the shards a {@code report merge} joined into this run ({@code shards}), or {@code null}
 * @param wallSeconds the job's wall time in seconds, or {@code null}
 * @param interleaved the {@code interleaved} block of one side of an {@code io.dbbench.run.Interleave}
 *     run, or {@code null}
 * @param mergedFrom the runs a {@code report merge} joined (each with its own manifest); empty otherwise
 * @param extra top-level keys this version does not model (for example {@code shards} of a
 *     merged sharded run), in file order
 */
public record RunManifest(int schemaVersion, Host host, Job job, Map<String, Family> families, Shard shard,
    List<ShardRun> shards, Long wallSeconds, Interleaved interleaved, List<MergedPart> mergedFrom,
    Map<String, JsonNode> extra) {

  /** The version {@link ManifestJson#write} writes; 1 is the first versioned schema. */
  public static final int SCHEMA_VERSION = 1;

  /** Copies the collections (keeping their order) and replaces {@code null} ones with empty ones. */
  public RunManifest {
    families = ordered(families);
    shards = shards == null ? null : List.copyOf(shards);
    mergedFrom = mergedFrom == null ? List.of() : List.copyOf(mergedFrom);
    extra = ordered(extra);
  }

  /** The family with {@code id}, if the manifest has a section for it. */
  public Optional<Family> family(String id) {
    return Optional.ofNullable(families.get(id));
  }

  /** Whether this is the manifest of a {@code report merge} of several runs. */
  public boolean merged() {
    return !mergedFrom.isEmpty();
  }

  /** The job's mode ({@code quick}, {@code full}), {@code merged} for a merged run, or "" when unknown. */
  public String mode() {
    if (job != null && job.mode() != null) {
      return job.mode().id();
    }
    return merged() ? "merged" : "";
  }

  /**
   * The job's mode, or {@link Mode#QUICK}, the main job's default, when the manifest names none
   * (a merged run, an interleaved side, a manifest written before the key existed).
   */
  public Mode jobMode() {
    return job != null && job.mode() != null ? job.mode() : Mode.QUICK;
  }

  /**
   * The machine, JDK and suite version the run was measured with (from {@code io.dbbench.core.EnvInfo}).
   *
   * @param timestampUtc when the manifest was written (ISO-8601), or {@code null}
   * @param host the host name, or {@code null}
   * @param jdk the main job's JDK, or {@code null}
   * @param os the operating system, or {@code null}
   * @param cores the available processors, or {@code null}
   * @param cpuModel the CPU model name, or {@code null}
   * @param memoryBytes the machine's memory in bytes, or {@code null}
   * @param jmhVersion JMH's version, or {@code null}
   * @param gitCommit the suite's git commit, or {@code null}
   * @param gitDirty whether the work tree had uncommitted changes, or {@code null}
   */
  public record Host(String timestampUtc, String host, Jdk jdk, Os os, Integer cores, String cpuModel,
      Long memoryBytes, String jmhVersion, String gitCommit, Boolean gitDirty) {}

  /**
   * The main job's JDK.
   *
   * @param inputArguments the main job's JVM arguments (the forks' base arguments)
   */
  public record Jdk(String version, String vendor, String vm, String home, List<String> inputArguments) {
    /** Copies the arguments; {@code null} becomes empty. */
    public Jdk {
      inputArguments = inputArguments == null ? List.of() : List.copyOf(inputArguments);
    }
  }

  /** The operating system: {@code os.name}, {@code os.version}, {@code os.arch}. */
  public record Os(String name, String version, String arch) {}

  /**
   * The main job's knobs.
   *
   * @param mode quick or full ({@code mode}), or {@code null} when the manifest names none
   * @param benchInclude {@code bench.include}'s pattern, "" for all
   * @param benchArgs {@code bench.args}, the user's JMH options
   * @param benchForks {@code bench.forks}, or {@code null} for the settings' (written as JSON null)
   * @param benchUnits {@code bench.units}'s pattern over the plan's unit ids, "" for every unit
   */
  public record Job(Mode mode, String benchInclude, List<String> benchArgs, Integer benchForks, String benchUnits) {
    /** Copies the arguments; {@code null} becomes empty. */
    public Job {
      benchArgs = benchArgs == null ? List.of() : List.copyOf(benchArgs);
      benchUnits = benchUnits == null ? "" : benchUnits;
    }

    /** Knobs of a run over every unit of its plan. */
    public Job(Mode mode, String benchInclude, List<String> benchArgs, Integer benchForks) {
      this(mode, benchInclude, benchArgs, benchForks, "");
    }
  }

  /**
   * What a family ran against: the label the report prints, its {@link BackendKind} and what
   * changes the meaning of its figures.
   *
   * @param label the family's {@code backend} fact, e.g. {@code embedded PostgreSQL 18.6}, or ""
   * @param kind what the backend is; {@code null} when neither the manifest nor its facts say
   * @param caveats durability settings that make its figures optimistic, from its facts
   */
  public record Backend(String label, BackendKind kind, Set<Caveat> caveats) {
    /** Copies the caveats; {@code null} label becomes "". */
    public Backend {
      label = label == null ? "" : label;
      caveats = caveats == null || caveats.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(caveats));
    }

    /** Whether the backend is a stand-in for the product. */
    public boolean standIn() {
      return kind == BackendKind.STAND_IN;
    }
  }

  /** A setting of the backend that makes its figures optimistic against a durable server. */
  public enum Caveat {
    /** PostgreSQL {@code fsync=off} (fact {@code pg_fsync}): no write is forced to the disk. */
    PG_FSYNC_OFF,
    /** PostgreSQL {@code synchronous_commit=off} (fact {@code pg_synchronous_commit}): a commit does not wait for its WAL. */
    PG_SYNCHRONOUS_COMMIT_OFF
  }

  /**
   * One family's section ({@code families.<id>}).
   *
   * @param title the family's title
   * @param backend its backend ({@code backend}, {@code backend_kind} and the durability facts)
   * @param facts the family's own facts from its probe (seeds, dataset sizes and checksums,
   *     versions, settings) and any key this version does not model, in file order, without
   *     {@code backend}
   * @param shardUnits the units of it this shard ran, or empty
   * @param reducedParams quick-mode reductions of the study's sweep, parameter to reason
   * @param excluded the benchmarks its mode leaves out of the sweep, or {@code null}
   * @param sharedServers the servers its trials shared
   * @param jmhArgs the sweep's JMH arguments, or empty when this run ran no sweep
   * @param benchmarks the sweep's benchmarks
   * @param comparisons its headline comparisons, as run ({@code null} when the key is absent)
   * @param allocationPass the allocation pass's record as written, or {@code null}
   * @param profiles the flame graphs of its headline comparisons ({@code null} when the key is absent)
   * @param forkJvmArgs the JVM arguments JMH recorded per benchmark class, or {@code null}
   * @param status how it ended, or {@code null} when not recorded
   * @param reason why it was skipped, or {@code null}
   * @param error why it failed, or {@code null}
   * @param results how many results it published, or {@code null}
   * @param wallSeconds its wall time in seconds, or {@code null}
   * @param machine the machine's state while it ran, or {@code null}
   * @param sweeps its further sweeps as run ({@code sweeps}), or {@code null} when the key is absent
   */
  public record Family(String title, Backend backend, Map<String, JsonNode> facts, List<String> shardUnits,
      Map<String, String> reducedParams, Excluded excluded, List<SharedServer> sharedServers, List<String> jmhArgs,
      List<String> benchmarks, List<Comparison> comparisons, JsonNode allocationPass, List<Profile> profiles,
      Map<String, List<String>> forkJvmArgs, FamilyStatus status, String reason, String error, Integer results,
      Long wallSeconds, Machine machine, List<SweepRun> sweeps) {
    /** Copies the collections, keeping their order. */
    public Family {
      backend = backend == null ? new Backend("", null, Set.of()) : backend;
      facts = ordered(facts);
      shardUnits = shardUnits == null ? null : List.copyOf(shardUnits);
      reducedParams = reducedParams == null ? null : ordered(reducedParams);
      sharedServers = sharedServers == null ? null : List.copyOf(sharedServers);
      jmhArgs = jmhArgs == null ? null : List.copyOf(jmhArgs);
      benchmarks = benchmarks == null ? null : List.copyOf(benchmarks);
      comparisons = comparisons == null ? null : List.copyOf(comparisons);
      profiles = profiles == null ? null : List.copyOf(profiles);
      forkJvmArgs = forkJvmArgs == null ? null : ordered(forkJvmArgs);
      sweeps = sweeps == null ? null : List.copyOf(sweeps);
    }

    /** The further sweeps as run, empty when none. */
    public List<SweepRun> sweepList() {
      return sweeps == null ? List.of() : sweeps;
    }

    /** The sweep's benchmarks, empty when none. */
    public List<String> benchmarkList() {
      return benchmarks == null ? List.of() : benchmarks;
    }

    /** The headline comparisons, empty when none. */
    public List<Comparison> comparisonList() {
      return comparisons == null ? List.of() : comparisons;
    }

    /** The flame graphs, empty when none. */
    public List<Profile> profileList() {
      return profiles == null ? List.of() : profiles;
    }

    /** The quick-mode reductions, empty when none. */
    public Map<String, String> reductions() {
      return reducedParams == null ? Map.of() : reducedParams;
    }

    /** Whether the family's benchmarks failed. */
    public boolean failed() {
      return status == FamilyStatus.FAILED;
    }
  }

  /**
   * The benchmarks a mode leaves out of a family's sweep.
   *
   * @param reasons regular expression to the reason it leaves its matches out
   * @param benchmarks the selected benchmarks it left out
   */
  public record Excluded(Map<String, String> reasons, List<String> benchmarks) {
    /** Copies the collections. */
    public Excluded {
      reasons = ordered(reasons);
      benchmarks = benchmarks == null ? List.of() : List.copyOf(benchmarks);
    }
  }

  /**
   * A server a family's trials shared ({@code io.dbbench.core.SharedServer}).
   *
   * @param pid its process id
   * @param key the key the forks use to reach it (a collection or database name), "" when none
   */
  public record SharedServer(String name, String address, long pid, String key) {}

  /**
   * One headline comparison as run ({@code families.<id>.comparisons[]}).
   *
   * @param index its number in the family, from 1, or {@code null} (runs before it was recorded)
   * @param benchmark the compared benchmark's full name
   * @param param the parameter whose value differs between the sides
   * @param baseline side A's parameter values
   * @param contender side B's parameter values
   * @param design how its forks were interleaved, in words
   * @param rule how many pairs it was to run
   * @param capCarriedSeconds seconds the comparisons before it in the run added to its cap (negative
   *     when they overran theirs; {@code io.dbbench.run.ComparisonBudget}), or {@code null}
   * @param warmupPairSeconds seconds of its discarded warm-up pair, or {@code null} when it had none
   * @param order the sides' forks in the order they ran ({@code ABBA...}); pair i is fork i of A and of B
   * @param forksPerSide forks run per side
   * @param pairsNeeded pairs the pilot asked for, -1 when no pilot decided, or {@code null}
   * @param stop why it stopped ({@code width reached}, {@code cap}, {@code fixed}, {@code failed})
   * @param stopDetail what stopped it when its pilot's pairs were out of its cap's reach, or {@code null}
   * @param width the interval's width when it stopped (in its rule's scale), or {@code null}
   * @param jmhArgs the JMH arguments of its forks
   * @param wallSeconds its wall time in seconds, or {@code null}
   * @param extra keys this version does not model, in file order
   */
  public record Comparison(Integer index, String benchmark, String param, Map<String, String> baseline,
      Map<String, String> contender, String design, Rule rule, Long capCarriedSeconds, Long warmupPairSeconds,
      String order, Integer forksPerSide, Integer pairsNeeded, String stop, String stopDetail, Double width,
      List<String> jmhArgs, Long wallSeconds,
      Map<String, JsonNode> extra) {
    /** Copies the collections. */
    public Comparison {
      baseline = ordered(baseline);
      contender = ordered(contender);
      order = order == null ? "" : order;
      jmhArgs = jmhArgs == null ? null : List.copyOf(jmhArgs);
      extra = ordered(extra);
    }
  }

  /**
   * A comparison's rule for its number of pairs: {@code fixed} (the user's count) or {@code stein}
   * (a pilot, then pairs until its interval is narrow enough or its cap comes).
   *
   * @param kind {@code fixed} or {@code stein}
   * @param pairs the fixed count of pairs, or {@code null}
   * @param scale {@code percent} or {@code ratio}, or {@code null}
   * @param target the target half-width (percent points) or high/low ratio, or {@code null}
   * @param targetText the target in words, or {@code null}
   * @param pilotPairs the pilot's pairs, or {@code null}
   * @param maxPairs the most pairs it may run, or {@code null}
   * @param capSeconds its time cap in seconds, or {@code null}
   */
  public record Rule(String kind, Integer pairs, String scale, Double target, String targetText, Integer pilotPairs,
      Integer maxPairs, Double capSeconds) {}

  /**
   * A flame graph fork of one side of a headline comparison ({@code -Dbench.profile=async}).
   *
   * @param comparison the comparison's label
   * @param side {@code A} or {@code B}
   * @param point the side's parameter values
   * @param event {@code cpu} or {@code alloc}
   * @param graphs the graphs' paths, relative to the run directory
   * @param error why none was made, or {@code null}
   */
  public record Profile(String comparison, String side, Map<String, String> point, String event, List<String> graphs,
      String error) {
    /** Copies the collections. */
    public Profile {
      point = ordered(point);
      graphs = graphs == null ? null : List.copyOf(graphs);
    }
  }

  /**
   * The machine's state while a family ran ({@code io.dbbench.profile.MachineState.Interval});
   * a figure that could not be read is NaN (written {@code "n/a"}).
   *
   * @param load1Before the 1-minute load average before
   * @param load1After the 1-minute load average after
   * @param onlineCpus CPUs online
   * @param stealPct CPU time stolen by the hypervisor, percent
   * @param busyPct CPU time busy, percent
   * @param overloaded whether other work shared the cores
   */
  public record Machine(double load1Before, double load1After, int onlineCpus, double stealPct, double busyPct,
      boolean overloaded) {}

  /**
   * One further sweep of a family as run ({@code families.<id>.sweeps[]}; the settings' declaration
   * is {@code io.dbbench.core.FamilySettings.Sweep}).
   *
   * @param name its name; its unit is {@code <family>:sweep:<name>}
   * @param purpose what it measures and why at these points
   * @param jmhArgs its JMH arguments as run (without the benchmark patterns)
   * @param benchmarks its benchmarks
   * @param status {@link FamilyStatus#RAN} or {@link FamilyStatus#FAILED}
   * @param error why it failed, or {@code null}
   * @param results the rows it published
   * @param expectedSeconds what the plan expected it to take, seconds
   * @param wallSeconds what it took, seconds
   * @param machine the machine's state while it ran, or {@code null}
   */
  public record SweepRun(String name, String purpose, List<String> jmhArgs, List<String> benchmarks, FamilyStatus status,
      String error, int results, long expectedSeconds, long wallSeconds, Machine machine) {
    /** Copies the lists. */
    public SweepRun {
      jmhArgs = List.copyOf(jmhArgs);
      benchmarks = List.copyOf(benchmarks);
    }
  }

  /**
   * The shard a run was.
   *
   * @param index this shard, from 0
   * @param count how many shards
   * @param units this shard's units
   * @param plan every shard's units
   * @param expectedSeconds the expected seconds per shard
   * @param empty whether this shard owned none of the plan's units
   */
  public record Shard(int index, int count, List<String> units, List<String> plan, List<Long> expectedSeconds,
      boolean empty) {
    /** Copies the lists. */
    public Shard {
      units = List.copyOf(units);
      plan = List.copyOf(plan);
      expectedSeconds = List.copyOf(expectedSeconds);
    }
  }

  /** How one family ended, as {@code families.<id>.status} writes it ({@link #words}). */
  public enum FamilyStatus implements Spelling.LowerWords {
    /** Its benchmarks ran and produced results. */
    RAN,
    /** Its system could not be reached; see the reason. */
    SKIPPED,
    /** A benchmark failed or nothing was produced; see the error. */
    FAILED,
    /** No benchmark of it matched {@code bench.include}, no unit of it {@code bench.units}, or its mode leaves every selected one out. */
    NOT_SELECTED,
    /** Its units belong to other shards of a sharded run. */
    OTHER_SHARD;

    /** The status {@code words} spell, or {@code null} for {@code null} or a word no status has. */
    public static FamilyStatus of(String words) {
      return Spelling.find(FamilyStatus.class, FamilyStatus::words, words).orElse(null);
    }
  }

  /**
   * One shard of a merged sharded run, as {@code report merge} joined it ({@code ShardMerge}).
   *
   * @param index the shard's index
   * @param host the host it ran on
   * @param source its run directory
   * @param units the units it ran
   * @param empty whether it owned none of the plan's units
   * @param wallSeconds its wall time in seconds
   */
  public record ShardRun(int index, String host, String source, List<String> units, boolean empty, long wallSeconds) {
    /** Copies the units. */
    public ShardRun {
      units = List.copyOf(units);
    }
  }

  /**
   * One side of an interleaved run ({@code io.dbbench.run.Interleave}).
   *
   * @param id the interleaved run's id (its output directory)
   * @param side {@code BASELINE} or {@code CANDIDATE}
   * @param fields the block as written, in order (id and side included)
   */
  public record Interleaved(String id, String side, Map<String, JsonNode> fields) {
    /** Copies the fields. */
    public Interleaved {
      fields = ordered(fields);
    }
  }

  /**
   * One run a {@code report merge} joined.
   *
   * @param host the host it was measured on (made unique across the parts)
   * @param source its directory
   * @param manifest its manifest
   */
  public record MergedPart(String host, String source, RunManifest manifest) {}

  private static <K, V> Map<K, V> ordered(Map<K, V> m) {
    return m == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(m));
  }
}
