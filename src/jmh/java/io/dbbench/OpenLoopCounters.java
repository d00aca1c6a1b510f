package io.dbbench;

import io.dbbench.load.OpenLoopTrial;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * An open-loop trial's counts and latencies ({@link OpenLoopTrial.Published}) as secondary metrics
 * of the JMH result, the same for every open-loop benchmark: {@code ok}, {@code failed},
 * {@code late} and {@code unsent} per iteration (JMH sums them over the trial), and the trial's
 * {@code p50_us}, {@code p99_us}, {@code max_us} and {@code server_cpu_us}, reported after its last
 * measurement iteration only (0 in the others) so that JMH's sum over iterations is the trial value.
 *
 * <p>JMH sums {@code @AuxCounters} over threads, so thread 0 reports the shared counts and every
 * other thread zeros. JMH reads counters from the annotated class's own fields only, so they are
 * declared here once; the trial lives in each benchmark's own {@code Load} state, so that
 * benchmark's per-thread {@code @TearDown(Level.Iteration)} takes this state as an argument and
 * hands it the trial ({@link #publish}); JMH reports the counters of a state the benchmark depends
 * on that way (naming it in the {@code @Benchmark} method as well binds its counters twice, which
 * JMH refuses).
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class OpenLoopCounters {
  /** Requests answered rightly in this iteration. */
  public long ok;
  /** Requests answered wrongly, or not at all, in this iteration. */
  public long failed;
  /** Requests that started more than the scheduler's late threshold after their scheduled start, in this iteration. */
  public long late;
  /**
   * Slots of this iteration's schedule that no thread claimed before its planned end: never sent,
   * their wait up to the end is in the latencies; above 0 the rate was not sustained.
   */
  public long unsent;
  /** Trial median latency from the scheduled start, in us (last measurement iteration only). */
  public double p50_us;
  /** Trial 99th percentile latency in us (last measurement iteration only; 0 under 100 requests, which cannot support it). */
  public double p99_us;
  /** Trial maximum latency in us (last measurement iteration only). */
  public double max_us;
  /**
   * CPU time of the servers per measured request over the trial's measurement iterations, in us
   * (last measurement iteration only; 0 for servers this JVM cannot see).
   */
  public double server_cpu_us;

  private boolean publisher;

  /** Thread 0 publishes the shared counts. */
  @Setup(Level.Trial)
  public void init(ThreadParams t) {
    publisher = t.getThreadIndex() == 0;
  }

  /**
   * Waits at {@code iterationEnd} until every thread has finished the iteration (its action, run by
   * the last one to arrive, ends the trial's iteration: {@link OpenLoopTrial#endIteration}), then
   * sets the counters to what this thread publishes ({@link OpenLoopTrial#published}).
   *
   * @throws InterruptedException when interrupted while waiting
   * @throws BrokenBarrierException when another thread failed the iteration
   */
  public void publish(CyclicBarrier iterationEnd, OpenLoopTrial run) throws InterruptedException,
      BrokenBarrierException {
    iterationEnd.await();
    OpenLoopTrial.Published p = run.published(publisher);
    ok = p.ok();
    failed = p.failed();
    late = p.late();
    unsent = p.unsent();
    p50_us = p.p50Us();
    p99_us = p.p99Us();
    max_us = p.maxUs();
    server_cpu_us = p.serverCpuUs();
  }
}
