package io.dbbench.run;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --vary} names a {@code @Param} a selected benchmark declares: {@code --vary nosuchparam=a,b}
 * ran both sides on one configuration, exited 0 and reported the noise as "+4.14%".
 */
class InterleaveVaryTest {
  private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
  private static final List<String> JMH = List.of(JAVA, "-cp", System.getProperty("java.class.path"), "io.dbbench.JmhMain");

  @TempDir
  Path tmp;

  private static Interleave.Side side(String name, String letter, String value, String param) {
    return new Interleave.Side(name, letter, JMH, Map.of()).varying(param, value);
  }

  @Test
  void aVariedNameNoSelectedBenchmarkDeclaresIsRefusedBeforeAnyFork() {
    Interleave.Plan plan = new Interleave.Plan(side("baseline", "A", "a", "nosuchparam"),
        side("candidate", "B", "b", "nosuchparam"), 2, List.of("HarnessBenchmark.work"), tmp.resolve("ab"), "nosuchparam");
    Interleave.InterleaveException e = assertThrows(Interleave.InterleaveException.class,
        () -> Interleave.run(plan, new PrintStream(new ByteArrayOutputStream(), true)));
    assertTrue(e.getMessage().contains("--vary nosuchparam") && e.getMessage().contains("failAt"), e.getMessage());
    assertFalse(Files.exists(tmp.resolve("ab/forks")), "no fork ran");
  }

  @Test
  void aDeclaredParamPasses() {
    assertDoesNotThrow(() -> Interleave.requireDeclared("failAt", side("baseline", "A", "0", "failAt"),
        List.of("HarnessBenchmark.work")));
  }
}
