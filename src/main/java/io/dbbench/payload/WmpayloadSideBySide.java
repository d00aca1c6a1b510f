package io.dbbench.payload;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.dbbench.core.AnalyzeCommand;
import io.dbbench.core.Version;
import io.dbbench.profile.MachineSnapshots;
import io.dbbench.profile.MachineState;
import io.dbbench.report.data.ScriptRows;
import io.dbbench.report.data.Units;
import io.dbbench.report.stats.Agreement;
import io.dbbench.report.stats.Finding;
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
import java.util.function.ToDoubleFunction;
import picocli.CommandLine.Command;

/**
 * The analysis of a {@code scripts/wmpayload-vs-dbbench.sh} run: WMPayload's own Go service and
 * {@code benchmark_test.go} (vkuznet/WMPayload, tested at 3c602f4) and, with {@code --java},
 * dbbench's {@link io.dbbench.payload.PayloadFixture payload service} rows
 * ({@code PayloadServiceBenchmark}), run in interleaved blocks on one MongoDB target.
 *
 * <p>Reads {@code rows.tsv} ({@link #COLUMNS}; one row per block, side, operation, document and
 * index) and {@code machine.tsv} (the aggregate {@code cpu} line of {@code /proc/stat} and
 * {@code /proc/loadavg} before and after every side, when recorded). Times are compared as <b>wall
 * time per request</b>, the unit the study's Go benchmarks report: {@code BenchmarkInsert} is one
 * client's sequential loop and {@code BenchmarkSearch} starts b.N requests at once, so go's ns/op
 * is wall time / b.N in both (the {@code clients} cell {@code 1} or {@code b.N}); a JMH row of
 * {@code T} closed-loop threads reports each request's latency, which is T times its wall time per
 * request (the cell holds {@code T}).
 *
 * <p>Per side and document, the study's question, search without and with the index on {@code id},
 * is {@link Stats#pairedChange} over the blocks that hold both rows: the geometric mean of the
 * per-block ratio with the 95% Student-t interval of the log ratios (none below
 * {@value Stats#MIN_PAIRS} blocks), shown as a speed-up (none / id). The flat document's is judged
 * against the study's published speed-up ({@code study.json} beside {@link PayloadForm}; its
 * caveat makes it {@value Agreement#NOT_COMPARABLE}) by {@link Agreement#agreeComparison}. Where
 * both sides ran, the change Java -> Go of each row is given per block too (two client-and-service
 * stacks; never judged). A side that ran with more than {@value Finding.Conditions#STEAL_LIMIT_PCT}%
 * of the CPU stolen, or a 1-minute load above the online CPUs, is marked under load, and so is every
 * change that reads its block.
 *
 * <pre>
 * java -cp target/benchmarks.jar io.dbbench.payload.WmpayloadSideBySide --analyze DIR
 * </pre>
 *
 * <p>Writes {@code summary.json} and {@code summary.md} into the directory. Exit status 0 done, 2
 * bad input (a missing or malformed {@code rows.tsv}, named with the line).
 */
@Command(name = "wmpayload-side-by-side", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Analyse a scripts/wmpayload-vs-dbbench.sh run: medians beside the study's figures, the index"
        + " none -> id speed-up per side with its 95%% interval over blocks, the machine around every side.")
public final class WmpayloadSideBySide extends AnalyzeCommand<WmpayloadSideBySide.Summary> {
  /** The columns of {@code rows.tsv}, in order, as the script writes its header. */
  public static final List<String> COLUMNS = List.of("block", "position", "side", "operation", "doc", "index",
      "benchmark", "clients", "iterations", "ns_per_op", "bytes_per_op", "allocs_per_op", "success_rate",
      "warmup_steady", "server");

  /** The command, for picocli. */
  public WmpayloadSideBySide() {
    super(WmpayloadSideBySide::analyze, WmpayloadSideBySide::write, Summary::markdown);
  }

