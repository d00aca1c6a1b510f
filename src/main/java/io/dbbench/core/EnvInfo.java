package io.dbbench.core;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * The machine and toolchain part of a run manifest ({@code env.json}): JDK, OS, cores, memory,
 * CPU model, the suite's git commit and the JMH version. Families add their own sections.
 */
public final class EnvInfo {
  private EnvInfo() {}

  /** A JSON-ready map describing this JVM and machine. */
  public static Map<String, Object> collect() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("timestamp_utc", Instant.now().toString());
    // the report's merge keeps the host of every row
    m.put("host", hostName());
    Map<String, Object> jdk = new LinkedHashMap<>();
    jdk.put("version", System.getProperty("java.version"));
    jdk.put("vendor", System.getProperty("java.vendor"));
    jdk.put("vm", System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"));
    jdk.put("home", System.getProperty("java.home"));
    jdk.put("input_arguments", ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
        .map(Redaction::redact).toList());
    m.put("jdk", jdk);
    Map<String, Object> os = new LinkedHashMap<>();
    os.put("name", System.getProperty("os.name"));
    os.put("version", System.getProperty("os.version"));
    os.put("arch", System.getProperty("os.arch"));
    m.put("os", os);
    m.put("cores", Runtime.getRuntime().availableProcessors());
    m.put("cpu_model", cpuModel());
    m.put("memory_bytes", totalMemory());
    m.put("jmh_version", jmhVersion());
    m.put("git_commit", git("rev-parse", "HEAD"));
    m.put("git_dirty", !git("status", "--porcelain", "--untracked-files=no").isEmpty());
    return m;
  }

  /** This machine's host name ($HOSTNAME, else the resolver's), or "unknown"; never throws. */
  public static String hostName() {
    String h = System.getenv("HOSTNAME");
    if (h != null && !h.isBlank()) {
      return h.trim();
    }
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }

  /** Total physical memory in bytes, or -1 when the JVM cannot tell. */
  public static long totalMemory() {
    if (ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os) {
      return os.getTotalMemorySize();
    }
    return -1;
  }

  /** The JMH version on the class path, or "unknown". */
  public static String jmhVersion() {
    Package p = org.openjdk.jmh.runner.Runner.class.getPackage();
    String v = p == null ? null : p.getImplementationVersion();
    if (v != null) {
      return v;
    }
    try (var in = org.openjdk.jmh.runner.Runner.class.getResourceAsStream("/jmh.properties")) {
      if (in != null) {
        var props = new Properties();
        props.load(in);
        return props.getProperty("jmh.version", "unknown");
      }
    } catch (IOException ignored) {
      // fall through
    }
    return "unknown";
  }

  private static String cpuModel() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"), StandardCharsets.UTF_8)) {
        if (line.startsWith("model name")) {
          return line.substring(line.indexOf(':') + 1).trim();
        }
      }
    } catch (IOException | RuntimeException ignored) {
      // not Linux: leave unknown
    }
    return "unknown";
  }

  /** Output of a git command in the working directory, trimmed; "" when git is unavailable. */
  static String git(String... args) {
    try {
      List<String> cmd = new ArrayList<>();
      cmd.add("git");
      cmd.addAll(List.of(args));
      Process p = new ProcessBuilder(cmd).redirectErrorStream(false).start();
      p.getOutputStream().close();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
        return "";
      }
      return out;
    } catch (IOException e) {
      return "";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "";
    }
  }
}
