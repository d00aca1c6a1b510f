package io.dbbench.jdbc.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.core.BenchConfig;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The command line: the first line printed is the URL, the second says the bind is loopback-only,
 * the server answers there, and bad options or a busy port give their exit codes. The target is an
 * in-memory H2 named through the family's own {@code DBBENCH_JDBC_URL}, set for this JVM whatever
 * the caller's environment holds ({@link BenchConfig#override}).
 */
class ConsoleMainTest {
  private AutoCloseable url;

  @BeforeEach
  void h2Target() {
    url = BenchConfig.override("DBBENCH_JDBC_URL", "jdbc:h2:mem:console_main;DB_CLOSE_DELAY=-1");
  }

  @AfterEach
  void clear() throws Exception {
    url.close();
  }

  @Test
  void firstLineIsTheUrlAndTheBindIsLoopback() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    CountDownLatch stop = new CountDownLatch(1);
    CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> Console.run(new String[] {"--port", "0"},
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), stop));
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (out.toString(StandardCharsets.UTF_8).split("\n").length < 3 && System.nanoTime() < deadline && !exit.isDone()) {
      Thread.sleep(20);
    }
    String[] lines = out.toString(StandardCharsets.UTF_8).split("\n");
    assertTrue(lines.length >= 3, "stdout: " + out + " stderr: " + err);
    assertTrue(lines[0].matches("http://127\\.0\\.0\\.1:[0-9]{2,5}/"), lines[0]);
    assertTrue(lines[1].startsWith("listening on loopback 127.0.0.1 only"), lines[1]);
    Http http = new Http(URI.create(lines[0]));
    assertEquals("H2", http.get("/api/info").json().get("runtime").get("database").asText());
    assertTrue(http.get("/test/BulkSeq?batchcount=2&batchsize=10").json().get("verified").asBoolean());
    stop.countDown();
    assertEquals(0, exit.get(30, TimeUnit.SECONDS));
  }

  @Test
  void badOptionsExit2AndABusyPortExits1() throws Exception {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
    PrintStream o = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    CountDownLatch open = new CountDownLatch(0);
    assertEquals(2, Console.run(new String[] {"--port", "70000"}, o, e, open));
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("--port 70000 is out of range"), err.toString());
    assertEquals(2, Console.run(new String[] {"--bogus"}, o, e, open));
    try (ServerSocket busy = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      err.reset();
      assertEquals(1, Console.run(new String[] {"--port", Integer.toString(busy.getLocalPort())}, o, e, open));
      assertTrue(err.toString(StandardCharsets.UTF_8).contains("cannot listen on 127.0.0.1:" + busy.getLocalPort()),
          err.toString());
    }
  }
}
