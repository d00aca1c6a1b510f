package io.dbbench.jdbc.console;

import io.dbbench.core.KnownSecrets;
import io.dbbench.core.Redaction;
import io.dbbench.core.Version;
import io.dbbench.jdbc.GomessageSettings;
import io.dbbench.jdbc.JdbcTarget;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * The insert console's entry point:
 * {@code java -cp target/benchmarks.jar io.dbbench.jdbc.console.Console [--host H] [--port P]}.
 *
 * <p>Reaches the GOMESSAGE family's target exactly as the benchmark does
 * ({@link GomessageSettings#fromEnvironment()}: {@code DBBENCH_JDBC_URL}, else {@code GOHDBDSN}, else
 * an embedded PostgreSQL started here), starts {@link ConsoleServer}, and prints the URL it listens
 * on as the first line of standard output, then one line saying whether only this machine can
 * connect. Runs until interrupted (Ctrl-C, SIGTERM), then stops the server and the embedded
 * database.
 *
 * <p>Exit codes: 0 after an interrupt, 1 when the target cannot be reached or the address cannot
 * be bound, 2 for bad options or knobs.
 */
@Command(name = "console", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "hdbinsert's web console for the GOMESSAGE JDBC tests (dbbench).")
public final class Console implements Callable<Integer> {
  @Option(names = "--host", defaultValue = "127.0.0.1",
      description = "Address to bind (default ${DEFAULT-VALUE}: loopback, only this machine can connect).")
  String host;

  @Option(names = "--port", defaultValue = "8080",
      description = "TCP port (default ${DEFAULT-VALUE}; 0 picks a free one).")
  int port;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  private final PrintStream out;
  private final PrintStream err;
  private final CountDownLatch stop;

  Console(PrintStream out, PrintStream err, CountDownLatch stop) {
    this.out = out;
    this.err = err;
    this.stop = stop;
  }

  /** Runs the console; see the class comment for the exit codes. */
  public static void main(String[] args) {
    KnownSecrets.installOnStandardStreams();
    CountDownLatch stop = new CountDownLatch(1);
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      stop.countDown();
      try {
        stopped.await(20, TimeUnit.SECONDS); // let run() stop the server and the database
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "dbbench-console-stop"));
    int code = run(args, System.out, System.err, stop);
    stopped.countDown();
    System.exit(code);
  }

  /**
   * Parses {@code args}, serves until {@code stop} opens, and returns the exit code.
   *
   * @param stop released to stop the console (the shutdown hook in {@link #main}, or a test)
   */
  static int run(String[] args, PrintStream out, PrintStream err, CountDownLatch stop) {
    CommandLine cl = new CommandLine(new Console(out, err, stop));
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return cl.execute(args);
  }

  @Override
  public Integer call() throws Exception {
    if (port < 0 || port > 65535) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--port " + port
          + " is out of range; expected 0 (a free port) to 65535");
    }
    GomessageSettings settings;
    ConsoleSettings consoleSettings;
    try {
      settings = GomessageSettings.fromEnvironment();
      consoleSettings = ConsoleSettings.fromEnvironment();
    } catch (IllegalArgumentException e) {
      err.println("console: " + Redaction.redact(e.getMessage()));
      return 2;
    }
    err.println("console: reaching " + settings.target().redactedUrl() + " (from " + settings.target().source() + ") ...");
    JdbcTarget target;
    try {
      target = JdbcTarget.open(settings.target());
    } catch (Exception e) {
      err.println("console: " + Redaction.redact(String.valueOf(e.getMessage())));
      return 1;
    }
    try (target; ConsoleServer server = startServer(target, settings, consoleSettings)) {
      if (server == null) {
        return 1;
      }
      out.println(server.uri());
      out.println(server.loopbackOnly()
          ? "listening on loopback " + host + " only: other machines cannot connect (--host 0.0.0.0 to allow them)"
          : "listening on " + host + ": OTHER MACHINES CAN CONNECT; the console has no login and can insert into "
              + "and truncate " + settings.schema() + "." + settings.table() + " (bind --host 127.0.0.1 to prevent that)");
      out.println("target: " + target.describe().get("backend") + ", " + settings.schema() + "." + settings.table()
          + "; Ctrl-C stops the console" + (target.isEmbedded() ? " and the embedded PostgreSQL" : ""));
      out.flush();
      stop.await();
      err.println("console: stopping");
    }
    return 0;
  }

  private ConsoleServer startServer(JdbcTarget target, GomessageSettings settings, ConsoleSettings consoleSettings) {
    try {
      return ConsoleServer.start(target, settings, consoleSettings, host, port);
    } catch (IOException e) {
      err.println("console: cannot listen on " + host + ":" + port + ": " + e.getMessage());
      return null;
    }
  }
}
