package io.dbbench.graphj;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crafted GraphJ files: zstd frames that declare or expand to gigabytes, length
 * fields and counts no file can back, sequences at and above 2^63, a damaged magic. Each must
 * end in a {@link GraphjException} of the right kind, naming file, offset and limit, without
 * allocating what the file claims; the child-JVM test proves it under a 256 MB heap through the
 * {@code graphj verify} command, which must go on to the next file.
 */
class GraphjHostileInputTest {
  @TempDir
  Path dir;

  /** zstd frame magic, little-endian. */
  private static final byte[] ZSTD_MAGIC = {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD};

  /**
   * A zstd frame without a content size whose {@code blocks} RLE blocks of 128 KiB each expand
   * 4 bytes into 131,072 (RFC 8878 3.1.1: window descriptor 0x38 = 128 KiB window; block
   * header = size << 3 | type RLE (1) << 1 | last).
   */
  static byte[] rleBomb(int blocks) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(6 + blocks * 4);
    out.writeBytes(ZSTD_MAGIC);
    out.write(0x00); // no content size, not single-segment, no checksum, no dictionary
    out.write(0x38); // window 2^(10+7) = 128 KiB
    for (int i = 0; i < blocks; i++) {
      int h = (131_072 << 3) | (1 << 1) | (i == blocks - 1 ? 1 : 0);
      out.write(h & 0xff);
      out.write((h >>> 8) & 0xff);
      out.write((h >>> 16) & 0xff);
      out.write('A');
    }
    return out.toByteArray();
  }

  /** A single-segment zstd frame declaring {@code contentSize} bytes, with one 1-byte RLE block. */
  static byte[] declaredHuge(long contentSize) {
    ByteBuffer b = ByteBuffer.allocate(4 + 1 + 8 + 4).order(ByteOrder.LITTLE_ENDIAN);
    b.put(ZSTD_MAGIC).put((byte) 0xE0).putLong(contentSize); // FCS 8 bytes, single segment
    int h = (1 << 3) | (1 << 1) | 1;
    b.put((byte) h).put((byte) (h >>> 8)).put((byte) (h >>> 16)).put((byte) 'A');
    return b.array();
  }

  /** A sealed, compressed file around {@code body}, its checksum recomputed (no key is needed). */
  static byte[] sealedCompressed(byte[] body) {
    GraphjHeader h = new GraphjHeader(GraphjHeader.FLAG_SEALED | GraphjHeader.FLAG_COMPRESSED,
        GraphjHeader.COMPRESSION_ZSTD, GraphjHeader.ENCRYPTION_NONE, 3, 1, 1, 1, body.length,
        EntryCodec.sha256().digest(body), new byte[24], 0);
    return GraphjRoundTripTest.concat(h.encode(), body);
  }

  /** Chained frames with the given sequences (which need not be consecutive). */
  static byte[] entries(long... seqs) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] prev = new byte[32];
    var sha = EntryCodec.sha256();
    for (long s : seqs) {
      byte[] payload = EntryCodec.payload(s, "CREATE (n)", Map.of(), 0);
      out.writeBytes(EntryCodec.frame(s, prev, payload));
      prev = EntryCodec.chainHash(sha, prev, payload, 0, payload.length);
    }
    return out.toByteArray();
  }

  static GraphjException fails(GraphjException.Kind kind, byte[] file) {
    GraphjException e = assertThrows(GraphjException.class, () -> JournalReader.read(file, "crafted.graphj", null, null));
    assertEquals(kind, e.kind(), e.getMessage());
    assertTrue(e.getMessage().startsWith("crafted.graphj: "), e.getMessage());
    return e;
  }

  @Test
  void frameDeclaringMoreThanTheLimitIsRefusedBeforeAllocating() throws Exception {
    for (long declared : new long[] {Integer.MAX_VALUE - 100L, 1L << 40}) {
      byte[] file = sealedCompressed(declaredHuge(declared));
      GraphjException e = fails(GraphjException.Kind.LIMIT_EXCEEDED, file);
      assertEquals(GraphjHeader.SIZE, e.offset());
      assertTrue(e.getMessage().contains("declares a content size of " + declared), e.getMessage());
      assertTrue(e.getMessage().contains("limit for this body is "), e.getMessage());
      assertTrue(e.getMessage().contains("-Xmx"), e.getMessage());
    }
  }

  @Test
  void frameWithoutSizeStopsAtTheLimit() throws Exception {
    // 512 blocks: 2 KiB of frame, 64 MiB of output, streamed against a 16 MiB cap.
    try (RawBodyCap cap = RawBodyCap.set(16L << 20)) {
      byte[] file = sealedCompressed(rleBomb(512));
      GraphjException e = fails(GraphjException.Kind.LIMIT_EXCEEDED, file);
      assertTrue(e.getMessage().contains("expands past it"), e.getMessage());
      assertTrue(e.getMessage().contains("limit for this body is " + (16L << 20) + " bytes"), e.getMessage());
    }
  }

  /** {@link GraphjCodec#RAW_BODY_CAP_PROPERTY} set for a test, and its earlier value (or none) back on close. */
  private record RawBodyCap(String before) implements AutoCloseable {
    static RawBodyCap set(long bytes) {
      RawBodyCap c = new RawBodyCap(System.getProperty(GraphjCodec.RAW_BODY_CAP_PROPERTY));
      System.setProperty(GraphjCodec.RAW_BODY_CAP_PROPERTY, String.valueOf(bytes));
      return c;
    }

    @Override
    public void close() {
      if (before == null) {
        System.clearProperty(GraphjCodec.RAW_BODY_CAP_PROPERTY);
      } else {
        System.setProperty(GraphjCodec.RAW_BODY_CAP_PROPERTY, before);
      }
    }
  }

  @Test
  void limitIsTheCapOrAThirdOfTheFreeHeap() {
    long limit = GraphjCodec.rawBodyLimit();
    assertTrue(limit <= GraphjCodec.rawBodyCap(), limit + " above the cap");
    assertTrue(limit <= Math.max(1L << 20, Runtime.getRuntime().maxMemory() / GraphjCodec.HEAP_SHARE_DIVISOR),
        limit + " above a third of the heap " + Runtime.getRuntime().maxMemory());
    assertTrue(limit >= 1L << 20, "at least 1 MiB: " + limit);
  }

  @Test
  void theLimitAskedOnlyWhenNeededStillHoldsACapBelowTheFloor() throws Exception {
    // decompress(body, source) skips the heap for frames under min(cap, 1 MiB): with a 4 KiB cap,
    // a 10 KB frame is over that floor, so the limit is computed and the frame refused before decoding
    byte[] raw = new byte[10_000];
    java.util.Arrays.fill(raw, (byte) 'g');
    try (ZstdCodec reused = ZstdCodec.create(ZstdCodec.Context.REUSED)) {
      byte[] body = reused.compress(raw, 3);
      assertArrayEquals(raw, reused.decompress(body, "x"));
      try (RawBodyCap cap = RawBodyCap.set(4096)) {
        assertEquals(4096, GraphjCodec.rawBodyFloor());
        GraphjException e = assertThrows(GraphjException.class, () -> reused.decompress(body, "x"));
        assertEquals(GraphjException.Kind.LIMIT_EXCEEDED, e.kind());
        assertTrue(e.getMessage().contains("declares a content size of 10000"), e.getMessage());
        assertTrue(e.getMessage().contains("limit for this body is 4096 bytes"), e.getMessage());
      }
    }
  }

  @Test
  void aBodyWithinTheLimitStillDecodes() throws Exception {
    // 100 blocks = 12.5 MiB of 'A' from a 400-byte frame (a ratio of 30,000:1): bounded is not broken.
    byte[] raw = GraphjCodec.decompress(rleBomb(100), "x");
    assertEquals(100 * 131_072, raw.length);
    try (ZstdCodec reused = ZstdCodec.create(ZstdCodec.Context.REUSED)) {
      byte[] body = reused.compress(raw, 1);
      assertEquals(raw.length, reused.decompress(body, "x", GraphjCodec.rawBodyLimit()).length);
      GraphjException e = assertThrows(GraphjException.class, () -> reused.decompress(body, "x", raw.length - 1));
      assertEquals(GraphjException.Kind.LIMIT_EXCEEDED, e.kind());
    }
  }

  @Test
  void lengthFieldsAndCountsNoFileCanBack() throws Exception {
    byte[] sealed = GraphjCodec.seal(entries(1, 2), 1, 2, 2, GraphjCodec.SealOptions.raw(), null, null, 0).toBytes();
    byte[] bodyLen = sealed.clone();
    ByteBuffer.wrap(bodyLen).order(ByteOrder.LITTLE_ENDIAN).putLong(40, Long.MIN_VALUE); // 2^63
    GraphjException b = fails(GraphjException.Kind.TRUNCATED_BODY, bodyLen);
    assertTrue(b.getMessage().contains("body_len 9223372036854775808 but"), b.getMessage());
    byte[] count = sealed.clone();
    ByteBuffer.wrap(count).order(ByteOrder.LITTLE_ENDIAN).putLong(32, -1L); // 2^64-1 entries
    GraphjException c = fails(GraphjException.Kind.INCONSISTENT_HEADER, count);
    assertTrue(c.getMessage().contains("entry_count 18446744073709551615"), c.getMessage());
    byte[] payloadLen = entries(1, 2);
    ByteBuffer.wrap(payloadLen).order(ByteOrder.LITTLE_ENDIAN).putInt(4, -1); // 4 GiB payload
    GraphjException p = fails(GraphjException.Kind.PAYLOAD_LENGTH, payloadLen);
    assertTrue(p.getMessage().contains("payload_len 4294967295"), p.getMessage());
  }

  @Test
  void sequencesAreUnsigned64Bit() throws Exception {
    long two63 = Long.MIN_VALUE;
    JournalReader.GraphjFile f = JournalReader.read(entries(5, two63, two63 + 1), "x", null, null);
    assertEquals(3, f.entries().size());
    GraphjException down = fails(GraphjException.Kind.BAD_SEQUENCE, entries(two63 + 1, two63));
    assertTrue(down.getMessage().contains("sequence 9223372036854775808: sequence does not increase (previous 9223372036854775809)"),
        down.getMessage());
    fails(GraphjException.Kind.BAD_SEQUENCE, entries(two63, 5));

    Path a = GraphjTestFiles.write(dir, "a.wal", entries(two63 + 1));
    Path b = GraphjTestFiles.write(dir, "b.wal", entries(two63));
    GraphjException order = assertThrows(GraphjException.class,
        () -> Compaction.compact(List.of(a, b), dir.resolve("c.graphj"), null, GraphjCodec.SealOptions.raw(), null));
    assertEquals(GraphjException.Kind.BAD_SEQUENCE, order.kind(), order.getMessage());

    Path big = GraphjTestFiles.write(dir, "big.wal", entries(-2L, -1L + 0)); // 2^64-2 then 2^64-1
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    assertEquals(0, GraphjTool.run(new PrintWriter(out), new PrintWriter(err), "inspect", big.toString()), err.toString());
    assertTrue(out.toString().contains("\"sequence\":18446744073709551614"), out.toString());
    assertFalse(out.toString().contains("\"sequence\":-"), out.toString());
  }

  @Test
  void damagedMagicIsABadMagic() throws Exception {
    byte[] file = GraphjCodec.seal(entries(1, 2), 1, 2, 2, GraphjCodec.SealOptions.raw(), null, null, 0).toBytes();
    for (int i = 0; i < 6; i++) {
      byte[] bad = file.clone();
      bad[i] ^= 0x20;
      GraphjException e = fails(GraphjException.Kind.BAD_MAGIC, bad);
      assertEquals(0, e.offset());
    }
    // A legacy .wal is still a legacy .wal.
    assertTrue(JournalReader.read(entries(1, 2), "x", null, null).legacy());
  }

  /**
   * {@code graphj verify} in a child JVM with {@code -Xmx256m} over crafted files (a frame
   * declaring 2 GiB, a 128 KiB frame expanding to 4 GiB, a payload_len of 4 GiB) and one good
   * file after them: three FAILED lines naming the limit, one OK line, exit status 1, and no
   * OutOfMemoryError.
   */
  @Test
  void verifyUnder256MegabyteHeapGoesOnToTheNextFile() throws Exception {
    Path declared = GraphjTestFiles.write(dir, "declared.graphj", sealedCompressed(declaredHuge(Integer.MAX_VALUE - 100L)));
    Path bomb = GraphjTestFiles.write(dir, "bomb.graphj", sealedCompressed(rleBomb(32_768)));
    byte[] len = entries(1, 2);
    ByteBuffer.wrap(len).order(ByteOrder.LITTLE_ENDIAN).putInt(4, -1);
    Path length = GraphjTestFiles.write(dir, "length.wal", len);
    Path good = GraphjTestFiles.live(dir, "good.graphj", 1, 3);
    String java = ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    List<String> cmd = new ArrayList<>(List.of(java, "-Xmx256m", "--enable-native-access=ALL-UNNAMED",
        "-cp", System.getProperty("java.class.path"), GraphjTool.class.getName(), "verify",
        declared.toString(), bomb.toString(), length.toString(), good.toString()));
    Process p = new ProcessBuilder(cmd).redirectOutput(dir.resolve("out.txt").toFile())
        .redirectError(dir.resolve("err.txt").toFile()).start();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "child JVM did not finish in 60 s");
    String out = Files.readString(dir.resolve("out.txt"), StandardCharsets.UTF_8);
    String err = Files.readString(dir.resolve("err.txt"), StandardCharsets.UTF_8);
    assertEquals(1, p.exitValue(), out + err);
    assertFalse((out + err).contains("OutOfMemoryError"), err);
    List<String> failed = err.lines().filter(l -> l.contains(": FAILED: ")).toList();
    assertEquals(3, failed.size(), err);
    assertTrue(failed.get(0).startsWith(declared + ": FAILED: limit exceeded at offset 128"), failed.get(0));
    assertTrue(failed.get(1).startsWith(bomb + ": FAILED: limit exceeded at offset 128"), failed.get(1));
    assertTrue(failed.get(1).contains("expands past it"), failed.get(1));
    assertTrue(failed.get(2).startsWith(length + ": FAILED: payload length at offset 0"), failed.get(2));
    assertTrue(out.startsWith(good + ": OK (live, 3 entries"), out);
  }
}
