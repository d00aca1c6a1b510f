package io.dbbench.arango.pool;

import com.fasterxml.jackson.databind.JsonNode;
import io.dbbench.core.AnalyzeCommand;
import io.dbbench.core.Version;
import io.dbbench.profile.MachineSnapshots;
import io.dbbench.profile.MachineState;
import io.dbbench.report.data.ScriptRows;
import io.dbbench.report.data.Units;
import io.dbbench.report.stats.Agreement;
import io.dbbench.report.stats.Finding;
import io.dbbench.report.stats.MeasurementWarnings;
import io.dbbench.report.stats.Stats;
import io.dbbench.report.study.SideBySideSummary;
import io.dbbench.report.study.Study;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import picocli.CommandLine.Command;

/**
 * The analysis of a {@code scripts/arangojs-vs-dbbench.sh} run: the pool study's own client
 * (arangojs 8.3.0 on Node, and plain HTTP through Node's agent, {@code studies/arangojs/pool-queries.js})
 * and, with {@code --java}, dbbench's Java rows ({@code ArangoPoolBenchmark.query} with the
 * matching connection), run in interleaved blocks on one server.
 *
 * <p>Reads {@code rows.tsv} (one row per run: block, side, connection, iterations, ms, dnf and the
 * failures per cause, as the script writes it) and {@code machine.tsv} (the aggregate {@code cpu}
 * line of {@code /proc/stat} and {@code /proc/loadavg} before and after every side of every block,
 * when recorded). A point is one side, connection and iteration count; in a block its runs give the
 * study's figure, the mean of the runs (the study ran 3 and averaged), unless a run did not finish
 * (DNF: any failed query), when the block's point is DNF and never a time. Per point the summary
 * gives the median over blocks of those means beside the study's table, DNF with its causes where
 * blocks did not finish.
 *
 * <p>Paired over the blocks where both points finished ({@link Stats#pairedChange}, the
 * geometric-mean ratio with the 95% Student-t interval of the per-block log ratios, none below
 * {@value Stats#MIN_PAIRS} blocks): the speed-up of every connection over the default pool
 * ({@code default -> 10}, {@code -> 100}, {@code -> http}, the study's own comparisons: default time
 * / contender time) per side and iteration count, each judged against the study's own ratio from
 * its table by {@link Agreement#agreeComparison} (magnitude as well as direction; the point estimate
 * weighed when the interval cannot decide); the study's headline is arangojs's {@code default ->
 * 100} at 500 queries against its 4.64x ({@code study.json} of {@link ArangoPoolForm}). And per
 * point, dbbench's Java rows against arangojs (arangojs time / Java time), which separates the
 * client from the server. A block whose side ran with more than
 * {@value Finding.Conditions#STEAL_LIMIT_PCT}% of the CPU stolen, or a 1-minute load above the
 * online CPUs, is marked under load, and so is every comparison that reads it.
 *
 * <pre>
 * java -cp target/benchmarks.jar io.dbbench.arango.pool.ArangojsSideBySide --analyze DIR
 * </pre>
 *
 * <p>Writes {@code summary.json} and {@code summary.md} into the directory. Exit status 0 done, 2
 * bad input (a missing or malformed {@code rows.tsv}, named with the line and the cell).
 */
@Command(name = "arangojs-side-by-side", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Analyse a scripts/arangojs-vs-dbbench.sh run: medians beside the pool study's table, DNF as DNF,"
        + " paired speed-ups with 95%% intervals over blocks, the study's 4.64x judged.")
public final class ArangojsSideBySide extends AnalyzeCommand<ArangojsSideBySide.Summary> {
  /** The columns of {@code rows.tsv}, in order, as the script writes its header. */
  public static final List<String> COLUMNS = List.of("block", "position", "side", "client", "connection", "iterations",
      "run", "ms", "dnf", "answered", "queue_full", "queue_time_violated", "timeout", "refused", "other_error", "server");

  /** The command, for picocli. */
  public ArangojsSideBySide() {
    super(ArangojsSideBySide::analyze, ArangojsSideBySide::write, Summary::markdown);
  }

  /** The connection types in the study's order. */
  public static final List<String> CONNECTIONS = List.of("default", "10", "100", "http");
  /** The study's name of each connection type. */
  static final Map<String, String> STUDY_NAMES = Map.of("default", "Default (maxSockets 3)", "10", "maxSockets 10",
      "100", "maxSockets 100", "http", "HTTP Default");
  /** The row of the study's table ({@code tables.study_ms}) for each connection type. */
  static final Map<String, String> STUDY_ROWS = Map.of("default", "driver_http1_3", "10", "driver_http1_10",
      "100", "driver_http1_100", "http", "raw_http");
  /** The DNF causes, as {@code rows.tsv} names them. */
  static final List<String> CAUSES = List.of("queue_full", "queue_time_violated", "timeout", "refused", "other_error");

