package io.dbbench.jdbc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The CPU time of the PostgreSQL backend processes serving a set of connections, when the server
 * runs on this host (the embedded PostgreSQL): the first field of Linux's
 * {@code /proc/<pid>/schedstat} (nanoseconds on a CPU, the kernel's scheduler accounting, not
 * tick-sampled), summed over the backends that {@code SELECT pg_backend_pid()} names. PostgreSQL's
 * background processes (WAL writer, background writer, checkpointer) are not counted.
 */
final class BackendCpu {
  private final List<Path> schedstats;

  private BackendCpu(List<Path> schedstats) {
    this.schedstats = List.copyOf(schedstats);
  }

  /**
   * The backends of {@code connections}, or empty when this host cannot read their CPU time (not
   * Linux, {@code /proc} unreadable). Call it only for a server on this host: a remote server's
   * backend pid would name an unrelated local process.
   *
   * @throws SQLException when {@code pg_backend_pid()} fails
   */
  static Optional<BackendCpu> of(List<Connection> connections) throws SQLException {
    List<Path> files = new ArrayList<>();
    for (Connection c : connections) {
      try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
        rs.next();
        files.add(Path.of("/proc", Integer.toString(rs.getInt(1)), "schedstat"));
      }
    }
    BackendCpu cpu = new BackendCpu(files);
    return cpu.nanos() < 0 ? Optional.empty() : Optional.of(cpu);
  }

  /** The backends' CPU time so far, nanoseconds; -1 when a backend's file cannot be read (it exited). */
  long nanos() {
    long sum = 0;
    for (Path p : schedstats) {
      try {
        String text = Files.readString(p, StandardCharsets.US_ASCII);
        int end = text.indexOf(' ');
        sum += Long.parseLong(end < 0 ? text.trim() : text.substring(0, end));
      } catch (IOException | RuntimeException e) {
        return -1;
      }
    }
    return sum;
  }
}
