package io.dbbench.graph;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link GraphNativeMemoryTest}'s check on the C-API client: the read and write benchmark bodies on
 * LadybugDB through {@code liblbug.so} ({@link GraphMemoryProbe} {@code bodies-capi}, a child JVM)
 * leave resident memory flat across iterations: no query result, statement, connection or database
 * leaks. Not sensitive to the returned strings: were every property's name and string value left
 * unfreed, a round's 55,000 or so small copies would add about 2 MiB, under the threshold over six
 * rounds. Skipped, saying what is missing and where it looked, without the library.
 */
class LadybugCApiNativeMemoryTest {
  @TempDir
  Path tmp;

  @Test
  void cApiBodiesDoNotGrowNativeMemoryAcrossIterations() throws Exception {
    assumeTrue(Files.isReadable(Path.of("/proc/self/status")),
        "resident memory is read from /proc/self/status, which this OS does not have");
    Optional<String> why = GraphClient.C_API.unavailableReason(GraphEngine.LADYBUG);
    assumeTrue(why.isEmpty(), () -> why.orElseThrow());
    List<Long> rss = GraphNativeMemoryTest.probe(tmp, "bodies-capi", GraphNativeMemoryTest.ROUNDS);
    System.out.println("[graph] resident MiB per round (bodies, client=cApi): " + GraphNativeMemoryTest.mib(rss));
    assertTrue(GraphNativeMemoryTest.growth(rss) < GraphNativeMemoryTest.ALLOWED_GROWTH, "resident memory grew by "
        + (GraphNativeMemoryTest.growth(rss) >> 20) + " MiB over " + GraphNativeMemoryTest.ROUNDS
        + " iterations after warm-up (MiB per round: " + GraphNativeMemoryTest.mib(rss) + "); a native handle leaks");
  }
}
