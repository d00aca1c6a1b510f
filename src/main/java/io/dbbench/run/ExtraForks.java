package io.dbbench.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.FamilySettings;
import io.dbbench.load.SteadyState;
import io.dbbench.profile.AllocationProfiler;
import io.dbbench.profile.InstrumenterLogging;
import io.dbbench.report.data.RunManifest;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The main job's forks beyond a family's timed ones, whose scores are never used: the allocation
 * pass (allocs/op from Google's allocation instrumenter) and, with {@code -Dbench.profile=async},
 * the flame-graph forks of each headline comparison's sides.
 */
final class ExtraForks {
  /** Runs one JMH command and returns the JSON array it wrote to {@code file}, or {@code null}. */
  interface Jmh {
    JsonNode run(List<String> cmd, Path file) throws Exception;
  }

  private final Forks hooks;

  /** The extra forks of one family run; {@code hooks} runs JMH and prints progress. */
  ExtraForks(Forks hooks) {
    this.hooks = hooks;
  }

  /** async-profiler's CPU sampling interval in the flame-graph forks, ns (1 ms). */
  static final long PROFILE_CPU_INTERVAL_NS = 1_000_000;

  /** Where the build puts the allocation instrumenter inside {@code benchmarks.jar}. */
  static final String AGENT_RESOURCE = "/dbbench-agents/java-allocation-instrumenter.jar";
  private static Path extracted;

  /**
   * Where the main job finds the allocation instrumenter: {@code agents/} beside the jar or classes
   * it runs from (the build's {@code target/agents/}); else the copy inside the jar
   * ({@value #AGENT_RESOURCE}), extracted once per JVM into a temporary directory removed on exit, so
   * a {@code benchmarks.jar} copied elsewhere keeps allocs/op; else the path beside it, which the pass
   * then names as missing.
   */
  static synchronized Path allocationAgent() {
    Path beside;
    try {
      Path here = Path.of(ExtraForks.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      beside = here.getParent().resolve("agents").resolve("java-allocation-instrumenter.jar");
    } catch (URISyntaxException | RuntimeException e) {
      beside = Path.of("target", "agents", "java-allocation-instrumenter.jar");
    }
    if (Files.isRegularFile(beside)) {
      return beside;
    }
    if (extracted == null || !Files.isRegularFile(extracted)) {
      extracted = extractAgent(AGENT_RESOURCE);
    }
    return extracted != null ? extracted : beside;
  }

  /** Copies the jar resource {@code resource} into a new temporary directory removed on exit; null when absent or not written. */
  static Path extractAgent(String resource) {
    try (java.io.InputStream in = ExtraForks.class.getResourceAsStream(resource)) {
      if (in == null) {
        return null;
      }
      Path dir = Files.createTempDirectory("dbbench-agent-");
      Path out = dir.resolve(resource.substring(resource.lastIndexOf('/') + 1));
      dir.toFile().deleteOnExit(); // deleted in the reverse order of registration: the file, then its directory
      Files.copy(in, out);
      out.toFile().deleteOnExit();
      return out;
    } catch (java.io.IOException e) {
      return null;
    }
  }

  /**
   * The allocation pass: the family's {@link FamilySettings#allocationIncludes} benchmarks run
   * again, one fork each, one warm-up and one measured iteration, with
   * {@code io.dbbench.profile.AllocationProfiler} and the allocation instrumenter as a
   * {@code -javaagent} (which slows allocation several times, so these forks are never the
   * timed ones), servers warmed for 1 s only (client allocations do not depend on the server's
   * JIT); each result's {@code allocs.norm} and {@code allocs.bytes.norm} are copied into the row
   * of the same benchmark, mode and parameters. Headline comparisons' sides the sweep does not
   * cover get a pass of their own. Skipped with one line when the agent jar is missing; a failing
   * pass leaves the rows without allocs/op and says so, without failing the family.
   */
  void allocationPass(FamilyRun f, ArrayNode rows) {
    BenchmarkFamily family = f.family();
    FamilySettings settings = f.settings();
    Path runDir = hooks.ctx().runDir();
    List<Pattern> includes = settings.allocationIncludes().stream().map(Pattern::compile).toList();
    Predicate<String> counted = b -> includes.stream().anyMatch(p -> p.matcher(b).find());
    List<String> targets = f.selected().stream().filter(counted).toList();
    List<FamilySettings.HeadlineComparison> sides = settings.comparisons().stream()
        .filter(c -> f.comparable().contains(c.benchmark()) && counted.test(c.benchmark())).toList();
    if (targets.isEmpty() && sides.isEmpty()) {
      return;
    }
    Map<String, Object> pass = new LinkedHashMap<>();
    f.fenv().allocationPass(pass);
    pass.put("benchmarks", targets);
    pass.put("comparison_points", sides.stream().map(FamilySettings.HeadlineComparison::label).toList());
    Path agent = allocationAgent();
    if (!Files.isRegularFile(agent)) {
      pass.put("status", "skipped: no allocation instrumenter at " + agent);
      hooks.say().accept(family.id() + ": allocs/op skipped: " + agent + " is missing (./mvnw package puts it there)");
      return;
    }
    long t0 = System.nanoTime();
    List<String> own = List.of("-f", "1", "-wi", "1", "-w", "1s", "-i", "1", "-r", "1s", "-prof",
        AllocationProfiler.class.getName(),
        "-jvmArgsAppend", "-javaagent:" + agent.toAbsolutePath() + " -D" + SteadyState.CAP_PROPERTY + "=1"
            + " -Djava.util.logging.config.class=" + InstrumenterLogging.class.getName());
    JmhCommand.Job job = hooks.ctx().jmh().withOptionsFirst(own);
    List<List<String>> commands = new ArrayList<>();
    List<String> regexes = targets.stream().map(b -> "^" + Pattern.quote(b) + "$").toList();
    if (!targets.isEmpty()) {
      commands.add(JmhCommand.build(job, settings, null, runDir.resolve("jmh-" + family.id() + "-allocs.json"), regexes));
    }
    int k = 0;
    for (FamilySettings.HeadlineComparison c : sides) {
      for (char side : new char[] {'A', 'B'}) {
        if (!JmhRows.hasRow(rows, c.benchmark(), c.side(side))
            || (targets.contains(c.benchmark()) && JmhRows.covered(c.side(side), settings))) {
          continue; // no such row, or the sweep's pass covers this point
        }
        commands.add(JmhCommand.buildComparisonFork(job, settings, c.benchmark(), c.side(side), List.of(),
            runDir.resolve("jmh-" + family.id() + "-allocs-" + (++k) + ".json")));
      }
    }
    int merged = 0;
    List<String> errors = new ArrayList<>();
    ArrayNode forkArgs = hooks.ctx().json().createArrayNode(); // what the pass's forks ran with, as JMH recorded it
    for (List<String> cmd : commands) {
      Path file = Path.of(cmd.get(cmd.indexOf("-rff") + 1));
      hooks.say().accept(family.id() + ": allocation pass (" + file.getFileName() + ")");
      try {
        JsonNode arr = hooks.jmh().run(cmd, file);
        for (JsonNode r : arr == null ? hooks.ctx().json().createArrayNode() : arr) {
          merged += JmhRows.copyAllocations(rows, r) ? 1 : 0;
          forkArgs.add(r.path("jvmArgs"));
        }
      } catch (Exception e) {
        errors.add(MainJob.oneLine(e));
      }
    }
    pass.put("jmh_args", own);
    pass.put("rows_with_allocs", merged);
    pass.put("fork_jvm_args", forkArgs);
    pass.put("wall_seconds", Math.round((System.nanoTime() - t0) / 1e9));
    if (!errors.isEmpty()) {
      pass.put("errors", errors);
      hooks.say().accept(family.id() + ": allocation pass failed, rows keep no allocs/op: " + String.join("; ", errors));
    }
  }

  /** async-profiler's native library for this OS and CPU, beside the jar in {@code agents/async-profiler/}, or null. */
  static Path asyncProfilerLibrary() {
    String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
    String arch = System.getProperty("os.arch", "");
    String dir = os.contains("linux") ? (arch.equals("aarch64") ? "linux-arm64" : arch.equals("amd64") ? "linux-x64" : null)
        : os.contains("mac") ? "macos" : null;
    if (dir == null) {
      return null;
    }
    Path lib = allocationAgent().resolveSibling("async-profiler").resolve(dir).resolve("libasyncProfiler.so");
    return Files.isRegularFile(lib) ? lib : null;
  }

  /**
   * {@code -Dbench.profile=async}: for each headline comparison, one more fork per side and event
   * ({@code cpu}, {@code alloc}) under async-profiler ({@code -prof async}, flame graphs as HTML) in
   * {@code <run>/profiles/<family>-<k>-<side>-<event>/}; the manifest lists the graphs
   * ({@code families.<id>.profiles}), the report links them. These forks' scores are not used.
   * Where the profiler cannot attach (no library for this OS, perf events refused), one line says
   * so and the run goes on.
   */
  void profiles(FamilyRun f) {
    BenchmarkFamily family = f.family();
    Path runDir = hooks.ctx().runDir();
    List<FamilySettings.HeadlineComparison> cs = f.settings().comparisons().stream()
        .filter(c -> f.comparable().contains(c.benchmark())).toList();
    if (cs.isEmpty()) {
      return;
    }
    Path lib = asyncProfilerLibrary();
    f.fenv().startProfiles();
    if (lib == null) {
      hooks.say().accept(family.id() + ": flame graphs skipped: no async-profiler library for " + System.getProperty("os.name") + " "
          + System.getProperty("os.arch") + " under " + allocationAgent().resolveSibling("async-profiler"));
      return;
    }
    int k = 0;
    for (FamilySettings.HeadlineComparison c : cs) {
      k++;
      if (!hooks.runsHere().test(ShardPlan.Unit.comparison(family.id(), k))) {
        continue; // profiled by the shard that runs the comparison
      }
      for (char side : new char[] {'A', 'B'}) {
        for (String event : List.of("cpu", "alloc")) {
          String name = family.id() + "-" + k + "-" + side + "-" + event;
          Path dir = runDir.resolve("profiles").resolve(name);
          List<String> opts = new ArrayList<>(c.options());
          // CPU every 1 ms, not async-profiler's 10 ms: a single-shot fork held 14-82 samples at 10 ms
          opts.addAll(List.of("-prof", "async:libPath=" + lib.toAbsolutePath() + ";output=flamegraph;event=" + event
              + (event.equals("cpu") ? ";interval=" + PROFILE_CPU_INTERVAL_NS : "") + ";dir=" + dir.toAbsolutePath()));
          List<String> cmd = JmhCommand.buildComparisonFork(hooks.ctx().jmh(), f.settings(), c.benchmark(), c.side(side), opts,
              runDir.resolve("jmh-" + name + ".json"));
          hooks.say().accept(family.id() + ": flame graph " + name + " " + c.side(side));
          List<String> graphs = null;
          String error = null;
          try {
            hooks.jmh().run(cmd, runDir.resolve("jmh-" + name + ".json"));
            List<String> made = new ArrayList<>();
            if (Files.isDirectory(dir)) {
              try (Stream<Path> files = Files.walk(dir)) {
                files.filter(g -> g.getFileName().toString().endsWith(".html"))
                    .forEach(g -> made.add(runDir.relativize(g).toString().replace('\\', '/')));
              }
            }
            graphs = made;
            if (graphs.isEmpty()) {
              hooks.say().accept(family.id() + ": flame graph " + name + ": the profiler wrote nothing (could it attach? see above); going on");
            }
          } catch (Exception e) {
            error = MainJob.oneLine(e);
            hooks.say().accept(family.id() + ": flame graph " + name + " not made (" + MainJob.oneLine(e) + "); going on");
          }
          f.fenv().profile(new RunManifest.Profile(c.label(), String.valueOf(side), c.side(side), event, graphs, error));
        }
      }
    }
  }

}