  /**
   * The rows of one JMH run of {@code PayloadServiceBenchmark} (JMH's JSON, a fork per param
   * combination): per record the cells of {@link #COLUMNS} after {@code block} and {@code position}:
   * {@code dbbench Java}, the method as the operation, the doc, the index ({@code -} for insert), the
   * method, JMH's threads as the clients, the measured iterations, ns/op (from JMH's unit), B/op
   * ({@code gc.alloc.rate.norm}, {@code -} without {@code -prof gc}), {@code -} for allocs/op, the
   * success rate (the {@code ok} and {@code failed} counters, three decimals; {@code -} without
   * them), the seconds to a steady server ({@code warmup_steady}), server.
   *
   * @throws IllegalArgumentException when the file is not JMH's JSON
   */
  public static List<List<String>> javaRows(Path json, String server) {
    JsonNode root = io.dbbench.report.data.JmhJson.tree(json);
    List<List<String>> rows = new ArrayList<>();
    for (JsonNode r : root) {
      String b = r.path("benchmark").asText();
      String method = b.substring(b.lastIndexOf('.') + 1);
      JsonNode pm = r.path("primaryMetric");
      int n = 0;
      for (JsonNode fork : pm.path("rawData")) {
        n += fork.size();
      }
      String unit = pm.path("scoreUnit").asText();
      double factor = unit.equals("us/op") ? 1e3 : unit.equals("ms/op") ? 1e6 : 1;
      JsonNode sec = r.path("secondaryMetrics");
      JsonNode alloc = sec.has("gc.alloc.rate.norm") ? sec.get("gc.alloc.rate.norm") : sec.path("\u00b7gc.alloc.rate.norm");
      double ok = sec.path("ok").path("score").asDouble(0);
      double failed = sec.path("failed").path("score").asDouble(0);
      rows.add(List.of("dbbench Java", method, r.path("params").path("doc").asText(),
          r.path("params").path("index").asText("-"), method, Integer.toString(r.path("threads").asInt()), Integer.toString(n),
          Long.toString(Math.round(pm.path("score").asDouble() * factor)),
          alloc.path("score").isNumber() ? Long.toString(Math.round(alloc.path("score").asDouble())) : "-", "-",
          ok + failed > 0 ? java.math.BigDecimal.valueOf(Math.round(ok / (ok + failed) * 1000) / 1000.0).stripTrailingZeros()
              .toPlainString() : "-",
          sec.path("warmup_steady").path("score").isNumber()
              ? Long.toString(Math.round(sec.path("warmup_steady").path("score").asDouble())) : "-", server));
    }
    return rows;
  }

  /** The {@code clients} cell of a Go benchmark that starts all b.N requests at once. */
  public static final String ALL_AT_ONCE = "b.N";

  /** Runs the command line and exits with its status. */
  public static void main(String[] args) {
    main(new WmpayloadSideBySide(), args);
  }

  /** Which side of a block a row is. */
  public enum Side {
    /** WMPayload's Go service driven by its own {@code benchmark_test.go}. */
    GO("WMPayload Go"),
    /** dbbench's payload service driven by {@code PayloadServiceBenchmark}. */
    JAVA("dbbench Java");

    /** The side's cell in {@code rows.tsv} and its name in the summary. */
    public final String label;

    Side(String label) {
      this.label = label;
    }

    /**
     * The side of a {@code side} cell.
     *
     * @throws IllegalArgumentException naming the cell when it is neither side's label
     */
    static Side of(String cell) {
      for (Side s : values()) {
        if (s.label.equals(cell)) {
          return s;
        }
      }
      throw new IllegalArgumentException("side '" + cell + "': expected '" + GO.label + "' or '" + JAVA.label + "'");
    }
  }

  /**
   * One measured row of {@code rows.tsv}.
   *
   * @param block the block, from 1
   * @param side which side
   * @param operation {@code insert} or {@code search}
   * @param doc {@code flat} or {@code reqmgr2}
   * @param index {@code none} or {@code id} for searches, {@code -} for inserts
   * @param clients concurrent clients: a count, or {@link #ALL_AT_ONCE}
   * @param nsPerOp the side's own time per operation, ns (go's ns/op; JMH's average time per request)
   * @param bytesPerOp the client process's bytes allocated per operation (NaN: not measured)
   * @param allocsPerOp the client process's allocations per operation (NaN: not measured; JMH's rows)
   * @param successRate answered requests / requests (NaN: not reported)
   * @param steady the servers' warm-up outcome ({@code 1} steady, {@code 0} not, {@code -} no warm-up rule)
   * @param server the target's label
   */
  public record Measured(int block, Side side, String operation, String doc, String index, String clients,
      double nsPerOp, double bytesPerOp, double allocsPerOp, double successRate, String steady, String server) {
    /** Wall time per request, ns: ns/op for go's rows, latency / threads for a closed loop of threads. */
    public double wallNsPerRequest() {
      return clients.equals(ALL_AT_ONCE) ? nsPerOp : nsPerOp / Integer.parseInt(clients);
    }

    /** {@code operation doc index}, the key a pair of sides shares. */
    String row() {
      return operation + " " + doc + (index.equals("-") ? "" : " index=" + index);
    }
  }

