package io.dbbench.graphj;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import com.google.protobuf.UnknownFieldSet;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32C;
import org.bouncycastle.crypto.modes.XChaCha20Poly1305;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.KeyParameter;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files written by dbbench, read back by an independent reading of the layout in the foundation
 * issue (byte offsets by hand, protobuf decoded field by field without the generated classes,
 * CRC32C and SHA-256 from the JDK, the AEAD from BouncyCastle directly, zstd by the {@code zstd}
 * command line where installed), not by dbbench's own reader.
 */
class GraphjIndependentReadTest {
  @TempDir
  Path dir;

  @Test
  void liveSegmentLayout() throws Exception {
    Path p = GraphjTestFiles.live(dir, "live.graphj", 7, 3);
    byte[] f = Files.readAllBytes(p);
    ByteBuffer b = ByteBuffer.wrap(f).order(ByteOrder.LITTLE_ENDIAN);
    assertEquals("GRAPHJ", new String(f, 0, 6, StandardCharsets.US_ASCII));
    assertEquals(0, f[6]);
    assertEquals(1, f[7]);
    assertHeaderFields(f, 0, 0, 0, 0, 7, 0, 0, 0); // flags: unsealed
    assertEquals(0, f[11]);
    assertArrayEquals(new byte[32], Arrays.copyOfRange(f, 48, 80));
    assertArrayEquals(new byte[24], Arrays.copyOfRange(f, 80, 104));
    assertEquals(1_700_000_000_000L, b.getLong(104));
    assertArrayEquals(new byte[16], Arrays.copyOfRange(f, 112, 128));
    checkEntries(f, 128, f.length, 7, 3);
  }

  @Test
  void sealedCompressedEncryptedLayout() throws Exception {
    byte[] raw = GraphjTestFiles.rawEntries(1, 12);
    byte[] nonce = GraphjTestFiles.nonce();
    byte[] f = GraphjCodec.seal(raw, 1, 12, 12, new GraphjCodec.SealOptions(true, 5, GraphjTestFiles.KEY),
        AeadProvider.JDK.create(), nonce, 55L).toBytes();
    ByteBuffer b = ByteBuffer.wrap(f).order(ByteOrder.LITTLE_ENDIAN);
    assertHeaderFields(f, 0x07, 1, 1, 5, 1, 12, 12, f.length - 128); // SEALED | ENCRYPTED | COMPRESSED
    byte[] body = Arrays.copyOfRange(f, 128, f.length);
    assertArrayEquals(MessageDigest.getInstance("SHA-256").digest(body), Arrays.copyOfRange(f, 48, 80));
    assertArrayEquals(nonce, Arrays.copyOfRange(f, 80, 104));
    assertEquals(55L, b.getLong(104));
    // Decrypt with BouncyCastle directly: AAD is the first 40 bytes of the header.
    XChaCha20Poly1305 c = new XChaCha20Poly1305();
    c.init(false, new AEADParameters(new KeyParameter(GraphjTestFiles.KEY), 128, nonce, Arrays.copyOf(f, 40)));
    byte[] compressed = new byte[c.getOutputSize(body.length)];
    int n = c.processBytes(body, 0, body.length, compressed, 0);
    n += c.doFinal(compressed, n);
    compressed = Arrays.copyOf(compressed, n);
    byte[] decoded = zstdCli(compressed);
    assertArrayEquals(raw, decoded);
    checkEntries(decoded, 0, decoded.length, 1, 12);
  }

  @Test
  void sealedInPlaceChecksumCoversRawBody() throws Exception {
    Path p = dir.resolve("s.graphj");
    try (JournalWriter w = JournalWriter.create(p, 1, false, 0)) {
      w.append("CREATE (:A {x: $x})", Map.of("x", 1L), 5);
      w.seal();
    }
    byte[] f = Files.readAllBytes(p);
    assertEquals(0x04, f[8]);
    assertArrayEquals(MessageDigest.getInstance("SHA-256").digest(Arrays.copyOfRange(f, 128, f.length)),
        Arrays.copyOfRange(f, 48, 80));
    checkEntries(f, 128, f.length, 1, 1);
  }