  /** Runs the command line and exits with its status. */
  public static void main(String[] args) {
    main(new ArangojsSideBySide(), args);
  }

  /** ArangoPoolBenchmark's {@code connection} of each of the study's connection types (the study's table rows). */
  public static String javaConnection(String connection) {
    String c = STUDY_ROWS.get(connection);
    if (c == null) {
      throw new IllegalArgumentException("connection '" + connection + "': expected default, 10, 100 or http");
    }
    return c;
  }

  /**
   * The rows of one run of {@code studies/arangojs/pool-queries.js} (its lines of 12 tab-separated
   * fields: client, connection, iterations, run, ms, dnf, answered and the five causes): the cells
   * of {@link #COLUMNS} after {@code block} and {@code position}, side {@code arangojs}, the server
   * last. Other lines (its messages) are left out.
   */
  public static List<List<String>> nodeRows(String output, String server) {
    List<List<String>> rows = new ArrayList<>();
    for (String l : output.lines().toList()) {
      String[] f = l.split("\t", -1);
      if (f.length == 12) {
        List<String> r = new ArrayList<>(List.of("arangojs"));
        r.addAll(List.of(f));
        r.add(server);
        rows.add(r);
      }
    }
    return rows;
  }

  /**
   * The rows of one JMH fork of {@code ArangoPoolBenchmark.query}: one per measured shot, the cells
   * of {@link #COLUMNS} after {@code block} and {@code position}: side {@code java}, client
   * {@code dbbench <connection>}, the study's connection type, iterations, the shot (from 1), its
   * time (ms), its DNF counters (the JMH secondary metrics {@code dnf}, {@code answered},
   * {@code queueFull}, {@code queueTimeViolated}, {@code timeout}, {@code refused},
   * {@code otherError}, one value per shot, 0 where absent), server.
   *
   * @throws IllegalArgumentException when the file is not JMH's JSON
   */
  public static List<List<String>> javaRows(Path json, String server) {
    JsonNode root = io.dbbench.report.data.JmhJson.tree(json);
    Map<String, String> studyOf = new LinkedHashMap<>();
    STUDY_ROWS.forEach((k, v) -> studyOf.put(v, k));
    List<List<String>> rows = new ArrayList<>();
    for (JsonNode r : root) {
      String conn = r.path("params").path("connection").asText();
      JsonNode shots = r.path("primaryMetric").path("rawData").path(0);
      for (int i = 0; i < shots.size(); i++) {
        List<String> row = new ArrayList<>(List.of("java", "dbbench " + conn,
            studyOf.getOrDefault(conn, conn.replaceFirst("^driver_http1_", "")), r.path("params").path("iterations").asText(),
            Integer.toString(i + 1), java.math.BigDecimal.valueOf(shots.get(i).asDouble()).stripTrailingZeros().toPlainString()));
        for (String m : List.of("dnf", "answered", "queueFull", "queueTimeViolated", "timeout", "refused", "otherError")) {
          row.add(Long.toString(Math.round(r.path("secondaryMetrics").path(m).path("rawData").path(0).path(i).asDouble(0))));
        }
        row.add(server);
        rows.add(row);
      }
    }
    return rows;
  }

  /** Which client a row is. */
  public enum Side {
    /** The study's client: arangojs 8.3.0 (and plain HTTP through Node's agent) on Node. */
    ARANGOJS("arangojs", "arangojs 8.3.0 / Node"),
    /** dbbench's Java rows, {@code ArangoPoolBenchmark.query}. */
    JAVA("java", "dbbench Java");

    /** The cell in {@code rows.tsv}. */
    public final String cell;
    /** The side's name in the summary. */
    public final String label;

    Side(String cell, String label) {
      this.cell = cell;
      this.label = label;
    }

    static Side of(String cell) {
      for (Side s : values()) {
        if (s.cell.equals(cell)) {
          return s;
        }
      }
      throw new IllegalArgumentException("side '" + cell + "': expected arangojs or java");
    }
  }