  /**
   * The index effect on search for one side and document, over the blocks that hold both rows.
   *
   * @param side the side
   * @param doc the document
   * @param noneNs wall time per request without the index, per block, ns
   * @param idNs with it, per block, ns
   * @param change the paired change none -> id of the wall time (percent, interval)
   * @param verdict against the study's published speed-up (flat only); null otherwise
   * @param underLoad whether a block it reads ran under load
   */
  public record IndexEffect(Side side, String doc, double[] noneNs, double[] idNs, Stats.PairedChange change,
      Agreement.Verdict verdict, boolean underLoad) {
    /** The speed-up none / id, the geometric mean over blocks. */
    public double speedup() {
      return 100 / (100 + change.changePct());
    }

    /** The speed-up's 95% interval, low end; NaN below {@value Stats#MIN_PAIRS} blocks. */
    public double speedupLow() {
      return change.judgeable() ? 100 / (100 + change.ciHigh()) : Double.NaN;
    }

    /** The speed-up's 95% interval, high end; NaN below {@value Stats#MIN_PAIRS} blocks. */
    public double speedupHigh() {
      return change.judgeable() ? 100 / (100 + change.ciLow()) : Double.NaN;
    }
  }

  /**
   * One paired change over the blocks, as the per-block table prints it.
   *
   * @param comparison what is compared, in words
   * @param row the row key ({@code search flat}, {@code insert reqmgr2 ...})
   * @param metric {@code wall time per request} or {@code B/op}
   * @param change the paired change (percent, interval)
   * @param underLoad whether a block it reads ran under load
   */
  public record Change(String comparison, String row, String metric, Stats.PairedChange change, boolean underLoad) {}

  /**
   * The machine around one side of one block.
   *
   * @param block the block
   * @param side the side's cell as the script writes it ({@code Go}, {@code Java})
   * @param what the operation and document
   * @param interval the two snapshots
   * @param otherBusyPct the share of all CPUs' time processes other than the side's own (its clients,
   *     the service and the stand-in) were busy, percent ({@code MachineSnapshots.Side#otherBusyPct});
   *     NaN in runs whose script did not record its own CPU
   */
  public record Machine(int block, String side, String what, MachineState.Interval interval, double otherBusyPct)
      implements SideBySideSummary.SideMachine {
    /** The operation and document ({@link #what}), the table's operation column. */
    @Override
    public String operation() {
      return what;
    }

    /**
     * With the side's own CPU recorded, the main job's rules for a fork: more than the steal limit
     * stolen or other processes busy above the limit ({@code Finding.Conditions.underLoad}); the
     * load average counts the side's own 100 client threads and is shown, not judged. Without it
     * (runs before the script recorded it), more than the steal limit stolen or a 1-minute load
     * above the online CPUs.
     */
    @Override
    public boolean underLoad() {
      if (!Double.isNaN(otherBusyPct)) {
        return Finding.Conditions.underLoad(otherBusyPct, interval.stealPct());
      }
      return interval.stealPct() > Finding.Conditions.STEAL_LIMIT_PCT || interval.overloaded();
    }
  }

