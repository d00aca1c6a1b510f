package io.dbbench.jdbc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dbbench.core.Executables;
import io.dbbench.report.stats.Stats;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.Arrays;
import java.util.Optional;

/**
 * {@code psql \copy} of GOMESSAGE's {@code 1x100000} rows into the embedded PostgreSQL, measured
 * after the jdbc family's forks and written beside the results as {@value #FILE_NAME}, so the
 * report's limits table can set this run's {@code copy} row beside the PostgreSQL client's own
 * bulk load. Each round: one verified {@code psql \copy} of the rows (written once as COPY text
 * from the same generator, {@link CopyVsPsql#writeText}) timed as psql's wall time, then
 * {@code psql -c 'SELECT 1'} for psql's start-up and connection; a {@code CHECKPOINT} before each
 * load, outside the timing. The reference is the median load less the median start-up, in seconds
 * per 100,000 rows. One unrecorded warm-up round first.
 *
 * <p>Schema ({@code dbbench.jdbc.psql-reference/1}):
 * <pre>
 * {"schema": "dbbench.jdbc.psql-reference/1", "shape": "1x100000", "rows": 100000, "runs": 3,
 *  "psql": {"available": true, "version": "psql (PostgreSQL) 15.14"},
 *  "copy_wall_seconds": [...], "startup_wall_seconds": [...],
 *  "copy_seconds_median": 0.21, "startup_seconds_median": 0.03, "copy_minus_startup_seconds": 0.18}
 * </pre>
 * When psql is missing or the family targets a server other than the embedded one, the file says
 * so ({@code "psql": {"available": false, "reason": ...}}) and holds no figures.
 */
public final class PsqlReference {
  /** The file's name in a run directory. */
  public static final String FILE_NAME = "psql-reference.json";
  /** The file's schema id. */
  public static final String SCHEMA = "dbbench.jdbc.psql-reference/1";
  /** The shape measured: the limits table's ({@link GomessageForm#LIMIT_SHAPE}). */
  static final String SHAPE = GomessageForm.LIMIT_SHAPE;

  private PsqlReference() {}

  /**
   * Measures {@code runs} rounds with the {@code psql} found on {@code path} (a PATH-style list)
   * and writes {@value #FILE_NAME} into {@code dir}; prints one line of progress or of why it
   * skipped to {@code out}.
   *
   * @throws IOException when the file or the rows file cannot be written
   */
  public static void run(Path dir, int runs, String path, boolean embeddedTarget, PrintStream out) throws IOException {
    ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode doc = json.createObjectNode().put("schema", SCHEMA).put("shape", SHAPE);
    ObjectNode tool = doc.putObject("psql");
    Optional<Path> psql = Executables.which("psql", path);
    String skip = !embeddedTarget ? "the jdbc family targets a server other than the embedded PostgreSQL"
        : psql.isEmpty() ? "psql not found on PATH (Debian: apt-get install postgresql-client)" : null;
    if (skip == null) {
      try {
        measure(psql.get(), runs, doc, tool);
        out.printf(java.util.Locale.ROOT, "[dbbench] jdbc: psql \\copy reference: %.3f s per %s (less %.3f s of psql start-up), %d rounds%n",
            doc.get("copy_seconds_median").asDouble(), SHAPE, doc.get("startup_seconds_median").asDouble(), runs);
      } catch (Exception e) {
        skip = "psql \\copy failed: " + io.dbbench.core.Redaction.redact(String.valueOf(e.getMessage()));
        doc.remove(java.util.List.of("copy_wall_seconds", "startup_wall_seconds", "copy_seconds_median",
            "startup_seconds_median", "copy_minus_startup_seconds", "rows", "runs"));
      }
    }
    if (skip != null) {
      tool.put("available", false).put("reason", skip);
      out.println("[dbbench] jdbc: no psql \\copy reference: " + skip);
    }
    json.writeValue(dir.resolve(FILE_NAME).toFile(), doc);
  }

  private static void measure(Path psql, int runs, ObjectNode doc, ObjectNode tool) throws Exception {
    Shape s = Shape.parse(SHAPE);
    GomessageSettings settings = GomessageSettings.defaults(JdbcSettings.embedded());
    Path rows = Files.createTempFile("gomessage-" + s + "-", ".tsv");
    try (JdbcTarget target = JdbcTarget.open(settings.target());
        GomessageFixture fixture = GomessageFixture.open(target, settings, s, Strategy.COPY, RunMode.SEQ);
        Connection admin = target.connect()) {
      CopyVsPsql.writeText(settings.seed(), s, rows);
      String copyCmd = "\\copy \"" + settings.schema() + "\".\"" + settings.table() + "\" (" + Dialect.columnList()
          + ") FROM '" + rows.toAbsolutePath() + "'";
      tool.put("available", true).put("version", CopyVsPsql.psqlVersion(psql.toString()));
      double[] copy = new double[runs];
      double[] startup = new double[runs];
      for (int r = -1; r < runs; r++) { // round -1 warms the server and the page cache, unrecorded
        fixture.prepare();
        CopyVsPsql.checkpoint(admin);
        double c = CopyVsPsql.runPsql(psql.toString(), target, copyCmd);
        fixture.verify();
        double u = CopyVsPsql.runPsql(psql.toString(), target, "SELECT 1");
        if (r >= 0) {
          copy[r] = c;
          startup[r] = u;
        }
      }
      doc.put("rows", s.rows()).put("runs", runs);
      ArrayNode ca = doc.putArray("copy_wall_seconds");
      Arrays.stream(copy).forEach(ca::add);
      ArrayNode ua = doc.putArray("startup_wall_seconds");
      Arrays.stream(startup).forEach(ua::add);
      double cm = Stats.median(copy);
      double um = Stats.median(startup);
      doc.put("copy_seconds_median", cm).put("startup_seconds_median", um)
          .put("copy_minus_startup_seconds", Math.max(1e-9, cm - um));
    } finally {
      Files.deleteIfExists(rows);
    }
  }

  /**
   * The file in {@code dir}, when present.
   *
   * @throws IOException when it exists but does not parse or has another schema
   */
  public static Optional<JsonNode> read(Path dir) throws IOException {
    Path f = dir.resolve(FILE_NAME);
    if (!Files.isRegularFile(f)) {
      return Optional.empty();
    }
    JsonNode n = new ObjectMapper().readTree(f.toFile());
    if (!SCHEMA.equals(n.path("schema").asText())) {
      throw new IOException(f + ": schema '" + n.path("schema").asText() + "', expected " + SCHEMA);
    }
    return Optional.of(n);
  }
}
