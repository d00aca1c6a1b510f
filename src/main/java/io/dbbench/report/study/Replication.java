package io.dbbench.report.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbbench.report.data.ReportException;
import io.dbbench.report.stats.Finding;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Whether the comparison findings of two runs of the same code replicate: the two runs'
 * {@code findings.json} (written by {@link Findings#write}) matched finding by finding, each pair
 * judged from its intervals only.
 *
 * <p>A pair of comparison findings (same study, benchmark, metric, unit, baseline and contender
 * parameters) <em>replicates</em> when (1) it is not significant in both runs with opposite signs
 * (each interval excluding {@code no_change} on a different side) and (2) the two 95% intervals
 * overlap. A pair whose intervals are missing on either side cannot be judged, and a pair either
 * of whose findings was measured under load ({@code under_load} in {@code findings.json}: other
 * processes used more than 10% of the CPUs, or the hypervisor stole more than 5%, during one of
 * its forks) is not comparable: the load can change a result's size, not only its noise. The rule is the
 * one the interleaving work set for the suite's headline comparisons: a finding that a second run
 * of the same code cannot reproduce is not a finding.
 */
public final class Replication {
  private static final ObjectMapper JSON = new ObjectMapper();

  private Replication() {}

  /** The verdict on one matched pair. */
  public enum Verdict {
    /** Not significant with opposite signs, and the intervals overlap. */
    REPLICATES("replicates"),
    /** Significant in both runs with opposite signs, or the intervals do not overlap. */
    DOES_NOT_REPLICATE("does not replicate"),
    /** An interval is missing on a side, or the finding is in one run only. */
    CANNOT_JUDGE("cannot judge"),
    /** Either run's finding was measured under load. */
    NOT_COMPARABLE("not comparable");

    private final String words;

    Verdict(String words) {
      this.words = words;
    }

    /** The verdict as the table prints it. */
    public String words() {
      return words;
    }
  }

  /**
   * One comparison finding in both runs.
   *
   * @param key the study, benchmark and parameter points that identify it
   * @param unit the estimate's unit ({@code %} change in time or {@code x} speed-up)
   * @param a the first run's finding object, or null when absent
   * @param b the second run's finding object, or null when absent
   * @param verdict the judgement
   * @param why the reason in words
   */
  public record Pair(String key, String unit, JsonNode a, JsonNode b, Verdict verdict, String why) {}

  /**
   * Matches the comparison findings of two run directories and judges each pair.
   *
   * @param runA the first run directory (holding {@code findings.json})
   * @param runB the second run directory
   * @return one pair per comparison finding present in either run, in the first run's order
   * @throws ReportException when either run has no readable {@code findings.json}
   */
  public static List<Pair> of(Path runA, Path runB) throws ReportException {
    Map<String, JsonNode> a = comparisons(runA);
    Map<String, JsonNode> b = comparisons(runB);
    Map<String, JsonNode[]> both = new LinkedHashMap<>();
    a.forEach((k, v) -> both.computeIfAbsent(k, x -> new JsonNode[2])[0] = v);
    b.forEach((k, v) -> both.computeIfAbsent(k, x -> new JsonNode[2])[1] = v);
    List<Pair> out = new ArrayList<>();
    both.forEach((k, v) -> out.add(judge(k, v[0], v[1])));
    return out;
  }

  /** Judges one pair; either side may be null (the finding is in one run only). */
  static Pair judge(String key, JsonNode a, JsonNode b) {
    String unit = (a != null ? a : b).path("unit").asText();
    if (a == null || b == null) {
      return new Pair(key, unit, a, b, Verdict.CANNOT_JUDGE, "in one run only");
    }
    if (a.path("under_load").asBoolean(false) || b.path("under_load").asBoolean(false)) {
      String which = a.path("under_load").asBoolean(false) && b.path("under_load").asBoolean(false) ? "both runs"
          : a.path("under_load").asBoolean(false) ? "the first run" : "the second run";
      return new Pair(key, unit, a, b, Verdict.NOT_COMPARABLE, "measured under load in " + which + " (other processes "
          + "used more than 10% of the CPUs or the hypervisor stole more than 5% during a fork)");
    }
    if (!hasInterval(a) || !hasInterval(b)) {
      return new Pair(key, unit, a, b, Verdict.CANNOT_JUDGE, "no interval in " + (hasInterval(a) ? "the second" : "the first") + " run");
    }
    int sa = side(a);
    int sb = side(b);
    if (sa != 0 && sb != 0 && sa != sb) {
      return new Pair(key, unit, a, b, Verdict.DOES_NOT_REPLICATE, "significant in both runs with opposite signs");
    }
    double lo = Math.max(a.path("ci_low").asDouble(), b.path("ci_low").asDouble());
    double hi = Math.min(a.path("ci_high").asDouble(), b.path("ci_high").asDouble());
    if (lo > hi) {
      return new Pair(key, unit, a, b, Verdict.DOES_NOT_REPLICATE, "the intervals do not overlap");
    }
    String signs = sa != 0 && sa == sb ? "significant in both runs, same sign; " : sa == 0 && sb == 0
        ? "significant in neither run; " : "significant in one run only; ";
    return new Pair(key, unit, a, b, Verdict.REPLICATES, signs + "the intervals overlap");
  }

  /** -1, 0 or +1: the interval lies below, includes or lies above {@code no_change}. */
  static int side(JsonNode f) {
    double none = f.path("no_change").asDouble();
    if (f.path("ci_low").asDouble() > none) {
      return 1;
    }
    return f.path("ci_high").asDouble() < none ? -1 : 0;
  }

  private static boolean hasInterval(JsonNode f) {
    return f.path("ci_low").isNumber() && f.path("ci_high").isNumber() && f.path("no_change").isNumber();
  }

  private static Map<String, JsonNode> comparisons(Path run) throws ReportException {
    Path file = run.resolve(Finding.FILE);
    if (!Files.isRegularFile(file)) {
      throw new ReportException(file + ": missing (expected a run directory the report rendered, with " + Finding.FILE + ")");
    }
    JsonNode all;
    try {
      all = JSON.readTree(file.toFile());
    } catch (IOException e) {
      throw new ReportException(file + ": not readable JSON (" + e.getMessage() + ")");
    }
    if (!all.isArray()) {
      throw new ReportException(file + ": expected a JSON array of findings");
    }
    Map<String, JsonNode> out = new LinkedHashMap<>();
    for (JsonNode f : all) {
      if (f.path("kind").asText().equals("comparison")) {
        out.put(key(f), f);
      }
    }
    return out;
  }

  /** study benchmark {baseline} -> {contender} unit; parameter maps in key order. */
  static String key(JsonNode f) {
    String bench = f.path("benchmark").asText();
    bench = bench.substring(bench.lastIndexOf('.', bench.lastIndexOf('.') - 1) + 1);
    return f.path("study").asText() + " " + bench + " " + params(f.path("baseline")) + " -> "
        + params(f.path("contender")) + " " + f.path("unit").asText();
  }

  private static String params(JsonNode m) {
    Map<String, String> sorted = new TreeMap<>();
    m.fields().forEachRemaining(e -> sorted.put(e.getKey(), e.getValue().asText()));
    return sorted.toString();
  }

  /**
   * The pairs as a Markdown table: finding, each run's estimate with its interval, forks and
   * order, and the verdict.
   */
  public static String markdown(String nameA, String nameB, List<Pair> pairs) {
    StringBuilder sb = new StringBuilder();
    sb.append("| finding | ").append(nameA).append(" | ").append(nameB).append(" | verdict |\n");
    sb.append("|---|---|---|---|\n");
    for (Pair p : pairs) {
      sb.append("| ").append(p.key().replace("|", "\\|")).append(" | ").append(cell(p.a(), p.unit()))
          .append(" | ").append(cell(p.b(), p.unit())).append(" | ").append(p.verdict().words()).append(": ")
          .append(p.why()).append(" |\n");
    }
    return sb.toString();
  }

  private static String cell(JsonNode f, String unit) {
    if (f == null) {
      return "absent";
    }
    if (!f.path("ci_low").isNumber()) {
      return fmt(f.path("estimate").asDouble(), unit) + ", no interval";
    }
    return fmt(f.path("estimate").asDouble(), unit) + " [" + fmt(f.path("ci_low").asDouble(), unit) + ", "
        + fmt(f.path("ci_high").asDouble(), unit) + "], " + f.path("forks_baseline").asInt() + "+"
        + f.path("forks_contender").asInt() + " forks " + f.path("order").asText();
  }

  private static String fmt(double v, String unit) {
    return unit.equals("%") ? String.format(Locale.ROOT, "%+.1f%%", v) : String.format(Locale.ROOT, "%.2f%s", v, unit);
  }
}
