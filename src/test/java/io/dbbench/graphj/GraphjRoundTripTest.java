package io.dbbench.graphj;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Round trips for every GraphJ file kind and flag combination, and every verification failure. */
class GraphjRoundTripTest {
  @TempDir
  Path dir;

  static Stream<Arguments> sealCombinations() {
    return Stream.of(
        Arguments.of(false, 0, false, AeadProvider.JDK),
        Arguments.of(true, 1, false, AeadProvider.JDK),
        Arguments.of(true, 3, false, AeadProvider.JDK),
        Arguments.of(true, 22, false, AeadProvider.JDK),
        Arguments.of(false, 0, true, AeadProvider.JDK),
        Arguments.of(false, 0, true, AeadProvider.BC),
        Arguments.of(true, 3, true, AeadProvider.JDK),
        Arguments.of(true, 3, true, AeadProvider.BC),
        Arguments.of(true, 3, true, AeadProvider.CONSCRYPT),
        Arguments.of(false, 0, true, AeadProvider.LIBCRYPTO),
        Arguments.of(true, 3, true, AeadProvider.LIBCRYPTO));
  }

  @ParameterizedTest(name = "compress={0} level={1} encrypt={2} {3}")
  @MethodSource("sealCombinations")
  void sealedArchiveRoundTrips(boolean compress, int level, boolean encrypt, AeadProvider p) throws Exception {
    AeadTest.assumeAvailable(p);
    byte[] raw = GraphjTestFiles.rawEntries(10, 25);
    byte[] key = encrypt ? GraphjTestFiles.KEY : null;
    GraphjCodec.SealedFile s = GraphjCodec.seal(raw, 10, 34, 25,
        new GraphjCodec.SealOptions(compress, level, key), p.create(), GraphjTestFiles.nonce(), 123L);
    GraphjHeader h = s.header();
    assertEquals(GraphjHeader.FLAG_SEALED | (compress ? GraphjHeader.FLAG_COMPRESSED : 0)
        | (encrypt ? GraphjHeader.FLAG_ENCRYPTED : 0), h.flags());
    assertEquals(compress ? level : 0, h.zstdLevel());
    assertEquals(s.body().length, h.bodyLen());
    if (!compress && !encrypt) {
      assertArrayEquals(raw, s.body());
    }
    // Decode with the other provider to show the file does not depend on who wrote it.
    AeadProvider reader = p == AeadProvider.JDK ? AeadProvider.BC : AeadProvider.JDK;
    JournalReader.GraphjFile f = JournalReader.read(s.toBytes(), "mem", key, reader.create());
    assertArrayEquals(raw, f.rawEntries());
    assertEquals(25, f.entries().size());
    assertEquals(10, f.entries().get(0).sequence());
    assertEquals(34, f.entries().get(24).sequence());
    assertEquals(GraphjTestFiles.params(3), f.entries().get(3).params());
    assertEquals(GraphjTestFiles.query(24), f.entries().get(24).query());
    assertEquals(1_700_000_000_000L + 5, f.entries().get(5).timestampMs());
    assertArrayEquals(new byte[32], f.entries().get(0).prevHash());
  }

  @ParameterizedTest
  @org.junit.jupiter.params.provider.EnumSource(AeadProvider.class)
  void anArchiveSealedByTheJdkProviderReadsWithEveryProvider(AeadProvider reader) throws Exception {
    AeadTest.assumeAvailable(reader);
    byte[] raw = GraphjTestFiles.rawEntries(1, 40);
    GraphjCodec.SealedFile s = GraphjCodec.seal(raw, 1, 40, 40,
        new GraphjCodec.SealOptions(true, 3, GraphjTestFiles.KEY), AeadProvider.JDK.create(), GraphjTestFiles.nonce(), 7L);
    JournalReader.GraphjFile f = JournalReader.read(s.toBytes(), "mem", GraphjTestFiles.KEY, reader.create());
    assertArrayEquals(raw, f.rawEntries());
    assertEquals(40, f.entries().size());
  }

