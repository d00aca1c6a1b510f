package io.dbbench.report.data;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
 * with more forks, as the unsharded job replaces it. A shard that owned none of the plan's units
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
  static final List<String> SHARED_SETTINGS = List.of("git_commit", "mode", "bench_include", "bench_args", "bench_forks");
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

  /** Whether {@code runDir}'s manifest says it is a shard. */
  public static boolean isShard(Path runDir) throws IOException {
    Path env = runDir.resolve("env.json");
    return Files.isRegularFile(env) && MAPPER.readTree(env.toFile()).has("shard");
  }

  /**
   * Checks and merges {@code shardDirs} into {@code out} (created; must not hold a jmh.json).
   *
   * @throws ShardSetException when the set is not whole or not of one run (every problem listed)
   * @throws ReportException when an input is not a run or out already holds one
   * @throws IOException when reading or writing fails
   */
  public static Path merge(Path out, List<Path> shardDirs) throws ReportException, IOException {
    if (Files.exists(out.resolve("jmh.json"))) {
      throw new ReportException(out + " already holds a jmh.json; choose a new output directory");
    }
    List<Map.Entry<Path, JsonNode>> inputs = new ArrayList<>();
    for (Path dir : shardDirs) {
      if (!Files.isRegularFile(dir.resolve("jmh.json")) || !Files.isRegularFile(dir.resolve("env.json"))) {
        throw new ReportException(dir + ": not a run directory (expected jmh.json and env.json)");
      }
      inputs.add(Map.entry(dir, MAPPER.readTree(dir.resolve("env.json").toFile())));
    }
    List<Path> ordered = check(inputs);
    Map<Path, JsonNode> envs = new LinkedHashMap<>();
    inputs.forEach(e -> envs.put(e.getKey(), e.getValue()));
    ArrayNode rows = MAPPER.createArrayNode();
    Map<String, Integer> at = new LinkedHashMap<>();
    for (Path dir : ordered) {
      for (JsonNode r : MAPPER.readTree(dir.resolve("jmh.json").toFile())) {
        String key = key(r);
        Integer i = at.get(key);
        if (i == null) {
          at.put(key, rows.size());
          rows.add(r);
        } else if (forks(r) > forks(rows.get(i))) {
          rows.set(i, r);
        }
      }
    }
    Files.createDirectories(out);
    for (Path dir : ordered) {
      copyFiles(dir, out, envs.get(dir).path("shard").path("index").asInt());
    }
    MAPPER.writeValue(out.resolve("jmh.json").toFile(), rows);
    MAPPER.writeValue(out.resolve("env.json").toFile(), env(ordered, envs));
    return out;
  }

  /** The problems of a shard set, or the shards ordered by index when there are none. */
  static List<Path> check(List<Map.Entry<Path, JsonNode>> envs) throws ShardSetException {
    List<String> problems = new ArrayList<>();
    Map<Integer, Path> byIndex = new TreeMap<>();
    Path first = null;
    int count = -1;
    JsonNode firstEnv = null;
    for (Map.Entry<Path, JsonNode> e : envs) {
      JsonNode shard = e.getValue().path("shard");
      if (!shard.isObject()) {
        problems.add(e.getKey() + ": not a shard (its env.json has no shard section); merge shards only with shards");
        continue;
      }
      int i = shard.path("index").asInt(-1);
      int n = shard.path("count").asInt(-1);
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
        JsonNode a = firstEnv;
        for (String k : SHARED_SETTINGS) {
          if (!a.path(k).equals(e.getValue().path(k))) {
            problems.add(e.getKey() + " ran " + k + "=" + e.getValue().path(k) + " but " + first + " ran " + k + "=" + a.path(k));
          }
        }
        if (!a.path("shard").path("plan").equals(shard.path("plan"))) {
          problems.add(e.getKey() + " planned units " + shard.path("plan") + " but " + first + " planned "
              + a.path("shard").path("plan"));
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
      envs.forEach(env -> env.getValue().path("shard").path("units").forEach(u -> ran.merge(u.asText(), 1, Integer::sum)));
      Set<String> plan = new TreeSet<>();
      firstEnv.path("shard").path("plan").forEach(u -> plan.add(u.asText()));
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

  /** Benchmark, mode and parameters: what identifies a row. */
  static String key(JsonNode r) {
    Map<String, String> params = new TreeMap<>();
    r.path("params").properties().forEach(e -> params.put(e.getKey(), e.getValue().asText()));
    return r.path("benchmark").asText() + "|" + r.path("mode").asText() + "|" + params + "|"
        + r.path(JmhJson.HOST_FIELD).asText("");
  }

  /** The forks a record holds (its primary metric's raw data arrays). */
  static int forks(JsonNode r) {
    return r.path("primaryMetric").path("rawData").size();
  }

  /** The unsharded run's manifest: shard 0's, with every shard's family sections joined. */
  private static ObjectNode env(List<Path> ordered, Map<Path, JsonNode> envs) {
    ObjectNode env = ((ObjectNode) envs.get(ordered.get(0))).deepCopy();
    env.remove("shard");
    ArrayNode shards = env.putArray("shards");
    long wall = 0;
    Map<String, List<JsonNode>> families = new LinkedHashMap<>();
    for (Path dir : ordered) {
      JsonNode e = envs.get(dir);
      ObjectNode s = shards.addObject();
      s.put("index", e.path("shard").path("index").asInt());
      s.put("host", e.path("host").asText(""));
      s.put("source", dir.toAbsolutePath().normalize().toString());
      s.set("units", e.path("shard").path("units"));
      s.put("empty", e.path("shard").path("units").isEmpty());
      s.put("wall_seconds", e.path("wall_seconds").asLong());
      wall = Math.max(wall, e.path("wall_seconds").asLong());
      e.path("families").properties().forEach(f -> families.computeIfAbsent(f.getKey(), k -> new ArrayList<>()).add(f.getValue()));
    }
    env.put("wall_seconds", wall);
    ObjectNode fams = env.putObject("families");
    families.forEach((id, parts) -> fams.set(id, family(parts)));
    return env;
  }

  /** One family's manifest section from its shards' sections. */
  static ObjectNode family(List<JsonNode> parts) {
    List<JsonNode> here = parts.stream().filter(p -> !p.path("status").asText().equals("other shard")).toList();
    if (here.isEmpty()) {
      return ((ObjectNode) parts.get(0)).deepCopy();
    }
    // the sweep's shard first: its facts (benchmarks, JMH arguments) are the family's
    List<JsonNode> sorted = new ArrayList<>(here);
    sorted.sort(Comparator.comparing(p -> p.has("benchmarks") ? 0 : 1));
    ObjectNode f = ((ObjectNode) sorted.get(0)).deepCopy();
    ArrayNode comparisons = MAPPER.createArrayNode();
    ArrayNode profiles = MAPPER.createArrayNode();
    Set<String> units = new TreeSet<>();
    String status = "";
    long results = 0;
    long wall = 0;
    for (JsonNode p : sorted) {
      p.properties().forEach(e -> {
        if (!f.has(e.getKey())) {
          f.set(e.getKey(), e.getValue());
        }
      });
      p.path("comparisons").forEach(comparisons::add);
      p.path("profiles").forEach(profiles::add);
      p.path("shard_units").forEach(u -> units.add(u.asText()));
      String st = p.path("status").asText();
      status = st.equals("failed") || status.equals("failed") ? "failed" : st.equals("ran") || status.equals("ran") ? "ran" : st;
      results += p.path("results").asLong();
      wall += p.path("wall_seconds").asLong();
    }
    List<JsonNode> cs = new ArrayList<>();
    comparisons.forEach(cs::add);
    cs.sort(Comparator.comparingInt(c -> c.path("index").asInt()));
    f.set("comparisons", MAPPER.valueToTree(cs));
    if (!profiles.isEmpty()) {
      f.set("profiles", profiles);
    }
    f.set("shard_units", MAPPER.valueToTree(units));
    f.put("status", status);
    f.put("results", results);
    f.put("wall_seconds", wall);
    return f;
  }

  /** Every file and directory a shard wrote besides the run's own, into out (a name taken already gets {@code shard<i>-}). */
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
        } else {
          Files.copy(p, target);
        }
      }
    }
  }
}