  /**
   * One run of {@code rows.tsv}.
   *
   * @param block the block, from 1
   * @param side which client
   * @param client the client cell as written ({@code arangojs 8.3.0}, {@code dbbench driver_http1_3}, ...)
   * @param connection default, 10, 100 or http
   * @param iterations queries in the run
   * @param ms the run's time from the first query issued to the last answer, ms (not a result when DNF)
   * @param dnf whether a query failed
   * @param failures failed queries per cause ({@link #CAUSES} order)
   * @param server the server's label
   */
  public record Run(int block, Side side, String client, String connection, int iterations, double ms, boolean dnf,
      long[] failures, String server) {}

  /**
   * One point in one block: the study's figure from its runs.
   *
   * @param block the block
   * @param runs the runs' times, ms
   * @param dnf whether any run did not finish
   * @param failures failed queries per cause over the runs
   */
  public record BlockPoint(int block, double[] runs, boolean dnf, long[] failures) {
    /** The mean of the runs (the study's figure), ms; NaN when DNF. */
    public double meanMs() {
      return dnf ? Double.NaN : Stats.mean(runs);
    }
  }

  /**
   * One point over the blocks.
   *
   * @param side the client
   * @param connection the connection type
   * @param iterations queries per run
   * @param blocks the point in each block, in block order
   */
  public record Point(Side side, String connection, int iterations, List<BlockPoint> blocks) {
    /** The blocks' means (ms) of the blocks that finished. */
    public double[] finishedMeans() {
      return blocks.stream().filter(b -> !b.dnf()).mapToDouble(BlockPoint::meanMs).toArray();
    }

    /** Blocks that did not finish. */
    public int dnfBlocks() {
      return (int) blocks.stream().filter(BlockPoint::dnf).count();
    }

    /** Failed queries per cause over every block. */
    public long[] failures() {
      long[] f = new long[CAUSES.size()];
      for (BlockPoint b : blocks) {
        for (int i = 0; i < f.length; i++) {
          f[i] += b.failures()[i];
        }
      }
      return f;
    }

    /**
     * The cell a table prints: the median over blocks of the runs' means, with the range over blocks;
     * {@code DNF (causes)} when every block failed; {@code DNF in k of n blocks (causes); finished:
     * median} when some did. Never a DNF block's time.
     */
    public String cell() {
      double[] m = finishedMeans();
      String causes = causesText(failures());
      if (m.length == 0) {
        return "DNF (" + causes + ")";
      }
      String t = ms(Stats.median(m)) + (m.length > 1 ? " [" + ms(min(m)) + "-" + ms(max(m)) + "]" : "");
      return dnfBlocks() == 0 ? t : "DNF in " + dnfBlocks() + " of " + blocks.size() + " blocks (" + causes
          + "); finished blocks " + t;
    }
  }

  /**
   * A paired comparison of two points over the blocks where both finished.
   *
   * @param side the side (for a speed-up), or null for arangojs against Java
   * @param iterations queries per run
   * @param baseline the baseline connection (the default pool for a speed-up)
   * @param contender the contender connection
   * @param what the comparison in words
   * @param change the paired change of the time, contender over baseline (percent, interval)
   * @param leftOut blocks left out because a side did not finish there
   * @param study the study's own ratio for this comparison (baseline time / contender time); NaN
   *     where it has none (a DNF in its table, or arangojs against Java)
   * @param verdict the verdict against {@code study}; null when not judged
   * @param headline whether this is the study's headline (arangojs, 500 queries, default -> 100)
   * @param underLoad whether a block it reads ran under load
   */
  public record Comparison(Side side, int iterations, String baseline, String contender, String what,
      Stats.PairedChange change, int leftOut, double study, Agreement.Verdict verdict, boolean headline,
      boolean underLoad) {
    /** The speed-up, baseline time / contender time (geometric mean over blocks). */
    public double speedup() {
      return 1 / (1 + change.changePct() / 100);
    }

    /** The speed-up's 95% interval, {low, high}; NaNs below {@value Stats#MIN_PAIRS} blocks. */
    public double[] speedupInterval() {
      return change.judgeable() ? new double[] {1 / (1 + change.ciHigh() / 100), 1 / (1 + change.ciLow() / 100)}
          : new double[] {Double.NaN, Double.NaN};
    }
  }

