package io.dbbench.report.study;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.dbbench.report.data.FindingsJson;
import io.dbbench.report.data.ManifestJson;
import io.dbbench.report.data.ReportException;
import io.dbbench.report.data.Run;
import io.dbbench.report.data.RunManifest;
import io.dbbench.report.render.Charts;
import io.dbbench.report.render.Doc;
import io.dbbench.report.render.HtmlReport;
import io.dbbench.report.render.MarkdownReport;
import io.dbbench.report.stats.EDivisive;
import io.dbbench.report.stats.Finding;
import io.dbbench.report.stats.Stats;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Every finding of every committed run as a series over time: {@code report history RESULTS_DIR}
 * writes {@value #JSON}, {@value #MD} and a self-contained {@value #HTML}.
 *
 * <p>A series is one finding's identity ({@link #identity}): its study, benchmark, kind and unit,
 * the compared parameter with its two values, the parameters both sides share, and the mode
 * (quick or full measure with different pairs and iterations, so they are different series). A
 * renamed parameter or a new contender is a new identity and starts a new series; nothing joins an
 * old one silently. Each point is one run's finding (its {@code findings.json}, or the findings
 * the run's {@code jmh.json} and {@code env.json} give today for runs written before that file
 * existed) with its interval, pairs, stop, machine-state mark, mode and commit, and whether the
 * code that produces the finding changed since the series' previous point (the family's packages,
 * the orchestration and the measurement code, from {@code git log}; unknown without git).
 *
 * <p>Change points: {@link EDivisive} on the natural logarithm of the estimates ({@code ln(1 + p/100)}
 * for a change in time), runs marked under load left out of the detection and shown. Each change
 * point names the last run before the step and the first after it, their commits, the two
 * segments' geometric means and the step with its 95% Welch interval on the logarithms.
 */
public final class History {
  /** The files {@link #write} writes. */
  public static final String JSON = "history.json";
  public static final String MD = "history.md";
  public static final String HTML = "history.html";
  /** history.json's schema version. */
  public static final int SCHEMA_VERSION = 1;

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private History() {}

  /** Lists the commits between two commits that touched some paths; {@code null} when it cannot tell. */
  public interface Commits {
    /**
     * The abbreviated hashes of the commits after {@code from} up to {@code to} that touched one
     * of {@code paths}, newest first; {@code null} when unknown (no git, an unknown commit).
     */
    List<String> between(String from, String to, List<String> paths);
  }

  /**
   * One run's value of a series.
   *
   * @param run the run directory's name (its UTC start)
   * @param commit the commit it ran ({@code git_commit}), or empty
   * @param mode {@code quick} or {@code full}
   * @param estimate the finding's estimate in the series' unit
   * @param ciLow its 95% interval's low bound, {@code null} without one
   * @param ciHigh its high bound
   * @param pairs interleaved pairs, 0 when not a headline comparison
   * @param stop why its pairs stopped ({@code width reached}, {@code cap}), or empty
   * @param underLoad whether its forks shared the cores or were stolen from (left out of the detection)
   * @param codeChanged the commits since the series' previous point that touched the code producing
   *     it; empty when none did, {@code null} when unknown (the first point, or no git)
   */
  public record Point(String run, String commit, String mode, double estimate, Double ciLow, Double ciHigh, int pairs,
      String stop, boolean underLoad, List<String> codeChanged) {}

  /**
   * Where a series moved.
   *
   * @param lastBefore the last run before the step
   * @param firstAfter the first run after it
   * @param commitBefore the commit of {@code lastBefore}
   * @param commitAfter the commit of {@code firstAfter}
   * @param before the geometric mean of the segment before, in the series' unit
   * @param after the same of the segment after
   * @param stepPct the step as a percent change of the logarithmic scale's values (after / before - 1)
   * @param stepLow its 95% Welch interval's low bound, percent ({@code null} with segments too short)
   * @param stepHigh its high bound
   * @param p the E-Divisive permutation test's p-value
   */
  public record Step(String lastBefore, String firstAfter, String commitBefore, String commitAfter, double before,
      double after, double stepPct, Double stepLow, Double stepHigh, double p) {}

