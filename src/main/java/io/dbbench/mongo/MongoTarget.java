package io.dbbench.mongo;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.ServerVersion;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import io.dbbench.core.ChildJvm;
import io.dbbench.core.Closeables;
import io.dbbench.core.Redaction;
import io.dbbench.core.SharedServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.bson.Document;

/**
 * The MongoDB the mongo and payload families talk to, opened from {@link MongoSettings}:
 *
 * <ol>
 *   <li>{@code DBBENCH_MONGO_URI} set: that server (standalone, replica set or sharded URI).
 *   <li>{@code DBBENCH_MONGO_CONTAINER=true}: Testcontainers' MongoDB module with
 *       {@value #CONTAINER_IMAGE} when a Docker engine answers; otherwise one line on stderr and
 *       the embedded stand-in.
 *   <li>Otherwise the stand-in: {@code de.bwaldvogel:mongo-java-server} with its memory
 *       backend, answering as {@link ServerVersion#MONGO_5_0} (wire version 8) on a loopback port,
 *       by default in a JVM of its own ({@link MongoStandIn} via {@link ChildJvm},
 *       {@link Arrangement#outOfProcess}), or in this JVM ({@link Arrangement#inProcess}).
 *       It speaks the wire protocol but is <em>not</em> MongoDB: its timings exercise the harness
 *       and the service, never MongoDB's performance, so every result carries {@link #backend()}.
 * </ol>
 *
 * <p>The raw connection string may hold credentials: it is only handed to the driver, and
 * everything printed or recorded goes through {@link #redactedUri()}.
 */
public final class MongoTarget implements AutoCloseable {

  /** Environment variable (or {@code -Ddbbench.mongo.uri}) naming a real MongoDB. */
  public static final String ENV_URI = "DBBENCH_MONGO_URI";
  /** Environment variable (or {@code -Ddbbench.mongo.container}) asking for Testcontainers. */
  public static final String ENV_CONTAINER = "DBBENCH_MONGO_CONTAINER";
  /** Image started by Testcontainers. */
  public static final String CONTAINER_IMAGE = "mongo:8";
  /**
   * Version of {@code de.bwaldvogel:mongo-java-server} on the classpath. Its jars carry no version
   * metadata, so it is kept here; {@code MongoTargetTest} fails when it drifts from the pom.
   */
  public static final String MONGO_JAVA_SERVER_VERSION = "1.47.0";

  /** Environment variable (or {@code -Ddbbench.mongo.standin.heap}): the stand-in process's {@code -Xmx}. */
  public static final String ENV_STANDIN_HEAP = "DBBENCH_MONGO_STANDIN_HEAP";
  /**
   * Default {@code -Xmx} of the stand-in process: 30,000 ReqMgr2 documents (the full
   * {@code collectionSize}) take about 2 GB of its heap. Not fixed with {@code -Xms}: the JVM
   * commits only what the collection needs, on a machine shared with the fork.
   */
  public static final String DEFAULT_STANDIN_HEAP = "3g";

  /** How the target was reached. */
  public enum Kind {
    /** mongo-java-server in this JVM. */
    EMBEDDED,
    /** mongo-java-server in a JVM of its own (the default). */
    STAND_IN_PROCESS,
    /** {@code DBBENCH_MONGO_URI}. */
    URI,
    /** Testcontainers {@value MongoTarget#CONTAINER_IMAGE}. */
    CONTAINER
  }

  private final Kind kind;
  private final String uri;
  /** What {@link #close()} stops: the embedded server, the stand-in process or the container; null when nothing. */
  private final AutoCloseable stop;
  private final SharedServer shared;
  private volatile String serverVersion;

  private MongoTarget(Kind kind, String uri, AutoCloseable stop, SharedServer shared) {
    this.kind = kind;
    this.uri = uri;
    this.stop = stop;
    this.shared = shared;
  }

  /** Name of the stand-in the main job shares among the payload family's trials ({@link SharedServer}). */
  public static final String SHARED_NAME = "mongo-stand-in";

