package io.dbbench.arango.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbbench.arango.standin.ArangoStandIn;
import io.dbbench.core.Executables;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scripts/arangojs-vs-dbbench.sh} end to end on its smallest run: one block, 500 queries,
 * one run per point, the default pool and plain HTTP, over 2,000 documents; once against a stand-in
 * the script starts on this JVM's class path (with 5 ms of modelled server time per query, so the
 * rows carry the model's label), once against a given endpoint with credentials (a stand-in in this
 * JVM that requires them), where the password must be in no file the script wrote. Skipped, with
 * the reason, when {@code node} or {@code npm} is not on PATH or npm cannot install arangojs 8.3.0
 * (no registry and an empty cache); the first run installs it into the user's cache
 * ({@code ~/.cache/dbbench/arangojs-8.3.0}), later ones reuse it.
 */
class ArangojsScriptTest {
  @TempDir
  Path tmp;

  /** The script's smallest run into {@code out}; its exit code and output. Skips when arangojs cannot be installed. */
  private Object[] smoke(Path out, Map<String, String> env, String... more) throws Exception {
    Assumptions.assumeTrue(Executables.which("node", System.getenv("PATH")).isPresent(), "node is not on PATH: the study's client cannot run here");
    Assumptions.assumeTrue(Executables.which("npm", System.getenv("PATH")).isPresent(), "npm is not on PATH: arangojs 8.3.0 cannot be installed here");
    List<String> cmd = new java.util.ArrayList<>(List.of("bash", Path.of("scripts/arangojs-vs-dbbench.sh").toAbsolutePath()
        .toString(), "--blocks", "1", "--iterations", "500", "--connections", "default,http", "--runs", "1",
        "--documents", "2000", "--out", out.toString()));
    cmd.addAll(List.of(more));
    Path log = tmp.resolve(out.getFileName() + ".log");
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(Path.of("").toAbsolutePath().toFile())
        .redirectErrorStream(true).redirectOutput(log.toFile());
    for (String k : List.of("DBBENCH_ARANGO_ENDPOINTS", "TEST_ENDPOINTS_OVERRIDE", "DBBENCH_ARANGO_AUTH",
        "TEST_AUTHENTICATION", "DBBENCH_ARANGO_STANDIN_THREADS", "DBBENCH_ARANGO_STANDIN_QUEUE")) {
      pb.environment().remove(k);
    }
    Map<String, String> all = new HashMap<>(env);
    all.put("DBBENCH_STANDIN_CLASSPATH", System.getProperty("java.class.path"));
    all.put("JAVA_HOME", System.getProperty("java.home"));
    pb.environment().putAll(all);
    Process p = pb.start();
    if (!p.waitFor(300, TimeUnit.SECONDS)) {
      p.destroy();
      if (!p.waitFor(10, TimeUnit.SECONDS)) {
        p.destroyForcibly();
      }
    }
    String output = Files.readString(log, StandardCharsets.UTF_8);
    if (output.contains("npm could not install arangojs")) {
      Path install = out.resolve("install.log");
      String why = Files.isRegularFile(install) ? Files.readString(install).strip().lines().reduce((a, b) -> b).orElse("")
          : "no install.log";
      Assumptions.abort("npm could not install arangojs 8.3.0 here (" + why + ")");
    }
    return new Object[] {p.isAlive() ? -1 : p.exitValue(), output};
  }

  private static void checkRows(Path out, String server) throws Exception {
    List<String> rows = Files.readAllLines(out.resolve("rows.tsv"));
    assertEquals(3, rows.size(), "a header and one run per connection: " + rows);
    assertEquals(String.join("\t", ArangojsSideBySide.COLUMNS), rows.get(0));
    for (String row : rows.subList(1, 3)) {
      String[] f = row.split("\t", -1);
      assertEquals(16, f.length, row);
      assertEquals("arangojs", f[2], row);
      assertEquals("500", f[5], row);
      assertTrue(Double.parseDouble(f[7]) > 0, row);
      assertEquals("0", f[8], "the run finished: " + row);
      assertEquals("500", f[9], "every query answered: " + row);
      assertEquals(server, f[15], row);
    }
    assertTrue(rows.get(1).contains("\tarangojs 8.3.0\tdefault\t"), "block 1 runs the connections in the given order: " + rows);
    assertTrue(rows.get(2).contains("\tNode http (plain HTTP)\thttp\t"), rows.get(2));
    JsonNode collection = new ObjectMapper().readTree(out.resolve("collection.json").toFile());
    assertEquals(2000, collection.path("documents").asInt());
    assertEquals(PoolDocuments.checksum(2000), collection.path("sha256_key_endtoendid").asText());
    assertTrue(Files.readString(out.resolve("env.txt")).contains("arangojs: 8.3.0"));
    assertTrue(Files.readString(out.resolve("summary.md")).contains("| 500 | Default (maxSockets 3) | 5,146 ms |"));
  }

  @Test
  void theStudysClientRunsAgainstTheStandInAndItsRowsNameTheModel() throws Exception {
    Path out = tmp.resolve("out");
    Object[] r = smoke(out, Map.of(), "--model-ms", "5");
    assertEquals(0, r[0], (String) r[1]);
    checkRows(out, PoolSettings.modelLabel(5));
    assertTrue(Files.readString(out.resolve("standin.log")).contains(ArangoStandIn.LABEL));
    // the machine around the side, with the CPU seconds of its own processes (node and the stand-in)
    List<String> machine = Files.readAllLines(out.resolve("machine.tsv"));
    assertEquals(3, machine.size(), machine.toString());
    String[] after = machine.get(2).split("\t");
    assertTrue(machine.get(2).startsWith("1\tarangojs\tafter\t") && Double.parseDouble(after[after.length - 1]) > 0,
        "node's and the stand-in's CPU seconds in the side: " + machine.get(2));
  }

  /**
   * A server given by {@code DBBENCH_ARANGO_ENDPOINTS} with {@code DBBENCH_ARANGO_AUTH}: the seeding
   * and both clients authenticate, the rows name the endpoint, the password is in no file written.
   */
  @Test
  void givenEndpointAndAuthReachTheClientsAndThePasswordIsWrittenNowhere() throws Exception {
    String secret = "pw-" + Long.toHexString(System.nanoTime()) + "-x";
    try (ArangoStandIn s = ArangoStandIn.start(ArangoStandIn.Options.parse("--require-auth", "bench:" + secret))) {
      String endpoint = "http://127.0.0.1:" + s.port();
      Path out = tmp.resolve("given");
      Object[] r = smoke(out, Map.of("DBBENCH_ARANGO_ENDPOINTS", endpoint, "DBBENCH_ARANGO_AUTH", "basic:bench:" + secret));
      assertEquals(0, r[0], (String) r[1]);
      checkRows(out, "ArangoDB at " + endpoint + " (DBBENCH_ARANGO_ENDPOINTS)");
      assertFalse(((String) r[1]).contains(secret), "the script's output holds no password");
      try (var files = Files.walk(out)) {
        for (Path f : files.filter(Files::isRegularFile).toList()) {
          assertFalse(Files.readString(f, StandardCharsets.ISO_8859_1).contains(secret), "no password in " + f);
        }
      }
    }
  }
}
