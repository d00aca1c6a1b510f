package io.dbbench.arango.bulk;

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
import java.util.Map;
import java.util.TreeMap;
import picocli.CommandLine.Command;

/**
 * The analysis of a {@code scripts/go-driver-vs-dbbench.sh} run: go-driver's own V1 and V2
 * benchmark suites (v1.6.9 {@code test/benchmarks_test.go}, v2.4.1 {@code v2/tests/benchmarks_test.go},
 * the code behind the Go study's table in go-driver's {@code v2/BENCHMARKS.md}) and, with
 * {@code --java}, dbbench's Java driver rows ({@code ArangoBulkBenchmark}, HTTP_JSON and
 * HTTP2_JSON), run in interleaved blocks on one server.
 *
 * <p>Reads {@code rows.tsv} (one row per block, side and operation: ns/op, B/op, allocs/op, as the
 * script writes it) and {@code machine.tsv} (the aggregate {@code cpu} line of {@code /proc/stat}
 * and {@code /proc/loadavg} before and after every side, when the script recorded them). A block
 * is a pair: per operation and metric, the change V1 -> V2 (and Java HTTP/1.1 -> HTTP/2) is
 * {@link Stats#pairedChange} over the blocks that have both sides, the geometric-mean change with
 * the 95% Student-t interval of the per-block log ratios (no interval below
 * {@value Stats#MIN_PAIRS} blocks). The Go study's question, V1 over HTTP/1.1 against V2 over
 * HTTP/2 on insert, time and B/op, is judged against its published change by
 * {@link Agreement#agreeComparison} (magnitude as well as direction; the point estimate weighed when
 * the interval cannot decide). A block whose side ran with more than
 * {@value Finding.Conditions#STEAL_LIMIT_PCT}% of the CPU stolen by the hypervisor is marked under load,
 * and so is every finding that reads it (the busy share and the load average are shown beside it; both
 * include the benchmark and the server themselves).
 *
 * <pre>
 * java -cp target/benchmarks.jar io.dbbench.arango.bulk.GoDriverSideBySide --analyze DIR
 * </pre>
 *
 * <p>Writes {@code summary.json} and {@code summary.md} into the directory. Exit status 0 done, 2
 * bad input (a missing or malformed {@code rows.tsv}, named with the line).
 */
@Command(name = "go-driver-side-by-side", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Analyse a scripts/go-driver-vs-dbbench.sh run: medians, paired V1 -> V2 and HTTP/1.1 -> HTTP/2"
        + " changes with 95%% intervals over blocks, and the Go study's question judged.")
public final class GoDriverSideBySide extends AnalyzeCommand<GoDriverSideBySide.Summary> {
  /** The columns of {@code rows.tsv}, in order, as the script writes its header. */
  public static final List<String> COLUMNS = List.of("block", "position", "suite", "protocol", "operation", "benchmark",
      "iterations", "ns_per_op", "bytes_per_op", "allocs_per_op", "server");

  /** The command, for picocli. */
  public GoDriverSideBySide() {
    super(GoDriverSideBySide::analyze, GoDriverSideBySide::write, Summary::markdown);
  }

  /** The metrics of a row, as {@code rows.tsv} names them. */
  static final List<String> METRICS = List.of("ns/op", "B/op", "allocs/op");

  /** The operations of go-driver's bulk suites, in the script's order. */
  public static final List<String> OPERATIONS = List.of("insert", "read", "update", "delete");

  /** Runs the command line and exits with its status. */
  public static void main(String[] args) {
    main(new GoDriverSideBySide(), args);
  }

