package io.dbbench.graph;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * A {@link GraphSession} that records every mutating query (see {@link Cypher#isMutating}) and its
 * parameters in a {@link MutationJournal} <em>before</em> executing it, as graphd does, so the
 * journal holds everything the database was asked to do even if the process dies mid-query.
 * Read-only queries pass through untouched. Closing the session closes the delegate, not the
 * journal (its owner closes it).
 */
public final class JournalingSession implements GraphSession {
  private final GraphSession delegate;
  private final MutationJournal journal;

  /** Wraps {@code delegate}; entries go to {@code journal}. */
  public JournalingSession(GraphSession delegate, MutationJournal journal) {
    this.delegate = delegate;
    this.journal = journal;
  }

  @Override
  public GraphStatement prepare(String cypher) {
    return new Journaled(delegate.prepare(cypher), Cypher.isMutating(cypher));
  }

  @Override
  public long execute(GraphStatement statement, Map<String, ?> params) {
    if (!(statement instanceof Journaled j)) {
      throw new IllegalArgumentException("statement '" + statement.query()
          + "' was not prepared by this journaling session");
    }
    if (j.mutating) {
      append(j.query(), params);
    }
    return delegate.execute(j.inner, params);
  }

  @Override
  public long execute(String cypher) {
    if (Cypher.isMutating(cypher)) {
      append(cypher, Map.of());
    }
    return delegate.execute(cypher);
  }

  @Override
  public List<List<Object>> fetch(String cypher, Map<String, ?> params) {
    if (Cypher.isMutating(cypher)) {
      append(cypher, params == null ? Map.of() : params);
    }
    return delegate.fetch(cypher, params);
  }

  private void append(String query, Map<String, ?> params) {
    try {
      journal.append(query, params, System.currentTimeMillis());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot append to journal " + journal.file() + " before: " + query, e);
    }
  }

  @Override
  public void close() {
    delegate.close();
  }

  private record Journaled(GraphStatement inner, boolean mutating) implements GraphStatement {
    @Override
    public String query() {
      return inner.query();
    }

    @Override
    public void close() {
      inner.close();
    }
  }
}
