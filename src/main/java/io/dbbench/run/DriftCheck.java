package io.dbbench.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.dbbench.core.KnownSecrets;
import io.dbbench.core.Version;
import io.dbbench.report.stats.Stats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * A real-fork drift check of the main job's comparison design: two identical variants (the
 * harness benchmark with the same work) are compared twice, once in ABBA order and once as two
 * consecutive blocks, each time with a CPU hog (two spinning threads in this process) started
 * halfway through the forks, so the second half of the run sees a slower machine. Interleaved and
 * paired ({@link Stats#pairedChange}) the comparison should give no verdict; as blocks the
 * unpaired test over forks ({@link Stats#change}) attributes the hog to side B. Prints both and
 * writes {@code drift-check.json}. Each fork is one {@code java -jar benchmarks.jar ... -f 1} run, run by
 * {@link PairedBlocks} (its ABBA order; the blocks order is the design it refutes).
 *
 * <p>Exit codes: 0 the interleaved comparison gave no verdict; 1 it did (the design failed to
 * absorb the drift); 2 bad options or a fork that failed.
 */
@Command(name = "DriftCheck", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Compare two identical variants under a CPU hog started halfway, interleaved (ABBA) and as blocks.")
public final class DriftCheck implements Callable<Integer> {
  @Option(names = "--pairs", description = "Forks per side (default ${DEFAULT-VALUE}).")
  int pairs = 6;

  @Option(names = "--tokens", description = "Blackhole.consumeCPU tokens per operation (default ${DEFAULT-VALUE}).")
  long tokens = 20_000;

  @Option(names = {"-o", "--output"}, description = "Directory for the fork files and drift-check.json (default results/drift-check-<time>).")
  Path out;

  @Option(names = "--jar", description = "The benchmarks jar (default: the jar this class was loaded from).")
  Path jar;

  private static final String BENCHMARK = "^io\\.dbbench\\.harness\\.HarnessBenchmark\\.work$";

  /** Runs the check; see the class comment for the exit codes. */
  public static void main(String[] args) {
    KnownSecrets.installOnStandardStreams();
    System.exit(new CommandLine(new DriftCheck()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    if (pairs < Stats.MIN_PAIRS) {
      System.err.println("DriftCheck: --pairs " + pairs + ": expected at least " + Stats.MIN_PAIRS);
      return 2;
    }
    Path self = jar != null ? jar : Path.of(DriftCheck.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    if (!Files.isRegularFile(self)) {
      System.err.println("DriftCheck: " + self + " is not a benchmarks jar; pass --jar target/benchmarks.jar");
      return 2;
    }
    Path dir = out != null ? out : Path.of("results", "drift-check-" + DateTimeFormatter
        .ofPattern("yyyyMMdd'T'HHmmss'Z'").format(ZonedDateTime.now(ZoneOffset.UTC)));
    Files.createDirectories(dir);
    Map<String, Object> result = new LinkedHashMap<>();
    Forks i = run(self, dir, "interleaved", true);
    Forks b = i == null ? null : run(self, dir, "blocks", false);
    if (i == null || b == null) {
      return 2;
    }
    String interleaved = i.order();
    String blocks = b.order();
    Stats.PairedChange paired = Stats.pairedChange(i.a(), i.b());
    Stats.Change unpaired = Stats.change(b.a(), b.b());
    result.put("benchmark", BENCHMARK);
    result.put("tokens", tokens);
    result.put("hog", "2 spinning threads from the fork in the middle of each order on");
    result.put("interleaved", Map.of("order", interleaved, "change_pct", unpairedNaN(paired.changePct()),
        "ci_low", unpairedNaN(paired.ciLow()), "ci_high", unpairedNaN(paired.ciHigh()), "p", unpairedNaN(paired.p()),
        "verdict", paired.significant()));
    result.put("blocks", Map.of("order", blocks, "change_pct", unpairedNaN(unpaired.changePct()),
        "ci_low", unpairedNaN(unpaired.ciLow()), "ci_high", unpairedNaN(unpaired.ciHigh()), "p", unpairedNaN(unpaired.p()),
        "verdict", unpaired.significant()));
    new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(dir.resolve("drift-check.json").toFile(), result);
    System.out.printf(Locale.ROOT, "interleaved %s, paired: %+.1f%% [%+.1f, %+.1f], p=%.3f: %s%n", interleaved,
        paired.changePct(), paired.ciLow(), paired.ciHigh(), paired.p(), paired.significant() ? "a verdict" : "no verdict");
    System.out.printf(Locale.ROOT, "blocks      %s, unpaired: %+.1f%% [%+.1f, %+.1f], p=%.3f: %s%n", blocks,
        unpaired.changePct(), unpaired.ciLow(), unpaired.ciHigh(), unpaired.p(),
        unpaired.significant() ? "a verdict" : "no verdict");
    System.out.println("wrote " + dir.resolve("drift-check.json"));
    return paired.significant() ? 1 : 0;
  }

  private static Double unpairedNaN(double v) {
    return Double.isNaN(v) ? null : v;
  }

  /**
   * The slots of one order: {@code interleaved} the runner's ABBA ({@link PairedBlocks#abba}),
   * {@code blocks} every fork of A, then every fork of B (the design the check refutes).
   */
  static List<PairedBlocks.Slot> schedule(boolean interleaved, int pairs, List<? extends Side> sides) {
    if (interleaved) {
      return PairedBlocks.abba(pairs, List.of(), sides);
    }
    List<PairedBlocks.Slot> out = new ArrayList<>();
    for (Side side : sides) {
      for (int k = 1; k <= pairs; k++) {
        out.add(new PairedBlocks.Slot(k, pairs, "", 1, side));
      }
    }
    return out;
  }

  /**
   * One order's forks.
   *
   * @param order the sides' letters in the order they ran, e.g. {@code ABBAAB}
   * @param a side A's forks, each its iterations in ns/op
   * @param b side B's, likewise
   */
  record Forks(String order, double[][] a, double[][] b) {}

  /**
   * Runs the forks of one order through {@link PairedBlocks}, the hog on from the middle slot;
   * null when a fork failed.
   */
  private Forks run(Path self, Path dir, String name, boolean interleaved) throws IOException, InterruptedException {
    List<String> cmd = List.of(io.dbbench.core.ChildJvm.thisJava(), "-jar", self.toString());
    List<String> args = List.of(BENCHMARK, "-wi", "1", "-w", "300ms", "-i", "3", "-r", "300ms", "-bm", "avgt",
        "-tu", "ns", "-p", "tokens=" + tokens);
    Map<PairedBlocks.Slot, Integer> index = new HashMap<>();
    List<JmhForkSide> sides = new ArrayList<>();
    for (String letter : List.of("A", "B")) {
      sides.add(new JmhForkSide(letter, cmd, args, s -> dir.resolve(name + "-" + index.get(s) + "-" + letter + ".json"),
          s -> dir.resolve(name + "-" + index.get(s) + ".log")));
    }
    List<PairedBlocks.Slot> schedule = schedule(interleaved, pairs, sides);
    for (int k = 0; k < schedule.size(); k++) {
      index.put(schedule.get(k), k + 1);
    }
    AtomicBoolean hog = new AtomicBoolean(false);
    List<Thread> hogs = new ArrayList<>();
    PairedBlocks.Result result;
    try {
      result = PairedBlocks.run(new PairedBlocks.Plan("drift-check " + name, schedule, PairedBlocks.Output.NONE, true),
          System.out, s -> {
            if (index.get(s) - 1 == schedule.size() / 2) {
              hog.set(true);
              for (int t = 0; t < 2; t++) {
                Thread th = new Thread(() -> {
                  long x = 0;
                  while (hog.get()) {
                    x += System.nanoTime() % 7;
                  }
                  if (x == 42) {
                    System.out.print("");
                  }
                }, "drift-hog-" + t);
                th.setDaemon(true);
                th.start();
                hogs.add(th);
              }
            }
          });
    } catch (Side.SideFailedException e) {
      System.err.println("DriftCheck: " + e.getMessage());
      return null;
    } finally {
      hog.set(false);
      for (Thread t : hogs) {
        t.join();
      }
    }
    List<double[]> a = new ArrayList<>();
    List<double[]> b = new ArrayList<>();
    StringBuilder order = new StringBuilder();
    for (PairedBlocks.Outcome o : result.outcomes()) {
      order.append(o.slot().side().name());
      JmhForkSide side = (JmhForkSide) o.slot().side();
      JsonNode raw = new ObjectMapper().readTree(side.json().apply(o.slot()).toFile()).get(0)
          .path("primaryMetric").path("rawData").get(0);
      double[] it = new double[raw.size()];
      for (int k = 0; k < it.length; k++) {
        it[k] = raw.get(k).asDouble();
      }
      (side.name().equals("A") ? a : b).add(it);
    }
    return new Forks(order.toString(), a.toArray(double[][]::new), b.toArray(double[][]::new));
  }
}
