package io.dbbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.FamilySettings;
import io.dbbench.report.study.Findings;
import io.dbbench.report.study.Study;
import io.dbbench.run.JmhCommand;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The registry and every family's settings against the compiled benchmarks: each family selects
 * benchmarks of its own package only, and each {@code -p} name of its quick and full settings is
 * a real {@code @Param} of a benchmark it selects, with values from the declared sweep unless the
 * setting declares a reduction.
 */
class FamiliesTest {
  private static List<BenchmarkListEntry> entries() {
    return List.copyOf(BenchmarkList.defaultList().getAll(
        OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT), List.of()));
  }

  @Test
  void idsAreUniqueAndEachFamilySelectsOnlyItsOwnPackage() {
    Set<String> ids = new HashSet<>();
    for (BenchmarkFamily f : Families.all()) {
      assertTrue(ids.add(f.id()), "duplicate family id " + f.id());
      Pattern p = Pattern.compile(f.includeRegex());
      List<String> selected = entries().stream().map(BenchmarkListEntry::getUsername).filter(b -> p.matcher(b).find()).toList();
      assertFalse(selected.isEmpty(), f.id() + " selects no benchmark");
      for (String b : selected) {
        String pkg = b.substring(0, b.lastIndexOf('.', b.lastIndexOf('.') - 1));
        assertEquals("io.dbbench." + f.id(), pkg, f.id() + " selects " + b);
      }
    }
  }

  /**
   * Every comparison a study publishes is run as an interleaved headline comparison in both modes,
   * at the study's own point: its first counterpart row (benchmark and params) and its change are
   * one of the families' {@code HeadlineComparison}s, so a finding never falls back to sweep rows
   * run as consecutive blocks.
   */
  @Test
  void everyStudysComparisonRunsAsAHeadlineComparisonInBothModes() {
    int checked = 0;
    for (Study study : Findings.studies()) {
      for (Study.Measure m : study.measures()) {
        if (!m.comparison()) {
          continue;
        }
        assertEquals(1, m.change().size(), study.id() + ": a comparison changes one param: " + m.change());
        Study.Row row = m.rows().get(0);
        String param = m.change().keySet().iterator().next();
        for (boolean full : List.of(false, true)) {
          boolean found = false;
          for (BenchmarkFamily f : Families.all()) {
            for (FamilySettings.HeadlineComparison c : f.settings(full).comparisons()) {
              found |= c.benchmark().equals(row.benchmark()) && c.param().equals(param)
                  && c.baselineValue().equals(row.params().get(param)) && c.contenderValue().equals(m.change().get(param))
                  && row.params().entrySet().stream().filter(e -> !e.getKey().equals(param))
                      .allMatch(e -> e.getValue().equals(c.fixed().get(e.getKey())));
            }
          }
          assertTrue(found, study.id() + ": " + row.describe() + " -> " + m.change() + " is no headline comparison in "
              + (full ? "full" : "quick") + " mode");
          checked++;
        }
      }
    }
    assertEquals(12, checked, "six studies' comparisons, two modes each");
  }

  /** Seconds in a JMH time value such as {@code 1s}, {@code 500ms} or {@code 2m}. */
  private static double seconds(String t) {
    var m = Pattern.compile("(\\d+)(ms|s|m)").matcher(t);
    assertTrue(m.matches(), "time value " + t);
    double v = Double.parseDouble(m.group(1));
    return switch (m.group(2)) {
      case "ms" -> v / 1000;
      case "m" -> v * 60;
      default -> v;
    };
  }

  @Test
  void everyQuickOpenLoopPointMeasuresAtLeastAThousandRequests() {
    // p99.9 needs 1,000 requests: rate x measurement iterations x iteration time, per point
    int checked = 0;
    for (BenchmarkFamily f : Families.all()) {
      FamilySettings s = f.settings(false);
      List<String> rates = s.params().get("rate");
      if (rates == null) {
        continue;
      }
      int iterations = s.iterations() != null ? s.iterations() : JmhCommand.QUICK.iterations();
      double perIteration = seconds(s.measurementTime() != null ? s.measurementTime()
          : JmhCommand.QUICK.measurementTime());
      for (String r : rates) {
        double requests = Double.parseDouble(r) * iterations * perIteration;
        assertTrue(requests >= 1000, f.id() + " quick open loop at " + r + "/s: " + iterations + " x " + perIteration
            + " s measures " + requests + " requests; p99.9 needs 1,000");
        checked++;
      }
    }
    assertTrue(checked >= 2, "the payload and arango families' quick open-loop rates were checked: " + checked);
  }

  @Test
  void everyStudyHasAHeadlineComparisonInBothModes() {
    // one interleaved comparison per study at least, so every study's finding gets a paired interval
    // (mongo shares the WMPayload study with payload; arango holds two studies, bulk and pool)
    for (BenchmarkFamily f : Families.all()) {
      for (boolean full : new boolean[] {false, true}) {
        Set<String> expected = Set.of("graphj", "jdbc", "graph", "payload", "arango");
        List<FamilySettings.HeadlineComparison> cs = f.settings(full).comparisons();
        assertEquals(expected.contains(f.id()), !cs.isEmpty(), f.id() + (full ? " full" : " quick") + ": " + cs);
        if (f.id().equals("arango")) {
          assertTrue(cs.stream().anyMatch(c -> c.benchmark().endsWith("ArangoBulkBenchmark.insert"))
              && cs.stream().anyMatch(c -> c.benchmark().endsWith("ArangoPoolBenchmark.query")), cs.toString());
        }
      }
    }
  }

  @Test
  void everySettingNamesADeclaredParamAndDeclaredValuesUnlessReduced() {
    for (BenchmarkFamily f : Families.all()) {
      Pattern p = Pattern.compile(f.includeRegex());
      Map<String, Set<String>> declared = new HashMap<>();
      for (BenchmarkListEntry e : entries()) {
        if (p.matcher(e.getUsername()).find() && e.getParams().hasValue()) {
          e.getParams().get().forEach((k, v) -> declared.computeIfAbsent(k, x -> new HashSet<>()).addAll(List.of(v)));
        }
      }
      for (boolean full : new boolean[] {false, true}) {
        FamilySettings s = f.settings(full);
        String where = f.id() + (full ? " full" : " quick") + " settings";
        s.params().forEach((name, values) -> {
          assertTrue(declared.containsKey(name), where + " name @Param " + name + ", which no benchmark of the family declares ("
              + declared.keySet() + ")");
          if (!s.reductions().containsKey(name)) {
            for (String v : values) {
              assertTrue(declared.get(name).contains(v), where + ": " + name + "=" + v
                  + " lies outside the declared sweep " + declared.get(name) + " and is not declared a reduction");
            }
          }
        });
        for (FamilySettings.HeadlineComparison c : s.comparisons()) {
          for (Map<String, String> point : List.of(c.baseline(), c.contender())) {
            checkPoint(entries(), p, s, where, c.benchmark(), c.label(), point);
          }
        }
        for (String r : s.reductions().keySet()) {
          assertFalse(s.reductions().get(r).isBlank(), where + ": reduction of " + r + " needs a reason");
        }
      }
    }
  }

  /** The point is one row of a compiled benchmark of the family, with declared (or reduced) values. */
  private static void checkPoint(List<BenchmarkListEntry> entries, Pattern p, FamilySettings s, String where,
      String benchmark, String label, Map<String, String> point) {
    List<BenchmarkListEntry> match = entries.stream().filter(e -> e.getUsername().equals(benchmark)).toList();
    assertEquals(1, match.size(), where + ": headline " + benchmark + " is no compiled benchmark");
    assertTrue(p.matcher(benchmark).find(), where + ": headline " + benchmark + " lies outside the family");
    Map<String, String[]> own = match.get(0).getParams().hasValue() ? match.get(0).getParams().get() : Map.of();
    point.forEach((name, value) -> {
      assertTrue(own.containsKey(name), where + ": headline " + label + " names @Param " + name
          + ", which " + benchmark + " does not declare (" + own.keySet() + ")");
      assertTrue(List.of(own.get(name)).contains(value)
              || (s.reductions().containsKey(name) && s.params().get(name).contains(value)),
          where + ": headline " + label + ": " + name + "=" + value + " is neither declared nor a reduced value");
    });
    // one row: every @Param of the benchmark has exactly one value after the point and the settings
    own.forEach((name, declaredValues) -> {
      int values = point.containsKey(name) ? 1
          : s.params().containsKey(name) ? s.params().get(name).size() : declaredValues.length;
      assertEquals(1, values, where + ": headline " + label + " leaves @Param " + name + " with " + values
          + " values; a headline side is one row");
    });
  }
}
