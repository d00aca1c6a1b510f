package io.dbbench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The main job's and the jar's entry points: help, bad knobs, fail-on-error by default. */
class BenchMainTest {
  private static int run(StringWriter out, StringWriter err, String... args) {
    CommandLine cl = new CommandLine(new BenchMain());
    cl.setOut(new PrintWriter(out));
    cl.setErr(new PrintWriter(err));
    return cl.execute(args);
  }

  @Test
  void helpPrintsUsageAndRunsNothing() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    assertEquals(0, run(out, err, "--help"));
    assertTrue(out.toString().contains("--include") && out.toString().contains("-Dbench.forks"), out.toString());
  }

  @Test
  void badKnobsExitTwoNamingTheValue() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    assertEquals(2, run(out, err, "--no-such-option"));
    BenchMain m = new BenchMain();
    new CommandLine(m).parseArgs("--forks", "many");
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, m::options);
    assertTrue(e.getMessage().contains("'many'"), e.getMessage());
    BenchMain r = new BenchMain();
    new CommandLine(r).parseArgs("--include", "([");
    e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, r::options);
    assertTrue(e.getMessage().contains("'(['"), e.getMessage());
    BenchMain a = new BenchMain();
    new CommandLine(a).parseArgs("--args", "-p");
    org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, a::options);
  }

  @Test
  void theJarFailsOnErrorUnlessTold() {
    assertArrayEquals(new String[] {"-foe", "true", "Graphj", "-f", "1"}, JmhMain.withFailOnError(new String[] {"Graphj", "-f", "1"}));
    assertArrayEquals(new String[] {"-foe", "false"}, JmhMain.withFailOnError(new String[] {"-foe", "false"}));
  }
}