  /**
   * One finding's series.
   *
   * @param id its identity in words ({@link #identity}), also its anchor in {@value #HTML}
   * @param study the study's id
   * @param title the study's title
   * @param question the finding's question
   * @param benchmark the benchmark method
   * @param kind {@code comparison} or {@code absolute}
   * @param unit {@code %}, {@code x} or the absolute unit
   * @param compared {@code param=a->b}, or empty for an absolute finding
   * @param fixed the parameters both sides share (the measured row's for an absolute finding)
   * @param mode {@code quick} or {@code full}
   * @param published the study's figure in the unit, {@code null} when none
   * @param points every run that measured it, oldest first
   * @param changePoints where it moved, oldest first
   */
  public record Series(String id, String study, String title, String question, String benchmark, String kind,
      String unit, String compared, Map<String, String> fixed, String mode, Double published, List<Point> points,
      List<Step> changePoints) {
    /** The anchor of its section in {@value #HTML}. */
    public String anchor() {
      return "s-" + id.replaceAll("[^A-Za-z0-9]+", "-").toLowerCase(Locale.ROOT);
    }
  }

  /**
   * A run directory left out of the history because it cannot be read as a run.
   *
   * @param run the directory's name
   * @param reason why, naming the file (an env.json whose {@code git_commit} is not a commit id, a
   *     findings.json that is not JSON)
   */
  public record Unreadable(String run, String reason) {}

  /**
   * The whole history ({@value #JSON}).
   *
   * @param unreadable the run directories left out, each with its reason (empty when none)
   */
  public record Document(int schemaVersion, String resultsDir, List<String> runs, List<Series> series,
      List<Unreadable> unreadable) {
    /** Without {@code unreadable} (a history.json written before it existed reads with none). */
    public Document {
      unreadable = unreadable == null ? List.of() : List.copyOf(unreadable);
    }
  }

  /**
   * A finding's identity: {@code study | Class.method | kind unit | compared | fixed | mode}.
   */
  public static String identity(FindingsJson.Entry e, String mode) {
    String compared = comparedOf(e);
    Map<String, String> fixed = fixedOf(e);
    String bench = e.benchmark() == null ? "" : e.benchmark().substring(e.benchmark().lastIndexOf('.',
        e.benchmark().lastIndexOf('.') - 1) + 1);
    return e.study() + " | " + bench + " | " + e.kind() + " " + e.unit() + (compared.isEmpty() ? "" : " | " + compared)
        + " | " + Study.paramsText(fixed) + " | " + mode;
  }

  /**
   * The one series of {@code series} that {@code e} continues although its identity differs: same
   * study, benchmark, kind, unit, compared params and mode, and fixed params that agree wherever
   * both have them, the rest held by one side only (a {@code @Param} added between runs, such as
   * the graph family's {@code engine=kuzu}); null when none or more than one does.
   */
  static Series nearSeries(java.util.Collection<Series> series, FindingsJson.Entry e, String mode) {
    String compared = comparedOf(e);
    Map<String, String> fixed = fixedOf(e);
    Series found = null;
    for (Series s : series) {
      if (!java.util.Objects.equals(s.study(), e.study()) || !java.util.Objects.equals(s.benchmark(), e.benchmark())
          || !java.util.Objects.equals(s.kind(), e.kind()) || !java.util.Objects.equals(s.unit(), e.unit())
          || !s.compared().equals(compared) || !s.mode().equals(mode)) {
        continue;
      }
      if (addedParams(s.fixed(), fixed) != null) {
        if (found != null) {
          return null;
        }
        found = s;
      }
    }
    return found;
  }

  /**
   * The params by which two comparisons' fixed params differ although they agree wherever both
   * have them: {@code name=value} of each param one of them lacks, sorted, joined by {@code ", "}
   * (empty when they hold the same params); null when a param both hold has two values. What lets a
   * finding continue across a {@code @Param} added between runs (here and in {@link Replication}).
   */
  static String addedParams(Map<String, String> a, Map<String, String> b) {
    java.util.TreeSet<String> extra = new java.util.TreeSet<>();
    return onlyIn(a, b, extra) && onlyIn(b, a, extra) ? String.join(", ", extra) : null;
  }

