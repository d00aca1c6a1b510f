package io.dbbench.core;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;

/**
 * Carries credentials given as system properties ({@code -Ddbbench.jdbc.password=...}) to JMH
 * forks without putting them on the fork's command line, where JMH records every JVM argument in
 * its JSON ({@code jvmArgs}) and so in {@code jmh.json}, {@code env.json} and the reports.
 *
 * <p>The main job {@linkplain #split splits} the fork JVM arguments: every {@code -Dkey=value}
 * whose key is a secret or whose value carries a credential ({@link #isSecret}) goes into a
 * properties file readable by
 * its owner only (mode 0600, deleted when the main job ends), and the fork receives
 * {@code -Ddbbench.secrets.file=<path>} instead. {@link BenchConfig#get} reads that file after the
 * environment and the system properties.
 */
public final class SecretsFile {
  /** The system property naming the file in a fork. */
  public static final String PROPERTY = "dbbench.secrets.file";

  private static volatile Properties loaded;

  private SecretsFile() {}

  /**
   * JVM arguments without their secret {@code -D} properties, and those properties.
   *
   * @param kept the arguments to pass on, in order
   * @param secrets property name to value, in order
   */
  public record Split(List<String> kept, Map<String, String> secrets) {}

  /** Separates the secret-keyed {@code -Dkey=value} arguments from the others. */
  public static Split split(List<String> jvmArgs) {
    List<String> kept = new ArrayList<>();
    Map<String, String> secrets = new LinkedHashMap<>();
    for (String a : jvmArgs) {
      int eq = a.indexOf('=');
      if (a.startsWith("-D") && eq > 2 && isSecret(a.substring(2, eq), a.substring(eq + 1))) {
        secrets.put(a.substring(2, eq), a.substring(eq + 1));
        KnownSecrets.learn(a.substring(2, eq), a.substring(eq + 1));
      } else {
        kept.add(a);
      }
    }
    return new Split(List.copyOf(kept), secrets);
  }

  /**
   * Whether {@code -Dkey=value} must not appear on a command line: its key is a secret, or its
   * value carries a credential ({@link Redaction#redactValue} would change it: a password in a
   * URL's user-info or query, {@code basic:user:password} in an auth setting).
   */
  public static boolean isSecret(String key, String value) {
    return Redaction.isSecretKey(key) || !Objects.equals(Redaction.redactValue(key, value), value);
  }

  /**
   * Writes {@code secrets} to a new owner-only properties file in {@code dir}.
   *
   * @throws UncheckedIOException when the file cannot be written
   */
  public static Path write(Map<String, String> secrets, Path dir) {
    try {
      Files.createDirectories(dir);
      Path f;
      try {
        f = Files.createTempFile(dir, "dbbench-secrets-", ".properties",
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
      } catch (UnsupportedOperationException e) {
        f = Files.createTempFile(dir, "dbbench-secrets-", ".properties"); // not POSIX (Windows): ACLs of the temp dir
      }
      Properties p = new Properties();
      p.putAll(secrets);
      try (OutputStream out = Files.newOutputStream(f)) {
        p.store(out, null);
      }
      return f;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the forks' secrets file in " + dir, e);
    }
  }

  /** The value of system property {@code name} from the file {@link #PROPERTY} names, if any. */
  static Optional<String> lookup(String name) {
    String file = System.getProperty(PROPERTY);
    if (file == null || file.isBlank()) {
      return Optional.empty();
    }
    Properties p = loaded;
    if (p == null) {
      p = new Properties();
      try (InputStream in = Files.newInputStream(Path.of(file))) {
        p.load(in);
      } catch (IOException e) {
        throw new UncheckedIOException(PROPERTY + "=" + file + " cannot be read", e);
      }
      p.forEach((k, v) -> KnownSecrets.learn(String.valueOf(k), String.valueOf(v)));
      loaded = p;
    }
    return Optional.ofNullable(p.getProperty(name)).filter(v -> !v.isBlank());
  }
}
