package io.dbbench;

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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

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
    subcommands = {PairedMain.Graphd.class})
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
}
