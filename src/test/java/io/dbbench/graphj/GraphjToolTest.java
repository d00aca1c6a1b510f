package io.dbbench.graphj;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The graphj command line: write, inspect, verify, compact, and its answers to bad input. */
class GraphjToolTest {
  private static final String KEY_HEX = HexFormat.of().formatHex(GraphjTestFiles.KEY);
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path dir;

  record Run(int rc, String out, String err) {}

  static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int rc = GraphjTool.run(new PrintWriter(out), new PrintWriter(err), args);
    return new Run(rc, out.toString(), err.toString());
  }

  private Path jsonl() throws Exception {
    return Files.writeString(dir.resolve("in.jsonl"), String.join("\n",
        "{\"query\": \"CREATE (n:Entity {id: $id, w: $w})\", \"params\": {\"id\": \"a\", \"w\": 1.5, \"tags\": [1, \"x\", null], \"m\": {\"k\": true}}, \"timestamp_ms\": 1000}",
        "",
        "{\"query\": \"MATCH (n) DELETE n\", \"timestamp_ms\": 2000}") + "\n");
  }

  /**
   * Archives dbbench writes itself verify, whatever their compression ratio: 24 entries carrying
   * 24 MB of repeated text, sealed at zstd level 3, are a body of a few KiB that expands
   * thousands of times (a fixed 256:1 rule refused it), and so is their compaction.
   */
  @Test
  void highlyCompressibleArchivesFromWriteAndCompactVerify() throws Exception {
    Path in = dir.resolve("big.jsonl");
    // 24 entries of 1 MB each (one JSON string may not exceed Jackson's 20 MB limit)
    String line = "{\"query\": \"CREATE (n:Blob {b: $b})\", \"params\": {\"b\": \"" + "x".repeat(1_000_000)
        + "\"}, \"timestamp_ms\": 1}\n";
    Files.writeString(in, line.repeat(24));
    Path sealed = dir.resolve("big.graphj");
    Run w = run("write", sealed.toString(), "--from", in.toString(), "--seal", "--zstd-level", "3");
    assertEquals(0, w.rc(), w.err());
    long stored = Files.size(sealed);
    assertTrue(stored < 24_000_000 / 1_000, "a body under 24 KB: " + stored);
    Run v = run("verify", sealed.toString());
    assertEquals(0, v.rc(), v.err());
    assertTrue(v.out().startsWith(sealed + ": OK (sealed, zstd 3, 24 entries"), v.out());
    Path compacted = dir.resolve("compacted.graphj");
    Run c = run("compact", compacted.toString(), sealed.toString(), "--zstd-level", "3");
    assertEquals(0, c.rc(), c.err());
    Run v2 = run("verify", compacted.toString());
    assertEquals(0, v2.rc(), v2.err());
  }

  @Test
  void writeSealedEncryptedThenInspect() throws Exception {
    Path out = dir.resolve("j.graphj");
    Run w = run("write", out.toString(), "--from", jsonl().toString(), "--seal", "--zstd-level", "3",
        "--key-hex", KEY_HEX, "--first-seq", "41");
    assertEquals(0, w.rc(), w.err());
    Run i = run("inspect", out.toString(), "--key-hex", KEY_HEX);
    assertEquals(0, i.rc(), i.err());
    List<String> lines = i.out().lines().toList();
    assertEquals(3, lines.size());
    JsonNode h = JSON.readTree(lines.get(0));
    assertTrue(h.get("sealed").asBoolean());
    assertTrue(h.get("encrypted").asBoolean());
    assertEquals("zstd", h.get("compression").asText());
    assertEquals(41, h.get("first_seq").asLong());
    assertEquals(42, h.get("last_seq").asLong());
    JsonNode e1 = JSON.readTree(lines.get(1));
    assertEquals(41, e1.get("sequence").asLong());
    assertEquals("a", e1.at("/params/id").asText());
    assertEquals(1.5, e1.at("/params/w").asDouble());
    assertEquals("x", e1.at("/params/tags/1").asText());
    assertTrue(e1.at("/params/tags/2").isNull());
    // graphd's JSON boundary: keys sorted, objects stored as compact JSON text.
    assertEquals(List.of("id", "m", "tags", "w"), iterator(e1.get("params").fieldNames()));
    assertEquals("{\"k\":true}", e1.at("/params/m").asText());
    assertEquals(1000, e1.get("timestamp_ms").asLong());
    assertEquals("0".repeat(64), e1.get("prev_hash").asText());
    JsonNode e2 = JSON.readTree(lines.get(2));
    assertEquals("MATCH (n) DELETE n", e2.get("query").asText());
    assertFalse(e2.get("prev_hash").asText().equals("0".repeat(64)));
    assertFalse(i.out().contains(KEY_HEX), "the key must never be printed");
  }

  static List<String> iterator(Iterator<String> it) {
    List<String> l = new ArrayList<>();
    it.forEachRemaining(l::add);
    return l;
  }

  @Test
  void verifyReportsEachFileAndFailsOnTheBadOne() throws Exception {
    Path good = GraphjTestFiles.live(dir, "good.graphj", 1, 3);
    byte[] bad = Files.readAllBytes(good);
    bad[bad.length - 3] ^= 1;
    Path broken = GraphjTestFiles.write(dir, "broken.graphj", bad);
    Path missing = dir.resolve("missing.graphj");
    Run v = run("verify", broken.toString(), missing.toString(), good.toString());
    assertEquals(1, v.rc());
    // OK lines on stdout, FAILED lines on stderr, and every file is checked in order.
    List<String> ok = v.out().lines().toList();
    assertEquals(1, ok.size(), v.out());
    assertTrue(ok.get(0).startsWith(good + ": OK (live, 3 entries"), ok.get(0));
    List<String> failed = v.err().lines().toList();
    assertEquals(2, failed.size(), v.err());
    assertTrue(failed.get(0).startsWith(broken + ": FAILED: ") && failed.get(0).contains("crc mismatch"), failed.get(0));
    assertEquals(missing + ": FAILED: no such file", failed.get(1));
  }

  @Test
  void compactThenVerify() throws Exception {
    byte[] all = GraphjTestFiles.rawEntries(1, 6);
    List<byte[]> seg = GraphjRoundTripTest.splitEntries(all, 3);
    Path a = GraphjTestFiles.write(dir, "a.wal", seg.get(0));
    Path b = GraphjTestFiles.write(dir, "b.graphj", GraphjRoundTripTest.concat(GraphjHeader.unsealed(4, 0).encode(), seg.get(1)));
    Path out = dir.resolve("c.graphj");
    Run c = run("compact", out.toString(), a.toString(), b.toString(), "--zstd-level", "19");
    assertEquals(0, c.rc(), c.err());
    assertTrue(c.out().contains("6 entries, sequences 1..6"), c.out());
    assertEquals(0, run("verify", out.toString()).rc());
  }

  @Test
  void badInputGetsOneLineAndNonZeroExit() throws Exception {
    Run missing = run("verify", dir.resolve("nope.graphj").toString());
    assertEquals(1, missing.rc());
    assertTrue(missing.err().contains("nope.graphj: FAILED: no such file"), missing.err());
    Run inspectMissing = run("inspect", dir.resolve("nope.graphj").toString());
    assertEquals(1, inspectMissing.rc());
    assertTrue(inspectMissing.err().contains("nope.graphj: no such file"), inspectMissing.err());

    Run shortKey = run("inspect", GraphjTestFiles.live(dir, "k.graphj", 1, 1).toString(), "--key-hex", "abcd");
    assertEquals(2, shortKey.rc());
    assertTrue(shortKey.err().contains("--key-hex must be 64 hex digits"), shortKey.err());

    Path enc = dir.resolve("e.graphj");
    assertEquals(0, run("write", enc.toString(), "--from", jsonl().toString(), "--seal", "--key-hex", KEY_HEX).rc());
    Run noKey = run("inspect", enc.toString());
    assertEquals(1, noKey.rc());
    assertTrue(noKey.err().contains("missing key"), noKey.err());
    assertEquals("", noKey.out(), "nothing is printed from a file that failed verification");

    Path notJson = Files.writeString(dir.resolve("bad.jsonl"), "{\"query\": \"X\"}\nnot json\n");
    Run w = run("write", dir.resolve("x.graphj").toString(), "--from", notJson.toString());
    assertEquals(1, w.rc());
    assertTrue(w.err().contains("bad.jsonl:2: not JSON"), w.err());
    assertFalse(Files.exists(dir.resolve("x.graphj")));

    Run unsealedLevel = run("write", dir.resolve("y.graphj").toString(), "--from", jsonl().toString(), "--zstd-level", "3");
    assertEquals(2, unsealedLevel.rc());
    assertTrue(unsealedLevel.err().contains("need --seal"), unsealedLevel.err());

    Run exists = run("write", enc.toString(), "--from", jsonl().toString());
    assertEquals(1, exists.rc());
    assertTrue(exists.err().contains("already exists"), exists.err());
  }
}
