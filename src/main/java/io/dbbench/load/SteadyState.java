package io.dbbench.load;

import io.dbbench.core.BenchConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Drives a server through its request mix until its cost per request is flat, before anything is
 * measured. The JVMs of the out-of-process servers (the payload service, the MongoDB and ArangoDB
 * stand-ins) start cold in every trial: measured by hand, the payload service and its stand-in
 * spent 1.45 ms of CPU per insert in their first 4,000 requests and 0.36 ms in their fifth 4,000,
 * so a trial measured from a cold start measures the interpreter and the JIT compiler, not the
 * server.
 *
 * <p>The rule: run the mix in windows of {@link Rule#windowNanos} nanoseconds; after each window compute
 * its cost per request, {@code (meter after - meter before) / requests}, where the meter is the
 * servers' CPU time (user + system, as the OS accounts it) when they run in processes of their
 * own, else the wall clock (then the cost is the mix's time per request at a fixed concurrency).
 * The server is steady when the last {@code stableWindows + 1} windows' costs lie within one band
 * (the largest at most {@code 1 + tolerance} times the smallest: with the defaults, three
 * consecutive windows within 10% of each other), or, for a cost that scatters from window to
 * window, when their mean is within the tolerance of the mean of the three windows before (it no
 * longer falls), after at least {@link Rule#minWindows} windows,
 * and, where the servers' JIT activity is readable ({@link JitActivity}, Linux), their JIT
 * compiler threads used at most {@link Rule#jitQuiet} of each of those windows.
 * Three windows rather than two: measured by hand, the payload service's CPU per request paused on
 * plateaus within 5% for two 1-second windows while the JIT was still compiling (545 then 570 us,
 * then 438 us, and 190 us when steady). A server still not steady when
 * {@link Rule#capNanos} has passed is reported as such ({@link Outcome#steady()} false), never silently
 * measured as if it were. Warm-up requests are never measured: the caller resets its counters
 * afterwards.
 *
 * <p>This follows the practice of JMH's own warm-up iterations (Shipilëv: measure after the JIT has
 * settled) and Georges, Buytaert and Eeckhout, "Statistically rigorous Java performance evaluation"
 * (OOPSLA 2007: steady state when the coefficient of variation over a window falls under a
 * threshold), applied to a server in another process whose JIT the benchmark fork cannot see.
 *
 * <p>A warm-up can take the whole cap (60 s per trial for the payload service), which a plain JMH
 * or IDE run would otherwise spend in silence: with a {@link Progress} the warm-up says on the
 * fork's output, which JMH shows, what it warms, the rule and the cap with the knob that shortens
 * it, then the last windows' cost per request every {@link #PROGRESS_EVERY_NANOS} ns at most, and
 * how it ended.
 */
public final class SteadyState {
  /** Knob: most seconds of warm-up per server trial. */
  public static final String ENV_CAP = "DBBENCH_WARMUP_CAP";
  /** The system property of {@link #ENV_CAP} ({@code dbbench.warmup.cap}), which a family's quick settings give its forks. */
  public static final String CAP_PROPERTY = "dbbench.warmup.cap";
  /** Knob: window length in milliseconds. */
  public static final String ENV_WINDOW = "DBBENCH_WARMUP_WINDOW_MS";
  /** The system property of {@link #ENV_WINDOW} ({@code dbbench.warmup.window.ms}), which a family's quick settings give its forks. */
  public static final String WINDOW_PROPERTY = "dbbench.warmup.window.ms";
  /** Default JIT quiet fraction: 2% of a window (20 ms, two clock ticks, of a 1 s window). */
  public static final double DEFAULT_JIT_QUIET = 0.02;
  /** Knob: tolerance between consecutive windows, in percent. */
  public static final String ENV_TOLERANCE = "DBBENCH_WARMUP_TOLERANCE_PCT";

  /** Least time between two progress lines of one warm-up, in ns (5 s): a handful of lines per trial. */
  public static final long PROGRESS_EVERY_NANOS = 5_000_000_000L;
  /** Most windows' costs one progress line lists. */
  static final int PROGRESS_WINDOWS = 5;

  private SteadyState() {}

  /**
   * Where a warm-up's progress lines go, and what they say is being warmed.
   *
   * @param what the server and the operation, e.g. {@code ArangoDB stand-in, bulk insert of 2000
   *     documents per shot}
   * @param out receives each line, without a line terminator
   */
  public record Progress(String what, Consumer<String> out) {
    /** No lines at all (tests, and callers that print their own). */
    public static final Progress SILENT = new Progress("", line -> { });

    /** Lines to this JVM's standard output (a JMH fork's, which JMH shows as the trial runs). */
    public static Progress toStdout(String what) {
      return new Progress(what, line -> {
        System.out.println(line);
        System.out.flush();
      });
    }
  }

  /**
   * When a server counts as steady.
   *
   * @param windowNanos length of one window, in ns, greater than 0
   * @param tolerance largest relative change between consecutive windows' costs per request (0.10 = 10%)
   * @param stableWindows consecutive windows after the first that must lie in the band, at least 1
   * @param minWindows fewest windows before a verdict, at least {@code stableWindows + 1}
   * @param capNanos most warm-up time, in ns; at least one window
   * @param jitQuiet most JIT compiler time per window, as a fraction of the window (0.02: 20 ms of
   *     a 1 s window), in each of the band's windows, when the servers' JIT activity is readable
   */
  public record Rule(long windowNanos, double tolerance, int stableWindows, int minWindows, long capNanos,
      double jitQuiet) {
    /** Validates. @throws IllegalArgumentException naming the value out of range */
    public Rule {
      if (windowNanos <= 0) {
        throw new IllegalArgumentException("warm-up window " + windowNanos + " ns; expected more than 0");
      }
      if (!(tolerance > 0 && tolerance < 1)) {
        throw new IllegalArgumentException("warm-up tolerance " + tolerance + "; expected a fraction between 0 and 1");
      }
      if (stableWindows < 1 || minWindows < stableWindows + 1) {
        throw new IllegalArgumentException("stableWindows=" + stableWindows + ", minWindows=" + minWindows
            + "; expected stableWindows >= 1 and minWindows > stableWindows");
      }
      if (!(jitQuiet > 0 && jitQuiet <= 1)) {
        throw new IllegalArgumentException("JIT quiet fraction " + jitQuiet + "; expected more than 0, at most 1");
      }
      if (capNanos < windowNanos) {
        throw new IllegalArgumentException("warm-up cap " + capNanos + " ns is shorter than one window ("
            + windowNanos + " ns)");
      }
    }

    /**
     * The rule a benchmark's trial set-up uses: under the smoke test ({@code -Ddbbench.smoke=true},
     * which checks wiring, not speed) windows of 250 ms and a 1 s cap; otherwise
     * {@link #fromConfig}.
     *
     * @throws IllegalArgumentException naming a warm-up knob with a bad value
     */
    public static Rule forTrial(int defaultCapSeconds) {
      if (Boolean.getBoolean("dbbench.smoke")) {
        return new Rule(250_000_000L, 0.10, 2, 3, 1_000_000_000L, DEFAULT_JIT_QUIET);
      }
      return fromConfig(defaultCapSeconds);
    }

    /**
     * The rule from the knobs: {@value #ENV_WINDOW} (default 1000 ms), {@value #ENV_TOLERANCE}
     * (default 10), {@value #ENV_CAP} (default {@code defaultCapSeconds}); three consecutive
     * windows within the tolerance.
     *
     * @throws IllegalArgumentException naming a knob whose value is not a number in range
     */
    public static Rule fromConfig(int defaultCapSeconds) {
      long windowMs = BenchConfig.getInt(ENV_WINDOW, 1000);
      int tolPct = BenchConfig.getInt(ENV_TOLERANCE, 10);
      int capS = BenchConfig.getInt(ENV_CAP, defaultCapSeconds);
      if (tolPct < 1 || tolPct > 99) {
        throw new IllegalArgumentException(ENV_TOLERANCE + "=" + tolPct + "; expected a percentage from 1 to 99");
      }
      if (windowMs < 10) {
        throw new IllegalArgumentException(ENV_WINDOW + "=" + windowMs + "; expected at least 10 ms (the OS"
            + " accounts CPU time in 10 ms ticks)");
      }
      if (capS * 1000L < windowMs) {
        throw new IllegalArgumentException(ENV_CAP + "=" + capS + " s; expected at least one window ("
            + windowMs + " ms)");
      }
      return new Rule(windowMs * 1_000_000L, tolPct / 100.0, 2, 3, capS * 1_000_000_000L, DEFAULT_JIT_QUIET);
    }
  }

  /** Runs the request mix; called once per window. */
  @FunctionalInterface
  public interface Load {
    /**
     * Sends requests of the mix until {@code deadlineNanos} ({@link System#nanoTime()} scale)
     * and returns how many completed.
     *
     * @throws Exception when the mix cannot run; it ends the warm-up
     */
    long runUntil(long deadlineNanos) throws Exception;
  }

  /**
   * What the warm-up did.
   *
   * @param steady whether the rule was met within the cap
   * @param requests warm-up requests sent (never measured)
   * @param windows windows run
   * @param costPerRequestUs the last window's cost per request, in µs of the meter
   * @param meter {@code server CPU} or {@code wall clock}
   * @param seconds warm-up time, in s
   * @param windowCostsUs every window's cost per request, in µs, in order
   * @param windowJitMs every window's JIT compiler time of the servers, in ms (empty when not readable)
   */
  public record Outcome(boolean steady, long requests, int windows, double costPerRequestUs, String meter,
      double seconds, List<Double> windowCostsUs, List<Double> windowJitMs) {

    /** One line for the fork's output: steady or not, after how many requests, at what cost. */
    public String describe(String what) {
      String jit = windowJitMs.isEmpty() ? "" : String.format(Locale.ROOT, ", JIT %.0f ms in the last window",
          windowJitMs.get(windowJitMs.size() - 1));
      return String.format(Locale.ROOT, "%s: %s after %.1f s (%d windows, %d warm-up requests); %s per request %.0f us%s%s",
          what, steady ? "steady" : "NOT steady at the cap", seconds, windows, requests, meter, costPerRequestUs, jit,
          steady ? "" : " (its figures are not a steady-state server's)");
    }
  }

  /**
   * Warms a server: see the class comment.
   *
   * @param load the request mix
   * @param meter cumulative cost in ns (the servers' CPU time, or {@link System#nanoTime()}); a
   *     negative reading means the meter is unavailable and the wall clock is used instead
   * @param meterName what the meter measures, for {@link Outcome#meter()}
   * @param rule when to stop
   * @param clock the time source ({@link System#nanoTime} in production)
   * @throws IllegalStateException when a window completes no request (the server does not answer)
   * @throws Exception what {@code load} throws
   */
  public static Outcome reach(Load load, LongSupplier meter, String meterName, Rule rule, LongSupplier clock)
      throws Exception {
    return reach(load, meter, () -> -1, meterName, rule, clock, () -> { });
  }

  /**
   * {@link #reach(Load, LongSupplier, String, Rule, LongSupplier)} with the servers' JIT compiler
   * time ({@code jitNanos}, cumulative ns, {@link JitActivity}; negative when not readable), which
   * must stay under {@link Rule#jitQuiet} in each of the band's windows, and with
   * {@code beforeEachWindow} run before each window, outside its metering: a mix that changes the
   * server's state (inserts that grow a collection) restores it there, so every window measures
   * the same work.
   */
  public static Outcome reach(Load load, LongSupplier meter, LongSupplier jitNanos, String meterName, Rule rule,
      LongSupplier clock, Runnable beforeEachWindow) throws Exception {
    return reach(load, meter, jitNanos, meterName, rule, clock, beforeEachWindow, Progress.SILENT);
  }

  /**
   * {@link #reach(Load, LongSupplier, LongSupplier, String, Rule, LongSupplier, Runnable)} that
   * says what it does to {@code progress}: one line naming what it warms, the window length, the
   * flatness rule, the cap and the knobs ({@value #CAP_PROPERTY}, {@value #WINDOW_PROPERTY});
   * then, at most every {@link #PROGRESS_EVERY_NANOS} ns of {@code clock}, the elapsed time and
   * the cost per request of the windows since the last line (the last {@value #PROGRESS_WINDOWS});
   * and one closing line, steady after how long or NOT steady at the cap.
   *
   * @throws IllegalStateException when a window completes no request (the server does not answer)
   * @throws Exception what {@code load} throws
   */
  public static Outcome reach(Load load, LongSupplier meter, LongSupplier jitNanos, String meterName, Rule rule,
      LongSupplier clock, Runnable beforeEachWindow, Progress progress) throws Exception {
    return reach(load, meter, jitNanos, meterName, rule, clock, beforeEachWindow, progress, Optional.empty());
  }

  /**
   * {@link #reach(Load, LongSupplier, LongSupplier, String, Rule, LongSupplier, Runnable, Progress)}
   * on servers shared among a run's trials, whose mix and processes {@code levelKey} names
   * ({@link SteadyLevels#key}). When an earlier warm-up in this run left a steady level for the key
   * ({@link SteadyLevels}), the servers are also steady as soon as the mean cost of the last
   * {@code stableWindows + 1} windows lies within the tolerance of that level (and their JIT was
   * quiet in each): the level is then confirmed, not proved again from a flat run of windows.
   * Every steady outcome records the mean of its last {@code stableWindows + 1} windows as the
   * key's level for the next trial; an outcome that is not steady records nothing.
   */
  public static Outcome reach(Load load, LongSupplier meter, LongSupplier jitNanos, String meterName, Rule rule,
      LongSupplier clock, Runnable beforeEachWindow, Progress progress, Optional<String> levelKey) throws Exception {
    Optional<Path> levels = levelKey.isPresent() && meter.getAsLong() >= 0 ? SteadyLevels.file() : Optional.empty();
    OptionalDouble known = levels.isPresent() ? SteadyLevels.lookup(levels.get(), levelKey.get()) : OptionalDouble.empty();
    Outcome o = reach(load, meter, jitNanos, meterName, rule, clock, beforeEachWindow, progress, known);
    if (o.steady() && levels.isPresent()) {
      SteadyLevels.record(levels.get(), levelKey.get(), bandMean(o.windowCostsUs(), rule))
          .ifPresent(why -> progress.out().accept("[dbbench]   steady level not kept for later trials: " + why));
    }
    return o;
  }

  private static Outcome reach(Load load, LongSupplier meter, LongSupplier jitNanos, String meterName, Rule rule,
      LongSupplier clock, Runnable beforeEachWindow, Progress progress, OptionalDouble known) throws Exception {
    LongSupplier m = meter;
    String name = meterName;
    if (meter.getAsLong() < 0) {
      m = clock;
      name = "wall clock";
    }
    boolean jitReadable = jitNanos.getAsLong() >= 0;
    progress.out().accept(startLine(progress.what(), name, rule, jitReadable) + (known.isPresent()
        ? String.format(Locale.ROOT, "; or when their mean lies within %d%% of %.0f us, the level these servers reached"
            + " with this mix earlier in this run", Math.round(rule.tolerance() * 100), known.getAsDouble()) : ""));
    long start = clock.getAsLong();
    long lastLine = start;
    int windowsAtLastLine = 0;
    long requests = 0;
    List<Double> costs = new ArrayList<>();
    List<Double> jits = new ArrayList<>();
    while (true) {
      beforeEachWindow.run();
      long before = m.getAsLong();
      long jitBefore = jitReadable ? jitNanos.getAsLong() : 0;
      long windowStart = clock.getAsLong();
      long n = load.runUntil(windowStart + rule.windowNanos());
      long after = m.getAsLong();
      if (jitReadable) {
        jits.add(Math.max(0, jitNanos.getAsLong() - jitBefore) / 1e6);
      }
      if (n <= 0) {
        throw new IllegalStateException("warm-up window " + (costs.size() + 1) + " completed no request in "
            + (rule.windowNanos() / 1_000_000) + " ms: the server does not answer");
      }
      requests += n;
      double cost = (after - before) / 1e3 / n;
      costs.add(cost);
      long elapsed = clock.getAsLong() - start;
      boolean steady = costs.size() >= rule.minWindows() && (flat(costs, rule) || level(costs, rule)
          || (known.isPresent() && near(costs, rule, known.getAsDouble()))) && quiet(jits, rule);
      if (steady || elapsed + rule.windowNanos() > rule.capNanos()) {
        Outcome o = new Outcome(steady, requests, costs.size(), cost, name, elapsed / 1e9, List.copyOf(costs),
            List.copyOf(jits));
        progress.out().accept(endLine(progress.what(), o, rule));
        return o;
      }
      long now = clock.getAsLong();
      if (now - lastLine >= PROGRESS_EVERY_NANOS) {
        progress.out().accept(progressLine(elapsed, rule, name,
            costs.subList(Math.max(windowsAtLastLine, costs.size() - PROGRESS_WINDOWS), costs.size()), jits));
        lastLine = now;
        windowsAtLastLine = costs.size();
      }
    }
  }

  /** The opening line: what is warmed, the window, the rule, the cap and the knobs that change them. */
  static String startLine(String what, String meterName, Rule rule, boolean jitReadable) {
    int k = rule.stableWindows() + 1;
    long tolPct = Math.round(rule.tolerance() * 100);
    String jit = jitReadable
        ? String.format(Locale.ROOT, ", and the servers' JIT compiled at most %.0f ms in each of them",
            rule.jitQuiet() * rule.windowNanos() / 1e6)
        : " (the servers' JIT activity is not readable here)";
    return String.format(Locale.ROOT, "[dbbench] warming %s to steady state before measuring: windows of %d ms"
        + " (-D%s=MS); steady when the %s per request of %d consecutive windows lies within %d%%, or their mean"
        + " within %d%% of the %d windows before%s; at most %s s (the cap; shorten it with -D%s=N, for JMH's"
        + " forks -jvmArgsAppend -D%s=N)", what, rule.windowNanos() / 1_000_000, WINDOW_PROPERTY, meterName, k,
        tolPct, tolPct, k, jit, seconds(rule.capNanos()), CAP_PROPERTY, CAP_PROPERTY);
  }

  /** A progress line: time so far against the cap, and the given windows' costs per request. */
  static String progressLine(long elapsedNanos, Rule rule, String meterName, List<Double> recentCostsUs,
      List<Double> jitMs) {
    StringBuilder costs = new StringBuilder();
    for (double c : recentCostsUs) {
      costs.append(costs.isEmpty() ? "" : ", ").append(String.format(Locale.ROOT, "%.0f", c));
    }
    String jit = jitMs.isEmpty() ? "" : String.format(Locale.ROOT, "; JIT %.0f ms in the last window",
        jitMs.get(jitMs.size() - 1));
    return String.format(Locale.ROOT, "[dbbench]   warm-up %.0f s of at most %s s: %s per request of the last"
        + " windows %s us%s; not steady yet", elapsedNanos / 1e9, seconds(rule.capNanos()), meterName, costs, jit);
  }

  /** The closing line: {@link Outcome#describe}, and for a warm-up that met the cap the knob that raises it. */
  static String endLine(String what, Outcome o, Rule rule) {
    return "[dbbench] " + o.describe(what) + (o.steady() ? "" : "; the cap was " + seconds(rule.capNanos())
        + " s (raise it with -D" + CAP_PROPERTY + "=N)");
  }

  /** {@code 30} for 30 s, {@code 0.5} for 500 ms: seconds as a knob takes them. */
  private static String seconds(long nanos) {
    return java.math.BigDecimal.valueOf(nanos, 9).stripTrailingZeros().toPlainString();
  }

  /**
   * Whether the mean of the last {@code stableWindows + 1} costs is within the tolerance of the
   * mean of the {@code stableWindows + 1} before them: a cost that scatters from window to window
   * (garbage collection, a scan's cache misses) but no longer falls.
   */
  static boolean level(List<Double> costs, Rule rule) {
    int k = rule.stableWindows() + 1;
    if (costs.size() < 2 * k) {
      return false;
    }
    double last = 0;
    double before = 0;
    for (int i = 0; i < k; i++) {
      last += costs.get(costs.size() - 1 - i);
      before += costs.get(costs.size() - 1 - k - i);
    }
    return before > 0 && Math.abs(last - before) <= rule.tolerance() * before;
  }

  /**
   * Whether the mean of the last {@code stableWindows + 1} costs is within the tolerance of
   * {@code knownUs}, a level the same servers reached with the same mix earlier in the run
   * ({@link SteadyLevels}).
   */
  static boolean near(List<Double> costs, Rule rule, double knownUs) {
    if (costs.size() < rule.stableWindows() + 1 || !(knownUs > 0)) {
      return false;
    }
    return Math.abs(bandMean(costs, rule) - knownUs) <= rule.tolerance() * knownUs;
  }

  /** The mean of the last {@code stableWindows + 1} costs (of all of them when there are fewer); 0 for none. */
  static double bandMean(List<Double> costs, Rule rule) {
    int k = Math.min(costs.size(), rule.stableWindows() + 1);
    return costs.subList(costs.size() - k, costs.size()).stream().mapToDouble(Double::doubleValue).average().orElse(0);
  }

  /** Whether each of the last {@code stableWindows + 1} windows' JIT time is under the quiet fraction (true when unreadable). */
  static boolean quiet(List<Double> jitMs, Rule rule) {
    if (jitMs.isEmpty()) {
      return true;
    }
    int k = Math.min(jitMs.size(), rule.stableWindows() + 1);
    double limitMs = rule.jitQuiet() * rule.windowNanos() / 1e6;
    return jitMs.subList(jitMs.size() - k, jitMs.size()).stream().allMatch(v -> v <= limitMs);
  }

  /** Whether the last {@code stableWindows + 1} costs lie within one band: max at most (1 + tolerance) x min. */
  static boolean flat(List<Double> costs, Rule rule) {
    int k = rule.stableWindows() + 1;
    if (costs.size() < k) {
      return false;
    }
    double min = Double.POSITIVE_INFINITY;
    double max = 0;
    for (double c : costs.subList(costs.size() - k, costs.size())) {
      min = Math.min(min, c);
      max = Math.max(max, c);
    }
    return min > 0 && max <= (1 + rule.tolerance()) * min;
  }
}
