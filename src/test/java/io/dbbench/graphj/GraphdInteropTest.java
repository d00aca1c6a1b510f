package io.dbbench.graphj;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Byte compatibility with graphd: files written by graphd's own code (see
 * {@code src/test/resources/graphj/graphd/README.md}) read here with exactly the entries graphd
 * decoded, and {@code graphj write} encodes JSON lines to the same bytes graphd does.
 */
class GraphdInteropTest {
  private static final HexFormat HEX = HexFormat.of();
  private static final Path DIR = resource("graphj/graphd");

  @TempDir
  Path tmp;

  static Path resource(String name) {
    try {
      return Path.of(GraphdInteropTest.class.getClassLoader().getResource(name).toURI());
    } catch (Exception e) {
      throw new IllegalStateException("missing test resource " + name, e);
    }
  }

  @TestFactory
  Stream<DynamicTest> everyGraphdFileReadsWithTheEntriesGraphdDecoded() throws Exception {
    JsonNode expected = new ObjectMapper().readTree(DIR.resolve("expected.json").toFile());
    byte[] key = HEX.parseHex(expected.get("key_hex").asText());
    List<DynamicTest> tests = new ArrayList<>();
    expected.get("files").fields().forEachRemaining(f -> tests.add(DynamicTest.dynamicTest(f.getKey(), () -> {
      JsonNode exp = f.getValue();
      Path file = DIR.resolve(f.getKey());
      int torn = exp.get("torn_tail").asInt();
      if (torn > 0) {
        GraphjException strict = assertThrows(GraphjException.class, () -> JournalReader.read(file, key));
        assertTrue(strict.getMessage().contains("torn"), strict.getMessage());
      }
      JournalReader.GraphjFile got = JournalReader.read(file, key, true);
      assertEquals(torn, got.tornTail());
      assertEquals(exp.get("format").asText().equals("legacy_wal"), got.legacy());
      if (!got.legacy()) {
        assertArrayEquals(HEX.parseHex(exp.get("header_hex").asText()), got.header().encode(), "header re-encodes to graphd's bytes");
      }
      JsonNode entries = exp.get("entries");
      assertEquals(entries.size(), got.entries().size());
      for (int i = 0; i < entries.size(); i++) {
        JsonNode e = entries.get(i);
        JournalEntry g = got.entries().get(i);
        assertEquals(e.get("sequence").asLong(), g.sequence());
        assertEquals(e.get("query").asText(), g.query());
        assertEquals(e.get("timestamp_ms").asLong(), g.timestampMs());
        assertEquals(e.get("prev_hash").asText(), HEX.formatHex(g.prevHash()));
        // Decoded values re-encode to graphd's exact payload: types, order and bits preserved.
        assertEquals(e.get("payload_hex").asText(),
            HEX.formatHex(EntryCodec.payload(g.sequence(), g.query(), g.params(), g.timestampMs())), "entry " + i);
      }
      assertEquals(exp.get("last_chain_hash").asText(), HEX.formatHex(got.lastHash()));
      if (torn == 0) {
        assertEquals(exp.get("raw_entries_sha256").asText(), HEX.formatHex(EntryCodec.sha256().digest(got.rawEntries())));
        // every AEAD provider that runs here decrypts graphd's bytes to the same entries
        for (AeadProvider p : AeadProvider.values()) {
          if (p.unavailableReason().isEmpty()) {
            JournalReader.GraphjFile by = JournalReader.read(Files.readAllBytes(file), f.getKey(), key, p.create());
            assertArrayEquals(got.rawEntries(), by.rawEntries(), p.id() + " read " + f.getKey());
          }
        }
      }
    })));
    return tests.stream();
  }

  @Test
  void writeEncodesJsonLinesToGraphdsBytes() throws Exception {
    for (String name : List.of("a", "maps", "unsorted", "bigint")) {
      Path out = tmp.resolve(name + ".graphj");
      StringWriter err = new StringWriter();
      int rc = GraphjTool.run(new PrintWriter(new StringWriter()), new PrintWriter(err),
          "write", out.toString(), "--from", DIR.resolve("jsonl/" + name + ".jsonl").toString());
      assertEquals(0, rc, err.toString());
      byte[] ours = JournalReader.read(out, null).rawEntries();
      byte[] graphd = JournalReader.read(DIR.resolve("jsonl/g-" + name + ".graphj"), null).rawEntries();
      assertEquals(HEX.formatHex(graphd), HEX.formatHex(ours), name + ".jsonl");
    }
  }

  @Test
  void compactionOfTornInputsDropsTheTailAndRefusesABrokenChain() throws Exception {
    Path out = tmp.resolve("c.graphj");
    Path torn = DIR.resolve("live-torn-tail.graphj");
    assertThrows(GraphjException.class, () -> Compaction.compact(List.of(torn), out, null,
        GraphjCodec.SealOptions.raw(), null));
    GraphjHeader h = Compaction.compact(List.of(torn, DIR.resolve("legacy.wal")), out, null,
        new GraphjCodec.SealOptions(true, 3, null), null, true);
    assertEquals(8, h.entryCount());
    assertEquals(8, JournalReader.read(out, null).entries().size());
    // live.graphj followed by itself's sealed copy: sequences repeat, and the chain would not continue.
    GraphjException e = assertThrows(GraphjException.class, () -> Compaction.compact(
        List.of(DIR.resolve("legacy.wal"), DIR.resolve("writer-journal-0000000000000001.graphj")), tmp.resolve("x.graphj"),
        null, GraphjCodec.SealOptions.raw(), null));
    assertTrue(e.kind() == GraphjException.Kind.BAD_SEQUENCE || e.kind() == GraphjException.Kind.CHAIN_BROKEN, e.getMessage());
    assertTrue(Files.notExists(tmp.resolve("x.graphj")));
  }

  /**
   * dbbench's compaction of graphd's live segment and legacy WAL at zstd level 3 stores graphd's body
   * byte for byte (the zstd frame graphd's compact() writes with zstd::encode_all: no content size),
   * so the header's body checksum is graphd's too; only created_ms differs.
   */
  @Test
  void compactionStoresGraphdsCompressedBodyByteForByte() throws Exception {
    byte[] graphd = Files.readAllBytes(DIR.resolve("compact-zstd.graphj"));
    GraphjHeader theirs = GraphjHeader.decode(graphd, 0, graphd.length, "compact-zstd.graphj");
    Path out = tmp.resolve("compact-zstd.graphj");
    GraphjHeader ours = Compaction.compact(List.of(DIR.resolve("live.graphj"), DIR.resolve("legacy.wal")), out, null,
        new GraphjCodec.SealOptions(true, theirs.zstdLevel(), null), null);
    byte[] mine = Files.readAllBytes(out);
        assertEquals(HEX.formatHex(graphd, GraphjHeader.SIZE, graphd.length),
        HEX.formatHex(mine, GraphjHeader.SIZE, mine.length));
    assertEquals(HEX.formatHex(theirs.bodySha256()), HEX.formatHex(ours.bodySha256()));
  }
}