  /**
   * The header's fields from byte 8 to 47, read by hand (little-endian): flags (8), compression (9),
   * encryption (10), zstd level (12-15), first_seq (16), last_seq (24), entry_count (32), body_len (40).
   */
  private static void assertHeaderFields(byte[] f, int flags, int compression, int encryption, int zstdLevel,
      long firstSeq, long lastSeq, long entryCount, long bodyLen) {
    ByteBuffer b = ByteBuffer.wrap(f).order(ByteOrder.LITTLE_ENDIAN);
    assertEquals(flags, f[8], "flags");
    assertEquals(compression, f[9], "compression");
    assertEquals(encryption, f[10], "encryption");
    assertEquals(zstdLevel, b.getInt(12), "zstd level");
    assertEquals(firstSeq, b.getLong(16), "first_seq");
    assertEquals(lastSeq, b.getLong(24), "last_seq");
    assertEquals(entryCount, b.getLong(32), "entry_count");
    assertEquals(bodyLen, b.getLong(40), "body_len");
  }

  /** Walks frames by hand; checks CRC32C, chain and the protobuf fields against what was written. */
  private static void checkEntries(byte[] f, int from, int to, long firstSeq, int count) throws Exception {
    ByteBuffer b = ByteBuffer.wrap(f).order(ByteOrder.LITTLE_ENDIAN);
    byte[] prev = new byte[32];
    int p = from;
    for (int i = 0; i < count; i++) {
      int crc = b.getInt(p);
      int len = b.getInt(p + 4);
      long seq = b.getLong(p + 8);
      CRC32C c = new CRC32C();
      c.update(f, p + 4, 44 + len);
      assertEquals((int) c.getValue(), crc, "crc of entry " + i);
      assertEquals(firstSeq + i, seq);
      assertArrayEquals(prev, Arrays.copyOfRange(f, p + 16, p + 48), "prev_hash of entry " + i);
      byte[] payload = Arrays.copyOfRange(f, p + 48, p + 48 + len);
      UnknownFieldSet msg = UnknownFieldSet.parseFrom(payload);
      assertEquals(List.of(seq), msg.getField(1).getVarintList());
      String query = msg.getField(2).getLengthDelimitedList().get(0).toStringUtf8();
      if (query.startsWith("MERGE")) {
        assertEquals(GraphjTestFiles.query(i), query);
        assertEquals(List.of(1_700_000_000_000L + i), msg.getField(4).getVarintList());
        List<ByteString> params = msg.getField(3).getLengthDelimitedList();
        UnknownFieldSet first = UnknownFieldSet.parseFrom(params.get(0)); // MapEntry "id"
        assertEquals("id", first.getField(1).getLengthDelimitedList().get(0).toStringUtf8());
        UnknownFieldSet value = UnknownFieldSet.parseFrom(first.getField(2).getLengthDelimitedList().get(0));
        assertEquals("entity-" + i, value.getField(5).getLengthDelimitedList().get(0).toStringUtf8());
        UnknownFieldSet n = UnknownFieldSet.parseFrom(UnknownFieldSet.parseFrom(params.get(2)).getField(2).getLengthDelimitedList().get(0));
        assertEquals(List.of((long) i * 1_000_003L), n.getField(3).getVarintList()); // int_value
        UnknownFieldSet w = UnknownFieldSet.parseFrom(UnknownFieldSet.parseFrom(params.get(3)).getField(2).getLengthDelimitedList().get(0));
        assertEquals(List.of(Double.doubleToRawLongBits(i / 7.0)), w.getField(4).getFixed64List()); // float_value
        UnknownFieldSet nul = UnknownFieldSet.parseFrom(UnknownFieldSet.parseFrom(params.get(5)).getField(2).getLengthDelimitedList().get(0));
        assertTrue(nul.hasField(1), "null_value is field 1");
      }
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update(prev);
      sha.update(payload);
      prev = sha.digest();
      p += 48 + len;
    }
    assertEquals(to, p, "no trailing bytes");
  }

  private byte[] zstdCli(byte[] compressed) throws Exception {
    boolean have;
    try {
      have = new ProcessBuilder("zstd", "--version").start().waitFor(10, TimeUnit.SECONDS);
    } catch (IOException e) {
      have = false;
    }
    if (!have) {
      Assumptions.abort("the zstd command is not installed; cannot cross-check the zstd frame independently");
    }
    Path in = dir.resolve("body.zst");
    Path out = dir.resolve("body.raw");
    Files.write(in, compressed);
    Process pr = new ProcessBuilder("zstd", "-q", "-d", "-f", in.toString(), "-o", out.toString()).inheritIO().start();
    assertTrue(pr.waitFor(30, TimeUnit.SECONDS) && pr.exitValue() == 0, "zstd -d failed");
    return Files.readAllBytes(out);
  }
}
