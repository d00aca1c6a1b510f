package io.dbbench;

import io.dbbench.core.KnownSecrets;
import io.dbbench.core.Mode;
import io.dbbench.core.Version;
import io.dbbench.run.JmhArgs;
import io.dbbench.run.JobProgress;
import io.dbbench.run.MainJob;
import io.dbbench.run.ShardPlan;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * The main job's entry point ({@code ./mvnw verify -Pbench}): parses the knobs, runs
 * {@link MainJob} over {@link Families#all()} and turns its outcome into an exit code.
 *
 * <p>Every option defaults to a system property, so Maven's {@code -Dbench.full=true} and a
 * command line's {@code --full} are the same knob. Exit codes: 0 every selected family ran (or was
 * skipped while another ran), or this shard owns none of the run's units; 1 a family failed, the
 * report could not be written, or nothing ran at all; 2 bad arguments.
 */
@Command(name = "dbbench-main-job", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Runs every dbbench family on its quick (or full) settings and writes results/<UTC>/.",
    exitCodeOnInvalidInput = 2)
public final class BenchMain implements Callable<Integer> {
  @Option(names = "--full", defaultValue = "${sys:bench.full:-false}", arity = "0..1", fallbackValue = "true",
      description = "Publication settings (default: ${DEFAULT-VALUE}; -Dbench.full).")
  boolean full;

  @Option(names = "--include", defaultValue = "${sys:bench.include:-}",
      description = "Only benchmarks whose full name matches this regex (-Dbench.include).")
  String include;

  @Option(names = "--args", defaultValue = "${sys:bench.args:-}",
      description = "JMH options overriding the families' settings, option by option (-Dbench.args).")
  String args;

  @Option(names = "--forks", defaultValue = "${sys:bench.forks:-}",
      description = "Forks for every family, overriding the settings (-Dbench.forks).")
  String forks;

  @Option(names = "--profile", defaultValue = "${sys:bench.profile:-none}",
      description = "none, or async: one extra fork per side of every headline comparison under async-profiler,"
          + " CPU and allocation flame graphs linked from the report (-Dbench.profile).")
  String profile;

  @Option(names = "--shard", defaultValue = "${sys:bench.shard:-}", paramLabel = "i/n",
      description = "Run shard i (from 0) of n: the run's units (a family's sweep, or one whole headline comparison)"
          + " split over n machines by expected time; report merge joins the shards (-Dbench.shard; else"
          + " DBBENCH_SHARD=i/n, or JOB_COMPLETION_INDEX with DBBENCH_SHARD_COUNT).")
  String shard;

  @Option(names = "--units", defaultValue = "${sys:bench.units:-}", paramLabel = "REGEX",
      description = "Only the plan's units whose id this regex finds (ids as --plan prints them, e.g."
          + " 'graph:|arango:sweep:pool-model'), e.g. to rerun what a change touched (-Dbench.units).")
  String units;

  @Option(names = "--plan", description = "Print the run's plan (every unit with the seconds it is expected to take"
      + " in this mode, and the total; with --shard, this shard's units and every shard's total) and exit without"
      + " measuring anything.")
  boolean plan;

  @Option(names = "--results", defaultValue = "${sys:bench.results:-results}",
      description = "Results root (default: ${DEFAULT-VALUE}; -Dbench.results).")
  Path results;

  /** Runs the job; exits with the code the class comment lists. */
  public static void main(String[] argv) {
    KnownSecrets.installOnStandardStreams();
    System.exit(new CommandLine(new BenchMain()).execute(argv));
  }

  @Override
  public Integer call() throws Exception {
    MainJob.Options options;
    try {
      options = options();
    } catch (IllegalArgumentException e) {
      System.err.println("[dbbench] " + e.getMessage());
      return 2;
    }
    MainJob job = new MainJob(Families.all(), options, System.out, Clock.systemUTC());
    if (options.units() != null && job.planUnits(MainJob.allBenchmarks()).isEmpty()) {
      System.err.println("[dbbench] bench.units='" + options.units().pattern() + "' matches none of the plan's units: "
          + job.everyUnit(MainJob.allBenchmarks()).stream().map(ShardPlan.Unit::id).toList());
      return 2;
    }
    if (plan) {
      printPlan(job.planUnits(MainJob.allBenchmarks()), options, System.out);
      return 0;
    }
    MainJob.Outcome outcome = job.run();
    return exitCode(outcome, System.out);
  }

