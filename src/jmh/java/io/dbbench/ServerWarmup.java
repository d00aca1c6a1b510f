package io.dbbench;

import io.dbbench.load.SteadyState;
import java.util.concurrent.atomic.AtomicBoolean;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * The outcome of the trial's server warm-up ({@link SteadyState}) as secondary metrics of the
 * JMH result, so that every row says whether its out-of-process servers were measured at steady
 * state:
 *
 * <ul>
 *   <li>{@code warmup_requests}: requests sent before measurement (never measured);
 *   <li>{@code warmup_cpu_us}: the servers' CPU time per request in the last warm-up window, in
 *       µs (the wall clock per request when the servers share the fork's JVM);
 *   <li>{@code warmup_steady}: 1 when the cost per request was flat, 0 when the cap was reached
 *       first (then the row's figures are not a steady-state server's, and the report says so).
 * </ul>
 *
 * <p>They are facts of the trial, not of an iteration: published by one thread in the first
 * measurement iteration and 0 everywhere else, so JMH's sum over threads and iterations is the
 * trial's value, and the report reads the largest iteration of each fork. A benchmark takes this
 * state as an argument of its {@code @Benchmark} method (so that JMH reports the counters) and its
 * trial set-up calls {@link #record} after warming the servers. A fork runs one trial, so the
 * outcome is kept per JVM.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class ServerWarmup {
  private static volatile SteadyState.Outcome outcome;
  private static final AtomicBoolean PUBLISHED = new AtomicBoolean();

  /** Requests sent before measurement. */
  public long warmup_requests;
  /** Servers' CPU per request at the end of the warm-up, in µs. */
  public double warmup_cpu_us;
  /** 1 when the servers reached steady state, 0 when the cap was reached first. */
  public long warmup_steady;

  /** Keeps the trial's warm-up outcome until the first measurement iteration publishes it. */
  public static void record(SteadyState.Outcome o) {
    outcome = o;
    PUBLISHED.set(false);
  }

  /**
   * At the end of the first measurement iteration, one thread publishes the outcome (JMH zeroes
   * the counters when each iteration starts, after the iteration set-ups).
   */
  @TearDown(Level.Iteration)
  public void publish(IterationParams ip) {
    SteadyState.Outcome o = outcome;
    if (o != null && ip.getType() == IterationType.MEASUREMENT && PUBLISHED.compareAndSet(false, true)) {
      warmup_requests = o.requests();
      warmup_cpu_us = o.costPerRequestUs();
      warmup_steady = o.steady() ? 1 : 0;
    }
  }
}
