package io.dbbench.graph;

import io.dbbench.core.BenchConfig;
import io.dbbench.core.Spelling;
import io.dbbench.core.Version;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Path;
import java.util.Optional;

/**
 * How a graph benchmark reaches its engine, spelled as its {@code client} param:
 *
 * <ul>
 *   <li>{@code javaApi}: the engine's own Java API over JNI ({@link KuzuGraphDatabase}, and the
 *       LadybugDB class generated from it), the default, on either engine;
 *   <li>{@code cApi}: LadybugDB's C API ({@code lbug.h}, {@code liblbug.so}) called through Java's
 *       foreign function and memory API ({@code io.dbbench.graph.LadybugCApiGraphDatabase}, compiled
 *       for JDK 22 from {@code src/main/java22} and reached by reflection, so the rest runs on JDK
 *       21), on {@code engine=ladybug} only. The library is {@value #LADYBUG_LIB} (or
 *       {@code -Ddbbench.ladybug.lib}) when set, else {@code lib/liblbug.so} of the build
 *       {@code scripts/build-ladybug.sh} leaves under {@code $DBBENCH_CACHE/ladybug/<version>}
 *       (default {@code ~/.cache/dbbench}), {@link #ladybugCLibrary()}.
 * </ul>
 *
 * <p>Both return the same Java shapes ({@link GraphSession}), so the benchmarks verify the same
 * counts and values on both. One JVM loads one of them: LadybugDB's JNI library and
 * {@code liblbug.so} each hold the whole engine and export the same C++ symbols, as Kuzu's and
 * LadybugDB's do ({@link GraphEngine#versionInChildJvm}); a JMH fork runs one param combination.
 */
public enum GraphClient implements Spelling.LowerCamel {
  /** The engine's Java API (JNI): Kuzu's or LadybugDB's. */
  JAVA_API,
  /** LadybugDB's C API through the FFM API (JDK 22+). */
  C_API;

  /** Environment variable naming LadybugDB's C library for {@code client=cApi} (property {@code dbbench.ladybug.lib}). */
  public static final String LADYBUG_LIB = "DBBENCH_LADYBUG_LIB";
  /** The JDK 22 class of the C-API client. */
  static final String C_API_CLASS = "io.dbbench.graph.LadybugCApiGraphDatabase";
  /** Least JDK feature release with the final FFM API. */
  static final int MIN_FEATURE = 22;

  /**
   * The client spelled {@code text} ({@code javaApi} or {@code cApi}, case-insensitive).
   *
   * @throws IllegalArgumentException naming the value and the accepted ones
   */
  public static GraphClient parse(String text) {
    return Spelling.parse(GraphClient.class, GraphClient::id, "graph client", text);
  }

  /**
   * Says whether this build and machine can run a client: {@code java -cp benchmarks.jar
   * io.dbbench.graph.GraphClient [javaApi|cApi] [kuzu|ladybug]} (defaults {@code cApi},
   * {@code ladybug}) prints {@code <client> <product> <version>} and exits 0, or prints why not and
   * exits 1; 2 for an unknown name. It loads the engine's library, so it is a JVM of its own.
   */
  public static void main(String[] args) {
    GraphClient c;
    GraphEngine e;
    try {
      c = parse(args.length > 0 ? args[0] : "cApi");
      e = GraphEngine.parse(args.length > 1 ? args[1] : "ladybug");
    } catch (IllegalArgumentException x) {
      System.err.println("graph client: " + x.getMessage());
      System.exit(2);
      return;
    }
    Optional<String> why = c.unavailableReason(e);
    if (why.isPresent()) {
      System.err.println("graph client " + c.id() + " on " + e.id() + ": " + why.get());
      System.exit(1);
    }
    System.out.println(c.id() + " " + e.product() + " " + (c == JAVA_API ? e.version() : CApi.version()));
  }