  /**
   * A run's analysis.
   *
   * @param dir the results directory
   * @param server the target's label (the stand-in's says it is not MongoDB)
   * @param blocks the blocks read
   * @param rows every measured row
   * @param effects the index effect per side and document
   * @param changes every paired change (index effects in both metrics, then Java -> Go per row)
   * @param machine the machine around every side (empty when not recorded)
   */
  public record Summary(Path dir, String server, int blocks, List<Measured> rows, List<IndexEffect> effects,
      List<Change> changes, List<Machine> machine) {
    /** The index effect of {@code side} on {@code doc}; null when that side did not search it in both forms. */
    public IndexEffect effect(Side side, String doc) {
      return effects.stream().filter(e -> e.side() == side && e.doc().equals(doc)).findFirst().orElse(null);
    }

    /** The summary as Markdown: the study's question, the medians beside the study's figures, the changes, the machine. */
    public String markdown() {
      StringBuilder sb = new StringBuilder();
      sb.append(SideBySideSummary.heading("WMPayload's Go service and benchmark beside dbbench's payload rows", blocks,
          server));
      sb.append("Times are wall time per request, the unit of the study's Go benchmarks: `BenchmarkInsert` is one"
          + " client's sequential loop, `BenchmarkSearch` starts b.N requests at once (go's ns/op = wall time / b.N);"
          + " a JMH row of T threads reports each request's latency, T times its wall time per request. B/op and"
          + " allocs/op are the client process's: go's test binary (its HTTP client and the MongoDB client"
          + " `initConfig` opens in every round), JMH's fork (the clients alone; `-prof gc`). The Go side's flat"
          + " document is its benchmark's own (id, name, email, age; about 100 bytes), dbbench's is 1,026 bytes; both"
          + " reqmgr2 rows post dbbench's 12,171-byte ReqMgr2-like template.\n\n");
      if (server.contains("stand-in")) {
        sb.append("The target is mongo-java-server, a stand-in, not MongoDB: it scans a collection linearly without"
            + " an index and answers each query under its collection lock, so search times are the stand-in's.\n\n");
      }
      sb.append("## The study's question: search, index none -> id\n\n");
      sb.append("| document | side | clients | none | id | speed-up | 95% interval | blocks | the study | verdict |\n");
      sb.append("|---|---|---|---:|---:|---:|---|---:|---:|---|\n");
      for (IndexEffect e : effects) {
        sb.append("| ").append(e.doc()).append(" | ").append(e.side().label).append(" | ")
            .append(clientsOf(e.side(), "search", e.doc())).append(" | ").append(Units.time(Stats.median(e.noneNs()) / 1e9))
            .append(" | ").append(Units.time(Stats.median(e.idNs()) / 1e9)).append(" | ")
            .append(Units.ratio(e.speedup())).append(" | ")
            .append(e.change().judgeable() ? "[" + Units.ratio(e.speedupLow()) + ", " + Units.ratio(e.speedupHigh()) + "]"
                : "none (" + e.change().pairs() + " block" + (e.change().pairs() == 1 ? "" : "s") + ", at least "
                + Stats.MIN_PAIRS + ")")
            .append(" | ").append(e.change().pairs()).append(" | ")
            .append(e.verdict() == null ? "" : Units.ratio(PUBLISHED.low())).append(" | ")
            .append(e.verdict() == null ? "" : e.verdict().text()).append(e.underLoad() ? " (UNDER LOAD)" : "")
            .append(" |\n");
      }
      if (effects.isEmpty()) {
        sb.append("| - | no side searched a document both without and with the index | | | | | | | | |\n");
      }
      sb.append("\nThe study: ").append(PUBLISHED.text()).append(".");
      if (!PUBLISHED.caveat().isEmpty()) {
        sb.append(" Why ").append(PUBLISHED.caveat().replaceFirst("^the study's", "its")).append(": ")
            .append(PUBLISHED.caveatSource()).append(".");
      }
      sb.append("\n");
      sb.append("\n## Medians over blocks beside the study's figures\n\n");
      sb.append("| operation | document | index | side | clients | blocks | ns/op | wall time per request | B/op | allocs/op"
          + " | success rate | steady | the study: time/op, B/op, allocs/op, success rate; what it measured |\n");
      sb.append("|---|---|---|---|---|---:|---:|---:|---:|---:|---:|---|---|\n");
      Map<String, List<Measured>> byRow = new LinkedHashMap<>();
      for (Measured m : rows) {
        byRow.computeIfAbsent(m.row() + "\t" + m.side(), k -> new ArrayList<>()).add(m);
      }
      byRow.values().stream().sorted(java.util.Comparator.comparing((List<Measured> l) -> l.get(0).operation())
          .thenComparing(l -> l.get(0).doc()).thenComparing(l -> l.get(0).index()).thenComparing(l -> l.get(0).side()))
          .forEach(ms -> {
            Measured f = ms.get(0);
            JsonNode study = f.side() == Side.GO ? STUDY_ROWS.getOrDefault(studyKey(f.operation(), f.doc(), f.index()),
                MissingNode.getInstance()) : MissingNode.getInstance();
            sb.append("| ").append(f.operation()).append(" | ").append(f.doc()).append(" | ").append(f.index())
                .append(" | ").append(f.side().label).append(" | ").append(f.clients()).append(" | ").append(ms.size())
                .append(" | ").append(median(ms, Measured::nsPerOp, true)).append(" | ")
                .append(median(ms, Measured::wallNsPerRequest, true)).append(" | ")
                .append(median(ms, Measured::bytesPerOp, false)).append(" | ")
                .append(median(ms, Measured::allocsPerOp, false)).append(" | ")
                .append(successRates(ms)).append(" | ").append(steady(ms)).append(" | ")
                .append(study.isMissingNode() ? "" : study.path(3).asText() + ", " + study.path(4).asText() + ", "
                    + study.path(5).asText() + ", " + study.path(6).asText() + "; " + study.path(7).asText())
                .append(" |\n");
          });
      sb.append("\n## Every change, per block\n\n");
      sb.append("A change is the geometric mean over blocks of the per-block ratio, with the 95% Student-t interval"
          + " of the log ratios (none below ").append(Stats.MIN_PAIRS).append(" blocks).\n\n");
      sb.append("| comparison | row | metric | change | 95% interval | blocks | per block |\n");
      sb.append("|---|---|---|---:|---|---:|---|\n");
      for (Change c : changes) {
        String per = SideBySideSummary.perBlockPct(c.change());
        sb.append("| ").append(c.comparison()).append(" | ").append(c.row()).append(" | ").append(c.metric())
            .append(" | ").append(Units.pct(c.change().changePct())).append(" | ")
            .append(c.change().judgeable() ? "[" + Units.pct(c.change().ciLow()) + ", " + Units.pct(c.change().ciHigh())
                + "]" : "none").append(" | ").append(c.change().pairs()).append(" | ").append(per)
            .append(c.underLoad() ? " (UNDER LOAD)" : "").append(" |\n");
      }
      SideBySideSummary.appendMachine(sb, "steal, busy and other: percent of all CPUs' time between the snapshots;"
          + " busy includes the clients and the servers, other leaves out the side's own processes (empty in runs before"
          + " the script recorded their CPU, which are judged by the load average instead); load: the larger 1-minute"
          + " load average (the side's own threads count in it).", machine);
      return sb.toString();
    }

    private String clientsOf(Side side, String operation, String doc) {
      return rows.stream().filter(m -> m.side() == side && m.operation().equals(operation) && m.doc().equals(doc))
          .map(Measured::clients).findFirst().orElse("");
    }
  }

