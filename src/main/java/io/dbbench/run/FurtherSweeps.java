package io.dbbench.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.dbbench.core.FamilySettings;
import io.dbbench.profile.MachineState;
import io.dbbench.report.data.RunManifest;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.regex.Pattern;

/**
 * A family's further sweeps ({@link FamilySettings#sweeps}): each a JMH run of its own over the
 * benchmarks of the family's selection it names, at its points and with its options, e.g. the
 * graph study's {@code graphd-100} (each graphd group at its own preload) beside the main sweep.
 */
final class FurtherSweeps {
  private final Forks hooks;
  private final BiConsumer<String, Long> unitDone;

  /**
   * @param hooks the job's options, fork context, JMH runner, progress line and shard ownership
   * @param unitDone called with each sweep's unit id and its seconds when it ends
   */
  FurtherSweeps(Forks hooks, BiConsumer<String, Long> unitDone) {
    this.hooks = hooks;
    this.unitDone = unitDone;
  }

  /**
   * Runs the family's further sweeps this shard runs; their rows are added to {@code rows}
   * (replacing a row of the same point, {@link JmhRows#replaceRow}), each is recorded in the
   * manifest ({@link RunManifest.SweepRun}) with the machine's state over it, and ends its unit.
   * A sweep that fails leaves the others to run.
   *
   * @return {@code null}, or what failed (the first failure)
   */
  String run(FamilyRun f, ArrayNode rows) {
    String firstError = null;
    for (FamilySettings.Sweep w : f.settings().sweeps()) {
      List<String> benchmarks = f.comparable().stream().filter(w::runs).toList();
      ShardPlan.Unit unit = ShardPlan.Unit.sweep(f.family(), w);
      if (benchmarks.isEmpty() || !hooks.runsHere().test(unit)) {
        continue;
      }
      ForkContext ctx = hooks.ctx();
      java.nio.file.Path file = ctx.runDir().resolve("jmh-" + f.id() + "-sweep-" + w.name() + ".json");
      List<String> cmd = JmhCommand.buildSweep(ctx.jmh(), f.settings(), w, hooks.options().forks(), file,
          benchmarks.stream().map(b -> "^" + Pattern.quote(b) + "$").toList());
      hooks.say().accept(f.id() + ": sweep " + w.name() + ": " + w.purpose() + " (" + benchmarks.size()
          + " benchmark method(s))");
      long t0 = System.nanoTime();
      MachineState before = MachineState.read();
      String error = null;
      int results = 0;
      try {
        JsonNode got = hooks.jmh().run(cmd, file);
        if (got == null || got.isEmpty()) {
          error = "sweep " + w.name() + " produced no result (see the JMH output above)";
        } else if (hooks.options().userArgs().contains("-p")
            || (error = JmhRows.ranWithin(got, w.name(), w.params())) == null) {
          // the user's -p overrides a sweep's points on purpose; otherwise every row ran at them
          for (JsonNode r : got) {
            JmhRows.replaceRow(rows, r);
            results++;
          }
        }
      } catch (Exception e) {
        error = "sweep " + w.name() + " failed: " + MainJob.oneLine(e);
      }
      long took = Math.round((System.nanoTime() - t0) / 1e9);
      if (error != null) {
        hooks.say().accept(f.id() + ": " + error);
        firstError = firstError == null ? error : firstError;
      }
      f.fenv().sweepRun(new RunManifest.SweepRun(w.name(), w.purpose(), cmd.stream().filter(a -> !a.startsWith("^"))
          .toList(), benchmarks, error == null ? RunManifest.FamilyStatus.RAN : RunManifest.FamilyStatus.FAILED, error,
          results, w.expectedSeconds(), took, ManifestBuilder.FamilyEntry.machine(new MachineState.Interval(before,
          MachineState.read()))));
      unitDone.accept(unit.id(), took);
    }
    return firstError;
  }
}
