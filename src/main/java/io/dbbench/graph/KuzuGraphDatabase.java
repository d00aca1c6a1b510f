package io.dbbench.graph;

import com.kuzudb.Connection;
import com.kuzudb.DataType;
import com.kuzudb.DataTypeID;
import com.kuzudb.Database;
import com.kuzudb.FlatTuple;
import com.kuzudb.InternalID;
import com.kuzudb.PreparedStatement;
import com.kuzudb.QueryResult;
import com.kuzudb.Value;
import com.kuzudb.ValueNodeUtil;
import com.kuzudb.ValueRelUtil;
import com.kuzudb.Version;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The Kuzu ({@code com.kuzudb}) implementation of {@link GraphDatabase}: the only class in dbbench
 * that touches {@code com.kuzudb}. The other engine ({@link GraphEngine}) is this class again, under
 * its own package and names: {@code src/ladybug/kuzu-to-ladybug.sed} generates it at build time, so
 * both engines run one wrapper.
 *
 * <p>Kuzu reports a failed query through {@code QueryResult.isSuccess()} /
 * {@code getErrorMessage()} instead of throwing; this wrapper turns that into a
 * {@link GraphQueryException} carrying the message and the query. Kuzu throws when a handle is
 * closed twice, so this wrapper owns closing: every {@code QueryResult}, {@code FlatTuple},
 * bound {@code Value}, {@code DataType}, {@code PreparedStatement}, {@code Connection} and the
 * {@code Database} is closed exactly once, so native memory does not grow across calls
 * (checked by {@code GraphNativeMemoryTest}).
 */
public final class KuzuGraphDatabase implements GraphDatabase {
  /** Kuzu's default when no limit is given: 0 lets Kuzu size the database file freely. */
  private static final long MAX_DB_SIZE_UNLIMITED = 0L;
  /** Kuzu's "use the default checkpoint threshold" value. */
  private static final long DEFAULT_CHECKPOINT_THRESHOLD = -1L;

  private final Database db;
  private final Path file;
  private final Set<KuzuSession> sessions = Collections.newSetFromMap(new IdentityHashMap<>());
  private boolean closed;

  private KuzuGraphDatabase(Database db, Path file) {
    this.db = db;
    this.file = file;
  }

  /**
   * Opens (creating when absent) the on-disk database file {@code dbFile}, read-write, with
   * compression and automatic checkpoints on (Kuzu's defaults).
   *
   * @param dbFile the database file, e.g. {@code <tmp>/db.kuzu}; its parent directory must exist
   * @param bufferPoolBytes buffer pool size in bytes (graphd's default is 256 MiB); must be &gt; 0
   * @throws IllegalArgumentException when {@code bufferPoolBytes <= 0} or the parent is missing
   * @throws GraphQueryException when Kuzu cannot open the file (message names the path)
   */
  public static KuzuGraphDatabase open(Path dbFile, long bufferPoolBytes) {
    if (bufferPoolBytes <= 0) {
      throw new IllegalArgumentException(
          "buffer pool size must be > 0 bytes; got " + bufferPoolBytes);
    }
    Path parent = dbFile.toAbsolutePath().getParent();
    if (parent == null || !Files.isDirectory(parent)) {
      throw new IllegalArgumentException(
          "directory of database file " + dbFile + " does not exist; create it first");
    }
    try {
      Database db = new Database(dbFile.toString(), bufferPoolBytes, true, false,
          MAX_DB_SIZE_UNLIMITED, true, DEFAULT_CHECKPOINT_THRESHOLD);
      return new KuzuGraphDatabase(db, dbFile);
    } catch (RuntimeException e) {
      throw new GraphQueryException(null, "cannot open Kuzu database " + dbFile + ": " + e.getMessage());
    }
  }

  /** The Kuzu library version and storage version, e.g. {@code "0.11.2"}. */
  public static String version() {
    return Version.getVersion();
  }

  @Override
  public String engine() {
    return "Kuzu " + Version.getVersion() + " (storage version " + Version.getStorageVersion() + ")";
  }

  @Override
  public synchronized GraphSession openSession() {
    if (closed) {
      throw new GraphQueryException(null, "database " + file + " is closed");
    }
    Connection c;
    try {
      c = new Connection(db);
    } catch (RuntimeException e) {
      throw new GraphQueryException(null, "cannot connect to " + file + ": " + e.getMessage());
    }
    KuzuSession s = new KuzuSession(c);
    sessions.add(s);
    return s;
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    for (KuzuSession s : new ArrayList<>(sessions)) {
      s.close();
    }
    db.close();
  }

