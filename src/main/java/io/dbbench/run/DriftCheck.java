package io.dbbench.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.dbbench.core.ForkSchedule;
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
 * writes {@code drift-check.json}. Each fork is one {@code java -jar benchmarks.jar ... -f 1} run.
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
    String interleaved = ForkSchedule.abba(pairs);
    String blocks = "A".repeat(pairs) + "B".repeat(pairs);
    double[][][] i = run(self, dir, "interleaved", interleaved);
    double[][][] b = run(self, dir, "blocks", blocks);
    if (i == null || b == null) {
      return 2;
    }
    Stats.PairedChange paired = Stats.pairedChange(i[0], i[1]);
    Stats.Change unpaired = Stats.change(b[0], b[1]);
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

  /** Runs the forks of {@code order}, the hog on from the middle slot; {A forks, B forks} in ns/op, or null on failure. */
  private double[][][] run(Path self, Path dir, String name, String order) throws IOException, InterruptedException {
    List<double[]> a = new ArrayList<>();
    List<double[]> b = new ArrayList<>();
    AtomicBoolean hog = new AtomicBoolean(false);
    List<Thread> hogs = new ArrayList<>();
    try {
      for (int slot = 0; slot < order.length(); slot++) {
        if (slot == order.length() / 2) {
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
        Path file = dir.resolve(name + "-" + (slot + 1) + "-" + order.charAt(slot) + ".json");
        List<String> cmd = List.of(io.dbbench.core.ChildJvm.thisJava(), "-jar",
            self.toString(), BENCHMARK, "-f", "1", "-wi", "1", "-w", "300ms", "-i", "3", "-r", "300ms", "-bm", "avgt",
            "-tu", "ns", "-p", "tokens=" + tokens, "-rf", "json", "-rff", file.toString());
        System.out.println("[drift-check] " + name + " fork " + (slot + 1) + "/" + order.length() + ": "
            + order.charAt(slot) + (hog.get() ? " (hog on)" : ""));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
            .redirectOutput(dir.resolve(name + "-" + (slot + 1) + ".log").toFile()).start();
        if (p.waitFor() != 0 || !Files.exists(file)) {
          System.err.println("DriftCheck: fork " + (slot + 1) + " of " + name + " failed; see "
              + dir.resolve(name + "-" + (slot + 1) + ".log"));
          return null;
        }
        JsonNode rows = new ObjectMapper().readTree(file.toFile());
        JsonNode raw = rows.get(0).path("primaryMetric").path("rawData").get(0);
        double[] it = new double[raw.size()];
        for (int k = 0; k < it.length; k++) {
          it[k] = raw.get(k).asDouble();
        }
        (order.charAt(slot) == 'A' ? a : b).add(it);
      }
    } finally {
      hog.set(false);
      for (Thread t : hogs) {
        t.join();
      }
    }
    return new double[][][] {a.toArray(double[][]::new), b.toArray(double[][]::new)};
  }
}
