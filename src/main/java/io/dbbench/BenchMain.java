package io.dbbench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.dbbench.family.BenchmarkFamily;
import io.dbbench.family.Families;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The main job ({@code ./mvnw verify -Pbench}): runs every {@link BenchmarkFamily} on its
 * embedded defaults and writes {@code results/<UTC timestamp>/} with {@code jmh.json} (standard
 * JMH JSON, all families merged), {@code env.json} (the run manifest), {@code report.md} and the self-contained {@code report.html}.
 *
 * <p>Knobs (system properties): {@code bench.full=true} switches every family to publication
 * settings; {@code bench.include=REGEX} keeps only benchmarks whose full name matches;
 * {@code bench.args="..."} passes JMH options that override the family's, option by option;
 * {@code bench.results=DIR} changes the results root (default {@code results}).
 *
 * <p>A family whose system cannot be reached is skipped with one line; a family whose benchmarks
 * fail is reported and makes the job exit with status 1 after every other family has run.
 */
public final class BenchMain {
  private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'");

  /** Quick defaults for every family (a family's own arguments override these). */
  static final List<String> QUICK = List.of("-f", "1", "-wi", "1", "-w", "1s", "-i", "3", "-r", "1s");
  /** Publication defaults. */
  static final List<String> FULL = List.of("-f", "3", "-wi", "5", "-w", "2s", "-i", "10", "-r", "2s");

  private BenchMain() {}

  /** Entry point; see the class comment for the knobs. Exits 0 when every family ran or was skipped. */
  public static void main(String[] args) throws IOException {
    boolean full = Boolean.parseBoolean(System.getProperty("bench.full", "false").trim());
    String include = System.getProperty("bench.include", "").trim();
    List<String> userArgs;
    Pattern includePattern = null;
    try {
      userArgs = JmhArgs.split(System.getProperty("bench.args", ""));
      if (!include.isEmpty()) {
        includePattern = Pattern.compile(include);
      }
    } catch (IllegalArgumentException e) {
      System.err.println("[dbbench] " + (e instanceof PatternSyntaxException
          ? "bench.include='" + include + "' is not a regular expression: " + e.getMessage()
          : e.getMessage()));
      System.exit(2);
      return;
    }
    Path root = Path.of(System.getProperty("bench.results", "results"));
    Path runDir = root.resolve(STAMP.format(ZonedDateTime.now(ZoneOffset.UTC)));
    Files.createDirectories(runDir);
    System.out.println("[dbbench] main job: " + (full ? "full (publication)" : "quick")
        + " settings; results in " + runDir.toAbsolutePath());

    Set<String> all = allBenchmarks();
    ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ArrayNode merged = json.createArrayNode();
    Map<String, Object> familiesEnv = new LinkedHashMap<>();
    List<String> failures = new ArrayList<>();
    long jobStart = System.nanoTime();

    for (BenchmarkFamily family : Families.all()) {
      Map<String, Object> fenv = new LinkedHashMap<>();
      familiesEnv.put(family.id(), fenv);
      fenv.put("title", family.title());
      Pattern fam = Pattern.compile(family.includeRegex());
      List<String> selected = new ArrayList<>();
      for (String b : all) {
        if (fam.matcher(b).find() && (includePattern == null || includePattern.matcher(b).find())) {
          selected.add(b);
        }
      }
      if (selected.isEmpty()) {
        fenv.put("status", "not selected");
        continue;
      }
      BenchmarkFamily.Availability a = family.probe();
      try {
        fenv.putAll(family.describe());
      } catch (RuntimeException e) {
        fenv.put("describe_error", Redaction.redact(String.valueOf(e.getMessage())));
      }
      if (!a.available()) {
        System.out.println("[dbbench] " + family.id() + ": skipped: " + Redaction.redact(a.reason()));
        fenv.put("status", "skipped");
        fenv.put("reason", Redaction.redact(a.reason()));
        continue;
      }
      Path out = runDir.resolve("jmh-" + family.id() + ".json");
      List<String> runArgs = new ArrayList<>();
      for (String b : selected) {
        runArgs.add("^" + Pattern.quote(b) + "$");
      }
      List<String> fixed = List.of("-rf", "json", "-rff", out.toString(),
          "-jvmArgsAppend", "-Ddbbench.run.dir=" + runDir.toAbsolutePath());
      List<String> cmd = JmhArgs.merge(full ? FULL : QUICK, family.jmhArgs(full), userArgs, fixed, runArgs);
      fenv.put("jmh_args", cmd.stream().filter(s -> !s.startsWith("^")).map(Redaction::redact).toList());
      fenv.put("benchmarks", selected);
      System.out.println("[dbbench] " + family.id() + ": " + family.title() + ": "
          + selected.size() + " benchmark method(s)");
      long t0 = System.nanoTime();
      try {
        new Runner(new CommandLineOptions(cmd.toArray(String[]::new))).run();
        JsonNode arr = Files.exists(out) ? json.readTree(out.toFile()) : null;
        int n = arr == null ? 0 : arr.size();
        if (arr != null) {
          arr.forEach(merged::add);
        }
        Files.deleteIfExists(out);
        fenv.put("results", n);
        fenv.put("status", n > 0 ? "ran" : "failed");
        if (n == 0) {
          failures.add(family.id() + ": no result was produced (see the JMH output above)");
        }
      } catch (Exception e) {
        String msg = Redaction.redact(e.getClass().getSimpleName() + ": " + e.getMessage());
        System.out.println("[dbbench] " + family.id() + ": failed: " + msg);
        fenv.put("status", "failed");
        fenv.put("error", msg);
        failures.add(family.id() + ": " + msg);
      }
      fenv.put("wall_seconds", Math.round((System.nanoTime() - t0) / 1e9));
    }

    json.writeValue(runDir.resolve("jmh.json").toFile(), merged);
    Map<String, Object> env = EnvInfo.collect();
    env.put("mode", full ? "full" : "quick");
    env.put("bench_include", include);
    env.put("bench_args", userArgs.stream().map(Redaction::redact).toList());
    env.put("families", familiesEnv);
    env.put("wall_seconds", Math.round((System.nanoTime() - jobStart) / 1e9));
    json.writeValue(runDir.resolve("env.json").toFile(), env);
    try {
      io.dbbench.report.Report.render(runDir);
    } catch (IOException | RuntimeException e) {
      failures.add("report: " + e.getMessage());
    }
    System.out.println("[dbbench] wrote " + runDir.resolve("jmh.json") + ", env.json, report.md, report.html ("
        + merged.size() + " results)");
    if (!failures.isEmpty()) {
      failures.forEach(f -> System.out.println("[dbbench] FAILED " + f));
      System.exit(1);
    }
  }

  /** Full names ({@code package.Class.method}) of every benchmark compiled into the suite. */
  public static Set<String> allBenchmarks() {
    Set<String> names = new TreeSet<>();
    for (BenchmarkListEntry e : BenchmarkList.defaultList().getAll(
        OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT), List.of())) {
      names.add(e.getUsername());
    }
    return names;
  }
}
