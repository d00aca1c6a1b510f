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
  private static byte[] streamed(byte[] raw) throws Exception {
    ByteArrayOutputStream bos = new ByteArrayOutputStream();
    try (ZstdOutputStreamNoFinalizer z = new ZstdOutputStreamNoFinalizer(bos, 3)) {
      z.write(raw);
    }
    return bos.toByteArray();
  }
}
