package io.dbbench.graphj;

import io.dbbench.family.BenchmarkFamily;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The GraphJ family: graphd's journal codec benchmarks (header, zstd, XChaCha20-Poly1305,
 * compaction, append). Runs in-process, so it is always available.
 */
public final class GraphjFamily implements BenchmarkFamily {
  @Override
  public String id() {
    return "graphj";
  }

  @Override
  public String title() {
    return "GraphJ journal codec (graphd)";
  }

  @Override
  public String includeRegex() {
    return "^io\\.dbbench\\.graphj\\.";
  }

  @Override
  public Availability probe() {
    try {
      com.github.luben.zstd.Zstd.compress(new byte[] {1, 2, 3}, 3);
      return Availability.ok();
    } catch (LinkageError | RuntimeException e) {
      return Availability.unavailable("zstd-jni native library did not load (" + e + "); "
          + "run on linux/macos/windows x86_64 or aarch64");
    }
  }

  @Override
  public List<String> jmhArgs(boolean full) {
    return full ? List.of() : List.of("-p", "queries=10,1000");
  }

  @Override
  public Map<String, Object> describe() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("backend", "in-process");
    m.put("zstd", com.github.luben.zstd.util.ZstdVersion.VERSION);
    m.put("bouncycastle", org.bouncycastle.jce.provider.BouncyCastleProvider.class.getPackage().getImplementationVersion());
    m.put("protobuf_java", com.google.protobuf.GeneratedMessage.class.getPackage().getImplementationVersion());
    return m;
  }
}
