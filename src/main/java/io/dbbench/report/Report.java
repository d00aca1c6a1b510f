package io.dbbench.report;

import io.dbbench.core.BenchConfig;
import io.dbbench.core.KnownSecrets;
import io.dbbench.core.Version;
import io.dbbench.report.data.Baselines;
import io.dbbench.report.data.JmhResult;
import io.dbbench.report.data.Merge;
import io.dbbench.report.data.ReportException;
import io.dbbench.report.data.Run;
import io.dbbench.report.data.ShardMerge;
import io.dbbench.report.data.Units;
import io.dbbench.report.render.ComparisonSection;
import io.dbbench.report.render.Doc;
import io.dbbench.report.render.HtmlReport;
import io.dbbench.report.render.MarkdownReport;
import io.dbbench.report.stats.Comparison;
import io.dbbench.report.stats.Percent;
import io.dbbench.report.stats.Stats;
import io.dbbench.report.study.Findings;
import io.dbbench.report.study.History;
import io.dbbench.report.study.Replication;
import io.dbbench.report.study.StudyTables;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * The report command line, {@code java -cp target/benchmarks.jar io.dbbench.report.Report CMD}:
 *
 * <ul>
 *   <li>{@code render RUN_DIR}: writes {@code report.md} (charts in {@code charts/}) and the
 *       self-contained {@code report.html}.</li>
 *   <li>{@code compare BASELINE CONTENDER} or {@code compare --baseline NAME CONTENDER}: the
 *       significance-aware comparison ({@link Comparison}), printed and written as
 *       {@code comparison.md}/{@code comparison.html}.</li>
 *   <li>{@code save-baseline NAME RUN_DIR}: keeps a run under {@code results/baselines/NAME}.</li>
 *   <li>{@code gate --baseline NAME --max-regression 10% RUN_DIR} or {@code gate
 *       --max-regression 10% BASELINE_DIR RUN_DIR}: fails when a benchmark is significantly (p ≤
 *       0.05, exact test over forks, {@link Stats}) slower than the baseline by more than the
 *       threshold; cannot judge when a benchmark has too few forks on a side for the test to ever
 *       reach p ≤ 0.05, or no raw data, or when it is significantly slower by more than the
 *       threshold but, the runs being recorded separately, within the between-run drift
 *       allowance ({@link Comparison#driftFor}).</li>
 *   <li>{@code merge -o OUT RUN_DIR...}: combines runs from several hosts ({@link Merge}).</li>
 *   <li>{@code replication RUN_A RUN_B}: whether two runs' comparison findings replicate
 *       ({@link Replication}); prints a Markdown table, exit 1 when one does not.</li>
 * </ul>
 *
 * <p>Exit status: 0 success (gate passed), 1 the gate found regressions ({@link
 * #EXIT_REGRESSION}), 2 bad input or usage ({@link #EXIT_BAD_INPUT}), 3 the gate cannot judge
 * ({@link #EXIT_CANNOT_JUDGE}): no regression was found but some benchmarks had too few forks
 * (or no raw data) for a verdict; the message names them and the forks they need.
 * Bad input gets one line on stderr, never a stack trace. The baselines directory is
 * {@code results/baselines} unless {@code --baselines DIR} or {@code DBBENCH_BASELINES} says
 * otherwise.
 *
 * <p>Between-run drift: compare and gate call a change between two separately recorded runs
 * faster or slower only when its whole 95% interval lies beyond {@code ±--drift} (default {@value
 * Comparison#DEFAULT_DRIFT_PCT}%, or {@code DBBENCH_DRIFT}); the two sides of one {@code
 * io.dbbench.run.Interleave} run get no allowance.
 */
@Command(name = "report", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Renders, compares, gates and merges dbbench runs.",
    subcommands = {Report.Render.class, Report.Compare.class, Report.SaveBaseline.class,
        Report.Gate.class, Report.MergeCmd.class, Report.ReplicationCmd.class, Report.HistoryCmd.class})
public final class Report implements Callable<Integer> {
  /** Exit status when the gate finds a regression. */
  public static final int EXIT_REGRESSION = 1;
  /** Exit status for bad input or usage. */
  public static final int EXIT_BAD_INPUT = 2;
  /**
   * Exit status when the gate finds no regression but cannot judge some benchmarks: too few
   * forks on a side for the exact test to reach p ≤ 0.05 (fewer than 4+4), or no raw data.
   */
  public static final int EXIT_CANNOT_JUDGE = 3;

  /** Runs the command line and exits with its status. */
  public static void main(String[] args) {
    KnownSecrets.installOnStandardStreams();
    System.exit(run(args));
  }

  /** Runs the command line and returns its exit status (0 ok, 1 regression, 2 bad input, 3 cannot judge). */
  public static int run(String... args) {
    return run(new PrintWriter(System.out, true, StandardCharsets.UTF_8),
        new PrintWriter(System.err, true, StandardCharsets.UTF_8), args);
  }

  /** Runs the command line with the given output streams (for tests). */
  public static int run(PrintWriter out, PrintWriter err, String... args) {
    CommandLine cl = new CommandLine(new Report());
    cl.setOut(out);
    cl.setErr(err);
    cl.setExecutionExceptionHandler((ex, cmd, parsed) -> {
      String msg = ex instanceof ReportException || ex instanceof IllegalArgumentException
          ? ex.getMessage() : ex.getClass().getSimpleName() + ": " + ex.getMessage();
      cmd.getErr().println("report: " + oneLine(msg));
      return EXIT_BAD_INPUT;
    });
    cl.setParameterExceptionHandler((ex, a) -> {
      ex.getCommandLine().getErr().println("report: " + oneLine(ex.getMessage())
          + " (see: report " + ex.getCommandLine().getCommandName() + " --help)");
      return EXIT_BAD_INPUT;
    });
    int rc = cl.execute(args);
    out.flush();
    err.flush();
    return rc;
  }

  private static String oneLine(String s) {
    return s == null ? "" : s.replace('\n', ' ').replace('\r', ' ');
  }

  @Override
  public Integer call() {
    CommandLine.usage(this, System.err);
    return EXIT_BAD_INPUT;
  }

  /**
   * Writes {@code report.md} (with {@code charts/*.png}), {@code report.html} and
   * {@code findings.json} ({@link Findings#write}) for one run directory holding {@code jmh.json}
   * (or plain JMH's {@code jmh-result.json}) and optionally {@code env.json} and
   * {@code openloop-*.json}, or for one JMH JSON file (written beside it). Called by the main job
   * {@code io.dbbench.BenchMain}.
   *
   * @return the path of report.md
   * @throws IOException when the report cannot be written
   * @throws IllegalArgumentException when the run's jmh.json is missing or not JMH output, or a
   *     configured baseline is unknown (the message is one line naming the file)
   */
  public static Path render(Path runDirOrFile) throws IOException {
    Doc doc;
    Run run;
    try {
      run = Run.load(runDirOrFile);
      doc = RunReport.build(run);
    } catch (ReportException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
    // a JMH JSON file gets its report beside it
    Path runDir = Files.isDirectory(runDirOrFile) ? runDirOrFile
        : Objects.requireNonNullElse(runDirOrFile.toAbsolutePath().getParent(), Path.of("."));
    Findings.write(runDir, Findings.of(run));
    Path out = runDir.resolve("report.md");
    Files.writeString(out, MarkdownReport.write(doc, runDir.resolve("charts")), StandardCharsets.UTF_8);
    Files.writeString(runDir.resolve("report.html"), HtmlReport.write(doc), StandardCharsets.UTF_8);
    KnownSecrets.scrubFiles(runDir); // the second line of defence: every credential this JVM knows, by value
    return out;
  }

  /** {@code --baselines DIR}, shared by the commands that read or write saved baselines. */
  static final class BaselinesOption {
    @Option(names = "--baselines", paramLabel = "DIR", description = "Baselines directory (default results/baselines or $DBBENCH_BASELINES).")
    Path dir;

    Path root() {
      return baselinesRoot(dir);
    }
  }

  /** {@code --include REGEX} and {@code --drift PCT}, shared by compare and gate. */
  static final class SelectionOptions {
    @Option(names = "--include", paramLabel = "REGEX", description = "Only benchmarks whose key (full name, mode and"
        + " params, e.g. io.dbbench.graphj.GraphjCompressBenchmark.compress[thrpt]{context=perCall,corpus=text,level=3})"
        + " contains a match, e.g. the headline rows a quick run measured with enough forks.")
    String include;

    @Option(names = "--drift", paramLabel = "PCT", description = "Between-run drift allowance: between separately"
        + " recorded runs a significant change is faster/slower only when its 95%% interval lies beyond"
        + " ±PCT (default " + Comparison.DEFAULT_DRIFT_PCT + "%%, or $DBBENCH_DRIFT; 0 for the interleaved sides of one io.dbbench.run.Interleave run).")
    String drift;

    Double driftPct() throws ReportException {
      return drift == null ? null : Percent.parse(drift, "--drift");
    }
  }

  static Path baselinesRoot(Path option) {
    return option != null ? option : Path.of(BenchConfig.get("DBBENCH_BASELINES", "results/" + Baselines.DIR));
  }

  /** {@code render RUN_DIR}. */
  @Command(name = "render", mixinStandardHelpOptions = true, versionProvider = Version.class,
      description = "Write report.md and report.html for one run directory or JMH JSON file.")
  static final class Render implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "RUN", description = "A results/<timestamp> directory, a directory holding"
        + " JMH's jmh-result.json, or a JMH JSON file (the report is written beside it).")
    Path runDir;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
      if (!Files.exists(runDir)) {
        throw new ReportException(runDir + ": no such file or directory (expected a run directory, a directory"
            + " holding jmh-result.json, or a JMH JSON file)");
      }
      Path md = render(runDir);
      spec.commandLine().getOut().println("wrote " + md + " and " + md.resolveSibling("report.html"));
      return 0;
    }
  }

  /** {@code compare BASELINE CONTENDER} / {@code compare --baseline NAME CONTENDER}. */
  @Command(name = "compare", mixinStandardHelpOptions = true, versionProvider = Version.class,
      description = "Compare two runs (run directories or JMH JSON files), forks as the unit: exact"
          + " Mann-Whitney U over per-fork means, 95%% two-level bootstrap intervals, the minimum"
          + " detectable change; p > 0.05 is shown as ~, fewer than 4 forks per side as n/a, a significant"
          + " change within the between-run drift allowance (separately recorded runs) as ~ drift.")
  static final class Compare implements Callable<Integer> {
    @Parameters(arity = "1..2", paramLabel = "RUN", description = "BASELINE CONTENDER, or CONTENDER with --baseline.")
    List<Path> runs = new ArrayList<>();

    @Option(names = "--baseline", paramLabel = "NAME", description = "A saved baseline (save-baseline) as the baseline.")
    String baseline;

    @CommandLine.Mixin
    BaselinesOption baselines = new BaselinesOption();

    @CommandLine.Mixin
    SelectionOptions selection = new SelectionOptions();

    @Option(names = {"-o", "--out"}, paramLabel = "DIR",
        description = "Where comparison.md/.html go (default: the contender's directory).")
    Path out;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
      Comparison c = Report.compare(baseline, baselines.root(), runs, selection.include, selection.driftPct());
      Path contender = runs.get(runs.size() - 1);
      Path dir = out != null ? out
          : Files.isDirectory(contender) ? contender : contender.toAbsolutePath().getParent();
      Doc doc = new Doc("dbbench comparison: " + c.baseLabel() + " → " + c.contenderLabel());
      ComparisonSection.appendTo(c, doc, 2);
      Files.createDirectories(dir);
      String text = MarkdownReport.write(doc, dir.resolve("comparison-charts"));
      Files.writeString(dir.resolve("comparison.md"), text, StandardCharsets.UTF_8);
      Files.writeString(dir.resolve("comparison.html"), HtmlReport.write(doc), StandardCharsets.UTF_8);
      PrintWriter o = spec.commandLine().getOut();
      o.print(MarkdownReport.write(doc, null));
      o.println(c.summaryLine());
      o.println("wrote " + dir.resolve("comparison.md") + " and " + dir.resolve("comparison.html"));
      return 0;
    }
  }

  static Comparison compare(String baseline, Path baselinesRoot, List<Path> runs) throws ReportException {
    return compare(baseline, baselinesRoot, runs, null, null);
  }

  /**
   * {@link #compare(String, Path, List)} over the benchmarks whose {@link JmhResult#key()} contains
   * a match of {@code include} ({@code null}: all), with the between-run drift allowance {@code
   * drift} ({@code null}: {@link Comparison#driftFor}'s default for the two runs).
   *
   * @throws ReportException when {@code include} is no regular expression, or matches no benchmark
   *     of one of the runs
   */
  static Comparison compare(String baseline, Path baselinesRoot, List<Path> runs, String include, Double drift)
      throws ReportException {
    Pattern p;
    try {
      p = include == null ? null : Pattern.compile(include);
    } catch (PatternSyntaxException e) {
      throw new ReportException("--include '" + include + "' is no regular expression: " + e.getDescription());
    }
    return compareAll(baseline, baselinesRoot, runs, p, drift);
  }

  private static List<JmhResult> only(List<JmhResult> results, Pattern p) throws ReportException {
    if (p == null) {
      return results;
    }
    List<JmhResult> out = results.stream().filter(r -> p.matcher(r.key()).find()).toList();
    if (out.isEmpty()) {
      throw new ReportException("--include '" + p.pattern() + "' matches no benchmark of a run (it is matched against"
          + " keys such as " + (results.isEmpty() ? "none" : results.get(0).key()) + ")");
    }
    return out;
  }

  private static Comparison compareAll(String baseline, Path baselinesRoot, List<Path> runs,
      Pattern p, Double drift) throws ReportException {
    Run base;
    Run contender;
    if (baseline != null) {
      if (runs.size() != 1) {
        throw new ReportException("with --baseline give exactly one run to compare (got " + runs.size() + ")");
      }
      base = Run.load(Baselines.resolve(baselinesRoot, baseline));
      contender = Run.load(runs.get(0));
      return Comparison.of("baseline " + baseline, only(base.results(), p), contender.label(),
          only(contender.results(), p), Comparison.driftFor(base, contender, drift),
          Comparison.interleaved(base, contender));
    }
    if (runs.size() != 2) {
      throw new ReportException("compare needs BASELINE and CONTENDER (or --baseline NAME CONTENDER); got " + runs.size() + " run(s)");
    }
    base = Run.load(runs.get(0));
    contender = Run.load(runs.get(1));
    String bl = base.label();
    String cl = contender.label();
    if (bl.equals(cl)) {
      bl = runs.get(0).toString();
      cl = runs.get(1).toString();
    }
    return Comparison.of(bl, only(base.results(), p), cl, only(contender.results(), p),
        Comparison.driftFor(base, contender, drift), Comparison.interleaved(base, contender));
  }

  /** {@code save-baseline NAME RUN_DIR}. */
  @Command(name = "save-baseline", mixinStandardHelpOptions = true, versionProvider = Version.class,
      description = "Keep a run as a named baseline under results/baselines/NAME (replacing it).")
  static final class SaveBaseline implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "NAME")
    String name;

    @Parameters(index = "1", paramLabel = "RUN_DIR")
    Path runDir;

    @CommandLine.Mixin
    BaselinesOption baselines = new BaselinesOption();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
      Path dir = Baselines.save(baselines.root(), name, runDir);
      spec.commandLine().getOut().println("saved baseline " + name + " in " + dir);
      return 0;
    }
  }

  /** {@code gate --baseline NAME --max-regression 10% RUN_DIR} or {@code gate --max-regression 10% BASELINE_DIR RUN_DIR}. */
  @Command(name = "gate", mixinStandardHelpOptions = true, versionProvider = Version.class,
      description = "Exit 1 when any benchmark is significantly (p <= 0.05, exact test over forks)"
          + " slower than the baseline by more than the threshold; 3 when none is but some cannot be"
          + " judged (fewer than 4 forks per side, no raw data, or a slowdown within the between-run"
          + " drift allowance of separately recorded runs); 0 otherwise.")
  static final class Gate implements Callable<Integer> {
    @Option(names = "--baseline", paramLabel = "NAME", description = "A saved baseline (save-baseline);"
        + " without it give BASELINE_DIR RUN_DIR.")
    String baseline;

    @Option(names = "--max-regression", required = true, paramLabel = "PCT",
        description = "Largest tolerated slowdown, e.g. 10%% (time per operation).")
    String maxRegression;

    @CommandLine.Mixin
    BaselinesOption baselines = new BaselinesOption();

    @CommandLine.Mixin
    SelectionOptions selection = new SelectionOptions();

    @Parameters(arity = "1..2", paramLabel = "RUN", description = "RUN_DIR with --baseline, else BASELINE_DIR RUN_DIR.")
    List<Path> runs = new ArrayList<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
      double threshold = Percent.parse(maxRegression, "--max-regression");
      if (baseline == null && runs.size() != 2) {
        throw new ReportException("gate needs --baseline NAME RUN_DIR, or BASELINE_DIR RUN_DIR; got "
            + runs.size() + " run(s) and no --baseline");
      }
      Comparison c = Report.compare(baseline, baselines.root(), runs, selection.include, selection.driftPct());
      return gate(c, baseline != null ? "baseline " + baseline : c.baseLabel(), threshold, spec.commandLine().getOut(),
          spec.commandLine().getErr());
    }
  }

  /**
   * Judges {@code c} against {@code thresholdPct} and prints the outcome.
   *
   * @param baseline how the messages name the baseline, e.g. {@code baseline main} or a run
   *     directory's name
   * @return 0 passed, {@link #EXIT_REGRESSION}, or {@link #EXIT_CANNOT_JUDGE}
   */
  static int gate(Comparison c, String baseline, double thresholdPct, PrintWriter o, PrintWriter e) {
    List<Comparison.Row> bad = regressions(c, thresholdPct);
    List<Comparison.Row> unjudged = c.unjudged();
    List<Comparison.Row> drifted = driftedRegressions(c, thresholdPct);
    int n = c.rows(Comparison.PRIMARY).size();
    if (!bad.isEmpty()) {
      e.println("gate FAILED: " + bad.size() + " of " + n + " benchmark(s) significantly slower than "
          + baseline + " by more than " + pct(thresholdPct) + ":");
      for (Comparison.Row r : bad) {
        e.println("  " + r.label() + ": " + String.format(Locale.ROOT, "%.1f%% slower", r.regressionPct())
            + " (" + Units.num(r.base()) + " → " + Units.num(r.contender()) + " " + r.unit()
            + ", p=" + Units.p(r.p()) + ", " + r.forksBase() + "+" + r.forksContender() + " forks)");
      }
      if (!unjudged.isEmpty() || !drifted.isEmpty()) {
        e.println("  and " + (unjudged.size() + drifted.size()) + " benchmark(s) could not be judged (see below)");
        printUnjudged(unjudged, thresholdPct, e);
        printDrifted(c, drifted, e);
      }
      return EXIT_REGRESSION;
    }
    if (!unjudged.isEmpty() || !drifted.isEmpty()) {
      e.println("gate CANNOT JUDGE " + (unjudged.size() + drifted.size()) + " of " + n + " benchmark(s) against "
          + baseline + " (exit " + EXIT_CANNOT_JUDGE + ")" + (unjudged.isEmpty() ? ":" : ": the exact test over forks"
          + " needs at least " + Stats.minForksPerSide() + " forks per side to reach p ≤ " + Stats.ALPHA + ":"));
      printUnjudged(unjudged, thresholdPct, e);
      printDrifted(c, drifted, e);
      o.println("no judged benchmark is significantly slower; " + c.summaryLine());
      return EXIT_CANNOT_JUDGE;
    }
    o.println("gate passed: none of " + n + " benchmark(s) is significantly slower than "
        + baseline + " by more than " + pct(thresholdPct) + "; " + c.summaryLine());
    List<Comparison.Row> blind = c.rows(Comparison.PRIMARY).stream()
        .filter(r -> r.verdict() == Comparison.Verdict.SAME && r.mdePct() > thresholdPct).toList();
    if (!blind.isEmpty()) {
      o.println("note: " + blind.size() + " benchmark(s) passed with a minimum detectable change above "
          + pct(thresholdPct) + ", so a regression of that size could have gone unseen:");
      for (Comparison.Row r : blind) {
        o.println("  " + r.label() + ": MDE " + Units.mde(r.mdePct()) + " at " + r.forksBase() + "+"
            + r.forksContender() + " forks; " + r.forksNeededText(thresholdPct) + " forks per side would detect "
            + pct(thresholdPct));
      }
    }
    if (c.driftPct() > thresholdPct) {
      o.println("note: these runs were recorded separately, so a change within the ±" + pct(c.driftPct())
          + " between-run drift allowance gets no verdict: a regression between " + pct(thresholdPct) + " and "
          + pct(c.driftPct()) + " can pass; run both jars interleaved (io.dbbench.run.Interleave) to gate at "
          + pct(thresholdPct));
    }
    return 0;
  }

  /**
   * Primary-metric rows significantly slower by more than {@code thresholdPct} whose interval
   * still reaches into the between-run drift allowance ({@link Comparison.Verdict#WITHIN_DRIFT}):
   * the gate cannot tell them from drift.
   */
  static List<Comparison.Row> driftedRegressions(Comparison c, double thresholdPct) {
    return c.rows(Comparison.PRIMARY).stream()
        .filter(r -> r.verdict() == Comparison.Verdict.WITHIN_DRIFT && r.regressionPct() > thresholdPct + 1e-9)
        .toList();
  }

  private static void printDrifted(Comparison c, List<Comparison.Row> rows, PrintWriter e) {
    for (Comparison.Row r : rows) {
      e.println("  " + r.label() + ": " + String.format(Locale.ROOT, "%.1f%% slower", r.regressionPct())
          + " (score " + Units.pct(r.changePct()) + ", 95% CI [" + Units.pct(r.ciLow()) + ", " + Units.pct(r.ciHigh())
          + "], p=" + Units.p(r.p()) + ") but the interval reaches into the ±" + pct(c.driftPct()) + " drift allowance"
          + " between separately recorded runs; run both jars interleaved (io.dbbench.run.Interleave) to judge it");
    }
  }

  private static void printUnjudged(List<Comparison.Row> rows, double thresholdPct, PrintWriter e) {
    for (Comparison.Row r : rows) {
      String why = r.verdict() == Comparison.Verdict.UNKNOWN ? "no per-iteration raw data"
          : r.stats().naReason().replaceFirst("^n/a: ", "");
      e.println("  " + r.label() + ": " + why + "; needs " + Stats.minForksPerSide() + "+"
          + Stats.minForksPerSide() + " forks to be judged, "
          + (thresholdPct > 0 ? r.forksNeededText(thresholdPct) + " per side to detect " + pct(thresholdPct) : ""));
    }
  }

  /**
   * The primary-metric rows significantly worse ({@code p <= 0.05}) whose slowdown in time per
   * operation exceeds {@code thresholdPct} (by more than 1e-9 points, so that a change of exactly
   * the threshold is not failed by floating-point rounding).
   */
  public static List<Comparison.Row> regressions(Comparison c, double thresholdPct) {
    return c.rows(Comparison.PRIMARY).stream()
        .filter(r -> r.verdict() == Comparison.Verdict.WORSE && r.regressionPct() > thresholdPct + 1e-9)
        .toList();
  }

  private static String pct(double v) {
    return Units.plain(v) + "%";
  }

  /** {@code merge -o OUT RUN_DIR...}. */
  @Command(name = "merge", mixinStandardHelpOptions = true, versionProvider = Version.class,
      description = "Combine runs from several hosts into one run directory, keeping the host of every row, and render"
          + " it; or join the shards of one sharded main job (--shard i/n) into the run it would have been, after"
          + " checking that every shard is there once, of one commit and one set of settings.")
  static final class MergeCmd implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "RUN_DIR")
    List<Path> runs = new ArrayList<>();

    @Option(names = {"-o", "--out"}, paramLabel = "DIR",
        description = "Output run directory, new or empty (default: results/merged-<UTC timestamp>).")
    Path out;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
      Path dir = out != null ? out : Path.of("results", "merged-"
          + DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").format(ZonedDateTime.now(ZoneOffset.UTC)));
      boolean shards = false;
      for (Path r : runs) {
        if (Files.isDirectory(r)) {
          Merge.requireInside(r); // before its env.json is read
          shards |= ShardMerge.isShard(r);
        }
      }
      boolean existed = Files.exists(dir);
      if (shards) {
        try {
          ShardMerge.merge(dir, runs);
        } catch (ShardMerge.ShardSetException e) {
          e.problems().forEach(p -> spec.commandLine().getErr().println("report: " + p));
          return EXIT_BAD_INPUT;
        }
      } else {
        Merge.merge(dir, runs);
      }
      Path md;
      try {
        md = render(dir);
      } catch (Exception e) {
        Merge.discard(dir, existed); // the merged run stands with its report or not at all
        throw e;
      }
      spec.commandLine().getOut().println("merged " + runs.size() + (shards ? " shard(s)" : " run(s)") + " into " + dir
          + "; wrote " + md + " and " + dir.resolve("report.html"));
      return 0;
    }
  }

  /** {@code history [RESULTS_DIR]}. */
  @Command(name = "history", mixinStandardHelpOptions = true, versionProvider = Version.class,
      description = "Every finding of every run under RESULTS_DIR as a series over time, with its change points"
          + " (E-Divisive means with a permutation test; runs under load shown, not used) and where the code that"
          + " produces it changed (git log): writes history.json, history.md and history.html into RESULTS_DIR"
          + " (or --out). A run that cannot be read is left out with one line naming its file, the rest are"
          + " written, and the exit status is 2.")
  static final class HistoryCmd implements Callable<Integer> {
    @Parameters(arity = "0..1", paramLabel = "RESULTS_DIR", defaultValue = "results",
        description = "The directory holding the run directories (default: ${DEFAULT-VALUE}).")
    Path results;

    @Option(names = {"-o", "--out"}, paramLabel = "DIR", description = "Where to write the three files (default: RESULTS_DIR).")
    Path out;

    @Option(names = "--readme", paramLabel = "FILE", description = "Also put the headline findings' summary between"
        + " the markers <!-- history-summary --> and <!-- /history-summary --> of this Markdown file.")
    Path readme;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
      if (!Files.isDirectory(results)) {
        spec.commandLine().getErr().println("report: history: " + results + " is not a directory of runs");
        return EXIT_BAD_INPUT;
      }
      Path dir = out != null ? out : results;
      History.Document h = refreshHistory(results, dir);
      if (readme != null) {
        String text = Files.readString(readme);
        try {
          Files.writeString(readme, History.replaceSummary(text, History.summary(h)));
        } catch (IllegalArgumentException e) {
          spec.commandLine().getErr().println("report: history: " + readme + ": " + e.getMessage());
          return EXIT_BAD_INPUT;
        }
      }
      long steps = h.series().stream().mapToLong(s -> s.changePoints().size()).sum();
      spec.commandLine().getOut().println("history of " + h.runs().size() + " runs, " + h.series().size()
          + " findings, " + steps + " change point(s): wrote " + dir.resolve(History.HTML) + ", " + History.MD + " and "
          + History.JSON);
      for (History.Unreadable u : h.unreadable()) {
        spec.commandLine().getErr().println("report: history: run " + u.run() + " left out: " + u.reason());
      }
      return h.unreadable().isEmpty() ? 0 : EXIT_BAD_INPUT;
    }
  }

  /**
   * Builds the history of the runs under {@code results} ({@link History#build}, commits from the
   * repository around it) and writes it into {@code out}.
   *
   * @throws ReportException not for a run's files: a run that cannot be read is left out and listed
   *     in {@link History.Document#unreadable}
   * @throws IOException when a file cannot be read or written
   */
  public static History.Document refreshHistory(Path results, Path out) throws ReportException, IOException {
    History.Document h = History.build(results, History.git(results), io.dbbench.report.stats.EDivisive.DEFAULT);
    History.write(out, h);
    return h;
  }

  /** {@code replication RUN_A RUN_B}. */
  @Command(name = "replication", mixinStandardHelpOptions = true, versionProvider = Version.class,
      description = "Set two runs' comparison findings (findings.json) side by side: a finding replicates when it is"
          + " not significant with opposite signs in the two runs and its two 95%% intervals overlap. Exit 1 when"
          + " one does not replicate. A finding measured under load in either run (other processes above 10%%"
          + " of the CPUs, or steal above 5%%, during a fork) is not comparable and gets no verdict.")
  static final class ReplicationCmd implements Callable<Integer> {
    @Parameters(arity = "2", paramLabel = "RUN_DIR", description = "Two run directories, older first.")
    List<Path> runs = new ArrayList<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
      List<Replication.Pair> pairs = Replication.of(runs.get(0), runs.get(1));
      PrintWriter o = spec.commandLine().getOut();
      o.print(Replication.markdown(runs.get(0).getFileName().toString(), runs.get(1).getFileName().toString(), pairs));
      long failed = pairs.stream().filter(p -> p.verdict() == Replication.Verdict.DOES_NOT_REPLICATE).count();
      long loaded = pairs.stream().filter(p -> p.verdict() == Replication.Verdict.NOT_COMPARABLE).count();
      long judged = pairs.stream().filter(p -> p.verdict() == Replication.Verdict.REPLICATES
          || p.verdict() == Replication.Verdict.DOES_NOT_REPLICATE).count();
      o.println();
      o.println(judged - failed + " of " + pairs.size() + " comparison findings replicate, " + failed
          + " do not, " + loaded + " not comparable (measured under load), " + (pairs.size() - judged - loaded)
          + " cannot be judged");
      o.flush();
      return failed > 0 ? EXIT_REGRESSION : 0;
    }
  }
}
