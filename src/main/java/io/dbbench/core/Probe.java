package io.dbbench.core;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The outcome of {@link BenchmarkFamily#probe()}: whether the family's system can be reached and,
 * in either case, the facts the run manifest records about it.
 *
 * @param available whether the benchmarks can run
 * @param reason when unavailable, one line saying what failed and what to set; empty otherwise
 * @param facts JSON-ready manifest facts (strings, numbers, booleans, lists and maps of them), in
 *     insertion order; never {@code null}
 * @param kind what the family's backend is ({@code env.json} {@code backend_kind}), or {@code null}
 *     when the family does not say (the manifest then omits it)
 */
public record Probe(boolean available, String reason, Map<String, Object> facts, BackendKind kind) {
  /** Copies {@code facts} and keeps {@code reason} to one line. */
  public Probe {
    Objects.requireNonNull(facts, "facts");
    reason = reason == null ? "" : reason.replaceAll("\\s*\\R\\s*", " ").trim();
    facts = Collections.unmodifiableMap(new LinkedHashMap<>(facts));
    if (!available && reason.isEmpty()) {
      throw new IllegalArgumentException("an unavailable probe needs a reason");
    }
  }

  /** A probe whose family does not say what kind its backend is. */
  public Probe(boolean available, String reason, Map<String, Object> facts) {
    this(available, reason, facts, null);
  }

  /** This probe, saying that the family's backend is of {@code kind}. */
  public Probe withKind(BackendKind kind) {
    return new Probe(available, reason, facts, kind);
  }

  /** Reachable, with these manifest facts. */
  public static Probe ok(Map<String, Object> facts) {
    return new Probe(true, "", facts);
  }

  /** Not reachable; {@code reason} says what failed and what to set. */
  public static Probe unavailable(String reason, Map<String, Object> facts) {
    return new Probe(false, reason, facts);
  }

  /** Not reachable, with no facts. */
  public static Probe unavailable(String reason) {
    return new Probe(false, reason, Map.of());
  }
}
