package io.dbbench.payload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scripts/wmpayload-vs-dbbench.sh} end to end on its smallest run: WMPayload's own
 * {@code BenchmarkInsert} and {@code BenchmarkSearch} (without and with the index) for one
 * iteration each ({@code --benchtime 1x}) on 200 flat documents, against a stand-in the script
 * starts on this JVM's class path. No WMPayload code is in the repository, so this runs only when
 * {@code DBBENCH_WMPAYLOAD_DIR} names a checkout (github.com/vkuznet/WMPayload) and {@code go} is
 * on PATH; otherwise it is skipped with the reason. The first build fetches WMPayload's modules
 * from the Go module proxy; later ones reuse go's caches.
 */
class WmpayloadScriptTest {
  @TempDir
  Path tmp;

  private static boolean onPath(String exe) {
    for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      if (!d.isEmpty() && Files.isExecutable(Path.of(d, exe))) {
        return true;
      }
    }
    return false;
  }

  @Test
  void theStudysOwnBenchmarksRunAgainstTheStandInAndTheirRowsSaySo() throws Exception {
    String checkout = System.getenv("DBBENCH_WMPAYLOAD_DIR");
    Assumptions.assumeTrue(checkout != null && !checkout.isBlank(), "DBBENCH_WMPAYLOAD_DIR is not set: no WMPayload"
        + " checkout to build (git clone https://github.com/vkuznet/WMPayload, then point the variable at it)");
    Assumptions.assumeTrue(onPath("go"), "go is not on PATH: WMPayload's service and benchmark cannot be built here");
    Path out = tmp.resolve("out");
    ProcessBuilder pb = new ProcessBuilder("bash", Path.of("scripts/wmpayload-vs-dbbench.sh").toAbsolutePath().toString(),
        "--wmpayload", checkout, "--docs", "flat", "--blocks", "1", "--benchtime", "1x", "--collection-size", "200",
        "--out", out.toString()).redirectErrorStream(true).redirectOutput(tmp.resolve("log.txt").toFile());
    pb.environment().remove("DBBENCH_MONGO_URI");
    pb.environment().put("DBBENCH_STANDIN_CLASSPATH", System.getProperty("java.class.path"));
    pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
    pb.environment().put("DBBENCH_MONGO_STANDIN_HEAP", "512m");
    Process p = pb.start();
    if (!p.waitFor(600, TimeUnit.SECONDS)) {
      p.destroy();
      p.waitFor(10, TimeUnit.SECONDS);
    }
    String log = Files.readString(tmp.resolve("log.txt"), StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), log);

    List<String> rows = Files.readAllLines(out.resolve("rows.tsv"));
    assertEquals(String.join("\t", WmpayloadSideBySide.COLUMNS), rows.get(0));
    assertEquals(4, rows.size(), "a header, the insert and both searches: " + rows);
    for (String row : rows.subList(1, 4)) {
      String[] f = row.split("\t");
      assertEquals("WMPayload Go", f[2], row);
      assertEquals("flat", f[4], row);
      assertEquals("1", f[8], "--benchtime 1x: one iteration: " + row);
      assertTrue(Double.parseDouble(f[9]) > 0 && Long.parseLong(f[10]) > 0 && Long.parseLong(f[11]) > 0, row);
      assertEquals("1.000", f[12], "every request answered: " + row);
      assertEquals("mongo-java-server 1.47.0 (stand-in, not MongoDB)", f[14], row);
    }
    assertTrue(rows.get(1).contains("\tinsert\tflat\t-\tBenchmarkInsert") && rows.get(2).contains("\tsearch\tflat\tnone\t")
        && rows.get(3).contains("\tsearch\tflat\tid\t"), "block 1: insert, then none before id: " + rows);
    String env = Files.readString(out.resolve("env.txt"));
    assertTrue(env.contains("go.mongodb.org/mongo-driver v1.17.1"), env);
    assertTrue(Files.readString(out.resolve("summary.md")).contains("| flat | WMPayload Go | b.N |"), "the summary");
    assertTrue(Files.readString(out.resolve("collection.log")).contains("indexes of dbbench.wmpayload_go_search_flat_"),
        "the index was set between the searches");
    // the machine around the Go side per operation, with the CPU of its own processes (test binary, service, stand-in)
    List<String> machine = Files.readAllLines(out.resolve("machine.tsv"));
    assertEquals("block\tside\toperation\tphase\tproc_stat_cpu\tloadavg\tonline_cpus\town_cpu_s", machine.get(0));
    assertEquals(5, machine.size(), machine.toString());
    String[] after = machine.get(4).split("\t");
    assertTrue(machine.get(4).startsWith("1\tGo\tsearch flat\tafter\t") && Double.parseDouble(after[after.length - 1]) > 0,
        machine.get(4));
  }
}
