package io.dbbench.arango.bulk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.arango.standin.ArangoStandIn;
import io.dbbench.core.Executables;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scripts/go-driver-vs-dbbench.sh} end to end on the smallest run it has: go-driver's own
 * V1 and V2 insert benchmarks (100,000 documents each, as the suites fix them) for one iteration
 * ({@code --benchtime 1x}) against a stand-in the script starts on this JVM's class path, and
 * against a given endpoint with credentials (a stand-in in this JVM that requires them). Skipped,
 * with the reason, when {@code go} is not on PATH or {@code studies/go-driver}'s modules cannot be
 * resolved (no module proxy and an empty module cache); the first build compiles both test
 * packages, later ones reuse go's build cache.
 */
class GoDriverSuitesScriptTest {
  @TempDir
  Path tmp;

  /** Runs {@code cmd} in {@code dir}; its exit code, or -1 after {@code seconds}, and its output. */
  private static Object[] run(List<String> cmd, Path dir, Map<String, String> env, long seconds, Path log) throws Exception {
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
        .redirectOutput(log.toFile());
    for (String k : List.of("DBBENCH_ARANGO_ENDPOINTS", "TEST_ENDPOINTS_OVERRIDE", "DBBENCH_ARANGO_AUTH",
        "TEST_AUTHENTICATION")) {
      pb.environment().remove(k);
    }
    pb.environment().putAll(env);
    Process p = pb.start();
    if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
      p.destroy();
      if (!p.waitFor(10, TimeUnit.SECONDS)) {
        p.destroyForcibly();
      }
      return new Object[] {-1, Files.readString(log, StandardCharsets.UTF_8)};
    }
    return new Object[] {p.exitValue(), Files.readString(log, StandardCharsets.UTF_8)};
  }

  /** Skips (with the reason) unless go is on PATH and studies/go-driver's modules resolve. */
  private void assumeGoModules() throws Exception {
    Path go = Executables.which("go", System.getenv("PATH")).orElse(null);
    Assumptions.assumeTrue(go != null, "go is not on PATH: go-driver's suites cannot be built here");
    Path module = Path.of("studies/go-driver").toAbsolutePath();
    Object[] resolved = run(List.of(go.toString(), "mod", "download"), module, Map.of(), 180, tmp.resolve("download.log"));
    Assumptions.assumeTrue((Integer) resolved[0] == 0, () -> "studies/go-driver's modules cannot be resolved (go mod"
        + " download: " + ((String) resolved[1]).strip().lines().reduce((a, b) -> b).orElse("no output") + ")");
  }

  /** The script on the V1 and V2 insert, one iteration each, into {@code out}; its exit code and output. */
  private Object[] insertSmoke(Path out, Map<String, String> env) throws Exception {
    Map<String, String> all = new java.util.HashMap<>(env);
    all.put("DBBENCH_STANDIN_CLASSPATH", System.getProperty("java.class.path"));
    all.put("JAVA_HOME", System.getProperty("java.home"));
    return run(List.of("bash", Path.of("scripts/go-driver-vs-dbbench.sh").toAbsolutePath().toString(),
            "--ops", "insert", "--blocks", "1", "--benchtime", "1x", "--out", out.toString()),
        Path.of("").toAbsolutePath(), all, 300, tmp.resolve(out.getFileName() + ".log"));
  }

  @Test
  void bothSuitesInsertAgainstTheStandInAndTheirRowsSaySo() throws Exception {
    assumeGoModules();
    Path out = tmp.resolve("out");
    Object[] r = insertSmoke(out, Map.of());
    assertEquals(0, r[0], (String) r[1]);

    List<String> rows = Files.readAllLines(out.resolve("rows.tsv"));
    assertEquals(3, rows.size(), "a header and one row per suite: " + rows);
    assertTrue(rows.get(0).startsWith("block\tposition\tsuite\tprotocol\toperation\tbenchmark\titerations\tns_per_op"));
    for (String row : rows.subList(1, 3)) {
      String[] f = row.split("\t");
      assertEquals(11, f.length, row);
      assertEquals("insert", f[4], row);
      assertTrue(f[5].matches("BenchmarkV[12]BulkInsert100KDocs/Insert(-\\d+)?"), row);
      assertEquals("1", f[6], "--benchtime 1x: one iteration: " + row);
      assertTrue(Double.parseDouble(f[7]) > 0 && Long.parseLong(f[8]) > 0 && Long.parseLong(f[9]) > 0, row);
      assertEquals(ArangoStandIn.LABEL, f[10], "every row names the stand-in: " + row);
    }
    assertTrue(rows.get(1).contains("(V1)\tHTTP/1.1 JSON") && rows.get(2).contains("(V2)\tHTTP/2 JSON"),
        "block 1 runs V1 first: " + rows);
    String env = Files.readString(out.resolve("env.txt"));
    assertTrue(env.contains("github.com/arangodb/go-driver v1.6.9") && env.contains("github.com/arangodb/go-driver/v2 v2.4.1"),
        env);
    String requests = Files.readString(out.resolve("standin-requests.json"));
    assertTrue(requests.contains("\"HTTP/2\"") && requests.contains("\"HTTP/1.1\""),
        "V2 reached the stand-in over HTTP/2 and V1 over HTTP/1.1");
    assertTrue(!((String) r[1]).contains("the stand-in lacks"), (String) r[1]);
    // the machine around both sides, and the summary the analysis wrote from the rows (one block: no interval)
    List<String> machine = Files.readAllLines(out.resolve("machine.tsv"));
    assertEquals(5, machine.size(), "a header and before/after for each side: " + machine);
    assertTrue(machine.get(1).matches("1\\tV1\\tinsert\\tbefore\\tcpu .*\\t\\d+\\t0"), machine.get(1));
    String[] after = machine.get(2).split("\t");
    assertTrue(machine.get(2).startsWith("1\tV1\tinsert\tafter\t") && Double.parseDouble(after[after.length - 1]) > 0,
        "the CPU seconds of V1's test binary and the stand-in during its side: " + machine.get(2));
    String summary = Files.readString(out.resolve("summary.md"));
    assertTrue(summary.contains("| insert: Go V1 HTTP/1.1 -> V2 HTTP/2, B/op |"), summary);
    assertTrue(summary.contains("none (1 block, at least 4)"), summary);
    assertTrue(summary.contains("## The machine around every side"), summary);
  }

  /**
   * A server given by {@code DBBENCH_ARANGO_ENDPOINTS} with {@code DBBENCH_ARANGO_AUTH}: both suites
   * authenticate through their own {@code TEST_AUTHENTICATION}, the rows name the endpoint, and the
   * password is in no file the script wrote. The server is a stand-in in this JVM requiring HTTP Basic.
   */
  @Test
  void givenEndpointsAndAuthReachTheTestsAndThePasswordIsWrittenNowhere() throws Exception {
    assumeGoModules();
    String secret = "pw-" + Long.toHexString(System.nanoTime()) + "-x";
    try (ArangoStandIn s = ArangoStandIn.start(ArangoStandIn.Options.parse("--require-auth", "bench:" + secret))) {
      String endpoint = "http://127.0.0.1:" + s.port();
      Path out = tmp.resolve("given");
      Object[] r = insertSmoke(out, Map.of("DBBENCH_ARANGO_ENDPOINTS", endpoint,
          "DBBENCH_ARANGO_AUTH", "basic:bench:" + secret));
      assertEquals(0, r[0], (String) r[1]);
      List<String> rows = Files.readAllLines(out.resolve("rows.tsv"));
      assertEquals(3, rows.size(), rows.toString());
      for (String row : rows.subList(1, 3)) {
        assertTrue(row.endsWith("\tArangoDB at " + endpoint + " (DBBENCH_ARANGO_ENDPOINTS)"), row);
      }
      assertTrue(!((String) r[1]).contains(secret), "the script's output holds no password");
      try (var files = Files.walk(out)) {
        for (Path f : files.filter(Files::isRegularFile).toList()) {
          assertTrue(!Files.readString(f, StandardCharsets.ISO_8859_1).contains(secret), "no password in " + f);
        }
      }
    }
  }
}