  /**
   * The machine around one side of one block.
   *
   * @param block the block
   * @param side the side's cell ({@code arangojs}, {@code java})
   * @param interval the two snapshots
   * @param otherBusyPct the share of all CPUs' time processes other than the side's own (its clients and
   *     the stand-in) were busy, percent ({@link MachineSnapshots.Side#otherBusyPct}); NaN in runs whose
   *     script did not record its own CPU
   */
  public record Machine(int block, String side, MachineState.Interval interval, double otherBusyPct)
      implements SideBySideSummary.SideMachine {
    /** None: the arangojs script keys {@code machine.tsv} by block and side alone. */
    @Override
    public String operation() {
      return null;
    }

    /**
     * More than the steal limit stolen, or other processes busy above
     * {@value MeasurementWarnings#OTHER_BUSY_LIMIT_PCT}% of the CPUs (the main job's rules); in a run
     * that did not record its own CPU, a 1-minute load above the online CPUs stands in for the second.
     */
    @Override
    public boolean underLoad() {
      return Double.isNaN(otherBusyPct) ? interval.stealPct() > Finding.Conditions.STEAL_LIMIT_PCT || interval.overloaded()
          : Finding.Conditions.underLoad(otherBusyPct, interval.stealPct());
    }
  }

  /**
   * A run's analysis.
   *
   * @param dir the results directory
   * @param server the server's label (every row's; the stand-in's says it is not ArangoDB, and with
   *     modelled server time that it is a model)
   * @param blocks the blocks read
   * @param points every point, arangojs first, by iterations and the study's connection order
   * @param comparisons the speed-ups (arangojs first), then arangojs against Java
   * @param machine the machine around every side (empty when not recorded)
   * @param published the study's headline figure in words
   */
  public record Summary(Path dir, String server, int blocks, List<Point> points, List<Comparison> comparisons,
      List<Machine> machine, String published) {
    /** The study's headline comparison as measured here (arangojs, 500 queries, default -> 100); null when not run. */
    public Comparison headline() {
      return comparisons.stream().filter(Comparison::headline).findFirst().orElse(null);
    }

    Point point(Side side, String connection, int iterations) {
      return points.stream().filter(p -> p.side() == side && p.connection().equals(connection)
          && p.iterations() == iterations).findFirst().orElse(null);
    }

    /** The summary as Markdown: the headline, the table beside the study's, the speed-ups, the clients, the machine. */
    public String markdown() {
      StringBuilder sb = new StringBuilder();
      sb.append(SideBySideSummary.heading("arangojs 8.3.0 (the pool study's client) beside dbbench's Java rows", blocks,
          server));
      sb.append("A point is a client, connection type and number of queries issued at once; in each block its runs are"
          + " averaged as the study did (the mean of its runs, ms from the first query to the last answer). A block"
          + " with a failed query is DNF, never a time. Tables give the median over blocks of those means [the range"
          + " over blocks]. Speed-ups are paired over the blocks where both points finished: the geometric mean of the"
          + " per-block ratios with the 95% Student-t interval of their logs (none below " + Stats.MIN_PAIRS
          + " blocks); verdicts weigh magnitude (Agreement).\n\n");
      if (server.contains("stand-in")) {
        sb.append("The server is dbbench's ArangoDB stand-in, not ArangoDB")
            .append(server.contains("model") ? ", with modelled server time per point query (a model: each query holds"
                + " a worker that long without CPU, so queries in flight overlap as on the study's server)"
                : " scanning its documents on this machine's cores (CPU-bound: more connections than cores cannot help)")
            .append("; its times are not ArangoDB's.\n\n");
      }
      Comparison h = headline();
      sb.append("## The study's question\n\n");
      sb.append("| question | measured | 95% interval | blocks | the study | verdict |\n|---|---:|---|---:|---:|---|\n");
      for (Comparison c : comparisons) {
        if (c.verdict() != null && (c.headline() || c.contender().equals("100"))) {
          sb.append("| ").append(c.side().label).append(", ").append(count(c.iterations())).append(" queries: ")
              .append(c.what()).append(" | ").append(Finding.ratio(c.speedup())).append(" | ")
              .append(interval(c)).append(" | ").append(c.change().pairs()).append(" | ")
              .append(Finding.ratio(c.study())).append(" | ").append(c.verdict().text())
              .append(c.underLoad() ? " (UNDER LOAD)" : "").append(" |\n");
        }
      }
      if (h == null) {
        sb.append("\nThe study's headline (arangojs, 500 queries, default -> maxSockets 100) was not run, or a side of it"
            + " did not finish in any block.\n");
      }
      sb.append("\nThe study: ").append(published).append(".\n");
      TreeSet<Integer> iterations = new TreeSet<>();
      points.forEach(p -> iterations.add(p.iterations()));
      boolean java = points.stream().anyMatch(p -> p.side() == Side.JAVA);
      sb.append("\n## The study's table beside both clients (ms)\n\n");
      sb.append("| queries | connection | the study (arangojs, ArangoDB) | arangojs 8.3.0 here | blocks |")
          .append(java ? " dbbench Java here | Java row |" : "").append("\n|---:|---|---:|---:|---:|")
          .append(java ? "---:|---|" : "").append("\n");
      for (int n : iterations) {
        for (String c : CONNECTIONS) {
          Point a = point(Side.ARANGOJS, c, n);
          Point j = point(Side.JAVA, c, n);
          if (a == null && j == null) {
            continue;
          }
          double study = studyMs(c, n);
          sb.append("| ").append(count(n)).append(" | ").append(STUDY_NAMES.get(c)).append(" | ")
              .append(Double.isNaN(study) ? "" : study < 0 ? "DNF" : ms(study)).append(" | ")
              .append(a == null ? "" : a.cell()).append(" | ").append(a == null ? "" : a.blocks().size()).append(" |");
          if (java) {
            sb.append(" ").append(j == null ? "" : j.cell()).append(" | ").append(STUDY_ROWS.get(c)).append(" |");
          }
          sb.append("\n");
        }
      }
      sb.append("\n## Speed-ups over the default pool, paired over blocks\n\n");
      sb.append("| client | queries | comparison | speed-up | 95% interval | blocks | per block | the study | verdict |\n");
      sb.append("|---|---:|---|---:|---|---:|---|---:|---|\n");
      for (Comparison c : comparisons) {
        if (c.side() == null) {
          continue;
        }
        sb.append("| ").append(c.side().label).append(" | ").append(count(c.iterations())).append(" | ")
            .append(c.what()).append(" | ").append(Finding.ratio(c.speedup())).append(" | ").append(interval(c))
            .append(" | ").append(c.change().pairs()).append(c.leftOut() > 0 ? " (" + c.leftOut() + " DNF left out)" : "")
            .append(" | ").append(perBlock(c, true)).append(" | ")
            .append(Double.isNaN(c.study()) ? "" : Finding.ratio(c.study())).append(" | ")
            .append(c.verdict() == null ? "" : c.verdict().text()).append(c.underLoad() ? " (UNDER LOAD)" : "")
            .append(" |\n");
      }
      if (java) {
        sb.append("\n## arangojs against dbbench's Java rows, per point\n\n");
        sb.append("Time of arangojs / time of the Java row in the same block (above 1: arangojs slower). The Java rows"
            + " run 1 warm-up shot before their measured shots and query seeded ids (10% misses); arangojs runs the"
            + " study's form (no warm-up, a random UUID per query, all misses).\n\n");
        sb.append("| queries | connection | arangojs / Java | 95% interval | blocks | per block |\n");
        sb.append("|---:|---|---:|---|---:|---|\n");
        for (Comparison c : comparisons) {
          if (c.side() != null) {
            continue;
          }
          double[] ci = c.change().judgeable()
              ? new double[] {1 + c.change().ciLow() / 100, 1 + c.change().ciHigh() / 100} : null;
          sb.append("| ").append(count(c.iterations())).append(" | ").append(STUDY_NAMES.get(c.contender()))
              .append(" | ").append(Finding.ratio(1 + c.change().changePct() / 100)).append(" | ")
              .append(ci == null ? noInterval(c.change()) : "[" + Finding.ratio(ci[0]) + ", " + Finding.ratio(ci[1]) + "]")
              .append(" | ").append(c.change().pairs()).append(c.leftOut() > 0 ? " (" + c.leftOut() + " DNF left out)" : "")
              .append(" | ").append(perBlock(c, false)).append(c.underLoad() ? " (UNDER LOAD)" : "").append(" |\n");
        }
      }
      SideBySideSummary.appendMachine(sb, "steal, busy and other: percent of all CPUs' time between the snapshots;"
          + " busy includes the side's clients and the server, other leaves them out (empty in runs before the script"
          + " recorded its own CPU); load: the larger 1-minute load average (the side's own threads count in it).",
          machine);
      return sb.toString();
    }
  }

