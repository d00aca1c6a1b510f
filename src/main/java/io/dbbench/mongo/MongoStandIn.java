package io.dbbench.mongo;

import io.dbbench.core.ChildJvm;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.ServerVersion;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import java.net.InetSocketAddress;
import java.util.concurrent.CountDownLatch;

/**
 * The mongo-java-server stand-in as a process of its own:
 * {@code java -cp target/benchmarks.jar io.dbbench.mongo.MongoStandIn [--port N] [--stop-on-stdin-eof]}.
 * Binds 127.0.0.1 only ({@code --port 0}, the default, picks a free port), prints
 * {@code mongo-java-server listening on mongodb://127.0.0.1:PORT} and serves until SIGTERM or,
 * with {@code --stop-on-stdin-eof}, until its stdin closes (how {@link MongoTarget} stops it).
 * Same server and settings as the in-process stand-in: {@link MemoryBackend},
 * {@link ServerVersion#MONGO_5_0}.
 */
public final class MongoStandIn {
  /** The line prefix {@link MongoTarget} waits for; the URI follows it. */
  public static final String READY_PREFIX = "mongo-java-server listening on ";

  private MongoStandIn() {}

  /**
   * Entry point.
   *
   * @param args {@code --port N} (default 0), {@code --stop-on-stdin-eof}
   */
  public static void main(String[] args) throws InterruptedException {
    int port = 0;
    boolean stdinEof = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--port" -> {
          if (i + 1 >= args.length) {
            usage("--port needs a value");
          }
          try {
            port = Integer.parseInt(args[++i]);
          } catch (NumberFormatException e) {
            usage("--port '" + args[i] + "' is not a number");
          }
          if (port < 0 || port > 65535) {
            usage("--port " + port + "; expected 0..65535");
          }
        }
        case ChildJvm.STOP_ON_STDIN_EOF -> stdinEof = true;
        default -> usage("unknown argument '" + args[i] + "'");
      }
    }
    MongoServer server = new MongoServer(new MemoryBackend().version(ServerVersion.MONGO_5_0));
    server.bind("127.0.0.1", port);
    CountDownLatch stop = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(stop::countDown));
    if (stdinEof) {
      ChildJvm.stopOnStdinEof(stop::countDown);
    }
    InetSocketAddress a = server.getLocalAddress();
    System.out.println(READY_PREFIX + "mongodb://127.0.0.1:" + a.getPort() + " [" + MongoTarget.embeddedBackendLabel() + "]");
    System.out.flush();
    stop.await();
    server.shutdownNow();
    System.exit(0);
  }

  private static void usage(String problem) {
    System.err.println("stand-in: " + problem + "; usage: MongoStandIn [--port N] [" + ChildJvm.STOP_ON_STDIN_EOF + "]");
    System.exit(2);
  }
}
