package io.dbbench.arango.standin;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The stand-in in its own JVM, so that its allocations and threads never count in the benchmark
 * fork's {@code -prof gc} (client B/op is one of the study's two headline columns). Started with
 * this JVM's own {@code java} binary and class path, on port 0, with
 * {@code --exit-on-stdin-eof} so it also ends when this JVM dies; the port is read from the first
 * line it prints. {@link #close()} stops it (destroy, then forcibly after 5 s).
 */
public final class StandInProcess implements AutoCloseable {
  private static final Pattern FIRST_LINE = Pattern.compile("listening on http://([^:\\s]+):(\\d+)");

  private final Process process;
  private final int port;
  private final String firstLine;

  private StandInProcess(Process process, int port, String firstLine) {
    this.process = process;
    this.port = port;
    this.firstLine = firstLine;
  }

  /**
   * Starts a stand-in JVM with {@code standInArgs} (see {@link StandInServer.Options}) and waits up
   * to 60 s for its first line. Its standard error goes to this JVM's; later standard-output lines
   * are drained to this JVM's standard error.
   *
   * @param heap the child's {@code -Xmx}, e.g. {@code 1g}
   * @throws IOException when the JVM cannot be started, exits, or does not print its port in time
   *     (the message holds what it printed)
   */
  public static StandInProcess start(String heap, List<String> standInArgs) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> cmd = new ArrayList<>(List.of(java, "-Xms64m", "-Xmx" + heap, "-XX:+UseParallelGC",
        "-cp", System.getProperty("java.class.path"), StandInServer.class.getName(), "--port", "0", "--exit-on-stdin-eof"));
    cmd.addAll(standInArgs);
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT);
    Process p = pb.start();
    BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    CompletableFuture<String> first = CompletableFuture.supplyAsync(() -> {
      try {
        return out.readLine();
      } catch (IOException e) {
        return null;
      }
    });
    String line;
    try {
      line = first.get(60, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      p.destroyForcibly();
      throw new IOException("interrupted while waiting for the ArangoDB stand-in to start", e);
    } catch (ExecutionException | TimeoutException e) {
      p.destroyForcibly();
      throw new IOException("the ArangoDB stand-in did not print its port within 60 s (" + String.join(" ", cmd) + ")", e);
    }
    Matcher m = line == null ? null : FIRST_LINE.matcher(line);
    if (m == null || !m.find()) {
      p.destroyForcibly();
      throw new IOException("the ArangoDB stand-in printed '" + line + "' instead of its port (exit "
          + (p.isAlive() ? "none yet" : p.exitValue()) + "); command: " + String.join(" ", cmd));
    }
    Thread drain = new Thread(() -> {
      try {
        for (String l; (l = out.readLine()) != null; ) {
          System.err.println("[arango stand-in] " + l);
        }
      } catch (IOException e) {
        // the process ended
      }
    }, "arango-standin-stdout");
    drain.setDaemon(true);
    drain.start();
    return new StandInProcess(p, Integer.parseInt(m.group(2)), line);
  }

  /** The port the stand-in listens on (127.0.0.1). */
  public int port() {
    return port;
  }

  /** {@code http://127.0.0.1:PORT}. */
  public String endpoint() {
    return "http://127.0.0.1:" + port;
  }

  /** The first line the stand-in printed. */
  public String firstLine() {
    return firstLine;
  }

  /**
   * CPU time the stand-in JVM has used so far (user + system, JIT and GC threads included, in
   * the OS's 10 ms ticks on Linux), in ns; -1 when the OS does not report it.
   */
  public long cpuNanos() {
    return process.info().totalCpuDuration().map(java.time.Duration::toNanos).orElse(-1L);
  }

  /** JIT compiler time of the stand-in JVM so far, in ns ({@link io.dbbench.load.JitActivity}); -1 when not readable. */
  public long jitNanos() {
    return io.dbbench.load.JitActivity.compilerNanos(process.pid());
  }

  /** Whether the stand-in JVM still runs. */
  public boolean isAlive() {
    return process.isAlive();
  }

  /** Stops the stand-in JVM: closes its stdin, destroys it, and forcibly after 5 s. */
  @Override
  public void close() {
    try {
      process.getOutputStream().close();
    } catch (IOException e) {
      // already gone
    }
    process.destroy();
    try {
      if (!process.waitFor(5, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }
}
