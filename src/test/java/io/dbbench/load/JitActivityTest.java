package io.dbbench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link JitActivity} on a recorded {@code /proc/<pid>/task} tree, and on this JVM's own. */
class JitActivityTest {
  @TempDir
  Path tmp;

  private void task(String tid, String comm, String stat) throws Exception {
    Path t = Files.createDirectories(tmp.resolve("task").resolve(tid));
    Files.writeString(t.resolve("comm"), comm + "\n");
    Files.writeString(t.resolve("stat"), stat + "\n");
  }

  @Test
  void sumsTheCompilerThreadsUserAndSystemTicks() throws Exception {
    // fields as proc(5) lays them out; utime and stime are the 14th and 15th
    task("101", "C2 CompilerThre", "101 (C2 CompilerThre) S 1 1 1 0 -1 1077936192 0 0 0 0 250 40 0 0 20 0 30 0 5");
    task("102", "C1 CompilerThre", "102 (C1 CompilerThre) S 1 1 1 0 -1 1077936192 0 0 0 0 7 3 0 0 20 0 30 0 5");
    task("103", "GC Thread#0", "103 (GC Thread#0) S 1 1 1 0 -1 1077936192 0 0 0 0 900 900 0 0 20 0 30 0 5");
    // a command name with spaces and a parenthesis must not shift the fields
    task("104", "java", "104 (my (odd) name) S 1 1 1 0 -1 1077936192 0 0 0 0 1 1 0 0 20 0 30 0 5");
    assertEquals((250 + 40 + 7 + 3) * JitActivity.NANOS_PER_TICK, JitActivity.compilerNanos(tmp.resolve("task")));
    assertEquals(2, JitActivity.userPlusSystemTicks("104 (my (odd) name) S 1 1 1 0 -1 1077936192 0 0 0 0 1 1 0 0"));
    assertThrows(IllegalArgumentException.class, () -> JitActivity.userPlusSystemTicks("garbage"));
    assertEquals(-1, JitActivity.compilerNanos(tmp.resolve("missing")));
  }

  @Test
  void readsThisJvmsCompilerThreadsOnLinux() {
    long own = JitActivity.compilerNanos(ProcessHandle.current().pid());
    if (Files.isDirectory(Path.of("/proc/self/task"))) {
      assertTrue(own > 0, "this JVM has compiled something by now: " + own);
    } else {
      assertEquals(-1, own);
    }
  }
}
