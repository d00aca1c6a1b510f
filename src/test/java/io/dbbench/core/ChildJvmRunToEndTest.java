package io.dbbench.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link ChildJvm#runToEnd}: output, exit code, a large stdout, and a child that runs past its time. */
class ChildJvmRunToEndTest {
  private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
  private static final String CP = System.getProperty("java.class.path");

  /** The child: {@code print N CODE} writes N lines to stdout and one to stderr, then exits CODE; {@code hang} sleeps. */
  public static final class Child {
    public static void main(String[] args) throws Exception {
      if (args[0].equals("hang")) {
        Thread.sleep(120_000);
        return;
      }
      int lines = Integer.parseInt(args[1]);
      StringBuilder b = new StringBuilder();
      for (int i = 0; i < lines; i++) {
        b.append("line ").append(i).append('\n');
      }
      System.out.print(b);
      System.out.flush();
      System.err.println("to stderr");
      System.exit(Integer.parseInt(args[2]));
    }
  }

  @Test
  void capturesStdoutStderrAndTheExitCode() throws Exception {
    ChildJvm.Finished f = ChildJvm.runToEnd("child", JAVA, List.of(), CP, Child.class.getName(),
        List.of("print", "2", "3"), Duration.ofSeconds(60));
    assertEquals(3, f.exitCode());
    assertEquals("line 0\nline 1\n", f.stdout());
    assertEquals("to stderr", f.stderr().trim());
  }

  @Test
  void aStdoutLargerThanAPipeDoesNotBlockTheChild() throws Exception {
    // 200,000 lines, about 2.3 MB: far more than a pipe holds (64 KB on Linux)
    ChildJvm.Finished f = ChildJvm.runToEnd("child", JAVA, List.of(), CP, Child.class.getName(),
        List.of("print", "200000", "0"), Duration.ofSeconds(60));
    assertEquals(0, f.exitCode());
    assertEquals(200_000, f.stdout().lines().count());
    assertTrue(f.stdout().endsWith("line 199999\n"));
  }

  @Test
  void aChildPastItsTimeIsKilledAndNamed() {
    long t0 = System.nanoTime();
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> ChildJvm.runToEnd("sleepy", JAVA,
        List.of(), CP, Child.class.getName(), List.of("hang"), Duration.ofSeconds(3)));
    long seconds = (System.nanoTime() - t0) / 1_000_000_000L;
    assertTrue(e.getMessage().contains("sleepy: the child JVM did not finish in 3 s"), e.getMessage());
    assertTrue(seconds < 60, "returned after " + seconds + " s, not after the child's 120 s");
  }
}
