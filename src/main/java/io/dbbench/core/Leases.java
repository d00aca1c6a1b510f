package io.dbbench.core;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Leftover protection for servers and directories a benchmark fork creates: each fixture takes a
 * {@link Lease} naming what it started (processes, by pid and start time) and created (paths), and
 * gives it back when it cleans up normally. A fork that is killed cannot clean up, and an embedded
 * PostgreSQL's postmaster is not even its child (it daemonizes, its parent becomes PID 1), so the
 * next {@link #sweep()} (the main job's start, and every new lease) finds leases whose owner JVM
 * is gone and stops their processes and deletes their paths.
 *
 * <p>A lease is one text file in {@link #root()} ({@code DBBENCH_LEASE_DIR}, default
 * {@code <java.io.tmpdir>/dbbench-leases}): the first line {@code owner <pid> <startInstant>}, then
 * {@code process <pid> <startInstant>} and {@code path <absolute path>} lines, appended as the
 * fixture goes. Start instants guard against pid reuse: a process is stopped only when the pid
 * still names the process that was recorded.
 */
public final class Leases {
  /** Knob for the lease directory. */
  public static final String ENV_DIR = "DBBENCH_LEASE_DIR";

  private Leases() {}

  /** The lease directory. */
  public static Path root() {
    return Path.of(BenchConfig.get(ENV_DIR, Path.of(System.getProperty("java.io.tmpdir"), "dbbench-leases").toString()));
  }

  /**
   * Sweeps stale leases, then takes a new one for this JVM.
   *
   * @throws UncheckedIOException when the lease file cannot be written
   */
  public static Lease take() {
    sweep();
    ProcessHandle self = ProcessHandle.current();
    Path file = root().resolve(self.pid() + "-" + UUID.randomUUID() + ".lease");
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, "owner " + self.pid() + " " + start(self) + "\n", StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write lease " + file, e);
    }
    return new Lease(file);
  }

  /**
   * Stops the processes and deletes the paths of every lease whose owner JVM is gone, then the
   * lease itself. Never throws; returns one line per thing it cleaned, for the caller to print.
   */
  public static List<String> sweep() {
    List<String> cleaned = new ArrayList<>();
    Path dir = root();
    if (!Files.isDirectory(dir)) {
      return cleaned;
    }
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "*.lease")) {
      for (Path lease : ds) {
        try {
          List<String> lines = Files.readAllLines(lease, StandardCharsets.UTF_8);
          if (lines.isEmpty() || alive(lines.get(0))) {
            continue;
          }
          for (String line : lines.subList(1, lines.size())) {
            String[] p = line.split(" ", 2);
            if (p[0].equals("process") && alive(line)) {
              ProcessHandle.of(Long.parseLong(line.split(" ")[1])).ifPresent(h -> {
                h.descendants().forEach(ProcessHandle::destroyForcibly);
                h.destroyForcibly();
                cleaned.add("stopped leftover process " + h.pid() + " of a dead fork");
              });
            } else if (p[0].equals("path") && p.length == 2 && Files.exists(Path.of(p[1]))) {
              FileTrees.deleteRecursively(Path.of(p[1]));
              cleaned.add("deleted leftover " + p[1] + " of a dead fork");
            }
          }
          Files.deleteIfExists(lease);
        } catch (IOException | RuntimeException e) {
          cleaned.add("could not sweep " + lease + ": " + e.getMessage());
        }
      }
    } catch (IOException e) {
      cleaned.add("could not list " + dir + ": " + e.getMessage());
    }
    return cleaned;
  }

  /** Whether the {@code owner|process <pid> <start>} line names a process that still runs. */
  private static boolean alive(String line) {
    String[] p = line.split(" ");
    if (p.length < 3) {
      return false;
    }
    Optional<ProcessHandle> h = ProcessHandle.of(Long.parseLong(p[1]));
    return h.isPresent() && h.get().isAlive() && start(h.get()).equals(p[2]);
  }

  private static String start(ProcessHandle h) {
    return h.info().startInstant().map(Instant::toString).orElse("unknown");
  }

  /** One fixture's record of what it started and created; closing it means "cleaned up normally". */
  public static final class Lease implements AutoCloseable {
    private final Path file;

    private Lease(Path file) {
      this.file = file;
    }

    /** The lease file. */
    public Path file() {
      return file;
    }

    /** Records a process (by pid) to stop if this JVM dies first; returns {@code this}. */
    public Lease process(long pid) {
      ProcessHandle.of(pid).ifPresent(h -> append("process " + pid + " " + start(h)));
      return this;
    }

    /** Records a file or directory to delete if this JVM dies first; returns {@code this}. */
    public Lease path(Path p) {
      append("path " + p.toAbsolutePath());
      return this;
    }

    private void append(String line) {
      try {
        Files.writeString(file, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot append to lease " + file, e);
      }
    }

    /** Gives the lease back: the fixture has stopped and deleted what it recorded. */
    @Override
    public void close() {
      try {
        Files.deleteIfExists(file);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot remove lease " + file, e);
      }
    }
  }
}