  private static String median(List<Measured> ms, ToDoubleFunction<Measured> f, boolean time) {
    double[] v = ms.stream().mapToDouble(f).filter(x -> !Double.isNaN(x)).toArray();
    if (v.length == 0) {
      return "-";
    }
    double m = Stats.median(v);
    return time ? Units.time(m / 1e9) : String.format(Locale.ROOT, "%,d", Math.round(m));
  }

  /** The success rates of the blocks, the lowest and highest when they differ. */
  private static String successRates(List<Measured> ms) {
    double[] v = ms.stream().mapToDouble(Measured::successRate).filter(x -> !Double.isNaN(x)).toArray();
    if (v.length == 0) {
      return "-";
    }
    double lo = java.util.Arrays.stream(v).min().orElseThrow();
    double hi = java.util.Arrays.stream(v).max().orElseThrow();
    return lo == hi ? String.format(Locale.ROOT, "%.3f", lo) : String.format(Locale.ROOT, "%.3f-%.3f", lo, hi);
  }

  /** {@code steady} when every block's servers were, {@code NOT steady in N} otherwise, {@code -} without a rule. */
  private static String steady(List<Measured> ms) {
    long not = ms.stream().filter(m -> m.steady().equals("0")).count();
    boolean any = ms.stream().anyMatch(m -> !m.steady().equals("-"));
    return !any ? "-" : not == 0 ? "steady" : "NOT steady in " + not;
  }

  /** The study's question as {@code study.json} publishes it: the flat search's speed-up none -> id, with its caveat. */
  static final Study.Published PUBLISHED = Study.load(PayloadForm.class, "study.json").measures().get(0).published();

  /** The study's figures ({@code tables.study_figures} of {@code study.json}) by {@link #studyKey}. */
  static final Map<String, JsonNode> STUDY_ROWS = studyRows();

