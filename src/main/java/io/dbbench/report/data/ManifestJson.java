package io.dbbench.report.data;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.JsonNodeType;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dbbench.core.BackendKind;
import io.dbbench.core.Mode;
import io.dbbench.report.data.RunManifest.Backend;
import io.dbbench.report.data.RunManifest.Caveat;
import io.dbbench.report.data.RunManifest.Comparison;
import io.dbbench.report.data.RunManifest.Excluded;
import io.dbbench.report.data.RunManifest.Family;
import io.dbbench.report.data.RunManifest.Host;
import io.dbbench.report.data.RunManifest.Interleaved;
import io.dbbench.report.data.RunManifest.Jdk;
import io.dbbench.report.data.RunManifest.Job;
import io.dbbench.report.data.RunManifest.Machine;
import io.dbbench.report.data.RunManifest.MergedPart;
import io.dbbench.report.data.RunManifest.Os;
import io.dbbench.report.data.RunManifest.Profile;
import io.dbbench.report.data.RunManifest.Rule;
import io.dbbench.report.data.RunManifest.Shard;
import io.dbbench.report.data.RunManifest.SharedServer;
import io.dbbench.report.data.RunManifest.SweepRun;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The one place that knows {@code env.json}'s keys: reads a manifest into a {@link RunManifest}
 * and writes one back, in the documented schema ({@code docs/reports.md}, "The run manifest")
 * plus {@code schema_version} and each family's {@code backend_kind}.
 *
 * <p>The reader is tolerant of what is missing and strict about what is there: every key may be
 * missing (the component is {@code null} or empty), but a top-level key of the schema holding
 * another JSON type ({@code "host": 123}, {@code "families": "x"}), a family that is not an object or
 * a {@code git_commit} that is not a commit id is refused with the field named ({@link #typeProblem});
 * inside a family, a value of an unexpected JSON type reads as missing. Keys it does not know are kept
 * ({@link RunManifest#extra}, {@link Family#facts}, {@link Comparison#extra}) and written back in
 * place. A manifest written before {@code backend_kind} existed gets its kind from its facts:
 * ArangoDB's {@code kind} fact, else a label naming a stand-in, an embedded or in-process backend
 * (the only place the label's words are read). The writer writes the keys in the main job's order
 * (title, backend, the family's facts, the main job's keys), so a manifest the main job wrote reads
 * and writes back to the same JSON tree, with {@code schema_version} and {@code backend_kind} added.
 */
public final class ManifestJson {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  /** Top-level keys the reader models; any other is kept in {@link RunManifest#extra}. */
  private static final Set<String> TOP = Set.of("schema_version", "timestamp_utc", "host", "jdk", "os", "cores",
      "cpu_model", "memory_bytes", "jmh_version", "git_commit", "git_dirty", "mode", "bench_include", "bench_args",
      "bench_forks", "bench_units", "families", "shard", "shards", "wall_seconds", "interleaved", "merged_from");
  /** Family keys the reader models; any other is one of the family's {@link Family#facts}. */
  private static final Set<String> FAMILY = Set.of("title", "backend", "backend_kind", "shard_units",
      "reduced_params", "excluded_benchmarks", "shared_servers", "jmh_args", "benchmarks", "comparisons",
      "allocation_pass", "profiles", "fork_jvm_args", "status", "reason", "error", "results", "wall_seconds",
      "machine", "sweeps");
  private static final Set<String> COMPARISON = Set.of("index", "benchmark", "param", "baseline", "contender",
      "design", "rule", "cap_carried_seconds", "warmup_pair_seconds", "order", "forks_per_side", "pairs_needed", "stop",
      "stop_detail", "width", "jmh_args",
      "wall_seconds");

  private ManifestJson() {}

  /**
   * Reads {@code env.json}.
   *
   * @throws ReportException naming the file when it cannot be read, is not JSON or not an object
   */
  public static RunManifest read(Path file) throws ReportException {
    JsonNode n;
    try {
      n = MAPPER.readTree(file.toFile());
    } catch (IOException e) {
      throw new ReportException(file + ": not valid JSON (" + String.valueOf(e.getMessage()).lines().findFirst()
          .orElse("") + ")", e);
    }
    if (n == null || !n.isObject()) {
      throw new ReportException(file + ": not a run manifest (expected a JSON object)");
    }
    String problem = typeProblem(n, "");
    if (problem != null) {
      throw new ReportException(file + ": " + problem);
    }
    return read(n);
  }

  /**
   * Whether {@code s} can be a git object id: 4 to 64 hexadecimal digits (an abbreviated or full
   * SHA-1 or SHA-256 id). What a manifest's {@code git_commit} must be, so that it never reaches
   * git as anything but a revision (an option such as {@code --output=FILE}, a path, a range).
   */
  public static boolean isObjectId(String s) {
    return s != null && OBJECT_ID.matcher(s).matches();
  }

  private static final Pattern OBJECT_ID = Pattern.compile("[0-9a-fA-F]{4,64}");

  /** Top-level keys and the JSON type each must have when present and not null. */
  private static final Map<String, JsonNodeType> TOP_TYPES = Map.ofEntries(
      Map.entry("schema_version", JsonNodeType.NUMBER),
      Map.entry("timestamp_utc", JsonNodeType.STRING),
      Map.entry("host", JsonNodeType.STRING),
      Map.entry("jdk", JsonNodeType.OBJECT),
      Map.entry("os", JsonNodeType.OBJECT),
      Map.entry("cores", JsonNodeType.NUMBER),
      Map.entry("cpu_model", JsonNodeType.STRING),
      Map.entry("memory_bytes", JsonNodeType.NUMBER),
      Map.entry("jmh_version", JsonNodeType.STRING),
      Map.entry("git_commit", JsonNodeType.STRING),
      Map.entry("git_dirty", JsonNodeType.BOOLEAN),
      Map.entry("mode", JsonNodeType.STRING),
      Map.entry("bench_include", JsonNodeType.STRING),
      Map.entry("bench_args", JsonNodeType.ARRAY),
      Map.entry("bench_forks", JsonNodeType.NUMBER),
      Map.entry("bench_units", JsonNodeType.STRING),
      Map.entry("families", JsonNodeType.OBJECT),
      Map.entry("shard", JsonNodeType.OBJECT),
      Map.entry("shards", JsonNodeType.ARRAY),
      Map.entry("wall_seconds", JsonNodeType.NUMBER),
      Map.entry("interleaved", JsonNodeType.OBJECT),
      Map.entry("merged_from", JsonNodeType.ARRAY));

  /**
   * The first way {@code env} is not a manifest's shape, naming the field ({@code at} prefixes it:
   * {@code merged_from[0].env.}); {@code null} when it is one. A top-level key of the schema holds
   * its JSON type or null, each family is an object, {@code mode} is a {@link Mode} ({@code merged}
   * beside {@code merged_from}), and {@code git_commit} is empty or an object id ({@link #isObjectId}).
   * Keys outside the schema are not checked (they are kept as they are).
   */
  static String typeProblem(JsonNode env, String at) {
    for (Map.Entry<String, JsonNode> e : env.properties()) {
      JsonNodeType want = TOP_TYPES.get(e.getKey());
      JsonNode v = e.getValue();
      if (want == null || v.isNull()) {
        continue;
      }
      if (v.getNodeType() != want) {
        return at + e.getKey() + " is " + shown(v) + ", expected " + want.name().toLowerCase(Locale.ROOT);
      }
    }
    String mode = text(env, "mode");
    if (mode != null && !isMergedMode(env)) {
      try {
        Mode.parse(mode);
      } catch (IllegalArgumentException e) {
        return at + e.getMessage();
      }
    }
    JsonNode commit = env.path("git_commit");
    if (commit.isTextual() && !commit.asText().isEmpty() && !isObjectId(commit.asText())) {
      return at + "git_commit is " + shown(commit) + ", expected a commit id (4 to 64 hex digits)";
    }
    for (Map.Entry<String, JsonNode> f : env.path("families").properties()) {
      if (!f.getValue().isObject()) {
        return at + "families." + f.getKey() + " is " + shown(f.getValue()) + ", expected an object";
      }
    }
    int i = 0;
    for (JsonNode p : env.path("merged_from")) {
      if (!p.isObject()) {
        return at + "merged_from[" + i + "] is " + shown(p) + ", expected an object";
      }
      if (p.path("env").isObject()) {
        String inner = typeProblem(p.path("env"), at + "merged_from[" + i + "].env.");
        if (inner != null) {
          return inner;
        }
      }
      i++;
    }
    return null;
  }

  /** A value as an error shows it: its JSON, cut at 80 characters. */
  private static String shown(JsonNode v) {
    String s = v.toString();
    return s.length() > 80 ? s.substring(0, 77) + "..." : s;
  }

  /**
   * Reads a parsed manifest.
   *
   * @throws IllegalArgumentException when {@code env} is not a JSON object
   */
  public static RunManifest read(JsonNode given) {
    if (given == null || !given.isObject()) {
      throw new IllegalArgumentException("a run manifest is a JSON object, got " + (given == null ? "null"
          : given.getNodeType()));
    }
    String problem = typeProblem(given, "");
    if (problem != null) {
      throw new IllegalArgumentException("not a run manifest: " + problem);
    }
    JsonNode env = JsonRedaction.redact(given); // an input written by hand or by an older dbbench may hold a credential
    Host host = null;
    if (env.has("timestamp_utc") || env.has("host") || env.has("jdk") || env.has("cores") || env.has("git_commit")) {
      JsonNode jdk = env.path("jdk");
      JsonNode os = env.path("os");
      host = new Host(text(env, "timestamp_utc"), text(env, "host"),
          jdk.isObject() ? new Jdk(text(jdk, "version"), text(jdk, "vendor"), text(jdk, "vm"), text(jdk, "home"),
              strings(jdk.path("input_arguments"))) : null,
          os.isObject() ? new Os(text(os, "name"), text(os, "version"), text(os, "arch")) : null,
          integer(env, "cores"), text(env, "cpu_model"), longValue(env, "memory_bytes"), text(env, "jmh_version"),
          text(env, "git_commit"), env.path("git_dirty").isBoolean() ? env.path("git_dirty").asBoolean() : null);
    }
    Job job = env.has("bench_include") || env.has("bench_args") || env.has("bench_forks")
        || (env.has("mode") && !env.has("merged_from"))
        ? new Job(text(env, "mode") == null || isMergedMode(env) ? null : Mode.parse(text(env, "mode")),
            text(env, "bench_include"), strings(env.path("bench_args")), integer(env, "bench_forks"),
            text(env, "bench_units"))
        : null;
    Map<String, Family> families = new LinkedHashMap<>();
    env.path("families").properties().forEach(e -> {
      if (e.getValue().isObject()) {
        families.put(e.getKey(), family(e.getValue()));
      }
    });
    JsonNode sh = env.path("shard");
    Shard shard = sh.isObject() ? new Shard(sh.path("index").asInt(), sh.path("count").asInt(),
        strings(sh.path("units")), strings(sh.path("plan")), longs(sh.path("expected_seconds")),
        sh.path("empty").asBoolean(false)) : null;
    List<RunManifest.ShardRun> shards = null;
    if (env.path("shards").isArray()) {
      shards = new ArrayList<>();
      for (JsonNode s : env.path("shards")) {
        shards.add(new RunManifest.ShardRun(s.path("index").asInt(), s.path("host").asText(""),
            s.path("source").asText(""), strings(s.path("units")), s.path("empty").asBoolean(false),
            s.path("wall_seconds").asLong()));
      }
    }
    JsonNode il = env.path("interleaved");
    Interleaved interleaved = il.isObject() ? new Interleaved(il.path("id").asText(""), il.path("side").asText(""),
        fields(il)) : null;
    List<MergedPart> parts = new ArrayList<>();
    for (JsonNode p : env.path("merged_from")) {
      JsonNode pe = p.path("env");
      parts.add(new MergedPart(p.path("host").asText(""), p.path("source").asText(""),
          read(pe.isObject() ? pe : NODES.objectNode())));
    }
    Map<String, JsonNode> extra = new LinkedHashMap<>();
    env.properties().forEach(e -> {
      if (!TOP.contains(e.getKey())) {
        extra.put(e.getKey(), e.getValue());
      }
    });
    return new RunManifest(env.path("schema_version").asInt(0), host, job, families, shard, shards,
        longValue(env, "wall_seconds"), interleaved, parts, extra);
  }

  /** Reads one family's section. */
  static Family family(JsonNode f) {
    Map<String, JsonNode> facts = new LinkedHashMap<>();
    f.properties().forEach(e -> {
      if (!FAMILY.contains(e.getKey())) {
        facts.put(e.getKey(), e.getValue());
      }
    });
    String label = text(f, "backend");
    BackendKind kind = f.path("backend_kind").isTextual() ? BackendKind.ofWord(f.path("backend_kind").asText())
        : legacyKind(label, f.path("kind").asText(""));
    JsonNode ex = f.path("excluded_benchmarks");
    List<SharedServer> servers = null;
    if (f.path("shared_servers").isArray()) {
      servers = new ArrayList<>();
      for (JsonNode s : f.path("shared_servers")) {
        servers.add(new SharedServer(s.path("name").asText(""), s.path("address").asText(""), s.path("pid").asLong(),
            s.path("key").asText("")));
      }
    }
    List<Comparison> comparisons = null;
    if (f.path("comparisons").isArray()) {
      comparisons = new ArrayList<>();
      for (JsonNode c : f.path("comparisons")) {
        comparisons.add(comparison(c));
      }
    }
    List<Profile> profiles = null;
    if (f.path("profiles").isArray()) {
      profiles = new ArrayList<>();
      for (JsonNode p : f.path("profiles")) {
        profiles.add(new Profile(text(p, "comparison"), text(p, "side"), stringMap(p.path("point")), text(p, "event"),
            p.path("graphs").isArray() ? strings(p.path("graphs")) : null, text(p, "error")));
      }
    }
    Map<String, List<String>> forkJvmArgs = null;
    if (f.path("fork_jvm_args").isObject()) {
      forkJvmArgs = new LinkedHashMap<>();
      for (Map.Entry<String, JsonNode> e : f.path("fork_jvm_args").properties()) {
        forkJvmArgs.put(e.getKey(), strings(e.getValue()));
      }
    }
    Machine machine = machine(f.path("machine"));
    List<SweepRun> sweeps = null;
    if (f.path("sweeps").isArray()) {
      sweeps = new ArrayList<>();
      for (JsonNode w : f.path("sweeps")) {
        sweeps.add(new SweepRun(text(w, "name"), text(w, "purpose"), strings(w.path("jmh_args")),
            strings(w.path("benchmarks")), RunManifest.FamilyStatus.of(text(w, "status")), text(w, "error"), w.path("results").asInt(),
            w.path("expected_seconds").asLong(), w.path("wall_seconds").asLong(), machine(w.path("machine"))));
      }
    }
    return new Family(text(f, "title"), new Backend(label, kind, caveats(facts)), facts,
        f.path("shard_units").isArray() ? strings(f.path("shard_units")) : null,
        f.path("reduced_params").isObject() ? stringMap(f.path("reduced_params")) : null,
        ex.isObject() ? new Excluded(stringMap(ex.path("reasons")), strings(ex.path("benchmarks"))) : null, servers,
        f.path("jmh_args").isArray() ? strings(f.path("jmh_args")) : null,
        f.path("benchmarks").isArray() ? strings(f.path("benchmarks")) : null, comparisons,
        f.has("allocation_pass") ? f.get("allocation_pass") : null, profiles, forkJvmArgs, RunManifest.FamilyStatus.of(text(f, "status")),
        text(f, "reason"), text(f, "error"), integer(f, "results"), longValue(f, "wall_seconds"), machine, sweeps);
  }

  /** A {@code machine} object, or {@code null} when {@code m} is not one. */
  private static Machine machine(JsonNode m) {
    return m.isObject() ? new Machine(number(m.path("load1_before")), number(m.path("load1_after")),
        m.path("online_cpus").asInt(), number(m.path("steal_pct")), number(m.path("busy_pct")),
        m.path("overloaded").asBoolean(false)) : null;
  }

  /**
   * The kind of a backend whose manifest has no {@code backend_kind} (written before it existed):
   * ArangoDB's {@code kind} fact when there is one, else the label's words.
   */
  static BackendKind legacyKind(String label, String arangoKind) {
    if (label == null || label.isEmpty()) {
      return null;
    }
    String l = label.toLowerCase(Locale.ROOT);
    if (arangoKind.equalsIgnoreCase("STAND_IN") || l.contains("stand-in")) {
      return BackendKind.STAND_IN;
    }
    if (l.startsWith("embedded") || l.startsWith("in-process")) {
      return BackendKind.EMBEDDED;
    }
    return BackendKind.REAL;
  }

  /** The durability caveats a family's facts record (PostgreSQL's {@code pg_fsync}, {@code pg_synchronous_commit}). */
  public static Set<Caveat> caveats(Map<String, JsonNode> facts) {
    Set<Caveat> c = EnumSet.noneOf(Caveat.class);
    if (facts.containsKey("pg_fsync") && facts.get("pg_fsync").asText("").equals("off")) {
      c.add(Caveat.PG_FSYNC_OFF);
    }
    if (facts.containsKey("pg_synchronous_commit") && facts.get("pg_synchronous_commit").asText("").equals("off")) {
      c.add(Caveat.PG_SYNCHRONOUS_COMMIT_OFF);
    }
    return c;
  }

  private static Comparison comparison(JsonNode c) {
    JsonNode r = c.path("rule");
    Rule rule = r.isObject() ? new Rule(text(r, "kind"), integer(r, "pairs"), text(r, "scale"), doubleValue(r, "target"),
        text(r, "target_text"), integer(r, "pilot_pairs"), integer(r, "max_pairs"), doubleValue(r, "cap_seconds")) : null;
    Map<String, JsonNode> extra = new LinkedHashMap<>();
    c.properties().forEach(e -> {
      if (!COMPARISON.contains(e.getKey())) {
        extra.put(e.getKey(), e.getValue());
      }
    });
    return new Comparison(integer(c, "index"), text(c, "benchmark"), text(c, "param"), stringMap(c.path("baseline")),
        stringMap(c.path("contender")), text(c, "design"), rule, longValue(c, "cap_carried_seconds"),
        longValue(c, "warmup_pair_seconds"), text(c, "order"), integer(c, "forks_per_side"), integer(c, "pairs_needed"),
        text(c, "stop"), text(c, "stop_detail"), doubleValue(c, "width"),
        c.path("jmh_args").isArray() ? strings(c.path("jmh_args")) : null, longValue(c, "wall_seconds"), extra);
  }

  /** The manifest as {@code env.json}'s JSON tree (not yet redacted). */
  public static ObjectNode write(RunManifest m) {
    ObjectNode o = NODES.objectNode();
    o.put("schema_version", RunManifest.SCHEMA_VERSION);
    Host h = m.host();
    if (h != null) {
      putText(o, "timestamp_utc", h.timestampUtc());
      putText(o, "host", h.host());
      if (h.jdk() != null) {
        ObjectNode j = o.putObject("jdk");
        putText(j, "version", h.jdk().version());
        putText(j, "vendor", h.jdk().vendor());
        putText(j, "vm", h.jdk().vm());
        putText(j, "home", h.jdk().home());
        j.set("input_arguments", array(h.jdk().inputArguments()));
      }
      if (h.os() != null) {
        ObjectNode os = o.putObject("os");
        putText(os, "name", h.os().name());
        putText(os, "version", h.os().version());
        putText(os, "arch", h.os().arch());
      }
      putValue(o, "cores", h.cores());
      putText(o, "cpu_model", h.cpuModel());
      putValue(o, "memory_bytes", h.memoryBytes());
      putText(o, "jmh_version", h.jmhVersion());
      putText(o, "git_commit", h.gitCommit());
      putValue(o, "git_dirty", h.gitDirty());
    }
    if (m.job() != null) {
      putText(o, "mode", m.job().mode() == null ? null : m.job().mode().id());
      putText(o, "bench_include", m.job().benchInclude());
      o.set("bench_args", array(m.job().benchArgs()));
      if (m.job().benchForks() == null) {
        o.putNull("bench_forks");
      } else {
        o.put("bench_forks", m.job().benchForks());
      }
      if (!m.job().benchUnits().isEmpty()) {
        putText(o, "bench_units", m.job().benchUnits());
      }
    } else if (m.merged()) {
      o.put("mode", "merged");
    }
    if (m.interleaved() != null) {
      o.set("interleaved", object(m.interleaved().fields()));
    }
    if (!m.families().isEmpty() || m.job() != null) {
      ObjectNode fams = o.putObject("families");
      m.families().forEach((id, f) -> fams.set(id, family(f)));
    }
    if (m.shard() != null) {
      Shard s = m.shard();
      ObjectNode so = o.putObject("shard");
      so.put("index", s.index());
      so.put("count", s.count());
      so.set("units", array(s.units()));
      so.set("plan", array(s.plan()));
      ArrayNode exp = so.putArray("expected_seconds");
      s.expectedSeconds().forEach(exp::add);
      so.put("empty", s.empty());
    }
    if (m.shards() != null) {
      ArrayNode shards = o.putArray("shards");
      for (RunManifest.ShardRun s : m.shards()) {
        ObjectNode so = shards.addObject();
        so.put("index", s.index());
        so.put("host", s.host());
        so.put("source", s.source());
        so.set("units", array(s.units()));
        so.put("empty", s.empty());
        so.put("wall_seconds", s.wallSeconds());
      }
    }
    if (m.merged()) {
      ArrayNode parts = o.putArray("merged_from");
      for (MergedPart p : m.mergedFrom()) {
        ObjectNode po = parts.addObject();
        po.put("host", p.host());
        po.put("source", p.source());
        po.set("env", write(p.manifest()));
      }
    }
    m.extra().forEach(o::set);
    putValue(o, "wall_seconds", m.wallSeconds());
    return o;
  }

  /** One family's section, in the main job's key order. */
  public static ObjectNode family(Family f) {
    ObjectNode o = NODES.objectNode();
    putText(o, "title", f.title());
    if (f.shardUnits() != null) {
      o.set("shard_units", array(f.shardUnits()));
    }
    if (!f.backend().label().isEmpty()) {
      o.put("backend", f.backend().label());
    }
    if (f.backend().kind() != null) {
      o.put("backend_kind", f.backend().kind().word());
    }
    f.facts().forEach(o::set);
    if (f.reducedParams() != null) {
      o.set("reduced_params", object(f.reducedParams()));
    }
    if (f.excluded() != null) {
      ObjectNode ex = o.putObject("excluded_benchmarks");
      ex.set("reasons", object(f.excluded().reasons()));
      ex.set("benchmarks", array(f.excluded().benchmarks()));
    }
    if (f.sharedServers() != null) {
      ArrayNode a = o.putArray("shared_servers");
      for (SharedServer s : f.sharedServers()) {
        ObjectNode so = a.addObject();
        so.put("name", s.name());
        so.put("address", s.address());
        so.put("pid", s.pid());
        so.put("key", s.key());
      }
    }
    if (f.jmhArgs() != null) {
      o.set("jmh_args", array(f.jmhArgs()));
    }
    if (f.benchmarks() != null) {
      o.set("benchmarks", array(f.benchmarks()));
    }
    if (f.comparisons() != null) {
      ArrayNode a = o.putArray("comparisons");
      f.comparisons().forEach(c -> a.add(comparison(c)));
    }
    if (f.allocationPass() != null) {
      o.set("allocation_pass", f.allocationPass());
    }
    if (f.profiles() != null) {
      ArrayNode a = o.putArray("profiles");
      for (Profile p : f.profiles()) {
        ObjectNode po = a.addObject();
        putText(po, "comparison", p.comparison());
        putText(po, "side", p.side());
        po.set("point", object(p.point()));
        putText(po, "event", p.event());
        if (p.graphs() != null) {
          po.set("graphs", array(p.graphs()));
        }
        putText(po, "error", p.error());
      }
    }
    if (f.forkJvmArgs() != null) {
      ObjectNode fj = o.putObject("fork_jvm_args");
      f.forkJvmArgs().forEach((k, v) -> fj.set(k, array(v)));
    }
    putText(o, "status", f.status() == null ? null : f.status().words());
    putText(o, "reason", f.reason());
    putText(o, "error", f.error());
    putValue(o, "results", f.results());
    putValue(o, "wall_seconds", f.wallSeconds());
    if (f.machine() != null) {
      putMachine(o, f.machine());
    }
    if (f.sweeps() != null) {
      ArrayNode a = o.putArray("sweeps");
      for (SweepRun w : f.sweeps()) {
        ObjectNode wo = a.addObject();
        putText(wo, "name", w.name());
        putText(wo, "purpose", w.purpose());
        wo.set("jmh_args", array(w.jmhArgs()));
        wo.set("benchmarks", array(w.benchmarks()));
        putText(wo, "status", w.status() == null ? null : w.status().words());
        putText(wo, "error", w.error());
        wo.put("results", w.results());
        wo.put("expected_seconds", w.expectedSeconds());
        wo.put("wall_seconds", w.wallSeconds());
        if (w.machine() != null) {
          putMachine(wo, w.machine());
        }
      }
    }
    return o;
  }

  private static void putMachine(ObjectNode o, Machine mc) {
    ObjectNode mo = o.putObject("machine");
    putNumber(mo, "load1_before", mc.load1Before());
    putNumber(mo, "load1_after", mc.load1After());
    mo.put("online_cpus", mc.onlineCpus());
    putNumber(mo, "steal_pct", mc.stealPct());
    putNumber(mo, "busy_pct", mc.busyPct());
    mo.put("overloaded", mc.overloaded());
  }

  /** One headline comparison's record. */
  public static ObjectNode comparison(Comparison c) {
    ObjectNode o = NODES.objectNode();
    putValue(o, "index", c.index());
    putText(o, "benchmark", c.benchmark());
    putText(o, "param", c.param());
    o.set("baseline", object(c.baseline()));
    o.set("contender", object(c.contender()));
    putText(o, "design", c.design());
    if (c.rule() != null) {
      Rule r = c.rule();
      ObjectNode ro = o.putObject("rule");
      putText(ro, "kind", r.kind());
      if (r.pairs() != null) {
        ro.put("pairs", r.pairs());
      } else if ("fixed".equals(r.kind())) {
        ro.putNull("pairs");
      }
      putText(ro, "scale", r.scale());
      if (r.target() != null) {
        ro.put("target", r.target());
      }
      putText(ro, "target_text", r.targetText());
      if (r.pilotPairs() != null) {
        ro.put("pilot_pairs", r.pilotPairs());
      }
      if (r.maxPairs() != null) {
        ro.put("max_pairs", r.maxPairs());
      }
      if (r.capSeconds() != null) {
        ro.put("cap_seconds", r.capSeconds());
      }
    }
    putValue(o, "cap_carried_seconds", c.capCarriedSeconds());
    putValue(o, "warmup_pair_seconds", c.warmupPairSeconds());
    o.put("order", c.order());
    putValue(o, "forks_per_side", c.forksPerSide());
    putValue(o, "pairs_needed", c.pairsNeeded());
    putText(o, "stop", c.stop());
    putText(o, "stop_detail", c.stopDetail());
    putValue(o, "width", c.width());
    if (c.jmhArgs() != null) {
      o.set("jmh_args", array(c.jmhArgs()));
    }
    putValue(o, "wall_seconds", c.wallSeconds());
    c.extra().forEach(o::set);
    return o;
  }

  /** {@code value} (lists, maps, strings, numbers, booleans, {@code null}) as a JSON tree, for a family's facts. */
  public static JsonNode tree(Object value) {
    return MAPPER.valueToTree(value);
  }

  /** Whether {@code env} is a merged run's manifest whose {@code mode} says so ({@link #write} writes {@code merged}). */
  private static boolean isMergedMode(JsonNode env) {
    return env.has("merged_from") && "merged".equals(text(env, "mode"));
  }

  private static String text(JsonNode n, String key) {
    JsonNode v = n.get(key);
    return v == null || v.isNull() || v.isContainerNode() ? null : v.asText();
  }

  private static Integer integer(JsonNode n, String key) {
    JsonNode v = n.get(key);
    return v != null && v.isNumber() ? v.asInt() : null;
  }

  private static Long longValue(JsonNode n, String key) {
    JsonNode v = n.get(key);
    return v != null && v.isNumber() ? v.asLong() : null;
  }

  private static Double doubleValue(JsonNode n, String key) {
    JsonNode v = n.get(key);
    return v != null && v.isNumber() ? v.asDouble() : null;
  }

  /** A number, or NaN for "n/a" and anything else that is not one. */
  private static double number(JsonNode v) {
    return v.isNumber() ? v.asDouble() : Double.NaN;
  }

  private static void putNumber(ObjectNode o, String key, double v) {
    if (Double.isNaN(v)) {
      o.put(key, "n/a");
    } else {
      o.put(key, v);
    }
  }

  /** {@code key: v} when {@code v} (a number or boolean) is not null; the key left out otherwise. */
  private static void putValue(ObjectNode o, String key, Object v) {
    switch (v) {
      case null -> { }
      case Integer i -> o.put(key, i);
      case Long l -> o.put(key, l);
      case Double d -> o.put(key, d);
      case Boolean b -> o.put(key, b);
      default -> throw new IllegalArgumentException(key + ": a " + v.getClass().getSimpleName()
          + ", expected a number or a boolean");
    }
  }

  private static void putText(ObjectNode o, String key, String v) {
    if (v != null) {
      o.put(key, v);
    }
  }

  private static List<String> strings(JsonNode a) {
    List<String> out = new ArrayList<>();
    if (a.isArray()) {
      a.forEach(x -> out.add(x.asText()));
    }
    return out;
  }

  private static List<Long> longs(JsonNode a) {
    List<Long> out = new ArrayList<>();
    a.forEach(x -> out.add(x.asLong()));
    return out;
  }

  private static Map<String, String> stringMap(JsonNode o) {
    Map<String, String> out = new LinkedHashMap<>();
    o.properties().forEach(e -> out.put(e.getKey(), e.getValue().asText()));
    return out;
  }

  private static Map<String, JsonNode> fields(JsonNode o) {
    Map<String, JsonNode> out = new LinkedHashMap<>();
    o.properties().forEach(e -> out.put(e.getKey(), e.getValue()));
    return out;
  }

  private static ArrayNode array(List<String> values) {
    ArrayNode a = NODES.arrayNode();
    values.forEach(a::add);
    return a;
  }

  private static ObjectNode object(Map<String, ?> values) {
    ObjectNode o = NODES.objectNode();
    values.forEach((k, v) -> o.set(k, v instanceof JsonNode j ? j : NODES.textNode(String.valueOf(v))));
    return o;
  }
}