  /**
   * Prints the plan of {@code units} (the whole run's) for {@code options}: with a shard, this
   * shard's units ({@link ShardPlan#partition}, the split the run itself makes) and one line per
   * shard with its expected seconds; without, every unit.
   */
  static void printPlan(List<ShardPlan.Unit> units, MainJob.Options options, PrintStream out) {
    if (options.shard() == null) {
      JobProgress.planLines(units, options.mode(), null).forEach(l -> out.println("[dbbench] " + l));
      return;
    }
    List<List<ShardPlan.Unit>> parts = ShardPlan.partition(units, options.shard().count());
    JobProgress.planLines(parts.get(options.shard().index()), options.mode(), options.shard())
        .forEach(l -> out.println("[dbbench] " + l));
    List<Integer> seconds = ShardPlan.expectedSeconds(parts);
    for (int i = 0; i < parts.size(); i++) {
      out.println("[dbbench] shard " + i + "/" + parts.size() + ": " + parts.get(i).size() + " unit(s), about "
          + seconds.get(i) + " s");
    }
  }

  /**
   * The validated options.
   *
   * @throws IllegalArgumentException naming the bad value and what was expected
   */
  MainJob.Options options() {
    Pattern pattern = regex("bench.include", include);
    Integer f = null;
    String fk = forks == null ? "" : forks.trim();
    if (!fk.isEmpty()) {
      try {
        f = Integer.parseInt(fk);
      } catch (NumberFormatException e) {
        f = -1;
      }
      if (f < 1) {
        throw new IllegalArgumentException("bench.forks='" + fk + "': expected a whole number of forks, 1 or more");
      }
    }
    List<String> user = JmhArgs.split(args == null ? "" : args);
    JmhArgs.merge(user); // validates: an option without its value fails here, before anything runs
    String prof = profile == null || profile.isBlank() ? "none" : profile.trim();
    if (!prof.equals("none") && !prof.equals("async")) {
      throw new IllegalArgumentException("bench.profile='" + prof + "': expected none or async");
    }
    ShardPlan.Shard sh = shard == null || shard.isBlank() ? ShardPlan.Shard.fromEnvironment(System::getenv)
        : ShardPlan.Shard.parse(shard);
    return new MainJob.Options(Mode.of(full), pattern, user, f, results, prof, sh, regex("bench.units", units));
  }

  /**
   * The knob's regular expression, or {@code null} when it is blank.
   *
   * @throws IllegalArgumentException naming the knob and its value when it is not a regular expression
   */
  private static Pattern regex(String knob, String value) {
    String v = value == null ? "" : value.trim();
    if (v.isEmpty()) {
      return null;
    }
    try {
      return Pattern.compile(v);
    } catch (PatternSyntaxException e) {
      throw new IllegalArgumentException(knob + "='" + v + "' is not a regular expression: " + e.getDescription());
    }
  }

  /**
   * 1 when a family failed, the report failed, or nothing ran (each said on {@code out}); else 0.
   * A shard that owns none of the plan's units ({@link MainJob.Outcome#emptyShard}) ran nothing by
   * design: 0, having said so when it planned.
   */
  public static int exitCode(MainJob.Outcome outcome, PrintStream out) {
    outcome.families().stream().filter(f -> f.status() == io.dbbench.report.data.RunManifest.FamilyStatus.FAILED)
        .forEach(f -> out.println("[dbbench] FAILED " + f.id() + ": " + f.reason()));
    if (!outcome.reportError().isEmpty()) {
      out.println("[dbbench] FAILED report: " + outcome.reportError());
    }
    if (outcome.nothingRan() && !outcome.emptyShard()) {
      out.println("[dbbench] nothing ran: every family was skipped or matched no benchmark (see the lines above)");
      return 1;
    }
    return outcome.failed() ? 1 : 0;
  }
}
