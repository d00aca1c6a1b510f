package io.dbbench.report.stats;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dbbench.profile.MachineState;
import io.dbbench.report.data.ForkMerge;
import io.dbbench.report.data.InterleaveJson;
import io.dbbench.report.data.JmhJson;
import io.dbbench.report.data.JmhResult;
import io.dbbench.report.data.ReportException;
import io.dbbench.report.data.Units;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.random.Well19937c;

/**
 * The analysis of {@code scripts/calibrate.sh}: merges its one-fork JMH files
 * ({@code forks/A-<i>.json}, {@code forks/B-<i>.json}) into one multi-fork JMH JSON per side
 * ({@code A.json}, {@code B.json}, and {@code B-slower10.json}: B with every iteration taking
 * exactly 1.10x the time), then measures how the statistics ({@link Stats}) behave on them:
 *
 * <ul>
 *   <li>A/A: the share of rows given a faster/slower verdict between A and B (same code, forks
 *       interleaved). Goal at most 5% (the level).</li>
 *   <li>A/B: the share of rows detecting the 10% change between A and B-slower10. Goal at least
 *       80% (the power the MDE is stated at).</li>
 *   <li>Both again over {@value #SPLITS} random splits of each row's 2N forks into n + n, for
 *       n = 4 .. N, so the figures hold for the fork counts a user would pick, not one draw.</li>
 *   <li>{@code CalibrationBenchmark.consumeCpu} at 1000 tokens (A) against 1100 (B): a real
 *       change of 10% more work.</li>
 *   <li>Per row: the MDE at N + N, the trend test, the fork-to-fork and iteration noise.</li>
 * </ul>
 *
 * <p>Writes {@code calibration.md} and {@code calibration.json} into the directory.
 */
public final class Calibration {
  /** Random splits per fork count. */
  public static final int SPLITS = 400;
  /** The known change of the A/B experiment: B takes 1.10x the time per operation. */
  public static final double FACTOR = 1.10;
  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  private static final Pattern FORK_FILE = Pattern.compile("([AB])-(\\d+)\\.json");

  private Calibration() {}

  /** {@code Calibration DIR}: merges and analyses; exit 2 on bad input. */
  public static void main(String[] args) {
    if (args.length != 1) {
      System.err.println("usage: Calibration RESULTS_DIR (a results/calibration-<UTC> directory)");
      System.exit(2);
    }
    try {
      String md = run(Path.of(args[0]));
      System.out.print(md);
    } catch (ReportException | IOException e) {
      System.err.println("calibration: " + e.getMessage());
      System.exit(2);
    }
  }

  /**
   * Merges {@code dir/forks/*.json} (when present) and analyses {@code dir/A.json} against
   * {@code dir/B.json}.
   *
   * @return the Markdown written to {@code calibration.md}
   * @throws ReportException when the directory holds neither fork files nor merged sides
   */
  public static String run(Path dir) throws ReportException, IOException {
    Path forks = dir.resolve("forks");
    if (Files.isDirectory(forks)) {
      Map<String, List<Path>> sides = forkFiles(forks);
      if (sides.get("A").isEmpty() || sides.get("B").isEmpty()) {
        throw new ReportException(forks + ": expected A-<i>.json and B-<i>.json fork files");
      }
      write(dir.resolve("A.json"), ForkMerge.merge(sides.get("A"), 1.0));
      write(dir.resolve("B.json"), ForkMerge.merge(sides.get("B"), 1.0));
      write(dir.resolve("B-slower10.json"), ForkMerge.merge(sides.get("B"), FACTOR));
    }
    List<JmhResult> a = JmhJson.read(dir.resolve("A.json"));
    List<JmhResult> b = JmhJson.read(dir.resolve("B.json"));
    List<JmhResult> b10 = JmhJson.read(dir.resolve("B-slower10.json"));
    ObjectNode json = MAPPER.createObjectNode();
    Path manifest = dir.resolve("interleave.json");
    String md = analyse(a, b, b10, json) + (Files.isRegularFile(manifest) ? machineFromManifest(manifest, json)
        : machine(forks.resolve("machine.txt"), json));
    Files.writeString(dir.resolve("calibration.md"), md, StandardCharsets.UTF_8);
    write(dir.resolve("calibration.json"), json);
    return md;
  }

