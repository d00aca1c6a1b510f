package io.dbbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.FamilySettings;
import io.dbbench.core.Mode;
import io.dbbench.report.study.Findings;
import io.dbbench.report.study.Study;
import io.dbbench.report.study.StudyForm;
import io.dbbench.report.study.StudyRoom;
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
   * at the study's own point, by a family of the study's room: each comparison measure names its
   * {@code headline}, and what {@link Study#headline} derives from it (benchmark, param, both
   * values, the study point's other params) is one of the room's families' {@code HeadlineComparison}s,
   * so a finding never falls back to sweep rows run as consecutive blocks. Rooms come from the
   * registry; no family or study is named here.
   */
  @Test
  void everyStudysComparisonRunsAsAHeadlineComparisonOfItsRoomInBothModes() {
    int checked = 0;
    for (StudyRoom room : StudyRoom.all()) {
      for (StudyForm form : room.forms()) {
        if (form.studyResource().isEmpty()) {
          continue;
        }
        Study study = form.study();
        for (Study.Measure m : study.measures()) {
          if (!m.comparison()) {
            continue;
          }
          assertFalse(m.headline().isEmpty(), study.id() + ": comparison '" + m.question() + "' names no headline");
          FamilySettings.HeadlineComparison want = study.headline(m.headline());
          for (Mode mode : Mode.values()) {
            boolean found = false;
            for (BenchmarkFamily f : room.families()) {
              for (FamilySettings.HeadlineComparison c : f.settings(mode).comparisons()) {
                found |= c.benchmark().equals(want.benchmark()) && c.param().equals(want.param())
                    && c.baselineValue().equals(want.baselineValue()) && c.contenderValue().equals(want.contenderValue())
                    && want.fixed().entrySet().stream().allMatch(e -> e.getValue().equals(c.fixed().get(e.getKey())));
              }
            }
            assertTrue(found, study.id() + ": headline " + m.headline() + " (" + want.label() + ") is run by no family of "
                + room.getClass().getSimpleName() + " in " + mode + " mode");
            checked++;
          }
        }
      }
    }
    assertEquals(2 * Findings.studies().stream().flatMap(st -> st.measures().stream()).filter(Study.Measure::comparison)
        .count(), checked, "every registered study's comparisons, two modes each");
    assertTrue(checked >= 12, "the six studies' comparisons at least: " + checked);
  }

  /** Each room's families run only their own room's benchmarks as headline comparisons, and declare positive seconds. */
  @Test
  void everyFamilyBelongsToOneRoomAndDeclaresItsExpectedSeconds() {
    Set<String> ids = new HashSet<>();
    for (StudyRoom room : StudyRoom.all()) {
      assertFalse(room.families().isEmpty() && room.forms().isEmpty(), room.getClass() + " holds nothing");
      for (BenchmarkFamily f : room.families()) {
        assertTrue(ids.add(f.id()), "family " + f.id() + " is in two rooms");
        assertTrue(f.expectedSweepSeconds() >= 1, f.id());
        for (Mode mode : Mode.values()) {
          for (FamilySettings.HeadlineComparison c : f.settings(mode).comparisons()) {
            assertTrue(c.expectedSeconds() == null || c.expectedSeconds() >= 1, c.label());
          }
        }
      }
    }
    assertEquals(Families.all().stream().map(BenchmarkFamily::id).toList().size(), ids.size(),
        "Families.all() is the rooms' families");
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
      FamilySettings s = f.settings(Mode.QUICK);
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
  void everySettingNamesADeclaredParamAndDeclaredValuesUnlessReduced() {
    for (BenchmarkFamily f : Families.all()) {
      Pattern p = Pattern.compile(f.includeRegex());
      Map<String, Set<String>> declared = new HashMap<>();
      for (BenchmarkListEntry e : entries()) {
        if (p.matcher(e.getUsername()).find() && e.getParams().hasValue()) {
          e.getParams().get().forEach((k, v) -> declared.computeIfAbsent(k, x -> new HashSet<>()).addAll(List.of(v)));
        }
      }
      for (Mode mode : Mode.values()) {
        FamilySettings s = f.settings(mode);
        String where = f.id() + " " + mode + " settings";
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
