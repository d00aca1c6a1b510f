package io.dbbench.graphj;

import java.util.Arrays;
import java.util.Map;

/**
 * One decoded, verified journal entry.
 *
 * @param sequence the entry's sequence number
 * @param query the Cypher query
 * @param params parameters, decoded as {@link GraphValues} documents
 * @param timestampMs the payload's timestamp, epoch milliseconds
 * @param prevHash the 32-byte chain hash stored in the entry's frame
 */
public record JournalEntry(long sequence, String query, Map<String, Object> params, long timestampMs, byte[] prevHash) {
  @Override
  public boolean equals(Object o) {
    return o instanceof JournalEntry e && e.sequence == sequence && e.timestampMs == timestampMs
        && e.query.equals(query) && e.params.equals(params) && Arrays.equals(e.prevHash, prevHash);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(sequence) * 31 + query.hashCode();
  }

  @Override
  public String toString() {
    return "JournalEntry[sequence=" + sequence + ", query=" + query + ", params=" + params
        + ", timestampMs=" + timestampMs + "]";
  }
}
