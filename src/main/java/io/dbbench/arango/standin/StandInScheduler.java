package io.dbbench.arango.standin;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * ArangoDB's request scheduler, modelled: a fixed pool of worker threads
 * ({@code --server.maximal-threads}, default {@code max(32, 2 x cores)}) fed by one bounded FIFO
 * ({@code --server.maximal-queue-size}, default 4096, arangod's low-priority queue where client
 * requests wait). When the queue is full a request is refused at once and answered 503 with
 * errorNum 21003 "queue is full" (arangod {@code CommTask::handleRequestSync} ->
 * {@code Scheduler::tryBoundedQueue}). The time the most recent request waited in the queue is
 * what every response reports in {@code x-arango-queue-time-seconds}, and what a request's own
 * {@code x-arango-queue-time-seconds} limit is compared with (412/21004 when exceeded), as in
 * docs-hugo 3.12 {@code general-request-handling.md}.
 *
 * <p>Not modelled: arangod's three priority lanes and {@code --server.ongoing-low-priority-multiplier}
 * (at most 4 x threads low-priority requests executing); here every request is one lane and a
 * queued request starts as soon as a worker is free.
 */
final class StandInScheduler implements AutoCloseable {
  /** arangod's default worker count on this machine: {@code max(32, 2 x cores)}. */
  static int defaultThreads() {
    return Math.max(32, 2 * Runtime.getRuntime().availableProcessors());
  }

  /** arangod's default {@code --server.maximal-queue-size}. */
  static final int DEFAULT_QUEUE_SIZE = 4096;

  private final ThreadPoolExecutor pool;
  private volatile long lastQueueNanos;

  StandInScheduler(int threads, int queueSize) {
    if (threads < 1) {
      throw new IllegalArgumentException("--server.maximal-threads=" + threads + "; expected at least 1");
    }
    if (queueSize < 1) {
      throw new IllegalArgumentException("--server.maximal-queue-size=" + queueSize + "; expected at least 1");
    }
    AtomicInteger n = new AtomicInteger();
    pool = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS, new ArrayBlockingQueue<>(queueSize), r -> {
      Thread t = new Thread(r, "standin-scheduler-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    }, new ThreadPoolExecutor.AbortPolicy());
  }

  /** Seconds the most recently dequeued request waited, as arangod reports it. */
  double queueTimeSeconds() {
    return lastQueueNanos / 1e9;
  }

  /** Requests waiting now. */
  int queued() {
    return pool.getQueue().size();
  }

  /**
   * Queues {@code work}; returns false (the caller answers 503/21003) when the queue is full.
   */
  boolean offer(Runnable work) {
    long enqueued = System.nanoTime();
    try {
      pool.execute(() -> {
        lastQueueNanos = System.nanoTime() - enqueued;
        work.run();
      });
      return true;
    } catch (RejectedExecutionException e) {
      return false;
    }
  }

  @Override
  public void close() {
    pool.shutdownNow();
  }
}
