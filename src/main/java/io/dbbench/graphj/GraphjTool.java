package io.dbbench.graphj;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dbbench.core.Version;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * The {@code graphj} command line: inspect, verify, write and compact graphd journals.
 *
 * <pre>
 * java -cp target/benchmarks.jar io.dbbench.graphj.GraphjTool inspect FILE [--key-hex K]
 * java -cp target/benchmarks.jar io.dbbench.graphj.GraphjTool verify FILE... [--key-hex K]
 * java -cp target/benchmarks.jar io.dbbench.graphj.GraphjTool write OUT --from JSONL [--seal] [--zstd-level L] [--key-hex K] [--first-seq N]
 * java -cp target/benchmarks.jar io.dbbench.graphj.GraphjTool compact OUT IN... [--zstd-level L] [--key-hex K]
 * </pre>
 *
 * Exit status: 0 when every file verifies or was written, 1 when verification or I/O failed
 * (one line naming the file and reason on stderr), 2 on a usage error. Keys are never printed.
 */
@Command(name = "graphj", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Inspect, verify, write and compact graphd .graphj journals.",
    subcommands = {GraphjTool.Inspect.class, GraphjTool.Verify.class, GraphjTool.Write.class, GraphjTool.Compact.class})
public final class GraphjTool implements Callable<Integer> {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Spec
  CommandLine.Model.CommandSpec spec;

  /** Runs the tool and exits with its status. */
  public static void main(String[] args) {
    System.exit(run(new PrintWriter(System.out, true, StandardCharsets.UTF_8),
        new PrintWriter(System.err, true, StandardCharsets.UTF_8), args));
  }

