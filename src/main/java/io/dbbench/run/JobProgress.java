package io.dbbench.run;

import io.dbbench.core.Mode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The main job's plan and its progress at the level of units ({@link ShardPlan.Unit}: a family's
 * sweep, a further sweep, one headline comparison): before anything is measured, every unit this
 * run owns with the seconds it is expected to take in the run's mode and their total
 * ({@link #planLines}); while it runs, one line per finished unit with done/total, the unit's own
 * seconds against its plan, the job's elapsed time and the expected time left
 * ({@link #done}). A unit that will not run (its family skipped or failed) leaves the plan with
 * {@link #dropped}, so the time left stays honest.
 *
 * <p>Time left is the planned seconds of the units not yet done, scaled by this run's pace so far
 * (the done units' own seconds over their planned seconds, kept within 0.5-2 so one odd unit does
 * not swing it; their own seconds, not the job's elapsed time, so that a unit reported after the
 * ones that ran behind it, as a family's main sweep is after its further sweeps, does not count
 * their time twice), and said beside the plan's own figure.
 */
public final class JobProgress {
  /** Bounds of the pace factor applied to the units left. */
  static final double MIN_PACE = 0.5;
  static final double MAX_PACE = 2.0;

  private final Map<String, ShardPlan.Unit> pending = new LinkedHashMap<>();
  private final int total;
  private int done;
  private int droppedCount;
  private long plannedDone;
  /** The done units' own seconds, as they reported them. */
  private long tookDone;
  private final long start;
  private final LongSupplier nanos;
  private final Consumer<String> say;

  /**
   * Progress over {@code units} (this run's, in plan order), printing through {@code say}, timed
   * by {@code nanos} (normally {@code System::nanoTime}; a fake clock in tests).
   */
  public JobProgress(List<ShardPlan.Unit> units, Consumer<String> say, LongSupplier nanos) {
    units.forEach(u -> pending.put(u.id(), u));
    this.total = units.size();
    this.say = say;
    this.nanos = nanos;
    this.start = nanos.getAsLong();
  }

  /**
   * The plan as printed before anything runs: a heading with the unit count, the mode and the
   * total expected time, then one line per unit with its expected seconds.
   *
   * @param mode the run's mode, said in the heading
   * @param shard {@code null}, or the shard these units belong to (said in the heading)
   */
  public static List<String> planLines(List<ShardPlan.Unit> units, Mode mode, ShardPlan.Shard shard) {
    List<String> out = new ArrayList<>();
    long sum = units.stream().mapToLong(ShardPlan.Unit::expectedSeconds).sum();
    out.add("plan: " + units.size() + " unit" + (units.size() == 1 ? "" : "s") + " in " + mode + " mode"
        + (shard == null ? "" : " (shard " + shard + ")") + ", about " + duration(sum) + " expected (" + sum + " s)");
    int w = units.stream().mapToInt(u -> u.id().length()).max().orElse(0);
    for (ShardPlan.Unit u : units) {
      out.add(String.format(Locale.ROOT, "  %-" + Math.max(1, w) + "s  %6d s", u.id(), u.expectedSeconds()));
    }
    return out;
  }

  /**
   * Unit {@code id} finished (whatever its outcome) after {@code tookSeconds} of its own: prints
   * one line with done/total, its seconds beside its plan, the elapsed time and the expected time
   * left. An id not in the plan (or already done) prints nothing.
   */
  public void done(String id, long tookSeconds) {
    ShardPlan.Unit u = pending.remove(id);
    if (u == null) {
      return;
    }
    done++;
    plannedDone += u.expectedSeconds();
    tookDone += tookSeconds;
    say.accept(line(u, tookSeconds, (nanos.getAsLong() - start) / 1e9));
  }

  /** Unit {@code id} will not run ({@code why}): it leaves the plan; one line says so. */
  public void dropped(String id, String why) {
    ShardPlan.Unit u = pending.remove(id);
    if (u == null) {
      return;
    }
    droppedCount++;
    say.accept("progress: " + id + " will not run (" + why + "); " + pending.size() + " unit"
        + (pending.size() == 1 ? "" : "s") + " left, about " + duration(plannedLeft()) + " by the plan");
  }

  /** Ids of the units neither done nor dropped, in plan order. */
  public List<String> pendingIds() {
    return List.copyOf(pending.keySet());
  }

  private String line(ShardPlan.Unit u, long took, double elapsed) {
    long left = plannedLeft();
    double pace = plannedDone == 0 ? 1 : Math.max(MIN_PACE, Math.min(MAX_PACE, (double) tookDone / plannedDone));
    String leftText = pending.isEmpty() ? "nothing left"
        : "about " + duration(Math.round(left * pace)) + " left at this run's pace (" + duration(left) + " by the plan)";
    return String.format(Locale.ROOT, "progress: %d/%d units done%s; %s took %d s (planned %d s); elapsed %s; %s",
        done, total - droppedCount, droppedCount == 0 ? "" : " (" + droppedCount + " dropped)", u.id(), took,
        u.expectedSeconds(), duration(Math.round(elapsed)), leftText);
  }

  private long plannedLeft() {
    return pending.values().stream().mapToLong(ShardPlan.Unit::expectedSeconds).sum();
  }

  /** {@code 45 s}, {@code 12 min 30 s}, {@code 2 h 05 min}. */
  static String duration(long seconds) {
    long s = Math.max(0, seconds);
    if (s < 60) {
      return s + " s";
    }
    if (s < 3600) {
      return (s / 60) + " min " + String.format(Locale.ROOT, "%02d", s % 60) + " s";
    }
    return (s / 3600) + " h " + String.format(Locale.ROOT, "%02d", (s % 3600) / 60) + " min";
  }
}
