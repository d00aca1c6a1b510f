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

/** {@link ZstdCodec#decompressInto}: the caller's buffer, both context kinds, frames with and without a size. */
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
    try (ZstdCodec codec = ZstdCodec.create(context)) {
      byte[] body = codec.compress(RAW, 1);
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

  /** One zstd frame written by the streaming API with no pledged size, as Rust's encode_all writes. */
  @ParameterizedTest
  @EnumSource(ZstdCodec.Context.class)
  void compressesWithGraphdsParametersAtEveryLevel(ZstdCodec.Context context) throws Exception {
    // graphd's zstd::encode_all streams without a declared size; zstd-jni's output stream does the
    // same on the same libzstd, so its blocks are graphd's. dbbench's frame header differs (it
    // declares the content size); at levels 1 to 4 every block after it is byte for byte the same.
    // From level 5 (greedy and lazy) zstd picks its match finder from the window before fitting it
    // to the input, so the bytes may differ there; they still decode to the input.
    try (ZstdCodec codec = ZstdCodec.create(context)) {
      for (int level = 1; level <= 22; level++) {
        byte[] ours = codec.compress(RAW, level);
        if (level <= 4) {
          assertArrayEquals(blocks(streamed(RAW, level)), blocks(ours), "level " + level + ": blocks differ from a stream of unknown size");
        }
        assertEquals(RAW.length, Zstd.getFrameContentSize(ours, 0, ours.length), "dbbench still declares the size");
        assertArrayEquals(RAW, codec.decompress(ours, "level " + level));
      }
    }
  }

  /**
   * Inputs whose bound is above the scratch: graphd's 10,000-query body (1.2 MB, a frame of about
   * 100 KB, which fits the scratch) and 1.5 MB of random bytes (a frame larger than the scratch,
   * compressed again into an array of the bound) give the bytes of a one-shot compress with room
   * for the bound.
   */
  @ParameterizedTest
  @EnumSource(ZstdCodec.Context.class)
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
  void recompressingGraphdsOwnSealedSegmentGivesGraphdsBlocks() throws Exception {
    // writer-journal-0000000000000005.graphj: sealed by graphd's journal writer, zstd level 3
    byte[] file = java.nio.file.Files.readAllBytes(
        java.nio.file.Path.of("src/test/resources/graphj/graphd/writer-journal-0000000000000005.graphj"));
    GraphjHeader h = GraphjHeader.decode(file, 0, file.length, "writer-journal-5");
    assertEquals(3, h.zstdLevel());
    byte[] body = Arrays.copyOfRange(file, GraphjHeader.SIZE, GraphjHeader.SIZE + (int) h.bodyLen());
    assertEquals(-1L, Zstd.getFrameContentSize(body, 0, body.length), "graphd declares no size");
    try (ZstdCodec codec = ZstdCodec.create(ZstdCodec.Context.PER_CALL)) {
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
