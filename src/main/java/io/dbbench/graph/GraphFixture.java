package io.dbbench.graph;

import io.dbbench.core.FileTrees;
import io.dbbench.core.Leases;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The on-disk life cycle behind the graph benchmarks' JMH states, kept here so tests drive exactly
 * what the benchmarks run.
 *
 * <p>{@link #open} (per trial) makes a fresh temp directory, builds a <em>template</em> database
 * there (schema and preload, {@link GraphPreload}: dbbench's seeded graph or one of graphd's;
 * counts verified) and closes it. {@link #prepare} (per
 * iteration for write benchmarks, per trial for reads) copies the template file to a fresh working
 * database, opens it with the configured buffer pool and, when journaling, a new GraphJ journal
 * beside it. {@link #release} closes the journal, session and database and deletes their
 * files; {@link #close} deletes the whole directory. Copying the template keeps every write
 * iteration starting from the same graph, so what is measured does not drift as the database
 * grows, and costs nothing inside the measured time.
 */
public final class GraphFixture implements AutoCloseable {
  private static final String DB_FILE = "db.kuzu";

  private final Path dir;
  private final Path templateDir;
  private final GraphPreload preload;
  private final long bufferPoolBytes;
  private final GraphEngine engine;
  private final GraphClient client;
  private int opened;
  private GraphDatabase db;
  private GraphSession session;
  private MutationJournal journal;
  private Path workDir;
  private Path journalFile;
  private Leases.Lease lease;

  private GraphFixture(GraphEngine engine, GraphClient client, Path dir, GraphPreload preload, long bufferPoolBytes) {
    this.engine = engine;
    this.client = client;
    this.dir = dir;
    this.templateDir = dir.resolve("template");
    this.preload = preload;
    this.bufferPoolBytes = bufferPoolBytes;
  }

  /**
   * {@link #open(GraphEngine, int, long, long, Path)} on Kuzu, the default engine.
   *
   * @throws IllegalStateException naming the path when the directory cannot be created, or when
   *     the preload's counts are wrong
   * @throws GraphQueryException when the database rejects the schema or the load
   */
  public static GraphFixture open(int nodes, long seed, long bufferPoolBytes, Path root) {
    return open(GraphEngine.KUZU, nodes, seed, bufferPoolBytes, root);
  }

  /**
   * {@link #open(GraphEngine, GraphClient, int, long, long, Path)} through the engine's Java API.
   *
   * @throws IllegalStateException naming the path when the directory cannot be created, or when
   *     the preload's counts are wrong, or naming the engine when this build lacks it
   * @throws GraphQueryException when the database rejects the schema or the load
   */
  public static GraphFixture open(GraphEngine engine, int nodes, long seed, long bufferPoolBytes, Path root) {
    return open(engine, GraphClient.JAVA_API, nodes, seed, bufferPoolBytes, root);
  }

  /**
   * {@link #open(GraphEngine, GraphClient, GraphPreload, long, Path)} with dbbench's preload of
   * {@code nodes} entities ({@link EntityGraph#generate}).
   *
   * @param nodes number of preloaded entities (&gt;= 1)
   * @param seed edge seed
   * @throws IllegalStateException as the preload's open
   * @throws GraphQueryException when the database rejects the schema or the load
   */
  public static GraphFixture open(GraphEngine engine, GraphClient client, int nodes, long seed, long bufferPoolBytes,
      Path root) {
    client.unavailableReason(engine).ifPresent(why -> {
      throw new IllegalStateException(why);
    });
    return open(engine, client, EntityGraph.generate(nodes, seed), bufferPoolBytes, root);
  }

  /**
   * {@link #open(GraphEngine, GraphClient, GraphPreload, long, Path)} through the engine's Java API.
   *
   * @throws IllegalStateException as that open
   * @throws GraphQueryException when the database rejects the schema or the load
   */
  public static GraphFixture open(GraphEngine engine, GraphPreload preload, long bufferPoolBytes, Path root) {
    return open(engine, GraphClient.JAVA_API, preload, bufferPoolBytes, root);
  }

  /**
   * Creates the trial directory under {@code root} and the template database loaded with
   * {@code preload}; every database of the trial (template and copies) is opened through
   * {@code client}, so one JVM loads one native library.
   *
   * @param engine the embedded database to run on ({@link GraphEngine#available})
   * @param client how to reach it ({@link GraphClient#unavailableReason})
   * @param preload the schema and data ({@link GraphPreload#load})
   * @param bufferPoolBytes the engine's buffer pool, bytes
   * @param root where the trial directory goes (see {@link GraphSettings#tempRoot()})
   * @throws IllegalStateException naming the path when the directory cannot be created, or when
   *     the preload's counts are wrong, or saying what is missing when this client cannot run the
   *     engine here ({@code client=cApi} on Kuzu, or without {@code liblbug.so}: where it looked)
   * @throws GraphQueryException when the database rejects the schema or the load
   */
  public static GraphFixture open(GraphEngine engine, GraphClient client, GraphPreload preload, long bufferPoolBytes,
      Path root) {
    client.unavailableReason(engine).ifPresent(why -> {
      throw new IllegalStateException(why);
    });
    Leases.Lease lease = Leases.take();
    Path dir = GraphSettings.createTrialDir(root);
    lease.path(dir);
    GraphFixture f = new GraphFixture(engine, client, dir, preload, bufferPoolBytes);
    f.lease = lease;
    try {
      Files.createDirectories(f.templateDir);
      try (GraphDatabase t = client.open(engine, f.templateDir.resolve(DB_FILE), bufferPoolBytes);
          GraphSession s = t.openSession()) {
        preload.load(s, dir);
      }
      // the engine extracts its native library to a temp file it deletes only on a normal JVM exit
      engine.extractedNativeLibrary().ifPresent(lease::path);
      return f;
    } catch (IOException e) {
      f.close();
      throw new IllegalStateException("cannot create " + f.templateDir + ": " + e, e);
    } catch (RuntimeException e) {
      f.close();
      throw e;
    }
  }

  /** What the template database was loaded with. */
  public GraphPreload preload() {
    return preload;
  }

  /**
   * The preloaded dataset, when the fixture holds dbbench's seeded graph.
   *
   * @throws IllegalStateException naming the preload when it is another ({@link #preload})
   */
  public EntityGraph.Dataset data() {
    if (preload instanceof EntityGraph.Dataset d) {
      return d;
    }
    throw new IllegalStateException("this fixture holds " + preload + ", not dbbench's seeded dataset; use preload()");
  }

  /** The trial directory. */
  public Path dir() {
    return dir;
  }

  /**
   * Opens a fresh copy of the template database; with journaling, the returned session
   * ({@link JournalingSession}) records every mutating query in a new GraphJ journal (first
   * sequence 1) as {@code mode} says: written on the query thread before the query
   * ({@link JournalMode#SYNC}, {@link JournalMode#SYNC_FSYNC}) or queued after it to a writer thread
   * ({@link JournalMode#ON}, graphd's design).
   *
   * @throws IllegalStateException when the previous copy is still open
   * @throws UncheckedIOException naming the path when the copy or the journal cannot be created
   */
  public GraphSession prepare(JournalMode mode) {
    if (db != null) {
      throw new IllegalStateException("a database copy is already open in " + workDir
          + "; call release() first");
    }
    int k = ++opened;
    workDir = dir.resolve("work-" + k);
    try {
      Files.createDirectories(workDir);
      try (Stream<Path> files = Files.list(templateDir)) {
        for (Path f : (Iterable<Path>) files::iterator) {
          Files.copy(f, workDir.resolve(f.getFileName()));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot copy template database " + templateDir + " to " + workDir, e);
    }
    db = client.open(engine, workDir.resolve(DB_FILE), bufferPoolBytes);
    GraphSession raw = db.openSession();
    if (mode.enabled()) {
      journalFile = dir.resolve("journal-" + k + ".graphj");
      try {
        GraphjMutationJournal file = GraphjMutationJournal.create(journalFile, mode.fsync());
        journal = mode.writerThread() ? WriterThreadJournal.start(file, WriterThreadJournal.GRAPHD_FSYNC_MS) : file;
      } catch (IOException e) {
        release();
        throw new UncheckedIOException("cannot create journal " + journalFile, e);
      }
      session = new JournalingSession(raw, journal,
          mode.writerThread() ? JournalingSession.Order.AFTER_SUCCESS : JournalingSession.Order.BEFORE);
    } else {
      session = raw;
    }
    return session;
  }

  /** The current journal file, or {@code null} when journaling is off. */
  public Path journalFile() {
    return journalFile;
  }

  /**
   * Closes the current journal so that it can be read back (a writer-thread journal first drains
   * its queue and forces the file); the session stays open but must not execute further mutations.
   *
   * @throws UncheckedIOException naming the journal when closing fails
   */
  public void closeJournal() {
    if (journal != null) {
      try {
        journal.close();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot close journal " + journalFile, e);
      } finally {
        journal = null;
      }
    }
  }

  /**
   * A write iteration's check of its copy, then its release: through {@code session} (the one
   * {@link #prepare} returned), the preload's nodes and edges plus {@code nodesWritten} and
   * {@code edgesWritten} ({@link EntityGraph#verifyCounts}), then {@code more}; the copy is released
   * whatever they throw. With no session (its {@link #prepare} failed, and that exception is the one
   * to report) it only releases.
   *
   * @throws IllegalStateException giving expected and actual counts, or what {@code more} throws
   */
  public void verifyAndRelease(GraphSession session, long nodesWritten, long edgesWritten, Runnable more) {
    try {
      if (session != null) {
        EntityGraph.verifyCounts(session, preload.nodes() + nodesWritten, preload.edges() + edgesWritten);
        more.run();
      }
    } finally {
      release();
    }
  }

  /** Undoes {@link #prepare}: closes the journal, session and database copy and deletes their files; idempotent. */
  public void release() {
    try {
      closeJournal();
    } finally {
      if (session != null) {
        session.close();
        session = null;
      }
      if (db != null) {
        db.close();
        db = null;
      }
      FileTrees.deleteRecursively(workDir);
      workDir = null;
      if (journalFile != null) {
        try {
          Files.deleteIfExists(journalFile);
        } catch (IOException e) {
          throw new UncheckedIOException("cannot delete journal " + journalFile, e);
        } finally {
          journalFile = null;
        }
      }
    }
  }

  /** Closes anything open and deletes the trial directory; idempotent. */
  @Override
  public void close() {
    try {
      release();
    } finally {
      FileTrees.deleteRecursively(dir);
      if (lease != null) {
        lease.close();
        lease = null;
      }
    }
  }
}
