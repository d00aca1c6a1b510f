package io.dbbench.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.FamilySettings;
import io.dbbench.core.ForkSchedule;
import io.dbbench.core.Mode;
import io.dbbench.report.data.ForkMerge;
import io.dbbench.report.data.ReportException;
import io.dbbench.report.stats.Stats;
import io.dbbench.report.stats.StoppingRule;
import io.dbbench.report.study.Findings;
import io.dbbench.report.study.Study;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;

/**
 * A family's headline comparisons in the main job: interleaved single forks of the two sides,
 * paired and sampled until their interval is narrow enough ({@link StoppingRule}) within the
 * seconds the run's comparisons share ({@link ComparisonBudget}), recorded in the run manifest.
 * One instance per family run.
 */
final class HeadlineComparisons {
  private final Forks hooks;
  private final BiConsumer<String, Long> unitDone;

  /**
   * The comparisons of one family run.
   *
   * @param hooks runs JMH and prints progress
   * @param unitDone told each comparison's unit id and its seconds when it ends (the job's progress)
   */
  HeadlineComparisons(Forks hooks, BiConsumer<String, Long> unitDone) {
    this.hooks = hooks;
    this.unitDone = unitDone;
  }

  /**
   * Runs the family's headline comparisons ({@link FamilySettings#comparisons}): for each, the two
   * sides' forks one JMH run (one fork) at a time in ABBA blocks ({@link ForkSchedule#abba}), so
   * both sides see the same machine; each fork sets up its own fixtures (nothing is shared between
   * the A and B forks). How many pairs: the user's fixed count ({@code -Dbench.forks} or
   * {@code -f}), else {@link StoppingRule}: a pilot of {@link JmhCommand#pilotPairs} pairs fixes
   * how many pairs the comparison's interval needs to be narrow enough, and blocks are added until
   * they ran or the next block would pass the comparison's cap. After every fork the parameters
   * JMH recorded are checked against the side that was meant to run. Each side's forks are merged,
   * in run order, into one record ({@link io.dbbench.report.data.ForkMerge}) that replaces the sweep's
   * one-fork record of the same point in {@code rows}, and the manifest records the comparison
   * with its {@code order} as run, its rule, the pairs it needed and why it stopped, which the
   * report reads to pair fork {@code i} of A with fork {@code i} of B. A fork that fails removes
   * both sides' rows (a failed benchmark publishes no score) and ends the comparisons.
   *
   * @return {@code null}, or what failed (redacted)
   */
  String run(FamilyRun f, ArrayNode rows) throws IOException {
    BenchmarkFamily family = f.family();
    FamilySettings settings = f.settings();
    List<FamilySettings.HeadlineComparison> comparisons = settings.comparisons().stream()
        .filter(c -> f.comparable().contains(c.benchmark())).toList();
    if (comparisons.isEmpty()) {
      return null;
    }
    Integer fixed = JmhCommand.fixedForksPerSide(hooks.options().forks(), hooks.options().userArgs());
    Mode mode = hooks.options().mode();
    int pilot = JmhCommand.pilotPairs(mode, settings);
    List<Study> studies = Findings.studies();
    f.fenv().startComparisons();
    int k = 0;
    for (FamilySettings.HeadlineComparison c : comparisons) {
      k++;
      if (!hooks.runsHere().test(ShardPlan.Unit.comparison(family.id(), k))) {
        continue; // another shard runs it
      }
      double carried = hooks.ctx().budget().carried();
      StoppingRule rule = fixed != null ? null : StoppingRule.of(
          Findings.scaleOf(studies, c.benchmark(), c.param(), c.contenderValue()), mode, pilot,
          mode == Mode.FULL ? JmhCommand.FULL_MAX_PAIRS : JmhCommand.QUICK_MAX_PAIRS,
          hooks.ctx().budget().capFor(c.capSeconds() != null ? c.capSeconds()
              : mode == Mode.FULL ? JmhCommand.FULL_COMPARISON_CAP_SECONDS : JmhCommand.QUICK_COMPARISON_CAP_SECONDS));
      ManifestBuilder.ComparisonEntry run = f.fenv().comparison(k, c,
          rule == null ? ManifestBuilder.fixedRule(fixed) : ManifestBuilder.rule(rule));
      if (rule != null) {
        run.capCarriedSeconds(Math.round(carried));
      }
      hooks.say().accept(family.id() + ": headline comparison " + c.label() + ": " + (rule == null ? fixed + "+" + fixed
          + " forks, order " + ForkSchedule.abba(fixed) : "a pilot of " + rule.pilotPairs() + " pairs, then pairs until "
          + rule.targetText() + " (Stein), at most " + rule.maxPairs() + " pairs or " + Math.round(rule.capSeconds())
          + " s" + (Math.round(carried) == 0 ? "" : String.format(Locale.ROOT, " (%+d s from the comparisons before it)",
          Math.round(carried)))));
      long begun = System.nanoTime();
      long t0 = begun; // the stopping rule's clock: from the pilot's first fork
      Map<Character, List<JsonNode>> forks = Map.of('A', new ArrayList<>(), 'B', new ArrayList<>());
      List<Double> d = new ArrayList<>();
      StringBuilder ran = new StringBuilder();
      String error = null;
      if (c.warmupPair()) {
        // one fork per side, discarded (JMH's -wf for the comparison): the shared server adapts to the
        // compared operation here, not in the pilot's first pair
        for (int i = 0; i < 2 && error == null; i++) {
          char side = "AB".charAt(i);
          Path file = hooks.ctx().runDir().resolve("jmh-" + family.id() + "-comparison-" + k + "-warmup-" + side + ".json");
          hooks.say().accept(family.id() + ": comparison " + k + " warm-up fork " + side + " (discarded): " + c.side(side));
          error = comparisonFork(JmhCommand.buildComparisonFork(hooks.ctx().jmh(), settings, c.benchmark(), c.side(side),
              c.options(), file), c, side, "warm-up fork (" + side + ")", file, null);
        }
        run.warmupPairSeconds(Math.round((System.nanoTime() - t0) / 1e9));
        t0 = System.nanoTime();
      }
      List<String> jmhArgs = null;
      StoppingRule.Stop stop = rule == null ? StoppingRule.Stop.FIXED : null;
      int planned = rule == null ? fixed : rule.pilotPairs();
      int needed = -1;
      try {
        int slot = 0;
        while (error == null) {
          String order = ForkSchedule.abba(planned);
          for (; slot < order.length() && error == null; slot++) {
            char side = order.charAt(slot);
            Map<String, String> point = c.side(side);
            Path file = hooks.ctx().runDir().resolve("jmh-" + family.id() + "-comparison-" + k + "-" + side + "-" + (slot + 1) + ".json");
            List<String> cmd = JmhCommand.buildComparisonFork(hooks.ctx().jmh(), settings, c.benchmark(), point, c.options(), file);
            if (jmhArgs == null) {
              jmhArgs = cmd.stream().filter(a -> !a.startsWith("^") && !a.endsWith(".json")).toList();
            }
            hooks.say().accept(family.id() + ": comparison " + k + " fork " + (slot + 1) + "/" + order.length() + ": " + side + " " + point);
            error = comparisonFork(cmd, c, side, "fork " + (slot + 1) + " (" + side + ")", file, forks.get(side));
            if (error == null) {
              ran.append(side);
            }
          }
          if (error != null || rule == null) {
            break;
          }
          // only the block's new pairs: the earlier forks' log ratios are already in d
          for (int i = d.size(); i < forks.get('A').size() && i < forks.get('B').size(); i++) {
            d.add(Math.log(Findings.forkSecondsPerOp(forks.get('B').get(i), c.benchmark())
                / Findings.forkSecondsPerOp(forks.get('A').get(i), c.benchmark())));
          }
          double[] x = d.stream().mapToDouble(Double::doubleValue).toArray();
          double elapsed = (System.nanoTime() - t0) / 1e9;
          double block = StoppingRule.BLOCK * 2 * elapsed / Math.max(1, ran.length());
          if (needed < 0 && x.length >= rule.pilotPairs()) {
            needed = rule.pairsNeeded(x);
            hooks.say().accept(family.id() + ": comparison " + k + ": the pilot's " + x.length + " pairs ask for " + needed
                + " pairs for " + rule.targetText() + (needed > x.length ? String.format(Locale.ROOT,
                " (about %.0f s more)", StoppingRule.projectedSeconds(x.length, needed, 0, block)) : ""));
          }
          Optional<StoppingRule.Stop> decision = rule.decide(x, elapsed, block);
          if (decision.isPresent()) {
            stop = decision.get();
            if (stop == StoppingRule.Stop.OUT_OF_REACH) {
              run.stopDetail(String.format(Locale.ROOT, "the pilot's %d pairs ask for %d, about %.0f s in all;"
                  + " the cap is %.0f s: no pair added, the seconds left go to the comparisons after it", x.length, needed,
                  StoppingRule.projectedSeconds(x.length, needed, elapsed, block), rule.capSeconds()));
            }
            break;
          }
          planned += StoppingRule.BLOCK;
          hooks.say().accept(family.id() + ": comparison " + k + ": " + x.length + " pairs ran in " + Math.round(elapsed)
              + " s; adding a block (pairs " + (x.length + 1) + "-" + planned + " of " + needed + ")");
        }
        if (error == null) {
          for (char side : new char[] {'A', 'B'}) {
            ForkMerge.mergeArrays(forks.get(side), 1.0).forEach(r -> JmhRows.replaceRow(rows, r));
          }
        }
      } catch (ReportException e) {
        error = "merging the forks of " + c.label() + " failed: " + MainJob.oneLine(e);
      } finally {
        run.order(ran.toString());
        run.pairsNeeded(needed);
        run.stop(stop == null ? "failed" : stop.words());
        if (rule != null && d.size() >= rule.pilotPairs()) {
          double[] x = d.stream().mapToDouble(Double::doubleValue).toArray();
          run.width(StoppingRule.width(rule.scale(), Stats.mean(x),
              Stats.steinChange(x, rule.pilotPairs()).halfWidthLog()));
        }
        run.jmhArgs(jmhArgs == null ? List.of() : jmhArgs);
        run.wallSeconds(Math.round((System.nanoTime() - begun) / 1e9));
        if (rule != null) {
          hooks.ctx().budget().spent(rule.capSeconds(), (System.nanoTime() - t0) / 1e9);
        }
        unitDone.accept(ShardPlan.Unit.comparison(family.id(), k).id(), run.wallSeconds());
      }
      if (error != null) {
        JmhRows.removeRows(rows, c.benchmark(), c.baseline());
        JmhRows.removeRows(rows, c.benchmark(), c.contender());
        hooks.say().accept(family.id() + ": " + error);
        return error;
      }
      if (rule != null) {
        hooks.say().accept(family.id() + ": comparison " + k + ": stopped (" + stop.words() + ") after " + ran.length() / 2
            + " pairs in " + run.wallSeconds() + " s; width " + StoppingRule.widthText(rule.scale(),
            run.width()) + " for " + rule.targetText());
      }
    }
    return null;
  }

  /**
   * One fork ({@code cmd}) of side {@code side} of comparison {@code c} into {@code file}, checked
   * against the point it was meant to run ({@link JmhRows#ranWith}); its rows are added to
   * {@code into} (discarded when {@code null}).
   *
   * @return {@code null}, or what failed
   */
  private String comparisonFork(List<String> cmd, FamilySettings.HeadlineComparison c, char side, String what,
      Path file, List<JsonNode> into) {
    Map<String, String> point = c.side(side);
    try {
      JsonNode got = hooks.jmh().run(cmd, file);
      String error = got == null || got.isEmpty() ? what + " of " + c.label() + " produced no result (see the JMH"
          + " output above)" : JmhRows.ranWith(got, c.benchmark(), point);
      if (error == null && into != null) {
        into.add(got);
      }
      return error;
    } catch (Exception e) {
      return what + " of " + c.label() + " failed: " + MainJob.oneLine(e);
    }
  }
}