  /** Adds {@code name=value} of each param of {@code a} that {@code b} lacks; false when one both hold differs. */
  private static boolean onlyIn(Map<String, String> a, Map<String, String> b, java.util.Set<String> extra) {
    for (Map.Entry<String, String> x : a.entrySet()) {
      String other = b.get(x.getKey());
      if (other == null) {
        extra.add(x.getKey() + "=" + x.getValue());
      } else if (!other.equals(x.getValue())) {
        return false;
      }
    }
    return true;
  }

  /** The params a finding compares, {@code name=base->contender} ({@link #compared}). */
  static String comparedOf(FindingsJson.Entry e) {
    return compared(sorted(e.baseline()), sorted(e.contender()));
  }

  /** The params a finding holds fixed on both sides (all of an absolute finding's), in name order. */
  static Map<String, String> fixedOf(FindingsJson.Entry e) {
    return fixed(sorted(e.baseline()), sorted(e.contender()));
  }

  private static Map<String, String> sorted(Map<String, String> m) {
    return m == null ? Map.of() : new TreeMap<>(m);
  }

  private static String compared(Map<String, String> base, Map<String, String> cont) {
    List<String> parts = new ArrayList<>();
    cont.forEach((k, v) -> {
      String a = base.get(k);
      if (a != null && !a.equals(v)) {
        parts.add(k + "=" + a + "->" + v);
      }
    });
    return String.join(" ", parts);
  }

  private static Map<String, String> fixed(Map<String, String> base, Map<String, String> cont) {
    Map<String, String> out = new TreeMap<>();
    base.forEach((k, v) -> {
      if (cont.isEmpty() || v.equals(cont.get(k))) {
        out.put(k, v);
      }
    });
    return out;
  }

  /**
   * The run directories under {@code resultsDir}, by name: those with a {@code jmh.json} and an
   * {@code env.json}, except the shards of a sharded run (their merged run stands for them) and runs
   * still marked {@link Run#INCOMPLETE}.
   */
  public static List<Path> runs(Path resultsDir) throws IOException {
    return runs(resultsDir, new ArrayList<>());
  }

  /**
   * {@link #runs(Path)}, adding to {@code unreadable} each run directory whose env.json cannot be
   * read as a manifest, with the reason.
   */
  static List<Path> runs(Path resultsDir, List<Unreadable> unreadable) throws IOException {
    List<Path> out = new ArrayList<>();
    try (Stream<Path> s = Files.list(resultsDir)) {
      for (Path d : s.filter(d -> Files.exists(d.resolve(Run.INCOMPLETE), java.nio.file.LinkOption.NOFOLLOW_LINKS))
          .sorted().toList()) {
        Path marker = d.resolve(Run.INCOMPLETE);
        String said = "it cannot be read";
        if (Files.isRegularFile(marker, java.nio.file.LinkOption.NOFOLLOW_LINKS)) { // a link is not followed
          try (java.io.InputStream in = Files.newInputStream(marker)) {
            said = new String(in.readNBytes(300), StandardCharsets.UTF_8).lines().findFirst().orElse("");
          } catch (IOException e) {
            // said stays
          }
        }
        unreadable.add(new Unreadable(d.getFileName().toString(), "incomplete: " + marker + " is still there ("
            + oneLine(said) + ")"));
      }
    }
    Path root = resultsDir.toRealPath();
    try (Stream<Path> s = Files.list(resultsDir)) {
      for (Path d : s.filter(d -> Files.isRegularFile(d.resolve("jmh.json")) && Files.isRegularFile(d.resolve("env.json"))
          && !Files.exists(d.resolve(Run.INCOMPLETE), java.nio.file.LinkOption.NOFOLLOW_LINKS)).sorted().toList()) {
        // a run directory reads nothing through a link that leaves it (or, the directory itself, the results)
        try {
          if (!d.toRealPath().startsWith(root)) {
            throw new io.dbbench.core.FileTrees.LinkOutsideException(d, d + " is a symbolic link to "
                + Files.readSymbolicLink(d) + ", outside " + resultsDir);
          }
          io.dbbench.core.FileTrees.requireLinksInside(d);
        } catch (io.dbbench.core.FileTrees.LinkOutsideException e) {
          unreadable.add(new Unreadable(d.getFileName().toString(), oneLine(e.getMessage())));
          continue;
        }
        try {
          if (ManifestJson.read(d.resolve("env.json")).shard() == null) {
            out.add(d);
          }
        } catch (ReportException e) {
          unreadable.add(new Unreadable(d.getFileName().toString(), oneLine(e.getMessage())));
        }
      }
    }
    return out;
  }

