package io.dbbench.jdbc;

import io.dbbench.core.FileTrees;
import io.dbbench.core.Leases;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Starts zonky's embedded PostgreSQL from a copy of a once-initialised data directory, so each
 * JMH fork pays a file copy (a few hundred ms) instead of {@code initdb} (1-3 s on a busy
 * 2-core machine). The template lives in {@code <java.io.tmpdir>/dbbench-pg-template}; it is built
 * by a first start with zonky's own {@code initdb} and rebuilt when a copy fails to start (for
 * example after the binaries changed). Every started server gets its own fresh copy in a temp
 * folder, deleted by {@link #stop}.
 */
final class EmbeddedTemplate {
  private static final Map<EmbeddedPostgres, Path> DATA_DIRS = new IdentityHashMap<>();
  /** The server log of each running server, deleted by the shutdown hook (a normal close deletes it itself). */
  private static final Map<EmbeddedPostgres, Path> LOGS = new IdentityHashMap<>();
  /**
   * The lease of each running server: the postmaster daemonizes (its parent is PID 1, not the
   * fork), so a killed fork cannot stop it; the next lease anywhere sweeps it ({@link Leases}).
   */
  private static final Map<EmbeddedPostgres, Leases.Lease> LEASES = new IdentityHashMap<>();
  /** The per-run superuser password of each running server (see {@link #lockDown}). */
  private static final Map<EmbeddedPostgres, String> PASSWORDS = new IdentityHashMap<>();
  private static final java.security.SecureRandom RANDOM = new java.security.SecureRandom();

  static {
    // A benchmark that fails skips its trial tear-down and JMH exits the fork: stop what is left.
    Runtime.getRuntime().addShutdownHook(new Thread(EmbeddedTemplate::stopAll, "dbbench-embedded-pg-cleanup"));
  }

  private EmbeddedTemplate() {}

  /**
   * Starts a server on a fresh copy of the template (building the template first if needed).
   *
   * @param log file receiving the server's output
   * @throws IOException when neither the template copy nor a fresh {@code initdb} starts
   */
  static EmbeddedPostgres start(Path log) throws IOException {
    Path template = Path.of(System.getProperty("java.io.tmpdir"), "dbbench-pg-template");
    Files.createDirectories(template.getParent());
    if (!Files.exists(template.resolve("postgresql.conf"))) {
      buildTemplate(template, log);
    }
    Leases.Lease lease = Leases.take().path(log);
    Path data = Files.createTempDirectory("dbbench-pg-data-"); // mode 0700, as PostgreSQL requires
    lease.path(data);
    try {
      copyTree(template, data);
      return started(data, log, lease);
    } catch (IOException | RuntimeException first) {
      deleteAfter(data, first);
      try {
        FileTrees.deleteRecursively(template); // stale (other binaries?): rebuild once
        buildTemplate(template, log);
      } catch (IOException | RuntimeException rebuild) {
        lease.close();
        rebuild.addSuppressed(first);
        throw rebuild;
      }
      Path retry = Files.createTempDirectory("dbbench-pg-data-");
      lease.path(retry);
      try {
        copyTree(template, retry);
        return started(retry, log, lease);
      } catch (IOException | RuntimeException second) {
        deleteAfter(retry, second);
        lease.close();
        second.addSuppressed(first);
        throw second;
      }
    }
  }

  /** Stops {@code pg} and deletes its data directory copy. */
  static void stop(EmbeddedPostgres pg) throws IOException {
    Path data;
    Leases.Lease lease;
    synchronized (DATA_DIRS) {
      data = DATA_DIRS.remove(pg);
      LOGS.remove(pg);
      PASSWORDS.remove(pg);
      lease = LEASES.remove(pg);
    }
    try {
      pg.close();
    } finally {
      if (data != null) {
        try {
          FileTrees.deleteRecursively(data);
        } catch (UncheckedIOException e) {
          throw e.getCause();
        }
      }
      if (lease != null) {
        lease.close();
      }
    }
  }

  private static void stopAll() {
    Map<EmbeddedPostgres, Path> left;
    synchronized (DATA_DIRS) {
      left = new IdentityHashMap<>(LOGS);
    }
    left.forEach((pg, log) -> {
      try {
        stop(pg);
        Files.deleteIfExists(log); // the server ran; its log is of no use once the fork exits
      } catch (IOException | RuntimeException ignored) {
        // exiting anyway
      }
    });
  }

  private static EmbeddedPostgres started(Path data, Path log, Leases.Lease lease) throws IOException {
    EmbeddedPostgres pg = builder(data, log).start();
    postmasterPid(data).ifPresent(lease::process);
    synchronized (DATA_DIRS) {
      DATA_DIRS.put(pg, data);
      LOGS.put(pg, log);
      LEASES.put(pg, lease);
    }
    try {
      String password = lockDown(pg, data);
      synchronized (DATA_DIRS) {
        PASSWORDS.put(pg, password);
      }
    } catch (IOException | RuntimeException e) {
      stop(pg);
      throw e;
    }
    return pg;
  }

  /**
   * Ends zonky's {@code trust} authentication, under which any local process could connect as
   * superuser while a benchmark runs (and run commands through {@code COPY ... TO PROGRAM}): sets a
   * random per-run password (24 random bytes, base64url) on the {@code postgres} role, rewrites
   * {@code pg_hba.conf} to require it ({@code scram-sha-256}) on the Unix socket and on loopback
   * only, and reloads the configuration. Returns the password; it lives in this JVM only.
   *
   * @throws IOException when the role cannot be altered or the file cannot be written
   */
  static String lockDown(EmbeddedPostgres pg, Path data) throws IOException {
    byte[] raw = new byte[24];
    RANDOM.nextBytes(raw);
    String password = java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
    try (java.sql.Connection c = pg.getPostgresDatabase().getConnection();
        java.sql.Statement st = c.createStatement()) {
      st.execute("SET password_encryption = 'scram-sha-256'");
      st.execute("ALTER ROLE postgres PASSWORD '" + password + "'"); // base64url: no quote can occur
      Files.writeString(data.resolve("pg_hba.conf"), String.join("\n",
          "# dbbench: a random per-run password for every connection, loopback only (EmbeddedTemplate.lockDown)",
          "local all all scram-sha-256",
          "host all all 127.0.0.1/32 scram-sha-256",
          "host all all ::1/128 scram-sha-256", ""));
      try (java.sql.ResultSet r = st.executeQuery("SELECT pg_reload_conf()")) {
        r.next();
      }
    } catch (java.sql.SQLException e) {
      throw new IOException("cannot lock down the embedded PostgreSQL: " + e.getMessage(), e);
    }
    return password;
  }

  /** The per-run password of a server {@link #start} returned. */
  static String password(EmbeddedPostgres pg) {
    synchronized (DATA_DIRS) {
      return PASSWORDS.get(pg);
    }
  }

  /** The data directory of a server {@link #start} returned. */
  static Path dataDir(EmbeddedPostgres pg) {
    synchronized (DATA_DIRS) {
      return DATA_DIRS.get(pg);
    }
  }

  /** The postmaster's pid: the first line of {@code postmaster.pid} in a running cluster's data directory. */
  static java.util.Optional<Long> postmasterPid(Path data) {
    try {
      String first = Files.readAllLines(data.resolve("postmaster.pid")).get(0).trim();
      return java.util.Optional.of(Long.parseLong(first));
    } catch (IOException | RuntimeException e) {
      return java.util.Optional.empty();
    }
  }

  private static EmbeddedPostgres.Builder builder(Path data, Path log) {
    File f = log.toFile();
    return EmbeddedPostgres.builder()
        .setDataDirectory(data)
        .setCleanDataDirectory(false) // false keeps zonky from re-running initdb over the copy; stop() deletes it
        .setRegisterShutdownHook(false) // our hook stops the server, then deletes its copy, in that order
        .setOutputRedirector(ProcessBuilder.Redirect.appendTo(f))
        .setErrorRedirector(ProcessBuilder.Redirect.appendTo(f))
        .setServerConfig("listen_addresses", "127.0.0.1") // loopback only, whatever zonky's default
        .setPGStartupWait(Duration.ofSeconds(60));
  }

  /** initdb into a private folder, then move it into place atomically (concurrent forks race safely). */
  private static void buildTemplate(Path template, Path log) throws IOException {
    Path building = Files.createTempDirectory(template.getParent(), "dbbench-pg-template-building-");
    try {
      try (EmbeddedPostgres pg = builder(building, log).start()) {
        pg.getPort(); // initdb ran and the server started: the folder is a clean, shut-down cluster after close
      }
      Files.deleteIfExists(building.resolve("epg-lock"));
      try {
        Files.move(building, template, StandardCopyOption.ATOMIC_MOVE);
      } catch (FileAlreadyExistsException | java.nio.file.DirectoryNotEmptyException raced) {
        FileTrees.deleteRecursively(building); // another fork built it first
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(building, template);
      }
    } catch (IOException | RuntimeException e) {
      deleteAfter(building, e);
      throw e;
    }
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> s = Files.walk(from)) {
      s.forEach(p -> {
        Path dest = to.resolve(from.relativize(p).toString());
        try {
          if (Files.isDirectory(p)) {
            Files.createDirectories(dest);
          } else if (!p.getFileName().toString().equals("epg-lock")) {
            Files.copy(p, dest, StandardCopyOption.COPY_ATTRIBUTES);
          }
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  /** {@link FileTrees#deleteRecursively}, for clean-up on a path that already failed: a failure here is added to {@code cause}. */
  private static void deleteAfter(Path root, Throwable cause) {
    try {
      FileTrees.deleteRecursively(root);
    } catch (UncheckedIOException e) {
      cause.addSuppressed(e);
    }
  }
}
