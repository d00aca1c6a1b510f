package io.dbbench.run;

import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.FamilySettings;
import io.dbbench.core.Mode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The run's plan and how the main job splits over machines: the run's <em>units</em> (a family's
 * main sweep, its non-headline rows with their allocation pass; each further sweep of its mode,
 * {@link FamilySettings.Sweep}; or one whole interleaved headline comparison, never half of one),
 * each with the seconds it is expected to take in the run's mode, partitioned deterministically
 * over {@code n} shards, balanced by expected time. Every shard computes the same plan from the same jar, knobs and families, so each runs
 * exactly its own units and {@code report merge} can check that every unit ran exactly once.
 *
 * <p>Balance: longest expected time first, each unit to the shard with the least expected time so
 * far (ties: the lower shard index; equal times: unit id order), the LPT rule of Graham (1969),
 * within 4/3 of the best split. Expected times are the measured seconds per unit in the run's mode,
 * declared in each study's room for each mode: the main sweep's
 * {@link FamilySettings#sweepExpectedSeconds} (else the family's quick
 * {@code expectedSweepSeconds()}), each further sweep's {@link FamilySettings.Sweep#expectedSeconds}
 * and each headline comparison's {@code expectedSeconds}.
 */
public final class ShardPlan {
  /** Environment variable {@code i/n}: run shard i (from 0) of n. */
  public static final String SHARD_ENV = "DBBENCH_SHARD";
  /** The shard count when the index comes from Kubernetes' {@code JOB_COMPLETION_INDEX}. */
  public static final String COUNT_ENV = "DBBENCH_SHARD_COUNT";
  /** Kubernetes sets it in every pod of an Indexed Job: the pod's completion index. */
  public static final String K8S_INDEX_ENV = "JOB_COMPLETION_INDEX";

  /** Expected seconds of a unit with no measurement. */
  static final int DEFAULT_SECONDS = BenchmarkFamily.DEFAULT_EXPECTED_SECONDS;

  private ShardPlan() {}

  /**
   * Which shard of how many this run is.
   *
   * @param index from 0
   * @param count at least 1
   */
  public record Shard(int index, int count) {
    /**
     * Validates the range.
     *
     * @throws IllegalArgumentException naming the values when {@code count < 1} or the index lies outside 0..count-1
     */
    public Shard {
      if (count < 1 || index < 0 || index >= count) {
        throw new IllegalArgumentException("shard " + index + "/" + count + ": expected i/n with n >= 1 and 0 <= i < n");
      }
    }

    /**
     * Parses {@code i/n}.
     *
     * @throws IllegalArgumentException naming the text when it is not two whole numbers in range
     */
    public static Shard parse(String text) {
      String t = text == null ? "" : text.trim();
      int slash = t.indexOf('/');
      try {
        if (slash > 0) {
          return new Shard(Integer.parseInt(t.substring(0, slash).trim()), Integer.parseInt(t.substring(slash + 1).trim()));
        }
      } catch (NumberFormatException e) {
        // said below
      }
      throw new IllegalArgumentException("shard '" + text + "': expected i/n, e.g. 0/2 (shard indexes count from 0)");
    }

    /**
     * The shard this process is, from the environment: {@value #SHARD_ENV}={@code i/n}, else
     * {@value #K8S_INDEX_ENV} with {@value #COUNT_ENV}; {@code null} when neither is set.
     *
     * @throws IllegalArgumentException when a variable is set to something else, or the index is
     *     set without the count
     */
    public static Shard fromEnvironment(Function<String, String> env) {
      String s = env.apply(SHARD_ENV);
      if (s != null && !s.isBlank()) {
        return parse(s);
      }
      String index = env.apply(K8S_INDEX_ENV);
      if (index == null || index.isBlank()) {
        return null;
      }
      String count = env.apply(COUNT_ENV);
      if (count == null || count.isBlank()) {
        throw new IllegalArgumentException(K8S_INDEX_ENV + "=" + index + " is set but " + COUNT_ENV
            + " is not: set it to the Job's completions");
      }
      return parse(index.trim() + "/" + count.trim());
    }

    @Override
    public String toString() {
      return index + "/" + count;
    }
  }

  /**
   * One unit of work.
   *
   * @param id {@code <family>:sweep}, {@code <family>:sweep:<name>} (a further sweep),
   *     {@code <family>:comparison:<k>} (k from 1, in the family's order) or
   *     {@code <family>:client:<name>} (a study's own client, {@link io.dbbench.core.StudyClient})
   * @param family the family id
   * @param comparison 0 for the sweep, else the comparison's index k
   * @param expectedSeconds what it is expected to take, as its room declares it
   */
  public record Unit(String id, String family, int comparison, int expectedSeconds) {
    /**
     * The sweep unit of {@code family}, expected to take {@link BenchmarkFamily#expectedSweepSeconds}.
     *
     * @throws IllegalArgumentException when the family declares less than 1 second
     */
    public static Unit sweep(BenchmarkFamily family) {
      return new Unit(family.id() + ":sweep", family.id(), 0, positive(family.expectedSweepSeconds(), family.id()));
    }

    /**
     * The main sweep unit of {@code family} in a mode whose settings are {@code settings}: expected
     * to take the settings' {@link FamilySettings#sweepExpectedSeconds}, else the family's
     * {@link BenchmarkFamily#expectedSweepSeconds}.
     *
     * @throws IllegalArgumentException when the family declares less than 1 second
     */
    public static Unit sweep(BenchmarkFamily family, FamilySettings settings) {
      Integer s = settings.sweepExpectedSeconds();
      return s == null ? sweep(family) : new Unit(family.id() + ":sweep", family.id(), 0, positive(s, family.id()));
    }