  /**
   * The stand-in process the main job started and shares ({@link #SHARED_NAME}): reached at its
   * address, never stopped by {@link #close()}.
   *
   * @throws IllegalArgumentException when its address is not a MongoDB connection string
   */
  public static MongoTarget sharedStandIn(SharedServer s) {
    if (!s.address().startsWith("mongodb://")) {
      throw new IllegalArgumentException("shared " + s.name() + " address '" + s.address() + "'; expected mongodb://host:port");
    }
    return new MongoTarget(Kind.STAND_IN_PROCESS, s.address(), null, s);
  }

  /** {@link #open(MongoSettings, Arrangement)} with the environment's settings and {@link Arrangement#outOfProcess}. */
  public static MongoTarget open() {
    return open(Arrangement.outOfProcess);
  }

  /**
   * {@link #open(MongoSettings, Arrangement)} with the environment's settings ({@link MongoSettings#fromEnvironment()}).
   *
   * @throws IllegalArgumentException as {@link MongoSettings#fromEnvironment()} and {@link #open(MongoSettings, Arrangement)}
   */
  public static MongoTarget open(Arrangement arrangement) {
    return open(MongoSettings.fromEnvironment(), arrangement);
  }

  /**
   * Opens the target {@code settings} name (see the class comment); {@code arrangement} only
   * decides where the stand-in runs (a URI or a container is always another process).
   *
   * @throws IllegalArgumentException when {@code DBBENCH_MONGO_URI} is not a MongoDB connection
   *     string (the message names the redacted value)
   */
  public static MongoTarget open(MongoSettings settings, Arrangement arrangement) {
    if (settings.uri().isPresent()) {
      return forUri(settings.uri().get());
    }
    if (settings.container()) {
      MongoTarget c = ContainerSupport.tryStart();
      if (c != null) {
        return c;
      }
    }
    return arrangement == Arrangement.inProcess ? embedded() : standInProcess(settings);
  }

  /**
   * A target that only wraps {@code uri}; nothing is started or stopped.
   *
   * @throws IllegalArgumentException naming the redacted URI when it is not a connection string,
   *     or when its {@code mongodb+srv} name does not resolve (found by fuzzing: the driver's
   *     {@code MongoConfigurationException} escaped before)
   */
  public static MongoTarget forUri(String uri) {
    try {
      new ConnectionString(uri); // a mongodb+srv:// URI is resolved here (DNS SRV and TXT lookups)
    } catch (IllegalArgumentException | com.mongodb.MongoException e) {
      throw new IllegalArgumentException(ENV_URI + "='" + Redaction.redact(uri)
          + "' is not a MongoDB connection string (" + Redaction.redact(e.getMessage())
          + "); expected e.g. mongodb://host:27017 or mongodb+srv://cluster.example.net", e);
    }
    return new MongoTarget(Kind.URI, uri, null, null);
  }

  /** Starts the in-process mongo-java-server stand-in on a free loopback port. */
  public static MongoTarget embedded() {
    MongoServer s = new MongoServer(new MemoryBackend().version(ServerVersion.MONGO_5_0));
    s.bind("127.0.0.1", 0);
    InetSocketAddress a = s.getLocalAddress();
    return new MongoTarget(Kind.EMBEDDED, "mongodb://127.0.0.1:" + a.getPort(), s::shutdownNow, null);
  }

  /**
   * Starts the stand-in in a JVM of its own ({@link MongoStandIn}, heap {@code -Xmx}
   * {@link MongoSettings#standInHeap()}) and waits until it listens.
   *
   * @throws IllegalStateException when the process cannot be started or does not get ready, with
   *     its last output
   */
  public static MongoTarget standInProcess(MongoSettings settings) {
    ChildJvm c;
    try {
      c = ChildJvm.start("mongo-stand-in", MongoStandIn.class.getName(),
          List.of("-Xmx" + settings.standInHeap(), "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
              // shutdownNow warns about clients still connected at tear-down; not a problem worth a line
              "-Dorg.slf4j.simpleLogger.log.de.bwaldvogel=error"),
          List.of(ChildJvm.STOP_ON_STDIN_EOF), Map.of(),
          Pattern.compile(Pattern.quote(MongoStandIn.READY_PREFIX) + "(mongodb://\\S+)"));
    } catch (IOException e) {
      throw new IllegalStateException("cannot start the mongo-java-server stand-in process: " + e.getMessage(), e);
    }
    String uri = c.awaitReady(ChildJvm.READY_TIMEOUT).group(1);
    return new MongoTarget(Kind.STAND_IN_PROCESS, uri, c, null);
  }