  private static String oneLine(String s) {
    return String.valueOf(s).replace('\n', ' ').replace('\r', ' ');
  }

  /**
   * The history of every run under {@code resultsDir}.
   *
   * <p>A run whose files cannot be read (its env.json not a manifest, its findings.json not
   * findings) is left out and listed in {@link Document#unreadable} with its reason; the rest are read.
   *
   * @throws ReportException never for one run's files (those are listed in {@link Document#unreadable})
   * @throws IOException when the results directory cannot be listed
   */
  public static Document build(Path resultsDir, Commits commits, EDivisive detector) throws ReportException,
      IOException {
    Map<String, Series> byId = new LinkedHashMap<>();
    Map<String, List<Point>> points = new LinkedHashMap<>();
    List<String> runNames = new ArrayList<>();
    List<Unreadable> unreadable = new ArrayList<>();
    for (Path dir : runs(resultsDir, unreadable)) {
      RunManifest m;
      List<FindingsJson.Entry> entries;
      try {
        m = ManifestJson.read(dir.resolve("env.json"));
        entries = entries(dir);
      } catch (ReportException | IOException | RuntimeException e) {
        unreadable.add(new Unreadable(dir.getFileName().toString(), oneLine(e.getMessage())));
        continue;
      }
      String mode = m.job() == null || m.job().mode() == null ? "quick" : m.job().mode();
      String commit = m.host() == null || m.host().gitCommit() == null ? "" : m.host().gitCommit();
      if (entries.isEmpty()) {
        continue;
      }
      runNames.add(dir.getFileName().toString());
      for (FindingsJson.Entry e : entries) {
        if (e.estimate() == null || !Double.isFinite(e.estimate()) || e.kind() == null) {
          continue; // a finding this run did not measure
        }
        String id = identity(e, mode);
        if (!byId.containsKey(id)) {
          Series near = nearSeries(byId.values(), e, mode);
          if (near != null) {
            // the series now holds the added param fixed too, so another value of it starts a series of its own
            Map<String, String> union = new TreeMap<>(near.fixed());
            union.putAll(fixedOf(e));
            byId.put(near.id(), new Series(near.id(), near.study(), near.title(), near.question(), near.benchmark(),
                near.kind(), near.unit(), near.compared(), union, near.mode(), near.published(), List.of(), List.of()));
            id = near.id();
          }
        }
        Series s = byId.get(id);
        if (s == null) {
          s = new Series(id, e.study(), e.title(), e.question(), e.benchmark(), e.kind(), e.unit(), comparedOf(e),
              fixedOf(e), mode, e.published() == null ? null : e.published().value(), List.of(), List.of());
          byId.put(id, s);
          points.put(id, new ArrayList<>());
        }
        List<Point> ps = points.get(id);
        List<String> changed = null;
        if (!ps.isEmpty() && commits != null && !commit.isEmpty() && !ps.get(ps.size() - 1).commit().isEmpty()) {
          changed = commits.between(ps.get(ps.size() - 1).commit(), commit, codePaths(e.benchmark()));
        }
        int pairs = e.sampling() == null ? 0 : e.sampling().pairs();
        String stop = e.sampling() == null || e.sampling().stop() == null ? "" : e.sampling().stop();
        ps.add(new Point(dir.getFileName().toString(), commit, mode, e.estimate(), e.ciLow(), e.ciHigh(), pairs, stop,
            e.underLoad(), changed));
      }
    }
    List<Series> out = new ArrayList<>();
    byId.forEach((id, s) -> {
      List<Point> ps = List.copyOf(points.get(id));
      out.add(new Series(s.id(), s.study(), s.title(), s.question(), s.benchmark(), s.kind(), s.unit(), s.compared(),
          s.fixed(), s.mode(), s.published(), ps, steps(ps, s.unit(), detector)));
    });
    return new Document(SCHEMA_VERSION, resultsDir.toString(), List.copyOf(runNames), List.copyOf(out), unreadable);
  }