  /**
   * Why this client cannot run {@code engine} in this JVM, for a set-up failure or a test's skip
   * line; empty when it can. For {@code cApi}: the engine is not LadybugDB, the JVM is older than 22,
   * or {@code liblbug.so} is missing or does not load (the message names the path it looked at and
   * how to set another).
   */
  public Optional<String> unavailableReason(GraphEngine engine) {
    if (this == JAVA_API) {
      return engine.available() ? Optional.empty() : Optional.of(engine.unavailableReason());
    }
    if (engine != GraphEngine.LADYBUG) {
      return Optional.of("client=cApi runs on LadybugDB's C API only (engine=ladybug); engine=" + engine.id()
          + " has the Java API client only (client=javaApi)");
    }
    return CApi.reason();
  }

  /**
   * Opens (creating when absent) the database file {@code dbFile} with {@code engine} through this
   * client: as {@link GraphEngine#open} for {@code javaApi}, through {@code liblbug.so} for
   * {@code cApi}.
   *
   * @param bufferPoolBytes the buffer pool, bytes (&gt; 0)
   * @throws IllegalArgumentException when {@code bufferPoolBytes <= 0} or the parent directory is missing
   * @throws IllegalStateException with {@link #unavailableReason} when this client cannot run the engine here
   * @throws GraphQueryException when the engine cannot open the file
   */
  public GraphDatabase open(GraphEngine engine, Path dbFile, long bufferPoolBytes) {
    if (this == JAVA_API) {
      return engine.open(dbFile, bufferPoolBytes);
    }
    unavailableReason(engine).ifPresent(why -> {
      throw new IllegalStateException(why);
    });
    return CApi.open(dbFile, bufferPoolBytes);
  }

  /**
   * Where {@code client=cApi} loads LadybugDB's C library from: {@value #LADYBUG_LIB} (environment,
   * then {@code -Ddbbench.ladybug.lib}) when set, else
   * {@code $DBBENCH_CACHE/ladybug/<ladybug.version>/lib/liblbug.so} with {@code DBBENCH_CACHE}
   * defaulting to {@code ~/.cache/dbbench} and the version the build recorded from the pom's
   * {@code ladybug.version} (where {@code scripts/build-ladybug.sh} installs it).
   */
  public static Path ladybugCLibrary() {
    Optional<String> set = BenchConfig.get(LADYBUG_LIB);
    if (set.isPresent()) {
      return Path.of(set.get());
    }
    String cache = BenchConfig.get("DBBENCH_CACHE", System.getProperty("user.home") + "/.cache/dbbench");
    return Path.of(cache, "ladybug", Version.property("ladybug"), "lib", "liblbug.so");
  }

  /** The JDK 22 class's static methods, looked up once (the library loads on first use). */
  private static final class CApi {
    static final MethodHandle OPEN;
    static final MethodHandle REASON;
    static final MethodHandle VERSION;
    static final String WHY;

    static {
      MethodHandle open = null;
      MethodHandle reason = null;
      MethodHandle version = null;
      String why = null;
      int feature = Runtime.version().feature();
      if (feature < MIN_FEATURE) {
        why = "client=cApi needs JDK " + MIN_FEATURE + "+ (the FFM API); this JVM is " + feature;
      } else {
        try {
          Class<?> c = Class.forName(C_API_CLASS);
          MethodHandles.Lookup l = MethodHandles.lookup();
          open = l.findStatic(c, "open", MethodType.methodType(c, Path.class, long.class));
          reason = l.findStatic(c, "unavailableReason", MethodType.methodType(Optional.class));
          version = l.findStatic(c, "version", MethodType.methodType(String.class));
        } catch (ReflectiveOperationException | LinkageError e) {
          why = "client=cApi: its JDK " + MIN_FEATURE + " class " + C_API_CLASS + " did not load (" + e + ")";
        }
      }
      OPEN = open;
      REASON = reason;
      VERSION = version;
      WHY = why;
    }

    @SuppressWarnings("unchecked")
    static Optional<String> reason() {
      if (WHY != null) {
        return Optional.of(WHY);
      }
      return (Optional<String>) GraphEngine.invoke(REASON);
    }

    static String version() {
      return (String) GraphEngine.invoke(VERSION);
    }

    static GraphDatabase open(Path dbFile, long bufferPoolBytes) {
      return (GraphDatabase) GraphEngine.invoke(OPEN, dbFile, bufferPoolBytes);
    }
  }
}