  private static Map<String, JsonNode> studyRows() {
    Map<String, JsonNode> out = new LinkedHashMap<>();
    JsonNode rows = Study.load(PayloadForm.class, "study.json").table("study_figures")
        .getOrDefault("rows", MissingNode.getInstance());
    for (JsonNode r : rows) {
      String doc = r.path(1).asText().toLowerCase(Locale.ROOT).startsWith("reqmgr2") ? "reqmgr2" : "flat";
      String op = r.path(0).asText();
      out.putIfAbsent(studyKey(op, doc, op.equals("insert") ? "-" : r.path(2).asText()), r);
    }
    return out;
  }

  static String studyKey(String operation, String doc, String index) {
    return operation + "|" + doc + "|" + index;
  }

  /**
   * Reads {@code rows.tsv} (and {@code machine.tsv} when present) of {@code dir} and pairs the blocks.
   *
   * @throws IOException when a file cannot be read
   * @throws IllegalArgumentException when {@code rows.tsv} is missing, has another header, or a row is
   *     malformed (named with its line number)
   */
  public static Summary analyze(Path dir) throws IOException {
    List<Measured> rows = ScriptRows.read(dir, "scripts/wmpayload-vs-dbbench.sh", COLUMNS, WmpayloadSideBySide::parse);
    String server = rows.isEmpty() ? "" : rows.get(rows.size() - 1).server();
    List<Machine> machine = machine(dir.resolve("machine.tsv"));
    int blocks = rows.stream().mapToInt(Measured::block).max().orElse(0);
    List<IndexEffect> effects = new ArrayList<>();
    List<Change> changes = new ArrayList<>();
    List<String> docs = rows.stream().map(Measured::doc).distinct().sorted().toList();
    for (String doc : docs) {
      for (Side side : Side.values()) {
        TreeMap<Integer, double[]> wall = pairs(rows, m -> m.side() == side && m.operation().equals("search")
            && m.doc().equals(doc), m -> m.index().equals("none") ? 0 : m.index().equals("id") ? 1 : -1,
            Measured::wallNsPerRequest);
        if (wall.isEmpty()) {
          continue;
        }
        Stats.PairedChange c = Stats.pairedChange(wall.values());
        boolean loaded = underLoad(machine, wall, "search " + doc);
        Agreement.Verdict verdict = null;
        if (doc.equals("flat") && PUBLISHED.hasFigure()) {
          String need = c.judgeable() ? "more blocks (" + c.pairs() + " now)" : "at least " + Stats.MIN_PAIRS + " blocks";
          double point = 100 / (100 + c.changePct());
          verdict = Agreement.agreeComparison(true, point, c.judgeable() ? 100 / (100 + c.ciHigh()) : Double.NaN,
              c.judgeable() ? 100 / (100 + c.ciLow()) : Double.NaN, PUBLISHED.figure(), null, need);
        }
        effects.add(new IndexEffect(side, doc, Stats.side(wall.values(), 0), Stats.side(wall.values(), 1), c, verdict,
            loaded));
        changes.add(new Change(side.label + ": index none -> id", "search " + doc, "wall time per request", c, loaded));
        TreeMap<Integer, double[]> bytes = pairs(rows, m -> m.side() == side && m.operation().equals("search")
            && m.doc().equals(doc), m -> m.index().equals("none") ? 0 : m.index().equals("id") ? 1 : -1,
            Measured::bytesPerOp);
        if (!bytes.isEmpty()) {
          changes.add(new Change(side.label + ": index none -> id", "search " + doc, "B/op",
              Stats.pairedChange(bytes.values()), underLoad(machine, bytes, "search " + doc)));
        }
      }
    }
    for (String row : rows.stream().map(Measured::row).distinct().sorted().toList()) {
      TreeMap<Integer, double[]> wall = pairs(rows, m -> m.row().equals(row), m -> m.side() == Side.JAVA ? 0 : 1,
          Measured::wallNsPerRequest);
      if (!wall.isEmpty()) {
        changes.add(new Change(Side.JAVA.label + " -> " + Side.GO.label, row, "wall time per request",
            Stats.pairedChange(wall.values()), underLoad(machine, wall, row.split(" index=")[0])));
      }
    }
    return new Summary(dir, server, blocks, rows, effects, changes, machine);
  }