  /**
   * A run's findings: its {@code findings.json} when it has one, else what today's code finds in its
   * {@code jmh.json} and {@code env.json} (runs written before that file existed).
   */
  static List<FindingsJson.Entry> entries(Path dir) throws IOException, ReportException {
    if (Files.isRegularFile(dir.resolve(FindingsJson.FILE))) {
      return FindingsJson.read(dir);
    }
    List<FindingsJson.Entry> out = new ArrayList<>();
    for (Finding fi : Findings.of(Run.load(dir))) {
      out.add(fi.toEntry());
    }
    return out;
  }

  /**
   * The paths whose commits can change a finding of {@code benchmark}: its family's packages in
   * both source trees and its resources, and the shared measurement and orchestration code.
   */
  static List<String> codePaths(String benchmark) {
    String[] parts = benchmark == null ? new String[0] : benchmark.split("\\.");
    String pkg = parts.length > 3 && parts[2].matches("[A-Za-z_][A-Za-z0-9_]*") ? parts[2] : "";
    List<String> out = new ArrayList<>();
    if (!pkg.isEmpty()) {
      out.add("src/jmh/java/io/dbbench/" + pkg);
      out.add("src/main/java/io/dbbench/" + pkg);
      out.add("src/main/resources/io/dbbench/" + pkg);
    }
    out.addAll(List.of("src/main/java/io/dbbench/run", "src/main/java/io/dbbench/core", "src/main/java/io/dbbench/load",
        "src/main/java/io/dbbench/profile", "src/jmh/java/io/dbbench/BenchmarkDefaults.java"));
    return out;
  }

  /** The value a series' detection reads: the logarithm of a ratio or of a figure, ln(1 + p/100) of a change. */
  static double log(double estimate, String unit) {
    return unit.equals("%") ? Math.log1p(estimate / 100) : Math.log(estimate);
  }

  private static double unlog(double v, String unit) {
    return unit.equals("%") ? Math.expm1(v) * 100 : Math.exp(v);
  }

  /** The change points of one series' points, under-load runs left out. */
  static List<Step> steps(List<Point> ps, String unit, EDivisive detector) {
    List<Integer> used = new ArrayList<>();
    for (int i = 0; i < ps.size(); i++) {
      double v = log(ps.get(i).estimate(), unit);
      if (!ps.get(i).underLoad() && Double.isFinite(v)) {
        used.add(i);
      }
    }
    double[] z = used.stream().mapToDouble(i -> log(ps.get(i).estimate(), unit)).toArray();
    List<EDivisive.ChangePoint> cps = z.length < 2 * detector.minSegment() ? List.of() : detector.changePoints(z);
    List<Step> out = new ArrayList<>();
    for (int c = 0; c < cps.size(); c++) {
      int from = c == 0 ? 0 : cps.get(c - 1).index();
      int at = cps.get(c).index();
      int to = c + 1 < cps.size() ? cps.get(c + 1).index() : z.length;
      double[] a = java.util.Arrays.copyOfRange(z, from, at);
      double[] b = java.util.Arrays.copyOfRange(z, at, to);
      double d = Stats.mean(b) - Stats.mean(a);
      Double lo = null;
      Double hi = null;
      if (a.length >= 2 && b.length >= 2) {
        double va = variance(a) / a.length;
        double vb = variance(b) / b.length;
        double se = Math.sqrt(va + vb);
        double df = (va + vb) * (va + vb) / (va * va / (a.length - 1) + vb * vb / (b.length - 1));
        double t = se == 0 ? 0 : new TDistribution(Math.max(1, df)).inverseCumulativeProbability(0.975);
        lo = Math.expm1(d - t * se) * 100;
        hi = Math.expm1(d + t * se) * 100;
      }
      Point last = ps.get(used.get(at - 1));
      Point first = ps.get(used.get(at));
      out.add(new Step(last.run(), first.run(), last.commit(), first.commit(), unlog(Stats.mean(a), unit),
          unlog(Stats.mean(b), unit), Math.expm1(d) * 100, lo, hi, cps.get(c).p()));
    }
    return out;
  }

