package io.dbbench.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.Families;
import io.dbbench.core.Mode;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class JdbcFamilyTest {
  @Test
  void isRegisteredAndSelectsBothGomessageClasses() {
    JdbcFamily f = new JdbcFamily();
    assertTrue(Families.all().stream().anyMatch(x -> x.id().equals("jdbc")));
    assertEquals("^io\\.dbbench\\.jdbc\\.", f.includeRegex());
    Pattern p = Pattern.compile(f.includeRegex());
    assertTrue(p.matcher(GomessageInsertBenchmark.class.getName() + ".insert").find());
    assertTrue(p.matcher(GomessageRowByRowBenchmark.class.getName() + ".insert").find());
    assertFalse(p.matcher("io.dbbench.graphj.X.y").find());
  }

  @Test
  void fullRunsTheStudysShapesAndStrategiesAndQuickNarrowsThem() throws Exception {
    JdbcFamily f = new JdbcFamily();
    // both modes record the embedded server's CPU per shot beside its time
    List<String> prof = List.of("-prof", ServerCpuProfiler.class.getName());
    // full: the study's seven shapes for its strategies and PostgreSQL's two fastest, both modes,
    // two forks; row by row and arrayBind in sweeps of their own at the study's 100,000-row batch
    List<String> full = new java.util.ArrayList<>(List.of("-f", "2", "-wi", "1", "-i", "4"));
    full.addAll(prof);
    full.addAll(List.of("-p", "shape=" + String.join(",", JdbcFamily.FULL_SHAPES), "-p",
        "strategy=bulk,many,copy,arrayProject"));
    assertEquals(full, f.settings(Mode.FULL).toJmhArgs());
    assertTrue(f.settings(Mode.FULL).isExcluded(GomessageRowByRowBenchmark.class.getName() + ".insert"));
    assertEquals(List.of("array-bind", "row-by-row"), f.settings(Mode.FULL).sweeps().stream()
        .map(io.dbbench.core.FamilySettings.Sweep::name).toList());
    assertTrue(f.settings(Mode.FULL).sweeps().get(1).runs(GomessageRowByRowBenchmark.class.getName() + ".insert"));
    assertEquals(List.of("1x100000"), f.settings(Mode.FULL).sweeps().get(1).params().get("shape"));
    List<String> quick = new java.util.ArrayList<>(prof);
    quick.addAll(List.of("-p", "shape=100x1000,1x100000", "-p", "mode=seq"));
    assertEquals(quick, f.settings(Mode.QUICK).toJmhArgs());
    String[] strategies = GomessageInsertBenchmark.class.getField("strategy").getAnnotation(org.openjdk.jmh.annotations.Param.class)
        .value();
    // the quick sweep runs every default strategy: one more here is two more quick forks (about 8 s)
    assertEquals(List.of("bulk", "many", "copy", "arrayBind", "arrayProject"), List.of(strategies));
    assertEquals(null, f.settings(Mode.QUICK).headlineForks(), "quick mode's pilot");
    assertEquals(JdbcFamily.QUICK_COMPARISON_CAP_SECONDS, f.settings(Mode.QUICK).comparisons().get(0).capSeconds());
    assertTrue(f.settings(Mode.QUICK).isExcluded(GomessageRowByRowBenchmark.class.getName() + ".insert"));
    assertEquals("strategy", f.settings(Mode.QUICK).comparisons().get(0).param());
    for (Class<?> c : List.of(GomessageInsertBenchmark.class, GomessageRowByRowBenchmark.class)) {
      String[] declared = c.getField("shape").getAnnotation(org.openjdk.jmh.annotations.Param.class).value();
      assertEquals(JdbcFamily.FULL_SHAPES, List.of(declared), c.getName());
      List.of(declared).forEach(Shape::parse);
    }
  }

  // The probe over injected targets (H2, unreachable, unsupported, embedded) is GomessageProbeTest.
}