  private static Map<String, List<Path>> forkFiles(Path forks) throws IOException {
    Map<String, List<Path>> sides = new LinkedHashMap<>();
    sides.put("A", new ArrayList<>());
    sides.put("B", new ArrayList<>());
    List<Path> all = new ArrayList<>();
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(forks, "*.json")) {
      ds.forEach(all::add);
    }
    all.sort((x, y) -> Integer.compare(index(x), index(y)));
    for (Path p : all) {
      Matcher m = FORK_FILE.matcher(p.getFileName().toString());
      if (m.matches()) {
        sides.get(m.group(1)).add(p);
      }
    }
    return sides;
  }

  private static int index(Path p) {
    Matcher m = FORK_FILE.matcher(p.getFileName().toString());
    return m.matches() ? Integer.parseInt(m.group(2)) : Integer.MAX_VALUE;
  }

  private static void write(Path p, JsonNode n) throws IOException {
    MAPPER.writeValue(p.toFile(), n);
  }

  /** The analysis; fills {@code json} and returns the Markdown. */
  static String analyse(List<JmhResult> a, List<JmhResult> b, List<JmhResult> b10, ObjectNode json)
      throws ReportException {
    StringBuilder md = new StringBuilder();
    Comparison aa = Comparison.of("A", a, "B", b);
    Comparison ab = Comparison.of("A", a, "B x1.10", b10);
    List<Comparison.Row> aaRows = aa.rows(Comparison.PRIMARY);
    List<Comparison.Row> abRows = ab.rows(Comparison.PRIMARY);
    int n = aaRows.stream().mapToInt(r -> Math.min(r.forksBase(), r.forksContender())).min().orElse(0);
    long aaVerdicts = aaRows.stream().filter(r -> r.verdict() == Comparison.Verdict.BETTER
        || r.verdict() == Comparison.Verdict.WORSE).count();
    long abDetected = abRows.stream().filter(r -> r.verdict() == Comparison.Verdict.WORSE).count();
    md.append("# Calibration of the report's statistics\n\n");
    md.append("Forks are the unit (exact Mann-Whitney U over per-fork means at p ≤ ").append(Stats.ALPHA)
        .append("). A/A: two interleaved sides of the same code. A/B: the same pair with every B iteration")
        .append(" taking exactly 1.10x the time.\n\n");
    md.append("## As run: ").append(n).append(" forks per side, ").append(aaRows.size()).append(" rows\n\n");
    md.append(String.format(Locale.ROOT, "- A/A: %d of %d rows (%.1f%%) got a faster/slower verdict (goal ≤ 5%%)%n",
        aaVerdicts, aaRows.size(), 100.0 * aaVerdicts / aaRows.size()));
    md.append(String.format(Locale.ROOT, "- A/B (+10%% time): %d of %d rows (%.1f%%) detected it as slower (goal ≥ 80%%)%n%n",
        abDetected, abRows.size(), 100.0 * abDetected / abRows.size()));
    json.put("forksPerSide", n);
    json.put("rows", aaRows.size());
    json.put("aaVerdictShare", (double) aaVerdicts / aaRows.size());
    json.put("abDetectedShare", (double) abDetected / abRows.size());

    md.append("| row | unit | A | B | A/A change | A/A p | A/B p | A/B verdict | MDE | fork sd | iteration sd | forks for 5% | forks for 10% | trend A | trend B |\n");
    md.append("|---|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---|---|\n");
    ArrayNode rowsJson = json.putArray("perRow");
    for (int i = 0; i < aaRows.size(); i++) {
      Comparison.Row r = aaRows.get(i);
      Comparison.Row r10 = abRows.get(i);
      Stats.Variance va = r.stats().a();
      md.append("| ").append(r.label()).append(" | ").append(r.unit()).append(" | ")
          .append(Units.num(r.base())).append(" | ").append(Units.num(r.contender())).append(" | ")
          .append(Units.pct(r.changePct())).append(" | ").append(Units.p(r.p())).append(" | ")
          .append(Units.p(r10.p())).append(" | ").append(r10.verdictWord()).append(" | ")
          .append(Units.mde(r.mdePct())).append(" | ")
          .append(String.format(Locale.ROOT, "%.1f%%", va.relativeForkSd() * 100)).append(" | ")
          .append(String.format(Locale.ROOT, "%.1f%%", va.iterationSd() / Math.abs(va.mean()) * 100)).append(" | ")
          .append(r.forksNeededText(5)).append(" | ").append(r.forksNeededText(10)).append(" | ")
          .append(trend(r.stats().trendA())).append(" | ").append(trend(r.stats().trendB())).append(" |\n");
      ObjectNode o = rowsJson.addObject();
      o.put("row", r.label());
      o.put("aaP", r.p());
      o.put("aaVerdict", r.verdictWord());
      o.put("abP", r10.p());
      o.put("abVerdict", r10.verdictWord());
      o.put("mdePct", r.mdePct());
      o.put("forkSdPct", va.relativeForkSd() * 100);
      o.put("trendA", r.stats().trendA().flagged());
      o.put("trendB", r.stats().trendB().flagged());
    }

    md.append("\n## Over random splits of each row's forks\n\n");
    md.append("Each row's 2N forks (A and B together, all the same code) split at random into n + n, ")
        .append(SPLITS).append(" times per n (seeded): the A/A share is the share of (row, split) pairs with p ≤ ")
        .append(Stats.ALPHA).append("; the A/B share the same with the second half's iterations taking 1.10x")
        .append(" the time; the MDE is the median over rows at n + n.\n\n");
    md.append("| forks per side | A/A verdicts | A/B detected | median MDE | largest MDE |\n|---:|---:|---:|---:|---:|\n");
    ArrayNode splits = json.putArray("splits");
    Map<String, double[][]> pooled = new LinkedHashMap<>();
    Map<String, Boolean> higher = new LinkedHashMap<>();
    Map<String, JmhResult> bIndex = new LinkedHashMap<>();
    b.forEach(r -> bIndex.put(r.key(), r));
    for (JmhResult ra : a) {
      JmhResult rb = bIndex.get(ra.key());
      if (rb == null) {
        continue;
      }
      double[][] fa = ra.primary().forks();
      double[][] fb = rb.primary().forks();
      double[][] all = Arrays.copyOf(fa, fa.length + fb.length);
      System.arraycopy(fb, 0, all, fa.length, fb.length);
      pooled.put(ra.label(), all);
      higher.put(ra.label(), Units.higherIsBetter(ra.primary().unit()));
    }
    int maxN = pooled.values().stream().mapToInt(f -> f.length / 2).min().orElse(0);
    RandomGenerator rng = new Well19937c(Stats.BOOTSTRAP_SEED);
    for (int k = Stats.minForksPerSide(); k <= maxN; k++) {
      long tests = 0;
      long aaHits = 0;
      long abHits = 0;
      List<Double> mdes = new ArrayList<>();
      for (Map.Entry<String, double[][]> e : pooled.entrySet()) {
        double[][] all = e.getValue();
        double scale = higher.get(e.getKey()) ? 1 / FACTOR : FACTOR;
        List<Double> rowMde = new ArrayList<>();
        for (int s = 0; s < SPLITS; s++) {
          int[] perm = permutation(all.length, rng);
          double[][] x = new double[k][];
          double[][] y = new double[k][];
          double[][] y10 = new double[k][];
          for (int i = 0; i < k; i++) {
            x[i] = all[perm[i]];
            y[i] = all[perm[k + i]];
            y10[i] = Arrays.stream(y[i]).map(v -> v * scale).toArray();
          }
          double[] mx = Stats.forkMeans(x);
          double pAa = Stats.exactMannWhitneyP(mx, Stats.forkMeans(y));
          double pAb = Stats.exactMannWhitneyP(mx, Stats.forkMeans(y10));
          tests++;
          aaHits += pAa <= Stats.ALPHA ? 1 : 0;
          boolean slower = higher.get(e.getKey()) ? Stats.mean(Stats.forkMeans(y10)) < Stats.mean(mx)
              : Stats.mean(Stats.forkMeans(y10)) > Stats.mean(mx);
          abHits += pAb <= Stats.ALPHA && slower ? 1 : 0;
          if (s < 50) {
            rowMde.add(Stats.mdePct(Stats.variance(x), Stats.variance(y)));
          }
        }
        mdes.add(Stats.median(rowMde.stream().mapToDouble(Double::doubleValue).toArray()));
      }
      double[] m = mdes.stream().mapToDouble(Double::doubleValue).toArray();
      double aaShare = (double) aaHits / tests;
      double abShare = (double) abHits / tests;
      md.append(String.format(Locale.ROOT, "| %d | %.1f%% | %.1f%% | %s | %s |%n", k, aaShare * 100,
          abShare * 100, Units.mde(Stats.median(m)), Units.mde(Arrays.stream(m).max().orElse(Double.NaN))));
      ObjectNode o = splits.addObject();
      o.put("forksPerSide", k);
      o.put("aaVerdictShare", aaShare);
      o.put("abDetectedShare", abShare);
      o.put("medianMdePct", Stats.median(m));
    }

    md.append("\n## Sanity check: consumeCpu at 1000 (A) against 1100 tokens (B)\n\n");
    JmhResult cpuA = find(a, "consumeCpu", "1000");
    JmhResult cpuB = find(b, "consumeCpu", "1100");
    if (cpuA == null || cpuB == null) {
      md.append("(not run: CalibrationBenchmark.consumeCpu with tokens=1000 and 1100 missing)\n");
    } else {
      Stats.Change c = Stats.change(cpuA.primary().forks(), cpuB.primary().forks());
      boolean detected = c.significant() && c.changePct() > 0;
      md.append(String.format(Locale.ROOT, "%s → %s ns/op: %s, 95%% CI [%s, %s], p=%s at %d+%d forks, MDE %s: %s%n",
          Units.num(cpuA.primary().score()), Units.num(cpuB.primary().score()), Units.pct(c.changePct()),
          Units.pct(c.ciLow()), Units.pct(c.ciHigh()), Units.p(c.p()), c.a().forks(), c.b().forks(),
          Units.mde(c.mdePct()), detected ? "detected as slower" : "not detected"));
      json.put("consumeCpuChangePct", c.changePct());
      json.put("consumeCpuP", c.p());
      json.put("consumeCpuDetected", detected);
    }
    return md.toString();
  }

  /**
   * The machine section from {@code io.dbbench.run.Interleave}'s {@code interleave.json} (its
   * {@code machine} list: per fork the load average before and after, steal and busy percent).
   */
  static String machineFromManifest(Path file, ObjectNode json) throws IOException {
    List<InterleaveJson.Fork> m = InterleaveJson.read(file).machine();
    MachineRange r = new MachineRange();
    int cpus = 0;
    for (InterleaveJson.Fork f : m) {
      for (Double load : java.util.Arrays.asList(f.load1Before(), f.load1After())) {
        r.load(load == null ? 0 : load);
      }
      if (f.stealPct() != null) {
        r.maxSteal = Math.max(r.maxSteal, f.stealPct());
      }
      if (f.busyPct() != null) {
        r.minBusy = Math.min(r.minBusy, f.busyPct());
      }
      cpus = Math.max(cpus, f.onlineCpus());
    }
    return r.paragraph(json, m.size(), cpus, "interleave.json");
  }

  /** The machine's range over an experiment's forks: load, steal and busy share, as the machine section states them. */
  private static final class MachineRange {
    double minLoad = Double.POSITIVE_INFINITY;
    double maxLoad = 0;
    double maxSteal = 0;
    double minBusy = 100;

    void load(double l) {
      minLoad = Math.min(minLoad, l);
      maxLoad = Math.max(maxLoad, l);
    }

    /** Puts the range into {@code json} ({@code load1Min}, {@code load1Max}, {@code stealPctMax}, {@code busyPctMin}) and returns the section. */
    String paragraph(ObjectNode json, int forks, int cpus, String source) {
      json.put("load1Min", minLoad);
      json.put("load1Max", maxLoad);
      json.put("stealPctMax", maxSteal);
      json.put("busyPctMin", minBusy);
      return String.format(Locale.ROOT, "%n## The machine during the experiment%n%n%d forks; 1-minute load average"
          + " from %.1f to %.1f on %d CPUs; CPU time busy at least %.0f%% during every fork; at most %.1f%%"
          + " stolen by the hypervisor (%s).%n", forks, minLoad, maxLoad, cpus, minBusy, maxSteal, source);
    }
  }

  /**
   * The machine during the experiment from {@code forks/machine.txt} (lines {@code <side>-<i>
   * before|after <load1> <load5> <load15> cpu <user> <nice> <system> <idle> <iowait> <irq>
   * <softirq> <steal> ...}, written by the script): load range, CPU busy and steal per fork.
   */
  static String machine(Path file, ObjectNode json) throws IOException {
    if (!Files.isRegularFile(file)) {
      return "";
    }
    Map<String, MachineState> before = new LinkedHashMap<>();
    MachineRange r = new MachineRange();
    int forks = 0;
    int cpus = MachineState.read().onlineCpus();
    for (String line : Files.readAllLines(file)) {
      String[] f = line.trim().split("\\s+", 6);
      if (f.length < 6) {
        continue;
      }
      double[] load = MachineState.parseLoadavg(f[2] + " " + f[3] + " " + f[4]);
      MachineState s = new MachineState(load[0], load[1], load[2], cpus, MachineState.parseProcStat(f[5]), 0);
      r.load(load[0]);
      if (f[1].equals("before")) {
        before.put(f[0], s);
      } else if (before.containsKey(f[0])) {
        MachineState.Interval i = new MachineState.Interval(before.get(f[0]), s);
        r.maxSteal = Math.max(r.maxSteal, i.stealPct());
        r.minBusy = Math.min(r.minBusy, i.busyPct());
        forks++;
      }
    }
    return r.paragraph(json, forks, cpus, "forks/machine.txt");
  }

  private static String trend(Stats.Trend t) {
    return t.flagged() ? t.direction() + " " + Units.pct(t.driftPct()) : "";
  }

  private static JmhResult find(List<JmhResult> rs, String method, String tokens) {
    return rs.stream().filter(r -> r.method().equals(method) && tokens.equals(r.params().get("tokens")))
        .findFirst().orElse(null);
  }

  private static int[] permutation(int n, RandomGenerator rng) {
    int[] p = new int[n];
    for (int i = 0; i < n; i++) {
      p[i] = i;
    }
    for (int i = n - 1; i > 0; i--) {
      int j = rng.nextInt(i + 1);
      int t = p[i];
      p[i] = p[j];
      p[j] = t;
    }
    return p;
  }
}
