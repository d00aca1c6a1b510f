package io.dbbench.arango.pool;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The ids a shot queries: {@code iterations} picks, each either the {@code EndToEndId} of a
 * document drawn uniformly from {@code 0..docs-1} (a hit: the answer must be exactly that
 * document) or, with probability {@code missShare}, a fresh UUID that no document carries (a
 * miss: the answer must be empty), the study's "random UUID" per iteration made reproducible.
 * The same seed, counts and share always give the same picks.
 */
public final class PoolIds {
  /** The seed of the picks. */
  public static final long SEED = 0x1D5_2023L;

  /**
   * One query of a shot.
   *
   * @param endToEndId the id bound to {@code @id}
   * @param document the index of the document it must find, or -1 for a miss
   */
  public record Pick(String endToEndId, int document) {
    /** Whether a document carries this id. */
    public boolean hit() {
      return document >= 0;
    }
  }

  private PoolIds() {}

  /**
   * {@code iterations} picks over {@code docs} documents.
   *
   * @param missShare the share of picks that match nothing, in [0, 1]
   * @throws IllegalArgumentException naming any value out of range
   */
  public static List<Pick> picks(long seed, int iterations, int docs, double missShare) {
    if (iterations < 1) {
      throw new IllegalArgumentException("iterations=" + iterations + "; expected at least 1");
    }
    if (docs < 1) {
      throw new IllegalArgumentException("docs=" + docs + "; expected at least 1");
    }
    if (!(missShare >= 0 && missShare <= 1)) {
      throw new IllegalArgumentException("missShare=" + missShare + "; expected a share between 0 and 1");
    }
    SplittableRandom r = new SplittableRandom(seed);
    Set<String> existing = null;
    List<Pick> out = new ArrayList<>(iterations);
    for (int k = 0; k < iterations; k++) {
      if (missShare > 0 && r.nextDouble() < missShare) {
        if (existing == null) {
          existing = new HashSet<>(docs * 2);
          for (int i = 0; i < docs; i++) {
            existing.add(PoolDocuments.endToEndId(i));
          }
        }
        String id;
        do {
          id = PoolDocuments.uuid(r).toString();
        } while (existing.contains(id));
        out.add(new Pick(id, -1));
      } else {
        int i = r.nextInt(docs);
        out.add(new Pick(PoolDocuments.endToEndId(i), i));
      }
    }
    return out;
  }
}
