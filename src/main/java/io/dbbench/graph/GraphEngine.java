package io.dbbench.graph;

import io.dbbench.core.Spelling;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The embedded graph database a graph benchmark runs on, spelled as its {@code engine} param:
 *
 * <ul>
 *   <li>{@code kuzu}: Kuzu ({@code com.kuzudb:kuzu}, {@link KuzuGraphDatabase}), the default, served
 *       by Maven everywhere;
 *   <li>{@code ladybug}: LadybugDB, Kuzu's continuation and graphd's engine ({@code com.ladybugdb},
 *       {@code io.dbbench.graph.LadybugGraphDatabase}). That class exists only in a build with
 *       LadybugDB's Java API on the class path (the {@code ladybug} Maven profile, active when
 *       {@code scripts/build-ladybug.sh} has built the library, or with {@code com.ladybugdb:lbug}
 *       from a Maven repository that serves it); it is the Kuzu class with LadybugDB's package,
 *       generated at build time, so both engines run the same wrapper code.
 * </ul>
 *
 * <p>Both open the same on-disk database layout through the same {@link GraphDatabase} interface, so
 * the fixtures, benchmarks and verification are the same on both.
 */
public enum GraphEngine implements Spelling.LowerCamel {
  /** Kuzu 0.11, from Maven. */
  KUZU,
  /** LadybugDB 0.14, built from its published source. */
  LADYBUG;

  /** The generated LadybugDB wrapper, present only in a build with LadybugDB's Java API. */
  static final String LADYBUG_CLASS = "io.dbbench.graph.LadybugGraphDatabase";

  /**
   * The engine spelled {@code text} ({@code kuzu} or {@code ladybug}, case-insensitive).
   *
   * @throws IllegalArgumentException naming the value and the accepted ones
   */
  public static GraphEngine parse(String text) {
    return Spelling.parse(GraphEngine.class, GraphEngine::id, "graph engine", text);
  }

  /**
   * Says whether this build can run an engine: {@code java -cp benchmarks.jar
   * io.dbbench.graph.GraphEngine [kuzu|ladybug]} (default {@code ladybug}) prints the product and
   * its library version and exits 0, or prints why it is absent and exits 1; 2 for an unknown name.
   */
  public static void main(String[] args) {
    GraphEngine e;
    try {
      e = parse(args.length == 0 ? "ladybug" : args[0]);
    } catch (IllegalArgumentException x) {
      System.err.println("graph engine: " + x.getMessage());
      System.exit(2);
      return;
    }
    if (!e.available()) {
      System.err.println("graph engine " + e.id() + ": " + e.unavailableReason());
      System.exit(1);
    }
    System.out.println(e.product() + " " + e.version());
  }

  /** The product's name as results print it: {@code Kuzu} or {@code LadybugDB}. */
  public String product() {
    return this == KUZU ? "Kuzu" : "LadybugDB";
  }

  /**
   * Whether this build can run the engine: Kuzu always; LadybugDB when its wrapper class and Java
   * API are on the class path ({@link #unavailableReason} says why not).
   */
  public boolean available() {
    return this == KUZU || Ladybug.HANDLES != null;
  }

  /** Why {@link #available} is false, for a skip line; empty when it is available. */
  public String unavailableReason() {
    if (available()) {
      return "";
    }
    return "LadybugDB is not in this build (" + Ladybug.WHY + "); build it with scripts/build-ladybug.sh, then"
        + " ./mvnw package (the ladybug profile turns on when the library is in ~/.cache/dbbench/ladybug)";
  }

  /**
   * Opens (creating when absent) the database file {@code dbFile} with this engine.
   *
   * @param bufferPoolBytes the buffer pool, bytes (&gt; 0)
   * @throws IllegalArgumentException when {@code bufferPoolBytes <= 0} or the parent directory is missing
   * @throws IllegalStateException when the engine is not in this build ({@link #unavailableReason})
   * @throws GraphQueryException when the engine cannot open the file
   */
  public GraphDatabase open(Path dbFile, long bufferPoolBytes) {
    if (this == KUZU) {
      return KuzuGraphDatabase.open(dbFile, bufferPoolBytes);
    }
    return (GraphDatabase) invoke(requireLadybug().open(), dbFile, bufferPoolBytes);
  }

