package io.dbbench.core;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * A server of ours that the main job starts once for a family and every fork of that family
 * reaches instead of starting its own, so that a trial measures a server that earlier trials
 * already warmed (a cold JVM per trial measures the interpreter and the JIT compiler). The main
 * job hands it to the forks as one system property, {@code -Ddbbench.shared.<name>=<address>;<pid>;<key>},
 * which JMH records among each fork's {@code jvmArgs}: what a fork ran against is in the results.
 *
 * @param name short label, e.g. {@code mongo-stand-in}; lower case letters, digits and hyphens
 * @param address where it listens, e.g. {@code http://127.0.0.1:41234} (never a credential)
 * @param pid its process id, whose CPU time the forks read ({@link #cpuNanos()})
 * @param key what a fork must agree on to use it (the stand-in's arguments, the service's
 *     collection); no whitespace and no {@code ;}
 */
public record SharedServer(String name, String address, long pid, String key) {
  /** Prefix of the system property that carries a shared server to the forks. */
  public static final String PROPERTY_PREFIX = "dbbench.shared.";

  private static final Pattern NAME = Pattern.compile("[a-z0-9-]+");
  private static final Pattern TOKEN = Pattern.compile("[^\\s;]*");

  /**
   * @throws IllegalArgumentException naming the field when {@code name}, {@code address} or
   *     {@code key} has a character the property cannot carry, or {@code pid < 1}
   */
  public SharedServer {
    if (name == null || !NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("shared server name '" + name + "'; expected lower case letters, digits and hyphens");
    }
    if (address == null || address.isEmpty() || !TOKEN.matcher(address).matches()) {
      throw new IllegalArgumentException("shared server " + name + " address '" + address
          + "'; expected a non-empty address without whitespace or ';'");
    }
    if (key == null || !TOKEN.matcher(key).matches()) {
      throw new IllegalArgumentException("shared server " + name + " key '" + key + "'; expected no whitespace or ';'");
    }
    if (pid < 1) {
      throw new IllegalArgumentException("shared server " + name + " pid " + pid + "; expected a process id");
    }
  }

  /** The system property that carries it, {@code dbbench.shared.<name>}. */
  public String property() {
    return PROPERTY_PREFIX + name;
  }

  /** The property's value, {@code <address>;<pid>;<key>}. */
  public String value() {
    return address + ";" + pid + ";" + key;
  }

  /**
   * The key of a server started with {@code args}: the arguments joined by commas.
   *
   * @throws IllegalArgumentException when an argument holds whitespace, a comma or {@code ;}
   */
  public static String key(List<String> args) {
    for (String a : args) {
      if (!a.matches("[^\\s;,]*")) {
        throw new IllegalArgumentException("server argument '" + a + "' cannot be part of a shared server's key;"
            + " expected no whitespace, ',' or ';'");
      }
    }
    return String.join(",", args);
  }

  /**
   * The shared server {@code name} that this JVM was given ({@code -Ddbbench.shared.<name>}), or
   * empty when none was.
   *
   * @throws IllegalArgumentException naming the property and its value when it is not
   *     {@code <address>;<pid>;<key>}
   * @throws IllegalStateException when its process is no longer running (the main job that
   *     started it stopped, or it crashed): the trial must not silently measure another server
   */
  public static Optional<SharedServer> given(String name) {
    String v = System.getProperty(PROPERTY_PREFIX + name);
    if (v == null || v.isBlank()) {
      return Optional.empty();
    }
    SharedServer s = parse(name, v);
    if (!ProcessHandle.of(s.pid).map(ProcessHandle::isAlive).orElse(false)) {
      throw new IllegalStateException("the shared " + name + " (pid " + s.pid + " at " + s.address
          + ") is not running: the main job that started it has stopped, or it crashed; run without -D"
          + PROPERTY_PREFIX + name + " to start a server for this trial");
    }
    return Optional.of(s);
  }

  /**
   * Parses a property value.
   *
   * @throws IllegalArgumentException naming the value when it is not {@code <address>;<pid>;<key>}
   */
  public static SharedServer parse(String name, String value) {
    String[] f = value.split(";", -1);
    if (f.length != 3) {
      throw new IllegalArgumentException("-D" + PROPERTY_PREFIX + name + "='" + value + "'; expected <address>;<pid>;<key>");
    }
    try {
      return new SharedServer(name, f[0], Long.parseLong(f[1]), f[2]);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("-D" + PROPERTY_PREFIX + name + "='" + value + "': pid '" + f[1]
          + "' is not a process id", e);
    }
  }

  /** The server process, or empty when it has gone. */
  public Optional<ProcessHandle> process() {
    return ProcessHandle.of(pid);
  }

  /**
   * CPU time the server process has used so far (user + system, as the OS accounts it), in ns;
   * -1 when it has gone or the OS does not say.
   */
  public long cpuNanos() {
    return cpuNanos(pid);
  }

  /**
   * CPU time process {@code pid} has used so far (user + system, JIT and GC threads included, in
   * the OS's clock ticks: 10 ms on Linux), in ns; -1 when it has gone or the OS does not say.
   */
  public static long cpuNanos(long pid) {
    return ProcessHandle.of(pid).flatMap(h -> h.info().totalCpuDuration()).map(Duration::toNanos).orElse(-1L);
  }

  /** Most time {@link #compactHeap} waits for {@code jcmd}. */
  static final Duration JCMD_TIMEOUT = Duration.ofSeconds(30);

  /**
   * Runs a full garbage collection in the server's JVM ({@code jcmd <pid> GC.run}, with the
   * {@code jcmd} of this JVM's {@code java.home}), so that a trial starts from a compacted heap
   * wherever the previous trials left it. Measured on the WMPayload search comparison's shared
   * mongo-java-server stand-in (G1): without it the unindexed search's fork means sat at one of two
   * levels within one run (157-170 ms in two forks, 270-303 ms in four, as the collector moved the
   * kept collection's documents between trials, the likely cause); with it, 254-330 ms over ten forks of two runs,
   * no second level. It costs 0.5-0.9 s per trial, mostly {@code jcmd}'s own start.
   *
   * @return the time the collection took, with {@code jcmd}'s own start, in ns
   * @throws IllegalStateException when {@code jcmd} is missing, fails (its output in the message)
   *     or takes longer than 30 s
   */
  public long compactHeap() {
    Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
    if (!Files.isExecutable(jcmd)) {
      throw new IllegalStateException("cannot compact the heap of " + name + " (pid " + pid + "): no jcmd at " + jcmd
          + "; run the forks on a JDK, not a JRE");
    }
    long t0 = System.nanoTime();
    try {
      Process p = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "GC.run").redirectErrorStream(true).start();
      String out;
      try (InputStream in = p.getInputStream()) {
        out = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
      }
      if (!p.waitFor(JCMD_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IllegalStateException("jcmd " + pid + " GC.run (" + name + ") did not finish in " + JCMD_TIMEOUT.toSeconds() + " s");
      }
      if (p.exitValue() != 0) {
        throw new IllegalStateException("jcmd " + pid + " GC.run (" + name + ") exited " + p.exitValue() + ": " + out);
      }
      return System.nanoTime() - t0;
    } catch (IOException e) {
      throw new IllegalStateException("cannot run " + jcmd + " for " + name + " (pid " + pid + "): " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while compacting the heap of " + name + " (pid " + pid + ")", e);
    }
  }
}
