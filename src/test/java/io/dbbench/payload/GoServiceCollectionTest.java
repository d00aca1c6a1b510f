package io.dbbench.payload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.mongo.MongoCollections;
import io.dbbench.mongo.MongoTarget;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The Go service's collection tool on the in-process stand-in: documents in the form the Go
 * service stores them, the seed counted back, the study's index created and dropped, the checks'
 * exit codes.
 */
class GoServiceCollectionTest {

  /** Runs the tool with {@code VAR} = {@code uri}; its exit code and standard output. */
  private static Object[] run(String uri, String... args) {
    GoServiceCollection tool = new GoServiceCollection();
    tool.env = uri == null ? Map.of() : Map.of("VAR", uri);
    List<String> all = new ArrayList<>(List.of("--uri-from-env", "VAR", "--database", "dbbench", "--collection", "go_test"));
    all.addAll(List.of(args));
    PrintStream out = System.out;
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
    try {
      int rc = new CommandLine(tool).execute(all.toArray(String[]::new));
      return new Object[] {rc, buf.toString(StandardCharsets.UTF_8)};
    } finally {
      System.setOut(out);
    }
  }

  @Test
  void theFlatDocumentIsTheGoBenchmarksOwnWithItsAgeADouble() {
    Document d = GoServiceCollection.storedForm(PayloadDocument.flat, "x-1", new SplittableRandom(1));
    assertEquals(List.of("age", "email", "id", "name"), new ArrayList<>(d.keySet()), "encoding/json's sorted keys");
    assertEquals("x-1", d.get("id"));
    double age = assertInstanceOf(Double.class, d.get("age"), "Go decodes every JSON number as float64");
    assertTrue(age >= 18 && age <= 67 && age == Math.rint(age), "rand.Intn(50) + 18: " + age);
    assertTrue(d.getString("name").matches("[a-zA-Z]{10}"), d.toJson());
    assertTrue(d.getString("email").matches("[a-zA-Z]{10}@example\\.com"), d.toJson());
  }

  @Test
  void theReqmgr2DocumentHoldsOnlyDoublesForNumbersAndItsId() {
    Document d = GoServiceCollection.storedForm(PayloadDocument.reqmgr2, "x-2", new SplittableRandom(1));
    assertEquals("x-2", d.get("id"));
    List<Object> numbers = new ArrayList<>();
    collectNumbers(d, numbers);
    assertTrue(numbers.size() > 10, "the template has numbers: " + numbers.size());
    for (Object n : numbers) {
      assertInstanceOf(Double.class, n, "every number as Go's interface{} holds it: " + n);
    }
  }

  private static void collectNumbers(Object v, List<Object> out) {
    if (v instanceof Document d) {
      d.values().forEach(x -> collectNumbers(x, out));
    } else if (v instanceof List<?> l) {
      l.forEach(x -> collectNumbers(x, out));
    } else if (v instanceof Number) {
      out.add(v);
    }
  }

  @Test
  void seedsIndexesCountsAndChecksOnTheStandIn() {
    try (MongoTarget t = MongoTarget.embedded()) {
      String uri = t.uriForDriver();
      Object[] seed = run(uri, "seed", "flat", "50");
      assertEquals(0, seed[0], (String) seed[1]);
      String first = MongoCollections.ids(GoServiceCollection.idPrefix(PayloadDocument.flat), 1).get(0);
      assertTrue(((String) seed[1]).contains("first id " + first), (String) seed[1]);
      assertEquals(List.of(0, "50"), List.of(run(uri, "count")[0], ((String) run(uri, "count")[1]).strip()));
      assertEquals(0, run(uri, "count", "50")[0]);
      assertEquals(GoServiceCollection.EXIT_CHECK, run(uri, "count", "51")[0], "fewer than the minimum");
      assertEquals(first, ((String) run(uri, "first-id")[1]).strip());

      Object[] id = run(uri, "index", "id");
      assertEquals(0, id[0]);
      assertTrue(((String) id[1]).strip().endsWith(": _id_, id_1 (unique)"), (String) id[1]);
      // the study's form replaces the unique index, and the unique one replaces it again
      assertTrue(((String) run(uri, "index", "id-nonunique")[1]).strip().endsWith(": _id_, id_1"));
      assertTrue(((String) run(uri, "index", "id")[1]).strip().endsWith(": _id_, id_1 (unique)"));
      Object[] none = run(uri, "index", "none");
      assertTrue(((String) none[1]).strip().endsWith(": _id_"), (String) none[1]);

      // a second seed replaces the first: the collection is dropped before it
      assertEquals(0, run(uri, "seed", "reqmgr2", "5")[0]);
      assertEquals("5", ((String) run(uri, "count")[1]).strip());
      assertEquals(0, run(uri, "drop")[0]);
      assertEquals("0", ((String) run(uri, "count")[1]).strip());
      assertEquals(GoServiceCollection.EXIT_CHECK, run(uri, "first-id")[0], "an empty collection has no first id");
    }
  }

  @Test
  void badInputIsExitTwo() {
    try (MongoTarget t = MongoTarget.embedded()) {
      String uri = t.uriForDriver();
      assertEquals(GoServiceCollection.EXIT_BAD_INPUT, run(null, "count")[0], "the variable is not set");
      assertEquals(GoServiceCollection.EXIT_BAD_INPUT, run("http://nope", "count")[0], "not a connection string");
      assertEquals(GoServiceCollection.EXIT_BAD_INPUT, run(uri, "seed", "json", "5")[0], "an unknown document");
      assertEquals(GoServiceCollection.EXIT_BAD_INPUT, run(uri, "seed", "flat", "0")[0], "no documents");
      assertEquals(GoServiceCollection.EXIT_BAD_INPUT, run(uri, "index", "name")[0]);
      assertEquals(GoServiceCollection.EXIT_BAD_INPUT, run(uri, "truncate")[0]);
    }
  }
}