  static MongoTarget container(String uri, AutoCloseable container) {
    return new MongoTarget(Kind.CONTAINER, uri, container, null);
  }

  /** Whether this target is the mongo-java-server stand-in (in this JVM or its own). */
  public boolean isStandIn() {
    return kind == Kind.EMBEDDED || kind == Kind.STAND_IN_PROCESS;
  }

  /** The stand-in's process when this target started it in a JVM of its own, else {@code null} (for tests). */
  public ChildJvm process() {
    return stop instanceof ChildJvm c ? c : null;
  }

  /**
   * The stand-in's process id when it runs in a JVM of its own, started by this target or shared
   * ({@link #sharedStandIn}); -1 otherwise.
   */
  public long standInPid() {
    ChildJvm process = process();
    return process != null ? process.pid() : shared != null ? shared.pid() : -1;
  }

  /**
   * The raw connection string, credentials included: only for handing to a driver or to a child
   * process's environment, never for printing.
   */
  public String uriForDriver() {
    return uri;
  }

  /** How this target was reached. */
  public Kind kind() {
    return kind;
  }

  /** The connection string with any password masked, safe to print and record. */
  public String redactedUri() {
    return Redaction.redact(uri);
  }

  /**
   * A new client with {@code maxPoolSize} connections per server. The caller closes it.
   *
   * @throws IllegalArgumentException when {@code maxPoolSize < 1}
   */
  public MongoClient newClient(int maxPoolSize) {
    if (maxPoolSize < 1) {
      throw new IllegalArgumentException("poolSize=" + maxPoolSize + "; expected a positive connection count");
    }
    // A 10 s server-selection default (the driver's is 30 s) that the URI's
    // serverSelectionTimeoutMS overrides; the pool size is the benchmark's parameter.
    return MongoClients.create(MongoClientSettings.builder()
        .applyToClusterSettings(c -> c.serverSelectionTimeout(10, TimeUnit.SECONDS))
        .applyConnectionString(new ConnectionString(uri))
        .applyToConnectionPoolSettings(p -> p.maxSize(maxPoolSize))
        .build());
  }

  /**
   * The server's version as {@code buildInfo} reports it (the stand-in answers with the MongoDB
   * version it imitates), cached after the first call.
   *
   * @throws com.mongodb.MongoException when the server cannot be reached
   */
  public String serverVersion() {
    String v = serverVersion;
    if (v == null) {
      try (MongoClient c = newClient(1)) {
        Document info = c.getDatabase("admin").runCommand(new Document("buildInfo", 1));
        v = String.valueOf(info.get("version"));
      }
      serverVersion = v;
    }
    return v;
  }

  /**
   * The label every result of this target carries: {@code mongo-java-server 1.47.0 (stand-in, not
   * MongoDB)} for the default, {@code MongoDB <version>} otherwise (version from
   * {@code buildInfo}, or {@code unknown} when the server cannot be reached now).
   */
  public String backend() {
    if (isStandIn()) {
      return embeddedBackendLabel();
    }
    String v;
    try {
      v = serverVersion();
    } catch (RuntimeException e) {
      v = "unknown (unreachable: " + Redaction.redact(String.valueOf(e.getMessage())) + ")";
    }
    return "MongoDB " + v + (kind == Kind.CONTAINER ? " (Testcontainers " + CONTAINER_IMAGE + ")" : "");
  }

  /** The backend label of the default stand-in, without starting it. */
  public static String embeddedBackendLabel() {
    return "mongo-java-server " + MONGO_JAVA_SERVER_VERSION + " (stand-in, not MongoDB)";
  }

  /** Version of the MongoDB Java driver on the classpath. */
  public static String driverVersion() {
    try {
      return com.mongodb.internal.build.MongoDriverVersion.VERSION;
    } catch (LinkageError e) {
      return String.valueOf(MongoClient.class.getPackage().getImplementationVersion());
    }
  }

  /**
   * Stops the embedded server, the stand-in process or the container; a URI target and a shared
   * stand-in are left alone. A failure to stop is one line on standard error, not an exception.
   */
  @Override
  public void close() {
    Closeables.closeOrWarn(stop, "mongo: stopping the " + kind + " target");
  }

  @Override
  public String toString() {
    return kind + " " + redactedUri();
  }
}
