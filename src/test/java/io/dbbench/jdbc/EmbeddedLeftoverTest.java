package io.dbbench.jdbc;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.core.BenchConfig;
import io.dbbench.core.Leases;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A benchmark fork killed with SIGKILL leaves its embedded PostgreSQL running (the postmaster
 * daemonizes; its parent becomes PID 1) and its data directory behind; the next lease's sweep
 * stops the server and deletes the directory.
 */
class EmbeddedLeftoverTest {
  @Test
  void aKilledForksPostgresIsSweptByTheNextLease(@TempDir Path leases, @TempDir Path logs) throws Exception {
    try (AutoCloseable dir = BenchConfig.override(Leases.ENV_DIR, leases.toString())) {
      Path java = Path.of(System.getProperty("java.home"), "bin", "java");
      Process child = new ProcessBuilder(java.toString(), "--enable-native-access=ALL-UNNAMED",
          "-D" + BenchConfig.propertyName(Leases.ENV_DIR) + "=" + leases,
          "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"),
          "-cp", System.getProperty("java.class.path"), EmbeddedPgChild.class.getName(),
          logs.resolve("pg.log").toString()).redirectErrorStream(true).start();
      String ready = null;
      try (BufferedReader r = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line; (line = r.readLine()) != null; ) {
          if (line.startsWith("ready ")) {
            ready = line;
            break;
          }
        }
        assertTrue(ready != null, "the child never started its server");
        String[] p = ready.split(" ");
        long postmaster = Long.parseLong(p[1]);
        Path data = Path.of(p[2]);
        int port = Integer.parseInt(p[3]);
        assertTrue(postmaster > 0, ready);

        // zonky's distribution script, written when its class loaded, is gone once the server is up
        Instant childStart = child.toHandle().info().startInstant().orElseThrow();
        try (var scripts = Files.newDirectoryStream(Path.of(System.getProperty("java.io.tmpdir")),
            "detect_linux_distribution_*.sh")) {
          for (Path sc : scripts) {
            assertTrue(Files.getLastModifiedTime(sc).toInstant().isBefore(childStart), "left behind: " + sc);
          }
        }
        child.destroyForcibly(); // SIGKILL: no shutdown hook runs
        assertTrue(child.waitFor(30, TimeUnit.SECONDS));
        Optional<ProcessHandle> pm = ProcessHandle.of(postmaster);
        assertTrue(pm.isPresent() && pm.get().isAlive(), "the postmaster outlives a killed fork (the defect being guarded)");
        assertTrue(Files.isDirectory(data));

        List<String> swept = Leases.sweep();
        assertTrue(swept.stream().anyMatch(l -> l.contains("stopped leftover process " + postmaster)), swept.toString());
        pm.get().onExit().get(30, TimeUnit.SECONDS);
        assertFalse(pm.get().isAlive(), "the sweep stops the postmaster");
        assertFalse(Files.exists(data), "the sweep deletes the data directory: " + swept);
        try (Socket s = new Socket()) {
          s.connect(new InetSocketAddress("127.0.0.1", port), 500);
          throw new AssertionError("something still listens on the killed fork's port " + port);
        } catch (IOException expected) {
          // nothing listens any more
        }
        try (var left = Files.list(leases)) {
          assertFalse(left.findAny().isPresent(), "the stale lease is removed");
        }
      } finally {
        child.destroyForcibly();
      }
    }
  }
}