  private static String perBlock(Comparison c, boolean speedup) {
    StringBuilder per = new StringBuilder();
    for (double d : c.change().logRatios()) {
      per.append(per.isEmpty() ? "" : ", ").append(Finding.ratio(speedup ? Math.exp(-d) : Math.exp(d)));
    }
    return per.toString();
  }

  private static String interval(Comparison c) {
    double[] i = c.speedupInterval();
    return c.change().judgeable() ? "[" + Finding.ratio(i[0]) + ", " + Finding.ratio(i[1]) + "]" : noInterval(c.change());
  }

  private static String noInterval(Stats.PairedChange c) {
    return "none (" + c.pairs() + " block" + (c.pairs() == 1 ? "" : "s") + ", at least " + Stats.MIN_PAIRS + ")";
  }

  /** A time in ms as the tables print it, whole and thousands separated: {@code 5,146 ms}. */
  static String ms(double v) {
    return String.format(Locale.ROOT, "%,.0f ms", v);
  }

  /** A count, thousands separated: {@code 10,000}. */
  static String count(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }

  private static double min(double[] a) {
    double m = Double.POSITIVE_INFINITY;
    for (double v : a) {
      m = Math.min(m, v);
    }
    return m;
  }

  private static double max(double[] a) {
    double m = Double.NEGATIVE_INFINITY;
    for (double v : a) {
      m = Math.max(m, v);
    }
    return m;
  }