  /**
   * The engine library's version, e.g. {@code 0.11.2}.
   *
   * @throws IllegalStateException when the engine is not in this build
   * @throws LinkageError when its native library does not load
   */
  public String version() {
    if (this == KUZU) {
      return KuzuGraphDatabase.version();
    }
    return (String) invoke(requireLadybug().version());
  }

  /**
   * The engine library's version as a child JVM on this class path reports it (this class's
   * {@code main}), for a process that runs the other engine: Kuzu and LadybugDB export the same
   * C++ symbols (the engine's own, antlr4's), and with both native libraries loaded into one
   * process the second one's calls bind to the first's code and crash (a Kuzu query segfaulted in
   * antlr4 after LadybugDB's library was loaded). So one JVM loads one engine.
   *
   * @throws IllegalStateException when the child fails or does not answer within 60 s (message with its output)
   */
  public String versionInChildJvm() {
    io.dbbench.core.ChildJvm.Finished f;
    try {
      f = io.dbbench.core.ChildJvm.runToEnd(id() + "-version", io.dbbench.core.ChildJvm.thisJava(),
          java.util.List.of("--enable-native-access=ALL-UNNAMED"), System.getProperty("java.class.path"),
          GraphEngine.class.getName(), java.util.List.of(id()), java.time.Duration.ofSeconds(60));
    } catch (java.io.IOException e) {
      throw new IllegalStateException(product() + "'s version: cannot start a child JVM: " + e.getMessage(), e);
    } catch (IllegalStateException e) {
      throw new IllegalStateException(product() + "'s version: " + e.getMessage(), e);
    }
    String out = f.stdout().trim();
    String prefix = product() + " ";
    if (f.exitCode() != 0 || !out.startsWith(prefix)) {
      throw new IllegalStateException(product() + "'s version: the child JVM exited " + f.exitCode() + ": " + out
          + (f.stderr().isBlank() ? "" : " " + f.stderr().trim()));
    }
    return out.substring(prefix.length()).trim();
  }

  /**
   * The temp file the engine extracted its native library to (deleted only on a normal JVM exit),
   * when this process has loaded it; empty otherwise.
   */
  @SuppressWarnings("unchecked")
  public Optional<Path> extractedNativeLibrary() {
    if (this == KUZU) {
      return KuzuGraphDatabase.extractedNativeLibrary();
    }
    return Ladybug.HANDLES == null ? Optional.empty() : (Optional<Path>) invoke(Ladybug.HANDLES.nativeLibrary());
  }

  private Ladybug.Handles requireLadybug() {
    if (Ladybug.HANDLES == null) {
      throw new IllegalStateException(unavailableReason());
    }
    return Ladybug.HANDLES;
  }

  /** The generated wrapper's static methods, looked up once. */
  private static final class Ladybug {
    record Handles(MethodHandle open, MethodHandle version, MethodHandle nativeLibrary) {}

    static final Handles HANDLES;
    static final String WHY;

    static {
      Handles h = null;
      String why = "";
      try {
        Class<?> c = Class.forName(LADYBUG_CLASS);
        MethodHandles.Lookup l = MethodHandles.lookup();
        h = new Handles(
            l.findStatic(c, "open", MethodType.methodType(c, Path.class, long.class)),
            l.findStatic(c, "version", MethodType.methodType(String.class)),
            l.findStatic(c, "extractedNativeLibrary", MethodType.methodType(Optional.class)));
      } catch (ClassNotFoundException | LinkageError e) {
        why = "no " + LADYBUG_CLASS + ": " + e;
      } catch (ReflectiveOperationException e) {
        why = LADYBUG_CLASS + " lacks a method: " + e;
      }
      HANDLES = h;
      WHY = why;
    }
  }

  /**
   * Invokes {@code m} (a class reached by reflection: the generated LadybugDB wrapper, the JDK 22
   * C-API client), rethrowing what it throws unchecked (and a checked one wrapped).
   */
  static Object invoke(MethodHandle m, Object... args) {
    try {
      return m.invokeWithArguments(args);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new IllegalStateException(t.toString(), t);
    }
  }
}
