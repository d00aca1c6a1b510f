package io.dbbench;

import io.dbbench.core.KnownSecrets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The main class of {@code target/benchmarks.jar}: JMH's own {@code org.openjdk.jmh.Main}, with
 * fail-on-error on by default ({@code -foe true}) so that a benchmark whose fixture fails in a
 * later iteration stops the run with a non-zero exit instead of publishing a score from the
 * iterations before it. Give {@code -foe false} to get JMH's default back. Every other option is
 * JMH's, unchanged. What it prints, and the result file it writes, pass through
 * {@link KnownSecrets}, taught every credential in the environment, the system properties and the
 * {@code -D} options among the arguments.
 */
public final class JmhMain {
  private JmhMain() {}

  /** Runs JMH with {@link #withFailOnError} applied to {@code args}. */
  public static void main(String[] args) throws Exception {
    KnownSecrets.installOnStandardStreams();
    learnJvmProperties(args);
    org.openjdk.jmh.Main.main(withFailOnError(args));
    Path result = resultFile(args);
    if (result != null && Files.isRegularFile(result)) {
      KnownSecrets.scrubFile(result);
    }
  }

  /**
   * Teaches {@link KnownSecrets} every {@code -Dkey=value} among {@code args} and inside their
   * values ({@code -jvmArgsAppend '-Ddbbench.jdbc.password=x -Xmx1g'}), so that the forks' output,
   * which this JVM prints, is scrubbed of them.
   */
  static void learnJvmProperties(String[] args) {
    for (String a : args) {
      for (String word : a.trim().split("\\s+")) {
        int eq = word.indexOf('=');
        if (word.startsWith("-D") && eq > 2) {
          KnownSecrets.learn(word.substring(2, eq), word.substring(eq + 1));
        }
      }
    }
  }

  /**
   * The result file JMH writes for {@code args}: {@code -rff FILE}, else {@code jmh-result.<format>}
   * when {@code -rf FORMAT} is given (JMH's default name), else {@code null} (no result file).
   */
  static Path resultFile(String[] args) {
    String rff = null;
    String rf = null;
    for (int i = 0; i + 1 < args.length; i++) {
      if (args[i].equals("-rff")) {
        rff = args[i + 1];
      } else if (args[i].equals("-rf")) {
        rf = args[i + 1];
      }
    }
    if (rff != null) {
      return Path.of(rff);
    }
    return rf == null ? null : Path.of("jmh-result." + rf.toLowerCase(java.util.Locale.ROOT));
  }

  /** {@code args} with {@code -foe true} in front unless they already say {@code -foe}. */
  static String[] withFailOnError(String[] args) {
    if (Arrays.asList(args).contains("-foe")) {
      return args.clone();
    }
    List<String> out = new ArrayList<>(List.of("-foe", "true"));
    out.addAll(Arrays.asList(args));
    return out.toArray(String[]::new);
  }
}
