package io.dbbench.jdbc.console;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.dbbench.core.BenchConfig;
import io.dbbench.core.HttpExchanges;
import io.dbbench.core.KnownSecrets;
import io.dbbench.core.Redaction;
import io.dbbench.jdbc.BatchInsertException;
import io.dbbench.jdbc.Dialect;
import io.dbbench.jdbc.GomessageSettings;
import io.dbbench.jdbc.JdbcTarget;
import io.dbbench.jdbc.RunMode;
import io.dbbench.jdbc.Shape;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The insert console: hdbinsert's web page and JSON API (go-hdb-test {@code hdbinsert}, whose
 * README describes the page: runtime information, parameters, one button per predefined test,
 * database operations) in front of the GOMESSAGE family's target, served by the JDK's
 * {@code com.sun.net.httpserver} with one virtual thread per request.
 *
 * <ul>
 *   <li>{@code GET /}: the page ({@code console.js}, {@code console.css} beside it).
 *   <li>{@code GET|POST /test/<TestType>?batchcount=N&batchsize=M}: runs one test (hdbinsert's URL;
 *       {@link TestType} names) and answers a {@link TestResult}: 200 verified, 502 when the
 *       database failed or the verification found other rows than inserted.
 *   <li>{@code GET /api/progress}: the running test ({@code running}, {@code test}, {@code shape},
 *       {@code phase}, {@code rowsSent}, {@code rows}, {@code elapsedSeconds}, {@code insertSeconds}).
 *   <li>{@code GET /api/info}: runtime, parameters (each with its environment variable and system
 *       property), test types, predefined shapes.
 *   <li>{@code GET /api/history}: every result, newest first; {@code GET /history.json} the same as a
 *       download, with the runtime and parameters; {@code GET /chart.png} rows/s per test type and
 *       shape.
 *   <li>{@code POST /db/createTable}, {@code POST /db/truncateTable}, {@code POST
 *       /db/dropTable?confirm=SCHEMA.TABLE}, {@code GET|POST /db/countRows}: the owned table only
 *       ({@link OwnedTable}).
 * </ul>
 *
 * <p>Errors are {@code {"error": "...", "field": "..."}}: 400 bad input (unknown test, a count that
 * is not a positive integer, more rows than {@code DBBENCH_CONSOLE_MAX_ROWS}, an unknown query
 * field), 403 a safety rule (drop without {@code DBBENCH_ALLOW_DROP}, a table dbbench did not
 * create, a POST from another origin), 404, 405 (state changes are POST only), 409 while another
 * test or database operation runs (one at a time: never a second load on the database), 502 a
 * database failure (its message, passwords redacted). The server keeps serving after every one.
 */
public final class ConsoleServer implements AutoCloseable {
  static {
    // The JDK server leaves Nagle's algorithm on unless told (see PayloadService).
    if (System.getProperty("sun.net.httpserver.nodelay") == null) {
      System.setProperty("sun.net.httpserver.nodelay", "true");
    }
  }

  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  /** Longest database message passed on (pgjdbc's batch errors can quote whole statements). */
  static final int MAX_MESSAGE = 1200;
  /** Request body bytes read and dropped before the connection is closed instead. */
  private static final int MAX_IGNORED_BODY = 64 * 1024;

  private final JdbcTarget target;
  private final GomessageSettings settings;
  private final ConsoleSettings consoleSettings;
  private final TestRunner runner;
  private final OwnedTable table;
  private final History history = new History();
  private final AtomicReference<TestRunner.Progress> running = new AtomicReference<>();
  private final AtomicLong nextId = new AtomicLong(1);
  private final Map<String, byte[]> assets = new LinkedHashMap<>();
  private final HttpServer server;
  private final ExecutorService executor;

