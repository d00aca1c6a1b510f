package io.dbbench.graph;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * A {@link GraphSession} that records every mutating query (see {@link Cypher#isMutating}) and its
 * parameters in a {@link MutationJournal}, at one of two points ({@link Order}). Read-only queries
 * pass through untouched. Closing the session closes the delegate, not the journal (its owner
 * closes it).
 */
public final class JournalingSession implements GraphSession {
  /** When a mutating query is handed to the journal. */
  public enum Order {
    /**
     * Before the query executes, whether or not it then succeeds: dbbench's {@code journal=sync}
     * form (with a {@link GraphjMutationJournal}, the entry is encoded, hashed and written on the
     * query thread before each statement), so the journal holds everything the database was asked
     * to do even if the process dies mid-query. Not graphd's.
     */
    BEFORE,
    /**
     * After the query has succeeded, as graphd does ({@code execute_write} and the Bolt handler
     * call {@code journal_entry} on a successful result, {@code src/engine.rs} and
     * {@code src/bolt.rs} at 7628b1d): {@code journal=on}, with a {@link WriterThreadJournal}. A
     * query that fails is not journaled.
     */
    AFTER_SUCCESS
  }

  private final GraphSession delegate;
  private final MutationJournal journal;
  private final Order order;
  private long journaled;

  /** Wraps {@code delegate}; entries go to {@code journal} at {@code order}. */
  public JournalingSession(GraphSession delegate, MutationJournal journal, Order order) {
    this.delegate = delegate;
    this.journal = journal;
    this.order = order;
  }

  /** Mutating queries handed to the journal so far. */
  public long journaled() {
    return journaled;
  }

  /** The journal this session records into. */
  public MutationJournal journal() {
    return journal;
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
    if (!j.mutating) {
      return delegate.execute(j.inner, params);
    }
    if (order == Order.BEFORE) {
      append(j.query(), params);
      return delegate.execute(j.inner, params);
    }
    long n = delegate.execute(j.inner, params);
    append(j.query(), params);
    return n;
  }

  @Override
  public long execute(String cypher) {
    return execute(cypher, RowConversion.PROPERTIES);
  }

  @Override
  public long execute(String cypher, RowConversion conversion) {
    if (!Cypher.isMutating(cypher)) {
      return delegate.execute(cypher, conversion);
    }
    if (order == Order.BEFORE) {
      append(cypher, Map.of());
      return delegate.execute(cypher, conversion);
    }
    long n = delegate.execute(cypher, conversion);
    append(cypher, Map.of());
    return n;
  }

  @Override
  public List<List<Object>> fetch(String cypher, Map<String, ?> params) {
    return fetch(cypher, params, RowConversion.PROPERTIES);
  }

  @Override
  public List<List<Object>> fetch(String cypher, Map<String, ?> params, RowConversion conversion) {
    if (!Cypher.isMutating(cypher)) {
      return delegate.fetch(cypher, params, conversion);
    }
    Map<String, ?> p = params == null ? Map.of() : params;
    if (order == Order.BEFORE) {
      append(cypher, p);
      return delegate.fetch(cypher, params, conversion);
    }
    List<List<Object>> rows = delegate.fetch(cypher, params, conversion);
    append(cypher, p);
    return rows;
  }

  private void append(String query, Map<String, ?> params) {
    try {
      journal.append(query, params);
      journaled++;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot append to journal " + journal.file() + " "
          + (order == Order.BEFORE ? "before" : "after") + ": " + query, e);
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
