package io.dbbench.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A frozen database fails within the timeouts instead of hanging the run: the embedded
 * PostgreSQL's postmaster and every backend are stopped with SIGSTOP (and resumed with SIGCONT in
 * {@code finally}); the insert, or the table DDL before it, must fail within a few seconds with a
 * message naming the target, the operation and the timeout's knob. Timeouts here are 2 s.
 */
class GomessageFreezeTest {
  private static final int TIMEOUT_S = 2;
  /** Generous bound on the whole failure: the socket timeout plus JVM and scheduling slack on a busy machine. */
  private static final long FAIL_WITHIN_MS = 20_000;
  private static final Shape SHAPE = Shape.parse("4x250");

  private static JdbcTarget target;
  private static GomessageSettings settings;

  @BeforeAll
  static void start() throws Exception {
    assumeTrue(Files.isExecutable(Path.of("/bin/kill")) || Files.isExecutable(Path.of("/usr/bin/kill")),
        "needs kill(1) to send SIGSTOP/SIGCONT to the embedded PostgreSQL");
    settings = GomessageSettings.defaults(JdbcSettings.embedded()).withTimeouts(new JdbcTimeouts(TIMEOUT_S, TIMEOUT_S));
    target = JdbcTarget.open(settings.target());
  }

  @AfterAll
  static void stop() {
    if (target != null) {
      target.close();
    }
  }

  /** The postmaster and all its descendants (backends, background workers). */
  private static List<Long> serverProcesses() throws IOException {
    long pid = target.serverPid();
    assertTrue(pid > 0, "the embedded server's postmaster pid");
    List<Long> pids = new ArrayList<>(List.of(pid));
    ProcessHandle.of(pid).orElseThrow().descendants().forEach(p -> pids.add(p.pid()));
    return pids;
  }

  private static void signal(String sig, List<Long> pids) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of("kill", "-" + sig));
    pids.forEach(p -> cmd.add(Long.toString(p)));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    assertTrue(p.waitFor(10, TimeUnit.SECONDS), "kill -" + sig + " did not return");
    String out = new String(p.getInputStream().readAllBytes());
    assertEquals(0, p.exitValue(), "kill -" + sig + " " + pids + ": " + out);
  }

  /** What an action threw while the server was frozen, and after how many milliseconds. */
  private record Frozen<E extends Throwable>(E error, long ms) {}

  /**
   * Runs {@code action} with the server's processes stopped (SIGSTOP, SIGCONT after), and checks
   * that it fails with {@code type} within {@link #FAIL_WITHIN_MS}.
   */
  private static <E extends Throwable> Frozen<E> whileFrozen(Class<E> type, Executable action) throws Exception {
    List<Long> pids = serverProcesses();
    E e;
    long t0 = System.nanoTime();
    signal("STOP", pids);
    try {
      e = assertThrows(type, action);
    } finally {
      signal("CONT", pids);
    }
    long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
    assertTrue(ms < FAIL_WITHIN_MS, "failed after " + ms + " ms");
    return new Frozen<>(e, ms);
  }

  @ParameterizedTest
  @CsvSource({"bulk", "copy", "arrayBind", "rowByRow"})
  void aFrozenServerFailsTheInsertWithinTheTimeoutNamingTargetAndBatch(String strategy) throws Exception {
    try (GomessageFixture f = GomessageFixture.open(target, settings, SHAPE, Strategy.parse(strategy), RunMode.SEQ)) {
      f.prepare();
      Frozen<BatchInsertException> frozen = whileFrozen(BatchInsertException.class, f::insert);
      BatchInsertException e = frozen.error();
      long ms = frozen.ms();
      assertTrue(ms >= TIMEOUT_S * 1000L - 200, "failed before the timeout could fire: " + ms + " ms; " + e.getMessage());
      String m = e.getMessage();
      assertTrue(m.startsWith("GOMESSAGE insert into embedded PostgreSQL"), m);
      assertTrue(m.contains("batch 0 of 4") && m.contains("strategy " + strategy), m);
      // the socket timeout fires on a read; a batch whose send blocks is aborted by the statement watchdog
      assertTrue(m.contains("timed out") && (m.contains("DBBENCH_JDBC_SOCKET_TIMEOUT_SECONDS=" + TIMEOUT_S)
          || m.contains("DBBENCH_JDBC_STATEMENT_TIMEOUT_SECONDS=" + TIMEOUT_S)), m);
      System.out.println("[freeze] " + strategy + ": failed after " + ms + " ms: " + m.substring(0, Math.min(m.length(), 300)));
    }
  }

  @ParameterizedTest
  @CsvSource({"bulk"})
  void aFrozenServerFailsTheTableDdlNamingTheOperation(String strategy) throws Exception {
    try (GomessageFixture f = GomessageFixture.open(target, settings, SHAPE, Strategy.parse(strategy), RunMode.SEQ)) {
      SQLException e = whileFrozen(SQLException.class, f::prepare).error();
      assertNotNull(e.getMessage());
      assertTrue(e.getMessage().startsWith("recreating TG20POC.GOMESSAGE on jdbc:postgresql://localhost:"), e.getMessage());
      assertTrue(e.getMessage().contains("DBBENCH_JDBC_SOCKET_TIMEOUT_SECONDS=" + TIMEOUT_S), e.getMessage());
    }
  }
}
