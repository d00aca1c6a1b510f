package io.dbbench.report.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbbench.core.ForkSchedule;
import io.dbbench.core.Mode;
import io.dbbench.report.data.JmhJson;
import io.dbbench.report.data.JmhResult;
import io.dbbench.report.data.ReportException;
import io.dbbench.report.stats.Stats;
import io.dbbench.report.stats.StoppingRule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The sequential stopping rule ({@link StoppingRule}) keeps its 95% intervals honest: on the pairs
 * of every interleaved headline comparison in the committed runs ({@code results/}), each run's pair
 * log ratios centred on that run's mean and pooled per comparison, 4,000 simulated comparisons per
 * comparison draw pairs with replacement, add a known effect, run the rule block by block with
 * quick mode's targets and a pair budget, and count how often the final interval covers the effect:
 * at least 93% for the quick rule (pilots of 6 and 4, at half the target, and with a budget of 12
 * pairs that pilots asking for more do not start) and for full mode's as each family configures it (pilots of 10, or 6), also with its caps as a budget of 20 pairs.
 */
class StoppingRuleCoverageTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  /**
   * Simulated comparisons per rule and pool: the coverage's Monte Carlo standard error is then
   * about 0.004 at 95% (with 1,000 it was 0.007, and one estimate fell to 0.926 by that noise alone).
   */
  private static final int TRIALS = 4000;
  /** The coverage quick mode's rule must keep (nominal 95%). */
  private static final double REQUIRED = 0.93;


  /** Centred pair log ratios per comparison label, pooled over the committed runs, with each run's mean effect. */
  record Pool(String label, StoppingRule.Scale scale, List<Double> centred, double effect) {}

  /** The full-mode pilot of the comparison a pool's label names (its benchmark first), as its family sets it. */
  static int fullPilot(String label) {
    String benchmark = label.substring(0, label.indexOf(' '));
    io.dbbench.core.BenchmarkFamily family = io.dbbench.Families.all().stream()
        .filter(f -> java.util.regex.Pattern.compile(f.includeRegex()).matcher(benchmark).find()).findFirst()
        .orElseThrow(() -> new AssertionError("no family runs " + benchmark));
    return io.dbbench.run.JmhCommand.pilotPairs(Mode.FULL, family.settings(Mode.FULL));
  }

  static Map<String, Pool> pools() throws IOException, ReportException {
    Path results = Path.of("results");
    List<Study> studies = Findings.studies();
    Map<String, List<Double>> centred = new LinkedHashMap<>();
    Map<String, List<Double>> effects = new LinkedHashMap<>();
    Map<String, StoppingRule.Scale> scales = new LinkedHashMap<>();
    List<Path> runs;
    try (Stream<Path> s = Files.list(results)) {
      runs = s.filter(p -> Files.isRegularFile(p.resolve("env.json")) && Files.isRegularFile(p.resolve("jmh.json")))
          .sorted().toList();
    }
    for (Path run : runs) {
      JsonNode env = JSON.readTree(run.resolve("env.json").toFile());
      JsonNode rows = JSON.readTree(run.resolve("jmh.json").toFile());
      for (JsonNode fam : env.path("families")) {
        for (JsonNode c : fam.path("comparisons")) {
          if (!ForkSchedule.alternates(c.path("order").asText(""))) {
            continue;
          }
          double[] d = pairs(rows, c);
          if (d == null || d.length < Stats.MIN_PAIRS) {
            continue;
          }
          String label = c.path("benchmark").asText() + " " + c.path("param").asText() + " "
              + c.path("baseline").path(c.path("param").asText()).asText() + "->"
              + c.path("contender").path(c.path("param").asText()).asText();
          double m = Stats.mean(d);
          for (double x : d) {
            centred.computeIfAbsent(label, k -> new ArrayList<>()).add(x - m);
          }
          effects.computeIfAbsent(label, k -> new ArrayList<>()).add(m);
          scales.put(label, Findings.scaleOf(studies, c.path("benchmark").asText(), c.path("param").asText(),
              c.path("contender").path(c.path("param").asText()).asText()));
        }
      }
    }
    Map<String, Pool> out = new LinkedHashMap<>();
    centred.forEach((k, v) -> out.put(k, new Pool(k, scales.get(k), v,
        effects.get(k).stream().mapToDouble(Double::doubleValue).average().orElseThrow())));
    return out;
  }

  /** The pair log ratios of comparison {@code c} from the merged rows, as the findings compute them. */
  private static double[] pairs(JsonNode rows, JsonNode c) throws ReportException {
    JmhResult a = null;
    JmhResult b = null;
    for (JmhResult r : JmhJson.parse(rows, "committed run")) {
      if (!r.benchmark().equals(c.path("benchmark").asText())) {
        continue;
      }
      if (holds(r, c.path("baseline"))) {
        a = r;
      } else if (holds(r, c.path("contender"))) {
        b = r;
      }
    }
    if (a == null || b == null || a.forks() != b.forks()) {
      return null;
    }
    return Stats.pairedChange(Findings.secondsForks(a), Findings.secondsForks(b)).logRatios();
  }

  private static boolean holds(JmhResult r, JsonNode point) {
    for (Map.Entry<String, String> e : Study.fields(point).entrySet()) {
      if (!e.getValue().equals(r.params().get(e.getKey()))) {
        return false;
      }
    }
    return true;
  }

  /**
   * One simulated comparison: blocks of two pairs drawn from {@code pool} plus {@code effect},
   * until {@code rule} stops (a pair counts as one second, so the cap is a pair budget);
   * whether the final 95% interval covers {@code effect}.
   */
  static double[] simulate(StoppingRule rule, List<Double> pool, double effect, SplittableRandom rnd) {
    List<Double> d = new ArrayList<>();
    while (true) {
      for (int k = 0; k < StoppingRule.BLOCK; k++) {
        d.add(pool.get(rnd.nextInt(pool.size())) + effect);
      }
      double[] x = d.stream().mapToDouble(Double::doubleValue).toArray();
      Optional<StoppingRule.Stop> stop = rule.decide(x, x.length, StoppingRule.BLOCK);
      if (stop.isPresent()) {
        return x;
      }
    }
  }

  @Test
  void theRulesIntervalsCoverAKnownEffectOnTheCommittedRunsPairs() throws IOException, ReportException {
    Map<String, Pool> pools = pools();
    assertTrue(pools.size() >= 6, "expected the six headline comparisons in the committed runs; found " + pools.keySet());
    List<String> report = new ArrayList<>();
    List<String> failures = new ArrayList<>();
    SplittableRandom rnd = new SplittableRandom(20261126);
    for (Pool p : pools.values()) {
      // quick mode's rule (pilots of 6 and of 4, which some families run) with a budget of 40
      // pairs, full mode's, and the quick rule at half its target so the second stage binds
      StoppingRule quick = StoppingRule.of(p.scale(), Mode.QUICK, 40, 40);
      StoppingRule tight = new StoppingRule(p.scale(), p.scale() == StoppingRule.Scale.RATIO
          ? 1 + (quick.target() - 1) / 2 : quick.target() / 2, quick.pilotPairs(), 40, 40);
      // full mode's rule as its family configures it (pilots of 10, or 6 where a family sets them),
      // and with full mode's caps as a budget of 20 pairs (a 900 s cap over pairs of about 45 s)
      int fullPilot = fullPilot(p.label());
      StoppingRule full = StoppingRule.of(p.scale(), Mode.FULL, fullPilot, 60, 60);
      StoppingRule fullCap = StoppingRule.of(p.scale(), Mode.FULL, fullPilot, 60, 20);
      // and a budget of 12 pairs, where pilots that ask for more stop at once (Stop.OUT_OF_REACH)
      StoppingRule budget = StoppingRule.of(p.scale(), Mode.QUICK, 40, 12);
      for (StoppingRule rule : List.of(quick, StoppingRule.of(p.scale(), Mode.QUICK, Stats.MIN_PAIRS, 40, 40), tight, full,
          fullCap, budget)) {
        int covered = 0;
        long pairs = 0;
        for (int t = 0; t < TRIALS; t++) {
          double[] x = simulate(rule, p.centred(), p.effect(), rnd);
          pairs += x.length;
          Stats.PairedChange c = Stats.steinChange(x, rule.pilotPairs());
          if (Math.log1p(c.ciLow() / 100) <= p.effect() && p.effect() <= Math.log1p(c.ciHigh() / 100)) {
            covered++;
          }
        }
        double coverage = covered / (double) TRIALS;
        String line = String.format("%s (%d pooled pairs, pilot %d, %s): coverage %.3f, %.1f pairs on average",
            p.label(), p.centred().size(), rule.pilotPairs(), rule.targetText(), coverage, pairs / (double) TRIALS);
        report.add(line);
        if (coverage < REQUIRED) {
          failures.add(line);
        }
      }
    }
    System.out.println(String.join("\n", report));
    assertTrue(failures.isEmpty(), "coverage below " + REQUIRED + ":\n" + String.join("\n", failures));
  }

  @Test
  void thePilotFixesThePairsAndTheCapOrTheBudgetCanStopFirst() {
    StoppingRule r = StoppingRule.of(StoppingRule.Scale.PERCENT, Mode.QUICK, 20, 100);
    double[] tight = {0.10, 0.11, 0.10, 0.11, 0.10, 0.11};
    assertEquals(6, r.pairsNeeded(tight));
    assertEquals(Optional.of(StoppingRule.Stop.WIDTH), r.decide(tight, 10, 5));
    assertEquals(Optional.empty(), r.decide(new double[] {0.10, 0.11, 0.1, 0.1}, 5, 5), "inside the pilot");
    double[] wide = {0.2, -0.2, 0.15, -0.15, 0.2, -0.2};
    int n = r.pairsNeeded(wide);
    assertTrue(n > 6 && n % StoppingRule.BLOCK == 0, "a spread pilot asks for more whole blocks: " + n);
    assertEquals(Optional.empty(), r.decide(wide, 10, 5));
    assertEquals(Optional.of(StoppingRule.Stop.CAP), r.decide(wide, 96, 5), "another block would pass the cap");
    assertEquals(Optional.of(StoppingRule.Stop.OUT_OF_REACH), r.decide(wide, 30, 15),
        "right after the pilot: the pairs asked for (" + n + ") would take 30 + " + (n - 6) / 2 + " blocks of 15 s > 100 s");
    assertEquals("cap", StoppingRule.Stop.OUT_OF_REACH.words(), "the findings say cap either way");
    double[] eight = {0.2, -0.2, 0.15, -0.15, 0.2, -0.2, 0.1, -0.1};
    assertEquals(Optional.empty(), r.decide(eight, 30, 15), "after the pilot only the cap stops: the pairs were bought");
    assertEquals(30 + 7 * 15.0, StoppingRule.projectedSeconds(6, 20, 30, 15), 1e-9);
    assertEquals(30, StoppingRule.projectedSeconds(8, 6, 30, 15), 1e-9, "nothing left to run");
    double[] wider = {0.9, -0.9, 0.8, -0.8, 0.9, -0.9};
    assertEquals(20, r.pairsNeeded(wider), "capped at the budget");
    double[] twenty = new double[20];
    System.arraycopy(wider, 0, twenty, 0, 6);
    assertEquals(Optional.of(StoppingRule.Stop.MAX_PAIRS), r.decide(twenty, 50, 5));
    assertEquals(6, new StoppingRule(StoppingRule.Scale.RATIO, 1.25, 5, 7, 10).pilotPairs(), "rounded up to a block");
    assertEquals(8, new StoppingRule(StoppingRule.Scale.RATIO, 1.25, 5, 7, 10).maxPairs());
  }

  @Test
  void aPercentWidthThatTheMeanOfAllPairsLeavesAboveTheTargetBuysAnotherBlock() {
    StoppingRule r = StoppingRule.of(StoppingRule.Scale.PERCENT, Mode.QUICK, 20, 100);
    double[] pilot = {0.10, 0.30, 0.10, 0.30, 0.10, 0.30};
    int n = r.pairsNeeded(pilot);
    assertTrue(n > pilot.length && n < r.maxPairs(), "the pilot asks for more pairs: " + n);
    double[] d = java.util.Arrays.copyOf(pilot, n);
    java.util.Arrays.fill(d, pilot.length, n, 0.5);
    assertEquals(n, r.pairsNeeded(d), "N depends on the pilot alone");
    assertFalse(r.meetsTarget(d), "at the mean of all pairs the width is above the target");
    assertEquals(Optional.empty(), r.decide(d, 10, 1), "another block while the cap allows");
    assertEquals(Optional.of(StoppingRule.Stop.CAP), r.decide(d, 99.5, 1), "the cap stops it, not 'width reached'");
    double[] same = java.util.Arrays.copyOf(pilot, n);
    for (int i = pilot.length; i < n; i++) {
      same[i] = pilot[i % pilot.length];
    }
    assertTrue(r.meetsTarget(same));
    assertEquals(Optional.of(StoppingRule.Stop.WIDTH), r.decide(same, 10, 1), "at the pilot's mean the pilot's N is enough");
  }

  @Test
  void widthIsJudgedOnTheFindingsScaleAndSteinUsesThePilotsSpread() {
    double[] d = {Math.log(2), Math.log(2.2), Math.log(1.8), Math.log(2.0)};
    Stats.PairedChange c = Stats.pairedChange(new double[][] {{1}, {1}, {1}, {1}},
        new double[][] {{2}, {2.2}, {1.8}, {2.0}});
    double ratio = StoppingRule.width(StoppingRule.Scale.RATIO, Stats.mean(d), c.halfWidthLog());
    assertEquals((100 + c.ciHigh()) / (100 + c.ciLow()), ratio, 1e-9, "ratio width is high/low of the printed interval");
    double pct = StoppingRule.width(StoppingRule.Scale.PERCENT, Stats.mean(d), c.halfWidthLog());
    assertEquals((c.ciHigh() - c.ciLow()) / 2, pct, 1e-9, "percent width is the half-width in points");
    Stats.PairedChange all = Stats.steinChange(d, 4);
    assertEquals(c.ciLow(), all.ciLow(), 1e-9, "pilot = every pair: Stein's interval is the t interval");
    double[] more = {Math.log(2), Math.log(2.2), Math.log(1.8), Math.log(2.0), Math.log(2), Math.log(2)};
    Stats.PairedChange s = Stats.steinChange(more, 4);
    assertEquals(c.halfWidthLog() * Math.sqrt(4.0 / 6), s.halfWidthLog(), 1e-9, "the pilot's spread over sqrt(n)");
    assertFalse(StoppingRule.of(StoppingRule.Scale.PERCENT, Mode.FULL, 40, 60).meetsTarget(more));
  }
}
