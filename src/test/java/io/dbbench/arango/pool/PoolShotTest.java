package io.dbbench.arango.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.arangodb.ArangoDBException;
import com.arangodb.entity.ErrorEntity;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** DNF accounting and answer checking of one shot, with a scripted client (no server). */
class PoolShotTest {
  /** A client that answers each id as {@code script} says. */
  record Scripted(Function<String, CompletableFuture<List<PoolDoc>>> script) implements PoolClient {
    @Override
    public CompletableFuture<List<PoolDoc>> query(String endToEndId) {
      return script.apply(endToEndId);
    }

    @Override
    public void ping() {}

    @Override
    public void close() {}
  }

  static PoolDoc doc(int i) {
    Map<String, Object> d = PoolDocuments.document(i);
    PoolDoc p = new PoolDoc();
    p.key = (String) d.get("_key");
    p.endToEndId = (String) d.get("EndToEndId");
    p.amount = (Double) d.get("Amt");
    return p;
  }

  static final List<PoolIds.Pick> PICKS = PoolIds.picks(PoolIds.SEED, 200, 1000, 0.2);

  static CompletableFuture<List<PoolDoc>> right(String id) {
    return CompletableFuture.completedFuture(PICKS.stream().filter(p -> p.endToEndId().equals(id)).findFirst()
        .filter(PoolIds.Pick::hit).map(p -> List.of(doc(p.document()))).orElse(List.of()));
  }

  @Test
  void rightAnswersFinish() throws Exception {
    PoolShot s = PoolShot.run(new Scripted(PoolShotTest::right), PICKS, 5000);
    assertFalse(s.dnf());
    assertEquals(200, s.answered());
    assertEquals(PICKS.stream().filter(PoolIds.Pick::hit).count(), s.checkAnswers());
  }

  @Test
  void wrongAnswersFailTheCheckNotTheShot() throws Exception {
    PoolIds.Pick hit = PICKS.stream().filter(PoolIds.Pick::hit).findFirst().orElseThrow();
    PoolIds.Pick miss = PICKS.stream().filter(p -> !p.hit()).findFirst().orElseThrow();
    // a hit answered with another document, a miss answered with a document
    PoolShot s = PoolShot.run(new Scripted(id -> id.equals(hit.endToEndId())
        ? CompletableFuture.completedFuture(List.of(doc(hit.document() + 1)))
        : id.equals(miss.endToEndId()) ? CompletableFuture.completedFuture(List.of(doc(3))) : right(id)), PICKS, 5000);
    assertFalse(s.dnf());
    IllegalStateException e = assertThrows(IllegalStateException.class, s::checkAnswers);
    assertTrue(e.getMessage().startsWith("2 of 200 answers are wrong"), e.getMessage());
    // an empty answer for a hit is wrong too
    PoolShot empty = PoolShot.run(new Scripted(id -> CompletableFuture.completedFuture(List.of())), PICKS, 5000);
    assertTrue(assertThrows(IllegalStateException.class, empty::checkAnswers).getMessage().contains("0 documents; expected exactly tx_"));
  }

  @Test
  void failuresAreCountedPerCauseAndMakeTheShotDnf() throws Exception {
    int[] k = {0};
    PoolShot s = PoolShot.run(new Scripted(id -> switch (k[0]++ % 5) {
      case 0 -> CompletableFuture.failedFuture(new CompletionException(new PoolQueryException(503, 21003, "queue is full")));
      case 1 -> CompletableFuture.failedFuture(new PoolQueryException(412, 21004, "queue time violated"));
      case 2 -> CompletableFuture.failedFuture(new ConnectException("Connection refused"));
      case 3 -> new CompletableFuture<>(); // never answers: a timeout at the deadline
      default -> right(id);
    }), PICKS, 300);
    assertTrue(s.dnf());
    assertEquals(40, s.failed(DnfCause.QUEUE_FULL));
    assertEquals(40, s.failed(DnfCause.QUEUE_TIME_VIOLATED));
    assertEquals(40, s.failed(DnfCause.REFUSED));
    assertEquals(40, s.failed(DnfCause.TIMEOUT));
    assertEquals(0, s.failed(DnfCause.OTHER));
    assertEquals(40, s.answered());
    assertEquals(160, s.failed());
    assertTrue(s.elapsedNanos() >= 300_000_000L, "waited for the deadline");
    s.checkAnswers(); // the 40 answers are right; failures are not wrong answers
    Map<String, Object> d = s.describe();
    assertEquals(Map.of("queueFull", 40, "queueTimeViolated", 40, "timeout", 40, "refused", 40, "otherError", 0), d.get("failed"));
    assertTrue(String.valueOf(d.get("first_failure")).contains("queue is full"), d.toString());
  }

  @Test
  void causesFromTheDriverAndTheJdkClient() throws Exception {
    ErrorEntity full = new ObjectMapper().readValue(
        "{\"errorNum\":21003,\"errorMessage\":\"queue is full\",\"code\":503}", ErrorEntity.class);
    assertEquals(DnfCause.QUEUE_FULL, DnfCause.of(new CompletionException(new ArangoDBException(full))));
    ErrorEntity late = new ObjectMapper().readValue(
        "{\"errorNum\":21004,\"errorMessage\":\"queue time violated\",\"code\":412}", ErrorEntity.class);
    assertEquals(DnfCause.QUEUE_TIME_VIOLATED, DnfCause.of(new ArangoDBException(late)));
    ErrorEntity parse = new ObjectMapper().readValue(
        "{\"errorNum\":1501,\"errorMessage\":\"syntax error\",\"code\":400}", ErrorEntity.class);
    assertEquals(DnfCause.OTHER, DnfCause.of(new ArangoDBException(parse)));
    assertEquals(DnfCause.REFUSED, DnfCause.of(ArangoDBException.of(new ConnectException("refused"))));
    assertEquals(DnfCause.REFUSED, DnfCause.of(new HttpConnectTimeoutException("connect timed out")));
    assertEquals(DnfCause.TIMEOUT, DnfCause.of(new HttpTimeoutException("request timed out")));
    assertEquals(DnfCause.OTHER, DnfCause.of(new IOException("Connection reset")));
  }
}
