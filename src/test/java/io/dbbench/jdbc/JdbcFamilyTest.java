package io.dbbench.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.family.Families;
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
  void quickUsesTheClassDefaultsAndFullSweepsTheStudysShapesSmallestFirst() {
    JdbcFamily f = new JdbcFamily();
    assertEquals(List.of(), f.jmhArgs(false));
    List<String> full = f.jmhArgs(true);
    assertEquals("-p", full.get(0));
    assertEquals("shape=100x1000,10x10000,1x100000,1000x1000,100x10000,10x100000,1x1000000", full.get(1));
    full.get(1).substring(6).lines().flatMap(l -> java.util.Arrays.stream(l.split(","))).forEach(Shape::parse);
  }

  // The probe over injected targets (H2, unreachable, unsupported, embedded) is GomessageProbeTest.
}
