package io.dbbench.jdbc;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.dbbench.core.KnownSecrets;
import io.dbbench.core.Version;
import io.dbbench.report.stats.Stats;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * The performance check, in one run on one embedded PostgreSQL: our {@code copy}
 * (binary and text) against {@code psql \copy} of the same rows (written to a text file from the
 * same generator) into the same server and table, plus the non-COPY strategies ({@code bulk},
 * {@code many}, sequential) against {@code copy}. Every load is verified (row count and
 * {@code SUM(DEVICEID)}), and each figure is the median of {@code --runs} single shots, taken
 * round-robin after one unrecorded warm-up round, each after a {@code CHECKPOINT} (outside the
 * timing) so that no shot pays for the previous one's dirty pages.
 *
 * <p>psql's time is the wall time of its process, which includes starting psql and connecting;
 * the same wall time of {@code psql -c 'SELECT 1'} is reported as that overhead, and the ratio is
 * given both with and without it. Run it with {@code scripts/copy-vs-psql.sh}.
 */
@Command(name = "copy-vs-psql", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Times dbbench's COPY against psql \\copy (and bulk/many against COPY) on the embedded PostgreSQL.")
public final class CopyVsPsql implements Callable<Integer> {
  @Option(names = "--shape", defaultValue = "1x100000", description = "BATCHCOUNTxBATCHSIZE (default ${DEFAULT-VALUE})")
  String shape;

  @Option(names = "--runs", defaultValue = "5", description = "single shots per variant; the median is reported (default ${DEFAULT-VALUE})")
  int runs;

  @Option(names = "--psql", defaultValue = "psql", description = "psql executable (default ${DEFAULT-VALUE})")
  String psql;

  @Option(names = "--out", defaultValue = "results", description = "folder for copy-vs-psql-<UTC>.json/.md (default ${DEFAULT-VALUE})")
  Path out;

  /** Exit status: 0 when every load verified, 1 on a failure. */
  public static void main(String[] args) {
    KnownSecrets.installOnStandardStreams();
    System.exit(new CommandLine(new CopyVsPsql()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    if (runs < 1) {
      throw new CommandLine.ParameterException(new CommandLine(this), "--runs=" + runs + " must be at least 1");
    }
    Shape s = Shape.parse(shape);
    GomessageSettings settings = GomessageSettings.defaults(JdbcSettings.embedded());
    Map<String, double[]> times = new LinkedHashMap<>();
    Path rows = Files.createTempFile("gomessage-" + s + "-", ".tsv");
    try (JdbcTarget target = JdbcTarget.open(settings.target())) {
      writeText(settings.seed(), s, rows);
      System.out.printf(Locale.ROOT, "[copy-vs-psql] %s, shape %s (%d rows), %d runs each; rows file %s (%d bytes)%n",
          target.describe().get("backend"), s, s.rows(), runs, rows, Files.size(rows));
      String table = settings.schema() + "." + settings.table();
      String copyCmd = "\\copy \"" + settings.schema() + "\".\"" + settings.table() + "\" (" + Dialect.columnList()
          + ") FROM '" + rows.toAbsolutePath() + "'";
      try (GomessageFixture copy = GomessageFixture.open(target, settings, s, Strategy.COPY, RunMode.SEQ);
          GomessageFixture copyText = GomessageFixture.open(target, settings.withCopyFormat("text"), s, Strategy.COPY, RunMode.SEQ);
          GomessageFixture bulk = GomessageFixture.open(target, settings, s, Strategy.BULK, RunMode.SEQ);
          GomessageFixture many = GomessageFixture.open(target, settings, s, Strategy.MANY, RunMode.SEQ);
          Connection admin = target.connect()) {
        // one warm-up round (JIT, server caches), not recorded
        for (GomessageFixture f : List.of(copy, copyText, bulk, many)) {
          timed(f, admin);
        }
        for (int r = 0; r < runs; r++) { // interleaved, so drift on a shared machine hits every variant alike
          record(times, "copy (binary, dbbench)", timed(copy, admin));
          record(times, "copy (text, dbbench)", timed(copyText, admin));
          copy.prepare();
          checkpoint(admin);
          record(times, "psql \\copy (text, wall)", runPsql(target, copyCmd));
          copy.verify();
          record(times, "psql -c 'SELECT 1' (wall)", runPsql(target, "SELECT 1"));
          record(times, "bulk (seq, dbbench)", timed(bulk, admin));
          record(times, "many (seq, dbbench)", timed(many, admin));
        }
      }
      Map<String, Object> report = summarize(s, table, target.describe(), times);
      write(report);
      return 0;
    } finally {
      Files.deleteIfExists(rows);
    }
  }

  private static void record(Map<String, double[]> times, String name, double seconds) {
    double[] old = times.getOrDefault(name, new double[0]);
    double[] now = Arrays.copyOf(old, old.length + 1);
    now[old.length] = seconds;
    times.put(name, now);
  }

  /** One verified shot; a CHECKPOINT first, outside the timing, so no shot pays for an earlier one's dirty pages. */
  private static double timed(GomessageFixture f, Connection admin) throws Exception {
    f.prepare();
    checkpoint(admin);
    long t0 = System.nanoTime();
    f.insert();
    double s = (System.nanoTime() - t0) / 1e9;
    f.verify();
    return s;
  }

  static void checkpoint(Connection admin) throws SQLException {
    try (Statement st = admin.createStatement()) {
      st.execute("CHECKPOINT");
    }
  }

  private double runPsql(JdbcTarget target, String command) throws IOException, InterruptedException {
    return runPsql(psql, target, command);
  }

  /**
   * Runs {@code psql -c command} against {@code target} (the password in the child's environment,
   * never on its command line) and returns its wall time in seconds.
   *
   * @throws IllegalStateException with psql's output when it fails or runs past 10 minutes
   */
  static double runPsql(String psql, JdbcTarget target, String command) throws IOException, InterruptedException {
    List<String> cmd = List.of(psql, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1",
        "-p", Integer.toString(target.port()), "-U", "postgres", "-d", "postgres", "-c", command);
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
    pb.environment().put("PGPASSWORD", target.embeddedPassword()); // the per-run password, never on the command line
    long t0 = System.nanoTime();
    Process p = pb.start();
    byte[] output = p.getInputStream().readAllBytes();
    if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
      throw new IllegalStateException("psql failed (" + String.join(" ", cmd) + "): " + new String(output, StandardCharsets.UTF_8));
    }
    return (System.nanoTime() - t0) / 1e9;
  }

  /** {@code psql --version}'s line (e.g. {@code psql (PostgreSQL) 15.14}), or {@code unknown}. */
  static String psqlVersion(String psql) {
    try {
      Process p = new ProcessBuilder(psql, "--version").redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0 && !out.isEmpty() ? out.lines().findFirst().orElse(out)
          : "unknown";
    } catch (IOException e) {
      return "unknown";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "unknown";
    }
  }

  /** The rows as COPY text: tab-separated, Double.toString (exact round trip through float8in). */
  static void writeText(long seed, Shape s, Path file) throws IOException {
    double[] row = new double[GomessageRows.DOUBLES];
    try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
      StringBuilder line = new StringBuilder(256);
      for (int b = 0; b < s.batchCount(); b++) {
        GomessageRows.Cursor c = GomessageRows.batch(seed, s, b);
        while (c.hasNext()) {
          line.setLength(0);
          line.append(c.next(row));
          for (double v : row) {
            line.append('\t').append(v);
          }
          w.append(line).append('\n');
        }
      }
    }
  }

  private Map<String, Object> summarize(Shape s, String table, Map<String, Object> server, Map<String, double[]> times) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("timestamp_utc", Instant.now().toString());
    m.put("shape", s.toString());
    m.put("rows", s.rows());
    m.put("runs", runs);
    m.put("table", table);
    m.put("server", server);
    m.put("cores", Runtime.getRuntime().availableProcessors());
    m.put("jdk", System.getProperty("java.version"));
    Map<String, Object> med = new LinkedHashMap<>();
    times.forEach((k, v) -> {
      Map<String, Object> d = new LinkedHashMap<>();
      double median = Stats.median(v);
      d.put("median_s", median);
      d.put("min_s", Arrays.stream(v).min().orElse(Double.NaN));
      d.put("max_s", Arrays.stream(v).max().orElse(Double.NaN));
      d.put("rows_per_s", s.rows() / median);
      d.put("samples_s", v);
      med.put(k, d);
    });
    m.put("variants", med);
    double copy = Stats.median(times.get("copy (binary, dbbench)"));
    double psqlWall = Stats.median(times.get("psql \\copy (text, wall)"));
    double overhead = Stats.median(times.get("psql -c 'SELECT 1' (wall)"));
    double bestNonCopy = Math.min(Stats.median(times.get("bulk (seq, dbbench)")), Stats.median(times.get("many (seq, dbbench)")));
    Map<String, Object> ratios = new LinkedHashMap<>();
    ratios.put("copy_over_psql_copy_wall", copy / psqlWall);
    ratios.put("copy_over_psql_copy_minus_startup", copy / Math.max(1e-9, psqlWall - overhead));
    ratios.put("copy_text_over_psql_copy_minus_startup",
        Stats.median(times.get("copy (text, dbbench)")) / Math.max(1e-9, psqlWall - overhead));
    ratios.put("best_non_copy_over_copy", bestNonCopy / copy);
    ratios.put("target_copy_within_1_2x_of_psql", copy / Math.max(1e-9, psqlWall - overhead) <= 1.2);
    ratios.put("target_best_non_copy_within_3x_of_copy", bestNonCopy / copy <= 3.0);
    m.put("ratios", ratios);
    return m;
  }

  private void write(Map<String, Object> report) throws IOException {
    Files.createDirectories(out);
    String stamp = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC).format(Instant.now());
    Path json = out.resolve("copy-vs-psql-" + stamp + ".json");
    new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(json.toFile(), report);
    StringBuilder md = new StringBuilder();
    md.append("| variant (").append(report.get("shape")).append(", median of ").append(report.get("runs"))
        .append(") | seconds | rows/s |\n|---|---:|---:|\n");
    @SuppressWarnings("unchecked")
    Map<String, Map<String, Object>> v = (Map<String, Map<String, Object>>) report.get("variants");
    v.forEach((k, d) -> md.append(String.format(Locale.ROOT, "| %s | %.3f | %,.0f |%n", k.replace("|", "\\|"),
        (double) d.get("median_s"), (double) d.get("rows_per_s"))));
    md.append('\n');
    @SuppressWarnings("unchecked")
    Map<String, Object> ratios = (Map<String, Object>) report.get("ratios");
    ratios.forEach((k, val) -> md.append("- ").append(k).append(": ")
        .append(val instanceof Double d ? String.format(Locale.ROOT, "%.2f", d) : val).append('\n'));
    Path mdFile = out.resolve("copy-vs-psql-" + stamp + ".md");
    Files.writeString(mdFile, md);
    System.out.print(md);
    System.out.println("[copy-vs-psql] wrote " + json + " and " + mdFile);
  }
}
