package io.dbbench.graphj;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds journals for the GraphJ tests. */
final class GraphjTestFiles {
  static final byte[] KEY = new byte[32];

  static {
    for (int i = 0; i < 32; i++) {
      KEY[i] = (byte) (0x42 + i);
    }
  }

  private GraphjTestFiles() {}

  /** Parameters of entry i: every GraphValue kind the journal carries. */
  static Map<String, Object> params(int i) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("id", "entity-" + i);
    m.put("name", "Entity " + i);
    m.put("n", (long) i * 1_000_003L);
    m.put("weight", i / 7.0);
    m.put("flag", i % 2 == 0);
    m.put("nothing", null);
    m.put("embedding", List.of(0.5, -1.25, (double) i));
    m.put("nested", Map.of("k", "v" + i));
    return m;
  }

  static String query(int i) {
    return "MERGE (n:Entity {id: $id}) SET n.name = $name RETURN n // Query " + i;
  }

  /** Writes a live segment of {@code n} entries starting at {@code firstSeq}; the writer is left unsealed. */
  static Path live(Path dir, String name, long firstSeq, int n) throws Exception {
    Path p = dir.resolve(name);
    try (JournalWriter w = JournalWriter.create(p, firstSeq, false, 1_700_000_000_000L)) {
      for (int i = 0; i < n; i++) {
        w.append(query(i), params(i), 1_700_000_000_000L + i);
      }
    }
    return p;
  }

  /** Raw framed entries with a continuous chain, as a legacy .wal body. */
  static byte[] rawEntries(long firstSeq, int n) {
    List<byte[]> parts = new ArrayList<>();
    byte[] prev = new byte[32];
    var sha = EntryCodec.sha256();
    int total = 0;
    for (int i = 0; i < n; i++) {
      byte[] payload = EntryCodec.payload(firstSeq + i, query(i), params(i), 1_700_000_000_000L + i);
      byte[] f = EntryCodec.frame(firstSeq + i, prev, payload);
      prev = EntryCodec.chainHash(sha, prev, payload, 0, payload.length);
      parts.add(f);
      total += f.length;
    }
    byte[] out = new byte[total];
    int p = 0;
    for (byte[] f : parts) {
      System.arraycopy(f, 0, out, p, f.length);
      p += f.length;
    }
    return out;
  }

  static byte[] nonce() {
    byte[] n = new byte[24];
    new SecureRandom().nextBytes(n);
    return n;
  }

  static Path write(Path dir, String name, byte[] bytes) throws Exception {
    Path p = dir.resolve(name);
    Files.write(p, bytes);
    return p;
  }
}
