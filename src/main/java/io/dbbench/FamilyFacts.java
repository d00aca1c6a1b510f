package io.dbbench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.KnownSecrets;
import io.dbbench.core.Probe;
import io.dbbench.core.Redaction;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What {@code env.json} records of the families that ran some benchmarks: each family whose
 * benchmarks ({@link BenchmarkFamily#includeRegex}) include one of the names given, with its
 * probe's facts (backend, versions, seeds, checksums; for the graph family each engine's version
 * or why this build lacks it). For runs outside the main job, such as {@code Interleave}, which
 * starts this in a child JVM on each side's own jar, so the facts are that jar's.
 *
 * <pre>
 * java -cp target/benchmarks.jar io.dbbench.FamilyFacts io.dbbench.graph.GraphReadBenchmark.matchById
 * </pre>
 *
 * <p>Prints one JSON object, family id to facts (credentials redacted), e.g.
 * {@code {"graph": {"available": true, "facts": {"engines": {...}}}}}. Exit status 0, 2 with no
 * names.
 */
public final class FamilyFacts {
  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private FamilyFacts() {}

  /**
   * The facts of every family one of whose benchmarks is named in {@code benchmarks} (full names,
   * {@code io.dbbench.<family>.<Class>.<method>}), in run order.
   *
   * @return family id to {@code {available, reason?, facts}}; empty when no family matches
   */
  public static Map<String, Object> of(List<String> benchmarks, List<BenchmarkFamily> families) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (BenchmarkFamily f : families) {
      Pattern p = Pattern.compile(f.includeRegex());
      if (benchmarks.stream().noneMatch(b -> p.matcher(b).find())) {
        continue;
      }
      Probe probe = f.probe();
      Map<String, Object> one = new LinkedHashMap<>();
      one.put("available", probe.available());
      if (!probe.available()) {
        one.put("reason", probe.reason());
      }
      one.put("facts", probe.facts());
      out.put(f.id(), one);
    }
    return out;
  }

  /** Prints {@link #of} the names given, over every registered family. */
  public static void main(String[] args) throws Exception {
    KnownSecrets.installOnStandardStreams();
    if (args.length == 0) {
      System.err.println("family-facts: expected one or more benchmark names, e.g."
          + " io.dbbench.graph.GraphReadBenchmark.matchById");
      System.exit(2);
    }
    Object tree = Redaction.redactTree(of(List.of(args), Families.all()));
    System.out.println(MAPPER.writeValueAsString(tree));
  }
}
