package io.dbbench.arango.standin;

import io.dbbench.core.ChildJvm;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The stand-in in its own JVM, so that its allocations and threads never count in the benchmark
 * fork's {@code -prof gc} (client B/op is one of the study's two headline columns). Started through
 * {@link ChildJvm} (this JVM's own {@code java} binary and class path) on port 0 with
 * {@link ChildJvm#STOP_ON_STDIN_EOF}, so it also ends when this JVM dies; the port is read from
 * the first line it prints. {@link #close()} stops it (stdin closed, then SIGTERM, then SIGKILL).
 */
public final class StandInProcess implements AutoCloseable {
  private static final Pattern FIRST_LINE = Pattern.compile("^.*listening on http://([^:\\s]+):(\\d+).*$");

  private final ChildJvm child;
  private final int port;
  private final String firstLine;

  private StandInProcess(ChildJvm child, int port, String firstLine) {
    this.child = child;
    this.port = port;
    this.firstLine = firstLine;
  }

  /**
   * Starts a stand-in JVM with {@code standInArgs} (see {@link ArangoStandIn.Options}) and waits up
   * to {@link ChildJvm#READY_TIMEOUT} for its first line; what it prints later goes to this JVM's
   * standard error, each line prefixed.
   *
   * @param heap the child's fixed heap ({@code -Xms} = {@code -Xmx}), e.g. {@code 1g}: a heap that
   *     grows from a small start changes the stand-in's GC cost while the shots run (a shared
   *     stand-in's inserts slowed by 40% over the first forks of a comparison)
   * @throws IOException when the JVM cannot be started, exits, or does not print its port in time
   *     (the message holds its exit code and last output)
   */
  public static StandInProcess start(String heap, List<String> standInArgs) throws IOException {
    List<String> args = new ArrayList<>(List.of("--port", "0", ChildJvm.STOP_ON_STDIN_EOF));
    args.addAll(standInArgs);
    ChildJvm c = ChildJvm.start("arango-stand-in", ArangoStandIn.class.getName(),
        List.of("-Xms" + heap, "-Xmx" + heap, "-XX:+UseParallelGC"), args, Map.of(), FIRST_LINE);
    Matcher m;
    try {
      m = c.awaitReady(ChildJvm.READY_TIMEOUT);
    } catch (IllegalStateException e) {
      throw new IOException("the ArangoDB stand-in did not print its port: " + e.getMessage(), e);
    }
    return new StandInProcess(c, Integer.parseInt(m.group(2)), m.group(0));
  }

  /** The port the stand-in listens on (127.0.0.1). */
  public int port() {
    return port;
  }

  /** The stand-in JVM's process id. */
  public long pid() {
    return child.pid();
  }

  /** {@code http://127.0.0.1:PORT}. */
  public String endpoint() {
    return "http://127.0.0.1:" + port;
  }

  /** The first line the stand-in printed (its label, address and scheduler settings). */
  public String firstLine() {
    return firstLine;
  }

  /** Whether the stand-in JVM still runs. */
  public boolean isAlive() {
    return child.isAlive();
  }

  /** Stops the stand-in JVM ({@link ChildJvm#close()}). */
  @Override
  public void close() {
    child.close();
  }
}
