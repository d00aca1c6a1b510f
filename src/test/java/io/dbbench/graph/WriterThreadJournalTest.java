package io.dbbench.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.graphj.JournalEntry;
import io.dbbench.graphj.JournalReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * graphd's journal design ({@link WriterThreadJournal}, {@code journal=on}): every entry written
 * in order and byte for byte as dbbench's synchronous form writes it, the idle sync, the drain on
 * flush and close, and a writer-thread failure thrown to the caller. No Kuzu: the sessions are fakes.
 */
class WriterThreadJournalTest {
  static final long CREATED = 1_700_000_000_000L;

  /** Runs the same statements through {@code s}: prepared and literal writes, transactions, reads. */
  static void statements(GraphSession s) {
    GraphStatement create = s.prepare(GraphQueries.CREATE);
    GraphStatement read = s.prepare(GraphQueries.MATCH_BY_ID);
    Map<String, Object> reused = new HashMap<>();
    for (int i = 0; i < 500; i++) {
      s.execute(create, Map.of("id", "w" + i, "name", "written-" + i, "ts", 1000L + i));
      s.execute(GraphQueries.createInlined("i" + i, "inlined-" + i, 2000L + i));
      s.execute(read, Map.of("id", "w" + i));
      s.execute(GraphQueries.BEGIN);
      reused.put("id", "m" + i); // one map, changed after every call: the journal must have copied it
      reused.put("name", "merged-" + i);
      reused.put("ts", 3000L + i);
      s.execute(create, reused);
      s.execute(GraphQueries.COMMIT);
      s.fetch("MERGE (n:Entity {id: $id}) RETURN n.id", Map.of("id", "f" + i));
    }
  }

  static final int ENTRIES_PER_ROUND = 6; // create, inlined, BEGIN, create, COMMIT, merge; the read is not journaled

  /** A clock that ticks one millisecond per reading, the same sequence for every journal. */
  static java.util.function.LongSupplier ticking() {
    AtomicLong t = new AtomicLong(CREATED);
    return t::incrementAndGet;
  }

  @Test
  void writesEveryEntryInOrderByteIdenticalToTheSyncForm(@TempDir Path tmp) throws Exception {
    Path syncFile = tmp.resolve("sync.graphj");
    Path onFile = tmp.resolve("on.graphj");
    try (GraphjMutationJournal sync = GraphjMutationJournal.create(syncFile, false, CREATED, ticking())) {
      statements(new JournalingSession(new FakeSession(), sync, JournalingSession.Order.BEFORE));
    }
    WriterThreadJournal on = WriterThreadJournal.start(
        GraphjMutationJournal.create(onFile, false, CREATED, ticking()), WriterThreadJournal.GRAPHD_FSYNC_MS);
    JournalingSession session = new JournalingSession(new FakeSession(), on, JournalingSession.Order.AFTER_SUCCESS);
    statements(session);
    assertEquals(500L * ENTRIES_PER_ROUND, session.journaled());
    on.close();
    assertEquals(500L * ENTRIES_PER_ROUND, on.written());

    assertArrayEquals(Files.readAllBytes(syncFile), Files.readAllBytes(onFile),
        "the writer thread must write the bytes the query thread writes in the sync form");
    List<JournalEntry> entries = JournalReader.readAll(onFile, null);
    assertEquals(500 * ENTRIES_PER_ROUND, entries.size());
    for (int k = 0; k < entries.size(); k++) {
      assertEquals(k + 1, entries.get(k).sequence());
    }
    assertEquals(Map.of("id", "m0", "name", "merged-0", "ts", 3000L), entries.get(3).params(),
        "the entry holds the parameters at the call, not the caller's map after it changed");
    assertEquals(GraphQueries.COMMIT, entries.get(entries.size() - 2).query());
  }

  @Test
  void syncsOnlyAfterTheQueueStaysIdleAndOnlyOnceSomethingWasWritten(@TempDir Path tmp) throws Exception {
    CountingSink sink = new CountingSink(tmp.resolve("j.graphj"), null);
    WriterThreadJournal j = WriterThreadJournal.start(sink, 1);
    Thread.sleep(50); // many 1 ms timeouts with nothing written: graphd has no segment open yet
    assertEquals(0, sink.dataSyncs.get(), "no idle sync before the first write");
    j.append("CREATE (n:Entity {id: 'a'})", Map.of());
    j.append("CREATE (n:Entity {id: 'b'})", Map.of());
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (sink.dataSyncs.get() == 0 && System.nanoTime() < deadline) {
      Thread.sleep(1);
    }
    assertTrue(sink.dataSyncs.get() >= 1, "the writer synced (sync_data) once the queue stayed idle for fsync_ms");
    assertEquals(2, sink.appendsAtFirstDataSync.get(), "the idle sync came after the queued writes");
    assertEquals(0, sink.flushes.get(), "an idle sync is sync_data, not a flush");
    j.close();
    assertEquals(1, sink.flushes.get(), "close forces the file (sync_all)");
    assertTrue(j.idleSyncs() >= 1);
  }

