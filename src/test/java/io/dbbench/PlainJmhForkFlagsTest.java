package io.dbbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbbench.core.ForkFlags;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Plain JMH, as the README runs it: a command-line {@code -jvmArgsAppend -Dx=1} adds to the fork
 * flags every benchmark inherits from {@code BenchmarkDefaults} (fixed heap, native access)
 * instead of replacing them. Runs {@link JmhMain} (the jar's main class) in a child JVM with a
 * real fork and reads the fork's {@code jvmArgs} from the JMH JSON it wrote.
 */
class PlainJmhForkFlagsTest {
  @Test
  void aCommandLineJvmArgsAppendAddsToTheDefaultForkFlags(@TempDir Path dir) throws Exception {
    Path json = dir.resolve("jmh-result.json");
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    List<String> cmd = new ArrayList<>(List.of(java.toString(), "--enable-native-access=ALL-UNNAMED",
        "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"), "-Djmh.ignoreLock=true",
        "-cp", System.getProperty("java.class.path"), JmhMain.class.getName(), "io.dbbench.harness.HarnessBenchmark.work", "-f", "1", "-wi", "0", "-i", "1",
        "-r", "100ms", "-jvmArgsAppend", "-Ddbbench.plain.probe=1", "-rf", "json", "-rff", json.toString()));
    Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
        .redirectOutput(dir.resolve("out.txt").toFile()).start();
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "JMH did not finish in 120 s");
    assertEquals(0, p.exitValue(), Files.readString(dir.resolve("out.txt")));
    JsonNode run = new ObjectMapper().readTree(json.toFile()).get(0);
    List<String> jvmArgs = new ArrayList<>();
    run.get("jvmArgs").forEach(a -> jvmArgs.add(a.asText()));
    assertTrue(jvmArgs.contains(ForkFlags.XMX) && jvmArgs.contains(ForkFlags.XMS), "the fixed heap: " + jvmArgs);
    assertTrue(jvmArgs.contains(ForkFlags.NATIVE_ACCESS), "native access: " + jvmArgs);
    assertTrue(jvmArgs.contains("-Ddbbench.plain.probe=1"), "the user's flag: " + jvmArgs);
    assertTrue(jvmArgs.indexOf(ForkFlags.XMX) < jvmArgs.indexOf("-Ddbbench.plain.probe=1"),
        "the user's flags come later, so they win over a default of the same name: " + jvmArgs);
  }
}
