package io.dbbench.run;

import io.dbbench.core.FamilySettings;
import io.dbbench.core.ForkFlags;
import io.dbbench.core.Mode;
import io.dbbench.core.SecretsFile;
import io.dbbench.report.stats.Stats;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Assembles the JMH command line of one family's run in the main job: the one place where mode
 * defaults, a family's {@link FamilySettings}, the user's {@code -Dbench.args}, the fork count knob
 * and the fork JVM arguments meet.
 *
 * <p>Layering, each later layer overriding the earlier ones option by option ({@link JmhArgs#merge}):
 * the mode defaults ({@link #QUICK}/{@link #FULL}), the family's settings, {@code -Dbench.forks},
 * the user's arguments, then the fixed result options. Fork JVM arguments are assembled
 * explicitly, because a command-line {@code -jvmArgsAppend} replaces the
 * {@code @Fork(jvmArgsAppend)} of {@code BenchmarkDefaults} in JMH:
 * <ul>
 *   <li>{@code -jvmArgs}: the main job's own JVM input arguments minus its {@code -Dbench.*}
 *       knobs (so configuration given as {@code -Ddbbench.*} reaches the forks), or the user's
 *       {@code -jvmArgs} when given;</li>
 *   <li>{@code -jvmArgsAppend}: {@link ForkFlags#forJdk} (fixed heap, native access, Unsafe
 *       flag on JDK 23+), {@code -Ddbbench.run.dir=<run dir>}, then the user's
 *       {@code -jvmArgsAppend} values, which therefore add to the defaults and win where they
 *       repeat a flag (the last {@code -Xmx} counts);</li>
 *   <li>secret-keyed {@code -D} properties from any of these are left off and reach the fork
 *       through a {@link SecretsFile} instead, since JMH records every fork argument in its JSON;</li>
 *   <li>{@code -jvmArgsPrepend}: the user's, when given.</li>
 * </ul>
 */
public final class JmhCommand {
  /**
   * Quick defaults for every family (a family's settings override these): one fork of one 1 s
   * warm-up and two 1 s measured iterations per row, and a pilot of {@value #QUICK_HEADLINE_FORKS}
   * pairs for each headline comparison, which adds pairs until its interval is narrow enough or
   * its time cap ({@value #QUICK_COMPARISON_CAP_SECONDS} s unless the comparison sets its own).
   * Forks, not iterations, are the unit of evidence, so quick mode spends its budget on the
   * comparisons' interleaved forks rather than on more iterations.
   */
  public static final FamilySettings QUICK = FamilySettings.builder().forks(1).warmupIterations(1)
      .warmupTime("1s").iterations(2).measurementTime("1s").headlineForks(JmhCommand.QUICK_HEADLINE_FORKS).build();
  /**
   * Publication defaults: 3 forks per row, a pilot of {@value #FULL_HEADLINE_FORKS} pairs per
   * headline comparison, capped at {@value #FULL_COMPARISON_CAP_SECONDS} s.
   */
  public static final FamilySettings FULL = FamilySettings.builder().forks(3).warmupIterations(5)
      .warmupTime("2s").iterations(10).measurementTime("2s").headlineForks(JmhCommand.FULL_HEADLINE_FORKS).build();

  /** Pilot pairs of a headline comparison in quick mode ({@code io.dbbench.report.stats.StoppingRule#QUICK_PILOT_PAIRS}). */
  public static final int QUICK_HEADLINE_FORKS = 6;
  /** Pilot pairs of a headline comparison in full mode. */
  public static final int FULL_HEADLINE_FORKS = 10;
  /** Seconds after which a quick headline comparison starts no further block, unless it sets its own cap. */
  public static final int QUICK_COMPARISON_CAP_SECONDS = 120;
  /** The same in full mode. */
  public static final int FULL_COMPARISON_CAP_SECONDS = 1200;
  /** Most pairs of one headline comparison in quick mode. */
  public static final int QUICK_MAX_PAIRS = 40;
  /** Most pairs of one headline comparison in full mode. */
  public static final int FULL_MAX_PAIRS = 60;

  /** The profiler that records load average, online CPUs and steal per fork as {@code machine.*} metrics. */
  public static final String MACHINE_PROFILER = "io.dbbench.profile.MachineStateProfiler";

  private JmhCommand() {}

  /**
   * What every fork command line of one main job shares.
   *
   * @param mode quick or full (publication) settings
   * @param userArgs the user's JMH options ({@code -Dbench.args}, already split)
   * @param hostJvmArgs the main job's JVM input arguments (the forks' base arguments)
   * @param jdkFeature the forks' JDK feature release (which fork flags it knows)
   * @param runDir the run directory the forks learn as {@code dbbench.run.dir}
   * @param secretsFile the forks' secrets file (see {@link #forkSecrets}), or {@code null}
   */
  public record Job(Mode mode, List<String> userArgs, List<String> hostJvmArgs, int jdkFeature, Path runDir,
      Path secretsFile) {
    /** Copies the lists. */
    public Job {
      userArgs = List.copyOf(userArgs);
      hostJvmArgs = List.copyOf(hostJvmArgs);
    }

    /** This job with {@code options} ahead of the user's (which therefore still win where they repeat one). */
    public Job withOptionsFirst(List<String> options) {
      List<String> u = new ArrayList<>(options);
      u.addAll(userArgs);
      return new Job(mode, u, hostJvmArgs, jdkFeature, runDir, secretsFile);
    }
  }

  /**
   * The full command line for one family's sweep. Secret {@code -D} properties are left off the
   * fork command line (see {@link #forkSecrets}) and {@code -Ddbbench.secrets.file=<file>} is
   * appended instead when the job has a secrets file.
   *
   * @param job what every fork of the main job shares
   * @param family the family's settings for the job's mode
   * @param forks {@code -Dbench.forks}, or {@code null}
   * @param resultFile where JMH writes its JSON
   * @param benchmarks include regexes, one per selected benchmark
   * @throws IllegalArgumentException when a user option lacks its value
   */
  public static List<String> build(Job job, FamilySettings family, Integer forks, Path resultFile,
      List<String> benchmarks) {
    List<String> forkLayer = forks == null ? List.of() : List.of("-f", forks.toString());
    return JmhArgs.merge(defaults(job.mode()).toJmhArgs(), family.toJmhArgs(), forkLayer,
        JmhArgs.without(job.userArgs(), JmhArgs.JVM_OPTIONS), fixedOptions(job, family, resultFile), benchmarks);
  }

  /**
   * The command line of one of a family's further sweeps ({@link FamilySettings.Sweep}): as
   * {@link #build}, with the sweep's options and parameters layered after the family's settings
   * (a sweep's {@code -p name=...} replaces the family's for that name) and before
   * {@code -Dbench.forks} and the user's options, which still win.
   *
   * @throws IllegalArgumentException when a user option lacks its value
   */
  public static List<String> buildSweep(Job job, FamilySettings family, FamilySettings.Sweep sweep, Integer forks,
      Path resultFile, List<String> benchmarks) {
    List<String> forkLayer = forks == null ? List.of() : List.of("-f", forks.toString());
    return JmhArgs.merge(defaults(job.mode()).toJmhArgs(), family.toJmhArgs(), sweep.toJmhArgs(), forkLayer,
        JmhArgs.without(job.userArgs(), JmhArgs.JVM_OPTIONS), fixedOptions(job, family, resultFile), benchmarks);
  }

  /** JSON results, fail on error, the machine profiler and the fork JVM arguments: options no layer overrides. */
  private static List<String> fixedOptions(Job job, FamilySettings family, Path resultFile) {
    // every fork records the machine's load, CPUs and steal around it: the machine's state is part of the result
    List<String> fixed = new ArrayList<>(List.of("-rf", "json", "-rff", resultFile.toString(), "-foe", "true",
        "-prof", MACHINE_PROFILER));
    fixed.addAll(forkJvmOptions(job, family.forkProperties()));
    return fixed;
  }

  /**
   * Forks per side of each headline comparison when the user fixed them: {@code -Dbench.forks}
   * when given, else {@code -f} in {@code -Dbench.args}; {@code null} when neither is given (the
   * comparison's pairs then follow {@code io.dbbench.report.stats.StoppingRule}, from a pilot of
   * {@link #pilotPairs}).
   *
   * @throws IllegalArgumentException when {@code -f} in the user's arguments is not a positive integer
   */
  public static Integer fixedForksPerSide(Integer forks, List<String> userArgs) {
    if (forks != null) {
      return Math.max(1, forks);
    }
    List<String> user = JmhArgs.merge(userArgs);
    int i = user.indexOf("-f");
    if (i >= 0 && i + 1 < user.size()) {
      try {
        return Math.max(1, Integer.parseInt(user.get(i + 1)));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("-f " + user.get(i + 1) + " in bench.args: expected a fork count");
      }
    }
    return null;
  }

  /** The mode's defaults: {@link #QUICK} or {@link #FULL}. */
  public static FamilySettings defaults(Mode mode) {
    return mode == Mode.FULL ? FULL : QUICK;
  }

  /**
   * The pilot's pairs of each headline comparison: the family's {@link FamilySettings#headlineForks}
   * (at least {@code Stats.MIN_PAIRS}) when it sets them, else the mode's.
   */
  public static int pilotPairs(Mode mode, FamilySettings family) {
    return family.headlineForks() != null ? Math.max(Stats.MIN_PAIRS, family.headlineForks())
        : defaults(mode).headlineForks();
  }

  /**
   * The command line of one fork of one side of a headline comparison: {@link #build} with
   * {@code -f 1}, the side's parameter values in place of the family's for the same names, the
   * comparison's own JMH options ({@link FamilySettings.HeadlineComparison#options}) after the
   * family's settings and before the user's, and the comparison's benchmark as the only include.
   * The user's plain options still come after the family's (a user {@code -f} is replaced by
   * {@code -f 1}: the fork count is the number of runs).
   *
   * @param point the side's parameter values
   * @throws IllegalArgumentException when a user option lacks its value
   */
  public static List<String> buildComparisonFork(Job job, FamilySettings family, String benchmark,
      Map<String, String> point, List<String> comparisonOptions, Path resultFile) {
    List<String> layer = new ArrayList<>(comparisonOptions);
    point.forEach((k, v) -> {
      layer.add("-p");
      layer.add(k + "=" + v);
    });
    List<String> fixed = new ArrayList<>(List.of("-f", "1"));
    fixed.addAll(fixedOptions(job, family, resultFile));
    return JmhArgs.merge(defaults(job.mode()).toJmhArgs(), family.toJmhArgs(), layer,
        JmhArgs.without(job.userArgs(), JmhArgs.JVM_OPTIONS), fixed,
        List.of("^" + Pattern.quote(benchmark) + "$"));
  }

  /**
   * The secret-keyed {@code -Dkey=value} properties among the fork JVM arguments the user and the
   * host give ({@link SecretsFile#split}); the main job writes them to a {@link SecretsFile} so they
   * never appear on a fork's command line, which JMH records in its JSON.
   */
  public static Map<String, String> forkSecrets(List<String> userArgs, List<String> hostJvmArgs) {
    Map<String, String> out = new LinkedHashMap<>();
    out.putAll(SecretsFile.split(baseArgs(userArgs, hostJvmArgs)).secrets());
    out.putAll(SecretsFile.split(JmhArgs.values(userArgs, "-jvmArgsPrepend")).secrets());
    out.putAll(SecretsFile.split(JmhArgs.values(userArgs, "-jvmArgsAppend")).secrets());
    return out;
  }

  private static List<String> baseArgs(List<String> userArgs, List<String> hostJvmArgs) {
    List<String> base = JmhArgs.values(userArgs, "-jvmArgs");
    return base.isEmpty() ? hostJvmArgs.stream().filter(a -> !a.startsWith("-Dbench.")).toList() : base;
  }

  /**
   * The {@code -jvmArgs}/{@code -jvmArgsPrepend}/{@code -jvmArgsAppend} options of a main-job fork
   * (see the class comment), each with one space-joined value as JMH's command line expects; the
   * family's fork system properties ({@link FamilySettings#forkProperties}) come after the run
   * directory and before the user's {@code -jvmArgsAppend} values, which therefore win.
   */
  public static List<String> forkJvmOptions(Job job, Map<String, String> familyProperties) {
    List<String> userArgs = job.userArgs();
    List<String> base = SecretsFile.split(baseArgs(userArgs, job.hostJvmArgs())).kept();
    List<String> append = new ArrayList<>(ForkFlags.forJdk(job.jdkFeature()));
    append.add("-Ddbbench.run.dir=" + job.runDir().toAbsolutePath());
    if (job.secretsFile() != null) {
      append.add("-D" + SecretsFile.PROPERTY + "=" + job.secretsFile().toAbsolutePath());
    }
    familyProperties.forEach((k, v) -> append.add("-D" + k + "=" + v));
    append.addAll(SecretsFile.split(JmhArgs.values(userArgs, "-jvmArgsAppend")).kept());
    List<String> prepend = SecretsFile.split(JmhArgs.values(userArgs, "-jvmArgsPrepend")).kept();
    List<String> out = new ArrayList<>();
    if (!base.isEmpty()) {
      out.add("-jvmArgs");
      out.add(String.join(" ", base));
    }
    if (!prepend.isEmpty()) {
      out.add("-jvmArgsPrepend");
      out.add(String.join(" ", prepend));
    }
    out.add("-jvmArgsAppend");
    out.add(String.join(" ", append));
    return out;
  }
}
