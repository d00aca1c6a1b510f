package io.dbbench.payload;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.Projections;
import io.dbbench.core.KnownSecrets;
import io.dbbench.core.Redaction;
import io.dbbench.core.Version;
import io.dbbench.mongo.MongoCollections;
import io.dbbench.mongo.MongoTarget;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import org.bson.Document;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The collection that WMPayload's own Go service (vkuznet/WMPayload, {@code server.go} and
 * {@code handlers.go} at 3c602f4) stores into, prepared outside the timing for
 * {@code scripts/wmpayload-vs-dbbench.sh}: the study's service and its {@code benchmark_test.go}
 * have no step that seeds a collection or creates the index (its README runs
 * {@code db.test.createIndex({ id: 1 })} in the mongo shell), so this tool does what the study
 * did by hand.
 *
 * <pre>
 * java -cp target/benchmarks.jar io.dbbench.payload.GoServiceCollection --uri-from-env VAR \
 *     --database D --collection C (drop | seed flat|reqmgr2 N | index none|id|id-nonunique | count [MIN] | first-id)
 * </pre>
 *
 * <ul>
 *   <li>{@code seed DOC N}: drops the collection, then inserts {@code N} documents as the Go service
 *       stores what the Go benchmark posts ({@link #storedForm}), with the name-based UUID ids of
 *       {@code wmpayload-go-<doc>-<i>} ({@link MongoCollections#ids}); checks the count.
 *   <li>{@code index none|id|id-nonunique}: drops the index {@code {id: 1}} named
 *       {@value MongoCollections#ID_INDEX}, or creates it unique ({@code id}, as dbbench's payload
 *       fixtures do) or not ({@code id-nonunique}, the study's {@code createIndex({ id: 1 })}); prints
 *       the indexes after. The ids are distinct UUIDs, so both answer the same queries on MongoDB;
 *       mongo-java-server 1.47.0 answers a query through a unique index only, and scans the
 *       collection with a non-unique one listed (measured here: a search by {@code id} in 30,000
 *       documents took 0.4-0.7 ms with the unique index, 8-13 ms with the non-unique one).
 *   <li>{@code count [MIN]}: prints the count; with {@code MIN}, exit 1 when it is below.
 *   <li>{@code first-id}: prints the {@code id} of the first seeded document ({@code seed}'s
 *       first id), for a spot check of the service's answer.
 *   <li>{@code drop}: drops the collection when it exists.
 * </ul>
 *
 * <p>The URI is read from the environment variable {@code --uri-from-env} names, never from the
 * command line; its password is masked in everything this tool prints ({@link KnownSecrets}).
 * Exit status 0 done, 1 a check failed ({@code count MIN}, a seed that does not count back), 2 bad
 * input or MongoDB unreachable.
 */
@Command(name = "go-service-collection", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Prepare the collection of WMPayload's own Go service: seed, index none|id|id-nonunique, count, drop.")
public final class GoServiceCollection implements Callable<Integer> {
  /** Exit status of a failed check. */
  public static final int EXIT_CHECK = 1;
  /** Exit status of bad input or an unreachable MongoDB. */
  public static final int EXIT_BAD_INPUT = 2;

  private static final ObjectMapper JSON = new ObjectMapper();

  @Option(names = "--uri-from-env", required = true, paramLabel = "VAR",
      description = "Environment variable holding the MongoDB connection string.")
  String uriVar;

  @Option(names = "--database", required = true, description = "Database of the Go service's config (mongo_database).")
  String database;

  @Option(names = "--collection", required = true, description = "Collection of the Go service's config (mongo_collection).")
  String collection;

  @Parameters(index = "0", paramLabel = "ACTION", description = "drop, seed, index, count or first-id.")
  String action;

  @Parameters(index = "1..*", paramLabel = "ARG", arity = "0..2",
      description = "seed: DOC N; index: none|id|id-nonunique; count: [MIN].")
  List<String> args = new ArrayList<>();

  /** Where {@code --uri-from-env} is looked up: the process environment (a test gives its own). */
  Map<String, String> env = System.getenv();

  /** Runs the command line and exits with its status. */
  public static void main(String[] args) {
    KnownSecrets.installOnStandardStreams();
    System.exit(new CommandLine(new GoServiceCollection()).execute(args));
  }

  /** The id prefix of a seed of {@code doc}: ids are the name-based UUIDs of {@code <prefix><i>}. */
  static String idPrefix(PayloadDocument doc) {
    return "wmpayload-go-" + doc.name() + "-";
  }

  @Override
  public Integer call() {
    String uri = env.get(uriVar);
    if (uri == null || uri.isBlank()) {
      return bad("--uri-from-env " + uriVar + ": the variable is not set; expected a MongoDB connection string in it");
    }
    KnownSecrets.learn("DBBENCH_MONGO_URI", uri);
    MongoTarget target;
    try {
      target = MongoTarget.forUri(uri.trim());
    } catch (IllegalArgumentException e) {
      return bad(e.getMessage());
    }
    try (MongoClient client = target.newClient(4)) {
      MongoCollection<Document> coll = client.getDatabase(database).getCollection(collection);
      String where = database + "." + collection + " at " + target.redactedUri();
      switch (action) {
        case "drop" -> {
          expectArgs(0, "drop takes no argument");
          MongoCollections.dropIfExists(client, coll);
          System.out.println("dropped " + where);
        }
        case "seed" -> {
          expectArgs(2, "seed takes DOC N (flat or reqmgr2, a count of at least 1)");
          PayloadDocument doc = PayloadDocument.of(args.get(0));
          int n = positive(args.get(1), "seed N");
          MongoCollections.dropIfExists(client, coll);
          SplittableRandom rnd = new SplittableRandom(42);
          MongoCollections.seed(coll, idPrefix(doc), n, id -> storedForm(doc, id, rnd));
          long count = coll.countDocuments();
          if (count != n) {
            System.err.println("go-service-collection: seeded " + n + " documents of " + doc + " into " + where
                + " but it counts " + count);
            return EXIT_CHECK;
          }
          System.out.println("seeded " + n + " " + doc + " documents into " + where + "; first id "
              + MongoCollections.ids(idPrefix(doc), 1).get(0));
        }
        case "index" -> {
          expectArgs(1, "index takes none, id or id-nonunique");
          String want = args.get(0);
          if (!List.of("none", "id", "id-nonunique").contains(want)) {
            throw new IllegalArgumentException("index '" + want + "': expected none, id or id-nonunique");
          }
          Document existing = null;
          for (Document d : coll.listIndexes()) {
            if (MongoCollections.ID_INDEX.equals(d.getString("name"))) {
              existing = d;
            }
          }
          boolean unique = want.equals("id");
          if (existing != null && (want.equals("none") || Boolean.TRUE.equals(existing.get("unique")) != unique)) {
            coll.dropIndex(MongoCollections.ID_INDEX);
            existing = null;
          }
          if (existing == null && !want.equals("none")) {
            coll.createIndex(Indexes.ascending("id"), new com.mongodb.client.model.IndexOptions().unique(unique)
                .name(MongoCollections.ID_INDEX));
          }
          List<String> described = new ArrayList<>();
          coll.listIndexes().forEach(d -> described.add(d.getString("name")
              + (Boolean.TRUE.equals(d.get("unique")) ? " (unique)" : "")));
          System.out.println("indexes of " + where + ": " + String.join(", ", described));
        }
        case "count" -> {
          if (args.size() > 1) {
            throw new IllegalArgumentException("count takes at most MIN");
          }
          long count = coll.countDocuments();
          System.out.println(count);
          if (!args.isEmpty() && count < positive(args.get(0), "count MIN")) {
            System.err.println("go-service-collection: " + where + " holds " + count + " documents; expected at least "
                + args.get(0));
            return EXIT_CHECK;
          }
        }
        case "first-id" -> {
          expectArgs(0, "first-id takes no argument");
          Document d = coll.find().projection(Projections.include("id")).first();
          if (d == null) {
            System.err.println("go-service-collection: " + where + " is empty; seed it first");
            return EXIT_CHECK;
          }
          System.out.println(d.get("id"));
        }
        default -> throw new IllegalArgumentException("action '" + action
            + "': expected drop, seed, index, count or first-id");
      }
      return 0;
    } catch (IllegalArgumentException e) {
      return bad(e.getMessage());
    } catch (com.mongodb.MongoException e) {
      return bad("MongoDB at " + target.redactedUri() + ": " + Redaction.redact(e.getMessage()));
    }
  }

  private void expectArgs(int n, String usage) {
    if (args.size() != n) {
      throw new IllegalArgumentException(action + " " + String.join(" ", args) + ": " + usage);
    }
  }

  private static int positive(String s, String what) {
    try {
      int n = Integer.parseInt(s);
      if (n >= 1) {
        return n;
      }
    } catch (NumberFormatException e) {
      // the message below names the value
    }
    throw new IllegalArgumentException(what + " '" + s + "': expected a whole number of at least 1");
  }

  private static List<String> indexNames(MongoCollection<Document> coll) {
    List<String> names = new ArrayList<>();
    coll.listIndexes().forEach(d -> names.add(d.getString("name")));
    return names;
  }

  private static int bad(String message) {
    System.err.println("go-service-collection: " + message);
    return EXIT_BAD_INPUT;
  }

  /**
   * A document as the Go service stores what the Go benchmark posts for {@code doc}, with
   * {@code id}. The service decodes the posted body into Go's {@code interface{}} values and hands
   * them to the MongoDB Go driver, so every JSON number is stored as a double: Go's
   * {@code encoding/json} decodes a number into an interface value as {@code float64} (its
   * {@code Unmarshal} documentation). {@code flat} is the benchmark's own auto-generated document
   * ({@code helpers.go} {@code generateRandomDoc} at 3c602f4: {@code id}, a 10-letter {@code name},
   * {@code email} of 10 letters at example.com, {@code age} 18 to 67), its random parts drawn from
   * {@code rnd}; {@code reqmgr2} is dbbench's ReqMgr2-like template (the script gives the Go
   * benchmark the same file as its {@code json_file}) with {@code id} set.
   */
  static Document storedForm(PayloadDocument doc, String id, SplittableRandom rnd) {
    if (doc == PayloadDocument.flat) {
      // the keys in encoding/json's order (sorted), as the benchmark marshals its map
      return new Document("age", (double) (rnd.nextInt(50) + 18)).append("email", letters(rnd, 10) + "@example.com")
          .append("id", id).append("name", letters(rnd, 10));
    }
    try {
      Document d = (Document) goValue(JSON.readTree(doc.bytes()));
      d.put("id", id);
      return d;
    } catch (IOException e) {
      throw new UncheckedIOException("the " + doc + " template is not JSON", e);
    }
  }

  private static String letters(SplittableRandom rnd, int n) {
    String alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    StringBuilder sb = new StringBuilder(n);
    for (int i = 0; i < n; i++) {
      sb.append(alphabet.charAt(rnd.nextInt(alphabet.length())));
    }
    return sb.toString();
  }

  /** A JSON value as Go's {@code encoding/json} decodes it into {@code interface{}}: numbers as doubles. */
  static Object goValue(JsonNode n) {
    if (n.isObject()) {
      Document d = new Document();
      for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        d.put(e.getKey(), goValue(e.getValue()));
      }
      return d;
    }
    if (n.isArray()) {
      List<Object> l = new ArrayList<>(n.size());
      n.forEach(x -> l.add(goValue(x)));
      return l;
    }
    if (n.isNumber()) {
      return n.doubleValue();
    }
    if (n.isBoolean()) {
      return n.booleanValue();
    }
    return n.isNull() ? null : n.asText();
  }
}
