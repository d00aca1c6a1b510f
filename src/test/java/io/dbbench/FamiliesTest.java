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
        for (String r : s.reductions().keySet()) {
          assertFalse(s.reductions().get(r).isBlank(), where + ": reduction of " + r + " needs a reason");
        }
      }
    }
  }
}