  /**
   * go-driver's benchmark of {@code operation} in suite {@code v} ({@code V1} or {@code V2}), as
   * its source names it: {@code Benchmark<V>BulkInsert100KDocs}, {@code ...BulkRead...},
   * {@code ...bulkUpdate...} (lower-case in both suites' source), {@code ...BulkDelete...}.
   *
   * @throws IllegalArgumentException naming the operation when it is none of {@link #OPERATIONS}
   */
  public static String benchmarkName(String v, String operation) {
    return switch (operation) {
      case "insert" -> "Benchmark" + v + "BulkInsert100KDocs";
      case "read" -> "Benchmark" + v + "BulkRead100KDocs";
      case "update" -> "Benchmark" + v + "bulkUpdate100KDocs";
      case "delete" -> "Benchmark" + v + "BulkDelete100KDocs";
      default -> throw new IllegalArgumentException("operation '" + operation + "': expected insert, read, update or delete");
    };
  }

  /**
   * The rows of one go-driver suite's run ({@code go test}'s output): per benchmark line, the cells
   * of {@link #COLUMNS} after {@code block} and {@code position}: suite, protocol, operation, the
   * benchmark's name, iterations, ns/op, B/op, allocs/op (empty where not printed), server.
   */
  public static List<List<String>> goRows(String output, String suite, String protocol, String operation, String server) {
    List<List<String>> rows = new ArrayList<>();
    for (io.dbbench.report.data.GoBenchOutput.Line l : io.dbbench.report.data.GoBenchOutput.parse(output)) {
      rows.add(List.of(suite, protocol, operation, l.name(), l.iterations(), l.value("ns/op"), l.value("B/op"),
          l.value("allocs/op"), server));
    }
    return rows;
  }

  /** The suite column of dbbench's Java driver rows. */
  public static final String JAVA_SUITE = "dbbench Java driver 7.25.0";

  /**
   * The rows of one JMH fork of {@code ArangoBulkBenchmark} (JMH's JSON, {@code client=driver}):
   * per record the cells of {@link #COLUMNS} after {@code block} and {@code position}: the Java
   * driver, its protocol ({@code HTTP/2 JSON} for {@code HTTP2_JSON}, else {@code HTTP/1.1 JSON}),
   * the operation, the method, the measured shots, ns/op (the shots' mean, from ms/op), B/op (the
   * mean of {@code shotAllocatedBytes}) and {@code -} for allocs/op (the main job's allocation pass
   * measures it), server.
   *
   * @throws IllegalArgumentException when the file is not JMH's JSON
   */
  public static List<List<String>> javaRows(Path json, String operation, String server) {
    JsonNode root = io.dbbench.report.data.JmhJson.tree(json);
    List<List<String>> rows = new ArrayList<>();
    for (JsonNode r : root) {
      List<Double> shots = new ArrayList<>();
      r.path("primaryMetric").path("rawData").forEach(f -> f.forEach(v -> shots.add(v.asDouble())));
      List<Double> bytes = new ArrayList<>();
      r.path("secondaryMetrics").path("shotAllocatedBytes").path("rawData").forEach(f -> f.forEach(v -> bytes.add(v.asDouble())));
      String benchmark = r.path("benchmark").asText();
      rows.add(List.of(JAVA_SUITE, r.path("params").path("protocol").asText().equals("HTTP2_JSON") ? "HTTP/2 JSON"
          : "HTTP/1.1 JSON", operation, benchmark.substring(benchmark.lastIndexOf('.') + 1), Integer.toString(shots.size()),
          Long.toString(Math.round(r.path("primaryMetric").path("score").asDouble() * 1e6)),
          bytes.isEmpty() ? "" : Long.toString(Math.round(bytes.stream().mapToDouble(Double::doubleValue).average()
              .orElse(0))), "-", server));
    }
    return rows;
  }

  /** Which side of a block a row is. */
  public enum Side {
    /** go-driver v1.6.9's suite, HTTP/1.1 JSON. */
    V1("Go V1 (HTTP/1.1)"),
    /** go-driver/v2 v2.4.1's suite, HTTP/2 cleartext JSON. */
    V2("Go V2 (HTTP/2)"),
    /** dbbench's Java driver over HTTP/1.1 JSON. */
    JAVA_HTTP1("Java driver HTTP/1.1"),
    /** dbbench's Java driver over HTTP/2 JSON. */
    JAVA_HTTP2("Java driver HTTP/2");

