package io.dbbench;

import io.dbbench.core.FamilySettings;
import io.dbbench.core.ForkFlags;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

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
 *   <li>{@code -jvmArgsPrepend}: the user's, when given.</li>
 * </ul>
 */
public final class JmhCommand {
  /** Quick defaults for every family (a family's settings override these). */
  public static final FamilySettings QUICK = FamilySettings.builder().forks(1).warmupIterations(1)
      .warmupTime("1s").iterations(3).measurementTime("1s").build();
  /** Publication defaults. */
  public static final FamilySettings FULL = FamilySettings.builder().forks(3).warmupIterations(5)
      .warmupTime("2s").iterations(10).measurementTime("2s").build();

  private static final List<String> JVM_OPTIONS = List.of("-jvmArgs", "-jvmArgsAppend", "-jvmArgsPrepend");

  private JmhCommand() {}

  /**
   * The full command line for one family.
   *
   * @param full publication settings instead of quick ones
   * @param family the family's settings for that mode
   * @param forks {@code -Dbench.forks}, or {@code null}
   * @param userArgs the user's JMH options ({@code -Dbench.args}, already split)
   * @param hostJvmArgs the main job's JVM input arguments
   * @param jdkFeature the forks' JDK feature release
   * @param resultFile where JMH writes its JSON
   * @param runDir the run directory the forks learn as {@code dbbench.run.dir}
   * @param benchmarks include regexes, one per selected benchmark
   * @throws IllegalArgumentException when a user option lacks its value
   */
  public static List<String> build(boolean full, FamilySettings family, Integer forks, List<String> userArgs,
      List<String> hostJvmArgs, int jdkFeature, Path resultFile, Path runDir, List<String> benchmarks) {
    List<String> userPlain = JmhArgs.without(userArgs, JVM_OPTIONS);
    List<String> forkLayer = forks == null ? List.of() : List.of("-f", forks.toString());
    List<String> fixed = new ArrayList<>(List.of("-rf", "json", "-rff", resultFile.toString(), "-foe", "true"));
    fixed.addAll(forkJvmOptions(userArgs, hostJvmArgs, jdkFeature, runDir));
    return JmhArgs.merge((full ? FULL : QUICK).toJmhArgs(), family.toJmhArgs(), forkLayer, userPlain, fixed,
        benchmarks);
  }

  /**
   * The {@code -jvmArgs}/{@code -jvmArgsPrepend}/{@code -jvmArgsAppend} options of a main-job fork
   * (see the class comment), each with one space-joined value as JMH's command line expects.
   */
  public static List<String> forkJvmOptions(List<String> userArgs, List<String> hostJvmArgs, int jdkFeature,
      Path runDir) {
    List<String> base = JmhArgs.values(userArgs, "-jvmArgs");
    if (base.isEmpty()) {
      base = hostJvmArgs.stream().filter(a -> !a.startsWith("-Dbench.")).toList();
    }
    List<String> append = new ArrayList<>(ForkFlags.forJdk(jdkFeature));
    append.add("-Ddbbench.run.dir=" + runDir.toAbsolutePath());
    append.addAll(JmhArgs.values(userArgs, "-jvmArgsAppend"));
    List<String> prepend = JmhArgs.values(userArgs, "-jvmArgsPrepend");
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
