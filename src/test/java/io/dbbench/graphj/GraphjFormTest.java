package io.dbbench.graphj;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.report.data.JmhResult;
import io.dbbench.report.data.Run;
import io.dbbench.report.render.Doc;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link GraphjForm}'s graphd/native comparison on hand-built results and a native-reference.json. */
class GraphjFormTest {
  @TempDir
  Path dir;

  static JmhResult throughput(String bench, Map<String, String> params, double opsPerSecond) {
    return new JmhResult("io.dbbench.graphj." + bench, "thrpt", 1, 1, params,
        new JmhResult.Metric(opsPerSecond, 0, "ops/s", List.of()), Map.of());
  }

  /** One zstd entry of native-reference.json: {@code zstd -b} at {@code level} on {@code corpus}, ns per operation. */
  static String zstd(String corpus, int level, double compressNs, double decompressNs) {
    return String.format(java.util.Locale.ROOT,
        "{\"corpus\": \"%s\", \"level\": %d, \"compress_ns_per_op\": %.1f, \"decompress_ns_per_op\": %.1f}",
        corpus, level, compressNs, decompressNs);
  }

  /**
   * Writes {@code dir}'s native-reference.json: the {@code zstd} entries ({@link #zstd}) and
   * ChaCha20-Poly1305 at {@code chachaNs} ns per operation on the text corpus.
   */
  void writeNativeReference(double chachaNs, String... zstd) throws java.io.IOException {
    Files.writeString(dir.resolve(NativeReference.FILE_NAME),
        "{\"schema\": \"dbbench.graphj.native-reference/1\", \"zstd\": [" + String.join(", ", zstd)
            + "], \"chacha20_poly1305\": [{\"corpus\": \"text\", \"ns_per_op\": " + chachaNs + "}]}");
  }

  @Test
  void comparisonRowsCarryGraphdAndNativeRatios() throws Exception {
    writeNativeReference(3200.0, zstd("text", 1, 6000.0, 3000.0), zstd("text", 3, 6500.0, 3200.0));
    List<JmhResult> rs = List.of(
        throughput("GraphjCompressBenchmark.compress", Map.of("corpus", "text", "level", "1", "context", "reused"), 1e9 / 7200),
        throughput("GraphjCompressBenchmark.decompress", Map.of("corpus", "text", "context", "perCall"), 1e9 / 12_000),
        throughput("GraphjCompressBenchmark.compress", Map.of("corpus", "entries", "level", "1", "context", "reused"), 1e5),
        throughput("GraphjHeaderBenchmark.headerDecode", Map.of(), 1e9 / 4.3),
        throughput("GraphjDataSizesBenchmark.compress", Map.of("corpus", "text", "queries", "10"), 1e5),
        throughput("GraphjDataSizesBenchmark.encrypt", Map.of("corpus", "text", "queries", "1000"), 1e4));
    Doc doc = new Doc("t");
    new GraphjForm().appendTo(doc, new Run(dir, rs, null, List.of()), rs);
    Doc.Section s = doc.sections.stream().filter(x -> x.heading.startsWith("Beside graphd")).findFirst().orElseThrow();
    Doc.Table t = s.blocks.stream().filter(b -> b instanceof Doc.Table).map(b -> (Doc.Table) b).findFirst().orElseThrow();
    assertEquals(5, t.rows().size(), "the entries-corpus row is not set beside graphd's text figures");
    List<String> compress = t.rows().get(0);
    assertEquals("compression_levels/L", compress.get(1));
    assertEquals("0.50", compress.get(5), "7.2 us / graphd's 14.4 us");
    assertEquals("1.20", compress.get(7), "7.2 us / native 6.0 us");
    List<String> decompress = t.rows().get(1);
    assertEquals("1.00", decompress.get(5));
    assertEquals("3.75", decompress.get(7), "12 us / native level-3 decompression 3.2 us");
    List<String> header = t.rows().get(2);
    assertEquals("0.50", header.get(5), "4.3 ns / graphd's 8.6 ns");
    assertEquals("", header.get(6), "no native reference for the header");
    List<String> sizes = t.rows().get(3);
    assertEquals("data_sizes/compress/N", sizes.get(1));
    assertEquals("", sizes.get(4), "no graphd figure measured for data sizes");
    assertEquals("", t.rows().get(4).get(4), "data_sizes/encrypt is not graphd's 12 KB encryption group");
  }