  private static double variance(double[] x) {
    double m = Stats.mean(x);
    double s = 0;
    for (double v : x) {
      s += (v - m) * (v - m);
    }
    return s / (x.length - 1);
  }

  /** One change point in words: "moved from X to Y between run A and run B; commits a..b". */
  public static String sentence(Series s, Step st) {
    // a change in time steps as the ratio contender/baseline it stands for; a ratio or a figure as itself
    String step = st.stepLow() == null ? "" : String.format(Locale.ROOT, ", a step of %+.1f%% [%+.1f, %+.1f]%s",
        st.stepPct(), st.stepLow(), st.stepHigh(), s.unit().equals("%") ? " in the time ratio" : "");
    return s.study() + ", " + s.question() + " (" + s.mode() + "): moved from " + Finding.figure(st.before(), s.unit())
        + " to " + Finding.figure(st.after(), s.unit()) + step + " between run " + st.lastBefore() + " and run "
        + st.firstAfter() + "; commits " + shortCommit(st.commitBefore()) + ".." + shortCommit(st.commitAfter());
  }

  private static String shortCommit(String c) {
    return c == null || c.isEmpty() ? "?" : c.substring(0, Math.min(7, c.length()));
  }

  /**
   * The history as a document: change points in words first, one summary line per series, then a
   * section per series with its chart (estimate and interval per run, the study's figure as a
   * reference line) and its points.
   */
  public static Doc doc(Document h) {
    Doc doc = new Doc("dbbench findings over time");
    Doc.Section first = doc.section(2, "Change points");
    first.text(h.runs().size() + " runs under " + h.resultsDir() + ", " + h.series().size() + " findings. A change point"
        + " is where a finding's series steps (E-Divisive means with a permutation test, p <= "
        + EDivisive.DEFAULT.pValue() + ", at least " + EDivisive.DEFAULT.minSegment() + " runs either side; runs"
        + " marked under load are shown but left out of the detection).");
    List<String> said = new ArrayList<>();
    for (Series s : h.series()) {
      for (Step st : s.changePoints()) {
        said.add(sentence(s, st));
      }
    }
    first.text(said.isEmpty() ? "No finding moved." : String.join("\n\n", said));
    Doc.TableBuilder t = new Doc.TableBuilder().col("study").col("finding").col("mode").num("runs").col("newest")
        .col("range over the runs").col("last change point");
    for (Series s : h.series()) {
      Point newest = s.points().get(s.points().size() - 1);
      double lo = s.points().stream().mapToDouble(Point::estimate).min().orElse(Double.NaN);
      double hi = s.points().stream().mapToDouble(Point::estimate).max().orElse(Double.NaN);
      Step last = s.changePoints().isEmpty() ? null : s.changePoints().get(s.changePoints().size() - 1);
      t.row(List.of(s.study(), s.question() + (s.compared().isEmpty() ? "" : " [" + s.compared() + "]"), s.mode(),
          Integer.toString(s.points().size()), Finding.figure(newest.estimate(), s.unit()) + " (" + newest.run() + ")",
          Finding.figure(lo, s.unit()) + " to " + Finding.figure(hi, s.unit()),
          last == null ? "none" : Finding.figure(last.before(), s.unit()) + " -> " + Finding.figure(last.after(), s.unit())
              + " at " + last.firstAfter()));
    }
    doc.section(2, "Every finding").add(t.build());
    int k = 0;
    for (Series s : h.series()) {
      Doc.Section sec = doc.section(3, s.study() + ": " + s.question() + " (" + s.mode() + ")");
      sec.id = s.anchor();
      sec.text("Identity: " + s.id() + ". The study's figure: " + (s.published() == null ? "none published"
          : Finding.figure(s.published(), s.unit())) + ".");
      List<Double> x = new ArrayList<>();
      List<Double> est = new ArrayList<>();
      List<Double> lo = new ArrayList<>();
      List<Double> hi = new ArrayList<>();
      List<Double> pub = new ArrayList<>();
      for (int i = 0; i < s.points().size(); i++) {
        Point p = s.points().get(i);
        x.add(i + 1.0);
        est.add(p.estimate());
        lo.add(p.ciLow() == null ? p.estimate() : p.ciLow());
        hi.add(p.ciHigh() == null ? p.estimate() : p.ciHigh());
        if (s.published() != null) {
          pub.add(s.published());
        }
      }
      List<Charts.Series> lines = new ArrayList<>(List.of(new Charts.Series("estimate", x, est),
          new Charts.Series("95% low", x, lo), new Charts.Series("95% high", x, hi)));
      if (!pub.isEmpty()) {
        lines.add(new Charts.Series("the study's figure", x, pub));
      }
      sec.add(Charts.lines("history-" + (++k), s.question(), "run (oldest first)", s.unit(), lines, false));
      Doc.TableBuilder pt = new Doc.TableBuilder().num("#").col("run").col("mode").col("commit").num("estimate")
          .num("95% interval").num("pairs").col("stop").col("under load").col("code changed since the previous run");
      for (int i = 0; i < s.points().size(); i++) {
        Point p = s.points().get(i);
        pt.row(List.of(Integer.toString(i + 1), p.run(), p.mode(), shortCommit(p.commit()),
            Finding.figure(p.estimate(), s.unit()), p.ciLow() == null ? "" : "[" + Finding.figure(p.ciLow(), s.unit())
                + ", " + Finding.figure(p.ciHigh(), s.unit()) + "]", p.pairs() == 0 ? "" : Integer.toString(p.pairs()),
            p.stop(), p.underLoad() ? "UNDER LOAD" : "", p.codeChanged() == null ? (i == 0 ? "" : "unknown")
                : p.codeChanged().isEmpty() ? "no" : "yes: " + String.join(" ", p.codeChanged())));
      }
      sec.add(pt.build());
      for (Step st : s.changePoints()) {
        sec.text("Change point: " + sentence(s, st) + String.format(Locale.ROOT, " (p = %.3f).", st.p()));
      }
    }
    return doc;
  }

