package io.dbbench.arango.pool;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.dbbench.arango.server.ArangoSettings;
import io.dbbench.core.KnownSecrets;
import io.dbbench.core.Version;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Prepares the pooling study's collection on a server outside any benchmark, exactly as a trial of
 * {@code ArangoPoolBenchmark} does ({@link PoolFixture#open}: {@code documents} seeded
 * {@link PoolDocuments} in {@value PoolFixture#COLLECTION}, reused when already there; no index on
 * {@code EndToEndId}; the server's query cache off), so that another client (the study's own,
 * arangojs 8.3.0, in {@code scripts/arangojs-vs-dbbench.sh}) queries the same documents as
 * dbbench's Java rows. The server is {@link ArangoSettings#fromEnvironment()}'s: a running
 * stand-in given as {@code -Ddbbench.shared.arango-stand-in=<address>;<pid>;<key>} (its key the
 * stand-in's arguments, {@code --model-query-ms,<ms>} with {@code --model-ms}), or
 * {@code DBBENCH_ARANGO_ENDPOINTS} with {@code DBBENCH_ARANGO_AUTH} from the environment.
 *
 * <pre>
 * java -Ddbbench.shared.arango-stand-in=127.0.0.1:PORT;PID; -cp target/benchmarks.jar \
 *   io.dbbench.arango.pool.PoolSeed --documents 200000 --out collection.json
 * </pre>
 *
 * <p>Writes {@link PoolDocuments#describe} (collection, documents, seed, SHA-256 over the
 * {@code _key}/{@code EndToEndId} pairs) with the server's label to {@code --out}. Exit status 0
 * done, 2 bad input or a server that cannot be reached or prepared (one line on standard error).
 */
@Command(name = "pool-seed", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Prepare the pooling study's collection (seeded documents, no index, query cache off) on a server.")
public final class PoolSeed implements Callable<Integer> {
  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  @Option(names = "--documents", required = true, paramLabel = "N", description = "Documents in the collection (the study's: 200000).")
  int documents;

  @Option(names = "--model-ms", paramLabel = "MS", description = "The stand-in's modelled server time per point query,"
      + " as the stand-in was started with (0: none; default 0).")
  int modelMs;

  @Option(names = "--out", paramLabel = "FILE", description = "Where to write the collection's facts (JSON).")
  Path out;

  /** Runs the command line and exits with its status. */
  public static void main(String[] args) {
    KnownSecrets.installOnStandardStreams();
    System.exit(new CommandLine(new PoolSeed()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    try {
      if (documents < 1) {
        throw new IllegalArgumentException("--documents " + documents + ": expected at least 1");
      }
      PoolSettings study = PoolSettings.fromEnvironment().withModelledServerMs(modelMs);
      try (PoolFixture f = PoolFixture.open(ArangoSettings.fromEnvironment(), study,
          PoolClient.Connection.parse("raw_http"), documents, PoolFixture.IndexMode.none)) {
        Map<String, Object> m = new LinkedHashMap<>(PoolDocuments.describe(documents));
        m.put("index", "none");
        m.put("query_cache", "off");
        m.put("server", f.backend());
        String json = MAPPER.writeValueAsString(m);
        if (out != null) {
          Files.writeString(out, json);
        }
        System.out.println(json);
      }
      return 0;
    } catch (IllegalArgumentException | IllegalStateException e) {
      System.err.println("pool-seed: " + e.getMessage());
      return 2;
    } catch (io.dbbench.arango.server.ArangoUnavailableException e) {
      System.err.println("pool-seed: " + e.getMessage());
      return 2;
    }
  }
}
