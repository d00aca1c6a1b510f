package io.dbbench;

import io.dbbench.arango.bulk.GoDriverSideBySide;
import io.dbbench.arango.pool.ArangojsSideBySide;
import io.dbbench.core.ChildJvm;
import io.dbbench.core.KnownSecrets;
import io.dbbench.core.Version;
import io.dbbench.graphj.GraphdSideBySide;
import io.dbbench.run.JmhForkSide;
import io.dbbench.run.PairedBlocks;
import io.dbbench.run.ProcessSide;
import io.dbbench.run.Side;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The one entry point for the blocks of a paired comparison between a study's own code and
 * dbbench's rows: each subcommand makes the study's {@link Side}s (its command lines, its
 * readers of their output, from the study's room) and runs them through
 * {@link PairedBlocks} in its ABBA order. It lives on the top floor because it joins the runner
 * ({@code io.dbbench.run}) with the rooms, which may not import it. The scripts build the study's
 * toolchain (go test -c, cargo bench) and start the stand-in, then call one subcommand:
 *
 * <pre>
 * java -cp target/benchmarks.jar io.dbbench.PairedMain graphd --graphd-bench BIN --blocks 8     # ./dbbench graphd-side-by-side
 * java -cp target/benchmarks.jar io.dbbench.PairedMain go-driver --out DIR --bin target/go-driver \
 *     --endpoints http://127.0.0.1:PORT --server LABEL [--standin-pid PID] [--ops insert] [--blocks 1] [--java]
 * </pre>
 *
 * <p>Exit status: 0 every run succeeded; 1 a run failed (each failure is named on standard error
 * and the blocks went on: {@code go-driver}); 2 bad input, or a side failed where the blocks stop
 * at the first failure ({@code graphd}).
 */
@Command(name = "paired", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Run a study's own code and dbbench's rows in paired blocks (ABBA).",
    subcommands = {PairedMain.Graphd.class, PairedMain.GoDriver.class, PairedMain.Arangojs.class, WmpayloadBlocks.class})
public final class PairedMain implements Callable<Integer> {
  /** Exit status when a run failed and the blocks went on. */
  public static final int EXIT_FAILED_RUNS = 1;
  /** Exit status for bad input. */
  public static final int EXIT_BAD_INPUT = 2;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  /** Runs the command line and exits with its status. */
  public static void main(String[] args) {
    KnownSecrets.installOnStandardStreams();
    KnownSecrets.readEnvironment();
    System.exit(new CommandLine(new PairedMain()).execute(args));
  }

  /** Without a subcommand: the usage, exit 2. */
  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return EXIT_BAD_INPUT;
  }

  /**
   * graphd's criterion benchmarks beside dbbench's JMH rows ({@link GraphdSideBySide}: its options,
   * pairs and analysis), each block's two sides in the runner's order; the machine around each
   * side, with its own processes' CPU, in the block's {@code machine.json}. A failed side stops the
   * blocks (exit 2, its log named).
   */
  @Command(name = "graphd", // help and version options come with GraphdSideBySide's annotation
      description = "graphd's criterion benchmarks and dbbench's matching JMH rows in paired blocks, dbbench / graphd"
          + " per row with a 95%% interval.")
  static final class Graphd extends GraphdSideBySide {
    @Override
    protected void runBlocks(Blocks run) throws IOException, SideFailed {
      ProcessSide graphd = new ProcessSide("graphd", s -> {
        // CRITERION_HOME per block: on the command line through env(1), not a credential
        List<String> cmd = new ArrayList<>(List.of("env", "CRITERION_HOME="
            + criterionHome(blockDir(run.dir(), s.block())).toAbsolutePath()));
        cmd.addAll(run.graphdCommand());
        return cmd;
      }, Map.of(), null, s -> blockDir(run.dir(), s.block()).resolve("criterion.log"), null, List.of());
      JmhForkSide dbbench = new JmhForkSide("dbbench", run.dbbenchCommand(), run.dbbenchJmhArgs(),
          s -> blockDir(run.dir(), s.block()).resolve("jmh.json"), s -> blockDir(run.dir(), s.block()).resolve("jmh.log"));
      for (int k = 1; k <= run.blocks(); k++) {
        Files.createDirectories(blockDir(run.dir(), k));
      }
      PairedBlocks.Result result;
      try {
        result = PairedBlocks.run(new PairedBlocks.Plan("graphd-vs-dbbench",
            PairedBlocks.abba(run.blocks(), List.of(), List.of(graphd, dbbench)), PairedBlocks.Output.NONE, true), System.out);
      } catch (Side.SideFailedException e) {
        throw new SideFailed(e.getMessage());
      }
      for (int k = 1; k <= run.blocks(); k++) {
        List<String> order = new ArrayList<>();
        Map<String, Map<String, Object>> sides = new LinkedHashMap<>();
        for (PairedBlocks.Outcome o : result.outcomes()) {
          if (o.slot().block() == k) {
            order.add(o.slot().side().name());
            sides.put(o.slot().side().name(), machineFacts(o));
          }
        }
        writeMachine(blockDir(run.dir(), k), order, sides);
      }
    }
  }

  /** One side's machine facts: the interval's ({@code steal_pct}, {@code busy_pct}, loads), own CPU and other processes' share. */
  static Map<String, Object> machineFacts(PairedBlocks.Outcome o) {
    Map<String, Object> m = new LinkedHashMap<>();
    if (o.interval() != null) {
      m.putAll(o.interval().toMap());
      m.put("own_cpu_s", Double.isNaN(o.ownCpuSeconds()) ? "n/a" : Math.round(o.ownCpuSeconds() * 100) / 100.0);
      m.put("other_busy_pct", Double.isNaN(o.otherBusyPct()) ? "n/a" : Math.round(o.otherBusyPct() * 100) / 100.0);
      m.put("under_load", o.underLoad());
    }
    return m;
  }

  /**
   * What the study subcommands share: where the tables go, the server and its stand-in, the blocks,
   * whether dbbench's Java rows run beside the study's client, and the run itself (exit 0, 1 when a
   * run failed and the blocks went on, 2 on bad input).
   */
  abstract static class StudyBlocks implements Callable<Integer> {
    @Option(names = "--out", required = true, paramLabel = "DIR", description = "The results directory.")
    Path out;

    @Option(names = "--endpoints", required = true, paramLabel = "URL", description = "The server's endpoint(s).")
    String endpoints;

    @Option(names = "--server", required = true, paramLabel = "LABEL", description = "The server's label in every row.")
    String server;

    @Option(names = "--standin-pid", paramLabel = "PID", description = "The stand-in's process, whose CPU counts as each side's own.")
    Long standinPid;

    @Option(names = "--blocks", defaultValue = "1", paramLabel = "N", description = "Blocks (default: ${DEFAULT-VALUE}).")
    int blocks;

    @Option(names = "--java", description = "Also dbbench's Java rows beside the study's client.")
    boolean java;

    @Option(names = "--jar", defaultValue = "target/benchmarks.jar", paramLabel = "JAR",
        description = "The benchmarks jar of the Java rows (default: ${DEFAULT-VALUE}).")
    Path jar;

    /** The progress lines' prefix and the script's name, e.g. {@code go-driver-vs-dbbench}. */
    final String label;

    StudyBlocks(String label) {
      this.label = label;
    }

    /** The blocks to run. @throws IllegalArgumentException naming a bad option */
    abstract PairedBlocks.Plan plan();

    /** The stand-in, whose CPU counts as every side's own; none on a given server. */
    List<Long> helpers() {
      return standinPid == null ? List.of() : List.of(standinPid);
    }

    /** {@code DBBENCH_ARANGO_AUTH} of this process's environment, or {@code null}. */
    static String auth() {
      String auth = System.getenv("DBBENCH_ARANGO_AUTH");
      return auth == null || auth.isBlank() ? null : auth;
    }

    @Override
    public Integer call() throws IOException {
      try {
        PairedBlocks.Plan plan = plan();
        Files.deleteIfExists(out.resolve("rows.tsv")); // the runner appends to tables already there
        Files.deleteIfExists(out.resolve("machine.tsv"));
        PairedBlocks.Result r = PairedBlocks.run(plan, System.err);
        return r.failures() == 0 ? 0 : EXIT_FAILED_RUNS;
      } catch (IllegalArgumentException e) {
        System.err.println(label + ": " + e.getMessage());
        return EXIT_BAD_INPUT;
      } catch (Side.SideFailedException e) {
        throw new IllegalStateException("the " + label + " blocks go on after a failure", e);
      }
    }
  }

  /**
   * go-driver's own V1 and V2 bulk benchmarks (its test binaries, which
   * {@code scripts/go-driver-vs-dbbench.sh} builds) and, with {@code --java}, dbbench's Java driver
   * rows ({@code ArangoBulkBenchmark}, one JMH fork per block and operation), on one server, in
   * paired blocks: {@code V1 V2 [Java]} in odd blocks, reversed in even ones, every operation of a
   * block in turn. Writes {@code rows.tsv} ({@link GoDriverSideBySide#COLUMNS}), {@code machine.tsv},
   * {@code go/<block>-<suite>-<op>.txt} and {@code jmh/<block>-<op>.json}/{@code .txt} into
   * {@code --out}. The server's credentials come from {@code DBBENCH_ARANGO_AUTH}
   * ({@code basic:user:password}) in the environment, reach the Go tests as their own
   * {@code TEST_AUTHENTICATION}, and are scrubbed from every file written.
   */
  @Command(name = "go-driver", mixinStandardHelpOptions = true, versionProvider = Version.class,
      description = "go-driver's V1 and V2 bulk benchmarks (and dbbench's Java driver rows) in paired blocks.")
  static final class GoDriver extends StudyBlocks {
    @Option(names = "--bin", required = true, paramLabel = "DIR", description = "The directory of v1.test and v2.test.")
    Path bin;

    @Option(names = "--ops", defaultValue = "insert,read,update,delete", split = ",", paramLabel = "LIST",
        description = "Operations (default: ${DEFAULT-VALUE}).")
    List<String> ops;

    @Option(names = "--benchtime", defaultValue = "1s", paramLabel = "T", description = "go test's -test.benchtime (default: ${DEFAULT-VALUE}).")
    String benchtime;

    @Option(names = "--java-shots", defaultValue = "3", paramLabel = "N", description = "Measured shots of the Java rows (default: ${DEFAULT-VALUE}).")
    int javaShots;

    GoDriver() {
      super("go-driver-vs-dbbench");
    }

    /** The blocks: V1, V2 and with {@code --java} the Java rows, per operation. */
    @Override
    PairedBlocks.Plan plan() {
      ops.forEach(op -> GoDriverSideBySide.benchmarkName("V1", op));
      if (javaShots < 1) {
        throw new IllegalArgumentException("--java-shots " + javaShots + ": expected at least 1");
      }
      List<Long> helpers = helpers();
      Map<String, String> env = new LinkedHashMap<>();
      env.put("TEST_ENDPOINTS", endpoints);
      env.put("TEST_MODE", "single"); // V1 skips its cluster endpoint sync
      if (auth() != null) {
        env.put("TEST_AUTHENTICATION", auth());
      }
      List<Side> sides = new ArrayList<>();
      for (String[] v : new String[][] {{"V1", "go-driver v1.6.9 (V1)", "HTTP/1.1 JSON", "v1.test"},
          {"V2", "go-driver/v2 v2.4.1 (V2)", "HTTP/2 JSON", "v2.test"}}) {
        sides.add(new ProcessSide(v[0], s -> List.of(bin.resolve(v[3]).toString(), "-test.run", "^$", "-test.bench",
            "^" + GoDriverSideBySide.benchmarkName(v[0], s.unit()) + "$", "-test.benchmem", "-test.benchtime", benchtime,
            "-test.count", "1"), env, null, s -> out.resolve("go").resolve(s.block() + "-" + v[0] + "-" + s.unit() + ".txt"),
            (s, output) -> GoDriverSideBySide.goRows(output, v[1], v[2], s.unit(), server), helpers));
      }
      if (java) {
        sides.add(new JmhForkSide("Java", List.of(ChildJvm.thisJava(), "-jar", jar.toString()), s -> {
          List<String> a = new ArrayList<>(List.of("^io\\.dbbench\\.arango\\.ArangoBulkBenchmark\\."
              + (s.unit().equals("read") ? "(read|readByKeys)" : s.unit()) + "$", "-p", "docs=100000", "-p", "client=driver",
              "-p", "protocol=HTTP_JSON,HTTP2_JSON", "-wi", "1", "-i", Integer.toString(javaShots)));
          if (standinPid != null) { // the same stand-in, shared with the forks as the main job shares it
            a.addAll(List.of("-jvmArgsAppend", "-Ddbbench.shared.arango-stand-in="
                + endpoints.replaceFirst("^http://", "") + ";" + standinPid + ";"));
          }
          return a;
        }, s -> out.resolve("jmh").resolve(s.block() + "-" + s.unit() + ".json"),
            s -> out.resolve("jmh").resolve(s.block() + "-" + s.unit() + ".txt"),
            (s, json) -> GoDriverSideBySide.javaRows(json, s.unit(), server), Map.of(), helpers));
      }
      List<String> columns = GoDriverSideBySide.COLUMNS.subList(2, GoDriverSideBySide.COLUMNS.size());
      return new PairedBlocks.Plan(label, PairedBlocks.abba(blocks, ops, sides),
          new PairedBlocks.Output(out, columns, "operation"), false);
    }
  }

  /**
   * The pool study's own client ({@code studies/arangojs/pool-queries.js}, arangojs 8.3.0 on Node,
   * installed by {@code scripts/arangojs-vs-dbbench.sh}) and, with {@code --java}, dbbench's rows
   * ({@code ArangoPoolBenchmark.query}, one JMH invocation per block, a fork per point), on one
   * server, in paired blocks: arangojs then Java in odd blocks, reversed in even ones. The arangojs
   * side runs every point as a process of its own ({@code node/<block>-<connection>-<iterations>.txt}),
   * the connections' order alternating with the block too. Writes {@code rows.tsv}
   * ({@link ArangojsSideBySide#COLUMNS}), {@code machine.tsv}, {@code node/} and {@code jmh/}. The
   * server's credentials come from {@code DBBENCH_ARANGO_AUTH} in the environment and are scrubbed
   * from every file written.
   */
  @Command(name = "arangojs", mixinStandardHelpOptions = true, versionProvider = Version.class,
      description = "arangojs 8.3.0's point queries (and dbbench's pool rows) in paired blocks.")
  static final class Arangojs extends StudyBlocks {
    @Option(names = "--modules", required = true, paramLabel = "DIR", description = "The cache holding node_modules/arangojs.")
    Path modules;

    @Option(names = "--shared", paramLabel = "PROP", description = "The -Ddbbench.shared.arango-stand-in property of the Java forks.")
    String shared;

    @Option(names = "--iterations", defaultValue = "500,1000,5000,10000", split = ",", paramLabel = "LIST",
        description = "Queries per point (default: ${DEFAULT-VALUE}).")
    List<Integer> iterations;

    @Option(names = "--connections", defaultValue = "default,10,100,http", split = ",", paramLabel = "LIST",
        description = "Connection types (default: ${DEFAULT-VALUE}).")
    List<String> connections;

    @Option(names = "--runs", defaultValue = "3", paramLabel = "N", description = "Runs per point and block (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--model-ms", defaultValue = "0", paramLabel = "MS", description = "The stand-in's modelled server time (default: ${DEFAULT-VALUE}).")
    int modelMs;

    @Option(names = "--documents", defaultValue = "200000", paramLabel = "N", description = "Documents (default: ${DEFAULT-VALUE}).")
    int documents;

    @Option(names = "--warmup-cap", defaultValue = "5", paramLabel = "S", description = "The Java forks' DBBENCH_WARMUP_CAP (default: ${DEFAULT-VALUE}).")
    int warmupCap;

    Arangojs() {
      super("arangojs-vs-dbbench");
    }

    /** The blocks: arangojs, and with {@code --java} the Java rows. */
    @Override
    PairedBlocks.Plan plan() {
      connections.forEach(ArangojsSideBySide::javaConnection);
      List<Long> helpers = helpers();
      Map<String, String> env = new LinkedHashMap<>();
      if (auth() != null) {
        env.put("DBBENCH_ARANGO_AUTH", auth());
      }
      List<Side> sides = new ArrayList<>();
      sides.add(new ProcessSide("arangojs", s -> {
        List<String> conns = new ArrayList<>(connections);
        if (s.block() % 2 == 0) {
          Collections.reverse(conns);
        }
        List<ProcessSide.Step> steps = new ArrayList<>();
        for (int n : iterations) {
          for (String c : conns) {
            steps.add(new ProcessSide.Step(c + " " + n, List.of("node", "studies/arangojs/pool-queries.js", "--modules",
                modules.toString(), "--url", endpoints, "--database", "dbbench", "--collection", "dbbench_tx", "--connection",
                c, "--iterations", Integer.toString(n), "--runs", Integer.toString(runs)),
                out.resolve("node").resolve(s.block() + "-" + c + "-" + n + ".txt")));
          }
        }
        return steps;
      }, env, null, (s, output) -> ArangojsSideBySide.nodeRows(output, server), helpers));
      if (java) {
        List<String> args = new ArrayList<>(List.of("^io\\.dbbench\\.arango\\.ArangoPoolBenchmark\\.query$", "-p",
            "connection=" + String.join(",", connections.stream().map(ArangojsSideBySide::javaConnection).toList()),
            "-p", "iterations=" + String.join(",", iterations.stream().map(String::valueOf).toList()),
            "-p", "documents=" + documents, "-p", "index=none"));
        if (modelMs != 0) {
          args.addAll(List.of("-p", "modelledServerMs=" + modelMs));
        }
        args.addAll(List.of("-wi", "1", "-i", Integer.toString(runs)));
        if (shared != null) { // the same stand-in, shared with the forks as the main job shares it
          args.addAll(List.of("-jvmArgsAppend", shared));
        }
        sides.add(new JmhForkSide("java", List.of(ChildJvm.thisJava(), "-jar", jar.toString()), s -> args,
            s -> out.resolve("jmh").resolve(s.block() + ".json"), s -> out.resolve("jmh").resolve(s.block() + ".txt"),
            (s, json) -> ArangojsSideBySide.javaRows(json, server), Map.of("DBBENCH_WARMUP_CAP", Integer.toString(warmupCap)),
            helpers));
      }
      List<String> columns = ArangojsSideBySide.COLUMNS.subList(2, ArangojsSideBySide.COLUMNS.size());
      return new PairedBlocks.Plan(label, PairedBlocks.abba(blocks, List.of(), sides),
          new PairedBlocks.Output(out, columns, null), false);
    }
  }
}
