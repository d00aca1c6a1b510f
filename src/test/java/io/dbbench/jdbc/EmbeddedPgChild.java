package io.dbbench.jdbc;

import java.nio.file.Path;

/**
 * A stand-in for a benchmark fork in {@code EmbeddedLeftoverTest}: starts the embedded PostgreSQL
 * the way the family does, prints {@code ready <postmaster pid> <data dir> <port>} and waits to be
 * killed. Argument: the server log file.
 */
public final class EmbeddedPgChild {
  private EmbeddedPgChild() {}

  public static void main(String[] args) throws Exception {
    var pg = EmbeddedTemplate.start(Path.of(args[0]));
    Path data = EmbeddedTemplate.dataDir(pg);
    System.out.println("ready " + EmbeddedTemplate.postmasterPid(data).orElse(-1L) + " " + data + " " + pg.getPort());
    System.out.flush();
    Thread.sleep(600_000);
  }
}
