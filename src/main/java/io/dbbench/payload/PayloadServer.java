package io.dbbench.payload;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import io.dbbench.core.ChildJvm;
import io.dbbench.core.KnownSecrets;
import io.dbbench.core.Redaction;
import io.dbbench.core.Version;
import io.dbbench.mongo.MongoTarget;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * Command line of the payload service:
 * {@code java -cp target/benchmarks.jar io.dbbench.payload.PayloadServer --config config.json}.
 * Options override the file's keys; prints the address it listens on and serves until stopped
 * (Ctrl-C). {@code --mongo-uri embedded} starts the in-process mongo-java-server stand-in.
 */
@Command(name = "payload-server", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Stores JSON documents in MongoDB over HTTP(S): POST /insert, GET /search?id=UUID, GET /health.")
public final class PayloadServer implements Callable<Integer> {
  @Option(names = "--config", description = "JSON configuration file (keys use_https, port, cert_file, key_file, json_file, mongo_uri, mongo_database, mongo_collection, host, max_body_bytes, read_timeout_seconds, mongo_timeout_ms)")
  Path config;

  @Option(names = "--use-https", description = "serve HTTPS (needs --cert-file and --key-file)")
  Boolean useHttps;

  @Option(names = "--host", description = "bind address (default 127.0.0.1; 0.0.0.0 serves other machines)")
  String host;

  @Option(names = "--port", description = "TCP port (default 7111; 0 picks a free one)")
  Integer port;

  @Option(names = "--cert-file", description = "PEM certificate chain")
  Path certFile;

  @Option(names = "--key-file", description = "PEM private key")
  Path keyFile;

  @Option(names = "--json-file", description = "template document served at GET /template")
  Path jsonFile;

  @Option(names = "--mongo-uri", description = "MongoDB connection string, or 'embedded' (default mongodb://localhost:27017)")
  String mongoUri;

  @Option(names = "--mongo-database", description = "database (default payload)")
  String mongoDatabase;

  @Option(names = "--mongo-collection", description = "collection (default docs)")
  String mongoCollection;

  @Option(names = "--max-body-bytes", description = "largest accepted body in bytes (default 16777216)")
  Long maxBodyBytes;

  @Option(names = "--in-flight-body-bytes", description = "memory budget for request bodies being read and parsed at"
      + " once; past it a request is answered 503 with Retry-After (default 0: an eighth of the heap)")
  Long inFlightBodyBytes;

  @Option(names = "--read-timeout-seconds", description = "disconnect a client that takes longer to send a request (default 30)")
  Integer readTimeoutSeconds;

  @Option(names = "--mongo-timeout-ms", description = "per-operation MongoDB timeout, server selection included (default 10000)")
  Long mongoTimeoutMs;

  @Option(names = "--mongo-uri-from-env", paramLabel = "VAR",
      description = "read the MongoDB connection string from environment variable VAR (keeps credentials off the command line)")
  String mongoUriFromEnv;

  @Option(names = "--mongo-pool", description = "the driver's maxPoolSize (default 100)")
  Integer mongoPool;

  @Option(names = ChildJvm.STOP_ON_STDIN_EOF, description = "stop when stdin closes (how a parent process stops it)")
  boolean stopOnStdinEof;

  /** The line prefix a parent waits for; the base URI follows it. */
  public static final String READY_PREFIX = "payload service listening on ";

  /** The configuration after the file and the options are applied. */
  PayloadConfig resolve() throws IOException {
    PayloadConfig c = PayloadConfig.defaults();
    if (config != null) {
      c = PayloadConfig.load(config, c);
    }
    if (useHttps != null) c = c.withUseHttps(useHttps);
    if (host != null) c = c.withHost(host);
    if (port != null) c = c.withPort(port);
    if (certFile != null) c = c.withCertFile(certFile);
    if (keyFile != null) c = c.withKeyFile(keyFile);
    if (jsonFile != null) c = c.withJsonFile(jsonFile);
    if (mongoUri != null) c = c.withMongoUri(mongoUri);
    if (mongoDatabase != null) c = c.withMongoDatabase(mongoDatabase);
    if (mongoCollection != null) c = c.withMongoCollection(mongoCollection);
    if (maxBodyBytes != null) c = c.withMaxBodyBytes(maxBodyBytes);
    if (inFlightBodyBytes != null) c = c.withInFlightBodyBytes(inFlightBodyBytes);
    if (readTimeoutSeconds != null) c = c.withReadTimeoutSeconds(readTimeoutSeconds);
    if (mongoTimeoutMs != null) c = c.withMongoTimeoutMs(mongoTimeoutMs);
    if (mongoUriFromEnv != null) {
      String v = System.getenv(mongoUriFromEnv);
      if (v == null || v.isBlank()) {
        throw new IllegalArgumentException("--mongo-uri-from-env " + mongoUriFromEnv + ": the variable is not set");
      }
      c = c.withMongoUri(v.trim());
    }
    if (mongoPool != null && mongoPool < 1) {
      throw new IllegalArgumentException("--mongo-pool " + mongoPool + "; expected a positive connection count");
    }
    c.requireStartable();
    return c;
  }

  @Override
  public Integer call() throws Exception {
    CountDownLatch stop = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(stop::countDown));
    if (stopOnStdinEof) {
      ChildJvm.stopOnStdinEof(stop::countDown);
    }
    return serve(System.out, stop);
  }

  /**
   * Resolves the configuration, starts the service, prints one line with its address to
   * {@code out} and serves until {@code stop} opens.
   *
   * @return 0 after a clean stop, 2 on a bad configuration (reported on stderr)
   */
  int serve(PrintStream out, CountDownLatch stop) throws Exception {
    PayloadConfig c;
    try {
      c = resolve();
    } catch (IllegalArgumentException e) {
      System.err.println("payload-server: " + e.getMessage());
      return 2;
    } catch (NoSuchFileException e) {
      System.err.println("payload-server: --config " + e.getFile() + ": no such file (an example with every key:"
          + " docs/examples/payload-config.json)");
      return 2;
    } catch (IOException e) {
      System.err.println("payload-server: --config " + config + ": cannot be read (" + e.getMessage() + ")");
      return 2;
    }
    if (!c.mongoUri().equals("embedded")) {
      try {
        new com.mongodb.ConnectionString(c.mongoUri());
      } catch (IllegalArgumentException e) {
        System.err.println("payload-server: mongo_uri '" + Redaction.redact(c.mongoUri())
            + "' is not a MongoDB connection string; expected mongodb://host:27017 or 'embedded'");
        return 2;
      }
    }
    // The JDK server reads its request time bound once, when its classes load: set it first.
    System.setProperty(PayloadService.MAX_REQ_TIME_PROPERTY, String.valueOf(c.readTimeoutSeconds()));
    MongoTarget embedded = c.mongoUri().equals("embedded") ? MongoTarget.embedded() : null;
    String uri = embedded != null ? embedded.uriForDriver() : c.mongoUri();
    int pool = mongoPool == null ? 100 : mongoPool;
    MongoClientSettings settings = MongoClientSettings.builder()
        .applyToClusterSettings(b -> b.serverSelectionTimeout(c.mongoTimeoutMs(), TimeUnit.MILLISECONDS))
        .applyConnectionString(new ConnectionString(uri))
        .applyToConnectionPoolSettings(p -> p.maxSize(pool))
        .build();
    try (MongoClient client = MongoClients.create(settings);
        PayloadService svc = PayloadService.start(c,
            client.getDatabase(c.mongoDatabase()).getCollection(c.mongoCollection()))) {
      out.println(READY_PREFIX + svc.baseUri() + " (bound to " + c.host() + ":"
          + svc.baseUri().getPort() + "), MongoDB "
          + (embedded != null ? embedded.redactedUri() + " [" + MongoTarget.embeddedBackendLabel() + "]" : Redaction.redact(uri))
          + ", " + c.mongoDatabase() + "." + c.mongoCollection());
      out.flush();
      stop.await();
    } finally {
      if (embedded != null) {
        embedded.close();
      }
    }
    return 0;
  }

  /** Entry point; exits with 2 on a bad configuration. */
  public static void main(String[] args) {
    KnownSecrets.installOnStandardStreams();
    System.exit(new CommandLine(new PayloadServer()).execute(args));
  }
}
