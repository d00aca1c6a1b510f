package io.dbbench.arango.pool;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * One shot of the pooling study: every pick's query issued at once through a {@link PoolClient}
 * (which queues them as its pool allows), timed from the first request to the last answer, as the
 * study's Node code did with {@code Promise.all}. Answers and failures are kept per pick and
 * judged after the timing: failures by {@link DnfCause} (any failure makes the shot DNF), answers
 * by {@link #checkAnswers} (a wrong answer is an error, not a DNF).
 */
public final class PoolShot {
  private final List<PoolIds.Pick> picks;
  private final AtomicReferenceArray<Object> outcomes;
  private final EnumMap<DnfCause, Integer> causes = new EnumMap<>(DnfCause.class);
  private final Map<DnfCause, String> firstMessage = new EnumMap<>(DnfCause.class);
  private long elapsedNanos;
  private int answered;

  private PoolShot(List<PoolIds.Pick> picks) {
    this.picks = picks;
    this.outcomes = new AtomicReferenceArray<>(picks.size());
  }

  /**
   * Runs one shot: sends every pick's query through {@code client} without waiting, then waits
   * until each has answered or failed, or until {@code deadlineMillis} has passed (queries still
   * open then count as {@link DnfCause#TIMEOUT}). Never throws for a failed query.
   *
   * @throws InterruptedException when interrupted while waiting
   */
  public static PoolShot run(PoolClient client, List<PoolIds.Pick> picks, long deadlineMillis) throws InterruptedException {
    PoolShot s = new PoolShot(picks);
    CompletableFuture<?>[] fs = new CompletableFuture<?>[picks.size()];
    long start = System.nanoTime();
    for (int k = 0; k < fs.length; k++) {
      int slot = k;
      CompletableFuture<List<PoolDoc>> f;
      try {
        f = client.query(picks.get(k).endToEndId());
      } catch (RuntimeException e) {
        f = CompletableFuture.failedFuture(e);
      }
      fs[k] = f.whenComplete((docs, err) -> s.outcomes.set(slot, err != null ? err : docs));
    }
    try {
      CompletableFuture.allOf(fs).handle((v, e) -> null).get(deadlineMillis, TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      throw new IllegalStateException("unreachable: handle() swallows failures", e);
    } catch (TimeoutException e) {
      // the open queries are counted as timeouts below
    }
    s.elapsedNanos = System.nanoTime() - start;
    for (int k = 0; k < fs.length; k++) {
      Object o = s.outcomes.get(k);
      if (o == null) {
        s.fail(DnfCause.TIMEOUT, "no answer within the shot deadline of " + deadlineMillis + " ms");
      } else if (o instanceof Throwable t) {
        Throwable root = t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
        s.fail(DnfCause.of(root), root.toString());
      } else {
        s.answered++;
      }
    }
    return s;
  }

  private void fail(DnfCause c, String message) {
    causes.merge(c, 1, Integer::sum);
    firstMessage.putIfAbsent(c, message.length() > 300 ? message.substring(0, 297) + "..." : message);
  }

  /** Nanoseconds from the first request to the last answer (or to the deadline). */
  public long elapsedNanos() {
    return elapsedNanos;
  }

  /** Queries answered (rightly or wrongly: see {@link #checkAnswers}). */
  public int answered() {
    return answered;
  }

  /** Queries failed with {@code c}. */
  public int failed(DnfCause c) {
    return causes.getOrDefault(c, 0);
  }

  /** Queries failed for any cause. */
  public int failed() {
    return causes.values().stream().mapToInt(Integer::intValue).sum();
  }

  /** Whether the shot did not finish: at least one query failed. */
  public boolean dnf() {
    return failed() > 0;
  }

  /**
   * Checks every answer: a hit must return exactly its seeded document ({@code _key},
   * {@code EndToEndId}, {@code Amt}), a miss nothing. Failed queries are skipped (they are DNF,
   * not wrong).
   *
   * @return the number of hits answered
   * @throws IllegalStateException naming the first wrong answer and how many were wrong
   */
  public int checkAnswers() {
    int wrong = 0;
    int hits = 0;
    String first = null;
    for (int k = 0; k < picks.size(); k++) {
      Object o = outcomes.get(k);
      if (!(o instanceof List<?> docs)) {
        continue;
      }
      PoolIds.Pick p = picks.get(k);
      String why = null;
      if (!p.hit()) {
        if (!docs.isEmpty()) {
          why = docs.size() + " documents for an id that no document carries";
        }
      } else if (docs.size() != 1) {
        why = docs.size() + " documents; expected exactly " + PoolDocuments.key(p.document());
      } else {
        PoolDoc d = (PoolDoc) docs.get(0);
        Map<String, Object> want = PoolDocuments.document(p.document());
        if (!want.get("_key").equals(d.key) || !p.endToEndId().equals(d.endToEndId)
            || ((Double) want.get("Amt")) != d.amount) {
          why = d + "; expected _key=" + want.get("_key") + ", Amt=" + want.get("Amt");
        } else {
          hits++;
        }
      }
      if (why != null) {
        wrong++;
        if (first == null) {
          first = "query " + k + " (EndToEndId " + p.endToEndId() + ") answered " + why;
        }
      }
    }
    if (wrong > 0) {
      throw new IllegalStateException(wrong + " of " + picks.size() + " answers are wrong; first: " + first);
    }
    return hits;
  }

  /**
   * Per pick, the keys of the documents answered joined by commas ({@code ""} for none), or
   * {@code null} when the query failed: what two shots over the same picks must agree on.
   */
  public List<String> answerKeys() {
    List<String> out = new ArrayList<>(picks.size());
    for (int k = 0; k < picks.size(); k++) {
      Object o = outcomes.get(k);
      out.add(o instanceof List<?> docs ? String.join(",", docs.stream().map(d -> ((PoolDoc) d).key).toList()) : null);
    }
    return out;
  }

  /** The shot as a map for the DNF file: counts, per-cause counts and first messages, elapsed ms. */
  public Map<String, Object> describe() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("queries", picks.size());
    m.put("answered", answered);
    m.put("dnf", dnf());
    m.put("elapsed_ms", elapsedNanos / 1e6);
    Map<String, Object> c = new LinkedHashMap<>();
    for (DnfCause x : DnfCause.values()) {
      c.put(x.metric, failed(x));
    }
    m.put("failed", c);
    if (!firstMessage.isEmpty()) {
      Map<String, Object> f = new LinkedHashMap<>();
      firstMessage.forEach((k, v) -> f.put(k.metric, v));
      m.put("first_failure", f);
    }
    return m;
  }
}
