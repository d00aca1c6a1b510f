package io.dbbench.arango;

import io.dbbench.core.StudyClient;
import java.util.List;

/**
 * The ArangoDB studies' own clients, run by the main job beside the family's rows
 * ({@link StudyClient}; the scripts' headers say what each runs and how blocks interleave):
 * go-driver's V1 and V2 benchmark suites (the Go study's code, {@code scripts/go-driver-vs-dbbench.sh})
 * and arangojs 8.3.0 (the pooling study's client, {@code scripts/arangojs-vs-dbbench.sh}). Expected
 * seconds are those the scripts took on this project's 2-core machine with the options below.
 */
public final class ArangoStudyClients {
  private ArangoStudyClients() {}

  private static final String GO_WHAT = "go-driver v1.6.9 (V1) and v2.4.1 (V2) benchmark suites, the Go study's own code";
  private static final String GO_INSTALL = "install Go 1.25 or newer (the distribution's golang)";

  /**
   * Quick mode's pair: V1 and V2 insert of 100,000 documents, 4 blocks (the fewest that give an
   * interval), on the stand-in (go's own 1 s benchtime; 2 blocks took 70 s here with the test
   * binaries built; building them the first time takes about a minute more).
   */
  public static StudyClient goDriverInsert() {
    return new StudyClient("go-driver", GO_WHAT, "scripts/go-driver-vs-dbbench.sh", List.of("--ops", "insert", "--blocks", "4"),
        List.of("go"), GO_INSTALL, null, null, "^io\\.dbbench\\.arango\\.ArangoBulkBenchmark\\.", 150);
  }

  /**
   * Full mode's: all four operations, V1 and V2 beside dbbench's Java driver rows (HTTP/1.1 and
   * HTTP/2 JSON, 100,000 documents) in 4 interleaved blocks (6 blocks took 22 minutes).
   */
  public static StudyClient goDriver() {
    return new StudyClient("go-driver", GO_WHAT, "scripts/go-driver-vs-dbbench.sh", List.of("--blocks", "4", "--java"),
        List.of("go"), GO_INSTALL, null, null, "^io\\.dbbench\\.arango\\.ArangoBulkBenchmark\\.", 900);
  }

  /**
   * Full mode's: arangojs 8.3.0 at the study's 500 and 1,000 queries over 200,000 documents, Default,
   * maxSockets 10 and 100 and plain HTTP, beside dbbench's pool rows, 4 interleaved blocks with 20 ms
   * of modelled server time per query (the script's default; 12.8 minutes here).
   */
  public static StudyClient arangojs() {
    return new StudyClient("arangojs", "arangojs 8.3.0, the pooling study's client (installed from npm at run time)",
        "scripts/arangojs-vs-dbbench.sh", List.of("--blocks", "4", "--iterations", "500,1000", "--java"),
        List.of("node", "npm"), "install Node.js 18 or newer with npm", null, null,
        "^io\\.dbbench\\.arango\\.ArangoPoolBenchmark\\.query$", 800);
  }
}