  private static JmhResult sorted(String bench, Map<String, String> params, double opsPerSecond) {
    return throughput(bench, new java.util.TreeMap<>(params), opsPerSecond); // params in a fixed order, as JMH writes them
  }

  @Test
  void limitsTakeEveryProviderFromTheDataAndTheReusedZstdRowsOfEachCorpus() throws Exception {
    writeNativeReference(4000.0, zstd("text", 3, 9000.0, 4000.0), zstd("entries", 3, 35000.0, 5000.0));
    List<JmhResult> rs = List.of(
        sorted("GraphjCompressBenchmark.decompress", Map.of("corpus", "text", "context", "reused"), 1e9 / 8000),
        sorted("GraphjCompressBenchmark.decompress", Map.of("corpus", "entries", "context", "reused"), 1e9 / 10_000),
        sorted("GraphjCompressBenchmark.decompress", Map.of("corpus", "text", "context", "perCall"), 1e9 / 12_000),
        sorted("GraphjCryptoBenchmark.encrypt", Map.of("corpus", "text", "provider", "jdk"), 1e9 / 9000),
        sorted("GraphjCryptoBenchmark.encrypt", Map.of("corpus", "text", "provider", "someNewProvider"), 1e9 / 6000),
        sorted("GraphjCompressBenchmark.decompressInto", Map.of("corpus", "text", "context", "reused"), 1e9 / 3800),
        sorted("GraphjCryptoBenchmark.decryptInto", Map.of("corpus", "text", "provider", "libcrypto"), 1e9 / 4400),
        sorted("GraphjCryptoBenchmark.compressEncrypt", Map.of("corpus", "text", "provider", "jdk"), 1e9 / 20_000));
    List<io.dbbench.report.stats.Limit> limits = new GraphjForm().limits(new Run(dir, rs, null, List.of()), rs);
    List<String> nativeRows = limits.stream().map(l -> l.group() + "|" + l.path() + "|" + l.reference() + "|" + String.format(java.util.Locale.ROOT, "%.2f", l.ratio()))
        .toList();
    assertEquals(List.of(
        "zstd|GraphjCompressBenchmark.decompress context=reused corpus=text|zstd -b3 decompress (corpus text)|2.00",
        "zstd|GraphjCompressBenchmark.decompress context=reused corpus=entries|zstd -b3 decompress (corpus entries)|2.00",
        "AEAD|GraphjCryptoBenchmark.encrypt corpus=text provider=jdk|openssl speed -evp chacha20-poly1305 (corpus text)|2.25",
        "AEAD|GraphjCryptoBenchmark.encrypt corpus=text provider=someNewProvider|openssl speed -evp chacha20-poly1305 (corpus"
            + " text)|1.50",
        "zstd|GraphjCompressBenchmark.decompressInto context=reused corpus=text|zstd -b3 decompress (corpus text)|0.95",
        "AEAD|GraphjCryptoBenchmark.decryptInto corpus=text provider=libcrypto|openssl speed -evp chacha20-poly1305 (corpus"
            + " text)|1.10"), nativeRows);
    assertTrue(limits.stream().noneMatch(l -> l.reference().startsWith("graphd")),
        "graphd's figures were measured at another time: never a limit of this run");
  }

  @Test
  void missingNativeFileIsSaidInTheText() {
    List<JmhResult> rs = List.of(throughput("GraphjHeaderBenchmark.headerDecode", Map.of(), 1e8));
    Doc doc = new Doc("t");
    new GraphjForm().appendTo(doc, new Run(dir, rs, null, List.of()), rs);
    Doc.Section s = doc.sections.stream().filter(x -> x.heading.startsWith("Beside graphd")).findFirst().orElseThrow();
    assertTrue(s.blocks.stream().anyMatch(b -> b instanceof Doc.Text tx && tx.text().contains("no native-reference.json")));
  }
}
