package io.dbbench.run;

import io.dbbench.core.Leases;
import io.dbbench.core.SecretsFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
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

  /**
   * The secret {@code -Dkey=value} properties ({@link SecretsFile#split}) inside the JVM options
   * ({@code -jvmArgs}, {@code -jvmArgsAppend}, {@code -jvmArgsPrepend}, in any spelling JMH takes)
   * of a JMH command line that another process will run ({@code Interleave}'s sides).
   */
  static Map<String, String> secretsOf(List<String> jmhArgs) {
    List<String> args = JmhArgs.canonicalJvmOptions(jmhArgs);
    Map<String, String> out = new LinkedHashMap<>();
    for (String option : JmhArgs.JVM_OPTIONS) {
      out.putAll(SecretsFile.split(JmhArgs.values(args, option)).secrets());
    }
    return out;
  }

  /**
   * {@code jmhArgs} as another process may be given them on its command line: every secret
   * {@code -D} property taken out of the JVM options ({@link #secretsOf}) and, when
   * {@code secretsFile} is not {@code null}, {@code -Ddbbench.secrets.file=<file>} added to
   * {@code -jvmArgsAppend} (which is created when absent), so that the forks read them from there
   * ({@code BenchConfig}); a {@code -jvmArgs} left empty keeps only that property.
   */
  static List<String> withoutSecrets(List<String> jmhArgs, Path secretsFile) {
    List<String> args = JmhArgs.canonicalJvmOptions(jmhArgs);
    String fileProperty = secretsFile == null ? null : "-D" + SecretsFile.PROPERTY + "=" + secretsFile.toAbsolutePath();
    List<String> out = new ArrayList<>();
    boolean appended = false;
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      if (!JmhArgs.JVM_OPTIONS.contains(a) || i + 1 >= args.size()) {
        out.add(a);
        continue;
      }
      List<String> kept = new ArrayList<>(SecretsFile.split(JmhArgs.values(List.of(a, args.get(++i)), a)).kept());
      if (fileProperty != null && (a.equals("-jvmArgsAppend") || (a.equals("-jvmArgs") && kept.isEmpty()))) {
        kept.add(fileProperty);
        appended |= a.equals("-jvmArgsAppend");
      }
      if (!kept.isEmpty()) {
        out.add(a);
        out.add(String.join(" ", kept));
      }
    }
    if (fileProperty != null && !appended) {
      out.add("-jvmArgsAppend");
      out.add(fileProperty);
    }
    return out;
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