    /** The side's name in the summary. */
    public final String label;

    Side(String label) {
      this.label = label;
    }

    /**
     * The side of a row from its suite and protocol cells.
     *
     * @throws IllegalArgumentException naming both cells when they are no side the script writes
     */
    static Side of(String suite, String protocol) {
      if (suite.contains("(V1)")) {
        return V1;
      }
      if (suite.contains("(V2)")) {
        return V2;
      }
      if (suite.contains("Java")) {
        return protocol.startsWith("HTTP/2") ? JAVA_HTTP2 : JAVA_HTTP1;
      }
      throw new IllegalArgumentException("suite '" + suite + "', protocol '" + protocol + "': expected go-driver's"
          + " (V1) or (V2) suite or dbbench's Java driver");
    }
  }

  /**
   * One measured row of {@code rows.tsv}.
   *
   * @param block the block, from 1
   * @param side which side
   * @param operation insert, read, update or delete
   * @param benchmark the benchmark's name (go test's, or the Java method)
   * @param values ns/op, B/op, allocs/op (NaN where the row has none: the Java rows' allocs/op)
   * @param server the server's label
   */
  public record Measured(int block, Side side, String operation, String benchmark, double[] values, String server) {}

  /**
   * One change between the two sides of a pair of rows over the blocks.
   *
   * @param operation the operation ({@code read/readByKeys} for the Java driver's multi-document read)
   * @param comparison which sides, in words
   * @param metric ns/op, B/op or allocs/op
   * @param baseline the baseline side's value per block
   * @param contender the contender side's value per block
   * @param change the paired change (percent, interval)
   * @param study the Go study's change for this operation and metric, percent; NaN when it has none
   * @param verdict the verdict against the study's change; null for rows not judged (the Java
   *     driver's protocol change answers another question)
   * @param underLoad whether a block it reads ran under load
   */
  public record Change(String operation, String comparison, String metric, double[] baseline, double[] contender,
      Stats.PairedChange change, double study, Agreement.Verdict verdict, boolean underLoad) {}

  /**
   * The machine around one side of one block.
   *
   * @param block the block
   * @param side the side's cell as written ({@code V1}, {@code V2}, {@code Java})
   * @param operation the operation
   * @param interval the two snapshots
   * @param otherBusyPct the share of all CPUs' time other processes than the side's own (its client
   *     and the stand-in) were busy, percent ({@link MachineSnapshots.Side#otherBusyPct}); NaN where
   *     the script did not record its own CPU
   */
  public record Machine(int block, String side, String operation, MachineState.Interval interval,
      double otherBusyPct) implements SideBySideSummary.SideMachine {
    /**
     * More than the steal limit stolen by the hypervisor, or other processes busy above
     * {@value MeasurementWarnings#OTHER_BUSY_LIMIT_PCT}% of the CPUs (the main job's rules for a fork).
     * The load average is shown, not judged: the side's own threads count in it.
     */
    @Override
    public boolean underLoad() {
      return Finding.Conditions.underLoad(otherBusyPct, interval.stealPct());
    }
  }