  private synchronized void forget(KuzuSession s) {
    sessions.remove(s);
  }

  /** Java value of a bound parameter, as a Kuzu {@link Value} the caller must close. */
  private static Value toKuzu(String name, Object v) {
    if (v == null) {
      return Value.createNull();
    }
    // Integer/Float are widened so a live run and a journal replay (which decodes Long/Double)
    // bind identical types.
    Object w = switch (v) {
      case Integer i -> (long) i;
      case Float f -> (double) f;
      case String s -> s;
      case Long l -> l;
      case Double d -> d;
      case Boolean b -> b;
      default -> throw new IllegalArgumentException("parameter $" + name + " has unsupported type "
          + v.getClass().getName() + "; expected null, String, Long, Integer, Double, Float or Boolean");
    };
    return new Value(w);
  }

  private final class KuzuSession implements GraphSession {
    private final Connection conn;
    private final Set<KuzuStatement> statements = Collections.newSetFromMap(new IdentityHashMap<>());
    private boolean closed;

    KuzuSession(Connection conn) {
      this.conn = conn;
    }

    private void checkOpen() {
      if (closed) {
        throw new GraphQueryException(null, "session on " + file + " is closed");
      }
    }

    @Override
    public GraphStatement prepare(String cypher) {
      checkOpen();
      PreparedStatement ps = conn.prepare(cypher);
      if (!ps.isSuccess()) {
        String msg = ps.getErrorMessage();
        ps.close();
        throw new GraphQueryException(cypher, msg);
      }
      KuzuStatement st = new KuzuStatement(this, ps, cypher);
      statements.add(st);
      return st;
    }

    @Override
    public long execute(GraphStatement statement, Map<String, ?> params) {
      QueryResult r = run(statement, params);
      try {
        return consume(r, null, RowConversion.PROPERTIES);
      } finally {
        r.close();
      }
    }

    @Override
    public long execute(String cypher) {
      return execute(cypher, RowConversion.PROPERTIES);
    }

    @Override
    public long execute(String cypher, RowConversion conversion) {
      QueryResult r = run(cypher);
      try {
        return conversion == RowConversion.UNREAD ? 0 : consume(r, null, conversion);
      } finally {
        r.close();
      }
    }

    @Override
    public List<List<Object>> fetch(String cypher, Map<String, ?> params) {
      return fetch(cypher, params, RowConversion.PROPERTIES);
    }

    @Override
    public List<List<Object>> fetch(String cypher, Map<String, ?> params, RowConversion conversion) {
      if (conversion == RowConversion.UNREAD) {
        throw new IllegalArgumentException("fetch reads every row; conversion " + conversion + " reads none");
      }
      List<List<Object>> rows = new ArrayList<>();
      if (params == null || params.isEmpty()) {
        QueryResult r = run(cypher);
        try {
          consume(r, rows, conversion);
        } finally {
          r.close();
        }
        return rows;
      }
      try (GraphStatement st = prepare(cypher)) {
        QueryResult r = run(st, params);
        try {
          consume(r, rows, conversion);
        } finally {
          r.close();
        }
      }
      return rows;
    }

    private QueryResult run(String cypher) {
      checkOpen();
      QueryResult r = conn.query(cypher);
      return checked(r, cypher);
    }

    private QueryResult run(GraphStatement statement, Map<String, ?> params) {
      checkOpen();
      if (!(statement instanceof KuzuStatement ks) || ks.session != this) {
        throw new IllegalArgumentException("statement '" + statement.query()
            + "' was not prepared by this session");
      }
      ks.checkOpen();
      Map<String, Value> bound = new HashMap<>(Math.max(4, params.size() * 2));
      try {
        for (Map.Entry<String, ?> e : params.entrySet()) {
          bound.put(e.getKey(), toKuzu(e.getKey(), e.getValue()));
        }
        return checked(conn.execute(ks.ps, bound), ks.cypher);
      } finally {
        for (Value v : bound.values()) {
          v.close();
        }
      }
    }

    private QueryResult checked(QueryResult r, String cypher) {
      if (!r.isSuccess()) {
        String msg = r.getErrorMessage();
        r.close();
        throw new GraphQueryException(cypher, msg);
      }
      if (r.hasNextQueryResult()) {
        r.close();
        throw new GraphQueryException(cypher, "one statement per query expected; got several");
      }
      return r;
    }

