package io.dbbench.arango.pool;

import io.dbbench.profile.MachineStateProfiler;
import io.dbbench.report.data.JmhResult;
import io.dbbench.report.data.RunManifest;
import io.dbbench.report.data.Units;
import io.dbbench.report.study.FormSupport;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * What this machine lets any pool reach in a pooling shot, from the row's own measurements: the
 * server's CPU time per query x the shot's queries / the online cores is the fastest a shot can
 * finish whatever the client's pool, because every query's server work has to run on those cores.
 * Where that bound is close to the default pool's time, more connections cannot make the shot
 * faster on this machine, only add contention: the study's pool effect needs a server whose cores
 * (or, in the model, whose waits) let queries overlap.
 *
 * @param serverCpuMsPerQuery the server's CPU time per query, ms
 * @param queries the shot's queries ({@code iterations})
 * @param cores the online cores the server and the client shared
 * @param source where {@code serverCpuMsPerQuery} comes from: {@link #MEASURED_OVER_SHOTS} or
 *     {@link #MEASURED_AT_WARMUP}
 */
public record PoolBound(double serverCpuMsPerQuery, int queries, int cores, String source) {
  /** The stand-in's CPU over each measured shot / its queries (secondary metric {@code serverCpuUsPerQuery}). */
  public static final String MEASURED_OVER_SHOTS = "the stand-in's CPU time over the measured shots";
  /** The servers' CPU per request at the end of the warm-up ({@code warmup_cpu_us}), for rows without the former. */
  public static final String MEASURED_AT_WARMUP = "the stand-in's CPU time per query at the end of its warm-up";

  /**
   * Checks the figures.
   *
   * @throws IllegalArgumentException when the CPU per query is not positive and finite, or the
   *     queries or cores are below 1
   */
  public PoolBound {
    if (!(serverCpuMsPerQuery > 0) || Double.isInfinite(serverCpuMsPerQuery)) {
      throw new IllegalArgumentException("server CPU per query " + serverCpuMsPerQuery + " ms: expected a positive figure");
    }
    if (queries < 1 || cores < 1) {
      throw new IllegalArgumentException("queries=" + queries + ", cores=" + cores + ": expected at least 1 of each");
    }
  }

  /** The fastest any pool can finish the shot on these cores, ms: {@code serverCpuMsPerQuery x queries / cores}. */
  public double fastestMillis() {
    return serverCpuMsPerQuery * queries / cores;
  }

  /**
   * The largest speed-up any pool could give over a shot of {@code millis}: {@code millis /}
   * {@link #fastestMillis()} (below 1 never happens in a sound measurement; it is returned as is).
   */
  public double largestSpeedUpOver(double millis) {
    return millis / fastestMillis();
  }

  /**
   * Whether this machine's cores decide a speed-up of {@code speedUp} over a shot of
   * {@code baselineMillis}: true when it is larger than {@link #largestSpeedUpOver} allows (the
   * study's 4.64x against a default pool already within 1.08x of the bound). A verdict on such a
   * speed-up says "bounded by N cores".
   */
  public boolean decides(double speedUp, double baselineMillis) {
    return speedUp > largestSpeedUpOver(baselineMillis);
  }

  /**
   * The bound in one sentence, e.g. "On 2 cores the stand-in's CPU time over the measured shots
   * is 20.000 ms per query, so 500 queries need at least 5,000 ms whatever the pool (server CPU per
   * query x queries / cores)".
   */
  public String sentence() {
    return String.format(Locale.ROOT, "On %d cores %s is %s ms per query, so %,d queries need at least %s ms whatever"
        + " the pool (server CPU per query x queries / cores)", cores, source, Units.num(serverCpuMsPerQuery), queries,
        Units.num(fastestMillis()));
  }

  /**
   * The note a finding on a pool's speed-up carries: {@link #sentence()}, then how much room a shot
   * of {@code baselineMillis} (the default pool's) leaves, e.g. "...; the default pool's 5,412 ms
   * leaves room for at most 1.08x: bounded by 2 cores" (the last words when that room is below
   * {@value #DECISIVE_ROOM}x, where no pool can show much of an effect here).
   */
  public String findingNote(String baselineName, double baselineMillis) {
    double room = largestSpeedUpOver(baselineMillis);
    return sentence() + "; " + baselineName + "'s " + Units.num(baselineMillis) + " ms leaves room for at most "
        + String.format(Locale.ROOT, "%.2fx", room) + (room < DECISIVE_ROOM ? ": bounded by " + cores + " cores" : "");
  }

  /** Below this room for a speed-up the note says the cores bound the row. */
  public static final double DECISIVE_ROOM = 1.5;

  /**
   * The bound of one pooling row ({@code ArangoPoolBenchmark.query}): the CPU per query from the
   * mean of its measured shots' {@code serverCpuUsPerQuery} above 0, else its
   * {@code warmup_cpu_us} trial fact; the cores from its {@code machine.cpus}, else the manifest's
   * host. Empty when the row has neither CPU figure (a real ArangoDB whose CPU this JVM cannot
   * see), no {@code iterations} parameter, or no core count.
   */
  public static Optional<PoolBound> of(JmhResult r, RunManifest manifest) {
    int queries;
    try {
      queries = Integer.parseInt(r.params().getOrDefault("iterations", "0"));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
    double cpuMs = Double.NaN;
    String source = MEASURED_OVER_SHOTS;
    JmhResult.Metric shots = r.secondary().get("serverCpuUsPerQuery");
    if (shots != null) {
      double[] v = Arrays.stream(shots.samples()).filter(x -> x > 0).toArray();
      if (v.length > 0) {
        cpuMs = Arrays.stream(v).average().orElse(Double.NaN) / 1e3;
      }
    }
    if (Double.isNaN(cpuMs)) {
      double[] w = Arrays.stream(FormSupport.trialFact(r, "warmup_cpu_us")).filter(x -> x > 0).sorted().toArray();
      if (w.length > 0) {
        cpuMs = w[w.length / 2] / 1e3;
        source = MEASURED_AT_WARMUP;
      }
    }
    int cores = cores(r, manifest);
    if (Double.isNaN(cpuMs) || queries < 1 || cores < 1) {
      return Optional.empty();
    }
    return Optional.of(new PoolBound(cpuMs, queries, cores, source));
  }

  /** The row's online cores ({@code machine.cpus}), else the manifest host's; -1 when neither says. */
  static int cores(JmhResult r, RunManifest manifest) {
    JmhResult.Metric m = r.secondary().get(MachineStateProfiler.CPUS);
    if (m != null && m.score() >= 1) {
      return (int) Math.round(m.score());
    }
    return manifest == null || manifest.host() == null || manifest.host().cores() == null ? -1 : manifest.host().cores();
  }
}