  private ConsoleServer(JdbcTarget target, GomessageSettings settings, ConsoleSettings consoleSettings, HttpServer server,
      ExecutorService executor) {
    this.target = target;
    this.settings = settings;
    this.consoleSettings = consoleSettings;
    this.runner = new TestRunner(target, settings);
    this.table = new OwnedTable(target, settings);
    this.server = server;
    this.executor = executor;
    for (String name : List.of("index.html", "console.js", "console.css")) {
      try (InputStream in = ConsoleServer.class.getResourceAsStream(name)) {
        if (in == null) {
          throw new IllegalStateException("resource io/dbbench/jdbc/console/" + name + " is missing from the class path");
        }
        assets.put(name, in.readAllBytes());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /**
   * Binds {@code host:port} ({@code port} 0 picks a free one) and serves the console for
   * {@code target}, which stays the caller's (it is not closed by {@link #close()}).
   *
   * @param settings the family's knobs (schema, table, bulk size, workers, ...)
   * @throws IOException when the address cannot be bound
   */
  public static ConsoleServer start(JdbcTarget target, GomessageSettings settings, ConsoleSettings consoleSettings,
      String host, int port) throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress(host, port), 64);
    ExecutorService ex = Executors.newVirtualThreadPerTaskExecutor();
    server.setExecutor(ex);
    ConsoleServer console;
    try {
      console = new ConsoleServer(target, settings, consoleSettings, server, ex);
    } catch (RuntimeException e) {
      server.stop(0);
      ex.shutdownNow();
      throw e;
    }
    server.createContext("/", console::handle);
    server.start();
    return console;
  }

  /** The URL the server listens on, e.g. {@code http://127.0.0.1:8080/}. */
  public URI uri() {
    InetSocketAddress a = server.getAddress();
    String host = a.getAddress().getHostAddress();
    if (host.contains(":")) {
      host = "[" + host.replaceAll("%.*", "") + "]";
    }
    return URI.create("http://" + host + ":" + a.getPort() + "/");
  }

  /** Whether the bound address is a loopback one (only this machine can connect). */
  public boolean loopbackOnly() {
    return server.getAddress().getAddress().isLoopbackAddress();
  }

  /** The test type names this target runs, in the page's order. */
  public List<String> testNames() {
    return TestType.all(target.dialect()).stream().map(TestType::name).toList();
  }

  private void handle(HttpExchange ex) {
    try {
      String path = ex.getRequestURI().getRawPath();
      String method = ex.getRequestMethod();
      if (!hostAllowed(ex.getRequestHeaders().getFirst("Host"))) {
        // DNS rebinding: a page of another name that resolves to this machine must not drive it
        throw new ConsoleException(421, "Host", "Host '" + truncate(ex.getRequestHeaders().getFirst("Host"))
            + "' refused; the console answers only to its own address, localhost or this machine's name");
      }
      boolean mutating = method.equals("POST") || path.startsWith("/test/") || path.startsWith("/db/");
      if (mutating && !sameOrigin(ex)) {
        throw new ConsoleException(403, "Origin", method + " " + truncate(path) + " from origin '"
            + truncate(ex.getRequestHeaders().getFirst("Origin")) + "' refused; the console only accepts state changes"
            + " from its own page or from clients that send no Origin");
      }
      String site = ex.getRequestHeaders().getFirst("Sec-Fetch-Site");
      if (mutating && site != null && !site.equals("same-origin") && !site.equals("none")) {
        // what an <img> or a link on another site sends with its GET
        throw new ConsoleException(403, "Sec-Fetch-Site", method + " " + truncate(path) + " with Sec-Fetch-Site '"
            + truncate(site) + "' refused; state changes come from the console's own page only");
      }
      if (path.startsWith("/test/")) {
        allow(ex, "GET", "POST");
        runTest(ex, URLDecoder.decode(path.substring("/test/".length()), StandardCharsets.UTF_8));
        return;
      }
      switch (path) {
        case "/", "/index.html" -> {
          allow(ex, "GET");
          asset(ex, "index.html", "text/html; charset=utf-8");
        }
        case "/console.js" -> {
          allow(ex, "GET");
          asset(ex, "console.js", "text/javascript; charset=utf-8");
        }
        case "/console.css" -> {
          allow(ex, "GET");
          asset(ex, "console.css", "text/css; charset=utf-8");
        }
        case "/api/info" -> {
          allow(ex, "GET");
          json(ex, 200, info());
        }
        case "/api/progress" -> {
          allow(ex, "GET");
          json(ex, 200, progress());
        }
        case "/api/history" -> {
          allow(ex, "GET");
          json(ex, 200, history.newestFirst());
        }
        case "/history.json" -> {
          allow(ex, "GET");
          Map<String, Object> all = new LinkedHashMap<>();
          all.put("generated", Instant.now().truncatedTo(ChronoUnit.MILLIS).toString());
          all.put("runtime", runtime());
          all.put("parameters", parameters());
          all.put("results", history.newestFirst());
          ex.getResponseHeaders().set("Content-Disposition", "attachment; filename=\"dbbench-console-history.json\"");
          json(ex, 200, all);
        }
        case "/chart.png" -> {
          allow(ex, "GET");
          send(ex, 200, "image/png", history.chartPng(testNames()));
        }
        case "/db/createTable" -> {
          allow(ex, "POST");
          query(ex, List.of());
          dbOperation(ex, "createTable", table::create);
        }
        case "/db/truncateTable", "/db/deleteRows" -> {
          allow(ex, "POST");
          query(ex, List.of());
          dbOperation(ex, "truncateTable", table::truncate);
        }
        case "/db/dropTable" -> {
          allow(ex, "POST");
          String confirm = query(ex, List.of("confirm")).get("confirm");
          dbOperation(ex, "dropTable", () -> table.drop(confirm));
        }
        case "/db/countRows" -> {
          allow(ex, "GET", "POST");
          query(ex, List.of());
          dbOperation(ex, "countRows", table::countRows);
        }
        default -> throw new ConsoleException(404, "path", "no endpoint " + truncate(path) + "; expected /, "
            + "/test/<TestType>?batchcount=N&batchsize=M, /api/info, /api/progress, /api/history, /history.json, "
            + "/chart.png, /db/createTable, /db/truncateTable, /db/dropTable, /db/countRows");
      }
    } catch (ConsoleException e) {
      error(ex, e.status(), e.field(), e.getMessage(), null);
    } catch (IOException e) {
      // the client went away mid-exchange; nothing left to answer
    } catch (RuntimeException | Error e) {
      // an Error too: it ends this request, not the console
      error(ex, 500, null, "internal error: " + e.getClass().getSimpleName() + ": "
          + truncate(Redaction.redact(String.valueOf(e.getMessage()))), null);
    } finally {
      ex.close(); // after the error answers above (a try-with-resources would close before its catch blocks)
    }
  }

  // ---- tests ---------------------------------------------------------------------------------

  private void runTest(HttpExchange ex, String name) throws IOException {
    TestType type;
    try {
      type = TestType.parse(name, target.dialect());
    } catch (IllegalArgumentException e) {
      throw new ConsoleException(400, "test", e.getMessage());
    }
    Map<String, String> q = query(ex, List.of("batchcount", "batchsize"));
    Shape shape = shape(q);
    TestRunner.Progress p = new TestRunner.Progress(type.name(), shape);
    acquire(p);
    String startedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS).toString();
    int workers = runner.workers(type, shape);
    boolean separate = type.mode() == RunMode.PAR && settings.separateTables();
    int bulk = runner.bulkSize(type, shape);
    TestResult result;
    int status;
    try {
      TestRunner.Outcome o = runner.run(type, shape, consoleSettings.dropBeforeRun(), p);
      double seconds = o.insertNanos() / 1e9;
      result = new TestResult(nextId.getAndIncrement(), startedAt, type.name(), shape.batchCount(), shape.batchSize(),
          bulk, workers, separate, o.rows(), seconds, seconds > 0 ? o.rows() / seconds : 0, o.verified(),
          o.verification(), consoleSettings.dropBeforeRun(), o.mismatch());
      status = o.verified() ? 200 : 502;
    } catch (SQLException | BatchInsertException e) {
      result = new TestResult(nextId.getAndIncrement(), startedAt, type.name(), shape.batchCount(), shape.batchSize(),
          bulk, workers, separate, p.rowsSent(), p.insertSeconds(), 0, false, null, consoleSettings.dropBeforeRun(),
          databaseMessage(e));
      status = 502;
    } catch (IllegalStateException e) {
      throw new ConsoleException(403, "table", Redaction.redact(e.getMessage()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ConsoleException(503, "test", "test " + type.name() + " was interrupted (the console is stopping)");
    } finally {
      running.set(null);
    }
    history.add(result);
    json(ex, status, result);
  }

  /** {@code batchcount}/{@code batchsize}, the settings' default shape for each one missing. */
  private Shape shape(Map<String, String> q) {
    long count = count(q, "batchcount", consoleSettings.defaultShape().batchCount());
    long size = count(q, "batchsize", consoleSettings.defaultShape().batchSize());
    if (count * size > consoleSettings.maxRows()) {
      throw new ConsoleException(400, "batchcount*batchsize", "batchcount*batchsize = " + count + "*" + size + " = "
          + count * size + " rows is over the maximum of " + consoleSettings.maxRows()
          + " (DBBENCH_CONSOLE_MAX_ROWS); ask for fewer rows");
    }
    return new Shape((int) count, (int) size);
  }

  private static long count(Map<String, String> q, String field, int def) {
    String v = q.get(field);
    if (v == null) {
      return def;
    }
    String t = v.trim();
    if (!t.matches("[+-]?[0-9]{1,18}")) {
      throw new ConsoleException(400, field, field + "='" + truncate(v) + "' is not a number; expected a positive "
          + "integer, e.g. " + field + "=" + def);
    }
    long n = Long.parseLong(t);
    if (n < 1) {
      throw new ConsoleException(400, field, field + "=" + n + " is not positive; expected at least 1");
    }
    if (n > Integer.MAX_VALUE) {
      throw new ConsoleException(400, field, field + "=" + n + " is too large; expected at most " + Integer.MAX_VALUE);
    }
    return n;
  }

  private void acquire(TestRunner.Progress p) {
    if (!running.compareAndSet(null, p)) {
      TestRunner.Progress other = running.get();
      String what = other == null ? "another test" : describe(other);
      throw new ConsoleException(409, "test", what + " is running (since " + String.format(Locale.ROOT, "%.1f",
          other == null ? 0.0 : other.elapsedSeconds()) + " s); the console runs one test at a time, try again when it ends");
    }
  }

  private static String describe(TestRunner.Progress p) {
    return p.shape() == null ? "database operation " + p.test() : "test " + p.test() + " " + p.shape();
  }

  private Map<String, Object> progress() {
    TestRunner.Progress p = running.get();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("running", p != null);
    m.put("completed", history.size());
    if (p != null) {
      m.put("test", p.test());
      m.put("what", describe(p));
      m.put("phase", p.phase());
      if (p.shape() != null) {
        m.put("shape", p.shape().toString());
        m.put("rows", p.shape().rows());
        m.put("rowsSent", p.rowsSent());
        m.put("insertSeconds", p.insertSeconds());
      }
      m.put("elapsedSeconds", p.elapsedSeconds());
    }
    return m;
  }

  // ---- database operations -------------------------------------------------------------------

  private interface Operation {
    Map<String, Object> run() throws SQLException;
  }

  private void dbOperation(HttpExchange ex, String name, Operation op) throws IOException {
    TestRunner.Progress p = new TestRunner.Progress(name, null);
    acquire(p);
    Map<String, Object> answer;
    try {
      answer = op.run();
    } catch (SQLException e) {
      error(ex, 502, "database", databaseMessage(e), name);
      return;
    } finally {
      running.set(null);
    }
    json(ex, 200, answer);
  }

  /** The database's message for a client: {@code database error: <message>}, redacted, shortened. */
  static String databaseMessage(Exception e) {
    String m = Redaction.redact(String.valueOf(e.getMessage())).replaceAll("\\s*\\R\\s*", " ");
    if (m.length() > MAX_MESSAGE) {
      m = m.substring(0, MAX_MESSAGE / 2) + " [...] " + m.substring(m.length() - MAX_MESSAGE / 2);
    }
    return "database error: " + m;
  }

  // ---- runtime and parameters ----------------------------------------------------------------

  private Map<String, Object> info() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("runtime", runtime());
    m.put("parameters", parameters());
    m.put("tests", testNames());
    m.put("hdbinsertTests", TestType.HDBINSERT);
    m.put("shapes", consoleSettings.shapes().stream().map(Shape::toString).toList());
    m.put("defaultShape", consoleSettings.defaultShape().toString());
    m.put("maxRows", consoleSettings.maxRows());
    m.put("table", table.qualifiedName());
    m.put("allowDrop", settings.allowDrop());
    return m;
  }

  private Map<String, Object> runtime() {
    Map<String, Object> m = new LinkedHashMap<>();
    Runtime rt = Runtime.getRuntime();
    m.put("jdk", System.getProperty("java.vm.vendor") + " " + System.getProperty("java.runtime.version"));
    m.put("os", System.getProperty("os.name") + " " + System.getProperty("os.arch"));
    m.put("availableProcessors", rt.availableProcessors());
    m.put("maxHeapBytes", rt.maxMemory());
    Map<String, Object> d = target.describe();
    m.put("driver", d.get("driver"));
    m.put("driverVersion", d.get("driver_version"));
    m.put("database", d.get("server_product"));
    m.put("databaseVersion", d.get("server_version"));
    m.put("backend", d.get("backend"));
    m.put("url", d.get("url"));
    m.put("targetSource", d.get("target_source"));
    m.put("user", d.get("user"));
    return m;
  }

  private List<Map<String, Object>> parameters() {
    List<Map<String, Object>> out = new ArrayList<>();
    Dialect dialect = target.dialect();
    param(out, "target", settings.target().isEmbedded() ? "embedded PostgreSQL" : settings.target().redactedUrl(),
        "DBBENCH_JDBC_URL", "JDBC URL (or GOHDBDSN); unset: the embedded PostgreSQL");
    param(out, "schema", settings.schema(), "DBBENCH_JDBC_SCHEMA", "schema of the owned table");
    param(out, "table", settings.table(), "DBBENCH_JDBC_TABLE", "the owned table; Par with separate tables adds <table>_<n>");
    param(out, "batch count", consoleSettings.defaultShape().batchCount(), "DBBENCH_CONSOLE_BATCH_COUNT",
        "batches when a /test URL names no batchcount");
    param(out, "batch size", consoleSettings.defaultShape().batchSize(), "DBBENCH_CONSOLE_BATCH_SIZE",
        "rows per batch when a /test URL names no batchsize");
    param(out, "bulk size", settings.bulkSize() == 0 ? "batch size" : settings.bulkSize(), "DBBENCH_JDBC_BULK_SIZE",
        "Bulk: rows per executeBatch" + (dialect.maxBatchRows() == Integer.MAX_VALUE ? ""
            : " (at most " + dialect.maxBatchRows() + " on " + dialect.product() + ")"));
    param(out, "workers", settings.workers() == 0 ? "min(batchCount, 2 x " + Runtime.getRuntime().availableProcessors()
        + " cores)" : settings.workers(), "DBBENCH_JDBC_WORKERS", "Par: threads, one connection each");
    param(out, "wait seconds", settings.waitSeconds(), "DBBENCH_JDBC_WAIT_SECONDS",
        "settle time before each insert, outside the timing (hdbinsert's -wait)");
    param(out, "separate tables", settings.separateTables(), "DBBENCH_JDBC_SEPARATE_TABLES",
        "Par: each worker inserts into its own <table>_<n> (hdbinsert's -separate)");
    param(out, "drop before run", consoleSettings.dropBeforeRun(), "DBBENCH_CONSOLE_DROP",
        "drop and recreate the table before each test (hdbinsert's -drop); false appends");
    param(out, "seed", settings.seed(), "DBBENCH_JDBC_SEED", "row generator seed");
    if (dialect.supportsCopy()) {
      param(out, "COPY format", settings.copyFormat(), "DBBENCH_JDBC_COPY_FORMAT", "Copy: binary or text");
      param(out, "reWriteBatchedInserts", settings.target().reWriteBatchedInserts(), "DBBENCH_JDBC_REWRITE_BATCHED_INSERTS",
          "pgjdbc multi-row INSERT rewriting");
    }
    param(out, "allow drop", settings.allowDrop(), "DBBENCH_ALLOW_DROP",
        "needed to drop the table from this page, and to touch a table dbbench did not create");
    param(out, "max rows", consoleSettings.maxRows(), "DBBENCH_CONSOLE_MAX_ROWS", "most rows one test may insert");
    return out;
  }

  private static void param(List<Map<String, Object>> out, String name, Object value, String env, String meaning) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", name);
    m.put("value", value);
    m.put("env", env);
    m.put("property", BenchConfig.propertyName(env));
    m.put("meaning", meaning);
    out.add(m);
  }

