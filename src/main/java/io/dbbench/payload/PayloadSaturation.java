package io.dbbench.payload;

import io.dbbench.profile.MachineStateProfiler;
import io.dbbench.report.data.JmhResult;
import io.dbbench.report.data.TrialFacts;
import io.dbbench.report.study.FormSupport;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * Which side set the pace of a closed-loop WMPayload row, from the row's own measurements: the
 * servers' CPU per request ({@code warmup_cpu_us}: the service's and the stand-in's CPU time per
 * request at the end of the warm-up, when it was flat), the row's requests per second, and the
 * machine's busy and other processes' shares over the fork ({@code machine.busy},
 * {@code machine.other_busy}, {@code machine.cpus}, {@link MachineStateProfiler}).
 *
 * <ul>
 *   <li>{@link Side#CLIENT_CPU} / {@link Side#SERVER_CPU}: the machine was at least
 *       {@value #SATURATED_PCT}% busy, and the clients (the fork's busy cores less the servers'
 *       and other processes') or the servers used more of it;
 *   <li>{@link Side#COLLECTION_LOCK}: without the index the servers used about one core
 *       ({@value #LOCK_LOW_CORES} to {@value #LOCK_HIGH_CORES}) while the machine had cores to
 *       spare: mongo-java-server answers each query under its per-collection lock
 *       ({@code AbstractSynchronizedMongoCollection}, mongo-java-server 1.47), so unindexed scans
 *       run one at a time;
 *   <li>{@link Side#NONE}: none of these (the machine had room and the servers were not pinned to
 *       one core).
 * </ul>
 *
 * The machine's figures span the whole fork (set-up and warm-up included) and the servers' CPU
 * per request is the warm-up's last window, so the split is an estimate: it names the bound, it
 * does not measure it to the percent.
 *
 * @param side the side that set the pace
 * @param serverCores the servers' cores: CPU per request (s) x requests per second
 * @param clientCores the clients' cores: busy cores less the servers' and other processes'
 *     (at least 0)
 * @param busyPct the machine's busy share over the fork, percent of all cores
 * @param cpus online cores
 */
public record PayloadSaturation(Side side, double serverCores, double clientCores, double busyPct, int cpus) {
  /** A machine at least this busy (percent of all cores) had no core to spare. */
  public static final double SATURATED_PCT = 90;
  /** Fewest server cores read as one query at a time under the collection lock. */
  public static final double LOCK_LOW_CORES = 0.75;
  /** Most server cores read as one query at a time under the collection lock. */
  public static final double LOCK_HIGH_CORES = 1.25;

  /** What set a row's pace. */
  public enum Side {
    /** The clients' CPU on a saturated machine. */
    CLIENT_CPU("client CPU"),
    /** The servers' CPU on a saturated machine. */
    SERVER_CPU("server CPU"),
    /** mongo-java-server's per-collection lock: unindexed scans one at a time, one core. */
    COLLECTION_LOCK("the collection lock"),
    /** No side saturated. */
    NONE("none saturated");

    /** How the report names it. */
    public final String label;

    Side(String label) {
      this.label = label;
    }
  }

  /**
   * Classifies fixed figures.
   *
   * @param serverCpuUsPerRequest the servers' CPU time per request, µs (positive)
   * @param requestsPerSecond requests per second over all client threads (positive)
   * @param busyPct the machine's busy share over the fork, percent (0 to 100)
   * @param otherBusyPct other processes' share, percent (0 to 100; NaN when unknown, read as 0)
   * @param cpus online cores (at least 1)
   * @param indexed whether the searched attribute has an index (the collection lock only binds scans)
   * @throws IllegalArgumentException naming the first figure out of its range
   */
  public static PayloadSaturation classify(double serverCpuUsPerRequest, double requestsPerSecond, double busyPct,
      double otherBusyPct, int cpus, boolean indexed) {
    if (!(serverCpuUsPerRequest > 0) || !(requestsPerSecond > 0)) {
      throw new IllegalArgumentException("server CPU " + serverCpuUsPerRequest + " µs/request at " + requestsPerSecond
          + " requests/s: expected positive figures");
    }
    if (!(busyPct >= 0 && busyPct <= 100) || cpus < 1) {
      throw new IllegalArgumentException("machine busy " + busyPct + "% of " + cpus + " cores: expected 0-100% of at least 1 core");
    }
    double other = Double.isNaN(otherBusyPct) ? 0 : otherBusyPct;
    double serverCores = serverCpuUsPerRequest * requestsPerSecond / 1e6;
    double busyCores = busyPct / 100 * cpus;
    double clientCores = Math.max(0, busyCores - serverCores - other / 100 * cpus);
    Side side;
    if (busyPct >= SATURATED_PCT) {
      side = clientCores >= serverCores ? Side.CLIENT_CPU : Side.SERVER_CPU;
    } else if (!indexed && serverCores >= LOCK_LOW_CORES && serverCores <= LOCK_HIGH_CORES) {
      side = Side.COLLECTION_LOCK;
    } else {
      side = Side.NONE;
    }
    return new PayloadSaturation(side, serverCores, clientCores, busyPct, cpus);
  }

  /**
   * The classification of a closed-loop row ({@code PayloadServiceBenchmark}); empty when the row
   * lacks a figure (no out-of-process warm-up CPU, {@code arrangement=inProcess}, whose warm-up
   * figure is wall time, or no machine state).
   */
  public static Optional<PayloadSaturation> of(JmhResult r) {
    if ("inProcess".equals(r.params().get("arrangement"))) {
      return Optional.empty();
    }
    double[] cpu = Arrays.stream(FormSupport.trialFact(r, TrialFacts.WARMUP_CPU_US)).filter(v -> v > 0).sorted().toArray();
    JmhResult.Metric busy = r.secondary().get(MachineStateProfiler.BUSY);
    JmhResult.Metric cpus = r.secondary().get(MachineStateProfiler.CPUS);
    JmhResult.Metric other = r.secondary().get(MachineStateProfiler.OTHER_BUSY);
    double rps = FormSupport.opsPerSecond(r);
    if (cpu.length == 0 || busy == null || cpus == null || !(rps > 0) || cpus.score() < 1) {
      return Optional.empty();
    }
    return Optional.of(classify(cpu[cpu.length / 2], rps, Math.min(100, busy.score()),
        other == null ? Double.NaN : other.score(), (int) Math.round(cpus.score()), !"none".equals(r.params().get("index"))));
  }

  /**
   * The classification in words, e.g. "client CPU: machine 94% busy of 2 cores; servers about 0.7
   * cores, clients about 1.2".
   */
  public String sentence() {
    String cores = String.format(Locale.ROOT, "machine %.0f%% busy of %d cores; servers about %.1f cores, clients about %.1f",
        busyPct, cpus, serverCores, clientCores);
    return switch (side) {
      case CLIENT_CPU, SERVER_CPU -> side.label + ": " + cores;
      case COLLECTION_LOCK -> side.label + ": " + cores + " (one unindexed query at a time under mongo-java-server's"
          + " per-collection lock)";
      case NONE -> side.label + ": " + cores;
    };
  }
}
