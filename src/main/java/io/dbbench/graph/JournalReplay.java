package io.dbbench.graph;

import io.dbbench.graphj.JournalEntry;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Re-executes journaled mutations against a database, in sequence order, the way graphd restores
 * a database from a snapshot plus its journal: entries with parameters run as prepared statements
 * (prepared once per distinct query text), entries without run as literal queries; transaction
 * control entries ({@code BEGIN TRANSACTION}, {@code COMMIT}, {@code ROLLBACK}) run as recorded,
 * so transaction boundaries are kept.
 */
public final class JournalReplay {
  private JournalReplay() {}

  /**
   * Replays {@code entries} through {@code session}.
   *
   * @return the number of entries executed
   * @throws IllegalArgumentException when sequences are not strictly increasing by one (naming both)
   *     or a parameter type cannot be bound
   * @throws GraphQueryException on the first entry the database rejects; the message carries the
   *     query, and the session is left as that entry found it
   */
  public static long replay(List<JournalEntry> entries, GraphSession session) {
    Map<String, GraphStatement> prepared = new HashMap<>();
    long count = 0;
    long prev = Long.MIN_VALUE;
    try {
      for (JournalEntry e : entries) {
        if (prev != Long.MIN_VALUE && e.sequence() != prev + 1) {
          throw new IllegalArgumentException("journal sequence jumps from " + prev + " to "
              + e.sequence() + "; entries are missing");
        }
        prev = e.sequence();
        if (e.params() == null || e.params().isEmpty()) {
          session.execute(e.query());
        } else {
          GraphStatement st = prepared.computeIfAbsent(e.query(), session::prepare);
          session.execute(st, e.params());
        }
        count++;
      }
    } finally {
      prepared.values().forEach(GraphStatement::close);
    }
    return count;
  }
}