  @Test
  void liveSegmentThenSealInPlace() throws Exception {
    Path p = dir.resolve("live.graphj");
    try (JournalWriter w = JournalWriter.create(p, 1, true, 42L)) {
      for (int i = 0; i < 5; i++) {
        assertEquals(i + 1, w.append(GraphjTestFiles.query(i), GraphjTestFiles.params(i), i));
      }
      JournalReader.GraphjFile live = JournalReader.read(p, null);
      assertFalse(live.header().sealed());
      assertEquals(5, live.entries().size());
      assertArrayEquals(w.chainHash(), live.lastHash());
      GraphjHeader h = w.seal();
      assertTrue(h.sealed());
      assertEquals(1, h.firstSeq());
      assertEquals(5, h.lastSeq());
      assertEquals(5, h.entryCount());
      assertEquals(Files.size(p) - 128, h.bodyLen());
      assertThrows(IllegalStateException.class, () -> w.append("CREATE ()", null, 0));
    }
    JournalReader.GraphjFile sealed = JournalReader.read(p, null);
    assertEquals(5, sealed.entries().size());
    assertEquals(42L, sealed.header().createdMs());
  }

  @Test
  void legacyWalReadsFromOffsetZero() throws Exception {
    Path wal = GraphjTestFiles.write(dir, "old.wal", GraphjTestFiles.rawEntries(100, 4));
    JournalReader.GraphjFile f = JournalReader.read(wal, null);
    assertTrue(f.legacy());
    assertEquals(List.of(100L, 101L, 102L, 103L), f.entries().stream().map(JournalEntry::sequence).toList());
  }

  @Test
  void compactionMergesEveryKindOfInput() throws Exception {
    byte[] all = GraphjTestFiles.rawEntries(1, 20);
    // Split one continuous chain into 4 segments of 5 entries, each in a different container.
    List<byte[]> seg = splitEntries(all, 5);
    Path wal = GraphjTestFiles.write(dir, "a.wal", seg.get(0));
    byte[] liveBytes = concat(GraphjHeader.unsealed(6, 0).encode(), seg.get(1));
    Path live = GraphjTestFiles.write(dir, "b.graphj", liveBytes);
    Path sealedZstd = GraphjTestFiles.write(dir, "c.graphj", GraphjCodec.seal(seg.get(2), 11, 15, 5,
        new GraphjCodec.SealOptions(true, 3, null), null, null, 0).toBytes());
    Path sealedEnc = GraphjTestFiles.write(dir, "d.graphj", GraphjCodec.seal(seg.get(3), 16, 20, 5,
        new GraphjCodec.SealOptions(true, 9, GraphjTestFiles.KEY), AeadProvider.BC.create(), GraphjTestFiles.nonce(), 0).toBytes());
    Path out = dir.resolve("archive.graphj");
    GraphjHeader h = Compaction.compact(List.of(wal, live, sealedZstd, sealedEnc), out, GraphjTestFiles.KEY,
        new GraphjCodec.SealOptions(true, 3, GraphjTestFiles.KEY), AeadProvider.JDK.create());
    assertEquals(1, h.firstSeq());
    assertEquals(20, h.lastSeq());
    assertEquals(20, h.entryCount());
    JournalReader.GraphjFile f = JournalReader.read(out, GraphjTestFiles.KEY);
    assertArrayEquals(all, f.rawEntries());
    assertThrows(GraphjException.class, () -> JournalReader.read(out, null));
  }

  @Test
  void compactionRefusesOutOfOrderInputsAndWritesNothing() throws Exception {
    Path a = GraphjTestFiles.write(dir, "a.wal", GraphjTestFiles.rawEntries(10, 2));
    Path b = GraphjTestFiles.write(dir, "b.wal", GraphjTestFiles.rawEntries(1, 2));
    Path out = dir.resolve("out.graphj");
    GraphjException e = assertThrows(GraphjException.class, () -> Compaction.compact(List.of(a, b), out, null,
        GraphjCodec.SealOptions.raw(), null));
    assertEquals(GraphjException.Kind.BAD_SEQUENCE, e.kind());
    assertFalse(Files.exists(out));
  }

  // ---- verification failures ----

  private byte[] encryptedFile() throws Exception {
    return GraphjCodec.seal(GraphjTestFiles.rawEntries(1, 3), 1, 3, 3,
        new GraphjCodec.SealOptions(true, 3, GraphjTestFiles.KEY), AeadProvider.JDK.create(), GraphjTestFiles.nonce(), 9L).toBytes();
  }

