package io.dbbench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The main class of {@code target/benchmarks.jar}: JMH's own {@code org.openjdk.jmh.Main}, with
 * fail-on-error on by default ({@code -foe true}) so that a benchmark whose fixture fails in a
 * later iteration stops the run with a non-zero exit instead of publishing a score from the
 * iterations before it. Give {@code -foe false} to get JMH's default back. Every other option is
 * JMH's, unchanged.
 */
public final class JmhMain {
  private JmhMain() {}

  /** Runs JMH with {@link #withFailOnError} applied to {@code args}. */
  public static void main(String[] args) throws Exception {
    org.openjdk.jmh.Main.main(withFailOnError(args));
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
