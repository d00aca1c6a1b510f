package io.dbbench.graph;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * graphd's journal design ({@code journal=on}): the query thread hands each mutating query to one
 * writer thread named {@code journal-writer} and goes on; that thread encodes the protobuf entry,
 * chains SHA-256, frames it with CRC32C and writes it (all of it in the wrapped
 * {@link MutationJournal}, normally a {@link GraphjMutationJournal}), and forces the file to storage
 * only when no command has arrived for {@code fsyncMs} ({@code sync_data}) or on {@link #flush()}
 * ({@code sync_all}). Source: {@code spawn_journal_writer} and {@code writer_loop},
 * {@code src/journal/mod.rs} of github.com/russellromney/strana at 7628b1d; its default
 * {@code fsync_ms} is {@value #GRAPHD_FSYNC_MS} ({@code --journal-fsync-ms}, {@code src/config.rs}
 * lines 48-50).
 *
 * <p>The queue is unbounded ({@link LinkedBlockingQueue} without a capacity), as graphd's
 * {@code std::sync::mpsc::channel} is: the query thread never waits for the writer, so what it
 * pays is the parameter copy and the hand-off; a writer slower than the queries shows as a backlog
 * drained after the measured time, not as back-pressure. The entry's timestamp is taken on the
 * writer thread, as graphd's is.
 *
 * <p>Where dbbench differs: graphd opens its segment at the first write and rotates and seals it
 * (zstd level 3) at 64 MB and on shutdown; here the wrapped journal's file exists from the start,
 * is never rotated, and {@link #close()} syncs and closes it without sealing. graphd's writer logs
 * a failed write and goes on; here the first failure stops the writer and is thrown to the caller
 * as a {@link JournalFailedException} at its next {@link #append}, {@link #flush()} or
 * {@link #close()}.
 */
public final class WriterThreadJournal implements MutationJournal {
  /** graphd's default {@code journal_fsync_ms}: {@code src/config.rs} lines 48-50 at 7628b1d, milliseconds. */
  public static final long GRAPHD_FSYNC_MS = 100;

  private sealed interface Command permits Write, Flush, Shutdown {}

  private record Write(String query, Map<String, ?> params) implements Command {}

  private record Flush(CompletableFuture<Void> done) implements Command {}

  private record Shutdown(CompletableFuture<Void> done) implements Command {}

  private final MutationJournal sink;
  private final long fsyncMs;
  private final LinkedBlockingQueue<Command> queue = new LinkedBlockingQueue<>();
  private final Thread thread;
  private volatile JournalFailedException failure;
  private volatile long written;
  private volatile long idleSyncs;
  private long appended;
  private boolean closed;

  private WriterThreadJournal(MutationJournal sink, long fsyncMs) {
    this.sink = sink;
    this.fsyncMs = fsyncMs;
    this.thread = new Thread(this::run, "journal-writer");
    thread.setDaemon(true); // a journal left open must not keep the fork alive
  }

  /**
   * Starts the writer thread over {@code sink}, which from now on only that thread touches.
   *
   * @param fsyncMs idle time after which the writer forces the file (graphd's {@code fsync_ms}), &gt;= 1
   * @throws IllegalArgumentException naming the value when {@code fsyncMs < 1}
   */
  public static WriterThreadJournal start(MutationJournal sink, long fsyncMs) {
    if (fsyncMs < 1) {
      throw new IllegalArgumentException("fsyncMs=" + fsyncMs + ": expected at least 1 ms (graphd's default is "
          + GRAPHD_FSYNC_MS + ")");
    }
    WriterThreadJournal j = new WriterThreadJournal(sink, fsyncMs);
    j.thread.start();
    return j;
  }

  /**
   * Copies {@code params} (graphd converts them into owned values before its send) and queues the
   * entry; returns without waiting for the write.
   *
   * @throws JournalFailedException when the writer thread has failed
   * @throws IllegalStateException after {@link #close()}
   */
  @Override
  public void append(String query, Map<String, ?> params) throws IOException {
    if (closed) {
      throw new IllegalStateException("journal " + sink.file() + " is closed");
    }
    JournalFailedException f = failure;
    if (f != null) {
      throw f;
    }
    Map<String, ?> copy = params == null || params.isEmpty() ? Map.of()
        : Collections.unmodifiableMap(new LinkedHashMap<>(params)); // keeps the caller's order: same bytes
    queue.add(new Write(query, copy));
    appended++;
  }

  /**
   * Queues a Flush and waits until the writer has written everything queued before it and forced the
   * file ({@code sync_all}).
   *
   * @throws JournalFailedException when the writer thread failed before or during the flush
   * @throws InterruptedIOException when the calling thread is interrupted while waiting
   */
  @Override
  public void flush() throws IOException {
    if (closed) {
      throw new IllegalStateException("journal " + sink.file() + " is closed");
    }
    CompletableFuture<Void> done = new CompletableFuture<>();
    queue.add(new Flush(done));
    await(done);
  }

  /** Not for callers: the writer thread forces the file itself when idle. @throws UnsupportedOperationException always */
  @Override
  public void syncData() {
    throw new UnsupportedOperationException("the journal-writer thread of " + sink.file() + " syncs when idle");
  }

  /** Entries handed to the queue by {@link #append} so far (query thread's count). */
  public long appended() {
    return appended;
  }

  /** Entries the writer thread has written so far. */
  public long written() {
    return written;
  }

  /** Idle-time syncs ({@code sync_data} after {@code fsyncMs} without a command) so far. */
  public long idleSyncs() {
    return idleSyncs;
  }

  @Override
  public Path file() {
    return sink.file();
  }

  /**
   * Drains the queue, forces the file, stops the writer thread and closes the wrapped journal;
   * idempotent.
   *
   * @throws JournalFailedException when the writer thread failed (the wrapped journal is closed all the same)
   */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    CompletableFuture<Void> done = new CompletableFuture<>();
    queue.add(new Shutdown(done));
    try {
      await(done);
    } finally {
      if (thread.isAlive()) {
        try {
          thread.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      sink.close();
    }
  }

  private void await(CompletableFuture<Void> done) throws IOException {
    while (true) {
      try {
        done.get(Math.max(fsyncMs, 10), TimeUnit.MILLISECONDS);
        return;
      } catch (ExecutionException e) {
        throw failure != null ? failure : new JournalFailedException(sink.file(), e.getCause());
      } catch (TimeoutException e) {
        if (!thread.isAlive() && !done.isDone()) { // the writer died before taking this command
          throw failure != null ? failure
              : new JournalFailedException(sink.file(), new IllegalStateException("journal-writer thread ended"));
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted waiting for the journal-writer thread of " + sink.file());
      }
    }
  }

  /** The writer loop: graphd's {@code writer_loop} without segments. */
  private void run() {
    boolean wroteAny = false;
    try {
      while (true) {
        Command c = queue.poll(fsyncMs, TimeUnit.MILLISECONDS);
        if (c == null) {
          if (wroteAny) { // graphd syncs on every idle timeout once its segment is open
            sink.syncData();
            idleSyncs++;
          }
          continue;
        }
        switch (c) {
          case Write w -> {
            sink.append(w.query(), w.params());
            written++;
            wroteAny = true;
          }
          case Flush f -> {
            sink.flush();
            f.done().complete(null);
          }
          case Shutdown s -> {
            sink.flush();
            s.done().complete(null);
            return;
          }
        }
      }
    } catch (IOException | RuntimeException | Error e) {
      failure = new JournalFailedException(sink.file(), e);
      failPending();
    } catch (InterruptedException e) {
      failure = new JournalFailedException(sink.file(), e);
      failPending();
    }
  }

  /** Completes every waiting Flush or Shutdown with the failure. */
  private void failPending() {
    for (Command c; (c = queue.poll()) != null; ) {
      if (c instanceof Flush f) {
        f.done().completeExceptionally(failure);
      } else if (c instanceof Shutdown s) {
        s.done().completeExceptionally(failure);
      }
    }
  }
}
