package io.dbbench.graphj;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.dbbench.core.FileTrees;
import io.dbbench.core.KnownSecrets;
import io.dbbench.core.SecretsFile;
import io.dbbench.core.Version;
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
import java.util.Arrays;
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
 * graphd's own criterion benchmarks and dbbench's JMH rows that do the same work, run in
 * interleaved blocks on one machine, with each row's ratio (dbbench time / graphd time) and its 95%
 * interval over the blocks. Two suites ({@link Suite}): {@code graphj}, graphd's
 * {@code benches/graphj_bench.rs} against the GraphJ codec rows ({@link #PAIRS}), and
 * {@code throughput}, graphd's {@code benches/throughput_bench.rs} against the graph family on the
 * same LadybugDB library ({@link #THROUGHPUT_PAIRS}). Every pair says where its two sides do
 * different work, and the summary lists it under the table.
 *
 * <pre>
 * scripts/graphd-vs-dbbench.sh --graphd ~/src/graphd --blocks 8     # builds graphd's bench, then runs this
 * scripts/graphd-vs-dbbench.sh --graphd ~/src/graphd --suite throughput --blocks 6
 * java -cp target/benchmarks.jar io.dbbench.graphj.GraphdSideBySide --graphd-bench BIN --blocks 8
 * java -cp target/benchmarks.jar io.dbbench.graphj.GraphdSideBySide --analyze DIR     # re-analyse blocks
 * </pre>
 *
 * <p>Each block runs both sides once, in the paired runner's order (graphd first in odd blocks,
 * dbbench first in even ones: {@code io.dbbench.run.PairedBlocks}, started by
 * {@code io.dbbench.PairedMain graphd}), so that a drift over the run hits both alike. graphd's side is
 * one run of its criterion binary over the suite's groups (its {@code new/estimates.json}
 * per group, under {@code block-K/criterion/}; the figure criterion prints, the slope estimate,
 * or the mean where it has no slope); dbbench's side is one JMH fork per row, average time
 * ({@code -bm avgt -tu ns}; graphj: text corpus, with {@code context=perCall}, graphd's call:
 * {@code zstd::encode_all}'s stream of unknown size and {@code decode_all}'s streaming decode, each
 * through a fresh context into a fresh array ({@link ZstdCodec}); throughput: {@code engine=ladybug},
 * {@code journal=off}, {@value #THROUGHPUT_NODES} entities, each row through the graph clients
 * {@code --clients} names, LadybugDB's Java API and/or its C API), run by {@link io.dbbench.JmhMain} (a
 * benchmark that fails fails the side), with the machine's state per fork
 * ({@link io.dbbench.profile.MachineStateProfiler}); both sides get the machine's state around them
 * from the runner, with their own processes' CPU ({@code machine.json}). A block is a pair: the ratio of a row is
 * {@link Stats#pairedChange} over the blocks (the Student-t interval of the per-block log
 * ratios). A row is "at or below graphd" only when the interval's upper end is at most 1.0x.
 *
 * <p>In the graphj suite the AEAD rows do the same work on both sides (graphd builds the cipher
 * and the 40-byte AAD per call, as dbbench does); {@code compress_encrypt} is dbbench's whole seal
 * ({@link GraphjCodec#seal}); both {@code compaction} sides read the 5 sealed-raw text segments,
 * merge them into one sealed archive and write it with a final sync (dbbench {@code sink=file}).
 *
 * <p>Writes {@code block-K/} ({@code jmh.json}, {@code criterion/} with each benchmark's {@code new/}, logs,
 * {@code machine.json}),
 * {@code summary.json} and {@code summary.md}. Exit status 0 done, 2 bad input or a side that
 * failed (its log named).
 */
@Command(name = "graphd-vs-dbbench", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Run graphd's criterion GraphJ benchmark and dbbench's matching JMH rows in interleaved blocks"
        + " and report dbbench / graphd per row with a 95%% interval.")
public class GraphdSideBySide implements Callable<Integer> {
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
   * @param differs where the two sides do different work, or empty when they do the same
   */
  public record Pair(String label, String benchmark, Map<String, String> params, String criterionId, String differs) {
    /** Copies the map. */
    public Pair {
      params = Map.copyOf(params);
    }

    /** A pair whose two sides do the same work. */
    public Pair(String label, String benchmark, Map<String, String> params, String criterionId) {
      this(label, benchmark, params, criterionId, "");
    }

    boolean matches(JmhResult r) {
      return (r.simpleClassName() + "." + r.method()).equals(benchmark)
          && params.entrySet().stream().allMatch(e -> e.getValue().equals(r.params().getOrDefault(e.getKey(),
              PARAM_DEFAULTS.get(e.getKey()))));
    }

    /** The graph client the row runs ({@code javaApi} or {@code cApi}); {@code javaApi} when it names none. */
    String client() {
      return params.getOrDefault("client", PARAM_DEFAULTS.get("client"));
    }
  }

  /**
   * The value a JMH row had for a parameter its benchmark did not yet declare when it ran:
   * {@code client} came with the C-API client, and rows from before it ran LadybugDB's Java API.
   */
  static final Map<String, String> PARAM_DEFAULTS = Map.of("client", "javaApi");

  /** The graph clients of the throughput suite ({@code GraphClient}): LadybugDB's Java API (JNI) and its C API (FFM). */
  static final List<String> CLIENTS = List.of("javaApi", "cApi");

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
    // context=perCall is graphd's call (ZstdCodec): the same stream of unknown size, the same frames
    // byte for byte, a fresh context and a fresh output array per call on both sides, so the zstd
    // rows do the same work; what is left is the binding (JNI against Rust's FFI) and the allocator
    List<Pair> p = new ArrayList<>();
    for (String level : List.of("1", "3", "6", "9", "15", "22")) {
      p.add(new Pair("compress level=" + level + " perCall", "GraphjCompressBenchmark.compress",
          Map.of("level", level, "context", "perCall"), "compression_levels/" + level));
    }
    p.add(new Pair("decompress perCall", "GraphjCompressBenchmark.decompress", Map.of("context", "perCall"),
        "decompression/zstd_level_3", "both stream graphd's level-3 frame through a fresh context into an array"
            + " that doubles from 32 bytes; a Java array cannot keep spare capacity, so dbbench cuts the result"
            + " to size with one copy of the 12 KB, which Rust's Vec does not need"));
    for (String provider : List.of("jdk", "libcrypto")) {
      p.add(new Pair("encrypt " + provider, "GraphjCryptoBenchmark.encrypt", Map.of("provider", provider), "encryption/encrypt"));
      p.add(new Pair("decrypt " + provider, "GraphjCryptoBenchmark.decrypt", Map.of("provider", provider), "decryption/decrypt"));
      p.add(new Pair("compressEncrypt " + provider, "GraphjCryptoBenchmark.compressEncrypt", Map.of("provider", provider),
          "compress_encrypt/compress_then_encrypt", "dbbench's row is the whole seal (zstd level 3, encrypt with the"
              + " final header as AAD, and the SHA-256 of the body the header carries); graphd's stops after the"
              + " encryption, so dbbench does one SHA-256 more"));
    }
    p.add(new Pair("headerEncode", "GraphjHeaderBenchmark.headerEncode", Map.of(), "header_encode"));
    p.add(new Pair("headerDecode", "GraphjHeaderBenchmark.headerDecode", Map.of(), "header_decode"));
    for (String[] c : new String[][] {{"raw", "no_compress"}, {"zstd", "with_compress"}, {"zstdEncrypted", "compress_encrypt"}}) {
      p.add(new Pair("compact " + c[0], "GraphjCompactBenchmark.compact", Map.of("variant", c[0], "sink", "file"),
          "compaction/compact_5_segments_" + c[1], "both write one file per call and fsync it (graphd creates, writes and"
              + " syncs its output, then removes it; dbbench writes and syncs a temporary file and renames it over the"
              + " last call's archive); dbbench also checks each input's SHA-256, which graphd does not for sealed-raw inputs"));
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

  /** The criterion filter of graphd's side: every group named in {@link #PAIRS}. */
  static final String CRITERION_FILTER = "^(compression_levels/(1|3|6|9|15|22)|decompression/zstd_level_3"
      + "|encryption/encrypt|decryption/decrypt|compress_encrypt/compress_then_encrypt|header_encode|header_decode"
      + "|compaction/compact_5_segments_(no_compress|with_compress|compress_encrypt)|data_sizes/(compress|encrypt)/[0-9]+)$";

  /**
   * The preload of dbbench's graph rows in the throughput suite: 10,000 entities, graphd's
   * {@code read_throughput} preload and the largest {@code LIMIT} it reads.
   */
  static final int THROUGHPUT_NODES = 10_000;

  /**
   * The rows of the throughput suite against graphd's {@code benches/throughput_bench.rs}, on
   * LadybugDB ({@code engine=ladybug}): every criterion group with its row of graphd's form
   * ({@code GraphdThroughputBenchmark}, label {@code graphd-form ...}: graphd's preloads, literal
   * queries compiled per call, auto-commits, {@code RETURN n} converted as the lbug crate does), the
   * same work, and with the row of dbbench's form that a Java user would write
   * ({@code GraphReadBenchmark}, {@code GraphWriteBenchmark}, {@code journal=off}, label
   * {@code dbbench-form ...}), each saying where its work differs.
   */
  public static final List<Pair> THROUGHPUT_PAIRS = withClients(throughputPairs());

  /**
   * Every pair once per graph client: the Java API's (JNI) row as labelled, with {@code client=javaApi},
   * and the C API's (FFM) with {@code client=cApi} and the label's form followed by {@code cApi}, e.g.
   * {@code graphd-form cApi scanLimit limit=1000}: the same work through another client.
   */
  private static List<Pair> withClients(List<Pair> javaApi) {
    List<Pair> out = new ArrayList<>();
    for (String client : CLIENTS) {
      for (Pair p : javaApi) {
        Map<String, String> params = new LinkedHashMap<>(p.params());
        params.put("client", client);
        out.add(new Pair(client.equals("javaApi") ? p.label() : cApiLabel(p.label()), p.benchmark(), params,
            p.criterionId(), p.differs()));
      }
    }
    return List.copyOf(out);
  }

  /** The C-API twin of a Java-API row's label: {@code cApi} after its form, e.g. {@code graphd-form cApi matchById}. */
  static String cApiLabel(String javaApiLabel) {
    int space = javaApiLabel.indexOf(' ');
    return javaApiLabel.substring(0, space) + " cApi" + javaApiLabel.substring(space);
  }

  private static List<Pair> throughputPairs() {
    List<Pair> p = new ArrayList<>();
    // graphd's form: the same work as graphd's group, so every ratio compares the same work
    String grows = "graphd keeps one database for the group, which grows over its samples; graphd's form starts"
        + " every iteration from a fresh copy of the group's preload";
    Map<String, String> ladybug = Map.of("engine", "ladybug");
    String g = "GraphdThroughputBenchmark.";
    p.add(new Pair("graphd-form matchById", g + "matchById", ladybug, "simple_match/match_by_id"));
    p.add(new Pair("graphd-form matchAllLimit10", g + "matchAllLimit10", ladybug, "simple_match/match_all_limit_10"));
    p.add(new Pair("graphd-form createNode", g + "createNode", ladybug, "simple_writes/create_node", grows));
    for (String n : List.of("1", "10", "100", "1000")) {
      p.add(new Pair("graphd-form batchInsert batchSize=" + n, g + "batchInsert", Map.of("engine", "ladybug",
          "batchSize", n), "write_throughput/batch_insert/" + n));
    }
    p.add(new Pair("graphd-form explicitTransaction10Writes", g + "explicitTransaction10Writes", ladybug,
        "transaction_throughput/explicit_transaction_10_writes", grows));
    p.add(new Pair("graphd-form createRelationship", g + "createRelationship", ladybug,
        "relationship_creation/create_relationship", grows));
    p.add(new Pair("graphd-form mergeCreate", g + "mergeCreate", ladybug, "merge_operations/merge_create", grows));
    p.add(new Pair("graphd-form mergeUpdate", g + "mergeUpdate", ladybug, "merge_operations/merge_update",
        "graphd's database also holds the entities its merge_create wrote before; graphd's form holds 'static' alone"));
    for (String n : List.of("10", "100", "1000", "10000")) {
      p.add(new Pair("graphd-form scanLimit limit=" + n, g + "scanLimit", Map.of("engine", "ladybug", "limit", n,
          "projection", "node"), "read_throughput/scan_limit/" + n));
    }
    p.add(new Pair("graphd-form twoHopTraversal", g + "twoHopTraversal", ladybug, "complex_queries/two_hop_traversal"));
    // dbbench's form: what a Java user would write (prepared statements, 10,000 entities, one transaction per batch)
    String literal = "graphd sends a literal query (compiled on every call); dbbench a prepared statement with"
        + " parameters";
    String reset = "; graphd's database grows over the samples (nothing is reset), dbbench's starts every"
        + " iteration from the same preloaded copy";
    Map<String, String> read = ladybug;
    Map<String, String> write = Map.of("engine", "ladybug", "journal", "off");
    p.add(new Pair("dbbench-form matchById", "GraphReadBenchmark.matchById", read, "simple_match/match_by_id",
        literal + "; graphd reads id '500' of 1,000 nodes every call, dbbench a seeded random id of 10,000"));
    p.add(new Pair("dbbench-form matchAllLimit10", "GraphReadBenchmark.matchAllLimit10", read,
        "simple_match/match_all_limit_10", "graphd's table holds 1,000 nodes, dbbench's 10,000"));
    p.add(new Pair("dbbench-form createInlined", "GraphWriteBenchmark.createInlined", write, "simple_writes/create_node",
        "dbbench's name and id strings differ in length from graphd's" + reset));
    p.add(new Pair("dbbench-form createWithParams", "GraphWriteBenchmark.createWithParams", write,
        "simple_writes/create_node", literal + reset));
    for (String n : List.of("1", "10", "100", "1000")) {
      Map<String, String> m = new LinkedHashMap<>(write);
      m.put("batchSize", n);
      p.add(new Pair("dbbench-form writeBatch batchSize=" + n, "GraphWriteBenchmark.writeBatch", m,
          "write_throughput/batch_insert/" + n, "graphd's batch is " + n + " auto-committed CREATEs (literal), dbbench's "
              + n + " prepared CREATEs inside one BEGIN TRANSACTION ... COMMIT" + reset));
    }
    p.add(new Pair("dbbench-form autoCommit10Writes", "GraphWriteBenchmark.autoCommit10Writes", write,
        "write_throughput/batch_insert/10", literal + reset));
    p.add(new Pair("dbbench-form transaction10Writes", "GraphWriteBenchmark.transaction10Writes", write,
        "transaction_throughput/explicit_transaction_10_writes", literal + reset));
    p.add(new Pair("dbbench-form createRelationship", "GraphWriteBenchmark.createRelationship", write,
        "relationship_creation/create_relationship", literal + "; graphd links consecutive ids among 100 nodes,"
            + " dbbench seeded random pairs among 10,000" + reset));
    p.add(new Pair("dbbench-form mergeCreate", "GraphWriteBenchmark.mergeCreate", write, "merge_operations/merge_create",
        literal + reset));
    p.add(new Pair("dbbench-form mergeUpdate", "GraphWriteBenchmark.mergeUpdate", write, "merge_operations/merge_update",
        literal));
    for (String n : List.of("10", "100", "1000", "10000")) {
      Map<String, String> m = new LinkedHashMap<>(read);
      m.put("limit", n);
      p.add(new Pair("dbbench-form readLimit limit=" + n, "GraphReadBenchmark.readLimit", m,
          "read_throughput/scan_limit/" + n, "graphd formats the LIMIT into the query text, dbbench binds it as a"
              + " parameter"));
    }
    p.add(new Pair("dbbench-form twoHopTraversal", "GraphReadBenchmark.twoHopTraversal", read,
        "complex_queries/two_hop_traversal", literal + "; graphd starts at id '0' of a 50-edge chain among 100 nodes"
            + " (2 rows), dbbench at a seeded random node of 10,000, each with a ring edge and a random edge out (up to"
            + " 6 rows)"));
    return List.copyOf(p);
  }

  /** Which of graphd's criterion benchmarks is set beside which of dbbench's JMH rows. */
  public enum Suite {
    /** graphd's {@code benches/graphj_bench.rs} against dbbench's GraphJ codec rows ({@link #PAIRS}). */
    GRAPHJ("graphj_bench", PAIRS, CRITERION_FILTER, "--warm-up-time 2 --measurement-time 4",
        "graphd-vs-dbbench-"),
    /**
     * graphd's {@code benches/throughput_bench.rs} (the engine in-process through the {@code lbug}
     * crate) against dbbench's graph family on the same LadybugDB library ({@link #THROUGHPUT_PAIRS}).
     */
    THROUGHPUT("throughput_bench", THROUGHPUT_PAIRS,
        "^(simple_match/(match_by_id|match_all_limit_10)|simple_writes/create_node|write_throughput/batch_insert/"
            + "(1|10|100|1000)|transaction_throughput/explicit_transaction_10_writes|relationship_creation/"
            + "create_relationship|merge_operations/merge_(create|update)|read_throughput/scan_limit/(10|100|1000|10000)"
            + "|complex_queries/two_hop_traversal)$",
        // criterion's 100 samples of a 1,000-write batch take minutes; 10 samples bound a group's time
        "--warm-up-time 2 --measurement-time 4 --sample-size 10", "graphd-throughput-vs-dbbench-");

    /** graphd's bench target, e.g. {@code graphj_bench}. */
    public final String bench;
    /** The compared rows. */
    public final List<Pair> pairs;
    /** The criterion filter selecting graphd's side. */
    public final String criterionFilter;
    /** criterion's options when {@code --criterion} is not given. */
    public final String criterionDefaults;
    /** The default output directory's name, before the UTC stamp. */
    public final String dirPrefix;

    Suite(String bench, List<Pair> pairs, String criterionFilter, String criterionDefaults, String dirPrefix) {
      this.bench = bench;
      this.pairs = pairs;
      this.criterionFilter = criterionFilter;
      this.criterionDefaults = criterionDefaults;
      this.dirPrefix = dirPrefix;
    }

    /**
     * JMH's regex selecting dbbench's side: every benchmark method of {@link #pairs}
     * ({@link GraphdSideBySide#jmhRegex(List)}), so a pair cannot name a method the run leaves out.
     */
    public String jmhRegex() {
      return GraphdSideBySide.jmhRegex(pairs);
    }

    /** The spelling on the command line and in {@code settings.json}: {@code graphj} or {@code throughput}. */
    public String spelling() {
      return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The suite spelled {@code s}.
     *
     * @throws IllegalArgumentException naming {@code s} and the spellings accepted
     */
    public static Suite parse(String s) {
      for (Suite x : values()) {
        if (x.spelling().equals(s)) {
          return x;
        }
      }
      throw new IllegalArgumentException("--suite " + s + ": expected graphj or throughput");
    }
  }

  @Option(names = "--suite", defaultValue = "graphj", paramLabel = "NAME",
      description = "graphj (graphd's graphj_bench against the GraphJ codec rows) or throughput (graphd's"
          + " throughput_bench against the graph family on LadybugDB); default: ${DEFAULT-VALUE}.")
  String suiteName;

  @Option(names = "--graphd-bench", paramLabel = "BIN",
      description = "graphd's built bench executable of the suite (scripts/graphd-vs-dbbench.sh builds it from graphd's source).")
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

  @Option(names = "--criterion", paramLabel = "OPTS",
      description = "criterion options of graphd's side (default: --warm-up-time 2 --measurement-time 4, and"
          + " --sample-size 10 for throughput); --bench and --noplot are set.")
  String criterionOpts;

  @Option(names = {"-o", "--out"}, paramLabel = "DIR", description = "Output directory (default: results/graphd-vs-dbbench-<UTC>).")
  Path out;

  @Option(names = "--analyze", paramLabel = "DIR", description = "Only analyse the blocks already in DIR and rewrite its summary.")
  Path analyzeOnly;

  @Option(names = "--clients", defaultValue = "javaApi", paramLabel = "LIST",
      description = "The throughput suite's graph clients on dbbench's side, javaApi (LadybugDB's Java API, JNI) and/or"
          + " cApi (its C API through FFM, needs liblbug.so; scripts/build-ladybug.sh) (default: ${DEFAULT-VALUE}).")
  String clients;

  @Option(names = "--rows", paramLabel = "REGEX",
      description = "Run only the rows whose label contains a match of REGEX (e.g. 'compress|compact z' for the rows"
          + " that call zstd); default: every row of the suite.")
  String rows;

  /** Runs the command line and exits with its status. */
  public static void main(String[] args) {
    KnownSecrets.installOnStandardStreams();
    System.exit(new CommandLine(new GraphdSideBySide()).execute(args));
  }

  @Override
  public Integer call() {
    try {
      Suite suite = Suite.parse(suiteName);
      if (criterionOpts == null) {
        criterionOpts = suite.criterionDefaults;
      }
      if (analyzeOnly != null) {
        Summary s = analyze(analyzeOnly);
        write(analyzeOnly, s);
        System.out.print(s.markdown());
        return 0;
      }
      if (graphdBench == null) {
        throw new IllegalArgumentException("--graphd-bench is required (graphd's built " + suite.bench
            + " executable; scripts/graphd-vs-dbbench.sh builds it), or --analyze DIR");
      }
      if (!Files.isExecutable(graphdBench)) {
        throw new IllegalArgumentException("--graphd-bench " + graphdBench + ": not an executable file");
      }
      if (blocks < 1) {
        throw new IllegalArgumentException("--blocks " + blocks + ": expected at least 1 (4 or more for an interval)");
      }
      refuseCredentials(jmhOpts);
      Path dir = out != null ? out
          : Path.of("results", suite.dirPrefix + STAMP.format(ZonedDateTime.now(ZoneOffset.UTC)));
      Files.createDirectories(dir);
      Files.writeString(dir.resolve("settings.json"), MAPPER.writeValueAsString(settings(suite)));
      runBlocks(new Blocks(dir, blocks, graphdCommand(suite), dbbenchCommand(), dbbenchJmhArgs(suite)));
      for (int k = 1; k <= blocks; k++) {
        pruneCriterion(criterionHome(blockDir(dir, k)));
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
    }
  }

  /**
   * The suite's pairs that {@code --rows} selects: those whose label contains a match of its
   * regex; every pair without {@code --rows}.
   *
   * @throws IllegalArgumentException when the regex is malformed or selects no pair, naming it and the labels
   */
  List<Pair> selected(Suite suite) {
    List<String> wanted = clientList();
    List<Pair> ofClients = suite == Suite.THROUGHPUT
        ? suite.pairs.stream().filter(p -> wanted.contains(p.client())).toList() : suite.pairs;
    if (rows == null) {
      return ofClients;
    }
    java.util.regex.Pattern re;
    try {
      re = java.util.regex.Pattern.compile(rows);
    } catch (java.util.regex.PatternSyntaxException e) {
      throw new IllegalArgumentException("--rows " + rows + ": not a regular expression (" + e.getDescription() + ")");
    }
    List<Pair> out = ofClients.stream().filter(p -> re.matcher(p.label()).find()).toList();
    if (out.isEmpty()) {
      throw new IllegalArgumentException("--rows " + rows + ": matches no row of the " + suite.spelling()
          + " suite" + (suite == Suite.THROUGHPUT ? " with --clients " + String.join(",", wanted) : "") + "; its rows: "
          + ofClients.stream().map(Pair::label).collect(java.util.stream.Collectors.joining(", ")));
    }
    return out;
  }

  /**
   * {@code --clients} as a list (javaApi when unset).
   *
   * @throws IllegalArgumentException naming a value that is not a graph client, and the clients there are
   */
  List<String> clientList() {
    List<String> out = new ArrayList<>();
    for (String c : (clients == null || clients.isBlank() ? "javaApi" : clients).split(",")) {
      String t = c.trim();
      if (!CLIENTS.contains(t)) {
        throw new IllegalArgumentException("--clients " + clients + ": '" + t + "' is not a graph client; expected "
            + String.join(" and/or ", CLIENTS) + ", comma-separated");
      }
      if (!out.contains(t)) {
        out.add(t);
      }
    }
    return out;
  }

  /** criterion's filter for exactly {@code pairs}' benchmark ids, {@code ^(id|id...)$} with regex characters escaped. */
  static String criterionFilter(List<Pair> pairs) {
    return "^(" + pairs.stream().map(p -> escape(p.criterionId())).distinct()
        .collect(java.util.stream.Collectors.joining("|")) + ")$";
  }

  /** JMH's regex for {@code pairs}' benchmark methods ({@code Class.method}, any package). */
  static String jmhRegex(List<Pair> pairs) {
    return "\\.(" + pairs.stream().map(p -> escape(p.benchmark())).distinct()
        .collect(java.util.stream.Collectors.joining("|")) + ")$";
  }

  /** {@code s} with every regex metacharacter (Java and Rust alike) escaped by a backslash. */
  static String escape(String s) {
    StringBuilder b = new StringBuilder();
    for (char c : s.toCharArray()) {
      if ("\\.^$|?*+()[]{}".indexOf(c) >= 0) {
        b.append('\\');
      }
      b.append(c);
    }
    return b.toString();
  }

  /**
   * What one run of blocks needs: where the blocks go and each side's command. graphd's side is
   * one run of {@code graphdCommand} per block with {@code CRITERION_HOME} set to the block's
   * {@link #criterionHome} and its output in {@code criterion.log}; dbbench's side one JMH fork per
   * block ({@code dbbenchCommand dbbenchJmhArgs -f 1 -rf json -rff block-K/jmh.json}, output in
   * {@code jmh.log}). The machine around each side goes to the block's {@code machine.json}
   * ({@link #writeMachine}).
   *
   * @param dir the run directory
   * @param blocks how many blocks
   * @param graphdCommand graphd's criterion binary with its options and filter
   * @param dbbenchCommand the JMH runner's command ({@code java -cp ... io.dbbench.JmhMain})
   * @param dbbenchJmhArgs the JMH regex and options of dbbench's side, before {@code -f 1 -rf json -rff}
   */
  public record Blocks(Path dir, int blocks, List<String> graphdCommand, List<String> dbbenchCommand,
      List<String> dbbenchJmhArgs) {
    /** Copies the lists. */
    public Blocks {
      graphdCommand = List.copyOf(graphdCommand);
      dbbenchCommand = List.copyOf(dbbenchCommand);
      dbbenchJmhArgs = List.copyOf(dbbenchJmhArgs);
    }
  }

  /**
   * Runs the blocks. This room does not order them: the paired runner does, on the floor above
   * ({@code io.dbbench.PairedMain graphd}, which {@code ./dbbench graphd-side-by-side} starts, runs
   * this command with the blocks in its ABBA order). Here only {@code --analyze} runs.
   *
   * @throws SideFailed when a side fails
   * @throws IllegalArgumentException here: blocks are run by {@code io.dbbench.PairedMain graphd}
   */
  protected void runBlocks(Blocks run) throws IOException, SideFailed {
    throw new IllegalArgumentException("blocks run through ./dbbench graphd-side-by-side (io.dbbench.PairedMain graphd);"
        + " this class only analyses them (--analyze DIR)");
  }

  /** Block {@code k}'s directory: {@code dir/block-K}. */
  public static Path blockDir(Path dir, int k) {
    return dir.resolve("block-" + k);
  }

  /** Where graphd's criterion writes in a block ({@code CRITERION_HOME}): {@code block-K/criterion}. */
  public static Path criterionHome(Path block) {
    return block.resolve("criterion");
  }

  /**
   * Writes a block's {@code machine.json}: each side's machine state (its {@code MachineState.Interval}
   * facts, own CPU seconds) under its name ({@code graphd}, {@code dbbench}), and {@code order}, the
   * sides' names in the order they ran, e.g. {@code graphd, dbbench}.
   */
  public static void writeMachine(Path block, List<String> order, Map<String, Map<String, Object>> sides)
      throws IOException {
    Map<String, Object> machine = new LinkedHashMap<>(sides);
    machine.put("order", String.join(", ", order));
    Files.writeString(block.resolve("machine.json"), MAPPER.writeValueAsString(machine));
  }

  private Map<String, Object> settings(Suite suite) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("suite", suite.spelling());
    m.put("graphd_bench", graphdBench.toString());
    m.put("graphd_commit", graphdCommit);
    m.put("blocks", blocks);
    m.put("jmh", String.join(" ", jmhParams(suite)) + " " + jmhOpts + " -f 1 -bm avgt -tu ns");
    m.put("criterion", criterionOpts + " --bench --noplot");
    m.put("providers", providers);
    if (suite == Suite.THROUGHPUT) {
      m.put("clients", clientList());
    }
    m.put("rows", selected(suite).stream().map(Pair::label).toList());
    m.put("java", System.getProperty("java.home"));
    m.put("java_version", System.getProperty("java.version"));
    return m;
  }

  /** A side's process failed; the message names its log. */
  public static final class SideFailed extends Exception {
    private static final long serialVersionUID = 1L;

    /** @param message one line naming the side and its log */
    public SideFailed(String message) {
      super(message);
    }
  }

  /** graphd's side of one block: its criterion binary over the suite's (or {@code --rows}') groups. */
  List<String> graphdCommand(Suite suite) {
    List<String> cmd = new ArrayList<>(List.of(graphdBench.toString(), "--bench", "--noplot"));
    cmd.addAll(split(criterionOpts));
    cmd.add(rows == null ? suite.criterionFilter : criterionFilter(selected(suite)));
    return cmd;
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

  /** The JMH parameters of dbbench's side: the values every pair of the suite names. */
  List<String> jmhParams(Suite suite) {
    if (suite == Suite.THROUGHPUT) {
      return List.of("-p", "engine=ladybug", "-p", "client=" + String.join(",", clientList()), "-p", "journal=off",
          "-p", "nodes=" + THROUGHPUT_NODES, "-p", "limit=10,100,1000,10000", "-p", "batchSize=1,10,100,1000",
          "-p", "projection=node");
    }
    return List.of("-p", "corpus=text", "-p", "level=1,3,6,9,15,22", "-p", "context=perCall", "-p", "provider=" + providers,
        "-p", "variant=raw,zstd,zstdEncrypted", "-p", "sink=file", "-p", "queries=" + DATA_SIZES.stream().map(String::valueOf)
            .collect(java.util.stream.Collectors.joining(",")));
  }

  /** The JMH runner of dbbench's side: this JVM's java on this class path, {@link io.dbbench.JmhMain}. */
  static List<String> dbbenchCommand() {
    return List.of(io.dbbench.core.ChildJvm.thisJava(), "-cp", System.getProperty("java.class.path"), "io.dbbench.JmhMain");
  }

  /**
   * dbbench's side of one block, after the command: the suite's (or {@code --rows}') regex, its
   * parameters, {@code --jmh}'s options, average time in ns and the machine-state profiler
   * (the runner adds {@code -f 1 -rf json -rff}).
   */
  List<String> dbbenchJmhArgs(Suite suite) {
    List<String> cmd = new ArrayList<>(List.of(jmhRegex(selected(suite))));
    cmd.addAll(jmhParams(suite));
    cmd.addAll(split(jmhOpts));
    cmd.addAll(List.of("-bm", "avgt", "-tu", "ns", "-prof", MachineStateProfiler.class.getName()));
    return cmd;
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
   * One row of the throughput suite through both graph clients.
   *
   * @param label the Java-API row's label (its C-API twin is the same with {@code cApi} after the form)
   * @param criterionId graphd's benchmark id
   * @param javaApiNs the Java API's time per block, ns/op
   * @param cApiNs the C API's time per block, ns/op
   * @param ratio Java API / C API, geometric mean over the blocks
   * @param low lower end of its 95% interval (NaN below {@link Stats#MIN_PAIRS} blocks)
   * @param high upper end, likewise
   * @param rowsReturned rows the query returns per operation (0 for writes and rows whose count varies)
   * @param extraNsPerRow the Java API's time beyond the C API's per row returned, ns, with its interval
   *     (NaN when {@code rowsReturned} is 0)
   */
  public record ClientRow(String label, String criterionId, double[] javaApiNs, double[] cApiNs, double ratio,
      double low, double high, int rowsReturned, Stats.PairedDifference extraNsPerRow) {

    static ClientRow of(Row javaApi, Row cApi) {
      int n = javaApi.dbbenchNs().length;
      Stats.PairedChange c = perBlock(cApi.dbbenchNs(), javaApi.dbbenchNs());
      int rows = rowsReturned(javaApi.criterionId());
      Stats.PairedDifference d = rows > 0
          ? Stats.pairedDifference(Arrays.stream(cApi.dbbenchNs()).map(v -> v / rows).toArray(),
              Arrays.stream(javaApi.dbbenchNs()).map(v -> v / rows).toArray())
          : new Stats.PairedDifference(Double.NaN, Double.NaN, Double.NaN, n);
      return new ClientRow(javaApi.label(), javaApi.criterionId(), javaApi.dbbenchNs(), cApi.dbbenchNs(),
          1 + c.changePct() / 100, 1 + c.ciLow() / 100, 1 + c.ciHigh() / 100, rows, d);
    }

    /**
     * Rows a throughput_bench read returns per call, from its query (graphd's benches/throughput_bench.rs at
     * 7628b1d): {@code LIMIT N} over 10,000 nodes returns N, {@code match_all_limit_10} 10,
     * {@code match_by_id} 1; 0 for writes and for the two-hop query, whose count differs between the forms.
     */
    static int rowsReturned(String criterionId) {
      if (criterionId.startsWith("read_throughput/scan_limit/")) {
        return Integer.parseInt(criterionId.substring(criterionId.lastIndexOf('/') + 1));
      }
      return switch (criterionId) {
        case "simple_match/match_all_limit_10" -> 10;
        case "simple_match/match_by_id" -> 1;
        default -> 0;
      };
    }
  }

  /**
   * The analysis of a run directory.
   *
   * @param dir the run directory
   * @param suite the suite the blocks ran ({@code settings.json}'s {@code suite}; graphj when absent)
   * @param blocks the blocks found (directories {@code block-K} with both sides' results)
   * @param rows one per pair present on both sides
   * @param machine per block, the machine's state around each side ({@code machine.json})
   */
  public record Summary(Path dir, Suite suite, int blocks, List<Row> rows, List<JsonNode> machine) {
    /**
     * Every row run through both graph clients, the Java API's time against the C API's on the same
     * work in the same blocks (both ran in each block's one JMH fork): one per Java-API row whose
     * {@code cApi} twin is present.
     */
    public List<ClientRow> clientRows() {
      List<ClientRow> out = new ArrayList<>();
      for (Row j : rows) {
        int space = j.label().indexOf(' ');
        if (space < 0 || j.label().startsWith("cApi", space + 1)) {
          continue;
        }
        String twin = cApiLabel(j.label());
        rows.stream().filter(r -> r.label().equals(twin)).findFirst().ifPresent(c -> out.add(ClientRow.of(j, c)));
      }
      return out;
    }

    /** The summary as Markdown: a table of the rows, the two clients against each other, then the machine's state per block. */
    public String markdown() {
      StringBuilder sb = new StringBuilder();
      sb.append("# graphd's ").append(suite.bench).append(" beside dbbench, interleaved (").append(blocks)
          .append(" blocks)\n\n");
      sb.append("ratio = dbbench time / graphd time per block; estimate = geometric mean over blocks, 95% Student-t"
          + " interval of the log ratios. dbbench: JMH avgt, one fork per block, ")
          .append(suite == Suite.THROUGHPUT ? "LadybugDB (engine=ladybug), journal=off, " + THROUGHPUT_NODES
              + " preloaded entities" : "context=perCall (graphd's zstd::encode_all/decode_all call), text corpus")
          .append("; graphd: criterion's estimate.\n\n");
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
      List<Pair> differ = suite.pairs.stream()
          .filter(p -> !p.differs().isEmpty() && rows.stream().anyMatch(r -> r.label().equals(p.label()))).toList();
      if (!differ.isEmpty()) {
        sb.append("\nWhere the two do different work:\n\n");
        for (Pair p : differ) {
          sb.append("- ").append(p.label()).append(" / ").append(p.criterionId()).append(": ").append(p.differs())
              .append('\n');
        }
      }
      List<ClientRow> clientRows = clientRows();
      if (!clientRows.isEmpty()) {
        sb.append("\nLadybugDB's Java API (JNI) against its C API (FFM), dbbench's side, the same work in the same fork of"
            + " each block: ratio = Java API time / C API time; extra per row = (Java API - C API) / rows returned, mean"
            + " over blocks with its 95% Student-t interval.\n\n");
        sb.append("| row | Java API median | C API median | Java / C | 95% interval | rows | extra per row | 95% interval |\n");
        sb.append("|---|---:|---:|---:|---|---:|---:|---|\n");
        for (ClientRow c : clientRows) {
          boolean perRow = c.rowsReturned() > 0 && !Double.isNaN(c.extraNsPerRow().mean());
          sb.append(String.format(Locale.ROOT, "| %s | %s | %s | %.2fx | %s | %s | %s | %s |%n", c.label(),
              Units.time(Stats.median(c.javaApiNs()) / 1e9), Units.time(Stats.median(c.cApiNs()) / 1e9), c.ratio(),
              Double.isNaN(c.low()) ? "" : String.format(Locale.ROOT, "[%.2f, %.2f]", c.low(), c.high()),
              c.rowsReturned() > 0 ? Integer.toString(c.rowsReturned()) : "",
              perRow ? Units.time(c.extraNsPerRow().mean() / 1e9) : "",
              perRow && !Double.isNaN(c.extraNsPerRow().low()) ? "[" + Units.time(c.extraNsPerRow().low() / 1e9) + ", "
                  + Units.time(c.extraNsPerRow().high() / 1e9) + "]" : ""));
        }
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
   * rows of the suite named in {@code dir/settings.json} ({@link Suite#GRAPHJ} when it names none);
   * a pair is a row when both sides have it in every block read.
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
    Path settings = dir.resolve("settings.json");
    Suite suite = Files.isRegularFile(settings)
        ? Suite.parse(MAPPER.readTree(settings.toFile()).path("suite").asText("graphj")) : Suite.GRAPHJ;
    List<Row> rows = new ArrayList<>();
    for (Pair p : suite.pairs) {
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
      Stats.PairedChange c = perBlock(g, d);
      rows.add(new Row(p.label(), p.criterionId(), d, g, 1 + c.changePct() / 100, 1 + c.ciLow() / 100, 1 + c.ciHigh() / 100));
    }
    return new Summary(dir, suite, n, rows, machine);
  }

  /**
   * {@link Stats#pairedChange(java.util.Collection)} of one value a side per block: block {@code i} pairs
   * {@code baseline[i]} with {@code contender[i]}.
   */
  static Stats.PairedChange perBlock(double[] baseline, double[] contender) {
    List<double[]> blocks = new ArrayList<>();
    for (int i = 0; i < baseline.length; i++) {
      blocks.add(new double[] {baseline[i], contender[i]});
    }
    return Stats.pairedChange(blocks);
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
      s.suite().pairs.stream().filter(p -> p.label().equals(r.label())).findFirst()
          .ifPresent(p -> m.put("differs", p.differs()));
      rows.add(m);
    }
    Map<String, Object> top = new LinkedHashMap<>();
    top.put("suite", s.suite().spelling());
    top.put("blocks", s.blocks());
    top.put("rows", rows);
    List<Map<String, Object>> clientRows = new ArrayList<>();
    for (ClientRow c : s.clientRows()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("row", c.label());
      m.put("graphd_group", c.criterionId());
      m.put("java_api_ns", c.javaApiNs());
      m.put("c_api_ns", c.cApiNs());
      m.put("java_over_c", c.ratio());
      m.put("ci_low", Double.isNaN(c.low()) ? null : c.low());
      m.put("ci_high", Double.isNaN(c.high()) ? null : c.high());
      m.put("rows_returned", c.rowsReturned());
      m.put("extra_ns_per_row", Double.isNaN(c.extraNsPerRow().mean()) ? null : c.extraNsPerRow().mean());
      m.put("extra_ns_per_row_ci", Double.isNaN(c.extraNsPerRow().low()) ? null
          : List.of(c.extraNsPerRow().low(), c.extraNsPerRow().high()));
      clientRows.add(m);
    }
    if (!clientRows.isEmpty()) {
      top.put("java_api_vs_c_api", clientRows);
    }
    Files.writeString(dir.resolve("summary.json"), MAPPER.writeValueAsString(top));
    Files.writeString(dir.resolve("summary.md"), s.markdown());
  }
}
