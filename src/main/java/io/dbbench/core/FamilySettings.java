package io.dbbench.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A family's JMH settings for one mode, as data: parameter values, profilers and the fork,
 * iteration and thread overrides. The main job turns the mode defaults, these settings and the
 * user's {@code -Dbench.args} into one JMH command line in exactly one place
 * ({@code io.dbbench.run.JmhCommand}); nothing else writes JMH options.
 *
 * <p>Parameters narrowed below the study's sweep (fewer documents, a smaller collection) are
 * declared with {@link Builder#reduced} and a reason, which the manifest records, so a quick
 * result never passes for the study's.
 *
 * @param params {@code @Param} name to values, in order ({@code -p name=v1,v2})
 * @param reductions {@code @Param} name to the reason its values lie outside the class's declared
 *     sweep (quick-mode reductions)
 * @param profilers JMH profiler specs ({@code gc}, {@code stack:lines=5})
 * @param forks {@code -f}, or {@code null} for the mode default
 * @param warmupIterations {@code -wi}, or {@code null}
 * @param warmupTime {@code -w} (JMH time value, e.g. {@code 1s}, {@code 500ms}), or {@code null}
 * @param iterations {@code -i}, or {@code null}
 * @param measurementTime {@code -r}, or {@code null}
 * @param threads {@code -t}, or {@code null} for each benchmark's own {@code @Threads}
 * @param comparisons the study's headline comparisons (two parameter points of one benchmark each)
 *     that the main job measures again as single forks in ABBA order ({@link ForkSchedule}), with
 *     at least {@link #headlineForks} pairs (the pilot of {@code io.dbbench.report.stats.StoppingRule}, which
 *     adds pairs until the interval is narrow enough or the time cap), so that each gets a paired interval: forks are the unit
 *     of evidence, and a comparison whose sides ran as consecutive blocks attributes the machine's
 *     drift to the variant
 * @param headlineForks pairs of each headline comparison's pilot (the mode's when larger), or
 *     {@code null} for the mode's
 * @param excluded benchmark-name regex to the reason it is left out in this mode (a point whose
 *     cost does not fit the quick budget); the manifest records both
 * @param forkProperties system properties every fork of the family gets ({@code -Dname=value},
 *     before the user's {@code -jvmArgsAppend}, which may override them), e.g. a mode's warm-up cap
 * @param allocationIncludes benchmark-name regexes whose rows also get allocs/op from the main
 *     job's allocation pass (separate forks with the allocation instrumenter, never the timed ones)
 * @param sweeps the family's further sweeps in this mode, each one more JMH run after the main
 *     sweep with its own points and options ({@link Sweep}): full mode's way of measuring a study's
 *     published points and the family's extensions at a representative point without the whole
 *     cartesian product of every {@code @Param}
 * @param sweepExpectedSeconds what the main sweep (with its allocation pass) is expected to take in
 *     this mode, in seconds, for the run's plan and the shard balance, or {@code null} for the
 *     family's {@link BenchmarkFamily#expectedSweepSeconds}
 * @param studyClients the studies' own clients run beside the family's rows in this mode, each a unit
 *     of the run's plan ({@link StudyClient})
 */
public record FamilySettings(
    Map<String, List<String>> params,
    Map<String, String> reductions,
    List<String> profilers,
    Integer forks,
    Integer warmupIterations,
    String warmupTime,
    Integer iterations,
    String measurementTime,
    Integer threads,
    List<HeadlineComparison> comparisons,
    Integer headlineForks,
    Map<String, String> excluded,
    Map<String, String> forkProperties,
    List<String> allocationIncludes,
    List<Sweep> sweeps,
    Integer sweepExpectedSeconds,
    List<StudyClient> studyClients) {

  /** No overrides at all: the mode defaults and the classes' own {@code @Param} sweeps. */
  public static final FamilySettings NONE = builder().build();

  /** Copies the collections. */
  public FamilySettings {
    params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
    reductions = Collections.unmodifiableMap(new LinkedHashMap<>(reductions));
    profilers = List.copyOf(profilers);
    comparisons = List.copyOf(comparisons);
    excluded = Collections.unmodifiableMap(new LinkedHashMap<>(excluded));
    forkProperties = Collections.unmodifiableMap(new LinkedHashMap<>(forkProperties));
    allocationIncludes = List.copyOf(allocationIncludes);
    sweeps = List.copyOf(sweeps);
    studyClients = List.copyOf(studyClients);
    java.util.Set<String> names = new java.util.HashSet<>();
    for (Sweep w : sweeps) {
      if (!names.add(w.name())) {
        throw new IllegalArgumentException("sweep '" + w.name() + "' is declared twice; expected one name per sweep");
      }
    }
    if (sweepExpectedSeconds != null && sweepExpectedSeconds < 1) {
      throw new IllegalArgumentException("sweepExpectedSeconds=" + sweepExpectedSeconds + ": expected at least 1");
    }
  }

  /**
   * These settings with {@code more} fork system properties after the family's own (a name in
   * both takes {@code more}'s value), e.g. the shared servers of {@link FamilyServers}.
   */
  public FamilySettings withForkProperties(Map<String, String> more) {
    if (more.isEmpty()) {
      return this;
    }
    Map<String, String> all = new LinkedHashMap<>(forkProperties);
    all.putAll(more);
    return new FamilySettings(params, reductions, profilers, forks, warmupIterations, warmupTime, iterations,
        measurementTime, threads, comparisons, headlineForks, excluded, all, allocationIncludes, sweeps,
        sweepExpectedSeconds, studyClients);
  }

  /** Whether {@code benchmark} (a full method name) matches one of {@link #excluded}. */
  public boolean isExcluded(String benchmark) {
    return excluded.keySet().stream().anyMatch(r -> Pattern.compile(r).matcher(benchmark).find());
  }

  /**
   * One headline comparison: a benchmark method measured at two points that differ in one
   * {@code @Param}, e.g. {@code writeBatch} with {@code journal} {@code off} (baseline) against
   * {@code on} (contender), both at {@code batchSize=100}. Together with the family's settings and
   * the class's single-valued {@code @Param} defaults each side is exactly one row
   * ({@code FamiliesTest} checks it).
   *
   * @param benchmark full method name, e.g. {@code io.dbbench.graph.GraphWriteBenchmark.writeBatch}
   * @param param the {@code @Param} the two sides differ in
   * @param baselineValue its value on the baseline (A) side
   * @param contenderValue its value on the contender (B) side
   * @param fixed the other {@code @Param} values both sides share
   * @param options JMH options of this comparison's forks only, layered after the family's (e.g.
   *     {@code -wi 5 -i 8} for a single-shot benchmark whose shots scatter), or empty
   * @param capSeconds wall-clock seconds after which the comparison starts no further ABBA block
   *     once its pilot ran ({@code io.dbbench.report.stats.StoppingRule}), or {@code null} for the mode's
   * @param warmupPair whether one fork of each side (A, then B) runs before the pilot and is
   *     discarded, as JMH's warm-up forks ({@code -wf}) are: for a server shared by the family's
   *     trials, whose first comparison fork after the sweep measures a server still adapting to the
   *     compared operation
   * @param expectedSeconds the seconds the comparison took in the quick main job (all its forks),
   *     which the shard plan balances on ({@code io.dbbench.run.ShardPlan}), or {@code null} for
   *     {@link BenchmarkFamily#DEFAULT_EXPECTED_SECONDS}
   */
  public record HeadlineComparison(String benchmark, String param, String baselineValue, String contenderValue,
      Map<String, String> fixed, List<String> options, Integer capSeconds, boolean warmupPair, Integer expectedSeconds) {

    /** A comparison with the mode's time cap, no warm-up pair and no measured duration. */
    public HeadlineComparison(String benchmark, String param, String baselineValue, String contenderValue,
        Map<String, String> fixed, List<String> options) {
      this(benchmark, param, baselineValue, contenderValue, fixed, options, null, false, null);
    }

    /**
     * Copies the map.
     *
     * @throws IllegalArgumentException when the name is not {@code package.Class.method}, a value is
     *     blank or holds a comma, the two sides are equal, {@code fixed} names {@code param}, or the
     *     cap or the expected seconds are below 1
     */
    public HeadlineComparison {
      Objects.requireNonNull(benchmark, "benchmark");
      Objects.requireNonNull(param, "param");
      if (!benchmark.matches("[\\w.$]+\\.[\\w$]+")) {
        throw new IllegalArgumentException("headline comparison '" + benchmark + "': expected package.Class.method");
      }
      fixed = Collections.unmodifiableMap(new LinkedHashMap<>(fixed));
      options = List.copyOf(options);
      if (options.contains("-f") || options.contains("-p")) {
        throw new IllegalArgumentException("headline comparison " + benchmark + ": options " + options
            + " may not set -f (a comparison fork is one fork) or -p (the sides' points are the params)");
      }
      Map<String, String> all = new LinkedHashMap<>(fixed);
      all.put(param + " (baseline)", baselineValue);
      all.put(param + " (contender)", contenderValue);
      all.forEach((k, v) -> {
        if (v == null || v.isBlank() || v.contains(",")) {
          throw new IllegalArgumentException("headline comparison " + benchmark + ": @Param " + k + " value '" + v
              + "' is blank or holds a comma (one value expected)");
        }
      });
      if (baselineValue.equals(contenderValue)) {
        throw new IllegalArgumentException("headline comparison " + benchmark + ": both sides have " + param + "="
            + baselineValue + "; expected two different values");
      }
      if (fixed.containsKey(param)) {
        throw new IllegalArgumentException("headline comparison " + benchmark + ": " + param
            + " is both the compared @Param and a fixed one");
      }
      if (capSeconds != null && capSeconds < 1) {
        throw new IllegalArgumentException("headline comparison " + benchmark + ": cap " + capSeconds
            + " s; expected at least 1 second");
      }
      if (expectedSeconds != null && expectedSeconds < 1) {
        throw new IllegalArgumentException("headline comparison " + benchmark + ": expected " + expectedSeconds
            + " s; expected at least 1 second");
      }
    }

    /** The baseline (A) side's parameter point: {@link #fixed} and {@code param=baselineValue}. */
    public Map<String, String> baseline() {
      return point(baselineValue);
    }

    /** The contender (B) side's parameter point. */
    public Map<String, String> contender() {
      return point(contenderValue);
    }

    /** The point of side {@code 'A'} or {@code 'B'}. @throws IllegalArgumentException for another side */
    public Map<String, String> side(char side) {
      return switch (side) {
        case 'A' -> baseline();
        case 'B' -> contender();
        default -> throw new IllegalArgumentException("side '" + side + "': expected A or B");
      };
    }

    private Map<String, String> point(String value) {
      Map<String, String> m = new LinkedHashMap<>(fixed);
      m.put(param, value);
      return Collections.unmodifiableMap(m);
    }

    /** {@code Class.method param=A->B name=value ...}, for progress lines and the manifest. */
    public String label() {
      String shortName = benchmark.substring(benchmark.lastIndexOf('.', benchmark.lastIndexOf('.') - 1) + 1);
      StringBuilder b = new StringBuilder(shortName).append(' ').append(param).append('=').append(baselineValue)
          .append("->").append(contenderValue);
      fixed.forEach((k, v) -> b.append(' ').append(k).append('=').append(v));
      return b.toString();
    }
  }

  /**
   * One further sweep of a family: one more JMH run after the main sweep, over the family's
   * benchmarks whose full name matches {@code include} (the mode's exclusions do not apply; the
   * user's {@code -Dbench.include} does), with {@code params} in place of the family's parameters
   * of the same name and {@code options} after the family's settings (the user's options still
   * come last). Full mode measures a study's published points this way, each point set in a sweep
   * of its own, instead of the cartesian product of every {@code @Param}. Each is a unit of the
   * run's plan, {@code <family>:sweep:<name>} ({@code io.dbbench.run.ShardPlan}).
   *
   * @param name short id, lower case letters, digits and dashes (e.g. {@code study-points})
   * @param include benchmark-name regex (e.g. {@code \.ArangoPoolBenchmark\.query$})
   * @param params {@code @Param} name to values, replacing the family's of the same name
   * @param options JMH options of this sweep ({@code -f 1 -wi 0 -i 1}); no {@code -p}
   * @param purpose what it measures and why at these points, recorded in the manifest
   * @param expectedSeconds what it is expected to take in seconds (for the plan), at least 1
   */
  public record Sweep(String name, String include, Map<String, List<String>> params, List<String> options,
      String purpose, int expectedSeconds) {
    /**
     * Validates and copies.
     *
     * @throws IllegalArgumentException naming the value: a bad name, an include that does not
     *     compile, a blank or comma-holding value, {@code -p} in the options, a blank purpose, or
     *     expected seconds below 1
     */
    public Sweep {
      if (name == null || !name.matches("[a-z0-9][a-z0-9-]*")) {
        throw new IllegalArgumentException("sweep name '" + name + "': expected lower-case letters, digits and dashes");
      }
      try {
        Pattern.compile(Objects.requireNonNull(include, "include"));
      } catch (PatternSyntaxException e) {
        throw new IllegalArgumentException("sweep " + name + ": include '" + include + "' is not a regular expression ("
            + e.getDescription() + ")");
      }
      Map<String, List<String>> copy = new LinkedHashMap<>();
      params.forEach((k, v) -> {
        if (v.isEmpty() || v.stream().anyMatch(x -> x == null || x.isBlank() || x.contains(","))) {
          throw new IllegalArgumentException("sweep " + name + ": @Param " + k + " values " + v
              + ": expected one or more values, none blank or holding a comma");
        }
        copy.put(k, List.copyOf(v));
      });
      params = Collections.unmodifiableMap(copy);
      options = List.copyOf(options);
      if (options.contains("-p")) {
        throw new IllegalArgumentException("sweep " + name + ": options " + options + " may not set -p (use params)");
      }
      if (purpose == null || purpose.isBlank()) {
        throw new IllegalArgumentException("sweep " + name + ": a purpose is required (the manifest records it)");
      }
      if (expectedSeconds < 1) {
        throw new IllegalArgumentException("sweep " + name + ": expected " + expectedSeconds + " s; expected at least 1");
      }
    }

    /** Whether this sweep runs {@code benchmark} (a full method name). */
    public boolean runs(String benchmark) {
      return Pattern.compile(include).matcher(benchmark).find();
    }

    /** Its JMH options and one {@code -p name=values} per parameter, layered after the family's settings. */
    public List<String> toJmhArgs() {
      List<String> out = new ArrayList<>(options);
      params.forEach((k, v) -> {
        out.add("-p");
        out.add(k + "=" + String.join(",", v));
      });
      return out;
    }
  }

  /** A builder with nothing set. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * The JMH command-line options these settings stand for, in a fixed order: {@code -f},
   * {@code -wi}, {@code -w}, {@code -i}, {@code -r}, {@code -t}, then one {@code -prof} per
   * profiler and one {@code -p name=values} per parameter.
   */
  public List<String> toJmhArgs() {
    List<String> out = new ArrayList<>();
    add(out, "-f", forks);
    add(out, "-wi", warmupIterations);
    add(out, "-w", warmupTime);
    add(out, "-i", iterations);
    add(out, "-r", measurementTime);
    add(out, "-t", threads);
    for (String p : profilers) {
      out.add("-prof");
      out.add(p);
    }
    params.forEach((k, v) -> {
      out.add("-p");
      out.add(k + "=" + String.join(",", v));
    });
    return out;
  }

  private static void add(List<String> out, String opt, Object v) {
    if (v != null) {
      out.add(opt);
      out.add(v.toString());
    }
  }

  /** Builds {@link FamilySettings}; every setter validates its argument. */
  public static final class Builder {
    private final Map<String, List<String>> params = new LinkedHashMap<>();
    private final Map<String, String> reductions = new LinkedHashMap<>();
    private final List<String> profilers = new ArrayList<>();
    private Integer forks;
    private Integer warmupIterations;
    private String warmupTime;
    private Integer iterations;
    private String measurementTime;
    private final List<HeadlineComparison> comparisons = new ArrayList<>();
    private Integer headlineForks;
    private final Map<String, String> excluded = new LinkedHashMap<>();
    private final Map<String, String> forkProperties = new LinkedHashMap<>();
    private final List<String> allocationIncludes = new ArrayList<>();
    private final List<Sweep> sweeps = new ArrayList<>();
    private Integer sweepExpectedSeconds;
    private final List<StudyClient> studyClients = new ArrayList<>();

    private Builder() {}

    /**
     * Adds a further sweep ({@link Sweep}) after the main one: the benchmarks matching
     * {@code include} at {@code params} ({@code name, "v1,v2", ...}), with {@code options}.
     *
     * @throws IllegalArgumentException as {@link Sweep}'s constructor, or when {@code nameValues}
     *     has an odd length
     */
    public Builder sweep(String name, String include, String purpose, int expectedSeconds, List<String> options,
        String... nameValues) {
      if (nameValues.length % 2 != 0) {
        throw new IllegalArgumentException("sweep " + name + ": expected name, values pairs; got " + nameValues.length
            + " strings");
      }
      Map<String, List<String>> p = new LinkedHashMap<>();
      for (int i = 0; i < nameValues.length; i += 2) {
        p.put(nameValues[i], List.of(nameValues[i + 1].split(",", -1)));
      }
      sweeps.add(new Sweep(name, include, p, options, purpose, expectedSeconds));
      return this;
    }

    /** {@code n}, a count or seconds the settings name {@code name}; IllegalArgumentException naming both when below 1. */
    private static int atLeastOne(String name, int n) {
      if (n < 1) {
        throw new IllegalArgumentException(name + "=" + n + ": expected at least 1");
      }
      return n;
    }

    /**
     * What the main sweep is expected to take in this mode, seconds ({@link FamilySettings#sweepExpectedSeconds}).
     *
     * @throws IllegalArgumentException when below 1
     */
    public Builder sweepExpectedSeconds(int seconds) {
      sweepExpectedSeconds = atLeastOne("sweepExpectedSeconds", seconds);
      return this;
    }

    /**
     * Counts allocations (allocs/op) for the benchmarks whose full name matches one of
     * {@code regexes}, in the main job's separate allocation pass.
     *
     * @throws IllegalArgumentException when a regex does not compile
     */
    public Builder countAllocations(String... regexes) {
      for (String r : regexes) {
        try {
          Pattern.compile(r);
        } catch (PatternSyntaxException e) {
          throw new IllegalArgumentException("countAllocations '" + r + "': not a regular expression (" + e.getDescription() + ")");
        }
        allocationIncludes.add(r);
      }
      return this;
    }

    /**
     * Gives every fork of the family the system property {@code name=value}.
     *
     * @throws IllegalArgumentException when the name is not a property name or the value holds a space
     */
    public Builder forkProperty(String name, String value) {
      if (name == null || !name.matches("[A-Za-z][\\w.]*")) {
        throw new IllegalArgumentException("fork property '" + name + "': expected a name such as dbbench.warmup.cap");
      }
      if (value == null || value.isEmpty() || value.chars().anyMatch(Character::isWhitespace)) {
        throw new IllegalArgumentException("fork property " + name + "='" + value + "': expected a value without spaces");
      }
      forkProperties.put(name, value);
      return this;
    }

    /**
     * Leaves out, in this mode, the benchmarks whose full name matches {@code regex}, for
     * {@code reason} (recorded in the manifest).
     *
     * @throws IllegalArgumentException when the regex does not compile or the reason is blank
     */
    public Builder exclude(String regex, String reason) {
      try {
        Pattern.compile(regex);
      } catch (PatternSyntaxException e) {
        throw new IllegalArgumentException("exclude '" + regex + "': not a regular expression (" + e.getDescription() + ")");
      }
      if (reason == null || reason.isBlank()) {
        throw new IllegalArgumentException("exclude '" + regex + "': a reason is required");
      }
      excluded.put(regex, reason);
      return this;
    }

    /**
     * Runs {@code name} with these values, all of them from the class's declared sweep.
     *
     * @throws IllegalArgumentException when no value is given or a value is blank or holds a comma
     */
    public Builder param(String name, String... values) {
      Objects.requireNonNull(name, "name");
      if (values.length == 0) {
        throw new IllegalArgumentException("@Param " + name + ": at least one value expected");
      }
      for (String v : values) {
        if (v == null || v.isBlank() || v.contains(",")) {
          throw new IllegalArgumentException("@Param " + name + ": value '" + v + "' is blank or holds a comma");
        }
      }
      params.put(name, List.of(values));
      return this;
    }

    /**
     * Runs {@code name} with values outside the class's declared sweep (usually smaller than the
     * study's), recording {@code reason} in the manifest.
     */
    public Builder reduced(String name, String reason, String... values) {
      param(name, values);
      reductions.put(name, Objects.requireNonNull(reason, "reason"));
      return this;
    }

    /** Adds a JMH profiler ({@code gc} for bytes/op). */
    public Builder profiler(String spec) {
      profilers.add(Objects.requireNonNull(spec, "spec"));
      return this;
    }

    /** {@code -f}. @throws IllegalArgumentException when below 0 */
    public Builder forks(int n) {
      forks = nonNegative("forks", n);
      return this;
    }

    /** {@code -wi}. */
    public Builder warmupIterations(int n) {
      warmupIterations = nonNegative("warmupIterations", n);
      return this;
    }

    /** {@code -w}, a JMH time value such as {@code 2s} or {@code 500ms}. */
    public Builder warmupTime(String t) {
      warmupTime = time(t);
      return this;
    }

    /** {@code -i}. */
    public Builder iterations(int n) {
      iterations = nonNegative("iterations", n);
      return this;
    }

    /** {@code -r}, a JMH time value. */
    public Builder measurementTime(String t) {
      measurementTime = time(t);
      return this;
    }

    /**
     * Declares a headline comparison: {@code benchmark} with {@code param} at {@code baseline}
     * against {@code contender}, both at the point {@code fixedNameValues} ({@code name, value, ...}).
     *
     * @throws IllegalArgumentException when {@code fixedNameValues} has an odd length or a bad value
     */
    public Builder comparison(String benchmark, String param, String baseline, String contender,
        String... fixedNameValues) {
      if (fixedNameValues.length % 2 != 0) {
        throw new IllegalArgumentException("headline comparison " + benchmark + ": expected name, value pairs; got "
            + fixedNameValues.length + " strings");
      }
      Map<String, String> p = new LinkedHashMap<>();
      for (int i = 0; i < fixedNameValues.length; i += 2) {
        p.put(fixedNameValues[i], fixedNameValues[i + 1]);
      }
      comparisons.add(new HeadlineComparison(benchmark, param, baseline, contender, p, List.of()));
      return this;
    }

    /**
     * Gives the last declared comparison's forks their own JMH options ({@code -wi 5 -i 8}),
     * layered after the family's.
     *
     * @throws IllegalStateException when no comparison was declared yet
     * @throws IllegalArgumentException when the options set {@code -f} or {@code -p}
     */
    public Builder comparisonOptions(String... jmhOptions) {
      return replaceLast("comparisonOptions", c -> new HeadlineComparison(c.benchmark(), c.param(), c.baselineValue(),
          c.contenderValue(), c.fixed(), List.of(jmhOptions), c.capSeconds(), c.warmupPair(), c.expectedSeconds()));
    }

    /**
     * Caps the last declared comparison's time: no ABBA block starts after {@code seconds} once its
     * pilot ran (the pilot always runs).
     *
     * @throws IllegalStateException when no comparison was declared yet
     * @throws IllegalArgumentException when {@code seconds} is below 1
     */
    public Builder comparisonCap(int seconds) {
      return replaceLast("comparisonCap", c -> new HeadlineComparison(c.benchmark(), c.param(), c.baselineValue(),
          c.contenderValue(), c.fixed(), c.options(), seconds, c.warmupPair(), c.expectedSeconds()));
    }

    /**
     * Gives the last declared comparison a warm-up pair: one fork of each side, run before the
     * pilot and discarded ({@link HeadlineComparison#warmupPair}).
     *
     * @throws IllegalStateException when no comparison was declared yet
     */
    public Builder comparisonWarmupPair() {
      return replaceLast("comparisonWarmupPair", c -> new HeadlineComparison(c.benchmark(), c.param(),
          c.baselineValue(), c.contenderValue(), c.fixed(), c.options(), c.capSeconds(), true, c.expectedSeconds()));
    }

    /**
     * Records what the last declared comparison took in the quick main job, all forks included, for
     * the shard plan's balance ({@link HeadlineComparison#expectedSeconds}).
     *
     * @throws IllegalStateException when no comparison was declared yet
     * @throws IllegalArgumentException when {@code seconds} is below 1
     */
    public Builder comparisonExpectedSeconds(int seconds) {
      return replaceLast("comparisonExpectedSeconds", c -> new HeadlineComparison(c.benchmark(), c.param(),
          c.baselineValue(), c.contenderValue(), c.fixed(), c.options(), c.capSeconds(), c.warmupPair(), seconds));
    }

    /**
     * Declares a headline comparison declared elsewhere, usually by its study
     * ({@code io.dbbench.report.study.Study#headline}, from the room's {@code study.json}); the
     * setters above then tune it as the last declared one.
     */
    public Builder comparison(HeadlineComparison c) {
      comparisons.add(Objects.requireNonNull(c, "c"));
      return this;
    }

    /** Replaces the last declared comparison by {@code change} of it; {@code what} names the caller in the error. */
    private Builder replaceLast(String what, java.util.function.UnaryOperator<HeadlineComparison> change) {
      if (comparisons.isEmpty()) {
        throw new IllegalStateException(what + ": declare a comparison first");
      }
      comparisons.add(change.apply(comparisons.remove(comparisons.size() - 1)));
      return this;
    }

    /** Forks per side of each headline comparison. @throws IllegalArgumentException when below 1 */
    public Builder headlineForks(int n) {
      headlineForks = atLeastOne("headlineForks", n);
      return this;
    }

    /**
     * Runs a study's own client beside the family's rows in this mode ({@link StudyClient}).
     *
     * @throws IllegalArgumentException when a client of that name is declared already
     */
    public Builder studyClient(StudyClient client) {
      if (studyClients.stream().anyMatch(c -> c.name().equals(client.name()))) {
        throw new IllegalArgumentException("study client '" + client.name() + "' is declared twice; expected one per name");
      }
      studyClients.add(client);
      return this;
    }

    /** The settings. */
    public FamilySettings build() {
      return new FamilySettings(params, reductions, profilers, forks, warmupIterations, warmupTime,
          iterations, measurementTime, null, comparisons, headlineForks, excluded, forkProperties, allocationIncludes,
          sweeps, sweepExpectedSeconds, studyClients);
    }

    private static int nonNegative(String what, int n) {
      if (n < 0) {
        throw new IllegalArgumentException(what + "=" + n + ": expected 0 or more");
      }
      return n;
    }

    private static String time(String t) {
      if (t == null || !t.matches("\\d+(ns|us|ms|s|m|min|hr)")) {
        throw new IllegalArgumentException("time '" + t + "': expected a JMH time value such as 1s or 500ms");
      }
      return t;
    }
  }
}
