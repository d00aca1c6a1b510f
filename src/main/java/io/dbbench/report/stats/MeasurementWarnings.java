package io.dbbench.report.stats;

import io.dbbench.profile.MachineStateProfiler;
import io.dbbench.report.data.JmhResult;
import io.dbbench.report.data.TrialFacts;
import io.dbbench.report.data.Units;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a reader must know before trusting a row of one run: its iterations still trend (the
 * warm-up did not reach steady state, {@link Stats#trend}), its out-of-process servers reached the
 * warm-up cap before their CPU per request was flat ({@link TrialFacts#warmup}), other processes
 * used more than {@value #OTHER_BUSY_LIMIT_PCT}% of the CPUs during a fork ({@link
 * MachineStateProfiler#OTHER_BUSY}; the load average, which counts the benchmark's own threads, is
 * not judged), some of its requests failed (a
 * success rate under 100%: the {@code ok} and {@code failed} counters), or it ran too few forks for any
 * comparison to reach a verdict ({@link Stats#minForksPerSide()}). The judgement only: the run
 * report's section is {@code io.dbbench.report.render.WarningsSection}.
 */
public final class MeasurementWarnings {
  /**
   * Percent of all CPUs' time other processes may use during a fork before its row is flagged
   * ({@link MachineStateProfiler#OTHER_BUSY}): on 2 CPUs, a fifth of one core.
   */
  public static final double OTHER_BUSY_LIMIT_PCT = 10;

  private MeasurementWarnings() {}

  /**
   * The percent of the CPUs' time other processes used during {@code r}'s forks
   * ({@link MachineStateProfiler#OTHER_BUSY}) when it passes {@value #OTHER_BUSY_LIMIT_PCT}%: the
   * row shared its cores; NaN otherwise, or without the metric.
   */
  public static double sharedCoresPct(JmhResult r) {
    JmhResult.Metric other = r.secondary().get(MachineStateProfiler.OTHER_BUSY);
    return other != null && other.score() > OTHER_BUSY_LIMIT_PCT ? other.score() : Double.NaN;
  }

  /**
   * The warnings of one result's primary metric, e.g. {@code iterations falling (-12.0% first to
   * last, p=0.0093): not at steady state} or {@code other processes used 23.5% of the 2 CPUs
   * during a fork: shared its cores}; empty when none.
   */
  public static List<String> of(JmhResult r) {
    List<String> out = new ArrayList<>();
    Stats.Trend t = Stats.trend(r.primary().forks());
    if (t.flagged()) {
      out.add("iterations " + t.direction() + " (" + Units.pct(t.driftPct()) + " first to last, p="
          + Units.p(t.p()) + "): not at steady state");
    }
    double other = sharedCoresPct(r);
    JmhResult.Metric cpus = r.secondary().get(MachineStateProfiler.CPUS);
    if (!Double.isNaN(other)) {
      out.add(String.format(Locale.ROOT, "other processes used %.1f%% of the %s CPUs during a fork: shared its cores",
          other, cpus == null ? "" : String.valueOf(Math.round(cpus.score()))).replace("the  CPUs", "the CPUs"));
    }
    String warm = TrialFacts.warmup(r);
    if (warm.startsWith("NOT steady")) {
      out.add("servers measured before steady state: warm-up " + warm);
    }
    JmhResult.Metric ok = r.secondary().get("ok");
    JmhResult.Metric failed = r.secondary().get("failed");
    if (ok != null && failed != null && failed.score() > 0) {
      // Both counters are aggregated alike by JMH, so their ratio is the run's success rate.
      double rate = 100 * ok.score() / (ok.score() + failed.score());
      out.add(String.format(Locale.ROOT, "%.2f%% of requests succeeded: the score mixes answers with failures"
          + " and timeouts", Math.min(rate, 99.99)));
    }
    JmhResult.Metric steal = r.secondary().get(MachineStateProfiler.STEAL);
    if (steal != null && steal.score() > 5) {
      out.add(String.format(Locale.ROOT, "%.1f%% of CPU time stolen by the hypervisor", steal.score()));
    }
    return out;
  }
}