  static String causesText(long[] failures) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < CAUSES.size(); i++) {
      if (failures[i] > 0) {
        sb.append(sb.isEmpty() ? "" : ", ").append(CAUSES.get(i)).append(' ').append(count(failures[i]));
      }
    }
    return sb.isEmpty() ? "no failure counted" : sb.toString();
  }

  /** The pool study ({@code study.json} beside {@link ArangoPoolForm}). */
  static final Study STUDY = Study.load(ArangoPoolForm.class, "study.json");
  /** The study's table in ms by its row key, then iterations; -1 = did not finish. */
  static final Map<String, JsonNode> STUDY_MS = STUDY.table("study_ms");

  /** The study's time for a connection type and iteration count, ms; -1 for DNF; NaN when it has none. */
  static double studyMs(String connection, int iterations) {
    JsonNode row = STUDY_MS.get(STUDY_ROWS.get(connection));
    JsonNode v = row == null ? null : row.get(String.valueOf(iterations));
    return v == null || !v.isNumber() ? Double.NaN : v.asDouble();
  }

  /**
   * Reads {@code rows.tsv} (and {@code machine.tsv} when present) of {@code dir}, forms the points
   * and pairs the blocks.
   *
   * @throws IOException when a file cannot be read
   * @throws IllegalArgumentException when {@code rows.tsv} is missing, has another header, holds no
   *     run, or a row is malformed (named with its line number and the cell)
   */
  public static Summary analyze(Path dir) throws IOException {
    List<Run> runs = ScriptRows.read(dir, "scripts/arangojs-vs-dbbench.sh", COLUMNS, ArangojsSideBySide::parse);
    if (runs.isEmpty()) {
      throw new IllegalArgumentException(dir.resolve("rows.tsv") + ": no runs below the header (every side failed? see node/ and jmh/)");
    }
    String server = runs.get(runs.size() - 1).server();
    int blocks = runs.stream().mapToInt(Run::block).max().orElse(0);
    List<Point> points = points(runs);
    List<Machine> machine = machine(dir.resolve("machine.tsv"));
    List<Comparison> comparisons = new ArrayList<>();
    for (Side side : Side.values()) {
      for (Point base : points) {
        if (base.side() != side || !base.connection().equals("default")) {
          continue;
        }
        for (String c : CONNECTIONS.subList(1, CONNECTIONS.size())) {
          Point cont = find(points, side, c, base.iterations());
          if (cont != null) {
            Comparison x = compare(side, base, cont, machine);
            if (x != null) {
              comparisons.add(x);
            }
          }
        }
      }
    }
    for (Point j : points) {
      if (j.side() == Side.JAVA) {
        Point a = find(points, Side.ARANGOJS, j.connection(), j.iterations());
        if (a != null) {
          Comparison x = compare(null, j, a, machine);
          if (x != null) {
            comparisons.add(x);
          }
        }
      }
    }
    Study.Published pub = STUDY.measures().get(0).published();
    return new Summary(dir, server, blocks, points, comparisons, machine, pub.text());
  }

  private static Point find(List<Point> points, Side side, String connection, int iterations) {
    return points.stream().filter(p -> p.side() == side && p.connection().equals(connection)
        && p.iterations() == iterations).findFirst().orElse(null);
  }

  /** One line of {@code rows.tsv} (without its number; the caller adds it). */
  static Run parse(String[] f) {
    Side side = Side.of(f[2]);
    String connection = f[4];
    if (!CONNECTIONS.contains(connection)) {
      throw new IllegalArgumentException("connection '" + connection + "': expected one of " + CONNECTIONS);
    }
    int block = whole("block", f[0]);
    int iterations = whole("iterations", f[5]);
    double ms = number("ms", f[7]);
    if (ms < 0) {
      throw new IllegalArgumentException("ms '" + f[7] + "': expected a time of 0 or more");
    }
    if (!f[8].equals("0") && !f[8].equals("1")) {
      throw new IllegalArgumentException("dnf '" + f[8] + "': expected 0 or 1");
    }
    long[] failures = new long[CAUSES.size()];
    for (int i = 0; i < failures.length; i++) {
      failures[i] = whole(CAUSES.get(i), f[10 + i], 0);
    }
    whole("answered", f[9], 0);
    whole("run", f[6]);
    return new Run(block, side, f[3], connection, iterations, ms, f[8].equals("1"), failures, f[15]);
  }

  private static int whole(String name, String cell) {
    return (int) whole(name, cell, 1);
  }

  private static long whole(String name, String cell, long least) {
    try {
      long v = Long.parseLong(cell);
      if (v >= least && v <= Integer.MAX_VALUE) {
        return v;
      }
    } catch (NumberFormatException e) {
      // below
    }
    throw new IllegalArgumentException(name + " '" + cell + "': expected a whole number of at least " + least);
  }

  private static double number(String name, String cell) {
    try {
      double v = Double.parseDouble(cell);
      if (Double.isFinite(v)) {
        return v;
      }
    } catch (NumberFormatException e) {
      // below
    }
    throw new IllegalArgumentException(name + " '" + cell + "': expected a number");
  }

  /** The points of {@code runs}: arangojs first, by iterations and the study's connection order, blocks in order. */
  static List<Point> points(List<Run> runs) {
    Map<String, TreeMap<Integer, List<Run>>> by = new TreeMap<>();
    for (Run r : runs) {
      String key = String.format(Locale.ROOT, "%d\t%010d\t%d", r.side().ordinal(), r.iterations(),
          CONNECTIONS.indexOf(r.connection()));
      by.computeIfAbsent(key, k -> new TreeMap<>()).computeIfAbsent(r.block(), k -> new ArrayList<>()).add(r);
    }
    List<Point> out = new ArrayList<>();
    by.forEach((k, blocks) -> {
      Run first = blocks.firstEntry().getValue().get(0);
      List<BlockPoint> bps = new ArrayList<>();
      blocks.forEach((b, rs) -> {
        long[] f = new long[CAUSES.size()];
        boolean dnf = false;
        for (Run r : rs) {
          dnf |= r.dnf();
          for (int i = 0; i < f.length; i++) {
            f[i] += r.failures()[i];
          }
        }
        bps.add(new BlockPoint(b, rs.stream().mapToDouble(Run::ms).toArray(), dnf, f));
      });
      out.add(new Point(first.side(), first.connection(), first.iterations(), List.copyOf(bps)));
    });
    return out;
  }

  /**
   * The paired comparison of {@code base} and {@code cont} over the blocks where both finished: a
   * speed-up of {@code side} when {@code side} is given (judged against the study's own ratio), else
   * arangojs ({@code cont}) against the Java row ({@code base}). Null when no block has both.
   */
  static Comparison compare(Side side, Point base, Point cont, List<Machine> machine) {
    Map<Integer, BlockPoint> b = new TreeMap<>();
    base.blocks().forEach(x -> b.put(x.block(), x));
    List<double[]> pairs = new ArrayList<>();
    List<Integer> used = new ArrayList<>();
    int leftOut = 0;
    for (BlockPoint c : cont.blocks()) {
      BlockPoint a = b.get(c.block());
      if (a == null) {
        continue;
      }
      if (a.dnf() || c.dnf()) {
        leftOut++;
        continue;
      }
      pairs.add(new double[] {a.meanMs(), c.meanMs()});
      used.add(c.block());
    }
    if (pairs.isEmpty()) {
      return null;
    }
    double[][] x = new double[pairs.size()][];
    double[][] y = new double[pairs.size()][];
    for (int i = 0; i < pairs.size(); i++) {
      x[i] = new double[] {pairs.get(i)[0]};
      y[i] = new double[] {pairs.get(i)[1]};
    }
    Stats.PairedChange ch = Stats.pairedChange(x, y);
    boolean loaded = machine.stream().anyMatch(m -> used.contains(m.block()) && m.underLoad());
    if (side == null) {
      return new Comparison(null, cont.iterations(), "java", cont.connection(), "arangojs / Java, "
          + STUDY_NAMES.get(cont.connection()), ch, leftOut, Double.NaN, null, false, loaded);
    }
    double sb = studyMs(base.connection(), base.iterations());
    double sc = studyMs(cont.connection(), cont.iterations());
    double study = sb > 0 && sc > 0 ? sb / sc : Double.NaN;
    String what = STUDY_NAMES.get(base.connection()) + " -> " + STUDY_NAMES.get(cont.connection());
    Agreement.Verdict verdict = null;
    if (!Double.isNaN(study)) {
      double speedup = 1 / (1 + ch.changePct() / 100);
      double lo = ch.judgeable() ? 1 / (1 + ch.ciHigh() / 100) : Double.NaN;
      double hi = ch.judgeable() ? 1 / (1 + ch.ciLow() / 100) : Double.NaN;
      String need = ch.judgeable() ? "more blocks (" + ch.pairs() + " now)" : "at least " + Stats.MIN_PAIRS + " blocks";
      verdict = Agreement.agreeComparison(true, speedup, lo, hi, Agreement.StudyFigure.of(study), null, need);
    }
    boolean headline = side == Side.ARANGOJS && cont.iterations() == 500 && cont.connection().equals("100");
    return new Comparison(side, cont.iterations(), base.connection(), cont.connection(), what, ch, leftOut, study,
        verdict, headline, loaded);
  }

  /** {@code machine.tsv} ({@link MachineSnapshots}: block, side); empty when the file is absent. */
  static List<Machine> machine(Path file) throws IOException {
    return MachineSnapshots.read(file).stream().filter(m -> m.key().size() == 2)
        .map(m -> new Machine(m.block(), m.key().get(1), m.interval(), m.otherBusyPct())).toList();
  }

  /** Writes {@code summary.json} and {@code summary.md} into {@code dir}. */
  static void write(Path dir, Summary s) throws IOException {
    List<Map<String, Object>> points = new ArrayList<>();
    for (Point p : s.points()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("side", p.side().cell);
      m.put("connection", p.connection());
      m.put("iterations", p.iterations());
      List<Map<String, Object>> bs = new ArrayList<>();
      for (BlockPoint b : p.blocks()) {
        Map<String, Object> x = new LinkedHashMap<>();
        x.put("block", b.block());
        x.put("dnf", b.dnf());
        x.put("mean_ms", b.dnf() ? null : b.meanMs()); // a DNF block has no time
        x.put("runs_ms", b.dnf() ? null : b.runs());
        Map<String, Long> f = new LinkedHashMap<>();
        for (int i = 0; i < CAUSES.size(); i++) {
          f.put(CAUSES.get(i), b.failures()[i]);
        }
        x.put("failures", f);
        bs.add(x);
      }
      double[] fin = p.finishedMeans();
      m.put("median_ms", fin.length == 0 ? null : Stats.median(fin));
      m.put("dnf_blocks", p.dnfBlocks());
      double study = studyMs(p.connection(), p.iterations());
      m.put("study_ms", Double.isNaN(study) || study < 0 ? null : study);
      m.put("study_dnf", study < 0);
      m.put("blocks", bs);
      points.add(m);
    }
    List<Map<String, Object>> comparisons = new ArrayList<>();
    for (Comparison c : s.comparisons()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("kind", c.side() == null ? "arangojs_over_java_time" : "speedup");
      m.put("side", c.side() == null ? null : c.side().cell);
      m.put("iterations", c.iterations());
      m.put("baseline", c.baseline());
      m.put("contender", c.contender());
      m.put("what", c.what());
      if (c.side() == null) {
        m.put("ratio", 1 + c.change().changePct() / 100);
        m.put("ci_low", c.change().judgeable() ? 1 + c.change().ciLow() / 100 : null);
        m.put("ci_high", c.change().judgeable() ? 1 + c.change().ciHigh() / 100 : null);
      } else {
        double[] i = c.speedupInterval();
        m.put("speedup", c.speedup());
        m.put("ci_low", c.change().judgeable() ? i[0] : null);
        m.put("ci_high", c.change().judgeable() ? i[1] : null);
      }
      m.put("blocks", c.change().pairs());
      m.put("dnf_blocks_left_out", c.leftOut());
      m.put("study", Double.isNaN(c.study()) ? null : c.study());
      m.putAll(SideBySideSummary.verdict(c.verdict()));
      m.put("headline", c.headline());
      m.put("under_load", c.underLoad());
      comparisons.add(m);
    }
    Map<String, Object> sections = new LinkedHashMap<>();
    sections.put("study", s.published());
    sections.put("points", points);
    sections.put("comparisons", comparisons);
    sections.put("machine", SideBySideSummary.machine(s.machine()));
    SideBySideSummary.write(dir, "dbbench.arangojs-side-by-side/1", s.server(), s.blocks(), sections, s.markdown());
  }
}