  /** Runs the tool with the given streams; returns the exit status. */
  public static int run(PrintWriter out, PrintWriter err, String... args) {
    CommandLine cl = new CommandLine(new GraphjTool());
    cl.setOut(out);
    cl.setErr(err);
    cl.setExecutionExceptionHandler((ex, cmd, parsed) -> {
      cmd.getErr().println("graphj: " + ex.getMessage());
      return 1;
    });
    int rc = cl.execute(args);
    out.flush();
    err.flush();
    return rc;
  }

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return 2;
  }

  /**
   * Parses a 64-hex-digit key.
   *
   * @throws CommandLine.ParameterException naming the option and what was expected (the key
   *     itself is not echoed)
   */
  static byte[] key(CommandLine cl, String hex) {
    if (hex == null) {
      return null;
    }
    String h = hex.trim();
    if (h.length() != 64 || !h.matches("[0-9a-fA-F]+")) {
      throw new CommandLine.ParameterException(cl,
          "--key-hex must be 64 hex digits (a 32-byte key); got " + h.length() + " characters");
    }
    return HexFormat.of().parseHex(h);
  }

  /** The header as a JSON object. */
  static ObjectNode headerJson(GraphjHeader h) {
    ObjectNode n = JSON.createObjectNode();
    n.put("magic", "GRAPHJ");
    n.put("version", GraphjHeader.VERSION);
    n.put("flags", h.flags());
    n.put("sealed", h.sealed());
    n.put("compressed", h.compressed());
    n.put("encrypted", h.encrypted());
    n.put("compression", h.compression() == GraphjHeader.COMPRESSION_ZSTD ? "zstd" : "none");
    n.put("encryption", h.encryption() == GraphjHeader.ENCRYPTION_XCHACHA20POLY1305 ? "xchacha20poly1305" : "none");
    n.put("zstd_level", h.zstdLevel());
    n.put("first_seq", unsigned(h.firstSeq()));
    n.put("last_seq", unsigned(h.lastSeq()));
    n.put("entry_count", unsigned(h.entryCount()));
    n.put("body_len", unsigned(h.bodyLen()));
    n.put("body_sha256", HexFormat.of().formatHex(h.bodySha256()));
    n.put("nonce", HexFormat.of().formatHex(h.nonce()));
    n.put("created_ms", h.createdMs());
    return n;
  }

  /** One entry as a JSON object: sequence, query, params, timestamp_ms, prev_hash (hex). */
  static ObjectNode entryJson(JournalEntry e) {
    ObjectNode n = JSON.createObjectNode();
    n.put("sequence", unsigned(e.sequence()));
    n.put("query", e.query());
    n.set("params", JSON.valueToTree(jsonSafe(e.params())));
    n.put("timestamp_ms", e.timestampMs());
    n.put("prev_hash", HexFormat.of().formatHex(e.prevHash()));
    return n;
  }

  /** An unsigned 64-bit value as a JSON number (2^63 and above print as themselves, not negative). */
  static java.math.BigInteger unsigned(long v) {
    return new java.math.BigInteger(Long.toUnsignedString(v));
  }

  /**
   * One line saying why a file could not be read or verified: the GraphJ reason as is; for I/O
   * errors, what happened in words (the JDK's messages for a missing file are only its path).
   */
  static String reason(IOException e) {
    if (e instanceof GraphjException) {
      return e.getMessage();
    }
    if (e instanceof NoSuchFileException) {
      return "no such file";
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof FileSystemException fse && fse.getReason() != null) {
      return fse.getReason();
    }
    return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
  }

  private static Object jsonSafe(Object v) {
    if (v instanceof GraphValues.UnknownValue u) {
      return Map.of("unknown_graph_value_hex", HexFormat.of().formatHex(u.encoded()));
    }
    if (v instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      m.forEach((k, x) -> out.put(String.valueOf(k), jsonSafe(x)));
      return out;
    }
    if (v instanceof List<?> l) {
      return l.stream().map(GraphjTool::jsonSafe).toList();
    }
    return v;
  }

  /**
   * A JSONL {@code params} object to journal parameters exactly as graphd's JSON boundary
   * ({@code values.rs json_to_param_value(s)}) makes them, so that the same input gives the same
   * payload bytes: keys sorted (serde_json's map is ordered by key); integers that fit int64 as
   * int; larger unsigned 64-bit integers as their decimal string; other numbers as double;
   * objects as their compact JSON text with keys sorted (graphd stores maps that way: its replay
   * cannot carry GraphValue map_value).
   */
  static Map<String, Object> graphdParams(JsonNode params) {
    Map<String, Object> m = new TreeMap<>(GraphjTool::compareUtf8);
    params.fields().forEachRemaining(e -> m.put(e.getKey(), graphdValue(e.getValue())));
    return new LinkedHashMap<>(m);
  }

  private static final java.math.BigInteger U64_MAX = java.math.BigInteger.ONE.shiftLeft(64).subtract(java.math.BigInteger.ONE);

  static Object graphdValue(JsonNode n) {
    if (n == null || n.isNull()) {
      return null;
    }
    if (n.isBoolean()) {
      return n.booleanValue();
    }
    if (n.isIntegralNumber()) {
      java.math.BigInteger b = n.bigIntegerValue();
      if (b.bitLength() < 64) {
        return b.longValue();
      }
      if (b.signum() > 0 && b.compareTo(U64_MAX) <= 0) {
        return b.toString();
      }
      return b.doubleValue();
    }
    if (n.isNumber()) {
      return n.doubleValue();
    }
    if (n.isTextual()) {
      return n.textValue();
    }
    if (n.isArray()) {
      List<Object> l = new ArrayList<>();
      n.forEach(x -> l.add(graphdValue(x)));
      return l;
    }
    try {
      return JSON.writeValueAsString(sorted(n));
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("cannot serialise object parameter: " + e.getOriginalMessage(), e);
    }
  }

  private static JsonNode sorted(JsonNode n) {
    if (n.isObject()) {
      ObjectNode o = JSON.createObjectNode();
      List<String> keys = new ArrayList<>();
      n.fieldNames().forEachRemaining(keys::add);
      keys.sort(GraphjTool::compareUtf8);
      keys.forEach(k -> o.set(k, sorted(n.get(k))));
      return o;
    }
    if (n.isArray()) {
      ArrayNode a = JSON.createArrayNode();
      n.forEach(x -> a.add(sorted(x)));
      return a;
    }
    return n;
  }

  /** Rust's String order: byte-wise over UTF-8. */
  static int compareUtf8(String a, String b) {
    return Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
  }

  /** {@code --key-hex}, the same option in every subcommand: it opens encrypted inputs and encrypts what is sealed. */
  static final class KeyOption {
    @Spec(Spec.Target.MIXEE)
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--key-hex", paramLabel = "K", description = "32-byte key, 64 hex digits: opens encrypted inputs;"
        + " write and compact also encrypt the sealed body with it.")
    String keyHex;

    /**
     * The key, or {@code null} without the option.
     *
     * @throws CommandLine.ParameterException when it is not 64 hex digits ({@link GraphjTool#key})
     */
    byte[] bytes() {
      return key(spec.commandLine(), keyHex);
    }
  }

  /** {@code --tolerate-torn-tail}, the same option wherever journals are read. */
  static final class TornTailOption {
    @Option(names = "--tolerate-torn-tail", description = "Ignore an incomplete last entry of fewer than 48 bytes (a crash"
        + " mid-append), as graphd does, instead of refusing the file.")
    boolean tolerateTornTail;
  }

  /** What every subcommand has: its spec (for its output and error streams) and {@code --key}. */
  abstract static class Subcommand implements Callable<Integer> {
    @Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    KeyOption keyOption;
  }

  /** A subcommand that reads journals: also {@code --tolerate-torn-tail}. */
  abstract static class JournalReading extends Subcommand {
    @Mixin
    TornTailOption torn;
  }

  /** {@code inspect FILE}: header JSON, then one JSON object per entry; verifies everything first. */
  @Command(name = "inspect", description = "Print the header and every entry as JSON lines, verifying as it reads.")
  static final class Inspect extends JournalReading {
    @Parameters(index = "0", paramLabel = "FILE")
    Path file;

    @Override
    public Integer call() throws IOException {
      PrintWriter out = spec.commandLine().getOut();
      JournalReader.GraphjFile f;
      try {
        f = JournalReader.read(file, keyOption.bytes(), torn.tolerateTornTail);
      } catch (GraphjException e) {
        spec.commandLine().getErr().println("graphj: " + e.getMessage());
        return 1;
      } catch (IOException e) {
        spec.commandLine().getErr().println("graphj: " + file + ": " + reason(e));
        return 1;
      }
      ObjectNode h = f.legacy() ? JSON.createObjectNode().put("legacy_wal", true) : headerJson(f.header());
      h.put("file", file.toString());
      if (f.tornTail() > 0) {
        h.put("torn_tail_bytes_ignored", f.tornTail());
      }
      out.println(JSON.writeValueAsString(h));
      for (JournalEntry e : f.entries()) {
        out.println(JSON.writeValueAsString(entryJson(e)));
      }
      return 0;
    }
  }

  /** {@code verify FILE...}: one line per file. */
  @Command(name = "verify", description = "Verify files; one line per file.")
  static final class Verify extends JournalReading {
    @Parameters(index = "0..*", arity = "1..*", paramLabel = "FILE")
    List<Path> files;

    @Override
    public Integer call() {
      byte[] key = keyOption.bytes();
      int rc = 0;
      for (Path p : files) {
        try {
          JournalReader.GraphjFile f = JournalReader.read(p, key, torn.tolerateTornTail);
          String kind = f.legacy() ? "legacy .wal" : (f.header().sealed() ? "sealed" : "live")
              + (f.header().compressed() ? ", zstd " + f.header().zstdLevel() : "")
              + (f.header().encrypted() ? ", encrypted" : "");
          String seqs = f.entries().isEmpty() ? "" : ", sequences " + Long.toUnsignedString(f.entries().get(0).sequence())
              + ".." + Long.toUnsignedString(f.entries().get(f.entries().size() - 1).sequence());
          String torn = f.tornTail() > 0 ? "; ignored a torn tail of " + f.tornTail() + " bytes, as graphd does" : "";
          spec.commandLine().getOut().println(p + ": OK (" + kind + ", " + f.entries().size() + " entries" + seqs + torn + ")");
        } catch (IOException e) {
          // GraphjException messages start with the file already.
          String why = reason(e);
          spec.commandLine().getErr().println(why.startsWith(p + ": ") ? p + ": FAILED: " + why.substring(p.toString().length() + 2)
              : p + ": FAILED: " + why);
          rc = 1;
        } catch (OutOfMemoryError e) {
          // The limits refuse what a file claims beyond a third of the free heap; this is what a
          // heap already full of something else leaves: say so, and go on to the next file.
          spec.commandLine().getErr().println(p + ": FAILED: out of memory decoding it (heap "
              + (Runtime.getRuntime().maxMemory() >> 20) + " MiB); give the JVM more with -Xmx");
          rc = 1;
        }
      }
      return rc;
    }
  }

  /** {@code write OUT --from JSONL}: builds a journal from JSON lines. */
  @Command(name = "write", description = "Write a journal from JSON lines of {\"query\", \"params\", \"timestamp_ms\"}.")
  static final class Write extends Subcommand {
    @Parameters(index = "0", paramLabel = "OUT")
    Path out;

    @Option(names = "--from", required = true, paramLabel = "JSONL", description = "Input: one JSON object per line.")
    Path from;

    @Option(names = "--seal", description = "Seal the journal (required for compression and encryption).")
    boolean seal;

    @Option(names = "--zstd-level", paramLabel = "L", description = "Compress the sealed body with zstd at level L.")
    Integer level;

    @Option(names = "--first-seq", paramLabel = "N", defaultValue = "1", converter = UnsignedLong.class,
        description = "First sequence, an unsigned 64-bit integer (default 1).")
    long firstSeq;

    @Override
    public Integer call() throws IOException {
      CommandLine cl = spec.commandLine();
      byte[] key = keyOption.bytes();
      if (!seal && (level != null || key != null)) {
        throw new CommandLine.ParameterException(cl, "--zstd-level and --key-hex need --seal (only sealed files are compressed or encrypted)");
      }
      if (Files.exists(out)) {
        cl.getErr().println("graphj: " + out + " already exists; refusing to overwrite");
        return 1;
      }
      List<Object[]> rows = new ArrayList<>();
      try (BufferedReader r = Files.newBufferedReader(from, StandardCharsets.UTF_8)) {
        String line;
        int n = 0;
        while ((line = r.readLine()) != null) {
          n++;
          if (line.isBlank()) {
            continue;
          }
          JsonNode j;
          try {
            j = JSON.readTree(line);
          } catch (JsonProcessingException e) {
            cl.getErr().println("graphj: " + from + ":" + n + ": not JSON (" + e.getOriginalMessage() + ")");
            return 1;
          }
          if (!j.isObject() || !j.path("query").isTextual()) {
            cl.getErr().println("graphj: " + from + ":" + n + ": expected an object with a string \"query\"");
            return 1;
          }
          JsonNode params = j.path("params");
          if (!params.isMissingNode() && !params.isNull() && !params.isObject()) {
            cl.getErr().println("graphj: " + from + ":" + n + ": \"params\" must be an object");
            return 1;
          }
          long ts = j.path("timestamp_ms").isIntegralNumber() ? j.path("timestamp_ms").longValue() : System.currentTimeMillis();
          Object p = params.isObject() ? graphdParams(params) : Map.of();
          rows.add(new Object[] {j.get("query").textValue(), p, ts});
        }
      }
      Path target = seal && (level != null || key != null) ? Files.createTempFile(out.toAbsolutePath().getParent(), "graphj", ".live") : out;
      if (target != out) {
        Files.delete(target);
      }
      try {
        try (JournalWriter w = JournalWriter.create(target, firstSeq, false)) {
          for (Object[] row : rows) {
            @SuppressWarnings("unchecked")
            Map<String, ?> params = (Map<String, ?>) row[1];
            w.append((String) row[0], params, (Long) row[2]);
          }
          if (seal && target == out) {
            w.seal();
          }
        }
        if (target != out) {
          Compaction.compact(List.of(target), out, null,
              new GraphjCodec.SealOptions(level != null, level == null ? 0 : level, key), AeadProvider.DEFAULT.create());
        }
      } finally {
        if (target != out) {
          Files.deleteIfExists(target);
        }
      }
      cl.getOut().println("wrote " + out + " (" + rows.size() + " entries)");
      return 0;
    }
  }

  /** {@code compact OUT IN...}: graphd's compaction. */
  @Command(name = "compact", description = "Merge journals (legacy .wal, live, sealed, compressed, encrypted) into one sealed archive.")
  static final class Compact extends JournalReading {
    @Parameters(index = "0", paramLabel = "OUT")
    Path out;

    @Parameters(index = "1..*", arity = "1..*", paramLabel = "IN")
    List<Path> inputs;

    @Option(names = "--zstd-level", paramLabel = "L", description = "Compress the archive with zstd at level L.")
    Integer level;

    @Override
    public Integer call() throws IOException {
      byte[] key = keyOption.bytes();
      try {
        GraphjHeader h = Compaction.compact(inputs, out, key,
            new GraphjCodec.SealOptions(level != null, level == null ? 0 : level, key), AeadProvider.DEFAULT.create(),
            torn.tolerateTornTail);
        spec.commandLine().getOut().println("wrote " + out + " (" + Long.toUnsignedString(h.entryCount())
            + " entries, sequences " + Long.toUnsignedString(h.firstSeq()) + ".." + Long.toUnsignedString(h.lastSeq())
            + ", body " + h.bodyLen() + " bytes)");
        return 0;
      } catch (GraphjException e) {
        spec.commandLine().getErr().println("graphj: " + e.getMessage());
        return 1;
      } catch (FileSystemException e) {
        spec.commandLine().getErr().println("graphj: " + e.getFile() + ": " + reason(e));
        return 1;
      }
    }
  }

  /** Parses an unsigned 64-bit decimal (0 to 18446744073709551615) into a long's bits. */
  static final class UnsignedLong implements CommandLine.ITypeConverter<Long> {
    @Override
    public Long convert(String v) {
      try {
        return Long.parseUnsignedLong(v.trim());
      } catch (NumberFormatException e) {
        throw new CommandLine.TypeConversionException("'" + v + "' is not an unsigned 64-bit integer (0 to "
            + Long.toUnsignedString(-1L) + ")");
      }
    }
  }
}
