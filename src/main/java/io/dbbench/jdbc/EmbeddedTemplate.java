package io.dbbench.jdbc;

import io.dbbench.core.FileTrees;
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
    Path data = Files.createTempDirectory("dbbench-pg-data-"); // mode 0700, as PostgreSQL requires
    try {
      copyTree(template, data);
      return started(data, log);
    } catch (IOException | RuntimeException first) {
      deleteAfter(data, first);
      try {
        FileTrees.deleteRecursively(template); // stale (other binaries?): rebuild once
        buildTemplate(template, log);
      } catch (IOException | RuntimeException rebuild) {
        rebuild.addSuppressed(first);
        throw rebuild;
      }
      Path retry = Files.createTempDirectory("dbbench-pg-data-");
      try {
        copyTree(template, retry);
        return started(retry, log);
      } catch (IOException | RuntimeException second) {
        deleteAfter(retry, second);
        second.addSuppressed(first);
        throw second;
      }
    }
  }

  /** Stops {@code pg} and deletes its data directory copy. */
  static void stop(EmbeddedPostgres pg) throws IOException {
    Path data;
    synchronized (DATA_DIRS) {
      data = DATA_DIRS.remove(pg);
      LOGS.remove(pg);
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
    }
  }

  /** The data directory {@code pg} runs on, or {@code null} once stopped. */
  static Path dataDirectory(EmbeddedPostgres pg) {
    synchronized (DATA_DIRS) {
      return DATA_DIRS.get(pg);
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

  private static EmbeddedPostgres started(Path data, Path log) throws IOException {
    EmbeddedPostgres pg = builder(data, log).start();
    synchronized (DATA_DIRS) {
      DATA_DIRS.put(pg, data);
      LOGS.put(pg, log);
    }
    return pg;
  }

  private static EmbeddedPostgres.Builder builder(Path data, Path log) {
    File f = log.toFile();
    return EmbeddedPostgres.builder()
        .setDataDirectory(data)
        .setCleanDataDirectory(false) // false keeps zonky from re-running initdb over the copy; stop() deletes it
        .setRegisterShutdownHook(false) // our hook stops the server, then deletes its copy, in that order
        .setOutputRedirector(ProcessBuilder.Redirect.appendTo(f))
        .setErrorRedirector(ProcessBuilder.Redirect.appendTo(f))
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
