package io.dbbench.arango.pool;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * The pooling study's collection: {@code n} payment-transaction documents, seeded and
 * deterministic, each with an {@code EndToEndId} UUID (the attribute the study's query filters on)
 * and a few ISO 20022 pacs.008-style fields, as a relationship between two accounts would carry
 * (the study's collection was named {@code transactionRelationship}):
 *
 * <pre>{@code
 * {"_key": "tx_<i>", "EndToEndId": "<uuid v4>", "MsgId": "<hex>", "TxTp": "pacs.008.001.10",
 *  "TxSts": "ACCC", "CreDtTm": "2023-..Z", "Amt": 1234.56, "Ccy": "EUR",
 *  "source": "acc_<n>", "destination": "acc_<n>"}
 * }</pre>
 *
 * Document {@code i} depends only on {@code (seed, i)}, so any document is computed without the
 * others (the id picker and the answer checks use that), and the whole set has a SHA-256
 * {@link #checksum} over its {@code _key}/{@code EndToEndId} pairs for {@code env.json}.
 */
public final class PoolDocuments {
  /** The study's document count. */
  public static final int STUDY_DOCS = 200_000;
  /** The seed of the documents. */
  public static final long SEED = 0x5EED_A2A0_2023L;
  private static final String[] CURRENCIES = {"EUR", "USD", "GBP", "KES", "UGX", "XTS"};
  private static final long EPOCH_2023 = 1_672_531_200L;

  private PoolDocuments() {}

  /** The i-th document's key, {@code tx_<i>}. */
  public static String key(int i) {
    return "tx_" + i;
  }

  private static SplittableRandom random(long seed, int i) {
    // a fresh stream per document: document i never depends on documents before it
    return new SplittableRandom(seed * 0x9E3779B97F4A7C15L + i);
  }

  /** A version-4 UUID from two random longs. */
  static UUID uuid(SplittableRandom r) {
    long hi = (r.nextLong() & ~0xF000L) | 0x4000L;
    long lo = (r.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
    return new UUID(hi, lo);
  }

  /** The i-th document's {@code EndToEndId}. */
  public static String endToEndId(int i) {
    return uuid(random(SEED, i)).toString();
  }

  /**
   * The i-th document as a map in attribute order.
   *
   * @throws IllegalArgumentException when {@code i < 0}
   */
  public static Map<String, Object> document(int i) {
    if (i < 0) {
      throw new IllegalArgumentException("document index " + i + "; expected 0 or more");
    }
    SplittableRandom r = random(SEED, i);
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("_key", key(i));
    d.put("EndToEndId", uuid(r).toString());
    d.put("MsgId", Long.toHexString(r.nextLong()));
    d.put("TxTp", "pacs.008.001.10");
    d.put("TxSts", r.nextInt(50) == 0 ? "RJCT" : "ACCC");
    d.put("CreDtTm", Instant.ofEpochSecond(EPOCH_2023 + r.nextLong(365L * 86_400)).toString());
    d.put("Amt", r.nextLong(1, 10_000_000) / 100.0);
    d.put("Ccy", CURRENCIES[r.nextInt(CURRENCIES.length)]);
    d.put("source", "acc_" + r.nextInt(50_000));
    d.put("destination", "acc_" + r.nextInt(50_000));
    return d;
  }

  /**
   * Documents {@code from} (inclusive) to {@code to} (exclusive), for loading in chunks.
   *
   * @throws IllegalArgumentException when the range is empty or negative
   */
  public static List<Map<String, Object>> documents(int from, int to) {
    if (from < 0 || to <= from) {
      throw new IllegalArgumentException("documents [" + from + ", " + to + "); expected 0 <= from < to");
    }
    List<Map<String, Object>> l = new ArrayList<>(to - from);
    for (int i = from; i < to; i++) {
      l.add(document(i));
    }
    return l;
  }

  /** SHA-256 over {@code _key + " " + EndToEndId + "\n"} of documents 0..n-1, lower-case hex. */
  public static String checksum(int n) {
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      for (int i = 0; i < n; i++) {
        md.update((key(i) + " " + endToEndId(i) + "\n").getBytes(StandardCharsets.UTF_8));
      }
      return HexFormat.of().formatHex(md.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  /** What {@code env.json} records about the documents of a trial of {@code n}. */
  public static Map<String, Object> describe(int n) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("collection", PoolFixture.COLLECTION);
    m.put("documents", n);
    m.put("seed", String.format(Locale.ROOT, "0x%X", SEED));
    m.put("sha256_key_endtoendid", checksum(n));
    m.put("shape", "_key tx_<i>, EndToEndId UUIDv4, MsgId, TxTp pacs.008.001.10, TxSts, CreDtTm, Amt, Ccy, source, destination");
    return m;
  }
}
