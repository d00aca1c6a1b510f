package io.dbbench.graphj;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dbbench.core.Executables;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The physical limit beside the GraphJ figures: the native tools' own benchmarks on the same
 * corpus bytes the JMH benchmarks use, written as {@value #FILE_NAME} in a run directory.
 *
 * <ul>
 *   <li>{@code zstd -q -b<level> -i<seconds> FILE} for every benchmarked level: compression and
 *       decompression speed of the zstd CLI's in-memory benchmark (one reused context, the whole
 *       file as one block, wall time), which is what {@code context=reused} should approach.
 *   <li>{@code openssl speed -elapsed -evp chacha20-poly1305 -bytes N -seconds S}: the EVP
 *       ChaCha20-Poly1305 update loop on buffers of the corpus size, wall time ({@code -elapsed}),
 *       so it is measured like JMH's figures. It is ChaCha20, not XChaCha20: the HChaCha20 subkey
 *       (one 20-round block, well under a microsecond) is left out.
 * </ul>
 *
 * A tool that is not on {@code PATH} (or fails) is skipped with one line on the log and a reason
 * in the file; nothing throws for a missing tool.
 *
 * <p>Schema of {@value #FILE_NAME} ({@value #SCHEMA}); times in ns per operation on the whole
 * corpus, speeds in decimal MB/s (10^6 bytes/s, as zstd prints them):
 *
 * <pre>
 * {
 *   "schema": "dbbench.graphj.native-reference/1",
 *   "created_utc": "2026-11-23T17:30:00Z",
 *   "seconds": 1,                                   // -i / -seconds per measurement
 *   "corpora": [{"corpus": "text", "bytes": 11990, "sha256": "..."}, ...],
 *   "tools": {
 *     "zstd":    {"available": true, "version": "*** Zstandard CLI (64-bit) v1.5.4, ... ***", "reason": ""},
 *     "openssl": {"available": false, "version": "", "reason": "openssl not found on PATH"}
 *   },
 *   "zstd": [{"corpus": "text", "level": 1, "command": "zstd -q -b1 -i1 FILE",
 *             "input_bytes": 11990, "output_bytes": 289, "ratio": 41.488,
 *             "compress_mb_s": 1800.0, "decompress_mb_s": 3700.0,
 *             "compress_ns_per_op": 6661.1, "decompress_ns_per_op": 3240.5}, ...],
 *   "chacha20_poly1305": [{"corpus": "text", "command": "openssl speed ...", "bytes": 11990,
 *                          "kbytes_per_s": 3300145.7, "ns_per_op": 3633.2}, ...]
 * }
 * </pre>
 */
public final class NativeReference {
  /** File written into the output directory. */
  public static final String FILE_NAME = "native-reference.json";
  /** Schema id recorded in the file. */
  public static final String SCHEMA = "dbbench.graphj.native-reference/1";
  /** The zstd levels graphd's criterion group benchmarks (GraphjCompressBenchmark's full sweep). */
  public static final int[] LEVELS = {1, 3, 6, 9, 15, 22};

  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  private static final Pattern ZSTD_QUIET =
      Pattern.compile("(?m)^-(\\d+)\\s+(\\d+)\\s+\\(([\\d.]+)\\)\\s+([\\d.]+) MB/s\\s+([\\d.]+) MB/s\\s+(.*)$");
  private static final Pattern ZSTD_INPUT = Pattern.compile("input (\\d+) bytes");
  private static final Pattern OPENSSL_ROW = Pattern.compile("(?m)^(\\S+)\\s+([\\d.]+)k\\s*$");
  private static final Pattern OPENSSL_TYPE = Pattern.compile("(?m)^type\\s+(\\d+) bytes\\s*$");

  private NativeReference() {}

  /**
   * One {@code zstd -q -b<level>} line.
   *
   * @param level zstd level
   * @param inputBytes bytes of the input
   * @param outputBytes compressed bytes
   * @param ratio input / output, as zstd prints it
   * @param compressMBps compression speed, 10^6 bytes/s of input
   * @param decompressMBps decompression speed, 10^6 bytes/s of output
   */
  public record ZstdResult(int level, long inputBytes, long outputBytes, double ratio, double compressMBps,
      double decompressMBps) {
    /** ns to compress the whole input once. */
    public double compressNsPerOp() {
      return inputBytes * 1000.0 / compressMBps;
    }

    /** ns to decompress the whole input once. */
    public double decompressNsPerOp() {
      return inputBytes * 1000.0 / decompressMBps;
    }
  }

  /**
   * One {@code openssl speed -evp} row.
   *
   * @param cipher the cipher name openssl prints
   * @param bytes buffer size in bytes
   * @param kbytesPerSecond 1000s of bytes per second, as openssl prints it
   */
  public record AeadResult(String cipher, long bytes, double kbytesPerSecond) {
    /** ns to process one buffer. */
    public double nsPerOp() {
      return bytes * 1e6 / kbytesPerSecond;
    }
  }

  /**
   * Parses the output of {@code zstd -q -b<L> FILE} (zstd 1.4+): a header
   * {@code bench 1.5.4 : input 11990 bytes, 1 seconds, 0 KB blocks} and a line
   * {@code -1          289 (41.488) 434.67 MB/s  857.5 MB/s  FILE}.
   *
   * @throws IllegalArgumentException when no result line is found (the message quotes the output)
   */
  public static ZstdResult parseZstd(String output) {
    Matcher m = ZSTD_QUIET.matcher(output);
    Matcher in = ZSTD_INPUT.matcher(output);
    if (!m.find() || !in.find()) {
      throw new IllegalArgumentException("no 'zstd -q -b' result line in: " + abbreviate(output));
    }
    return new ZstdResult(Integer.parseInt(m.group(1)), Long.parseLong(in.group(1)), Long.parseLong(m.group(2)),
        Double.parseDouble(m.group(3)), Double.parseDouble(m.group(4)), Double.parseDouble(m.group(5)));
  }

  /**
   * Parses the output of {@code openssl speed -evp CIPHER -bytes N}: the line
   * {@code type          11990 bytes} and the row {@code ChaCha20-Poly1305  3300145.70k}.
   *
   * @throws IllegalArgumentException when the table is not found (the message quotes the output)
   */
  public static AeadResult parseOpensslSpeed(String output) {
    Matcher type = OPENSSL_TYPE.matcher(output);
    if (!type.find()) {
      throw new IllegalArgumentException("no 'type N bytes' line in openssl speed output: " + abbreviate(output));
    }
    Matcher row = OPENSSL_ROW.matcher(output);
    if (!row.find(type.end())) {
      throw new IllegalArgumentException("no result row after the 'type' line in openssl speed output: " + abbreviate(output));
    }
    return new AeadResult(row.group(1), Long.parseLong(type.group(1)), Double.parseDouble(row.group(2)));
  }

  private static String abbreviate(String s) {
    String t = s.strip();
    return '"' + (t.length() > 400 ? t.substring(0, 400) + "..." : t) + '"';
  }

  /**
   * Runs the tools for {@link #LEVELS}, 1 second per measurement, and writes
   * {@code outDir/}{@value #FILE_NAME}.
   *
   * @param args {@code outDir [level,level,...] [seconds]}
   * @throws IOException when the file cannot be written
   */
  public static void main(String[] args) throws IOException {
    if (args.length < 1) {
      System.err.println("usage: NativeReference OUT_DIR [LEVELS e.g. 1,3] [SECONDS]");
      System.exit(2);
    }
    int[] levels = args.length > 1 ? parseLevels(args[1]) : LEVELS;
    int seconds = args.length > 2 ? Integer.parseInt(args[2].trim()) : 1;
    Path f = run(Path.of(args[0]), List.of(GraphjCorpus.Kind.values()), levels, seconds, System.getenv("PATH"), System.out);
    System.out.println("[dbbench] graphj native reference: " + f);
  }

  /**
   * Parses {@code 1,3,6}.
   *
   * @throws IllegalArgumentException naming the bad value
   */
  static int[] parseLevels(String s) {
    try {
      return Arrays.stream(s.split(",")).map(String::trim).mapToInt(Integer::parseInt).toArray();
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("levels '" + s + "'; expected comma-separated zstd levels such as 1,3,6", e);
    }
  }

  /**
   * Runs {@code zstd} and {@code openssl} (looked up on {@code path}, a PATH-style list) on the
   * given corpora (their ~10 KB inputs, {@link GraphjCorpus#tenKilobytes}) and writes
   * {@code outDir/}{@value #FILE_NAME}.
   * Missing or failing tools are skipped with one line on {@code log}.
   *
   * @param seconds measurement time per tool invocation (zstd {@code -i}, openssl {@code -seconds}), at least 1
   * @return the file written
   * @throws IOException when the corpus or the JSON cannot be written
   */
  public static Path run(Path outDir, List<GraphjCorpus.Kind> kinds, int[] levels, int seconds, String path,
      PrintStream log) throws IOException {
    if (seconds < 1) {
      throw new IllegalArgumentException("seconds must be at least 1, got " + seconds);
    }
    Files.createDirectories(outDir);
    ObjectNode root = JSON.createObjectNode();
    root.put("schema", SCHEMA);
    root.put("created_utc", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
    root.put("seconds", seconds);
    ArrayNode corpora = root.putArray("corpora");
    ObjectNode tools = root.putObject("tools");
    Optional<Path> zstd = which("zstd", path);
    Optional<Path> openssl = which("openssl", path);
    ObjectNode zt = tool(tools, "zstd", zstd, log, "--version");
    ObjectNode ot = tool(tools, "openssl", openssl, log, "version");
    ArrayNode zr = root.putArray("zstd");
    ArrayNode ar = root.putArray("chacha20_poly1305");
    Path tmp = Files.createTempDirectory("dbbench-graphj-native");
    try {
      for (GraphjCorpus.Kind kind : kinds) {
        String corpus = kind.name().toLowerCase(Locale.ROOT);
        byte[] raw = GraphjCorpus.tenKilobytes(kind, GraphjCorpus.SEED);
        Path file = Files.write(tmp.resolve(corpus + ".bin"), raw);
        corpora.addObject().put("corpus", corpus).put("bytes", raw.length)
            .put("sha256", HexFormat.of().formatHex(EntryCodec.sha256().digest(raw)));
        if (zstd.isPresent() && zt.get("available").asBoolean()) {
          for (int level : levels) {
            List<String> cmd = List.of(zstd.get().toString(), "-q", "-b" + level, "-i" + seconds, file.toString());
            try {
              ZstdResult z = parseZstd(exec(cmd, 60L + 10L * seconds));
              zr.addObject().put("corpus", corpus).put("level", z.level())
                  .put("command", "zstd -q -b" + level + " -i" + seconds + " FILE")
                  .put("input_bytes", z.inputBytes()).put("output_bytes", z.outputBytes()).put("ratio", z.ratio())
                  .put("compress_mb_s", z.compressMBps()).put("decompress_mb_s", z.decompressMBps())
                  .put("compress_ns_per_op", round(z.compressNsPerOp()))
                  .put("decompress_ns_per_op", round(z.decompressNsPerOp()));
            } catch (IOException | IllegalArgumentException e) {
              skip(zt, log, "zstd -b" + level + " on " + corpus + " failed: " + e.getMessage());
            }
          }
        }
        if (openssl.isPresent() && ot.get("available").asBoolean()) {
          List<String> cmd = List.of(openssl.get().toString(), "speed", "-elapsed", "-evp", "chacha20-poly1305",
              "-bytes", String.valueOf(raw.length), "-seconds", String.valueOf(seconds));
          try {
            AeadResult a = parseOpensslSpeed(exec(cmd, 60L + 10L * seconds));
            ar.addObject().put("corpus", corpus)
                .put("command", "openssl speed -elapsed -evp chacha20-poly1305 -bytes " + raw.length + " -seconds " + seconds)
                .put("cipher", a.cipher()).put("bytes", a.bytes()).put("kbytes_per_s", a.kbytesPerSecond())
                .put("ns_per_op", round(a.nsPerOp()));
          } catch (IOException | IllegalArgumentException e) {
            skip(ot, log, "openssl speed on " + corpus + " failed: " + e.getMessage());
          }
        }
      }
    } finally {
      try (var s = Files.walk(tmp)) {
        s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
    Path out = outDir.resolve(FILE_NAME);
    JSON.writeValue(out.toFile(), root);
    return out;
  }

  private static double round(double v) {
    return Math.round(v * 10.0) / 10.0;
  }

  private static ObjectNode tool(ObjectNode tools, String name, Optional<Path> exe, PrintStream log, String versionArg) {
    ObjectNode t = tools.putObject(name);
    t.put("available", exe.isPresent()).put("version", "").put("reason", "");
    if (exe.isEmpty()) {
      skip(t, log, name + " not found on PATH");
      return t;
    }
    try {
      t.put("version", exec(List.of(exe.get().toString(), versionArg), 30).strip());
    } catch (IOException e) {
      skip(t, log, name + " " + versionArg + " failed: " + e.getMessage());
    }
    return t;
  }

  private static void skip(ObjectNode tool, PrintStream log, String reason) {
    tool.put("available", false).put("reason", reason);
    log.println("[dbbench] graphj native reference: " + reason + "; skipped");
  }

  /** The first executable {@code name} in the PATH-style list {@code path} ({@link Executables#which}). */
  static Optional<Path> which(String name, String path) {
    return Executables.which(name, path);
  }

  /** Runs {@code cmd}, stdout and stderr merged; fails on a non-zero exit or after {@code timeoutSeconds}. */
  private static String exec(List<String> cmd, long timeoutSeconds) throws IOException {
    // Output goes to a file, so a tool that hangs with its stdout open still meets the timeout.
    Path out = Files.createTempFile("dbbench-graphj-native", ".txt");
    Process p = new ProcessBuilder(new ArrayList<>(cmd)).redirectErrorStream(true).redirectOutput(out.toFile()).start();
    try {
      if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException("timed out after " + timeoutSeconds + " s: " + String.join(" ", cmd));
      }
      String s = Files.readString(out, StandardCharsets.UTF_8);
      if (p.exitValue() != 0) {
        throw new IOException("exit status " + p.exitValue() + ": " + abbreviate(s));
      }
      return s;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      p.destroyForcibly();
      throw new IOException("interrupted: " + String.join(" ", cmd), e);
    } finally {
      Files.deleteIfExists(out);
    }
  }

  /**
   * Reads a {@value #FILE_NAME} written by {@link #run}, for the report.
   *
   * @return the parsed tree, or empty when the file does not exist
   * @throws IOException when it exists but does not parse
   */
  public static Optional<JsonNode> read(Path dir) throws IOException {
    Path f = dir.resolve(FILE_NAME);
    return Files.isRegularFile(f) ? Optional.of(JSON.readTree(f.toFile())) : Optional.empty();
  }
}
