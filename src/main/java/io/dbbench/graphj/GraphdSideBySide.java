package io.dbbench.graphj;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.dbbench.core.FileTrees;
import io.dbbench.core.KnownSecrets;
import io.dbbench.core.SecretsFile;
import io.dbbench.core.Version;
import io.dbbench.profile.MachineState;
import io.dbbench.profile.MachineStateProfiler;
import io.dbbench.report.data.JmhJson;
import io.dbbench.report.data.JmhResult;
import io.dbbench.report.data.ReportException;
import io.dbbench.report.data.Units;
import io.dbbench.report.stats.Stats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Predicate;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * graphd's own GraphJ benchmark ({@code benches/graphj_bench.rs}, criterion) and dbbench's JMH rows
 * that do the same work, run in interleaved blocks on one machine, with each row's ratio
 * (dbbench time / graphd time) and its 95% interval over the blocks.
 *
 * <pre>
 * scripts/graphd-vs-dbbench.sh --graphd ~/src/graphd --blocks 8     # builds graphd's bench, then runs this
 * java -cp target/benchmarks.jar io.dbbench.graphj.GraphdSideBySide --graphd-bench BIN --blocks 8
 * java -cp target/benchmarks.jar io.dbbench.graphj.GraphdSideBySide --analyze DIR     # re-analyse blocks
 * </pre>
 *
 * <p>Each block runs both sides once, graphd first in blocks 1, 4, 5, 8, ... and dbbench first in
 * blocks 2, 3, 6, 7, ... (ABBA), so that a drift over the run hits both alike. graphd's side is
 * one run of its criterion binary over the groups in {@link #PAIRS} (its {@code new/estimates.json}
 * per group, under {@code block-K/criterion/}; the figure criterion prints, the slope estimate,
 * or the mean where it has no slope); dbbench's side is one JMH fork per row, average time
 * ({@code -bm avgt -tu ns}), text corpus, with {@code context=perCall} (a zstd context per call,
 * as graphd's {@code zstd::encode_all}/{@code decode_all}), run by {@link io.dbbench.JmhMain} (a
 * benchmark that fails fails the side), with the machine's state per fork
 * ({@link io.dbbench.profile.MachineStateProfiler}); graphd's side gets the machine's state from
 * {@link MachineState} snapshots around it. A block is a pair: the ratio of a row is
 * {@link Stats#pairedChange} over the blocks (the Student-t interval of the per-block log
 * ratios). A row is "at or below graphd" only when the interval's upper end is at most 1.0x.
 *
 * <p>Where the two do different work: graphd's {@code encode_all} streams its input with no
 * declared size (zstd then picks the level's parameters for an input of unknown size, and writes
 * no content size), and {@code decode_all} streams into a growing vector; dbbench compresses in
 * one call with the size known and decompresses into an array of the declared size. The AEAD
 * rows: graphd builds the cipher (key schedule) and the 40-byte AAD per call, as dbbench does.
 * {@code compress_encrypt}: dbbench's row is the whole seal ({@link GraphjCodec#seal}: zstd level 3,
 * encrypt with the final header as AAD, and the SHA-256 of the body the header carries), graphd's
 * stops after the encryption, so dbbench does one SHA-256 of the sealed body more. {@code compaction}:
 * both read the 5 sealed-raw text segments, merge them into one sealed archive and write it with a
 * final sync (dbbench {@code sink=file}: a temporary file forced to storage and renamed over the
 * last call's archive); graphd also removes its output inside the timed loop, dbbench does not.
 *
 * <p>Writes {@code block-K/} ({@code jmh.json}, {@code criterion/} with each benchmark's {@code new/}, logs,
 * {@code machine.json}),
 * {@code summary.json} and {@code summary.md}. Exit status 0 done, 2 bad input or a side that
 * failed (its log named).
 */
@Command(name = "graphd-vs-dbbench", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Run graphd's criterion GraphJ benchmark and dbbench's matching JMH rows in interleaved blocks"
        + " and report dbbench / graphd per row with a 95%% interval.")
public final class GraphdSideBySide implements Callable<Integer> {
  /** Exit status for bad input or a failed side. */
  public static final int EXIT_BAD_INPUT = 2;
  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmm'Z'");

  /**
   * One comparison: a dbbench JMH row and graphd's criterion benchmark doing the same operation.
   *
   * @param label the row's name in the summary, e.g. {@code compress level=1 perCall}
   * @param benchmark the JMH benchmark's simple name, {@code Class.method}
   * @param params the JMH parameters the row must have (others may vary: each value is its own row)
   * @param criterionId graphd's criterion benchmark id, {@code group/function} (its directory
   *     under criterion's output)
   */
  public record Pair(String label, String benchmark, Map<String, String> params, String criterionId) {
    /** Copies the map. */
    public Pair {
      params = Map.copyOf(params);
    }

    boolean matches(JmhResult r) {
      return (r.simpleClassName() + "." + r.method()).equals(benchmark)
          && params.entrySet().stream().allMatch(e -> e.getValue().equals(r.params().get(e.getKey())));
    }
  }

  /** graphd's {@code data_sizes} query counts; its criterion ids name the input's byte length. */
  static final List<Integer> DATA_SIZES = List.of(10, 100, 1000, 10000);

  /**
   * The rows compared, dbbench's against graphd's criterion groups of the same work: every group of
   * graphd's {@code graphj_bench} ({@code compression_levels} 1 to 22, {@code decompression},
   * {@code encryption}, {@code decryption}, {@code compress_encrypt}, {@code compaction},
   * {@code data_sizes}, the header rows). The AEAD rows run once per dbbench provider.
   */
  public static final List<Pair> PAIRS = pairs();

  private static List<Pair> pairs() {
    List<Pair> p = new ArrayList<>();
    for (String level : List.of("1", "3", "6", "9", "15", "22")) {
      p.add(new Pair("compress level=" + level + " perCall", "GraphjCompressBenchmark.compress",
          Map.of("level", level, "context", "perCall"), "compression_levels/" + level));
    }
    p.add(new Pair("decompress perCall", "GraphjCompressBenchmark.decompress", Map.of("context", "perCall"),
        "decompression/zstd_level_3"));
    for (String provider : List.of("jdk", "libcrypto")) {
      p.add(new Pair("encrypt " + provider, "GraphjCryptoBenchmark.encrypt", Map.of("provider", provider), "encryption/encrypt"));
      p.add(new Pair("decrypt " + provider, "GraphjCryptoBenchmark.decrypt", Map.of("provider", provider), "decryption/decrypt"));
      p.add(new Pair("compressEncrypt " + provider, "GraphjCryptoBenchmark.compressEncrypt", Map.of("provider", provider),
          "compress_encrypt/compress_then_encrypt"));
    }
    p.add(new Pair("headerEncode", "GraphjHeaderBenchmark.headerEncode", Map.of(), "header_encode"));
    p.add(new Pair("headerDecode", "GraphjHeaderBenchmark.headerDecode", Map.of(), "header_decode"));
    for (String[] c : new String[][] {{"raw", "no_compress"}, {"zstd", "with_compress"}, {"zstdEncrypted", "compress_encrypt"}}) {
      p.add(new Pair("compact " + c[0], "GraphjCompactBenchmark.compact", Map.of("variant", c[0], "sink", "file"),
          "compaction/compact_5_segments_" + c[1]));
    }
    for (int n : DATA_SIZES) {
      int bytes = GraphjCorpus.generate(GraphjCorpus.Kind.TEXT, n, GraphjCorpus.SEED).length;
      p.add(new Pair("dataSizes compress " + n, "GraphjDataSizesBenchmark.compress", Map.of("queries", "" + n),
          "data_sizes/compress/" + bytes));
      p.add(new Pair("dataSizes encrypt " + n, "GraphjDataSizesBenchmark.encrypt", Map.of("queries", "" + n),
          "data_sizes/encrypt/" + bytes));
    }
    return List.copyOf(p);
  }

  /** The JMH regex of dbbench's side: every benchmark named in {@link #PAIRS}. */
  static final String JMH_REGEX = "io\\.dbbench\\.graphj\\.(GraphjCompressBenchmark\\.(compress|decompress)"
      + "|GraphjCryptoBenchmark\\.(encrypt|decrypt|compressEncrypt)|GraphjHeaderBenchmark\\.header(Encode|Decode)"
      + "|GraphjCompactBenchmark\\.compact|GraphjDataSizesBenchmark\\.(compress|encrypt))$";

  /** The criterion filter of graphd's side: every group named in {@link #PAIRS}. */
  static final String CRITERION_FILTER = "^(compression_levels/(1|3|6|9|15|22)|decompression/zstd_level_3"
      + "|encryption/encrypt|decryption/decrypt|compress_encrypt/compress_then_encrypt|header_encode|header_decode"
      + "|compaction/compact_5_segments_(no_compress|with_compress|compress_encrypt)|data_sizes/(compress|encrypt)/[0-9]+)$";

  @Option(names = "--graphd-bench", paramLabel = "BIN",
      description = "graphd's built graphj_bench executable (scripts/graphd-vs-dbbench.sh builds it from graphd's source).")
  Path graphdBench;

  @Option(names = "--graphd-commit", paramLabel = "SHA", defaultValue = "",
      description = "graphd's commit the bench was built from, recorded in the summary.")
  String graphdCommit;

  @Option(names = "--blocks", defaultValue = "8", paramLabel = "N",
      description = "Interleaved blocks, each one run of both sides (default: ${DEFAULT-VALUE}; at least 4 for an interval).")
  int blocks;

  @Option(names = "--providers", defaultValue = "jdk,libcrypto", paramLabel = "LIST",
      description = "dbbench's AEAD providers to run (default: ${DEFAULT-VALUE}).")
  String providers;

  @Option(names = "--jmh", defaultValue = "-wi 3 -w 1s -i 3 -r 1s", paramLabel = "OPTS",
      description = "JMH options of dbbench's side (default: ${DEFAULT-VALUE}); -f 1, -bm avgt and -tu ns are set.")
  String jmhOpts;

  @Option(names = "--criterion", defaultValue = "--warm-up-time 2 --measurement-time 4", paramLabel = "OPTS",
      description = "criterion options of graphd's side (default: ${DEFAULT-VALUE}); --bench and --noplot are set.")
  String criterionOpts;

  @Option(names = {"-o", "--out"}, paramLabel = "DIR", description = "Output directory (default: results/graphd-vs-dbbench-<UTC>).")
  Path out;

  @Option(names = "--analyze", paramLabel = "DIR", description = "Only analyse the blocks already in DIR and rewrite its summary.")
  Path analyzeOnly;

  /** Runs the command line and exits with its status. */
  public static void main(String[] args) {
    KnownSecrets.installOnStandardStreams();
    System.exit(new CommandLine(new GraphdSideBySide()).execute(args));
  }

  @Override
  public Integer call() {
    try {
      if (analyzeOnly != null) {
        Summary s = analyze(analyzeOnly);
        write(analyzeOnly, s);
        System.out.print(s.markdown());
        return 0;
      }
      if (graphdBench == null) {
        throw new IllegalArgumentException("--graphd-bench is required (graphd's built graphj_bench executable;"
            + " scripts/graphd-vs-dbbench.sh builds it), or --analyze DIR");
      }
      if (!Files.isExecutable(graphdBench)) {
        throw new IllegalArgumentException("--graphd-bench " + graphdBench + ": not an executable file");
      }
      if (blocks < 1) {
        throw new IllegalArgumentException("--blocks " + blocks + ": expected at least 1 (4 or more for an interval)");
      }
      refuseCredentials(jmhOpts);
      Path dir = out != null ? out
          : Path.of("results", "graphd-vs-dbbench-" + STAMP.format(ZonedDateTime.now(ZoneOffset.UTC)));
      Files.createDirectories(dir);
      Files.writeString(dir.resolve("settings.json"), MAPPER.writeValueAsString(settings()));
      for (int k = 1; k <= blocks; k++) {
        Path b = dir.resolve("block-" + k);
        Files.createDirectories(b);
        boolean graphdFirst = graphdFirst(k);
        Map<String, Object> machine = new LinkedHashMap<>();
        for (int side = 0; side < 2; side++) {
          boolean graphd = (side == 0) == graphdFirst;
          System.out.printf(Locale.ROOT, "[graphd-vs-dbbench] block %d/%d: %s%n", k, blocks, graphd ? "graphd (criterion)" : "dbbench (JMH)");
          MachineState before = MachineState.read();
          if (graphd) {
            runGraphd(b);
          } else {
            runDbbench(b);
          }
          machine.put(graphd ? "graphd" : "dbbench", new MachineState.Interval(before, MachineState.read()).toMap());
        }
        machine.put("order", graphdFirst ? "graphd, dbbench" : "dbbench, graphd");
        Files.writeString(b.resolve("machine.json"), MAPPER.writeValueAsString(machine));
      }
      Summary s = analyze(dir);
      write(dir, s);
      System.out.print(s.markdown());
      return 0;
    } catch (IllegalArgumentException | SideFailed e) {
      System.err.println("graphd-vs-dbbench: " + e.getMessage());
      return EXIT_BAD_INPUT;
    } catch (IOException | ReportException e) {
      System.err.println("graphd-vs-dbbench: " + e.getMessage());
      return EXIT_BAD_INPUT;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return EXIT_BAD_INPUT;
    }
  }

  /** ABBA over blocks: graphd first in blocks 1, 4, 5, 8, 9, ...; dbbench first in 2, 3, 6, 7, .... */
  static boolean graphdFirst(int block) {
    int m = block % 4;
    return m == 1 || m == 0;
  }

  private Map<String, Object> settings() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("graphd_bench", graphdBench.toString());
    m.put("graphd_commit", graphdCommit);
    m.put("blocks", blocks);
    m.put("jmh", jmhOpts + " -f 1 -bm avgt -tu ns");
    m.put("criterion", criterionOpts + " --bench --noplot");
    m.put("providers", providers);
    m.put("java", System.getProperty("java.home"));
    m.put("java_version", System.getProperty("java.version"));
    return m;
  }

  /** A side's process failed; the message names its log. */
  static final class SideFailed extends Exception {
    private static final long serialVersionUID = 1L;

    SideFailed(String message) {
      super(message);
    }
  }

  private void runGraphd(Path block) throws IOException, InterruptedException, SideFailed {
    List<String> cmd = new ArrayList<>(List.of(graphdBench.toString(), "--bench", "--noplot"));
    cmd.addAll(split(criterionOpts));
    cmd.add(CRITERION_FILTER);
    run(cmd, Map.of("CRITERION_HOME", block.resolve("criterion").toAbsolutePath().toString()),
        block.resolve("criterion.log"), "graphd's bench");
    pruneCriterion(block.resolve("criterion"));
  }

  /**
   * Deletes what criterion keeps beside each benchmark's {@code new/} results (its {@code base/}
   * copy, {@code change/} against an earlier run, HTML {@code report/}): a block is one run.
   */
  static void pruneCriterion(Path criterionHome) throws IOException {
    if (!Files.isDirectory(criterionHome)) {
      return;
    }
    List<Path> doomed;
    try (var walk = Files.walk(criterionHome)) {
      doomed = walk.filter(Files::isDirectory)
          .filter(d -> Set.of("base", "change", "report").contains(d.getFileName().toString())).toList();
    }
    for (Path d : doomed) {
      if (Files.exists(d)) {
        FileTrees.deleteRecursively(d);
      }
    }
  }

  private void runDbbench(Path block) throws IOException, InterruptedException, SideFailed {
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), "io.dbbench.JmhMain", JMH_REGEX,
        "-p", "corpus=text", "-p", "level=1,3,6,9,15,22", "-p", "context=perCall", "-p", "provider=" + providers,
        "-p", "variant=raw,zstd,zstdEncrypted", "-p", "sink=file", "-p", "queries=" + DATA_SIZES.stream().map(String::valueOf)
            .collect(java.util.stream.Collectors.joining(","))));
    cmd.addAll(split(jmhOpts));
    cmd.addAll(List.of("-f", "1", "-bm", "avgt", "-tu", "ns", "-prof", MachineStateProfiler.class.getName(),
        "-rf", "json", "-rff", block.resolve("jmh.json").toString()));
    run(cmd, Map.of(), block.resolve("jmh.log"), "dbbench's JMH run");
  }

  /**
   * Runs {@code cmd} with {@code env} added to its environment, output and errors to {@code log};
   * a non-zero exit fails the side, naming {@code what} and the log.
   */
  private static void run(List<String> cmd, Map<String, String> env, Path log, String what)
      throws IOException, InterruptedException, SideFailed {
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
    pb.environment().putAll(env);
    int rc = pb.start().waitFor();
    if (rc != 0) {
      throw new SideFailed(what + " exited with " + rc + "; see " + log);
    }
  }

  /**
   * Refuses a {@code -Dkey=value} in {@code --jmh} that carries a credential
   * ({@link SecretsFile#isSecret}): the GraphJ codec benchmarks read none, and the option would
   * reach two command lines (this run's JMH host and its fork) that {@code ps} shows.
   *
   * @throws IllegalArgumentException naming the property, not its value
   */
  static void refuseCredentials(String jmhOpts) {
    for (String word : split(jmhOpts)) {
      int eq = word.indexOf('=');
      if (word.startsWith("-D") && eq > 2 && SecretsFile.isSecret(word.substring(2, eq), word.substring(eq + 1))) {
        throw new IllegalArgumentException("--jmh: -D" + word.substring(2, eq) + " carries a credential; graphd's"
            + " GraphJ benchmarks read none, and a command line is visible to every user of the machine: leave it out");
      }
    }
  }

  private static List<String> split(String opts) {
    return opts.isBlank() ? List.of() : List.of(opts.trim().split("\\s+"));
  }

  /**
   * One compared row.
   *
   * @param label the pair's label
   * @param criterionId graphd's benchmark id
   * @param dbbenchNs dbbench's time per block, ns/op (JMH's score)
   * @param graphdNs graphd's time per block, ns/op (criterion's estimate)
   * @param ratio dbbench / graphd, geometric mean over the blocks
   * @param low lower end of the 95% interval of the ratio (NaN below {@link Stats#MIN_PAIRS} blocks)
   * @param high upper end, likewise
   */
  public record Row(String label, String criterionId, double[] dbbenchNs, double[] graphdNs, double ratio, double low,
      double high) {
    /** "at or below graphd", "above graphd", "not separated" or "no interval" (too few blocks). */
    public String verdict() {
      if (Double.isNaN(high)) {
        return "no interval";
      }
      return high <= 1.0 ? "at or below graphd" : low > 1.0 ? "above graphd" : "not separated";
    }
  }

  /**
   * The analysis of a run directory.
   *
   * @param dir the run directory
   * @param blocks the blocks found (directories {@code block-K} with both sides' results)
   * @param rows one per pair present on both sides
   * @param machine per block, the machine's state around each side ({@code machine.json})
   */
  public record Summary(Path dir, int blocks, List<Row> rows, List<JsonNode> machine) {
    /** The summary as Markdown: a table of the rows, then the machine's state per block. */
    public String markdown() {
      StringBuilder sb = new StringBuilder();
      sb.append("# graphd's graphj_bench beside dbbench, interleaved (").append(blocks).append(" blocks)\n\n");
      sb.append("ratio = dbbench time / graphd time per block; estimate = geometric mean over blocks, 95% Student-t"
          + " interval of the log ratios. dbbench: JMH avgt, one fork per block, context=perCall, text corpus;"
          + " graphd: criterion's estimate.\n\n");
      sb.append("| row | graphd group | dbbench median | graphd median | ratio | 95% interval | verdict | per block |\n");
      sb.append("|---|---|---:|---:|---:|---|---|---|\n");
      for (Row r : rows) {
        StringBuilder per = new StringBuilder();
        for (int i = 0; i < r.dbbenchNs().length; i++) {
          per.append(i == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.2f", r.dbbenchNs()[i] / r.graphdNs()[i]));
        }
        sb.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %.2fx | %s | %s | %s |%n", r.label(), r.criterionId(),
            Units.time(Stats.median(r.dbbenchNs()) / 1e9), Units.time(Stats.median(r.graphdNs()) / 1e9), r.ratio(),
            Double.isNaN(r.low()) ? "" : String.format(Locale.ROOT, "[%.2f, %.2f]", r.low(), r.high()), r.verdict(), per));
      }
      sb.append("\nMachine per block (steal %, busy %, 1-min load after the side; busy includes the benchmark itself):\n\n");
      sb.append("| block | order | graphd steal | graphd busy | graphd load | dbbench steal | dbbench busy | dbbench load |\n");
      sb.append("|---:|---|---:|---:|---:|---:|---:|---:|\n");
      for (int i = 0; i < machine.size(); i++) {
        JsonNode m = machine.get(i);
        sb.append(String.format(Locale.ROOT, "| %d | %s | %s | %s | %s | %s | %s | %s |%n", i + 1, m.path("order").asText(),
            num(m.path("graphd").path("steal_pct")), num(m.path("graphd").path("busy_pct")), num(m.path("graphd").path("load1_after")),
            num(m.path("dbbench").path("steal_pct")), num(m.path("dbbench").path("busy_pct")), num(m.path("dbbench").path("load1_after"))));
      }
      return sb.toString();
    }
  }

  private static String num(JsonNode n) {
    return n.isNumber() ? String.format(Locale.ROOT, "%.1f", n.asDouble()) : "";
  }



  /**
   * Reads every {@code block-K} of {@code dir} (K = 1, 2, ... until one is missing) and pairs the
   * rows of {@link #PAIRS}; a pair is a row when both sides have it in every block read.
   *
   * @throws IOException when a block's files cannot be read
   * @throws ReportException when a block's {@code jmh.json} is not JMH's JSON
   * @throws IllegalArgumentException when {@code dir} has no complete block
   */
  public static Summary analyze(Path dir) throws IOException, ReportException {
    List<List<JmhResult>> jmh = new ArrayList<>();
    List<Path> crit = new ArrayList<>();
    List<JsonNode> machine = new ArrayList<>();
    for (int k = 1; Files.isRegularFile(dir.resolve("block-" + k).resolve("jmh.json"))
        && Files.isDirectory(dir.resolve("block-" + k).resolve("criterion")); k++) {
      Path b = dir.resolve("block-" + k);
      jmh.add(JmhJson.read(b.resolve("jmh.json")));
      crit.add(b.resolve("criterion"));
      Path m = b.resolve("machine.json");
      machine.add(Files.isRegularFile(m) ? MAPPER.readTree(m.toFile()) : MAPPER.createObjectNode());
    }
    if (jmh.isEmpty()) {
      throw new IllegalArgumentException(dir + ": no block-1 with both jmh.json and criterion/ (expected block-K directories"
          + " written by a run)");
    }
    int n = jmh.size();
    List<Row> rows = new ArrayList<>();
    for (Pair p : PAIRS) {
      double[] d = new double[n];
      double[] g = new double[n];
      boolean complete = true;
      for (int i = 0; i < n && complete; i++) {
        Double dv = first(jmh.get(i), p::matches);
        Double gv = criterionNs(crit.get(i), p.criterionId());
        if (dv == null || gv == null) {
          complete = false;
        } else {
          d[i] = dv;
          g[i] = gv;
        }
      }
      if (!complete) {
        continue;
      }
      double[][] a = new double[n][];
      double[][] b = new double[n][];
      for (int i = 0; i < n; i++) {
        a[i] = new double[] {g[i]};
        b[i] = new double[] {d[i]};
      }
      Stats.PairedChange c = Stats.pairedChange(a, b);
      rows.add(new Row(p.label(), p.criterionId(), d, g, 1 + c.changePct() / 100, 1 + c.ciLow() / 100, 1 + c.ciHigh() / 100));
    }
    return new Summary(dir, n, rows, machine);
  }

  private static Double first(List<JmhResult> rs, Predicate<JmhResult> p) {
    for (JmhResult r : rs) {
      if (p.test(r)) {
        return r.primary().score();
      }
    }
    return null;
  }

  /**
   * criterion's figure for one benchmark, ns: the slope estimate of {@code ID/new/estimates.json}
   * under {@code criterionHome} (the time criterion prints), or its mean where there is no slope;
   * null when the file is absent.
   *
   * @throws IOException when the file exists but cannot be read or parsed
   */
  static Double criterionNs(Path criterionHome, String id) throws IOException {
    Path f = criterionHome.resolve(id).resolve("new").resolve("estimates.json");
    if (!Files.isRegularFile(f)) {
      return null;
    }
    JsonNode e = MAPPER.readTree(f.toFile());
    JsonNode slope = e.path("slope").path("point_estimate");
    return slope.isNumber() ? slope.asDouble() : e.path("mean").path("point_estimate").asDouble();
  }

  /** Writes {@code summary.json} and {@code summary.md} into {@code dir}. */
  static void write(Path dir, Summary s) throws IOException {
    List<Map<String, Object>> rows = new ArrayList<>();
    for (Row r : s.rows()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("row", r.label());
      m.put("graphd_group", r.criterionId());
      m.put("dbbench_ns", r.dbbenchNs());
      m.put("graphd_ns", r.graphdNs());
      m.put("ratio", r.ratio());
      m.put("ci_low", Double.isNaN(r.low()) ? null : r.low());
      m.put("ci_high", Double.isNaN(r.high()) ? null : r.high());
      m.put("verdict", r.verdict());
      rows.add(m);
    }
    Map<String, Object> top = new LinkedHashMap<>();
    top.put("blocks", s.blocks());
    top.put("rows", rows);
    Files.writeString(dir.resolve("summary.json"), MAPPER.writeValueAsString(top));
    Files.writeString(dir.resolve("summary.md"), s.markdown());
  }
}
