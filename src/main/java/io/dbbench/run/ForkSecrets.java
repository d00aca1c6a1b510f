package io.dbbench.run;

import io.dbbench.core.Leases;
import io.dbbench.core.SecretsFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The main job's secrets file for the forks ({@link SecretsFile}), which must not outlive the job:
 * deleted by {@link #close()}, by a shutdown hook on SIGTERM or Ctrl-C, and after SIGKILL by the
 * next run's lease sweep ({@link Leases}). Without secrets there is no file ({@link #path()} is
 * {@code null}) and closing does nothing.
 */
final class ForkSecrets implements AutoCloseable {
  private final Path path;
  private final Leases.Lease lease;
  private final Thread hook;

  private ForkSecrets(Path path, Leases.Lease lease, Thread hook) {
    this.path = path;
    this.lease = lease;
    this.hook = hook;
  }

  /**
   * Writes {@code secrets} (system property names to values) to a new file in {@code java.io.tmpdir},
   * readable by this user only, when there are any.
   *
   * @throws IOException when the file cannot be written
   */
  static ForkSecrets write(Map<String, String> secrets) throws IOException {
    if (secrets.isEmpty()) {
      return new ForkSecrets(null, null, null);
    }
    Path file = SecretsFile.write(secrets, Path.of(System.getProperty("java.io.tmpdir")));
    Leases.Lease lease = Leases.take().path(file);
    Thread hook = new Thread(() -> {
      try {
        Files.deleteIfExists(file);
      } catch (IOException e) {
        // the lease sweep deletes it on the next run
      }
    }, "dbbench-secrets-cleanup");
    Runtime.getRuntime().addShutdownHook(hook);
    return new ForkSecrets(file, lease, hook);
  }

  /** The file the forks read their secrets from, or {@code null} when there are none. */
  Path path() {
    return path;
  }

  /** Deletes the file and releases its lease. */
  @Override
  public void close() throws IOException {
    if (path == null) {
      return;
    }
    Files.deleteIfExists(path);
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // shutting down already: the hook runs
    }
    lease.close();
  }
}