  // ---- HTTP plumbing -------------------------------------------------------------------------

  private static void allow(HttpExchange ex, String... methods) {
    String m = ex.getRequestMethod();
    for (String a : methods) {
      if (a.equals(m)) {
        return;
      }
    }
    ex.getResponseHeaders().set("Allow", String.join(", ", methods));
    throw new ConsoleException(405, "method", "method " + m + " is not allowed on " + ex.getRequestURI().getRawPath()
        + "; use " + String.join(" or ", methods) + (List.of(methods).contains("GET") ? "" : " (state changes are POST only)"));
  }

  /** A state change's Origin, when the browser sends one, must be this server's own (an allowed host). */
  private boolean sameOrigin(HttpExchange ex) {
    String origin = ex.getRequestHeaders().getFirst("Origin");
    if (origin == null) {
      return true;
    }
    return origin.startsWith("http://") && hostAllowed(origin.substring("http://".length()));
  }

  /**
   * Whether a {@code Host} header (or an Origin's authority) names this server: its port, and as
   * the host an IP address literal, {@code localhost}, or this machine's own name. Any other name
   * reached this machine through someone's DNS (rebinding), so it is refused. A request without
   * {@code Host} (HTTP/1.0 tools) is accepted.
   */
  boolean hostAllowed(String hostHeader) {
    if (hostHeader == null) {
      return true;
    }
    String h = hostHeader.trim().toLowerCase(Locale.ROOT);
    int port = server.getAddress().getPort();
    String name;
    if (h.startsWith("[")) {
      int close = h.indexOf(']');
      if (close < 0 || !h.substring(close + 1).equals(":" + port)) {
        return false;
      }
      return true; // an IPv6 literal
    }
    int colon = h.lastIndexOf(':');
    if (colon < 0 || !h.substring(colon + 1).equals(String.valueOf(port))) {
      return false;
    }
    name = h.substring(0, colon);
    if (name.equals("localhost") || name.matches("\\d{1,3}(\\.\\d{1,3}){3}")) {
      return true;
    }
    try {
      return name.equals(InetAddress.getLocalHost().getHostName().toLowerCase(Locale.ROOT));
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * The query's fields, each at most once and each one of {@code allowed}.
   *
   * @throws ConsoleException 400 naming an unknown or repeated field
   */
  private static Map<String, String> query(HttpExchange ex, List<String> allowed) {
    Map<String, String> out = new LinkedHashMap<>();
    String raw = ex.getRequestURI().getRawQuery();
    if (raw == null || raw.isEmpty()) {
      return out;
    }
    for (String kv : raw.split("&")) {
      if (kv.isEmpty()) {
        continue;
      }
      int eq = kv.indexOf('=');
      String k = URLDecoder.decode(eq < 0 ? kv : kv.substring(0, eq), StandardCharsets.UTF_8).toLowerCase(Locale.ROOT);
      String v = eq < 0 ? "" : URLDecoder.decode(kv.substring(eq + 1), StandardCharsets.UTF_8);
      if (!allowed.contains(k)) {
        throw new ConsoleException(400, k, "query field '" + truncate(k) + "' is not accepted here; expected "
            + (allowed.isEmpty() ? "none" : String.join(", ", allowed)));
      }
      if (out.put(k, v) != null) {
        throw new ConsoleException(400, k, "query field '" + k + "' is given twice; expected it once");
      }
    }
    return out;
  }

  private void asset(HttpExchange ex, String name, String type) throws IOException {
    if (name.endsWith(".html")) {
      // scripts and styles from this server only; the chart is an image from it too
      ex.getResponseHeaders().set("Content-Security-Policy",
          "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'");
    }
    send(ex, 200, type, assets.get(name));
  }

  private void json(HttpExchange ex, int status, Object body) throws IOException {
    send(ex, status, "application/json", JSON.writeValueAsBytes(body));
  }

  private void error(HttpExchange ex, int status, String field, String message, String operation) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("error", message);
    if (field != null) {
      m.put("field", field);
    }
    if (operation != null) {
      m.put("operation", operation);
    }
    try {
      json(ex, status, m);
    } catch (IOException | RuntimeException ignored) {
      // headers were already sent, or the client went away
    }
  }

  private static void send(HttpExchange ex, int status, String type, byte[] given) throws IOException {
    // the second line of defence: every credential this JVM knows, by value, out of every text answer
    byte[] body = KnownSecrets.any() && !type.startsWith("image/")
        ? KnownSecrets.scrub(new String(given, StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8) : given;
    ex.getResponseHeaders().set("Cache-Control", "no-store");
    ex.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
    HttpExchanges.send(ex, status, type, body, MAX_IGNORED_BODY);
  }

  static String truncate(String s) {
    if (s == null) {
      return "";
    }
    return s.length() > 80 ? s.substring(0, 80) + "..." : s;
  }

  /**
   * Stops serving (requests in flight are cut off), then waits up to five seconds for the request
   * threads; the target stays open (it is the caller's).
   */
  @Override
  public void close() {
    HttpExchanges.stop(server, executor);
  }
}
