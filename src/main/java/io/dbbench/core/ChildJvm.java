package io.dbbench.core;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A server of ours (the mongo-java-server stand-in, the payload service, the ArangoDB stand-in) in
 * a JVM of its own, the one launcher every out-of-process server uses: the
 * same {@code java} binary ({@code java.home}) and class path as this JVM, started with
 * {@link ProcessBuilder}, ready when it prints a line matching {@code ready} on stdout (the line
 * carries the port it bound, so no port is guessed). Used so that a JMH fork holds only the clients
 * and JMH's {@code -prof gc} counts only their allocations.
 *
 * <p>Lifetime: the child's stdin is a pipe from this JVM, and our servers stop when it reaches
 * end-of-file ({@link #STOP_ON_STDIN_EOF}); {@link #close()} closes it and waits, then destroys
 * the process (SIGTERM, then SIGKILL). If this JVM dies first, the pipe closes with it and the
 * child stops by itself, so a killed fork leaves no server behind. Everything the child prints
 * after the ready line is forwarded to this JVM's stderr, each line prefixed with its name.
 */
public final class ChildJvm implements AutoCloseable {
  /** Option our server mains take: stop when stdin reaches end-of-file (the parent is gone or done). */
  public static final String STOP_ON_STDIN_EOF = "--stop-on-stdin-eof";

  private static final int TAIL_LINES = 40;

  private final String name;
  private final Process process;
  private final CompletableFuture<Matcher> ready = new CompletableFuture<>();
  private final Deque<String> tail = new ArrayDeque<>();

  private ChildJvm(String name, Process process) {
    this.name = name;
    this.process = process;
  }

  /**
   * Starts {@code mainClass} in a new JVM without waiting; {@link #awaitReady} waits for its line.
   *
   * @param name short label for messages and forwarded output, e.g. {@code payload-service}
   * @param jvmArgs JVM options (heap, system properties); the JDK 23+ Unsafe flag is added
   * @param args program arguments
   * @param env extra environment variables (a credential goes here, never on the command line,
   *     which other local users can read)
   * @param ready pattern of the stdout line that says the server is listening
   * @throws IOException when the process cannot be started
   */
  public static ChildJvm start(String name, String mainClass, List<String> jvmArgs, List<String> args,
      Map<String, String> env, Pattern ready) throws IOException {
    List<String> opts = new ArrayList<>(jvmArgs);
    if (Runtime.version().feature() >= 23) {
      opts.add(ForkFlags.UNSAFE_ALLOW); // netty and the driver touch sun.misc.Unsafe; keep stderr quiet
    }
    ProcessBuilder pb = new ProcessBuilder(command(thisJava(), opts, System.getProperty("java.class.path"), mainClass, args));
    pb.environment().putAll(env);
    ChildJvm c = new ChildJvm(name, pb.start());
    c.pump(c.process.getInputStream(), ready, "stdout");
    c.pump(c.process.getErrorStream(), null, "stderr");
    return c;
  }

  private void pump(InputStream in, Pattern readyPattern, String stream) {
    Thread t = new Thread(() -> {
      PrintStream err = System.err;
      try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
        for (String line; (line = r.readLine()) != null; ) {
          if (readyPattern != null && !ready.isDone()) {
            Matcher m = readyPattern.matcher(line);
            if (m.find()) {
              ready.complete(m);
              continue;
            }
          }
          synchronized (tail) {
            tail.addLast(line);
            if (tail.size() > TAIL_LINES) {
              tail.removeFirst();
            }
          }
          if (ready.isDone()) {
            err.println("[" + name + "] " + line);
          }
        }
      } catch (IOException e) {
        // the process ended; its exit code tells the rest
      }
      if (readyPattern != null) {
        ready.completeExceptionally(new IllegalStateException(name + " ended its output before it was ready"));
      }
    }, "dbbench-" + name + "-" + stream);
    t.setDaemon(true);
    t.start();
  }

  /**
   * Waits until the child printed its ready line.
   *
   * @return the match of the ready pattern (its groups carry the address)
   * @throws IllegalStateException when the child exits first or does not get ready within
   *     {@code timeout}, with its exit code and last output lines; the child is stopped then
   */
  public Matcher awaitReady(Duration timeout) {
    try {
      return ready.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException | ExecutionException e) {
      close();
      throw new IllegalStateException(name + " (pid " + process.pid() + ") did not get ready within " + timeout
          + (process.isAlive() ? "" : "; exit code " + process.exitValue()) + "; its last output:\n  "
          + String.join("\n  ", tailLines()), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      close();
      throw new IllegalStateException("interrupted while waiting for " + name, e);
    }
  }

  /** The child's last output lines (at most 40), for messages. */
  public List<String> tailLines() {
    synchronized (tail) {
      return List.copyOf(tail);
    }
  }

  /** The child's process id. */
  public long pid() {
    return process.pid();
  }

  /** The child's process handle (for tests that check it is gone). */
  public ProcessHandle handle() {
    return process.toHandle();
  }

  /** Whether the child still runs. */
  public boolean isAlive() {
    return process.isAlive();
  }

  /**
   * Stops the child: closes its stdin (our servers stop on end-of-file) and waits up to 10 s, then
   * SIGTERM and 5 s, then SIGKILL. Idempotent; returns when the process is gone.
   */
  @Override
  public void close() {
    try {
      process.getOutputStream().close();
    } catch (IOException ignored) {
      // already closed
    }
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroy();
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
          process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  /**
   * For server mains: stops the server ({@code onEof}) when stdin reaches end-of-file, from a
   * daemon thread.
   */
  public static void stopOnStdinEof(Runnable onEof) {
    Thread t = new Thread(() -> {
      try {
        InputStream in = System.in;
        byte[] buf = new byte[256];
        while (in.read(buf) >= 0) {
          // the parent writes nothing; wait for end-of-file
        }
      } catch (IOException e) {
        // treat a broken pipe like end-of-file
      }
      onEof.run();
    }, "dbbench-stdin-eof");
    t.setDaemon(true);
    t.start();
  }

  @Override
  public String toString() {
    return name + " (pid " + process.pid() + ")";
  }

  /**
   * What a child JVM run to its end ({@link #runToEnd}) printed and returned.
   *
   * @param exitCode the process's exit code
   * @param stdout everything it wrote to stdout (UTF-8)
   * @param stderr everything it wrote to stderr (UTF-8)
   */
  public record Finished(int exitCode, String stdout, String stderr) {}

  /**
   * Runs {@code mainClass} from {@code classPath} in a new JVM ({@code java}: a JDK's launcher,
   * e.g. this JVM's or another side's) to its end, with stdout and stderr captured in temporary
   * files (so a child that prints much cannot block on a full pipe, and a hung child cannot block
   * the caller past {@code timeout}). For one-shot questions asked of another JVM: an engine's
   * version where the engine cannot share this JVM, a jar's family facts.
   *
   * @param name short label for messages
   * @param java the {@code java} executable
   * @param jvmArgs JVM options
   * @param args program arguments (never a credential: other local users can read command lines)
   * @param timeout how long the child may run; it is killed after that
   * @throws IOException when the process cannot be started or its output not read
   * @throws IllegalStateException when it runs past {@code timeout} (the child is killed), or the
   *     wait is interrupted
   */
  public static Finished runToEnd(String name, String java, List<String> jvmArgs, String classPath, String mainClass,
      List<String> args, Duration timeout) throws IOException {
    List<String> cmd = command(java, jvmArgs, classPath, mainClass, args);
    Path out = Files.createTempFile("dbbench-" + name, ".out");
    Path err = Files.createTempFile("dbbench-" + name, ".err");
    try {
      Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
      try {
        if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
          p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
          throw new IllegalStateException(name + ": the child JVM did not finish in " + timeout.toSeconds() + " s");
        }
      } catch (InterruptedException e) {
        p.destroyForcibly();
        Thread.currentThread().interrupt();
        throw new IllegalStateException(name + ": interrupted while waiting for the child JVM", e);
      }
      return new Finished(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  /** This JVM's {@code java} launcher ({@code java.home}/bin/java), for children on the same JDK. */
  public static String thisJava() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** {@code java jvmArgs -cp classPath mainClass args}. */
  private static List<String> command(String java, List<String> jvmArgs, String classPath, String mainClass,
      List<String> args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(java);
    cmd.addAll(jvmArgs);
    cmd.add("-cp");
    cmd.add(classPath);
    cmd.add(mainClass);
    cmd.addAll(args);
    return cmd;
  }

  /** How long a child gets to print its ready line: JVM start-up on a loaded 2-core machine. */
  public static final Duration READY_TIMEOUT = Duration.ofSeconds(60);
}