  /**
   * A run's analysis.
   *
   * @param dir the results directory
   * @param server the server's label (every row's; the stand-in's says it is not ArangoDB)
   * @param blocks the blocks read
   * @param rows every measured row
   * @param changes the paired changes, Go V1 -> V2 first
   * @param machine the machine around every side (empty when not recorded)
   */
  public record Summary(Path dir, String server, int blocks, List<Measured> rows, List<Change> changes,
      List<Machine> machine) {
    /** The Go study's question: V1 HTTP/1.1 -> V2 HTTP/2 insert, time per operation; null when not measured. */
    public Change headline() {
      return changes.stream().filter(c -> c.operation().equals("insert") && c.comparison().startsWith("Go")
          && c.metric().equals("ns/op")).findFirst().orElse(null);
    }

    /** The summary as Markdown: the findings, the medians beside the study's table, the changes, the machine. */
    public String markdown() {
      StringBuilder sb = new StringBuilder();
      sb.append(SideBySideSummary.heading("go-driver V1 and V2 beside dbbench's Java driver", blocks, server));
      sb.append("Each block runs every side once per operation, the order alternating (V1 V2 Java, then Java V2 V1)."
          + " A change is the geometric mean over blocks of the per-block ratio, with the 95% Student-t interval of"
          + " the log ratios; verdicts weigh magnitude (Agreement: reproduced, N x smaller or larger, opposite,"
          + " cannot tell with the point estimate's reading).\n\n");
      if (server.contains("stand-in")) {
        sb.append("The server is dbbench's ArangoDB stand-in, not ArangoDB: times and the server's share of them are"
            + " the stand-in's; the clients' B/op and allocs/op are the drivers' own.\n\n");
      }
      sb.append("## The Go study's question\n\n");
      sb.append("| question | measured | 95% interval | blocks | the study | verdict |\n|---|---:|---|---:|---:|---|\n");
      for (Change c : changes) {
        if (c.verdict() != null) {
          sb.append("| ").append(c.operation()).append(": ").append(c.comparison()).append(", ").append(c.metric())
              .append(" | ").append(Units.pct(c.change().changePct())).append(" | ").append(interval(c.change()))
              .append(" | ").append(c.change().pairs()).append(" | ").append(Units.pct(c.study())).append(" | ")
              .append(c.verdict().text()).append(c.underLoad() ? " (UNDER LOAD)" : "").append(" |\n");
        }
      }
      sb.append("\n## Medians over blocks beside the Go study's table\n\n");
      sb.append("| operation | side | benchmark | blocks | ns/op | B/op | allocs/op | study ns/op | study B/op | study allocs/op |\n");
      sb.append("|---|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
      Map<String, List<Measured>> byRow = new LinkedHashMap<>();
      for (Measured m : rows) {
        byRow.computeIfAbsent(m.operation() + "\t" + m.side() + "\t" + m.benchmark(), k -> new ArrayList<>()).add(m);
      }
      byRow.forEach((k, ms) -> {
        Measured first = ms.get(0);
        sb.append("| ").append(first.operation()).append(" | ").append(first.side().label).append(" | ")
            .append(first.benchmark()).append(" | ").append(ms.size());
        for (int i = 0; i < METRICS.size(); i++) {
          int metric = i;
          double[] v = ms.stream().mapToDouble(m -> m.values()[metric]).filter(x -> !Double.isNaN(x)).toArray();
          sb.append(" | ").append(v.length == 0 ? "-" : cell(metric, Stats.median(v)));
        }
        boolean go = first.side() == Side.V1 || first.side() == Side.V2;
        for (String metric : List.of("ns", "bytes", "allocs")) {
          double v = go ? studyFigure(first.operation(), (first.side() == Side.V1 ? "v1_" : "v2_") + metric) : Double.NaN;
          sb.append(" | ").append(Double.isNaN(v) ? "" : cell(metric.equals("ns") ? 0 : 1, v));
        }
        sb.append(" |\n");
      });
      sb.append("\n## Every change, per block\n\n");
      sb.append("| operation | comparison | metric | change | 95% interval | blocks | per block | the study |\n");
      sb.append("|---|---|---|---:|---|---:|---|---:|\n");
      for (Change c : changes) {
        String per = SideBySideSummary.perBlockPct(c.change());
        sb.append("| ").append(c.operation()).append(" | ").append(c.comparison()).append(" | ").append(c.metric())
            .append(" | ").append(Units.pct(c.change().changePct())).append(" | ").append(interval(c.change()))
            .append(" | ").append(c.change().pairs()).append(" | ").append(per).append(" | ")
            .append(Double.isNaN(c.study()) ? "" : Units.pct(c.study())).append(" |\n");
      }
      sb.append("\nThe Java driver's change is one driver's protocol alone; the Go study's is the V1 -> V2 rewrite"
          + " together with HTTP/2, so only the Go rows are judged against it.\n");
      SideBySideSummary.appendMachine(sb, "steal, busy and other: percent of all CPUs' time between the snapshots;"
          + " busy includes the side's client and the stand-in, other leaves them out (their CPU recorded by the script;"
          + " empty in runs before it did); load: the larger 1-minute load average (the side's own threads count in"
          + " it). Under load: more than " + Units.num(Finding.Conditions.STEAL_LIMIT_PCT) + "% stolen or other"
          + " processes above " + Units.num(MeasurementWarnings.OTHER_BUSY_LIMIT_PCT) + "%.", machine);
      return sb.toString();
    }
  }

  private static String interval(Stats.PairedChange c) {
    return c.judgeable() ? "[" + Units.pct(c.ciLow()) + ", " + Units.pct(c.ciHigh()) + "]"
        : "none (" + c.pairs() + " block" + (c.pairs() == 1 ? "" : "s") + ", at least " + Stats.MIN_PAIRS + ")";
  }

  /** A median or study figure as the tables print it: ns/op as a time, B/op and allocs/op as counts. */
  private static String cell(int metric, double v) {
    return Double.isNaN(v) ? "-" : metric == 0 ? Units.time(v / 1e9) : Units.num(Math.rint(v));
  }

  /** The Go study's table ({@code tables.go} of the bulk form's {@code study.json}). */
  static final Map<String, JsonNode> STUDY = Study.load(ArangoBulkForm.class, "study.json").table("go");

  /** The Go study's figure for an operation ({@code v1_ns}, {@code v2_bytes}, ...); NaN when it has none. */
  static double studyFigure(String operation, String key) {
    JsonNode op = STUDY.get(operation);
    return op == null || !op.path(key).isNumber() ? Double.NaN : op.path(key).asDouble();
  }

  /** The Go study's change V1 -> V2 for an operation and metric, percent; NaN when it has none. */
  static double studyChange(String operation, String metric) {
    String k = switch (metric) {
      case "ns/op" -> "ns";
      case "B/op" -> "bytes";
      default -> "allocs";
    };
    double v1 = studyFigure(operation, "v1_" + k);
    double v2 = studyFigure(operation, "v2_" + k);
    return (v2 / v1 - 1) * 100;
  }

  /**
   * Reads {@code rows.tsv} (and {@code machine.tsv} when present) of {@code dir} and pairs the blocks.
   *
   * @throws IOException when a file cannot be read
   * @throws IllegalArgumentException when {@code rows.tsv} is missing, has another header, or a row is
   *     malformed (named with its line number)
   */
  public static Summary analyze(Path dir) throws IOException {
    List<Measured> rows = ScriptRows.read(dir, "scripts/go-driver-vs-dbbench.sh", COLUMNS,
        f -> new Measured(Integer.parseInt(f[0]), Side.of(f[2], f[3]), f[4], f[5],
            new double[] {ScriptRows.numberOrDash(f[7]), ScriptRows.numberOrDash(f[8]),
                ScriptRows.numberOrDash(f[9])}, f[10]));
    String server = rows.isEmpty() ? "" : rows.get(rows.size() - 1).server();
    List<Machine> machine = machine(dir.resolve("machine.tsv"));
    int blocks = rows.stream().mapToInt(Measured::block).max().orElse(0);
    List<Change> changes = new ArrayList<>();
    List<String> ops = rows.stream().map(Measured::operation).distinct().toList();
    for (String op : ops) {
      for (int metric = 0; metric < METRICS.size(); metric++) {
        Change c = change(rows, machine, op, op, "Go V1 HTTP/1.1 -> V2 HTTP/2", Side.V1, Side.V2, "", metric, true);
        if (c != null) {
          changes.add(c);
        }
      }
    }
    for (String op : ops) {
      for (String bench : rows.stream().filter(m -> m.operation().equals(op) && m.side() == Side.JAVA_HTTP1)
          .map(Measured::benchmark).distinct().toList()) {
        for (int metric = 0; metric < 2; metric++) {
          Change c = change(rows, machine, op, op.equals(bench) ? op : op + "/" + bench,
              "Java driver HTTP/1.1 -> HTTP/2", Side.JAVA_HTTP1, Side.JAVA_HTTP2, bench, metric, false);
          if (c != null) {
            changes.add(c);
          }
        }
      }
    }
    return new Summary(dir, server, blocks, rows, changes, machine);
  }

  /** The paired change of one metric between two sides over the blocks that have both; null when none does. */
  private static Change change(List<Measured> rows, List<Machine> machine, String op, String label, String comparison,
      Side a, Side b, String benchmark, int metric, boolean judge) {
    TreeMap<Integer, double[]> pairs = new TreeMap<>();
    for (Measured m : rows) {
      if (!m.operation().equals(op) || !benchmark.isEmpty() && !m.benchmark().equals(benchmark)
          || m.side() != a && m.side() != b || Double.isNaN(m.values()[metric])) {
        continue;
      }
      double[] p = pairs.computeIfAbsent(m.block(), k -> new double[] {Double.NaN, Double.NaN});
      p[m.side() == a ? 0 : 1] = m.values()[metric];
    }
    pairs.values().removeIf(p -> Double.isNaN(p[0]) || Double.isNaN(p[1]));
    if (pairs.isEmpty()) {
      return null;
    }
    Stats.PairedChange c = Stats.pairedChange(pairs.values());
    String metricName = METRICS.get(metric);
    double study = judge ? studyChange(op, metricName) : Double.NaN;
    Agreement.Verdict verdict = null;
    if (judge && !Double.isNaN(study)) {
      String need = c.judgeable() ? "more blocks (" + c.pairs() + " now)" : "at least " + Stats.MIN_PAIRS + " blocks";
      verdict = Agreement.agreeComparison(false, c.changePct(), c.judgeable() ? c.ciLow() : Double.NaN,
          c.judgeable() ? c.ciHigh() : Double.NaN, Agreement.StudyFigure.of(study), null, need);
    }
    boolean loaded = machine.stream().anyMatch(m -> pairs.containsKey(m.block()) && m.operation().equals(op)
        && m.underLoad());
    return new Change(label, comparison, metricName, Stats.side(pairs.values(), 0), Stats.side(pairs.values(), 1), c,
        study, verdict, loaded);
  }

  /** {@code machine.tsv} ({@link MachineSnapshots}: block, side, operation); empty when the file is absent. */
  static List<Machine> machine(Path file) throws IOException {
    return MachineSnapshots.read(file).stream().filter(m -> m.key().size() == 3)
        .map(m -> new Machine(m.block(), m.key().get(1), m.key().get(2), m.interval(), m.otherBusyPct())).toList();
  }

  /** Writes {@code summary.json} and {@code summary.md} into {@code dir}. */
  static void write(Path dir, Summary s) throws IOException {
    List<Map<String, Object>> changes = new ArrayList<>();
    for (Change c : s.changes()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("operation", c.operation());
      m.put("comparison", c.comparison());
      m.put("metric", c.metric());
      m.put("baseline", c.baseline());
      m.put("contender", c.contender());
      m.putAll(SideBySideSummary.percentChange(c.change()));
      m.put("study_pct", Double.isNaN(c.study()) ? null : c.study());
      m.putAll(SideBySideSummary.verdict(c.verdict()));
      m.put("under_load", c.underLoad());
      changes.add(m);
    }
    Map<String, Object> sections = new LinkedHashMap<>();
    sections.put("changes", changes);
    sections.put("machine", SideBySideSummary.machine(s.machine()));
    SideBySideSummary.write(dir, "dbbench.go-driver-side-by-side/1", s.server(), s.blocks(), sections, s.markdown());
  }
}
