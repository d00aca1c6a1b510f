package io.dbbench.graph;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * LadybugDB through its C API ({@code lbug.h}, {@code liblbug.so}) and Java's FFM API: the
 * {@code cApi} {@link GraphClient}. It runs the same Cypher as the Java API client
 * ({@link KuzuGraphDatabase} and the LadybugDB class generated from it) and returns the same Java
 * shapes ({@link GraphSession}: a node or relationship as a {@code Map<String, Object>} of its
 * properties in table order, {@code STRING} as {@link String}, {@code INT64} as {@link Long},
 * {@code INT32}/{@code INT16}/{@code INT8} as {@link Integer}/{@link Short}/{@link Byte},
 * {@code DOUBLE}, {@code FLOAT}, {@code BOOL}, NULL as {@code null}); another column type fails with
 * a {@link GraphQueryException} naming its {@code lbug_data_type_id}.
 *
 * <p>Per row, what crosses into native code: {@code lbug_query_result_has_next},
 * {@code lbug_query_result_get_next}, and per column {@code lbug_flat_tuple_get_value},
 * {@code lbug_value_is_null} and a typed getter; per node or relationship
 * {@code lbug_node_val_get_property_size}, and per property {@code _get_property_name_at} (a
 * {@code malloc}ed copy, freed by {@code lbug_destroy_string}), {@code _get_property_value_at},
 * {@code lbug_value_is_null}, the typed getter ({@code lbug_value_get_string} copies too) and
 * {@code lbug_value_destroy}; with {@link RowConversion#ID_LABEL_PROPERTIES} (graphd's) also its
 * id and label values ({@code lbug_node_val_get_id_val}, {@code _get_label_val},
 * {@code lbug_rel_val_get_src_id_val}, {@code _dst_id_val}, {@code _label_val}; each read by
 * {@code lbug_value_get_internal_id} or {@code lbug_value_get_string} and destroyed). A property's type is found once per statement
 * ({@code lbug_value_get_data_type}, {@code lbug_data_type_get_id}, {@code lbug_data_type_destroy})
 * and then trusted as a hint: each typed getter checks the value's type itself and returns
 * {@code LbugError} on a mismatch, which sends the value through the lookup again. The calls made
 * per row are {@linkplain Linker.Option#critical(boolean) critical} downcalls (no thread-state
 * transition; each is short and never calls back into Java); preparing, executing and opening are
 * ordinary ones.
 *
 * <p>Ownership, as {@code src/c_api/*.cpp} of LadybugDB 0.14.3 sets it: a query result is the
 * caller's ({@code lbug_query_result_destroy}); the flat tuple a result hands out and the values a
 * tuple or node hands out belong to the result (their destroy calls, made here all the same, free
 * nothing); every string the API returns is a {@code malloc}ed copy freed with
 * {@code lbug_destroy_string}; a prepared statement keeps its bound values until
 * {@code lbug_prepared_statement_destroy}, so a parameter bound in an earlier call and absent from
 * a later one keeps its earlier value (the benchmarks bind every parameter on every call). The
 * handle structs live in one shared {@link Arena} per database and per session, closed with it;
 * the C strings of a literal query or a string parameter in a confined arena per call.
 *
 * <p>The library is loaded once per JVM from {@link GraphClient#ladybugCLibrary()}. It must be
 * LadybugDB {@value #HEADER_VERSION}: {@code lbug_system_config} is passed by value, and its layout
 * here is that version's {@code lbug.h}. Compiled for JDK 22 from {@code src/main/java22}; reached
 * through {@link GraphClient} by reflection.
 */
public final class LadybugCApiGraphDatabase implements GraphDatabase {
  /** The {@code lbug.h} whose {@code lbug_system_config} layout {@link #CONFIG} is. */
  static final String HEADER_VERSION = "0.14.3";
  /** {@code LbugSuccess} of {@code lbug_state}. */
  private static final int OK = 0;
  /** {@code lbug_data_type_id} values of {@code lbug.h}. */
  private static final int NODE = 10;
  private static final int REL = 11;
  private static final int BOOL = 22;
  private static final int INT64 = 23;
  private static final int INT32 = 24;
  private static final int INT16 = 25;
  private static final int INT8 = 26;
  private static final int DOUBLE = 32;
  private static final int FLOAT = 33;
  private static final int STRING = 50;
  /** A property whose type is not known yet. */
  private static final int UNKNOWN = -1;
  /** What {@link #typed} returns when the value is not of the type asked for. */
  private static final Object MISMATCH = new Object();

  private static final AddressLayout A = ValueLayout.ADDRESS;
  private static final ValueLayout.OfLong L = ValueLayout.JAVA_LONG;
  private static final ValueLayout.OfInt I = ValueLayout.JAVA_INT;
  private static final ValueLayout.OfBoolean Z = ValueLayout.JAVA_BOOLEAN;
  /**
   * {@code lbug_system_config} of LadybugDB 0.14.3's {@code lbug.h} (Linux; 48 bytes):
   * buffer_pool_size, max_num_threads, enable_compression, read_only, max_db_size, auto_checkpoint,
   * checkpoint_threshold. Its {@code lbug_database_init} leaves the two options the Java API passes
   * besides (WAL replay failures thrown, checksums) at {@code SystemConfig}'s defaults, which are the
   * values the Java API client passes.
   */
  static final StructLayout CONFIG = MemoryLayout.structLayout(
      L.withName("buffer_pool_size"), L.withName("max_num_threads"),
      Z.withName("enable_compression"), Z.withName("read_only"), MemoryLayout.paddingLayout(6),
      L.withName("max_db_size"), Z.withName("auto_checkpoint"), MemoryLayout.paddingLayout(7),
      L.withName("checkpoint_threshold"));
  /** Bytes of the {@code {void* _x; bool _is_owned_by_cpp;}} handle structs (result, tuple, value). */
  private static final long HANDLE = 16;

  private static final Lib LIB = Lib.load();
  // downcalls as static finals, which the JIT treats as constants; null when the library is absent
  private static final MethodHandle DEFAULT_CONFIG = LIB.find("lbug_default_system_config", FunctionDescriptor.of(CONFIG), false);
  private static final MethodHandle DATABASE_INIT = LIB.find("lbug_database_init", FunctionDescriptor.of(I, A, CONFIG, A), false);
  private static final MethodHandle DATABASE_DESTROY = LIB.find("lbug_database_destroy", FunctionDescriptor.ofVoid(A), false);
  private static final MethodHandle CONNECTION_INIT = LIB.find("lbug_connection_init", FunctionDescriptor.of(I, A, A), false);
  private static final MethodHandle CONNECTION_DESTROY = LIB.find("lbug_connection_destroy", FunctionDescriptor.ofVoid(A), false);
  private static final MethodHandle QUERY = LIB.find("lbug_connection_query", FunctionDescriptor.of(I, A, A, A), false);
  private static final MethodHandle PREPARE = LIB.find("lbug_connection_prepare", FunctionDescriptor.of(I, A, A, A), false);
  private static final MethodHandle EXECUTE = LIB.find("lbug_connection_execute", FunctionDescriptor.of(I, A, A, A), false);
  private static final MethodHandle STATEMENT_DESTROY = LIB.find("lbug_prepared_statement_destroy", FunctionDescriptor.ofVoid(A), false);
  private static final MethodHandle STATEMENT_IS_SUCCESS = LIB.find("lbug_prepared_statement_is_success", FunctionDescriptor.of(Z, A), true);
  private static final MethodHandle STATEMENT_ERROR = LIB.find("lbug_prepared_statement_get_error_message", FunctionDescriptor.of(A, A), true);
  private static final MethodHandle BIND_BOOL = LIB.find("lbug_prepared_statement_bind_bool", FunctionDescriptor.of(I, A, A, Z), true);
  private static final MethodHandle BIND_INT64 = LIB.find("lbug_prepared_statement_bind_int64", FunctionDescriptor.of(I, A, A, L), true);
  private static final MethodHandle BIND_DOUBLE = LIB.find("lbug_prepared_statement_bind_double",
      FunctionDescriptor.of(I, A, A, ValueLayout.JAVA_DOUBLE), true);
  private static final MethodHandle BIND_STRING = LIB.find("lbug_prepared_statement_bind_string", FunctionDescriptor.of(I, A, A, A), true);
  private static final MethodHandle BIND_VALUE = LIB.find("lbug_prepared_statement_bind_value", FunctionDescriptor.of(I, A, A, A), true);
  private static final MethodHandle RESULT_DESTROY = LIB.find("lbug_query_result_destroy", FunctionDescriptor.ofVoid(A), true);
  private static final MethodHandle RESULT_IS_SUCCESS = LIB.find("lbug_query_result_is_success", FunctionDescriptor.of(Z, A), true);
  private static final MethodHandle RESULT_ERROR = LIB.find("lbug_query_result_get_error_message", FunctionDescriptor.of(A, A), true);
  private static final MethodHandle RESULT_COLUMNS = LIB.find("lbug_query_result_get_num_columns", FunctionDescriptor.of(L, A), true);
  private static final MethodHandle RESULT_COLUMN_TYPE = LIB.find("lbug_query_result_get_column_data_type",
      FunctionDescriptor.of(I, A, L, A), true);
  private static final MethodHandle RESULT_HAS_NEXT = LIB.find("lbug_query_result_has_next", FunctionDescriptor.of(Z, A), true);
  private static final MethodHandle RESULT_GET_NEXT = LIB.find("lbug_query_result_get_next", FunctionDescriptor.of(I, A, A), true);
  private static final MethodHandle RESULT_HAS_NEXT_RESULT = LIB.find("lbug_query_result_has_next_query_result",
      FunctionDescriptor.of(Z, A), true);
  private static final MethodHandle TUPLE_DESTROY = LIB.find("lbug_flat_tuple_destroy", FunctionDescriptor.ofVoid(A), true);
  private static final MethodHandle TUPLE_GET_VALUE = LIB.find("lbug_flat_tuple_get_value", FunctionDescriptor.of(I, A, L, A), true);
  private static final MethodHandle TYPE_ID = LIB.find("lbug_data_type_get_id", FunctionDescriptor.of(I, A), true);
  private static final MethodHandle TYPE_DESTROY = LIB.find("lbug_data_type_destroy", FunctionDescriptor.ofVoid(A), true);
  private static final MethodHandle VALUE_CREATE_NULL = LIB.find("lbug_value_create_null", FunctionDescriptor.of(A), true);
  private static final MethodHandle VALUE_DESTROY = LIB.find("lbug_value_destroy", FunctionDescriptor.ofVoid(A), true);
  private static final MethodHandle VALUE_IS_NULL = LIB.find("lbug_value_is_null", FunctionDescriptor.of(Z, A), true);
  private static final MethodHandle VALUE_TYPE = LIB.find("lbug_value_get_data_type", FunctionDescriptor.ofVoid(A, A), true);
  private static final MethodHandle GET_BOOL = LIB.find("lbug_value_get_bool", FunctionDescriptor.of(I, A, A), true);
  private static final MethodHandle GET_INT8 = LIB.find("lbug_value_get_int8", FunctionDescriptor.of(I, A, A), true);
  private static final MethodHandle GET_INT16 = LIB.find("lbug_value_get_int16", FunctionDescriptor.of(I, A, A), true);
  private static final MethodHandle GET_INT32 = LIB.find("lbug_value_get_int32", FunctionDescriptor.of(I, A, A), true);
  private static final MethodHandle GET_INT64 = LIB.find("lbug_value_get_int64", FunctionDescriptor.of(I, A, A), true);
  private static final MethodHandle GET_FLOAT = LIB.find("lbug_value_get_float", FunctionDescriptor.of(I, A, A), true);
  private static final MethodHandle GET_DOUBLE = LIB.find("lbug_value_get_double", FunctionDescriptor.of(I, A, A), true);
  private static final MethodHandle GET_STRING = LIB.find("lbug_value_get_string", FunctionDescriptor.of(I, A, A), true);
  private static final MethodHandle NODE_PROPERTY_SIZE = LIB.find("lbug_node_val_get_property_size", FunctionDescriptor.of(I, A, A), true);
  private static final MethodHandle NODE_PROPERTY_NAME = LIB.find("lbug_node_val_get_property_name_at",
      FunctionDescriptor.of(I, A, L, A), true);
  private static final MethodHandle NODE_PROPERTY_VALUE = LIB.find("lbug_node_val_get_property_value_at",
      FunctionDescriptor.of(I, A, L, A), true);
  private static final MethodHandle REL_PROPERTY_SIZE = LIB.find("lbug_rel_val_get_property_size", FunctionDescriptor.of(I, A, A), true);
  private static final MethodHandle REL_PROPERTY_NAME = LIB.find("lbug_rel_val_get_property_name_at",
      FunctionDescriptor.of(I, A, L, A), true);
  private static final MethodHandle REL_PROPERTY_VALUE = LIB.find("lbug_rel_val_get_property_value_at",
      FunctionDescriptor.of(I, A, L, A), true);
  // graphd's conversion (RowConversion.ID_LABEL_PROPERTIES): the id and label values belong to the node or relationship
  private static final MethodHandle NODE_ID = LIB.find("lbug_node_val_get_id_val", FunctionDescriptor.of(I, A, A), true);
  private static final MethodHandle NODE_LABEL = LIB.find("lbug_node_val_get_label_val", FunctionDescriptor.of(I, A, A), true);
  private static final MethodHandle REL_SRC_ID = LIB.find("lbug_rel_val_get_src_id_val", FunctionDescriptor.of(I, A, A), true);
  private static final MethodHandle REL_DST_ID = LIB.find("lbug_rel_val_get_dst_id_val", FunctionDescriptor.of(I, A, A), true);
  private static final MethodHandle REL_LABEL = LIB.find("lbug_rel_val_get_label_val", FunctionDescriptor.of(I, A, A), true);
  private static final MethodHandle GET_INTERNAL_ID = LIB.find("lbug_value_get_internal_id", FunctionDescriptor.of(I, A, A), true);
  private static final MethodHandle DESTROY_STRING = LIB.find("lbug_destroy_string", FunctionDescriptor.ofVoid(A), true);
  private static final MethodHandle GET_VERSION = LIB.find("lbug_get_version", FunctionDescriptor.of(A), false);
  private static final MethodHandle GET_STORAGE_VERSION = LIB.find("lbug_get_storage_version", FunctionDescriptor.of(L), false);
  /** The library's version, or the reason it cannot be used (after every symbol was looked up). */
  private static final String VERSION;
  private static final String REASON;

  static {
    String version = null;
    String reason = LIB.reason();
    if (reason == null) {
      version = takeString(pointer(GET_VERSION));
      if (!HEADER_VERSION.equals(version)) {
        reason = LIB.path + " is LadybugDB " + version + "; client=cApi passes lbug_system_config by value in the"
            + " layout of LadybugDB " + HEADER_VERSION + "'s lbug.h; point " + GraphClient.LADYBUG_LIB + " at a "
            + HEADER_VERSION + " build (scripts/build-ladybug.sh " + HEADER_VERSION + ")";
      }
    }
    VERSION = version;
    REASON = reason;
  }

  private final Arena arena = Arena.ofShared();
  /** The {@code lbug_database} struct. */
  private final MemorySegment db;
  private final Path file;
  private final Set<CSession> sessions = Collections.newSetFromMap(new IdentityHashMap<>());
  private boolean closed;

  private LadybugCApiGraphDatabase(Path file) {
    this.file = file;
    this.db = arena.allocate(A);
  }

  /**
   * Why {@code client=cApi} cannot run in this JVM ({@code liblbug.so} missing, not loadable,
   * lacking a symbol, or another version than {@value #HEADER_VERSION}), or empty.
   */
  public static Optional<String> unavailableReason() {
    return Optional.ofNullable(REASON);
  }

  /**
   * Opens (creating when absent) the database file {@code dbFile} through the C API, read-write,
   * with LadybugDB's defaults ({@code lbug_default_system_config}: compression, automatic
   * checkpoints; WAL replay failures thrown and checksums, which the C API does not expose) and the
   * given buffer pool, as the Java API client opens it.
   *
   * @param bufferPoolBytes the buffer pool, bytes (&gt; 0)
   * @throws IllegalArgumentException when {@code bufferPoolBytes <= 0} or the parent directory is missing
   * @throws IllegalStateException with {@link #unavailableReason} when the library cannot be used
   * @throws GraphQueryException when {@code lbug_database_init} fails (the C API gives no reason)
   */
  public static LadybugCApiGraphDatabase open(Path dbFile, long bufferPoolBytes) {
    if (REASON != null) {
      throw new IllegalStateException(REASON);
    }
    if (bufferPoolBytes <= 0) {
      throw new IllegalArgumentException("buffer pool size must be > 0 bytes; got " + bufferPoolBytes);
    }
    Path parent = dbFile.toAbsolutePath().getParent();
    if (parent == null || !Files.isDirectory(parent)) {
      throw new IllegalArgumentException("directory of database file " + dbFile + " does not exist; create it first");
    }
    LadybugCApiGraphDatabase d = new LadybugCApiGraphDatabase(dbFile);
    int st;
    try (Arena call = Arena.ofConfined()) {
      // LadybugDB's defaults, which the Java API client's Database(...) arguments restate, and our pool
      MemorySegment config = (MemorySegment) DEFAULT_CONFIG.invokeExact((SegmentAllocator) call);
      config.set(L, CONFIG.byteOffset(MemoryLayout.PathElement.groupElement("buffer_pool_size")), bufferPoolBytes);
      st = (int) DATABASE_INIT.invokeExact(call.allocateFrom(dbFile.toString()), config, d.db);
    } catch (Throwable t) {
      d.arena.close();
      throw rethrown(t);
    }
    if (st != OK || d.db.get(A, 0).address() == 0) {
      d.arena.close();
      throw new GraphQueryException(null, "cannot open LadybugDB database " + dbFile
          + " through its C API: lbug_database_init returned " + st + " (the C API gives no reason)");
    }
    return d;
  }

  /** The library's version, e.g. {@code 0.14.3}. @throws IllegalStateException when it cannot be used */
  public static String version() {
    if (REASON != null) {
      throw new IllegalStateException(REASON);
    }
    return VERSION;
  }

  @Override
  public String engine() {
    long storage;
    try {
      storage = (long) GET_STORAGE_VERSION.invokeExact();
    } catch (Throwable t) {
      throw rethrown(t);
    }
    return "LadybugDB " + VERSION + " (storage version " + storage + ") through its C API (" + LIB.path + ")";
  }

  @Override
  public synchronized GraphSession openSession() {
    if (closed) {
      throw new GraphQueryException(null, "database " + file + " is closed");
    }
    CSession s = new CSession();
    if (status(CONNECTION_INIT, db, s.conn) != OK || s.conn.get(A, 0).address() == 0) {
      s.arena.close();
      throw new GraphQueryException(null, "cannot connect to " + file + ": lbug_connection_init failed");
    }
    sessions.add(s);
    return s;
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    for (CSession s : new ArrayList<>(sessions)) {
      s.close();
    }
    destroy(DATABASE_DESTROY, db);
    arena.close();
  }

  private synchronized void forget(CSession s) {
    sessions.remove(s);
  }

  private final class CSession implements GraphSession {
    private final Arena arena = Arena.ofShared();
    /** The {@code lbug_connection} struct. */
    final MemorySegment conn = arena.allocate(A);
    // the out-parameters of the row loop, reused by every call: one result is open at a time
    private final MemorySegment result = arena.allocate(HANDLE, 8);
    private final MemorySegment tuple = arena.allocate(HANDLE, 8);
    private final MemorySegment value = arena.allocate(HANDLE, 8);
    private final MemorySegment property = arena.allocate(HANDLE, 8);
    private final MemorySegment type = arena.allocate(A);
    /** One {@code uint64_t*}, {@code char**}, {@code bool*} ... out-parameter. */
    private final MemorySegment out = arena.allocate(L);
    /** The {@code lbug_internal_id_t*} out-parameter: table_id, offset. */
    private final MemorySegment id = arena.allocate(16, 8);
    private final Set<CStatement> statements = Collections.newSetFromMap(new IdentityHashMap<>());
    private boolean closed;

    private void checkOpen() {
      if (closed) {
        throw new GraphQueryException(null, "session on " + file + " is closed");
      }
    }

    @Override
    public GraphStatement prepare(String cypher) {
      checkOpen();
      MemorySegment ps = arena.allocate(HANDLE, 8);
      int st;
      try (Arena call = Arena.ofConfined()) {
        st = status(PREPARE, conn, call.allocateFrom(cypher), ps);
      }
      if (ps.get(A, 0).address() == 0) {
        throw new GraphQueryException(cypher, "lbug_connection_prepare returned " + st + " and no statement");
      }
      if (!flag(STATEMENT_IS_SUCCESS, ps)) {
        String msg = takeString(pointer(STATEMENT_ERROR, ps));
        destroy(STATEMENT_DESTROY, ps);
        throw new GraphQueryException(cypher, msg == null ? "preparation failed" : msg);
      }
      CStatement s = new CStatement(this, ps, cypher);
      statements.add(s);
      return s;
    }

    @Override
    public long execute(GraphStatement statement, Map<String, ?> params) {
      return drain(run(statement, params).hints, null, false);
    }

    @Override
    public long execute(String cypher) {
      return execute(cypher, RowConversion.PROPERTIES);
    }

    /**
     * {@inheritDoc} {@link RowConversion#UNREAD} destroys the result ({@code lbug_query_result_destroy})
     * without a row-reading call; {@link RowConversion#ID_LABEL_PROPERTIES} reads per node
     * {@code lbug_node_val_get_id_val} and {@code _get_label_val}, per relationship
     * {@code lbug_rel_val_get_src_id_val}, {@code _get_dst_id_val} and {@code _get_label_val}
     * (each id through {@code lbug_value_get_internal_id}, each label through
     * {@code lbug_value_get_string}), then its properties as {@link RowConversion#PROPERTIES} does.
     */
    @Override
    public long execute(String cypher, RowConversion conversion) {
      boolean ids = ids(conversion);
      run(cypher);
      if (conversion == RowConversion.UNREAD) {
        destroy(RESULT_DESTROY, result);
        return 0;
      }
      return drain(new Hints(), null, ids);
    }

    @Override
    public List<List<Object>> fetch(String cypher, Map<String, ?> params) {
      return fetch(cypher, params, RowConversion.PROPERTIES);
    }

    /** {@inheritDoc} Nodes and relationships as {@link #execute(String, RowConversion)} reads them. */
    @Override
    public List<List<Object>> fetch(String cypher, Map<String, ?> params, RowConversion conversion) {
      if (conversion == RowConversion.UNREAD) {
        throw new IllegalArgumentException("fetch reads every row; conversion " + conversion + " reads none");
      }
      boolean ids = ids(conversion);
      List<List<Object>> rows = new ArrayList<>();
      if (params == null || params.isEmpty()) {
        run(cypher);
        drain(new Hints(), rows, ids);
      } else {
        try (GraphStatement st = prepare(cypher)) {
          drain(run(st, params).hints, rows, ids);
        }
      }
      return rows;
    }

    /** Whether {@code conversion} reads nodes' and relationships' ids and labels (graphd's). */
    private static boolean ids(RowConversion conversion) {
      if (conversion == null) {
        throw new IllegalArgumentException("conversion is null; expected one of " + Arrays.toString(RowConversion.values()));
      }
      return conversion == RowConversion.ID_LABEL_PROPERTIES;
    }

    /** Runs a literal query into {@link #result}, checked. */
    private void run(String cypher) {
      checkOpen();
      result.set(A, 0, MemorySegment.NULL);
      try (Arena call = Arena.ofConfined()) {
        status(QUERY, conn, call.allocateFrom(cypher), result);
      }
      checked(cypher, "lbug_connection_query");
    }

    /** Binds {@code params} and executes {@code statement} into {@link #result}, checked. */
    private CStatement run(GraphStatement statement, Map<String, ?> params) {
      checkOpen();
      if (!(statement instanceof CStatement s) || s.session != this) {
        throw new IllegalArgumentException("statement '" + statement.query() + "' was not prepared by this session");
      }
      s.checkOpen();
      Arena strings = null;
      try {
        for (Map.Entry<String, ?> e : params.entrySet()) {
          String name = e.getKey();
          MemorySegment n = s.name(name);
          // Integer/Float widened as the Java API client does, so both bind identical types
          int st = switch (e.getValue()) {
            case null -> bindNull(s.ps, n);
            case String v -> {
              if (strings == null) {
                strings = Arena.ofConfined();
              }
              yield status(BIND_STRING, s.ps, n, strings.allocateFrom(v));
            }
            case Long v -> bindLong(s.ps, n, v);
            case Integer v -> bindLong(s.ps, n, v);
            case Double v -> bindDouble(s.ps, n, v);
            case Float v -> bindDouble(s.ps, n, v);
            case Boolean v -> bindBool(s.ps, n, v);
            default -> throw new IllegalArgumentException("parameter $" + name + " has unsupported type "
                + e.getValue().getClass().getName() + "; expected null, String, Long, Integer, Double, Float or Boolean");
          };
          if (st != OK) {
            throw new GraphQueryException(s.cypher, "cannot bind parameter $" + name);
          }
        }
        result.set(A, 0, MemorySegment.NULL);
        status(EXECUTE, conn, s.ps, result);
      } finally {
        if (strings != null) {
          strings.close();
        }
      }
      checked(s.cypher, "lbug_connection_execute");
      return s;
    }

    /** Throws, destroying {@link #result}, unless it holds one successful statement's rows. */
    private void checked(String cypher, String function) {
      if (result.get(A, 0).address() == 0) {
        throw new GraphQueryException(cypher, function + " failed without a result");
      }
      if (!flag(RESULT_IS_SUCCESS, result)) {
        String msg = takeString(pointer(RESULT_ERROR, result));
        destroy(RESULT_DESTROY, result);
        throw new GraphQueryException(cypher, msg == null ? function + " failed" : msg);
      }
      if (flag(RESULT_HAS_NEXT_RESULT, result)) {
        destroy(RESULT_DESTROY, result);
        throw new GraphQueryException(cypher, "one statement per query expected; got several");
      }
    }

    /**
     * Reads every row of {@link #result}, converting each value (a node's or relationship's ids and
     * label too when {@code ids}), adds converted rows to {@code sink} when given, and destroys the
     * result; returns the rows read.
     */
    private long drain(Hints hints, List<List<Object>> sink, boolean ids) {
      try {
        return consume(hints, sink, ids);
      } finally {
        destroy(RESULT_DESTROY, result);
      }
    }

    // The row loop calls each downcall through its static final handle at the call site, so the
    // JIT links it as a constant: through a shared helper taking the handle as an argument, C2 did
    // not inline at every site ("callee uses too much stack") and a row cost several times more.

    private long consume(Hints hints, List<List<Object>> sink, boolean ids) {
      int cols = (int) count(RESULT_COLUMNS, result);
      int[] types = new int[cols];
      for (int i = 0; i < cols; i++) {
        check(status(RESULT_COLUMN_TYPE, result, (long) i, type), "lbug_query_result_get_column_data_type");
        try {
          types[i] = id(TYPE_ID, type);
        } finally {
          destroy(TYPE_DESTROY, type);
        }
      }
      hints.columns(cols);
      try {
        long rows = 0;
        while ((boolean) RESULT_HAS_NEXT.invokeExact(result)) {
          check((int) RESULT_GET_NEXT.invokeExact(result, tuple), "lbug_query_result_get_next");
          try {
            List<Object> row = sink == null ? null : new ArrayList<>(cols);
            for (int i = 0; i < cols; i++) {
              check((int) TUPLE_GET_VALUE.invokeExact(tuple, (long) i, value), "lbug_flat_tuple_get_value");
              try {
                Object o = toJava(value, types[i], hints.properties[i], ids);
                if (row != null) {
                  row.add(o);
                }
              } finally {
                VALUE_DESTROY.invokeExact(value);
              }
            }
            if (sink != null) {
              sink.add(row);
            }
          } finally {
            TUPLE_DESTROY.invokeExact(tuple);
          }
          rows++;
        }
        return rows;
      } catch (Throwable t) {
        throw rethrown(t);
      }
    }

    private Object toJava(MemorySegment v, int type, PropertyTypes props, boolean ids) throws Throwable {
      if ((boolean) VALUE_IS_NULL.invokeExact(v)) {
        return null;
      }
      if (type == NODE) {
        return ids ? node(v, props) : properties(v, false, props);
      }
      if (type == REL) {
        return ids ? rel(v, props) : properties(v, true, props);
      }
      Object o = typed(v, type);
      if (o == MISMATCH) {
        throw new GraphQueryException(null, "a value of column type " + type + " did not read as that type");
      }
      return o;
    }

    // graphd's conversion: the ids and the label before the properties, the order the lbug Rust crate reads them

    private RowConversion.Node node(MemorySegment v, PropertyTypes hints) throws Throwable {
      check((int) NODE_ID.invokeExact(v, property), "lbug_node_val_get_id_val");
      internalId(property);
      long table = id.get(L, 0);
      long offset = id.get(L, 8);
      check((int) NODE_LABEL.invokeExact(v, property), "lbug_node_val_get_label_val");
      return new RowConversion.Node(table, offset, label(property), properties(v, false, hints));
    }

    private RowConversion.Rel rel(MemorySegment v, PropertyTypes hints) throws Throwable {
      check((int) REL_SRC_ID.invokeExact(v, property), "lbug_rel_val_get_src_id_val");
      internalId(property);
      long srcTable = id.get(L, 0);
      long srcOffset = id.get(L, 8);
      check((int) REL_DST_ID.invokeExact(v, property), "lbug_rel_val_get_dst_id_val");
      internalId(property);
      long dstTable = id.get(L, 0);
      long dstOffset = id.get(L, 8);
      check((int) REL_LABEL.invokeExact(v, property), "lbug_rel_val_get_label_val");
      return new RowConversion.Rel(srcTable, srcOffset, dstTable, dstOffset, label(property), properties(v, true, hints));
    }

    /** Reads the INTERNAL_ID value {@code idVal} into {@link #id}, then destroys {@code idVal}. */
    private void internalId(MemorySegment idVal) throws Throwable {
      try {
        check((int) GET_INTERNAL_ID.invokeExact(idVal, id), "lbug_value_get_internal_id");
      } finally {
        VALUE_DESTROY.invokeExact(idVal);
      }
    }

    /** The STRING value {@code labelVal} as Java text (its copy freed), then destroys {@code labelVal}. */
    private String label(MemorySegment labelVal) throws Throwable {
      try {
        check((int) GET_STRING.invokeExact(labelVal, out), "lbug_value_get_string");
        return takeString(out.get(A, 0));
      } finally {
        VALUE_DESTROY.invokeExact(labelVal);
      }
    }

    /** A node's or relationship's properties, in table order. */
    private Map<String, Object> properties(MemorySegment v, boolean rel, PropertyTypes hints) throws Throwable {
      check(rel ? (int) REL_PROPERTY_SIZE.invokeExact(v, out) : (int) NODE_PROPERTY_SIZE.invokeExact(v, out),
          "lbug_*_val_get_property_size");
      long n = out.get(L, 0);
      Map<String, Object> props = new LinkedHashMap<>();
      for (long i = 0; i < n; i++) {
        check(rel ? (int) REL_PROPERTY_NAME.invokeExact(v, i, out) : (int) NODE_PROPERTY_NAME.invokeExact(v, i, out),
            "lbug_*_val_get_property_name_at");
        String key = takeString(out.get(A, 0));
        check(rel ? (int) REL_PROPERTY_VALUE.invokeExact(v, i, property)
            : (int) NODE_PROPERTY_VALUE.invokeExact(v, i, property), "lbug_*_val_get_property_value_at");
        try {
          props.put(key, (boolean) VALUE_IS_NULL.invokeExact(property) ? null : hinted(property, hints, (int) i));
        } finally {
          VALUE_DESTROY.invokeExact(property);
        }
      }
      return props;
    }

    /** A non-null property value, read first as the type its index held before. */
    private Object hinted(MemorySegment v, PropertyTypes hints, int index) throws Throwable {
      int t = hints.get(index);
      if (t != UNKNOWN) {
        Object o = typed(v, t);
        if (o != MISMATCH) {
          return o;
        }
      }
      VALUE_TYPE.invokeExact(v, type);
      try {
        t = (int) TYPE_ID.invokeExact(type);
      } finally {
        TYPE_DESTROY.invokeExact(type);
      }
      hints.set(index, t);
      Object o = typed(v, t);
      if (o == MISMATCH) {
        throw new GraphQueryException(null, "a property of type " + t + " did not read as that type");
      }
      return o;
    }

    /** {@code v} read by the getter of {@code type}, or {@link #MISMATCH} when the getter refuses it. */
    private Object typed(MemorySegment v, int type) throws Throwable {
      MemorySegment o = out;
      return switch (type) {
        case STRING -> (int) GET_STRING.invokeExact(v, o) == OK ? takeString(o.get(A, 0)) : MISMATCH;
        case INT64 -> (int) GET_INT64.invokeExact(v, o) == OK ? (Object) o.get(L, 0) : MISMATCH;
        case DOUBLE -> (int) GET_DOUBLE.invokeExact(v, o) == OK ? (Object) o.get(ValueLayout.JAVA_DOUBLE, 0) : MISMATCH;
        case FLOAT -> (int) GET_FLOAT.invokeExact(v, o) == OK ? (Object) o.get(ValueLayout.JAVA_FLOAT, 0) : MISMATCH;
        case BOOL -> (int) GET_BOOL.invokeExact(v, o) == OK ? (Object) o.get(Z, 0) : MISMATCH;
        case INT32 -> (int) GET_INT32.invokeExact(v, o) == OK ? (Object) o.get(I, 0) : MISMATCH;
        case INT16 -> (int) GET_INT16.invokeExact(v, o) == OK ? (Object) o.get(ValueLayout.JAVA_SHORT, 0) : MISMATCH;
        case INT8 -> (int) GET_INT8.invokeExact(v, o) == OK ? (Object) o.get(ValueLayout.JAVA_BYTE, 0) : MISMATCH;
        default -> throw new GraphQueryException(null, "the C API client does not convert lbug_data_type_id " + type
            + "; it converts STRING, INT64, INT32, INT16, INT8, DOUBLE, FLOAT, BOOL, NODE and REL");
      };
    }

    @Override
    public void close() {
      if (closed) {
        return;
      }
      closed = true;
      for (CStatement st : new ArrayList<>(statements)) {
        st.close();
      }
      destroy(CONNECTION_DESTROY, conn);
      arena.close();
      forget(this);
    }
  }

  /** A prepared statement: the {@code lbug_prepared_statement} struct, its parameter names as C strings, its hints. */
  private static final class CStatement implements GraphStatement {
    final CSession session;
    final MemorySegment ps;
    final String cypher;
    final Hints hints = new Hints();
    private final Map<String, MemorySegment> names = new HashMap<>();
    boolean closed;

    CStatement(CSession session, MemorySegment ps, String cypher) {
      this.session = session;
      this.ps = ps;
      this.cypher = cypher;
    }

    void checkOpen() {
      if (closed) {
        throw new GraphQueryException(cypher, "prepared statement is closed");
      }
    }

    /** {@code name} as a C string in the session's arena, made once. */
    MemorySegment name(String name) {
      return names.computeIfAbsent(name, k -> session.arena.allocateFrom(k));
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
      destroy(STATEMENT_DESTROY, ps);
      session.statements.remove(this);
    }
  }

  /** The property types a statement's node columns held, by column, kept across its calls. */
  private static final class Hints {
    PropertyTypes[] properties = new PropertyTypes[0];

    void columns(int n) {
      if (properties.length != n) {
        properties = new PropertyTypes[n];
        for (int i = 0; i < n; i++) {
          properties[i] = new PropertyTypes();
        }
      }
    }
  }

  /** One column's property types by index, {@link #UNKNOWN} until seen. */
  private static final class PropertyTypes {
    private int[] types = new int[0];

    int get(int index) {
      return index < types.length ? types[index] : UNKNOWN;
    }

    void set(int index, int type) {
      if (index >= types.length) {
        int old = types.length;
        types = Arrays.copyOf(types, Math.max(index + 1, old * 2));
        Arrays.fill(types, old, types.length, UNKNOWN);
      }
      types[index] = type;
    }
  }

  // the downcalls by shape; small enough to inline, so the handle is a constant at each call site

  private static int status(MethodHandle h, MemorySegment a, MemorySegment b) {
    try {
      return (int) h.invokeExact(a, b);
    } catch (Throwable t) {
      throw rethrown(t);
    }
  }

  private static int status(MethodHandle h, MemorySegment a, long i, MemorySegment b) {
    try {
      return (int) h.invokeExact(a, i, b);
    } catch (Throwable t) {
      throw rethrown(t);
    }
  }

  private static int status(MethodHandle h, MemorySegment a, MemorySegment b, MemorySegment c) {
    try {
      return (int) h.invokeExact(a, b, c);
    } catch (Throwable t) {
      throw rethrown(t);
    }
  }

  private static int bindLong(MemorySegment ps, MemorySegment name, long v) {
    try {
      return (int) BIND_INT64.invokeExact(ps, name, v);
    } catch (Throwable t) {
      throw rethrown(t);
    }
  }

  private static int bindDouble(MemorySegment ps, MemorySegment name, double v) {
    try {
      return (int) BIND_DOUBLE.invokeExact(ps, name, v);
    } catch (Throwable t) {
      throw rethrown(t);
    }
  }

  private static int bindBool(MemorySegment ps, MemorySegment name, boolean v) {
    try {
      return (int) BIND_BOOL.invokeExact(ps, name, v);
    } catch (Throwable t) {
      throw rethrown(t);
    }
  }

  /** Binds NULL: a value made by {@code lbug_value_create_null}, copied by the bind, then destroyed. */
  private static int bindNull(MemorySegment ps, MemorySegment name) {
    MemorySegment v = pointer(VALUE_CREATE_NULL);
    try {
      return status(BIND_VALUE, ps, name, v);
    } finally {
      destroy(VALUE_DESTROY, v);
    }
  }

  private static boolean flag(MethodHandle h, MemorySegment a) {
    try {
      return (boolean) h.invokeExact(a);
    } catch (Throwable t) {
      throw rethrown(t);
    }
  }

  private static int id(MethodHandle h, MemorySegment a) {
    try {
      return (int) h.invokeExact(a);
    } catch (Throwable t) {
      throw rethrown(t);
    }
  }

  private static long count(MethodHandle h, MemorySegment a) {
    try {
      return (long) h.invokeExact(a);
    } catch (Throwable t) {
      throw rethrown(t);
    }
  }

  private static void destroy(MethodHandle h, MemorySegment a) {
    try {
      h.invokeExact(a);
    } catch (Throwable t) {
      throw rethrown(t);
    }
  }

  private static void fill(MethodHandle h, MemorySegment a, MemorySegment b) {
    try {
      h.invokeExact(a, b);
    } catch (Throwable t) {
      throw rethrown(t);
    }
  }

  private static MemorySegment pointer(MethodHandle h, MemorySegment a) {
    try {
      return (MemorySegment) h.invokeExact(a);
    } catch (Throwable t) {
      throw rethrown(t);
    }
  }

  private static MemorySegment pointer(MethodHandle h) {
    try {
      return (MemorySegment) h.invokeExact();
    } catch (Throwable t) {
      throw rethrown(t);
    }
  }

  private static void check(int status, String function) {
    if (status != OK) {
      throw new GraphQueryException(null, function + " returned " + status);
    }
  }

  /** The C string at {@code p} as Java text, freed with {@code lbug_destroy_string}; null for NULL. */
  private static String takeString(MemorySegment p) {
    if (p.address() == 0) {
      return null;
    }
    try {
      return p.reinterpret(Long.MAX_VALUE).getString(0);
    } finally {
      try {
        DESTROY_STRING.invokeExact(p);
      } catch (Throwable t) {
        throw rethrown(t);
      }
    }
  }

  private static RuntimeException rethrown(Throwable t) {
    if (t instanceof RuntimeException r) {
      throw r;
    }
    if (t instanceof Error e) {
      throw e;
    }
    return new IllegalStateException("LadybugDB C API call failed: " + t, t);
  }

  /** The library and the symbols it lacks. */
  private static final class Lib {
    final Path path;
    final SymbolLookup lookup;
    final String loadFailure;
    final List<String> missing = new ArrayList<>();

    private Lib(Path path, SymbolLookup lookup, String loadFailure) {
      this.path = path;
      this.lookup = lookup;
      this.loadFailure = loadFailure;
    }

    static Lib load() {
      Path p = GraphClient.ladybugCLibrary();
      if (!Files.isRegularFile(p)) {
        return new Lib(p, null, "client=cApi needs LadybugDB's C library: no file " + p + " (build it with"
            + " scripts/build-ladybug.sh, or set " + GraphClient.LADYBUG_LIB + " to a liblbug.so)");
      }
      try {
        return new Lib(p, SymbolLookup.libraryLookup(p, Arena.global()), null);
      } catch (IllegalArgumentException | IllegalCallerException e) {
        return new Lib(p, null, "client=cApi: LadybugDB's C library " + p + " did not load (" + e + ")");
      }
    }

    /** The downcall to {@code name}, or null (recorded) when the library lacks it or did not load. */
    MethodHandle find(String name, FunctionDescriptor d, boolean critical) {
      if (lookup == null) {
        return null;
      }
      Optional<MemorySegment> s = lookup.find(name);
      if (s.isEmpty()) {
        missing.add(name);
        return null;
      }
      Linker linker = Linker.nativeLinker();
      return critical ? linker.downcallHandle(s.get(), d, Linker.Option.critical(false))
          : linker.downcallHandle(s.get(), d);
    }

    String reason() {
      if (loadFailure != null) {
        return loadFailure;
      }
      return missing.isEmpty() ? null : "client=cApi: " + path + " lacks " + String.join(", ", missing)
          + " (not LadybugDB's C API " + HEADER_VERSION + "?)";
    }
  }
}
