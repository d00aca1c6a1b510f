package io.dbbench.jdbc.console;

import java.io.PrintStream;
import java.util.concurrent.CountDownLatch;

/** Test access to the console's command line (its constructor is package-private). */
public final class ConsoleVersionProbe {
  private ConsoleVersionProbe() {}

  /** Runs the console's command line with one flag; returns its exit code. */
  public static int run(String flag, PrintStream out) {
    return Console.run(new String[] {flag}, out, out, new CountDownLatch(0));
  }
}
