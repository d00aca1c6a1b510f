package io.dbbench.graphj;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdOutputStreamNoFinalizer;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link ZstdCodec}: {@code perCall} writes graphd's frames (the Rust crate's {@code zstd::encode_all},
 * whose frames are committed under {@code graphd/encode-all/}), the one-shot forms declare the size,
 * and every form decodes every frame; {@link ZstdCodec#decompressInto} into the caller's buffer.
 */
class ZstdCodecTest {
  private static final byte[] RAW = GraphjCorpus.tenKilobytes(GraphjCorpus.Kind.TEXT, GraphjCorpus.SEED);

  @ParameterizedTest
  @EnumSource(ZstdCodec.Context.class)
  void decodesIntoTheCallersBufferAgainAndAgain(ZstdCodec.Context context) throws Exception {
    try (ZstdCodec codec = ZstdCodec.create(context)) {
      byte[] body = codec.compress(RAW, 3);
      byte[] out = new byte[RAW.length + 100];
      for (int i = 0; i < 3; i++) {
        Arrays.fill(out, (byte) 0x5a);
        assertEquals(RAW.length, codec.decompressInto(body, out, "x"));
        assertArrayEquals(RAW, Arrays.copyOf(out, RAW.length));
      }
    }
  }

  @ParameterizedTest
  @EnumSource(ZstdCodec.Context.class)
  void decodesFramesWithoutADeclaredSize(ZstdCodec.Context context) throws Exception {
    byte[] body = streamed(RAW);
    assertEquals(-1L, Zstd.getFrameContentSize(body, 0, body.length),
        "no declared size (ZSTD_CONTENTSIZE_UNKNOWN), as graphd writes");
    try (ZstdCodec codec = ZstdCodec.create(context)) {
      byte[] out = new byte[RAW.length];
      assertEquals(RAW.length, codec.decompressInto(body, out, "x"));
      assertArrayEquals(RAW, out);
      GraphjException e = assertThrows(GraphjException.class, () -> codec.decompressInto(body, new byte[RAW.length - 1], "y"));
      assertEquals(GraphjException.Kind.LIMIT_EXCEEDED, e.kind());
      assertTrue(e.getMessage().contains("decode to more than the output buffer's " + (RAW.length - 1) + " bytes"),
          e.getMessage());
    }
  }

  @ParameterizedTest
  @EnumSource(ZstdCodec.Context.class)
  void refusesADeclaredSizeAboveTheBufferBeforeDecoding(ZstdCodec.Context context) throws Exception {
    try (ZstdCodec codec = ZstdCodec.create(context); ZstdCodec sizing = ZstdCodec.create(ZstdCodec.Context.ONE_SHOT)) {
      byte[] body = sizing.compress(RAW, 1);
      byte[] out = new byte[100];
      GraphjException e = assertThrows(GraphjException.class, () -> codec.decompressInto(body, out, "small.graphj"));
      assertEquals(GraphjException.Kind.LIMIT_EXCEEDED, e.kind());
      assertTrue(e.getMessage().contains("declares a content size of " + RAW.length + " bytes, more than the output"
          + " buffer's 100 bytes"), e.getMessage());
      assertTrue(e.getMessage().contains("small.graphj"), e.getMessage());
      assertEquals(0, out[0], "nothing decoded");
    }
  }

  @ParameterizedTest
  @EnumSource(ZstdCodec.Context.class)
  void reportsCorruptFramesAsDecompressionFailures(ZstdCodec.Context context) throws Exception {
    try (ZstdCodec codec = ZstdCodec.create(context)) {
      byte[] body = codec.compress(RAW, 3);
      byte[] bad = Arrays.copyOf(body, body.length / 2);
      GraphjException e = assertThrows(GraphjException.class, () -> codec.decompressInto(bad, new byte[RAW.length], "x"));
      assertEquals(GraphjException.Kind.DECOMPRESSION_FAILED, e.kind());
      GraphjException g = assertThrows(GraphjException.class,
          () -> codec.decompressInto(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}, new byte[64], "x"));
      assertEquals(GraphjException.Kind.DECOMPRESSION_FAILED, g.kind());
      // the reused context still works after an error
      byte[] out = new byte[RAW.length];
      assertEquals(RAW.length, codec.decompressInto(body, out, "x"));
      assertArrayEquals(RAW, out);
    }
  }

  /**
   * The one-shot forms: graphd's parameters give graphd's blocks at levels 1 to 4 (the header
   * differs: it declares the size); from level 5 zstd picks its match finder from the window before
   * fitting it to the known size, so the bytes may differ there. They still decode to the input.
   */
  @ParameterizedTest
  @EnumSource(value = ZstdCodec.Context.class, names = {"ONE_SHOT", "REUSED"})
  void oneShotFormsDeclareTheSizeAndKeepGraphdsBlocksAtLevelsOneToFour(ZstdCodec.Context context) throws Exception {
    try (ZstdCodec codec = ZstdCodec.create(context)) {
      for (int level = 1; level <= 22; level++) {
        byte[] ours = codec.compress(RAW, level);
        if (level <= 4) {
          assertArrayEquals(blocks(streamed(RAW, level)), blocks(ours), "level " + level + ": blocks differ from a stream of unknown size");
        }
        assertEquals(RAW.length, Zstd.getFrameContentSize(ours, 0, ours.length), "the one-shot frame declares the size");
        assertTrue(declaresContentSize(ours), "Frame_Content_Size_flag or Single_Segment_flag set");
        assertArrayEquals(RAW, codec.decompress(ours, "level " + level));
      }
    }
  }

  /**
   * {@code perCall} is graphd's call: at every level its frame is, byte for byte, the frame the Rust
   * crate's {@code zstd::encode_all} wrote for graphd's {@code compression_levels} input (the rule's
   * source: graphd 7628b1d {@code benches/graphj_bench.rs} and {@code seal_segment} call
   * {@code encode_all}; the fixtures were written by zstd 0.13.3 / zstd-sys 2.0.16+zstd.1.5.7 as
   * graphd's Cargo.lock pins them, see {@code graphd/README.md}). The header declares no content size.
   */
  @org.junit.jupiter.api.Test
  void perCallWritesTheFramesOfTheRustCratesEncodeAllAtEveryLevel() throws Exception {
    java.nio.file.Path dir = java.nio.file.Path.of("src/test/resources/graphj/graphd/encode-all");
    byte[] input = java.nio.file.Files.readAllBytes(dir.resolve("input.txt"));
    assertArrayEquals(GraphjCorpus.text(100), input, "graphd's generate_cypher_queries(100) is GraphjCorpus.text(100)");
    try (ZstdCodec codec = ZstdCodec.create(ZstdCodec.Context.PER_CALL)) {
      for (int level = 1; level <= 22; level++) {
        byte[] rust = java.nio.file.Files.readAllBytes(dir.resolve(String.format("encode_all-level-%02d.zst", level)));
        byte[] ours = codec.compress(input, level);
        assertArrayEquals(rust, ours, "level " + level + ": perCall's frame differs from zstd::encode_all's");
        assertEquals(-1L, Zstd.getFrameContentSize(ours, 0, ours.length), "ZSTD_CONTENTSIZE_UNKNOWN at level " + level);
        assertTrue(!declaresContentSize(ours), "no Frame_Content_Size field at level " + level);
        for (ZstdCodec.Context other : ZstdCodec.Context.values()) {
          try (ZstdCodec d = ZstdCodec.create(other)) {
            assertArrayEquals(input, d.decompress(rust, "rust level " + level), other + " decodes level " + level);
          }
        }
      }
    }
  }

  /** graphd's own sealed segment (its journal writer, level 3): perCall writes its body again byte for byte. */
  @org.junit.jupiter.api.Test
  void perCallRewritesGraphdsSealedSegmentBodyByteForByte() throws Exception {
    byte[] file = java.nio.file.Files.readAllBytes(
        java.nio.file.Path.of("src/test/resources/graphj/graphd/writer-journal-0000000000000005.graphj"));
    GraphjHeader h = GraphjHeader.decode(file, 0, file.length, "writer-journal-5");
    byte[] body = Arrays.copyOfRange(file, GraphjHeader.SIZE, GraphjHeader.SIZE + (int) h.bodyLen());
    try (ZstdCodec codec = ZstdCodec.create(ZstdCodec.Context.PER_CALL)) {
      byte[] raw = codec.decompress(body, "writer-journal-5");
      assertArrayEquals(body, codec.compress(raw, h.zstdLevel()), "the whole frame, header included");
      assertArrayEquals(body, GraphjCodec.compress(raw, h.zstdLevel()), "GraphjCodec compresses as graphd does");
    }
  }

  /** The zstd CLI decodes every form's frames; only the one-shot forms' frames state their size ({@code zstd -lv}). */
  @ParameterizedTest
  @EnumSource(ZstdCodec.Context.class)
    void theZstdCliDecodesEveryFormsFrames(ZstdCodec.Context context,
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws Exception {
    java.util.Optional<java.nio.file.Path> zstd = io.dbbench.core.Executables.which("zstd", System.getenv("PATH"));
    org.junit.jupiter.api.Assumptions.assumeTrue(zstd.isPresent(), "the zstd CLI is not on PATH here");
    try (ZstdCodec codec = ZstdCodec.create(context)) {
      for (int level : new int[] {1, 3, 6, 9, 15, 22}) {
        java.nio.file.Path f = tmp.resolve(context + "-" + level + ".zst");
        java.nio.file.Files.write(f, codec.compress(RAW, level));
        Process p = new ProcessBuilder(zstd.get().toString(), "-d", "-c", f.toString()).start();
        byte[] out = p.getInputStream().readAllBytes();
        String err = new String(p.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), "zstd -d: " + err);
        assertArrayEquals(RAW, out, context + " level " + level);
        Process l = new ProcessBuilder(zstd.get().toString(), "-lv", f.toString()).redirectErrorStream(true).start();
        String list = new String(l.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, l.waitFor(), list);
                // zstd -lv prints "Decompressed Size: 11.71 KiB (11990 B)" only for a frame that declares it
        boolean sized = list.contains("Decompressed Size:") && list.contains("(" + RAW.length + " B)");
        assertEquals(context != ZstdCodec.Context.PER_CALL, sized, "zstd -lv:\n" + list);
      }
    }
  }

  /** Every form decodes frames without a declared size, one or several, within its limit. */
  @ParameterizedTest
  @EnumSource(ZstdCodec.Context.class)
  void everyFormDecodesFramesWithoutADeclaredSize(ZstdCodec.Context context) throws Exception {
    byte[] one = streamed(RAW, 3);
    byte[] two = new byte[one.length * 2];
    System.arraycopy(one, 0, two, 0, one.length);
    System.arraycopy(one, 0, two, one.length, one.length);
    byte[] both = new byte[RAW.length * 2];
    System.arraycopy(RAW, 0, both, 0, RAW.length);
    System.arraycopy(RAW, 0, both, RAW.length, RAW.length);
    try (ZstdCodec codec = ZstdCodec.create(context)) {
      assertArrayEquals(RAW, codec.decompress(one, "one"));
      assertArrayEquals(both, codec.decompress(two, "two"));
      assertArrayEquals(RAW, codec.decompress(one, "exact limit", RAW.length));
      GraphjException e = assertThrows(GraphjException.class, () -> codec.decompress(one, "small", RAW.length - 1));
      assertEquals(GraphjException.Kind.LIMIT_EXCEEDED, e.kind());
            assertTrue(e.getMessage().contains("expands past it; the limit for this body is " + (RAW.length - 1)),
          e.getMessage());
      byte[] empty = streamed(new byte[0], 3);
      assertEquals(0, codec.decompress(empty, "empty").length);
    }
  }

  /** {@code perCall} refuses a declared size above the limit before decoding, as the one-shot forms do. */
  @org.junit.jupiter.api.Test
  void perCallRefusesADeclaredSizeAboveTheLimit() throws Exception {
    try (ZstdCodec oneShot = ZstdCodec.create(ZstdCodec.Context.ONE_SHOT);
        ZstdCodec perCall = ZstdCodec.create(ZstdCodec.Context.PER_CALL)) {
      byte[] sized = oneShot.compress(RAW, 3);
      assertArrayEquals(RAW, perCall.decompress(sized, "sized"));
      GraphjException e = assertThrows(GraphjException.class, () -> perCall.decompress(sized, "sized", 100));
      assertEquals(GraphjException.Kind.LIMIT_EXCEEDED, e.kind());
      assertTrue(e.getMessage().contains("declares a content size of " + RAW.length), e.getMessage());
    }
  }

  /** The growing output keeps a frame written in one piece as it is, and cuts anything else to size. */
  @org.junit.jupiter.api.Test
  void growingArrayGrowsAsRustsVecDoes() {
    ZstdCodec.GrowingArray a = new ZstdCodec.GrowingArray(0);
    byte[] frame = {1, 2, 3, 4, 5};
    a.write(frame, 0, 5);
    assertArrayEquals(frame, a.toArray());
    a.write(new byte[] {6}, 0, 1);
    a.write(7);
    assertArrayEquals(new byte[] {1, 2, 3, 4, 5, 6, 7}, a.toArray());
    assertThrows(IndexOutOfBoundsException.class, () -> a.write(frame, 3, 5));
  }

  @ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(strings = {"perCall", "ONESHOT", "oneShot", "reused"})
  void parsesEveryForm(String s) {
        ZstdCodec.Context expected = s.equalsIgnoreCase("perCall") ? ZstdCodec.Context.PER_CALL
        : s.equalsIgnoreCase("oneShot") ? ZstdCodec.Context.ONE_SHOT : ZstdCodec.Context.REUSED;
    assertEquals(expected, ZstdCodec.Context.parse(s));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ZstdCodec.Context.parse("pooled"));
    assertTrue(e.getMessage().contains("pooled") && e.getMessage().contains("oneShot"), e.getMessage());
  }

  /**
   * Inputs whose bound is above the scratch: graphd's 10,000-query body (1.2 MB, a frame of about
   * 100 KB, which fits the scratch) and 1.5 MB of random bytes (a frame larger than the scratch,
   * compressed again into an array of the bound) give the bytes of a one-shot compress with room
   * for the bound.
   */
  @ParameterizedTest
  @EnumSource(value = ZstdCodec.Context.class, names = {"ONE_SHOT", "REUSED"})
  void inputsAboveTheScratchGiveTheFrameOfAOneShotCompress(ZstdCodec.Context context) throws Exception {
    byte[] text = GraphjCorpus.text(10_000);
    byte[] noise = new byte[1_500_000];
    new java.util.SplittableRandom(7).nextBytes(noise);
    assertTrue(Zstd.compressBound(text.length) > ZstdCodec.SCRATCH_MAX, "the text's bound passes the scratch");
    try (ZstdCodec codec = ZstdCodec.create(context)) {
      for (byte[] raw : new byte[][] {text, noise, text}) {
        byte[] ours = codec.compress(raw, 3);
        byte[] oneShot;
        try (com.github.luben.zstd.ZstdCompressCtx c = new com.github.luben.zstd.ZstdCompressCtx()) {
          ZstdCodec.setLevel(c, 3);
          oneShot = c.compress(raw);
        }
        assertTrue(raw == text ? ours.length < ZstdCodec.SCRATCH_MAX : ours.length > ZstdCodec.SCRATCH_MAX,
            "frame of " + ours.length + " bytes");
        assertArrayEquals(oneShot, ours, raw.length + " bytes in");
        assertArrayEquals(raw, codec.decompress(ours, "large"));
      }
    }
  }

  @org.junit.jupiter.api.Test
  void recompressingGraphdsOwnSealedSegmentOneShotGivesGraphdsBlocks() throws Exception {
    // writer-journal-0000000000000005.graphj: sealed by graphd's journal writer, zstd level 3
    byte[] file = java.nio.file.Files.readAllBytes(
        java.nio.file.Path.of("src/test/resources/graphj/graphd/writer-journal-0000000000000005.graphj"));
    GraphjHeader h = GraphjHeader.decode(file, 0, file.length, "writer-journal-5");
    assertEquals(3, h.zstdLevel());
    byte[] body = Arrays.copyOfRange(file, GraphjHeader.SIZE, GraphjHeader.SIZE + (int) h.bodyLen());
    assertEquals(-1L, Zstd.getFrameContentSize(body, 0, body.length), "graphd declares no size");
    try (ZstdCodec codec = ZstdCodec.create(ZstdCodec.Context.ONE_SHOT)) {
      byte[] raw = codec.decompress(body, "writer-journal-5");
      assertArrayEquals(blocks(body), blocks(codec.compress(raw, 3)));
    }
  }

  @org.junit.jupiter.api.Test
  void theParameterTableIsZstdsForAnInputOfUnknownSize() throws Exception {
    java.util.Optional<java.nio.file.Path> zstd = io.dbbench.core.Executables.which("zstd", System.getenv("PATH"));
    org.junit.jupiter.api.Assumptions.assumeTrue(zstd.isPresent(), "the zstd CLI is not on PATH here");
    String[] names = {"windowLog", "chainLog", "hashLog", "searchLog", "minMatch", "targetLength", "strategy"};
    for (int level = 1; level <= 22; level++) {
      Process p = new ProcessBuilder(zstd.get().toString(), "--ultra", "-" + level, "--show-default-cparams", "-c")
          .redirectErrorStream(true).start();
      p.getOutputStream().write(RAW);
      p.getOutputStream().close();
      String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
      p.waitFor();
      assertTrue(out.contains("src size unknown"), "zstd read stdin with no size: " + out);
      for (int k = 0; k < names.length; k++) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(names[k] + "\\s*:[^\\n]*?(\\d+)\\)?\\s*$",
            java.util.regex.Pattern.MULTILINE).matcher(out);
        assertTrue(m.find(), names[k] + " in " + out);
        assertEquals(ZstdCodec.UNKNOWN_SIZE_PARAMS[level - 1][k], Integer.parseInt(m.group(1)), "level " + level + " " + names[k]);
      }
    }
  }

  /**
   * Whether the frame header has a Frame_Content_Size field: RFC 8878 section 3.1.1.1.1, the
   * Frame_Header_Descriptor's Frame_Content_Size_flag (bits 7-6) is non-zero, or its
   * Single_Segment_flag (bit 5) is set, which implies a 1-byte field.
   */
  private static boolean declaresContentSize(byte[] frame) {
    int fhd = frame[4] & 0xff;
    return (fhd >>> 6) != 0 || (fhd & 0x20) != 0;
  }

  /** The frame after its header (magic, descriptor, window descriptor, dictionary ID, content size). */
  private static byte[] blocks(byte[] frame) {
    int fhd = frame[4] & 0xff;
    boolean single = (fhd & 0x20) != 0;
    int fcs = switch (fhd >>> 6) {
      case 0 -> single ? 1 : 0;
      case 1 -> 2;
      case 2 -> 4;
      default -> 8;
    };
    int dict = new int[] {0, 1, 2, 4}[fhd & 3];
    return Arrays.copyOfRange(frame, 5 + (single ? 0 : 1) + dict + fcs, frame.length);
  }

  private static byte[] streamed(byte[] raw) throws Exception {
    return streamed(raw, 3);
  }

  private static byte[] streamed(byte[] raw, int level) throws Exception {
    ByteArrayOutputStream bos = new ByteArrayOutputStream();
    try (ZstdOutputStreamNoFinalizer z = new ZstdOutputStreamNoFinalizer(bos, level)) {
      z.write(raw);
    }
    return bos.toByteArray();
  }
}