    /** The unit of {@code family}'s further sweep {@code sweep}, expected to take its declared seconds. */
    public static Unit sweep(BenchmarkFamily family, FamilySettings.Sweep sweep) {
      return sweep(family.id(), sweep.name(), sweep.expectedSeconds());
    }

    /** The unit of the family {@code family}'s further sweep named {@code name}, expected to take {@code seconds}. */
    public static Unit sweep(String family, String name, int seconds) {
      return new Unit(family + ":sweep:" + name, family, 0, positive(seconds, family));
    }

    /** The unit of {@code family}'s study client {@code client}, expected to take its declared seconds. */
    public static Unit client(BenchmarkFamily family, io.dbbench.core.StudyClient client) {
      return new Unit(family.id() + ":client:" + client.name(), family.id(), 0, client.expectedSeconds());
    }

    /**
     * The unit of {@code family}'s k-th headline comparison (from 1), {@code c}, expected to take
     * its {@link FamilySettings.HeadlineComparison#expectedSeconds} (else the default, 60).
     */
    public static Unit comparison(BenchmarkFamily family, int k, FamilySettings.HeadlineComparison c) {
      return new Unit(family.id() + ":comparison:" + k, family.id(), k,
          c.expectedSeconds() != null ? c.expectedSeconds() : DEFAULT_SECONDS);
    }

    /**
     * The sweep unit of the family {@code family}, for asking whether this shard owns it (units are
     * owned by id); its expected seconds are the default.
     */
    public static Unit sweep(String family) {
      return new Unit(family + ":sweep", family, 0, DEFAULT_SECONDS);
    }

    /**
     * The unit of the family {@code family}'s k-th headline comparison (from 1), for asking whether
     * this shard owns it (units are owned by id); its expected seconds are the default.
     */
    public static Unit comparison(String family, int k) {
      return new Unit(family + ":comparison:" + k, family, k, DEFAULT_SECONDS);
    }

    private static int positive(int seconds, String family) {
      if (seconds < 1) {
        throw new IllegalArgumentException("family " + family + ": expected sweep seconds " + seconds
            + "; expected at least 1");
      }
      return seconds;
    }
  }

  /**
   * Partitions {@code units} over {@code count} shards: index i holds shard i's units in the
   * order given. Every unit lands in exactly one shard.
   *
   * @throws IllegalArgumentException when {@code count < 1} or two units share an id
   */
  public static List<List<Unit>> partition(List<Unit> units, int count) {
    if (count < 1) {
      throw new IllegalArgumentException("shard count " + count + ": expected 1 or more");
    }
    Set<String> ids = new TreeSet<>();
    for (Unit u : units) {
      if (!ids.add(u.id())) {
        throw new IllegalArgumentException("unit " + u.id() + " appears twice");
      }
    }
    List<Unit> byTime = new ArrayList<>(units);
    byTime.sort(Comparator.comparingInt(Unit::expectedSeconds).reversed().thenComparing(Unit::id));
    long[] load = new long[count];
    Map<String, Integer> owner = new LinkedHashMap<>();
    for (Unit u : byTime) {
      int best = 0;
      for (int i = 1; i < count; i++) {
        if (load[i] < load[best]) {
          best = i;
        }
      }
      load[best] += u.expectedSeconds();
      owner.put(u.id(), best);
    }
    List<List<Unit>> shards = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      shards.add(new ArrayList<>());
    }
    for (Unit u : units) {
      shards.get(owner.get(u.id())).add(u);
    }
    return shards;
  }

  /** Expected seconds of each shard of a partition. */
  public static List<Integer> expectedSeconds(List<List<Unit>> shards) {
    return shards.stream().map(s -> s.stream().mapToInt(Unit::expectedSeconds).sum()).toList();
  }

  /**
   * The run's units from {@code families}, the mode, the include pattern ({@code null}: all) and the
   * benchmarks the jar holds, without probing any system: per family with a selected benchmark, its
   * sweep when a selected benchmark is left after its mode's exclusions, each further sweep of its
   * mode that runs a selected benchmark, and each of its headline
   * comparisons whose benchmark is selected, even one the sweep leaves out, each expected to take
   * the seconds its room declares. Every shard computes the same list.
   */
  public static List<Unit> units(List<BenchmarkFamily> families, Mode mode, Pattern include, Set<String> all) {
    List<Unit> units = new ArrayList<>();
    for (BenchmarkFamily family : families) {
      Pattern fam = Pattern.compile(family.includeRegex());
      List<String> selected = all.stream()
          .filter(b -> fam.matcher(b).find() && (include == null || include.matcher(b).find())).toList();
      if (selected.isEmpty()) {
        continue;
      }
      FamilySettings settings = family.settings(mode);
      if (selected.stream().anyMatch(b -> !settings.isExcluded(b))) {
        units.add(Unit.sweep(family, settings));
      }
      for (FamilySettings.Sweep w : settings.sweeps()) {
        if (selected.stream().anyMatch(w::runs)) {
          units.add(Unit.sweep(family, w));
        }
      }
      List<FamilySettings.HeadlineComparison> comparisons = settings.comparisons().stream()
          .filter(c -> selected.contains(c.benchmark())).toList();
      for (int k = 1; k <= comparisons.size(); k++) {
        units.add(Unit.comparison(family, k, comparisons.get(k - 1)));
      }
      for (io.dbbench.core.StudyClient c : settings.studyClients()) {
        if (selected.stream().anyMatch(c::pairsWith)) {
          units.add(Unit.client(family, c));
        }
      }
    }
    return units;
  }
}
