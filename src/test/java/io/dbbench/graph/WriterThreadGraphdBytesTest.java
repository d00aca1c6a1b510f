package io.dbbench.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.graphj.JournalEntry;
import io.dbbench.graphj.JournalReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Byte compatibility of graphd's journal form ({@code journal=on}): the entries of journals graphd's
 * own code wrote (the fixtures under {@code src/test/resources/graphj/graphd}, see its README),
 * handed one by one to a {@link WriterThreadJournal} with graphd's timestamps, come out of the
 * writer thread as graphd's exact entry bytes (framing, CRC32C, hash chain, protobuf payload).
 */
class WriterThreadGraphdBytesTest {
  private static final Path DIR = fixtures();

  private static Path fixtures() {
    try {
      return Path.of(WriterThreadGraphdBytesTest.class.getClassLoader().getResource("graphj/graphd").toURI());
    } catch (Exception e) {
      throw new IllegalStateException("missing test resource graphj/graphd", e);
    }
  }

  /** graphd-written journals whose chain starts at sequence 1 from 32 zero bytes, as a new dbbench journal does. */
  static Stream<String> graphdFiles() {
    return Stream.of("jsonl/g-a.graphj", "jsonl/g-maps.graphj", "jsonl/g-unsorted.graphj", "jsonl/g-bigint.graphj",
        "live.graphj", "sealed.graphj", "edge-values.graphj", "writer-journal-0000000000000001.graphj");
  }

  @ParameterizedTest
  @MethodSource("graphdFiles")
  void theWriterThreadWritesGraphdsBytes(String name, @TempDir Path tmp) throws Exception {
    JournalReader.GraphjFile graphd = JournalReader.read(DIR.resolve(name), null);
    List<JournalEntry> entries = graphd.entries();
    assertTrue(!entries.isEmpty() && entries.get(0).sequence() == 1
        && Arrays.equals(entries.get(0).prevHash(), new byte[32]), name + " does not start a chain at sequence 1");
    Iterator<JournalEntry> stamps = entries.iterator(); // the clock, read on the writer thread once per entry
    Path out = tmp.resolve("on.graphj");
    WriterThreadJournal on = WriterThreadJournal.start(
        GraphjMutationJournal.create(out, false, 0, () -> stamps.next().timestampMs()),
        WriterThreadJournal.GRAPHD_FSYNC_MS);
    for (JournalEntry e : entries) {
      on.append(e.query(), e.params());
    }
    on.close();
    assertEquals(HexFormat.of().formatHex(graphd.rawEntries()),
        HexFormat.of().formatHex(JournalReader.read(out, null).rawEntries()), name);
    assertTrue(Files.size(out) > 128);
  }
}
