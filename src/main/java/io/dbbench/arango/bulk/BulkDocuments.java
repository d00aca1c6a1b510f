package io.dbbench.arango.bulk;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntFunction;

/**
 * The bulk study's inputs, built once per trial outside the timing: {@code n} documents
 * {@code doc_<i>} / {@code "<i>"} / {@code i} for i = 0..n-1, their updates
 * ({@code name = "updated_<i>"}, {@code value = i + 1}, as the Go benchmark's UpdateAllDocsOnce),
 * and their keys. The Go code built the updates inside the timed loop; dbbench builds them before
 * (house rule: no data generation in the measured method).
 */
public final class BulkDocuments {
  /** Seed of the verification sample. */
  public static final long SAMPLE_SEED = 20251023L;
  /** Documents checked after each shot (fewer when the collection is smaller). */
  public static final int SAMPLE_SIZE = 100;

  private BulkDocuments() {}

  /** The i-th document as inserted. */
  public static BulkDoc document(int i) {
    return new BulkDoc(key(i), Integer.toString(i), i);
  }

  /** The i-th document after the update. */
  public static BulkDoc updated(int i) {
    return new BulkDoc(key(i), "updated_" + i, i + 1);
  }

  /** The i-th key, {@code doc_<i>}. */
  public static String key(int i) {
    return "doc_" + i;
  }

  /** {@code f(0)..f(n-1)}; IllegalArgumentException when {@code n < 1}. */
  private static <T> List<T> each(int n, IntFunction<T> f) {
    check(n);
    List<T> l = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      l.add(f.apply(i));
    }
    return l;
  }

  /**
   * Documents 0..n-1.
   *
   * @throws IllegalArgumentException when {@code n < 1}
   */
  public static List<BulkDoc> documents(int n) {
    return each(n, BulkDocuments::document);
  }

  /** The updates of documents 0..n-1. */
  public static List<BulkDoc> updates(int n) {
    return each(n, BulkDocuments::updated);
  }

  /** Keys 0..n-1. */
  public static List<String> keys(int n) {
    return each(n, BulkDocuments::key);
  }

  /**
   * The verification sample: {@code min(SAMPLE_SIZE, n)} distinct indexes drawn with
   * {@code SplittableRandom(SAMPLE_SEED)}, always including 0 and n-1.
   */
  public static int[] sample(int n) {
    check(n);
    int k = Math.min(SAMPLE_SIZE, n);
    LinkedHashSet<Integer> s = new LinkedHashSet<>();
    s.add(0);
    s.add(n - 1);
    SplittableRandom r = new SplittableRandom(SAMPLE_SEED);
    while (s.size() < k) {
      s.add(r.nextInt(n));
    }
    return s.stream().mapToInt(Integer::intValue).toArray();
  }

  /** SHA-256 (hex) of the documents' JSON array as the raw HTTP client sends it, for {@code env.json}. */
  public static String sha256(int n) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
          .digest(new ObjectMapper().writeValueAsBytes(documents(n))));
    } catch (NoSuchAlgorithmException | com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void check(int n) {
    if (n < 1) {
      throw new IllegalArgumentException("docs=" + n + "; expected at least 1 document");
    }
  }
}