  @Test
  void everyTamperedByteOfAadBodyAndTagIsDetected() throws Exception {
    byte[] file = encryptedFile();
    for (int i = 0; i < file.length; i++) {
      if (i >= GraphjHeader.AAD_LEN && i < GraphjHeader.SIZE) {
        continue; // body_len, checksum, nonce, created_ms, reserved: covered below
      }
      byte[] t = file.clone();
      t[i] ^= 0x01;
      int at = i;
      assertThrows(GraphjException.class, () -> JournalReader.read(t, "t", GraphjTestFiles.KEY, AeadProvider.JDK.create()),
          (at < 40 ? "AAD" : at < file.length - 16 ? "body" : "tag") + " byte " + at);
    }
    // Body and tag altered with the checksum recomputed: only the AEAD can notice.
    for (int i = GraphjHeader.SIZE; i < file.length; i++) {
      byte[] t = file.clone();
      t[i] ^= 0x01;
      byte[] sha = EntryCodec.sha256().digest(Arrays.copyOfRange(t, 128, t.length));
      System.arraycopy(sha, 0, t, 48, 32);
      GraphjException e = assertThrows(GraphjException.class,
          () -> JournalReader.read(t, "t", GraphjTestFiles.KEY, AeadProvider.BC.create()));
      assertEquals(GraphjException.Kind.AUTHENTICATION_FAILED, e.kind(), "byte " + i);
    }
    // AAD bytes that keep the header well-formed (sequences, counts, level) with checksum intact.
    for (int i = 12; i < GraphjHeader.AAD_LEN; i++) {
      byte[] t = file.clone();
      t[i] ^= 0x01;
      GraphjException e = assertThrows(GraphjException.class,
          () -> JournalReader.read(t, "t", GraphjTestFiles.KEY, AeadProvider.JDK.create()));
      assertEquals(GraphjException.Kind.AUTHENTICATION_FAILED, e.kind(), "AAD byte " + i);
    }
  }

  @Test
  void wrongOrMissingKey() throws Exception {
    byte[] file = encryptedFile();
    byte[] wrong = GraphjTestFiles.KEY.clone();
    wrong[0] ^= 1;
    assertEquals(GraphjException.Kind.AUTHENTICATION_FAILED,
        assertThrows(GraphjException.class, () -> JournalReader.read(file, "f", wrong, AeadProvider.JDK.create())).kind());
    GraphjException missing = assertThrows(GraphjException.class, () -> JournalReader.read(file, "f.graphj", null, AeadProvider.JDK.create()));
    assertEquals(GraphjException.Kind.MISSING_KEY, missing.kind());
    assertTrue(missing.getMessage().startsWith("f.graphj: "), missing.getMessage());
  }

  @Test
  void headerFailures() throws Exception {
    byte[] file = GraphjCodec.seal(GraphjTestFiles.rawEntries(1, 2), 1, 2, 2, GraphjCodec.SealOptions.raw(), null, null, 0).toBytes();
    assertKind(GraphjException.Kind.BAD_MAGIC, () -> GraphjHeader.decode(new byte[128], 0, 128, "x"));
    assertKind(GraphjException.Kind.TRUNCATED_HEADER, () -> JournalReader.read(Arrays.copyOf(file, 100), "x", null, null));
    byte[] v = file.clone();
    v[7] = 2;
    assertKind(GraphjException.Kind.UNSUPPORTED_VERSION, () -> JournalReader.read(v, "x", null, null));
    byte[] c = file.clone();
    c[9] = 7;
    assertKind(GraphjException.Kind.UNKNOWN_ALGORITHM, () -> JournalReader.read(c, "x", null, null));
    byte[] e = file.clone();
    e[10] = 9;
    assertKind(GraphjException.Kind.UNKNOWN_ALGORITHM, () -> JournalReader.read(e, "x", null, null));
    byte[] count = file.clone();
    count[32] = 3; // entry_count 3, body holds 2
    assertKind(GraphjException.Kind.INCONSISTENT_HEADER, () -> JournalReader.read(count, "x", null, null));
  }

  @Test
  void bodyFailures() throws Exception {
    byte[] file = GraphjCodec.seal(GraphjTestFiles.rawEntries(1, 2), 1, 2, 2, GraphjCodec.SealOptions.raw(), null, null, 0).toBytes();
    assertKind(GraphjException.Kind.TRUNCATED_BODY, () -> JournalReader.read(Arrays.copyOf(file, file.length - 1), "x", null, null));
    byte[] sum = file.clone();
    sum[60] ^= 1;
    assertKind(GraphjException.Kind.BODY_CHECKSUM_MISMATCH, () -> JournalReader.read(sum, "x", null, null));
    // A zstd body that is not zstd, checksum recomputed so only zstd can complain.
    byte[] junk = "this is not a zstd frame at all".getBytes();
    GraphjHeader h = new GraphjHeader(GraphjHeader.FLAG_SEALED | GraphjHeader.FLAG_COMPRESSED, 1, 0, 3, 1, 2, 2,
        junk.length, EntryCodec.sha256().digest(junk), new byte[24], 0);
    assertKind(GraphjException.Kind.DECOMPRESSION_FAILED, () -> JournalReader.read(concat(h.encode(), junk), "x", null, null));
  }

