package io.dbbench.graphj;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link NativeReference}: the parsers against output captured from the real tools
 * ({@code src/test/resources/graphj/native/}: zstd 1.5.4 and OpenSSL 3.0.19 on graphd's 100-line
 * text corpus, 11,990 bytes, on this project's 2-core build machine), a run with the tools
 * missing, and a run of the installed tools.
 */
class NativeReferenceTest {
  @TempDir
  Path dir;

  static String resource(String name) throws IOException {
    try (InputStream in = NativeReferenceTest.class.getResourceAsStream("/graphj/native/" + name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void parsesCapturedZstdBenchmarkOutput() throws Exception {
    NativeReference.ZstdResult z1 = NativeReference.parseZstd(resource("zstd-b1-q.txt"));
    assertEquals(1, z1.level());
    assertEquals(11_990, z1.inputBytes());
    assertEquals(289, z1.outputBytes());
    assertEquals(41.488, z1.ratio(), 1e-9);
    assertEquals(434.67, z1.compressMBps(), 1e-9);
    assertEquals(857.5, z1.decompressMBps(), 1e-9);
    assertEquals(11_990 * 1000.0 / 434.67, z1.compressNsPerOp(), 1e-6);
    NativeReference.ZstdResult z3 = NativeReference.parseZstd(resource("zstd-b3-q.txt"));
    assertEquals(3, z3.level());
    assertEquals(294, z3.outputBytes());
    assertEquals(1060.7, z3.decompressMBps(), 1e-9);
  }

  @Test
  void parsesCapturedOpensslSpeedOutput() throws Exception {
    NativeReference.AeadResult a = NativeReference.parseOpensslSpeed(resource("openssl-speed-chacha20-poly1305.txt"));
    assertEquals("ChaCha20-Poly1305", a.cipher());
    assertEquals(11_990, a.bytes());
    assertEquals(806_939.11, a.kbytesPerSecond(), 1e-9);
    assertEquals(11_990 * 1e6 / 806_939.11, a.nsPerOp(), 1e-6);
  }

  @Test
  void unparseableOutputNamesWhatWasExpected() {
    IllegalArgumentException z = assertThrows(IllegalArgumentException.class, () -> NativeReference.parseZstd("zstd: error 12"));
    assertTrue(z.getMessage().contains("no 'zstd -q -b' result line in: \"zstd: error 12\""), z.getMessage());
    IllegalArgumentException o = assertThrows(IllegalArgumentException.class,
        () -> NativeReference.parseOpensslSpeed("speed: Unknown algorithm chacha20-poly1305"));
    assertTrue(o.getMessage().contains("no 'type N bytes' line"), o.getMessage());
    assertThrows(IllegalArgumentException.class, () -> NativeReference.parseLevels("1,x"));
  }

  @Test
  void missingToolsAreSkippedWithOneLineEach() throws Exception {
    Path empty = Files.createDirectories(dir.resolve("empty-path"));
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    Path f = NativeReference.run(dir.resolve("run"), List.of(GraphjCorpus.Kind.values()), new int[] {1}, 1, empty.toString(), new PrintStream(log, true, StandardCharsets.UTF_8));
    String lines = log.toString(StandardCharsets.UTF_8);
    assertEquals(2, lines.lines().count(), lines);
    assertTrue(lines.contains("zstd not found on PATH; skipped"), lines);
    assertTrue(lines.contains("openssl not found on PATH; skipped"), lines);
    JsonNode j = NativeReference.read(dir.resolve("run")).orElseThrow();
    assertEquals(f, dir.resolve("run").resolve(NativeReference.FILE_NAME));
    assertEquals(NativeReference.SCHEMA, j.get("schema").asText());
    assertFalse(j.at("/tools/zstd/available").asBoolean());
    assertEquals(0, j.get("zstd").size());
    assertEquals(2, j.get("corpora").size());
    assertEquals(11_990, j.at("/corpora/0/bytes").asInt());
  }

  /** Runs the installed tools (text corpus, level 1, 1 s each); skipped where they are not installed. */
  @Test
  void runsTheInstalledTools() throws Exception {
    String path = System.getenv("PATH");
    Assumptions.assumeTrue(NativeReference.which("zstd", path).isPresent(), "zstd is not on PATH");
    Assumptions.assumeTrue(NativeReference.which("openssl", path).isPresent(), "openssl is not on PATH");
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    NativeReference.run(dir, List.of(GraphjCorpus.Kind.TEXT), new int[] {1}, 1, path, new PrintStream(log, true, StandardCharsets.UTF_8));
    assertEquals("", log.toString(StandardCharsets.UTF_8));
    JsonNode j = NativeReference.read(dir).orElseThrow();
    assertTrue(j.at("/tools/zstd/version").asText().contains("Zstandard"), j.toString());
    assertEquals(1, j.get("zstd").size());
    for (JsonNode z : j.get("zstd")) {
      assertEquals(1, z.get("level").asInt());
      assertTrue(z.get("compress_ns_per_op").asDouble() > 0 && z.get("output_bytes").asLong() < z.get("input_bytes").asLong(), z.toString());
    }
    assertEquals(11_990, j.at("/zstd/0/input_bytes").asLong(), "text corpus first, the same bytes the benchmarks use");
    assertEquals(1, j.get("chacha20_poly1305").size());
    assertTrue(j.at("/chacha20_poly1305/0/ns_per_op").asDouble() > 0, j.toString());
  }
}