  /** The markers between which {@link #replaceSummary} puts the summary in a Markdown file. */
  public static final String SUMMARY_BEGIN = "<!-- history-summary -->";
  public static final String SUMMARY_END = "<!-- /history-summary -->";

  /**
   * One Markdown table line per headline finding (the comparison series measured by the newest
   * run): its newest value with its interval, its range over the runs of its series, and its last
   * change point.
   */
  public static String summary(Document h) {
    String newest = h.runs().isEmpty() ? "" : h.runs().get(h.runs().size() - 1);
    StringBuilder sb = new StringBuilder("| finding | newest (" + newest + ") | range over its runs | last change point |\n"
        + "|---|---|---|---|\n");
    for (Series s : h.series()) {
      Point p = s.points().get(s.points().size() - 1);
      if (!s.kind().equals("comparison") || !p.run().equals(newest)) {
        continue;
      }
      double lo = s.points().stream().mapToDouble(Point::estimate).min().orElse(Double.NaN);
      double hi = s.points().stream().mapToDouble(Point::estimate).max().orElse(Double.NaN);
      Step last = s.changePoints().isEmpty() ? null : s.changePoints().get(s.changePoints().size() - 1);
      sb.append("| ").append(s.study()).append(": ").append(s.compared()).append(" (").append(s.mode()).append(") | ")
          .append(Finding.figure(p.estimate(), s.unit()))
          .append(p.ciLow() == null ? "" : " [" + Finding.figure(p.ciLow(), s.unit()) + ", "
              + Finding.figure(p.ciHigh(), s.unit()) + "]")
          .append(" | ").append(Finding.figure(lo, s.unit())).append(" to ").append(Finding.figure(hi, s.unit()))
          .append(" over ").append(s.points().size()).append(" runs | ")
          .append(last == null ? "none" : Finding.figure(last.before(), s.unit()) + " → "
              + Finding.figure(last.after(), s.unit()) + " between " + last.lastBefore() + " and " + last.firstAfter()
              + " (commits " + shortCommit(last.commitBefore()) + ".." + shortCommit(last.commitAfter()) + ")")
          .append(" |\n");
    }
    return sb.toString();
  }