  @Test
  void entryFailures() throws Exception {
    byte[] raw = GraphjTestFiles.rawEntries(1, 3);
    int second = 48 + ByteBuffer.wrap(raw, 4, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    assertKind(GraphjException.Kind.TRUNCATED_ENTRY, () -> JournalReader.read(Arrays.copyOf(raw, second + 20), "x", null, null));
    assertKind(GraphjException.Kind.PAYLOAD_LENGTH, () -> JournalReader.read(Arrays.copyOf(raw, raw.length - 1), "x", null, null));
    byte[] crc = raw.clone();
    crc[second + 60] ^= 1;
    GraphjException ce = assertKind(GraphjException.Kind.CRC_MISMATCH, () -> JournalReader.read(crc, "x", null, null));
    assertEquals(second, ce.offset());
    assertEquals(2, ce.sequence());
    // Break the chain: change entry 2's prev_hash and fix its CRC so only the chain check sees it.
    byte[] chain = raw.clone();
    chain[second + 20] ^= 1;
    CRC32C c = new CRC32C();
    int len2 = ByteBuffer.wrap(chain, second + 4, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    c.update(chain, second + 4, 44 + len2);
    ByteBuffer.wrap(chain, second, 4).order(ByteOrder.LITTLE_ENDIAN).putInt((int) c.getValue());
    assertKind(GraphjException.Kind.CHAIN_BROKEN, () -> JournalReader.read(chain, "x", null, null));
    byte[] big = raw.clone();
    ByteBuffer.wrap(big, 4, 4).order(ByteOrder.LITTLE_ENDIAN).putInt(-1);
    assertKind(GraphjException.Kind.PAYLOAD_LENGTH, () -> JournalReader.read(big, "x", null, null));
  }

  @Test
  void decompressesFramesWithoutContentSize() throws Exception {
    byte[] raw = GraphjTestFiles.rawEntries(1, 10);
    ByteArrayOutputStream bos = new ByteArrayOutputStream();
    try (var z = new com.github.luben.zstd.ZstdOutputStreamNoFinalizer(bos, 3)) {
      z.write(raw); // streaming: the frame header carries no content size, like Rust's zstd::encode_all
    }
    byte[] body = bos.toByteArray();
    assertTrue(com.github.luben.zstd.Zstd.getFrameContentSize(body, 0, body.length) < 0, "frame should carry no content size");
    assertArrayEquals(raw, GraphjCodec.decompress(body, "stream"));
  }

  @Test
  void parameterTypesOutsideGraphValueAreRefusedWithTheirName() throws Exception {
    try (JournalWriter w = JournalWriter.create(dir.resolve("p.graphj"), 1, false)) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> w.append("CREATE ()", Map.of("when", Instant.EPOCH), 0));
      assertTrue(e.getMessage().contains("java.time.Instant"), e.getMessage());
      assertEquals(0, w.entryCount());
    }
    assertNotNull(JournalReader.read(dir.resolve("p.graphj"), null));
  }

  static GraphjException assertKind(GraphjException.Kind k, org.junit.jupiter.api.function.Executable ex) {
    GraphjException e = assertThrows(GraphjException.class, ex);
    assertEquals(k, e.kind(), e.getMessage());
    return e;
  }

  static List<byte[]> splitEntries(byte[] raw, int per) {
    List<byte[]> out = new ArrayList<>();
    int p = 0;
    int start = 0;
    int n = 0;
    while (p < raw.length) {
      int len = ByteBuffer.wrap(raw, p + 4, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
      p += 48 + len;
      if (++n == per) {
        out.add(Arrays.copyOfRange(raw, start, p));
        start = p;
        n = 0;
      }
    }
    if (start < raw.length) {
      out.add(Arrays.copyOfRange(raw, start, raw.length));
    }
    return out;
  }

  static byte[] concat(byte[] a, byte[] b) {
    byte[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
