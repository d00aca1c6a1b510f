package io.dbbench.graphj;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import io.dbbench.BenchmarkDefaults;
import java.util.Arrays;
import org.openjdk.jmh.annotations.*;

@State(Scope.Thread)
public class ScratchZstdBenchmark extends BenchmarkDefaults {
  @Param({"1"}) public int level;
  byte[] raw; byte[] dst; byte[] body; byte[] out; ZstdCompressCtx cctx; ZstdDecompressCtx dctx;
  @Setup public void setup() {
    raw = GraphjCorpus.text(100);
    dst = new byte[(int) Zstd.compressBound(raw.length)];
    body = Zstd.compress(raw, 3);
    out = new byte[raw.length];
    cctx = new ZstdCompressCtx().setLevel(level);
    dctx = new ZstdDecompressCtx();
  }
  @TearDown public void close() { cctx.close(); dctx.close(); }
  @Benchmark public byte[] zstdCompress() { return Zstd.compress(raw, level); }
  @Benchmark public byte[] perCallCtxReusedDst() {
    try (ZstdCompressCtx c = new ZstdCompressCtx()) {
      c.setLevel(level);
      int n = c.compressByteArray(dst, 0, dst.length, raw, 0, raw.length);
      return Arrays.copyOf(dst, n);
    }
  }
  @Benchmark public byte[] perCallCtxContentSize() {
    try (ZstdCompressCtx c = new ZstdCompressCtx()) {
      c.setLevel(level); c.setContentSize(true);
      return c.compress(raw);
    }
  }
  @Benchmark public byte[] reusedCtx() { return cctx.compress(raw); }
  @Benchmark public byte[] reusedCtxReusedDst() {
    int n = cctx.compressByteArray(dst, 0, dst.length, raw, 0, raw.length);
    return Arrays.copyOf(dst, n);
  }
  @Benchmark public byte[] perCallStreamUnknownSize() throws java.io.IOException {
    java.io.ByteArrayOutputStream bos = new java.io.ByteArrayOutputStream(1024);
    try (com.github.luben.zstd.ZstdOutputStreamNoFinalizer z = new com.github.luben.zstd.ZstdOutputStreamNoFinalizer(bos, level)) {
      z.write(raw);
    }
    return bos.toByteArray();
  }
  @Benchmark public byte[] allocOnly() { return new byte[dst.length]; }
  @Benchmark public byte[] decompressStatic() { byte[] o = new byte[raw.length]; Zstd.decompress(o, body); return o; }
  @Benchmark public byte[] decompressReused() { byte[] o = new byte[raw.length]; dctx.decompress(o, body); return o; }
  @Benchmark public byte[] decompressPerCallCtx() { try (ZstdDecompressCtx d = new ZstdDecompressCtx()) { byte[] o = new byte[raw.length]; d.decompress(o, body); return o; } }
}