  private static Measured parse(String[] f) {
    int block;
    try {
      block = Integer.parseInt(f[0]);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("block '" + f[0] + "': expected a whole number");
    }
    if (!f[3].equals("insert") && !f[3].equals("search")) {
      throw new IllegalArgumentException("operation '" + f[3] + "': expected insert or search");
    }
    PayloadDocument.of(f[4]); // names the accepted documents when it is none of them
    if (f[3].equals("search") ? !f[5].equals("none") && !f[5].equals("id") : !f[5].equals("-")) {
      throw new IllegalArgumentException("index '" + f[5] + "' of a" + (f[3].equals("search") ? " search: expected"
          + " none or id" : "n insert: expected -"));
    }
    if (!f[7].equals(ALL_AT_ONCE) && !f[7].matches("[1-9][0-9]*")) {
      throw new IllegalArgumentException("clients '" + f[7] + "': expected a count of at least 1 or " + ALL_AT_ONCE);
    }
    double ns = ScriptRows.numberOrDash(f[9]);
    if (!(ns > 0)) {
      throw new IllegalArgumentException("ns_per_op '" + f[9] + "': expected a time above 0");
    }
    return new Measured(block, Side.of(f[2]), f[3], f[4], f[5], f[7], ns, ScriptRows.numberOrDash(f[10]),
        ScriptRows.numberOrDash(f[11]), ScriptRows.numberOrDash(f[12]), f[13], f[14]);
  }

  /** Per block, the metric of the baseline (slot 0) and contender (slot 1) rows; blocks lacking either are left out. */
  private static TreeMap<Integer, double[]> pairs(List<Measured> rows, java.util.function.Predicate<Measured> which,
      java.util.function.ToIntFunction<Measured> slot, ToDoubleFunction<Measured> metric) {
    TreeMap<Integer, double[]> pairs = new TreeMap<>();
    for (Measured m : rows) {
      int s = which.test(m) ? slot.applyAsInt(m) : -1;
      double v = s < 0 ? Double.NaN : metric.applyAsDouble(m);
      if (s >= 0 && !Double.isNaN(v) && v > 0) {
        pairs.computeIfAbsent(m.block(), k -> new double[] {Double.NaN, Double.NaN})[s] = v;
      }
    }
    pairs.values().removeIf(p -> Double.isNaN(p[0]) || Double.isNaN(p[1]));
    return pairs;
  }

  private static boolean underLoad(List<Machine> machine, TreeMap<Integer, double[]> pairs, String what) {
    return machine.stream().anyMatch(m -> pairs.containsKey(m.block()) && m.what().equals(what) && m.underLoad());
  }

  /** {@code machine.tsv} ({@link MachineSnapshots}: block, side, operation); empty when the file is absent. */
  static List<Machine> machine(Path file) throws IOException {
    return MachineSnapshots.read(file).stream().filter(m -> m.key().size() == 3)
        .map(m -> new Machine(m.block(), m.key().get(1), m.key().get(2), m.interval(), m.otherBusyPct())).toList();
  }

  /** Writes {@code summary.json} and {@code summary.md} into {@code dir}. */
  static void write(Path dir, Summary s) throws IOException {
    List<Map<String, Object>> effects = new ArrayList<>();
    for (IndexEffect e : s.effects()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("side", e.side().label);
      m.put("doc", e.doc());
      m.put("none_wall_ns", e.noneNs());
      m.put("id_wall_ns", e.idNs());
      m.put("speedup", e.speedup());
      m.put("speedup_low", e.change().judgeable() ? e.speedupLow() : null);
      m.put("speedup_high", e.change().judgeable() ? e.speedupHigh() : null);
      m.put("blocks", e.change().pairs());
      m.put("study_speedup", e.verdict() == null ? null : PUBLISHED.low());
      m.putAll(SideBySideSummary.verdict(e.verdict()));
      m.put("under_load", e.underLoad());
      effects.add(m);
    }
    List<Map<String, Object>> changes = new ArrayList<>();
    for (Change c : s.changes()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("comparison", c.comparison());
      m.put("row", c.row());
      m.put("metric", c.metric());
      m.putAll(SideBySideSummary.percentChange(c.change()));
      m.put("under_load", c.underLoad());
      changes.add(m);
    }
    Map<String, Object> sections = new LinkedHashMap<>();
    sections.put("index_effects", effects);
    sections.put("changes", changes);
    sections.put("machine", SideBySideSummary.machine(s.machine()));
    SideBySideSummary.write(dir, "dbbench.wmpayload-side-by-side/1", s.server(), s.blocks(), sections, s.markdown());
  }
}