  @Test
  void theQueryThreadDoesNotWaitAndFlushAndCloseDrainTheQueue(@TempDir Path tmp) throws Exception {
    CountDownLatch gate = new CountDownLatch(1);
    CountingSink sink = new CountingSink(tmp.resolve("j.graphj"), gate);
    WriterThreadJournal j = WriterThreadJournal.start(sink, WriterThreadJournal.GRAPHD_FSYNC_MS);
    for (int i = 0; i < 100; i++) {
      j.append("CREATE (n:Entity {id: $id})", Map.of("id", "n" + i));
    }
    assertEquals(100, j.appended(), "every append returned while the writer was held at its first entry");
    assertEquals(0, j.written());
    gate.countDown();
    j.flush();
    assertEquals(100, j.written(), "flush returns after everything queued before it is written");
    assertEquals(1, sink.flushes.get());
    for (int i = 100; i < 150; i++) {
      j.append("CREATE (n:Entity {id: $id})", Map.of("id", "n" + i));
    }
    j.close();
    assertEquals(150, sink.appends.get(), "close drains the queue");
    assertEquals(2, sink.flushes.get());
    assertTrue(sink.closed);
    assertThrows(IllegalStateException.class, () -> j.append("CREATE (n)", Map.of()));
  }

  @Test
  void aWriterThreadFailureReachesTheCallerNamingTheJournal(@TempDir Path tmp) throws Exception {
    Path file = tmp.resolve("failing.graphj");
    CountingSink sink = new CountingSink(file, null);
    sink.failAt = 2;
    WriterThreadJournal j = WriterThreadJournal.start(sink, WriterThreadJournal.GRAPHD_FSYNC_MS);
    JournalingSession s = new JournalingSession(new FakeSession(), j, JournalingSession.Order.AFTER_SUCCESS);
    s.execute(GraphQueries.createInlined("a", "a", 1));
    s.execute(GraphQueries.createInlined("b", "b", 2)); // fails on the writer thread, later
    JournalFailedException flush = assertThrows(JournalFailedException.class, j::flush);
    assertEquals(file, flush.file());
    assertTrue(flush.getMessage().contains(file.toString()) && flush.getMessage().contains("disk full"),
        flush.getMessage());
    UncheckedIOException next = assertThrows(UncheckedIOException.class,
        () -> s.execute(GraphQueries.createInlined("c", "c", 3)));
    assertInstanceOf(JournalFailedException.class, next.getCause());
    assertTrue(next.getMessage().contains(file.toString()), next.getMessage());
    assertThrows(JournalFailedException.class, j::close);
    assertTrue(sink.closed, "the file is closed even after a failure");
  }

  @Test
  void rejectsANonPositiveFsyncInterval(@TempDir Path tmp) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> WriterThreadJournal.start(new CountingSink(tmp.resolve("x"), null), 0));
    assertTrue(e.getMessage().contains("fsyncMs=0"), e.getMessage());
  }

  /** A journal that counts what the writer thread asks of it; optionally held at its first append, or failing. */
  static final class CountingSink implements MutationJournal {
    final Path file;
    final CountDownLatch gate;
    final AtomicInteger appends = new AtomicInteger();
    final AtomicInteger dataSyncs = new AtomicInteger();
    final AtomicInteger appendsAtFirstDataSync = new AtomicInteger(-1);
    final AtomicInteger flushes = new AtomicInteger();
    volatile boolean closed;
    int failAt = -1;

    CountingSink(Path file, CountDownLatch gate) {
      this.file = file;
      this.gate = gate;
    }

    @Override
    public void append(String query, Map<String, ?> params) throws IOException {
      if (gate != null) {
        try {
          gate.await();
        } catch (InterruptedException e) {
          throw new IOException(e);
        }
      }
      if (appends.get() + 1 == failAt) {
        throw new IOException("disk full");
      }
      appends.incrementAndGet();
    }

    @Override
    public void flush() {
      flushes.incrementAndGet();
    }

    @Override
    public void syncData() {
      appendsAtFirstDataSync.compareAndSet(-1, appends.get());
      dataSyncs.incrementAndGet();
    }

    @Override
    public Path file() {
      return file;
    }

    @Override
    public void close() {
      closed = true;
    }
  }

  /** A session that runs nothing and returns empty results. */
  static final class FakeSession implements GraphSession {
    final List<String> ran = new ArrayList<>();

    @Override
    public GraphStatement prepare(String cypher) {
      return new GraphStatement() {
        @Override
        public String query() {
          return cypher;
        }

        @Override
        public void close() {}
      };
    }

    @Override
    public long execute(GraphStatement statement, Map<String, ?> params) {
      ran.add(statement.query());
      return 0;
    }

    @Override
    public long execute(String cypher) {
      ran.add(cypher);
      return 0;
    }

    @Override
    public List<List<Object>> fetch(String cypher, Map<String, ?> params) {
      ran.add(cypher);
      return List.of();
    }

    @Override
    public void close() {}
  }
}
