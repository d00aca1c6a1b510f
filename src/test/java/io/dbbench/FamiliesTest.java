package io.dbbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.FamilySettings;
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

  @Test
  void everyStudyHasHeadlineRows() {
    // issue 10: one headline per study, measured with enough forks for a verdict (mongo shares study 5 with payload)
    // arango's and payload's quick modes have none: their fork means vary by 9-21% and a fork costs
    // 10-19 s, beyond what the quick budget's forks resolve
    for (BenchmarkFamily f : Families.all()) {
      for (boolean full : new boolean[] {false, true}) {
        Set<String> expected = full ? Set.of("graphj", "jdbc", "graph", "payload", "arango")
            : Set.of("graphj", "jdbc", "graph");
        assertEquals(expected.contains(f.id()), !f.settings(full).headlines().isEmpty(),
            f.id() + (full ? " full" : " quick") + ": headline rows " + f.settings(full).headlines());
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
        for (FamilySettings.Headline h : s.headlines()) {
          List<BenchmarkListEntry> match = entries().stream().filter(e -> e.getUsername().equals(h.benchmark())).toList();
          assertEquals(1, match.size(), where + ": headline " + h.benchmark() + " is no compiled benchmark");
          assertTrue(p.matcher(h.benchmark()).find(), where + ": headline " + h.benchmark() + " lies outside the family");
          Map<String, String[]> own = match.get(0).getParams().hasValue() ? match.get(0).getParams().get() : Map.of();
          h.params().forEach((name, value) -> {
            assertTrue(own.containsKey(name), where + ": headline " + h.label() + " names @Param " + name
                + ", which " + h.benchmark() + " does not declare (" + own.keySet() + ")");
            assertTrue(List.of(own.get(name)).contains(value)
                    || (s.reductions().containsKey(name) && s.params().get(name).contains(value)),
                where + ": headline " + h.label() + ": " + name + "=" + value + " is neither declared nor a reduced value");
          });
          // one row: every @Param of the benchmark has exactly one value after the headline and the settings
          own.forEach((name, declaredValues) -> {
            int values = h.params().containsKey(name) ? 1
                : s.params().containsKey(name) ? s.params().get(name).size() : declaredValues.length;
            assertEquals(1, values, where + ": headline " + h.label() + " leaves @Param " + name + " with " + values
                + " values; a headline is one row");
          });
        }
        for (String r : s.reductions().keySet()) {
          assertFalse(s.reductions().get(r).isBlank(), where + ": reduction of " + r + " needs a reason");
        }
      }
    }
  }
}
