package io.dbbench.report.data;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.dbbench.core.FileTrees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Joins the shards of one sharded main job ({@code --shard i/n}; each shard's {@code env.json}
 * has a {@code shard} section with its index, the count, its units and the whole plan) back into
 * one run directory, as the unsharded run would have written it: one {@code jmh.json}, one
 * {@code env.json} whose families hold every shard's comparisons and profiles, every other file
 * the shards wrote (flame graphs, open-loop files, forks' JSON). A row measured in two shards (a
 * sweep's one-fork record of a point that a headline comparison measured again) keeps the record
 * with more forks, as the unsharded job replaces it, and the allocs/op either record has
 * ({@link JmhJson#keepAllocations}). A shard that owned none of the plan's units
 * (its {@code shard.units} empty, {@code shard.empty} true: more shards than units) adds nothing
 * but its place in the set.
 *
 * <p>It first checks the set is whole, and refuses it with one line per problem: a missing or
 * duplicate shard, shards of different counts, commits or settings ({@code mode},
 * {@code bench_include}, {@code bench_args}, {@code bench_forks}, the plan), a unit run twice or
 * never.
 */
public final class ShardMerge {
  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  /** Manifest settings every shard of one run shares. */
  static final List<String> SHARED_SETTINGS = List.of("git_commit", "mode", "bench_include", "bench_args", "bench_forks",
      "bench_units");
  private static final Set<String> OWN_FILES = Set.of("jmh.json", "env.json", "report.md", "report.html", "findings.json",
      "charts");

  private ShardMerge() {}

  /** A shard set that cannot be merged: {@link #problems()} says why, one line each. */
  public static final class ShardSetException extends ReportException {
    private static final long serialVersionUID = 1L;
    private final List<String> problems;

    ShardSetException(List<String> problems) {
      super(String.join("; ", problems));
      this.problems = List.copyOf(problems);
    }

    /** One line per problem. */
    public List<String> problems() {
      return problems;
    }
  }

  /**
   * Whether {@code runDir}'s manifest says it is a shard.
   *
   * @throws ReportException naming the file when its env.json is not a manifest
   */
  public static boolean isShard(Path runDir) throws ReportException {
    Path env = runDir.resolve("env.json");
    return Files.isRegularFile(env) && ManifestJson.read(env).shard() != null;
  }

  /**
   * Checks and merges {@code shardDirs} into {@code out} (created, or an empty directory). Nothing is
   * read through a symbolic link that leads outside its shard ({@link Merge#requireInside}); when the
   * merge fails, what it wrote is removed ({@link Merge#discard}).
   *
   * @throws ShardSetException when the set is not whole or not of one run (every problem listed)
   * @throws ReportException when an input is not a run or holds a link leading outside it, or out is
   *     not new or empty
   * @throws IOException when reading or writing fails
   */
  public static Path merge(Path out, List<Path> shardDirs) throws ReportException, IOException {
    Merge.requireFresh(out);
    List<Map.Entry<Path, RunManifest>> inputs = new ArrayList<>();
    for (Path dir : shardDirs) {
      if (!Files.isRegularFile(dir.resolve("jmh.json")) || !Files.isRegularFile(dir.resolve("env.json"))) {
        throw new ReportException(dir + ": not a run directory (expected jmh.json and env.json)");
      }
      Merge.requireInside(dir);
      inputs.add(Map.entry(dir, ManifestJson.read(dir.resolve("env.json")))); // redacted as read
    }
    List<Path> ordered = check(inputs);
    boolean existed = Files.exists(out);
    try {
      return mergeInto(out, ordered, inputs);
    } catch (IOException | RuntimeException e) {
      Merge.discard(out, existed);
      throw e;
    }
  }

  private static Path mergeInto(Path out, List<Path> ordered, List<Map.Entry<Path, RunManifest>> inputs)
      throws IOException {
    Map<Path, RunManifest> envs = new LinkedHashMap<>();
    inputs.forEach(e -> envs.put(e.getKey(), e.getValue()));
    ArrayNode rows = MAPPER.createArrayNode();
    Map<String, Integer> at = new LinkedHashMap<>();
    for (Path dir : ordered) {
      // JMH's own records, kept as JMH wrote them (JMH's tools read the merged file), redacted
      for (JsonNode r : JsonRedaction.redact(MAPPER.readTree(dir.resolve("jmh.json").toFile()))) {
        String key = key(r);
        Integer i = at.get(key);
        if (i == null) {
          at.put(key, rows.size());
          rows.add(r);
        } else if (forks(r) > forks(rows.get(i))) {
          JmhJson.keepAllocations(rows.get(i), r); // the sweep's allocation pass measured this point
          rows.set(i, r);
        } else {
          JmhJson.keepAllocations(r, rows.get(i));
        }
      }
    }
    Files.createDirectories(out);
    for (Path dir : ordered) {
      copyFiles(dir, out, envs.get(dir).shard().index());
    }
    MAPPER.writeValue(out.resolve("jmh.json").toFile(), rows);
    MAPPER.writeValue(out.resolve("env.json").toFile(), ManifestJson.write(env(ordered, envs)));
    return out;
  }

  /** A setting every shard of one run shares ({@link #SHARED_SETTINGS}) as its manifest writes it (JSON). */
  static String setting(RunManifest m, String key) {
    Object v = switch (key) {
      case "git_commit" -> m.host() == null ? null : m.host().gitCommit();
      case "mode" -> m.job() == null || m.job().mode() == null ? null : m.job().mode().id();
      case "bench_include" -> m.job() == null ? null : m.job().benchInclude();
      case "bench_args" -> m.job() == null ? null : m.job().benchArgs();
      case "bench_forks" -> m.job() == null ? null : m.job().benchForks();
      case "bench_units" -> m.job() == null ? null : m.job().benchUnits();
      default -> throw new IllegalArgumentException("not a shared setting: " + key);
    };
    try {
      return MAPPER.writeValueAsString(v); // as the manifest writes it: "c1", ["-f","1"], null
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      return String.valueOf(v);
    }
  }

  /** The problems of a shard set, or the shards ordered by index when there are none. */
  static List<Path> check(List<Map.Entry<Path, RunManifest>> envs) throws ShardSetException {
    List<String> problems = new ArrayList<>();
    Map<Integer, Path> byIndex = new TreeMap<>();
    Path first = null;
    int count = -1;
    RunManifest firstEnv = null;
    for (Map.Entry<Path, RunManifest> e : envs) {
      RunManifest.Shard shard = e.getValue().shard();
      if (shard == null) {
        problems.add(e.getKey() + ": not a shard (its env.json has no shard section); merge shards only with shards");
        continue;
      }
      int i = shard.index();
      int n = shard.count();
      if (first == null) {
        first = e.getKey();
        firstEnv = e.getValue();
        count = n;
      } else if (n != count) {
        problems.add(e.getKey() + " is shard " + i + "/" + n + " but " + first + " is one of " + count);
      }
      Path before = byIndex.putIfAbsent(i, e.getKey());
      if (before != null) {
        problems.add("shard " + i + "/" + n + " given twice: " + before + " and " + e.getKey());
      }
      if (e.getValue() != firstEnv) {
        for (String k : SHARED_SETTINGS) {
          if (!setting(firstEnv, k).equals(setting(e.getValue(), k))) {
            problems.add(e.getKey() + " ran " + k + "=" + setting(e.getValue(), k) + " but " + first + " ran " + k + "="
                + setting(firstEnv, k));
          }
        }
        if (!firstEnv.shard().plan().equals(shard.plan())) {
          problems.add(e.getKey() + " planned units " + shard.plan() + " but " + first + " planned "
              + firstEnv.shard().plan());
        }
      }
    }
    for (int i = 0; i < count; i++) {
      if (!byIndex.containsKey(i)) {
        problems.add("shard " + i + "/" + count + " is missing");
      }
    }
    if (problems.isEmpty() && first != null) {
      Map<String, Integer> ran = new TreeMap<>();
      envs.forEach(env -> env.getValue().shard().units().forEach(u -> ran.merge(u, 1, Integer::sum)));
      Set<String> plan = new TreeSet<>(firstEnv.shard().plan());
      ran.forEach((u, times) -> {
        if (times > 1) {
          problems.add("unit " + u + " ran in " + times + " shards");
        }
        if (!plan.contains(u)) {
          problems.add("unit " + u + " ran but is not in the plan");
        }
      });
      plan.stream().filter(u -> !ran.containsKey(u)).forEach(u -> problems.add("unit " + u + " ran in no shard"));
    }
    if (!problems.isEmpty()) {
      throw new ShardSetException(problems);
    }
    return List.copyOf(byIndex.values());
  }

  /** What identifies a row ({@link JmhJson#rowKey}). */
  static String key(JsonNode r) {
    return JmhJson.rowKey(r);
  }

  /** The forks a record holds (its primary metric's raw data arrays). */
  static int forks(JsonNode r) {
    return r.path("primaryMetric").path("rawData").size();
  }

  /** The unsharded run's manifest: shard 0's, with every shard's family sections joined and the shards listed. */
  private static RunManifest env(List<Path> ordered, Map<Path, RunManifest> envs) {
    RunManifest first = envs.get(ordered.get(0));
    List<RunManifest.ShardRun> shards = new ArrayList<>();
    long wall = 0;
    Map<String, List<RunManifest.Family>> families = new LinkedHashMap<>();
    for (Path dir : ordered) {
      RunManifest e = envs.get(dir);
      long w = e.wallSeconds() == null ? 0 : e.wallSeconds();
      shards.add(new RunManifest.ShardRun(e.shard().index(), e.host() == null || e.host().host() == null ? ""
          : e.host().host(), dir.toAbsolutePath().normalize().toString(), e.shard().units(), e.shard().units().isEmpty(), w));
      wall = Math.max(wall, w);
      e.families().forEach((id, f) -> families.computeIfAbsent(id, k -> new ArrayList<>()).add(f));
    }
    Map<String, RunManifest.Family> fams = new LinkedHashMap<>();
    families.forEach((id, parts) -> fams.put(id, family(parts)));
    return new RunManifest(first.schemaVersion(), first.host(), first.job(), fams, null, shards, wall,
        first.interleaved(), first.mergedFrom(), first.extra());
  }

  /**
   * One family's manifest section from its shards' sections: the one that ran its sweep first (its
   * facts, benchmarks and JMH arguments are the family's), every part a section leaves out taken
   * from the others; comparisons (by index) and profiles of all of them; status {@code failed} if
   * any failed, else {@code ran} if any ran; results and wall seconds summed.
   */
  static RunManifest.Family family(List<RunManifest.Family> parts) {
    List<RunManifest.Family> here = parts.stream().filter(p -> p.status() != RunManifest.FamilyStatus.OTHER_SHARD).toList();
    if (here.isEmpty()) {
      return parts.get(0);
    }
    List<RunManifest.Family> sorted = new ArrayList<>(here);
    sorted.sort(Comparator.comparing(p -> p.benchmarks() != null ? 0 : 1));
    RunManifest.Family f = sorted.get(0);
    Map<String, JsonNode> facts = new LinkedHashMap<>();
    List<RunManifest.Comparison> comparisons = new ArrayList<>();
    List<RunManifest.Profile> profiles = new ArrayList<>();
    Set<String> units = new TreeSet<>();
    RunManifest.FamilyStatus status = null;
    long results = 0;
    long wall = 0;
    for (RunManifest.Family p : sorted) {
      p.facts().forEach(facts::putIfAbsent);
      comparisons.addAll(p.comparisonList());
      profiles.addAll(p.profileList());
      if (p.shardUnits() != null) {
        units.addAll(p.shardUnits());
      }
      RunManifest.FamilyStatus st = p.status();
      status = st == RunManifest.FamilyStatus.FAILED || status == RunManifest.FamilyStatus.FAILED
          ? RunManifest.FamilyStatus.FAILED : st == RunManifest.FamilyStatus.RAN || status == RunManifest.FamilyStatus.RAN
          ? RunManifest.FamilyStatus.RAN : st;
      results += p.results() == null ? 0 : p.results();
      wall += p.wallSeconds() == null ? 0 : p.wallSeconds();
    }
    comparisons.sort(Comparator.comparingInt(c -> c.index() == null ? 0 : c.index()));
    return new RunManifest.Family(f.title(), f.backend(), facts, List.copyOf(units),
        first(sorted, RunManifest.Family::reducedParams), first(sorted, RunManifest.Family::excluded),
        first(sorted, RunManifest.Family::sharedServers), first(sorted, RunManifest.Family::jmhArgs),
        first(sorted, RunManifest.Family::benchmarks), comparisons, first(sorted, RunManifest.Family::allocationPass),
        profiles.isEmpty() ? first(sorted, RunManifest.Family::profiles) : profiles,
        first(sorted, RunManifest.Family::forkJvmArgs), status, first(sorted, RunManifest.Family::reason),
        first(sorted, RunManifest.Family::error), (int) results, wall, first(sorted, RunManifest.Family::machine),
        first(sorted, RunManifest.Family::sweeps));
  }

  /** The first non-null {@code part} of {@code sections}, in order; {@code null} when none has it. */
  private static <T> T first(List<RunManifest.Family> sections, java.util.function.Function<RunManifest.Family, T> part) {
    for (RunManifest.Family f : sections) {
      T v = part.apply(f);
      if (v != null) {
        return v;
      }
    }
    return null;
  }

  /**
   * Every file and directory a shard wrote besides the run's own, into out (a name taken already
   * gets {@code shard<i>-}); JSON files pass through {@link JsonRedaction}.
   */
  private static void copyFiles(Path dir, Path out, int index) throws IOException {
    try (Stream<Path> top = Files.list(dir)) {
      for (Path p : top.toList()) {
        String name = p.getFileName().toString();
        if (OWN_FILES.contains(name)) {
          continue;
        }
        Path target = out.resolve(name);
        if (Files.exists(target) && !Files.isDirectory(p)) {
          target = out.resolve("shard" + index + "-" + name);
        }
        if (Files.isDirectory(p)) {
          FileTrees.copyTree(p, target, q -> true, StandardCopyOption.REPLACE_EXISTING);
        } else if (name.endsWith(".json")) {
          // a unit's JMH file or an open-loop trial: redacted like the run's own files
          MAPPER.writeValue(target.toFile(), JsonRedaction.redact(MAPPER.readTree(p.toFile())));
        } else {
          Files.copy(p, target);
        }
      }
    }
  }
}
