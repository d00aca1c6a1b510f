package io.dbbench.report.study;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.dbbench.core.Mode;
import io.dbbench.report.data.FindingsJson;
import io.dbbench.report.data.ManifestJson;
import io.dbbench.report.data.ParamDiff;
import io.dbbench.report.data.ReportException;
import io.dbbench.report.data.Run;
import io.dbbench.report.data.RunManifest;
import io.dbbench.report.render.Charts;
import io.dbbench.report.render.Doc;
import io.dbbench.report.render.HtmlReport;
import io.dbbench.report.render.MarkdownReport;
import io.dbbench.report.stats.EDivisive;
import io.dbbench.report.stats.Finding;
import io.dbbench.report.stats.RunSpread;
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
 * <p>Series that belong together stay together: where the runs of one finding (same study,
 * benchmark, kind, unit, compared params and mode) differ only in the sizes the params both sides
 * hold give, and each setting was measured in runs of its own one after the other (a collection
 * size or document count changed, quick settings narrowed, a {@code @Param} added and held), they
 * form one series with each {@link SettingsChange} named and marked on its chart. Where the
 * history cannot tell (two settings measured side by side in the same runs, a param taking another
 * variant's value such as {@code engine kuzu -> ladybug}, a new contender or a renamed value, a new
 * unit) the series stay apart and each names the others with the reason ({@link Related}).
 *
 * <p>Change points: {@link EDivisive} on the natural logarithm of the estimates ({@code ln(1 + p/100)}
 * for a change in time), runs marked under load left out of the detection and shown, and never across
 * a change of a param's value (a different measurement, whose step is the settings', not the code's)
 * or of the machine ({@link #machine}: the kernel release and CPU model the run's {@code env.json}
 * records; a VM moved to another host measures other hardware, and its step is not the code's).
 * Each change point names the last run before the step and the first after it, their commits, the
 * two segments' geometric means and the step with its 95% Welch interval on the logarithms.
 *
 * <p>Spread across runs: per series and per segment between its change points and settings
 * changes, how its runs scatter against their own intervals ({@link RunSpread}: how often a later
 * run fell inside the earlier's interval, the between-run spread, Cochran's Q, the host-level
 * component), shown in a section of its own and beside each finding in the run's report.
 *
 * <p>{@value #HTML} opens on a table with one row per finding (its newest value with its interval, a
 * sparkline of its series, its last change point, a link to its chart), then the change points as a
 * table, newest first, then a section per series.
 */
public final class History {
  /** The files {@link #write} writes. */
  public static final String JSON = "history.json";
  public static final String MD = "history.md";
  public static final String HTML = "history.html";
  /**
   * history.json's schema version: 2 adds each series' {@code identities}, {@code settingsChanges},
   * {@code provenance} and {@code related}, and keeps the question short (a schema 1 file reads with
   * its one identity and none of the rest); 3 adds each series' {@code spread} ({@link RunSpread} per
   * segment; a schema 2 file reads with none).
   */
  public static final int SCHEMA_VERSION = 3;

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
   * Where a series' settings changed between two of its runs.
   *
   * @param lastBefore the last run with the old settings
   * @param firstAfter the first run with the new
   * @param changed what changed in words, {@code name old -> new}, {@code name=value added},
   *     {@code name=value no longer set} or {@code machine old -> new} ({@link #machine}), joined by
   *     {@code "; "}
   * @param valuesChanged whether a param took another value or the machine changed (a different
   *     measurement: change points are looked for on either side, not across), rather than a param only
   *     being added or dropped
   */
  public record SettingsChange(String lastBefore, String firstAfter, String changed, boolean valuesChanged) {}

  /**
   * A series kept apart from this one although it measures the same study and benchmark.
   *
   * @param id the other series' identity
   * @param anchor its section's anchor in {@value #HTML}
   * @param reason why they are two series, in words
   */
  public record Related(String id, String anchor, String reason) {}

  /**
   * One finding's series.
   *
   * @param id its identity in words ({@link #identity}; its first runs' when its settings changed),
   *     also its anchor in {@value #HTML}
   * @param study the study's id
   * @param title the study's title
   * @param question the finding's question, short (without the provenance {@code provenance} holds)
   * @param benchmark the benchmark method
   * @param kind {@code comparison} or {@code absolute}
   * @param unit {@code %}, {@code x} or the absolute unit
   * @param compared {@code param=a->b}, or empty for an absolute finding
   * @param fixed the parameters both sides share in its newest run (the measured row's for an
   *     absolute finding)
   * @param mode {@code quick} or {@code full}
   * @param published the study's figure in the unit, {@code null} when none
   * @param points every run that measured it, oldest first
   * @param changePoints where it moved, oldest first
   * @param identities every identity its runs had, oldest first (more than one where its settings changed)
   * @param settingsChanges where its settings changed, oldest first
   * @param provenance where a fallback row stood in for the study's point, one line per stretch of
   *     runs ({@code runs A to B: the study's point P was not run; nearest: Q})
   * @param related the series kept apart from it, each with the reason
   * @param spread how its runs scatter against their intervals, per segment between its change points
   *     and settings changes (runs under load left out; {@link RunSpread}), oldest first
   */
  public record Series(String id, String study, String title, String question, String benchmark, String kind,
      String unit, String compared, Map<String, String> fixed, String mode, Double published, List<Point> points,
      List<Step> changePoints, List<String> identities, List<SettingsChange> settingsChanges, List<String> provenance,
      List<Related> related, List<RunSpread> spread) {
    /** Reads a schema 1 or 2 series: its one identity, no settings change, provenance, related series or spread. */
    public Series {
      identities = identities == null || identities.isEmpty() ? List.of(id) : List.copyOf(identities);
      settingsChanges = settingsChanges == null ? List.of() : List.copyOf(settingsChanges);
      provenance = provenance == null ? List.of() : List.copyOf(provenance);
      related = related == null ? List.of() : List.copyOf(related);
      spread = spread == null ? List.of() : List.copyOf(spread);
    }

    /** The newest segment's spread, or null when no segment has two runs with intervals. */
    public RunSpread newestSpread() {
      return spread.isEmpty() ? null : spread.get(spread.size() - 1);
    }

    /** The anchor of its section in {@value #HTML}. */
    public String anchor() {
      return anchorOf(id);
    }
  }

  /** The anchor of the series whose identity is {@code id}. */
  static String anchorOf(String id) {
    return "s-" + id.replaceAll("[^A-Za-z0-9]+", "-").toLowerCase(Locale.ROOT);
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
    ParamDiff d = ParamDiff.of(a, b);
    if (d == null) {
      return null;
    }
    java.util.TreeSet<String> extra = new java.util.TreeSet<>(d.onlyA());
    extra.addAll(d.onlyB());
    return String.join(", ", extra);
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
    Map<String, Segment> byId = new LinkedHashMap<>();
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
      String mode = m.jobMode().id();
      String commit = m.host() == null || m.host().gitCommit() == null ? "" : m.host().gitCommit();
      String machine = machine(m.host());
      if (entries.isEmpty()) {
        continue;
      }
      runNames.add(dir.getFileName().toString());
      int runIndex = runNames.size() - 1;
      for (FindingsJson.Entry e : entries) {
        if (e.estimate() == null || !Double.isFinite(e.estimate()) || e.kind() == null) {
          continue; // a finding this run did not measure
        }
        String id = identity(e, mode);
        if (!byId.containsKey(id)) {
          Series near = nearSeries(byId.values().stream().map(g -> g.head).toList(), e, mode);
          if (near != null) {
            // the series now holds the added param fixed too, so another value of it starts a series of its own
            Map<String, String> union = new TreeMap<>(near.fixed());
            union.putAll(fixedOf(e));
            Segment g = byId.get(near.id());
            g.head = new Series(near.id(), near.study(), near.title(), near.question(), near.benchmark(), near.kind(),
                near.unit(), near.compared(), union, near.mode(), near.published(), List.of(), List.of(), null, null,
                null, null, null);
            if (!g.identities.contains(id)) {
              g.identities.add(id);
            }
            id = near.id();
          }
        }
        Segment g = byId.get(id);
        if (g == null) {
          g = new Segment(new Series(id, e.study(), e.title(), e.question(), e.benchmark(), e.kind(), e.unit(),
              comparedOf(e), fixedOf(e), mode, e.published() == null ? null : e.published().value(), List.of(),
              List.of(), null, null, null, null, null), byId.size());
          byId.put(id, g);
        }
        int pairs = e.sampling() == null ? 0 : e.sampling().pairs();
        String stop = e.sampling() == null || e.sampling().stop() == null ? "" : e.sampling().stop();
        g.add(new Point(dir.getFileName().toString(), commit, mode, e.estimate(), e.ciLow(), e.ciHigh(), pairs, stop,
            e.underLoad(), null), runIndex, fixedOf(e), e.question(),
            e.published() == null ? null : e.published().value(), machine);
      }
    }
    java.util.Set<String> sideBySide = new java.util.HashSet<>();
    List<List<Segment>> chains = chains(new ArrayList<>(byId.values()), sideBySide);
    List<Series> out = new ArrayList<>();
    for (List<Segment> chain : chains) {
      out.add(series(chain, commits, detector));
    }
    out = related(out, chains, sideBySide);
    return new Document(SCHEMA_VERSION, resultsDir.toString(), List.copyOf(runNames), List.copyOf(out), unreadable);
  }

  /** One identity's runs while the history is built: its points with each run's params, question and figure. */
  private static final class Segment {
    Series head;
    final int order;
    final List<String> identities = new ArrayList<>();
    final List<Point> points = new ArrayList<>();
    final List<Integer> runIndexes = new ArrayList<>();
    final List<Map<String, String>> fixed = new ArrayList<>();
    final List<String> questions = new ArrayList<>();
    final List<Double> published = new ArrayList<>();
    final List<String> machines = new ArrayList<>();

    Segment(Series head, int order) {
      this.head = head;
      this.order = order;
      identities.add(head.id());
    }

    void add(Point p, int runIndex, Map<String, String> fixedParams, String question, Double figure, String machine) {
      points.add(p);
      machines.add(machine);
      runIndexes.add(runIndex);
      fixed.add(fixedParams);
      questions.add(question == null ? "" : question);
      published.add(figure);
    }

    int first() {
      return runIndexes.get(0);
    }

    int last() {
      return runIndexes.get(runIndexes.size() - 1);
    }

    /** What makes two identities one finding with other settings: all but the params both sides hold. */
    String chainKey() {
      return head.study() + "\n" + head.benchmark() + "\n" + head.kind() + "\n" + head.unit() + "\n" + head.compared()
          + "\n" + head.mode();
    }
  }

  /**
   * The segments grouped into series, in the order of their first segment: the segments of one
   * finding ({@link Segment#chainKey}) whose runs follow one another without overlapping form one
   * series, except where a param took a value that is not a size ({@link #isSize}: {@code engine
   * kuzu -> ladybug} is another variant, not more of the same work), which starts a series of its
   * own. A finding two of whose settings were measured in the same stretch of runs keeps each
   * segment a series of its own (which continues which cannot be told); its chain key is added to
   * {@code sideBySide}.
   */
  private static List<List<Segment>> chains(List<Segment> segments, java.util.Set<String> sideBySide) {
    Map<String, List<Segment>> groups = new LinkedHashMap<>();
    segments.forEach(g -> groups.computeIfAbsent(g.chainKey(), k -> new ArrayList<>()).add(g));
    List<List<Segment>> out = new ArrayList<>();
    for (List<Segment> group : groups.values()) {
      List<Segment> sorted = new ArrayList<>(group);
      sorted.sort(java.util.Comparator.comparingInt(Segment::first));
      boolean oneAfterAnother = true;
      for (int i = 1; i < sorted.size(); i++) {
        oneAfterAnother &= sorted.get(i - 1).last() < sorted.get(i).first();
      }
      if (!oneAfterAnother) {
        sideBySide.add(group.get(0).chainKey());
        group.forEach(g -> out.add(List.of(g)));
        continue;
      }
      List<Segment> chain = new ArrayList<>(List.of(sorted.get(0)));
      for (int i = 1; i < sorted.size(); i++) {
        Segment before = sorted.get(i - 1);
        if (!sizesOnly(before.fixed.get(before.fixed.size() - 1), sorted.get(i).fixed.get(0))) {
          out.add(chain);
          chain = new ArrayList<>();
        }
        chain.add(sorted.get(i));
      }
      out.add(chain);
    }
    out.sort(java.util.Comparator.comparingInt(c -> c.stream().mapToInt(g -> g.order).min().orElse(0)));
    return out;
  }

  /**
   * Whether every param both maps hold with two values holds a size on both sides ({@link #isSize});
   * params held by one side only do not count.
   */
  static boolean sizesOnly(Map<String, String> a, Map<String, String> b) {
    for (Map.Entry<String, String> x : a.entrySet()) {
      String other = b.get(x.getKey());
      if (other != null && !other.equals(x.getValue()) && !(isSize(other) && isSize(x.getValue()))) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether a param value is a size or a count: digits, possibly several joined by {@code x}
   * ({@code 30000}, {@code 1x100000}, {@code 0.5}); what a collection size, a document count or a
   * quick setting's reduction changes, as against a variant ({@code kuzu}, {@code HTTP2_JSON}).
   */
  static boolean isSize(String value) {
    return value.matches("[0-9]+(\\.[0-9]+)?(x[0-9]+(\\.[0-9]+)?)*");
  }

  /**
   * One series from a chain of segments: their points in run order, each with the commits that
   * touched its code since the point before, settings changes, provenance, change points.
   */
  private static Series series(List<Segment> chain, Commits commits, EDivisive detector) {
    List<Point> ps = new ArrayList<>();
    List<Map<String, String>> fixed = new ArrayList<>();
    List<String> questions = new ArrayList<>();
    List<Double> published = new ArrayList<>();
    List<String> machines = new ArrayList<>();
    List<String> identities = new ArrayList<>();
    List<String> paths = codePaths(chain.get(0).head.benchmark());
    for (Segment g : chain) {
      for (Point p : g.points) {
        List<String> changed = null;
        Point prev = ps.isEmpty() ? null : ps.get(ps.size() - 1);
        if (prev != null && commits != null && !p.commit().isEmpty() && !prev.commit().isEmpty()) {
          changed = commits.between(prev.commit(), p.commit(), paths);
        }
        ps.add(new Point(p.run(), p.commit(), p.mode(), p.estimate(), p.ciLow(), p.ciHigh(), p.pairs(), p.stop(),
            p.underLoad(), changed));
      }
      fixed.addAll(g.fixed);
      machines.addAll(g.machines);
      questions.addAll(g.questions);
      published.addAll(g.published);
      g.identities.forEach(i -> {
        if (!identities.contains(i)) {
          identities.add(i);
        }
      });
    }
    List<SettingsChange> changes = new ArrayList<>();
    List<Integer> cuts = new ArrayList<>(); // the points after which detection starts afresh
    for (int i = 1; i < ps.size(); i++) {
      SettingsChange c = withMachine(settingsChange(fixed.get(i - 1), fixed.get(i), ps.get(i - 1).run(),
          ps.get(i).run()), machines.get(i - 1), machines.get(i), ps.get(i - 1).run(), ps.get(i).run());
      if (c != null) {
        changes.add(c);
        if (c.valuesChanged()) {
          cuts.add(i);
        }
      }
    }
    List<Step> steps = new ArrayList<>();
    int from = 0;
    cuts.add(ps.size());
    for (int cut : cuts) {
      steps.addAll(steps(ps.subList(from, cut), chain.get(0).head.unit(), detector));
      from = cut;
    }
    List<String> provenance = new ArrayList<>();
    for (int i = 0; i < ps.size(); ) {
      String said = Findings.provenance(questions.get(i));
      int j = i;
      while (j + 1 < ps.size() && Findings.provenance(questions.get(j + 1)).equals(said)) {
        j++;
      }
      if (!said.isEmpty()) {
        provenance.add((i == j ? "run " + ps.get(i).run() : "runs " + ps.get(i).run() + " to " + ps.get(j).run()) + ": "
            + said);
      }
      i = j + 1;
    }
    Series first = chain.get(0).head;
    Series newest = chain.get(chain.size() - 1).head;
    Double figure = published.get(published.size() - 1);
    return new Series(first.id(), first.study(), newest.title(), Findings.shortQuestion(questions.get(questions.size() - 1)),
        first.benchmark(), first.kind(), first.unit(), first.compared(), newest.fixed(), first.mode(),
        figure != null ? figure : newest.published(), List.copyOf(ps), List.copyOf(steps), identities, changes,
        provenance, List.of(), spread(ps, first.unit(), steps, cuts));
  }

  /**
   * The spread of a series' runs per segment ({@link RunSpread}): segments start at each change
   * point's first run after the step and at each settings change of a param's value ({@code cuts},
   * indexes into {@code ps}); within one, the runs with an interval that were not under load. A
   * segment with fewer than 2 such runs has none.
   */
  static List<RunSpread> spread(List<Point> ps, String unit, List<Step> steps, List<Integer> cuts) {
    List<Integer> starts = new ArrayList<>(cuts);
    for (Step st : steps) {
      for (int i = 0; i < ps.size(); i++) {
        if (ps.get(i).run().equals(st.firstAfter())) {
          starts.add(i);
        }
      }
    }
    List<RunSpread> out = new ArrayList<>();
    for (int[] seg : RunSpread.segments(ps.size(), starts)) {
      List<Point> used = new ArrayList<>();
      for (Point p : ps.subList(seg[0], seg[1])) {
        if (!p.underLoad() && p.ciLow() != null && p.ciHigh() != null && Double.isFinite(log(p.estimate(), unit))
            && Double.isFinite(log(p.ciLow(), unit)) && Double.isFinite(log(p.ciHigh(), unit))
            && p.ciLow() <= p.estimate() && p.estimate() <= p.ciHigh()) {
          used.add(p);
        }
      }
      if (used.size() < 2) {
        continue;
      }
      out.add(RunSpread.of(used.get(0).run(), used.get(used.size() - 1).run(),
          used.stream().mapToDouble(p -> log(p.estimate(), unit)).toArray(),
          used.stream().mapToDouble(p -> log(p.ciLow(), unit)).toArray(),
          used.stream().mapToDouble(p -> log(p.ciHigh(), unit)).toArray()));
    }
    return out;
  }

  /**
   * How the params both sides hold differ from one run to the next, or null when they do not:
   * {@code name old -> new} for a value changed, {@code name=value added} / {@code no longer set}.
   */
  static SettingsChange settingsChange(Map<String, String> before, Map<String, String> after, String lastBefore,
      String firstAfter) {
    List<String> said = new ArrayList<>();
    boolean values = false;
    java.util.TreeSet<String> names = new java.util.TreeSet<>(before.keySet());
    names.addAll(after.keySet());
    for (String n : names) {
      String a = before.get(n);
      String b = after.get(n);
      if (a == null) {
        said.add(n + "=" + b + " added");
      } else if (b == null) {
        said.add(n + "=" + a + " no longer set");
      } else if (!a.equals(b)) {
        said.add(n + " " + a + " -> " + b);
        values = true;
      }
    }
    return said.isEmpty() ? null : new SettingsChange(lastBefore, firstAfter, String.join("; ", said), values);
  }

  /**
   * The machine a run measured on, as its {@code env.json} records it: the kernel release (on this
   * project's VMs it names the host build, {@code 6.18.44-fc-v782}) and the CPU model, e.g.
   * {@code "6.18.44-fc-v782, AMD EPYC"}; empty when the manifest records neither.
   */
  static String machine(RunManifest.Host host) {
    if (host == null) {
      return "";
    }
    List<String> parts = new ArrayList<>();
    if (host.os() != null && host.os().version() != null && !host.os().version().isBlank()) {
      parts.add(host.os().version().trim());
    }
    if (host.cpuModel() != null && !host.cpuModel().isBlank() && !host.cpuModel().equals("unknown")) {
      parts.add(host.cpuModel().trim());
    }
    return String.join(", ", parts);
  }

  /**
   * {@code c} (null: no param changed) with a change of machine between two runs added, which counts as
   * a change of value (change points are looked for on either side); {@code c} as it is when the
   * machines are the same or either is unknown (empty).
   */
  static SettingsChange withMachine(SettingsChange c, String before, String after, String lastBefore,
      String firstAfter) {
    if (before.isEmpty() || after.isEmpty() || before.equals(after)) {
      return c;
    }
    String said = "machine " + before + " -> " + after;
    return c == null ? new SettingsChange(lastBefore, firstAfter, said, true)
        : new SettingsChange(lastBefore, firstAfter, c.changed() + "; " + said, true);
  }

  /**
   * {@code series} with each one's {@link Related} series: the series of one finding with other
   * settings (measured side by side, or split where a param took another variant's value), and the
   * series of the same study, benchmark, kind and mode that one replaced (one ends before the other
   * starts) with another compared pair or unit.
   */
  private static List<Series> related(List<Series> series, List<List<Segment>> chains, java.util.Set<String> sideBySide) {
    Map<String, List<Related>> rel = new LinkedHashMap<>();
    series.forEach(s -> rel.put(s.id(), new ArrayList<>()));
    Map<String, int[]> span = new LinkedHashMap<>();
    Map<String, String> key = new LinkedHashMap<>();
    for (List<Segment> c : chains) {
      span.put(c.get(0).head.id(), new int[] {c.get(0).first(), c.get(c.size() - 1).last()});
      key.put(c.get(0).head.id(), c.get(0).chainKey());
    }
    for (Series a : series) {
      for (Series b : series) {
        if (a == b || !java.util.Objects.equals(a.study(), b.study())
            || !java.util.Objects.equals(a.benchmark(), b.benchmark()) || !java.util.Objects.equals(a.kind(), b.kind())
            || !a.mode().equals(b.mode())) {
          continue;
        }
        int[] sa = span.get(a.id());
        int[] sb = span.get(b.id());
        boolean overlap = sa[0] <= sb[1] && sb[0] <= sa[1];
        String reason = null;
        String when = sb[1] < sa[0] ? "measured before this series began" : "measured after this series ended";
        if (key.get(a.id()).equals(key.get(b.id()))) {
          String settings = "the same finding with other settings (here " + Study.paramsText(a.fixed()) + "; there "
              + Study.paramsText(b.fixed()) + ")";
          reason = overlap ? settings + ", measured in the same runs: two series side by side, neither continues the other"
              : sideBySide.contains(key.get(a.id())) ? settings + "; another setting of it was measured in the same runs"
                  + " as one of the two, so which series continues which cannot be told"
              : when + "; " + settings + ": a param took another variant's value, not another size, so a series of"
                  + " its own";
        } else if (!overlap) {
          String what = !java.util.Objects.equals(a.unit(), b.unit()) ? "its unit is " + b.unit() + " instead of " + a.unit()
              : "it compares " + (b.compared().isEmpty() ? "nothing" : b.compared()) + " instead of "
                  + (a.compared().isEmpty() ? "nothing" : a.compared());
          reason = when + "; " + what + ", which the history cannot tell from a new finding (a renamed value or a new contender"
              + " starts a series of its own)";
        }
        if (reason != null) {
          rel.get(a.id()).add(new Related(b.id(), b.anchor(), reason));
        }
      }
    }
    List<Series> out = new ArrayList<>();
    for (Series s : series) {
      out.add(new Series(s.id(), s.study(), s.title(), s.question(), s.benchmark(), s.kind(), s.unit(), s.compared(),
          s.fixed(), s.mode(), s.published(), s.points(), s.changePoints(), s.identities(), s.settingsChanges(),
          s.provenance(), rel.get(s.id()), s.spread()));
    }
    return out;
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
   * A change point as the tables say it: {@code before -> after, step +x% [lo, hi], between runs A and B,
   * commits a..b} (the step of a change in time is the step of the time ratio it stands for).
   */
  public static String stepText(Series s, Step st) {
    return Finding.figure(st.before(), s.unit()) + " -> " + Finding.figure(st.after(), s.unit()) + ", step "
        + stepFigure(st) + ", between runs " + st.lastBefore() + " and " + st.firstAfter() + ", commits "
        + shortCommit(st.commitBefore()) + ".." + shortCommit(st.commitAfter());
  }

  private static String stepFigure(Step st) {
    return String.format(Locale.ROOT, "%+.1f%%", st.stepPct()) + (st.stepLow() == null ? ""
        : String.format(Locale.ROOT, " [%+.1f, %+.1f]", st.stepLow(), st.stepHigh()));
  }

  /**
   * A value with its interval, {@code 12.6x [10.2x, 15.5x]}, {@code +8.91% [+1.28%, +17.12%]} or
   * {@code 762.9 [737.7, 776.4] MB/s}; the value alone without one.
   */
  static String valueText(Point p, String unit) {
    if (p.ciLow() == null || p.ciHigh() == null) {
      return Finding.figure(p.estimate(), unit);
    }
    if (unit.equals("%") || unit.equals("x")) {
      return Finding.figure(p.estimate(), unit) + " [" + Finding.figure(p.ciLow(), unit) + ", "
          + Finding.figure(p.ciHigh(), unit) + "]";
    }
    return io.dbbench.report.data.Units.num(p.estimate()) + " [" + io.dbbench.report.data.Units.num(p.ciLow()) + ", "
        + io.dbbench.report.data.Units.num(p.ciHigh()) + "] " + unit;
  }

  /** The heading of a series' section: study, short question, mode. */
  static String heading(Series s) {
    return s.study() + ": " + s.question() + " (" + s.mode() + ")";
  }

  /** The series as a sparkline: estimates, intervals, change points and settings changes by point. */
  static Doc.Spark spark(Series s) {
    List<Double> est = new ArrayList<>();
    List<Double> lo = new ArrayList<>();
    List<Double> hi = new ArrayList<>();
    List<String> runs = new ArrayList<>();
    for (Point p : s.points()) {
      est.add(p.estimate());
      lo.add(p.ciLow() == null ? Double.NaN : p.ciLow());
      hi.add(p.ciHigh() == null ? Double.NaN : p.ciHigh());
      runs.add(p.run());
    }
    List<Integer> steps = s.changePoints().stream().map(st -> runs.indexOf(st.firstAfter())).filter(i -> i > 0).toList();
    List<Integer> settings = s.settingsChanges().stream().map(c -> runs.indexOf(c.firstAfter())).filter(i -> i > 0)
        .toList();
    double min = est.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    double max = est.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    String label = s.points().size() + " runs, " + Finding.figure(min, s.unit()) + " to " + Finding.figure(max, s.unit())
        + "; " + steps.size() + " change point(s), " + settings.size() + " settings change(s)";
    return new Doc.Spark(est, lo, hi, steps, settings, label);
  }

  /** Each mode's newest run that measured any series. */
  private static Map<String, String> newestRuns(Document h) {
    Map<String, String> out = new TreeMap<>();
    for (Series s : h.series()) {
      for (Point p : s.points()) {
        String had = out.get(s.mode());
        if (had == null || h.runs().indexOf(p.run()) > h.runs().indexOf(had)) {
          out.put(s.mode(), p.run());
        }
      }
    }
    return out;
  }

  /**
   * The series in table order: the findings in the order they first appear, each finding's quick
   * series before its full one.
   */
  static List<Series> tableOrder(List<Series> series) {
    Map<String, Integer> first = new LinkedHashMap<>();
    for (Series s : series) {
      first.putIfAbsent(s.study() + "\n" + s.benchmark() + "\n" + s.kind() + "\n" + s.compared(), first.size());
    }
    List<Series> out = new ArrayList<>(series);
    out.sort(java.util.Comparator.<Series>comparingInt(s -> first.get(s.study() + "\n" + s.benchmark() + "\n" + s.kind()
        + "\n" + s.compared())).thenComparing(s -> s.mode().equals(Mode.QUICK.id()) ? 0 : 1));
    return out;
  }

  /**
   * The history as a document. First screen: one row per finding (study, question linking to its
   * chart, mode, runs, newest value with its interval, a sparkline of the series, its last change
   * point); then the change points as a table, newest first; the settings changes, newest first;
   * then a section per series headed by study, question and mode, its provenance under the heading,
   * the series it is kept apart from with the reason, its chart (estimate and interval per run, the
   * study's figure, each settings change and change point marked), its points and its change points.
   * No paragraph is longer than a few lines.
   */
  public static Doc doc(Document h) {
    Doc doc = new Doc("dbbench findings over time");
    List<Series> order = tableOrder(h.series());
    Map<String, String> newest = newestRuns(h);
    Doc.Section top = doc.section(2, "Headline findings");
    top.id = "headline-findings";
    top.text(h.runs().size() + " runs under " + h.resultsDir() + (h.runs().isEmpty() ? "" : ", " + h.runs().get(0)
        + " to " + h.runs().get(h.runs().size() - 1)) + "; " + h.series().size() + " series, each links to its"
        + " chart. Sparkline: estimate in its 95% band; red: change point; dashed: settings changed.");
    Doc.TableBuilder t = new Doc.TableBuilder().col("study").col("finding").col("mode").num("runs")
        .num("newest [95%]").col("series").col("last change point");
    for (Series s : order) {
      Point p = s.points().get(s.points().size() - 1);
      Step last = s.changePoints().isEmpty() ? null : s.changePoints().get(s.changePoints().size() - 1);
      String stale = p.run().equals(newest.get(s.mode())) ? "" : " (last in " + p.run() + ")";
      t.row(List.of(s.study(), Doc.anchorLink(s.anchor(), s.question()), s.mode(), Integer.toString(s.points().size()),
          valueText(p, s.unit()) + stale, spark(s).cell(), last == null ? "none" : stepText(s, last)));
    }
    top.add(t.build());

    Doc.Section cps = doc.section(2, "Change points");
    cps.text("Where a finding's series steps, newest first: E-Divisive means with a permutation test (p <= "
        + EDivisive.DEFAULT.pValue() + ", at least " + EDivisive.DEFAULT.minSegment() + " runs either side), never"
        + " across a change of settings; runs marked under load are shown, not used.");
    List<Object[]> steps = new ArrayList<>();
    for (Series s : order) {
      for (Step st : s.changePoints()) {
        steps.add(new Object[] {s, st});
      }
    }
    steps.sort(java.util.Comparator.comparingInt(o -> -h.runs().indexOf(((Step) o[1]).firstAfter())));
    if (steps.isEmpty()) {
      cps.text("No finding moved.");
    } else {
      Doc.TableBuilder ct = new Doc.TableBuilder().col("first run after").col("study").col("finding").col("mode")
          .col("before -> after").num("step [95%]").col("last run before").col("commits").num("p");
      for (Object[] o : steps) {
        Series s = (Series) o[0];
        Step st = (Step) o[1];
        ct.row(List.of(st.firstAfter(), s.study(), Doc.anchorLink(s.anchor(), s.question()), s.mode(),
            Finding.figure(st.before(), s.unit()) + " -> " + Finding.figure(st.after(), s.unit()), stepFigure(st),
            st.lastBefore(), shortCommit(st.commitBefore()) + ".." + shortCommit(st.commitAfter()),
            String.format(Locale.ROOT, "%.3f", st.p())));
      }
      cps.add(ct.build());
    }

    spreadSection(doc, order);

    List<Object[]> changes = new ArrayList<>();
    for (Series s : order) {
      for (SettingsChange c : s.settingsChanges()) {
        changes.add(new Object[] {s, c});
      }
    }
    if (!changes.isEmpty()) {
      Doc.Section sc = doc.section(2, "Settings changes");
      sc.text("Where a series continues with other settings or on another machine (kernel release and CPU model"
          + " from env.json), newest first; each is marked on its chart. A param that took another value, or a"
          + " change of machine, starts the change-point detection and the spread between runs afresh.");
      changes.sort(java.util.Comparator.comparingInt(o -> -h.runs().indexOf(((SettingsChange) o[1]).firstAfter())));
      Doc.TableBuilder st = new Doc.TableBuilder().col("first run after").col("study").col("finding").col("mode")
          .col("what changed").col("last run before");
      for (Object[] o : changes) {
        Series s = (Series) o[0];
        SettingsChange c = (SettingsChange) o[1];
        st.row(List.of(c.firstAfter(), s.study(), Doc.anchorLink(s.anchor(), s.question()), s.mode(), c.changed(),
            c.lastBefore()));
      }
      sc.add(st.build());
    }

    Doc.Section all = doc.section(2, "Every series");
    all.text("One section per series: its provenance, the series it is kept apart from, its chart (estimate and"
        + " interval per run, the study's figure, settings changes and change points marked), its runs.");
    int k = 0;
    for (Series s : order) {
      Doc.Section sec = doc.section(3, heading(s));
      sec.id = s.anchor();
      Point first = s.points().get(0);
      Point last = s.points().get(s.points().size() - 1);
      sec.text(s.points().size() + " runs, " + first.run() + " to " + last.run() + ". " + s.title()
          + ". The study's figure: " + (s.published() == null ? "none published" : Finding.figure(s.published(), s.unit()))
          + ".");
      sec.text("Identity: " + s.id() + (s.identities().size() > 1 ? " (" + (s.identities().size() - 1)
          + " more as its settings changed)" : "") + ".");
      s.provenance().forEach(sec::text);
      if (!s.settingsChanges().isEmpty()) {
        Doc.TableBuilder st = new Doc.TableBuilder().col("last run before").col("first run after").col("what changed")
            .col("change points");
        for (SettingsChange c : s.settingsChanges()) {
          st.row(List.of(c.lastBefore(), c.firstAfter(), c.changed(),
              c.valuesChanged() ? "looked for on either side" : "looked for across"));
        }
        sec.add(st.build());
      }
      if (!s.related().isEmpty()) {
        Doc.TableBuilder rt = new Doc.TableBuilder().col("kept apart from").col("why");
        Map<String, Series> byId = new LinkedHashMap<>();
        h.series().forEach(x -> byId.put(x.id(), x));
        for (Related r : s.related()) {
          Series other = byId.get(r.id());
          rt.row(List.of(Doc.anchorLink(r.anchor(), other == null ? r.id() : heading(other)), r.reason()));
        }
        sec.add(rt.build());
      }
      sec.add(chart("history-" + (++k), s));
      Doc.TableBuilder pt = new Doc.TableBuilder().num("#").col("run").col("commit").num("estimate")
          .num("95% interval").num("pairs").col("stop").col("under load").col("code changed since the previous run");
      for (int i = 0; i < s.points().size(); i++) {
        Point p = s.points().get(i);
        pt.row(List.of(Integer.toString(i + 1), p.run(), shortCommit(p.commit()),
            Finding.figure(p.estimate(), s.unit()), p.ciLow() == null ? "" : "[" + Finding.figure(p.ciLow(), s.unit())
                + ", " + Finding.figure(p.ciHigh(), s.unit()) + "]", p.pairs() == 0 ? "" : Integer.toString(p.pairs()),
            p.stop(), p.underLoad() ? "UNDER LOAD" : "", p.codeChanged() == null ? (i == 0 ? "" : "unknown")
                : p.codeChanged().isEmpty() ? "no" : "yes: " + String.join(" ", p.codeChanged())));
      }
      sec.add(pt.build());
      if (!s.changePoints().isEmpty()) {
        Doc.TableBuilder ct = new Doc.TableBuilder().col("change point").num("p");
        for (Step st : s.changePoints()) {
          ct.row(List.of(stepText(s, st), String.format(Locale.ROOT, "%.3f", st.p())));
        }
        sec.add(ct.build());
      }
      if (!s.spread().isEmpty()) {
        Doc.TableBuilder sp = spreadColumns(new Doc.TableBuilder().col("runs from").col("to"));
        for (RunSpread r : s.spread()) {
          List<String> row = new ArrayList<>(List.of(r.from(), r.to()));
          row.addAll(spreadCells(r));
          sp.row(row);
        }
        sec.add(sp.build());
      }
    }
    return doc;
  }

  /**
   * The section on every series' spread across runs (its newest segment, {@link RunSpread}): how
   * often a later run fell inside the earlier run's interval against the 83% two right intervals
   * give, the runs' spread against their intervals' own, Cochran's Q and the host-level component;
   * series whose runs scatter more than their intervals allow first.
   */
  private static void spreadSection(Doc doc, List<Series> order) {
    List<Series> with = order.stream().filter(s -> s.newestSpread() != null).toList();
    if (with.isEmpty()) {
      return;
    }
    Doc.Section sec = doc.section(2, "Spread across runs");
    sec.text("Per series, over its runs since its last change point or settings change (none under load): how often"
        + " the later of two consecutive runs fell inside the earlier run's 95% interval (" + Math.round(RunSpread.EXPECTED_INSIDE * 100)
        + "% when both intervals are right); the spread between runs (sd) against the noise their intervals hold"
        + " (se within a run), as percent on the log scale.");
    sec.text("Cochran's Q tests whether the runs differ only by that noise; tau is the spread between runs beyond it"
        + " (DerSimonian-Laird). 'scatters' marks p < " + RunSpread.OVERDISPERSED_P + " with " + RunSpread.MIN_RUNS
        + " runs or more: one run's interval then understates where the next run lands. Findings' intervals are"
        + " not widened.");
    List<Series> sorted = new ArrayList<>(with);
    sorted.sort(java.util.Comparator.comparing((Series s) -> !s.newestSpread().overdispersed()));
    Doc.TableBuilder t = spreadColumns(new Doc.TableBuilder().col("study").col("finding").col("mode"));
    for (Series s : sorted) {
      List<String> row = new ArrayList<>(List.of(s.study(), Doc.anchorLink(s.anchor(), s.question()), s.mode()));
      row.addAll(spreadCells(s.newestSpread()));
      t.row(row);
    }
    sec.add(t.build());
    long scatter = with.stream().filter(s -> s.newestSpread().overdispersed()).count();
    int inside = with.stream().mapToInt(s -> s.newestSpread().inside()).sum();
    int pairs = with.stream().mapToInt(s -> s.newestSpread().pairs()).sum();
    sec.text(String.format(Locale.ROOT, "Over all series: %d of %d later runs inside the earlier interval (%.0f%%,"
        + " %.0f%% expected); %d of %d series scatter more than their intervals allow.", inside, pairs,
        pairs == 0 ? Double.NaN : 100.0 * inside / pairs, RunSpread.EXPECTED_INSIDE * 100, scatter, with.size()));
  }

  private static Doc.TableBuilder spreadColumns(Doc.TableBuilder t) {
    return t.num("runs").num("later inside earlier").num("sd between runs").num("se within a run").num("Q (p)")
        .num("tau").col("scatters");
  }

  private static List<String> spreadCells(RunSpread r) {
    return List.of(Integer.toString(r.runs()), r.inside() + " of " + r.pairs(), logPct(r.betweenSdLog()),
        logPct(r.withinSeLog()), Double.isNaN(r.q()) ? "" : String.format(Locale.ROOT, "%.1f (%s)", r.q(),
            r.p() < 0.001 ? "p < 0.001" : String.format(Locale.ROOT, "p = %.3f", r.p())),
        logPct(r.hostSdLog()), r.overdispersed() ? "scatters" : r.runs() < RunSpread.MIN_RUNS ? "too few runs" : "no");
  }

  /** A spread on the log scale as a percent: {@code exp(v) - 1}, {@code ±4.1%}. */
  static String logPct(double v) {
    return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "±%.1f%%", Math.expm1(v) * 100);
  }

  /**
   * The spread of a series beside a finding in the report: {@code ±4.1% between runs}, and {@code ,
   * scatters more than its intervals} for an overdispersed newest segment; empty without a spread of
   * {@value RunSpread#MIN_RUNS} runs.
   */
  public static String spreadNote(Series s) {
    RunSpread r = s.newestSpread();
    if (r == null || r.runs() < RunSpread.MIN_RUNS) {
      return "";
    }
    return logPct(r.betweenSdLog()) + " between runs" + (r.overdispersed() ? ", more than their intervals allow" : "");
  }

  /**
   * A series' chart: estimate and 95% interval per run (oldest first), the study's figure, and a
   * vertical line before each run measured with changed settings and each change point.
   */
  private static Doc.Block chart(String name, Series s) {
    List<Double> x = new ArrayList<>();
    List<Double> est = new ArrayList<>();
    List<Double> lo = new ArrayList<>();
    List<Double> hi = new ArrayList<>();
    List<Double> pub = new ArrayList<>();
    List<String> runs = new ArrayList<>();
    for (int i = 0; i < s.points().size(); i++) {
      Point p = s.points().get(i);
      x.add(i + 1.0);
      est.add(p.estimate());
      lo.add(p.ciLow() == null ? p.estimate() : p.ciLow());
      hi.add(p.ciHigh() == null ? p.estimate() : p.ciHigh());
      runs.add(p.run());
      if (s.published() != null) {
        pub.add(s.published());
      }
    }
    List<Charts.Series> lines = new ArrayList<>(List.of(new Charts.Series("estimate", x, est),
        new Charts.Series("95% low", x, lo), new Charts.Series("95% high", x, hi)));
    if (!pub.isEmpty()) {
      lines.add(new Charts.Series("the study's figure", x, pub));
    }
    List<Double> all = new ArrayList<>(lo);
    all.addAll(hi);
    all.addAll(pub);
    boolean logY = Charts.spansDecade(all);
    double bottom = all.stream().mapToDouble(Double::doubleValue).min().orElse(0);
    double top = all.stream().mapToDouble(Double::doubleValue).max().orElse(1);
    if (!logY) {
      bottom = Math.min(0, bottom);
      top = Math.max(0, top);
    }
    for (SettingsChange c : s.settingsChanges()) {
      int i = runs.indexOf(c.firstAfter());
      if (i > 0) {
        lines.add(new Charts.Series("settings before run " + (i + 1) + ": " + c.changed(), List.of(i + 0.5, i + 0.5),
            List.of(bottom, top)));
      }
    }
    for (Step st : s.changePoints()) {
      int i = runs.indexOf(st.firstAfter());
      if (i > 0) {
        lines.add(new Charts.Series("change point before run " + (i + 1) + ": " + stepFigure(st),
            List.of(i + 0.5, i + 0.5), List.of(bottom, top)));
      }
    }
    return Charts.lines(name, heading(s), "run (oldest first)", s.unit(), lines, false);
  }

  /** The markers between which {@link #replaceSummary} puts the summary in a Markdown file. */
  public static final String SUMMARY_BEGIN = "<!-- history-summary -->";
  public static final String SUMMARY_END = "<!-- /history-summary -->";

  /**
   * One Markdown table line per headline finding (the comparison series measured by the newest
   * run), named by study, benchmark method and compared sides ({@code graph: createInlined
   * journal=off->on (full)}, so two comparisons of one family and parameter stay apart): its newest
   * value with its interval, its range over the runs of its series, and its last change point.
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
      String method = s.benchmark() == null ? "" : s.benchmark().substring(s.benchmark().lastIndexOf('.') + 1) + " ";
      sb.append("| ").append(s.study()).append(": ").append(method).append(s.compared()).append(" (").append(s.mode())
          .append(") | ")
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
    String mode = (run.manifest() == null ? Mode.QUICK : run.manifest().jobMode()).id();
    String name = dir.getFileName().toString();
    Map<String, Series> byId = new LinkedHashMap<>();
    h.series().forEach(s -> s.identities().forEach(i -> byId.putIfAbsent(i, s)));
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
      String spread = spreadNote(s);
      out.add(Doc.historyLink(s.anchor(), moved ? "moved since the previous comparable run" : "series")
          + (spread.isEmpty() ? "" : "; " + spread));
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