  /**
   * {@code text} with the part between {@value #SUMMARY_BEGIN} and {@value #SUMMARY_END} replaced by
   * {@code summary}.
   *
   * @throws IllegalArgumentException when the markers are missing or out of order
   */
  public static String replaceSummary(String text, String summary) {
    int a = text.indexOf(SUMMARY_BEGIN);
    int b = text.indexOf(SUMMARY_END);
    if (a < 0 || b < a) {
      throw new IllegalArgumentException("expected the markers " + SUMMARY_BEGIN + " and " + SUMMARY_END
          + " in that order");
    }
    return text.substring(0, a + SUMMARY_BEGIN.length()) + "\n" + summary + text.substring(b);
  }

  /**
   * Writes {@value #JSON}, {@value #MD} (charts beside it in {@code history-charts/}) and
   * {@value #HTML} into {@code out}.
   *
   * @throws IOException when a file cannot be written
   */
  public static void write(Path out, Document h) throws IOException {
    Files.createDirectories(out);
    MAPPER.copy().enable(SerializationFeature.INDENT_OUTPUT).writeValue(out.resolve(JSON).toFile(), h);
    Doc doc = doc(h);
    Files.writeString(out.resolve(MD), MarkdownReport.write(doc, out.resolve("history-charts")), StandardCharsets.UTF_8);
    Files.writeString(out.resolve(HTML), HtmlReport.write(doc), StandardCharsets.UTF_8);
  }

  /**
   * Reads {@value #JSON}.
   *
   * @throws IOException when it cannot be read or is not a history
   */
  public static Document read(Path file) throws IOException {
    return MAPPER.readValue(file.toFile(), Document.class);
  }

  /**
   * One cell per finding of {@code run} for the report's first screen: a link to the finding's
   * series in the history beside the run directory ({@value #JSON} in its parent), saying "moved
   * since the previous comparable run" when one of the series' change points has this run as its
   * first run after the step; an empty list when there is no history there or it cannot be read.
   */
  public static List<String> cells(Run run, List<Finding> findings) {
    Path dir = run.directory();
    if (dir == null || dir.getParent() == null || !Files.isRegularFile(dir.getParent().resolve(JSON))) {
      return List.of();
    }
    Document h;
    try {
      h = read(dir.getParent().resolve(JSON));
    } catch (IOException e) {
      return List.of();
    }
    String mode = run.manifest() == null || run.manifest().job() == null || run.manifest().job().mode() == null ? "quick"
        : run.manifest().job().mode();
    String name = dir.getFileName().toString();
    Map<String, Series> byId = new LinkedHashMap<>();
    h.series().forEach(s -> byId.put(s.id(), s));
    List<String> out = new ArrayList<>();
    for (Finding f : findings) {
      Series s = byId.get(identity(f.toEntry(), mode));
      if (s == null) {
        s = nearSeries(byId.values(), f.toEntry(), mode);
      }
      if (s == null) {
        out.add("");
        continue;
      }
      boolean moved = s.changePoints().stream().anyMatch(st -> st.firstAfter().equals(name));
      out.add(Doc.historyLink(s.anchor(), moved ? "moved since the previous comparable run" : "series"));
    }
    return out;
  }

  /**
   * {@link Commits} from {@code git log} in the repository around {@code dir}; {@code null} from a
   * call that fails (no git, a commit this clone does not have) and, without calling git, for a
   * commit that is not an object id ({@link ManifestJson#isObjectId}: a results file's
   * {@code git_commit} reaches git only as a revision, after {@code --end-of-options}).
   */
  public static Commits git(Path dir) {
    return (from, to, paths) -> {
      if (!ManifestJson.isObjectId(from) || !ManifestJson.isObjectId(to)) {
        return null;
      }
      if (from.equals(to)) {
        return List.of();
      }
      List<String> cmd = new ArrayList<>(List.of("git", "-C", dir.toAbsolutePath().toString(), "log", "--format=%h",
          "--end-of-options", from + ".." + to, "--"));
      cmd.addAll(paths);
      try {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(false).start();
        p.getOutputStream().close();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.getErrorStream().readAllBytes();
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
          return null;
        }
        return text.lines().filter(l -> !l.isBlank()).toList();
      } catch (IOException e) {
        return null;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return null;
      }
    };
  }
}
