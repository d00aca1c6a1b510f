package io.dbbench.graphj;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The inputs of the GraphJ benchmarks, deterministic from a seed.
 *
 * <ul>
 *   <li>{@code text}: graphd's own criterion input (strana {@code benches/graphj_bench}): the line
 *       {@value #QUERY}{@code  // Query i} plus a newline, for i = 0..count-1; 100 lines are
 *       about 10 KB. Figures on this corpus compare one to one with graphd's.
 *   <li>{@code entries}: real journal entries for that query (protobuf payloads with params id
 *       (string), name (string), embedding (list of 8 doubles), timestamp (int)), framed and
 *       chain-hashed from an all-zero prev_hash, sequences from 1.
 * </ul>
 */
public final class GraphjCorpus {
  /** The query graphd's benchmarks journal. */
  public static final String QUERY =
      "MERGE (n:Entity {id: $id}) SET n.name = $name, n.embedding = $embedding, n.created_at = $timestamp RETURN n";
  /** Default seed of the {@code entries} corpus (recorded in env.json). */
  public static final long SEED = 20_260_101L;
  /** Timestamp of entry 0, epoch ms. */
  public static final long BASE_TIME_MS = 1_767_225_600_000L;

  private GraphjCorpus() {}

  /** The corpus kinds. */
  public enum Kind {
    /** graphd's text lines. */
    TEXT,
    /** Framed journal entries. */
    ENTRIES;

    /**
     * Parses {@code text} or {@code entries}.
     *
     * @throws IllegalArgumentException naming the value and the accepted ones
     */
    public static Kind parse(String s) {
      try {
        return valueOf(s.trim().toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException | NullPointerException e) {
        throw new IllegalArgumentException("unknown corpus '" + s + "'; expected text or entries", e);
      }
    }
  }

  /** {@code count} text lines (graphd's input), UTF-8. */
  public static byte[] text(int count) {
    StringBuilder sb = new StringBuilder(count * 120);
    for (int i = 0; i < count; i++) {
      sb.append(QUERY).append(" // Query ").append(i).append('\n');
    }
    return sb.toString().getBytes(StandardCharsets.UTF_8);
  }

  /** Parameters of entry {@code i}: id, name, embedding (8 doubles from {@code rnd}), timestamp. */
  public static Map<String, Object> params(int i, SplittableRandom rnd) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("id", "entity-" + i);
    m.put("name", "Entity " + i);
    List<Double> emb = new ArrayList<>(8);
    for (int k = 0; k < 8; k++) {
      emb.add(rnd.nextDouble(-1.0, 1.0));
    }
    m.put("embedding", emb);
    m.put("timestamp", BASE_TIME_MS + i);
    return m;
  }

  /** {@code count} framed, chain-hashed entries, sequences 1..count, from {@code seed}. */
  public static byte[] entries(int count, long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    ByteArrayOutputStream out = new ByteArrayOutputStream(count * 260);
    byte[] prev = new byte[EntryCodec.HASH_LEN];
    var sha = EntryCodec.sha256();
    for (int i = 0; i < count; i++) {
      byte[] payload = EntryCodec.payload(i + 1, QUERY, params(i, rnd), BASE_TIME_MS + i);
      out.writeBytes(EntryCodec.frame(i + 1, prev, payload));
      prev = EntryCodec.chainHash(sha, prev, payload, 0, payload.length);
    }
    return out.toByteArray();
  }

  /** {@code count} items of the given kind. */
  public static byte[] generate(Kind kind, int count, long seed) {
    return kind == Kind.TEXT ? text(count) : entries(count, seed);
  }

  /**
   * About 10 KB of the given kind, as graphd's benchmarks use: 100 text lines, or as many
   * entries as make at least 10,000 bytes.
   */
  public static byte[] tenKilobytes(Kind kind, long seed) {
    if (kind == Kind.TEXT) {
      return text(100);
    }
    int per = entries(1, seed).length;
    return entries((10_000 + per - 1) / per, seed);
  }
}