    /** Reads every row, converting each value as {@code conversion} says; adds converted rows to {@code sink} when given. */
    private long consume(QueryResult r, List<List<Object>> sink, RowConversion conversion) {
      int cols = (int) r.getNumColumns();
      DataTypeID[] types = new DataTypeID[cols];
      for (int i = 0; i < cols; i++) {
        DataType dt = r.getColumnDataType(i);
        try {
          types[i] = dt.getID();
        } finally {
          dt.close();
        }
      }
      long rows = 0;
      while (r.hasNext()) {
        FlatTuple t = r.getNext();
        try {
          List<Object> row = sink == null ? null : new ArrayList<>(cols);
          for (int i = 0; i < cols; i++) {
            Value v = t.getValue(i);
            try {
              Object o = toJava(v, types[i], conversion);
              if (row != null) {
                row.add(o);
              }
            } finally {
              v.close();
            }
          }
          if (sink != null) {
            sink.add(row);
          }
        } finally {
          t.close();
        }
        rows++;
      }
      return rows;
    }

    @Override
    public void close() {
      if (closed) {
        return;
      }
      closed = true;
      for (KuzuStatement st : new ArrayList<>(statements)) {
        st.close();
      }
      conn.close();
      forget(this);
    }
  }

  private static Object toJava(Value v, DataTypeID type, RowConversion conversion) {
    if (v.isNull()) {
      return null;
    }
    if (type != DataTypeID.NODE && type != DataTypeID.REL) {
      return v.getValue();
    }
    boolean node = type == DataTypeID.NODE;
    if (conversion != RowConversion.ID_LABEL_PROPERTIES) {
      return properties(v, node);
    }
    // graphd's: the calls the lbug Rust crate makes, the ids and the label before the properties
    if (node) {
      InternalID id = ValueNodeUtil.getID(v);
      String label = ValueNodeUtil.getLabelName(v);
      return new RowConversion.Node(id.tableId, id.offset, label, properties(v, true));
    }
    InternalID src = ValueRelUtil.getSrcID(v);
    InternalID dst = ValueRelUtil.getDstID(v);
    String label = ValueRelUtil.getLabelName(v);
    return new RowConversion.Rel(src.tableId, src.offset, dst.tableId, dst.offset, label, properties(v, false));
  }

  /** A node's ({@code node}) or relationship's properties, in table order: per property its name, value and null check. */
  private static Map<String, Object> properties(Value v, boolean node) {
    Map<String, Object> props = new LinkedHashMap<>();
    long n = node ? ValueNodeUtil.getPropertySize(v) : ValueRelUtil.getPropertySize(v);
    for (long i = 0; i < n; i++) {
      Value p = node ? ValueNodeUtil.getPropertyValueAt(v, i) : ValueRelUtil.getPropertyValueAt(v, i);
      try {
        props.put(node ? ValueNodeUtil.getPropertyNameAt(v, i) : ValueRelUtil.getPropertyNameAt(v, i),
            p.isNull() ? null : p.getValue());
      } finally {
        p.close();
      }
    }
    return props;
  }

  private static final class KuzuStatement implements GraphStatement {
    final KuzuSession session;
    final PreparedStatement ps;
    final String cypher;
    boolean closed;

    KuzuStatement(KuzuSession session, PreparedStatement ps, String cypher) {
      this.session = session;
      this.ps = ps;
      this.cypher = cypher;
    }

    void checkOpen() {
      if (closed) {
        throw new GraphQueryException(cypher, "prepared statement is closed");
      }
    }

    @Override
    public String query() {
      return cypher;
    }

    @Override
    public void close() {
      if (closed) {
        return;
      }
      closed = true;
      ps.close();
      session.statements.remove(this);
    }
  }

  /**
   * The file Kuzu extracted its native library to in this JVM ({@code libkuzu_java_native*} in the
   * temp directory, read from {@code /proc/self/maps}), so a lease can delete it if the JVM is
   * killed; empty where {@code /proc} is unavailable or the library is not loaded yet.
   */
  static Optional<Path> extractedNativeLibrary() {
    try (var lines = Files.lines(Path.of("/proc/self/maps"))) {
      return lines.map(l -> l.substring(l.lastIndexOf(' ') + 1))
          .filter(p -> p.contains("libkuzu_java_native") && p.startsWith("/"))
          .findFirst().map(Path::of);
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }
}
