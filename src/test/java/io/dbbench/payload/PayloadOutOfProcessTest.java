package io.dbbench.payload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbbench.core.BenchConfig;
import io.dbbench.core.ChildJvm;
import io.dbbench.core.FamilyServers;
import io.dbbench.core.Mode;
import io.dbbench.mongo.Arrangement;
import io.dbbench.mongo.MongoTarget;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The default arrangement: the payload service and the mongo-java-server stand-in each in a JVM of
 * their own. They start, serve, are stopped and leave nothing behind; the collection holds what
 * the family's settings and manifest say; this JVM's allocations are the client's alone; a slow
 * client is cut off; and 100 concurrent clients under a fixed service heap get every request
 * answered, with the stored count equal to the 2xx answers.
 */
class PayloadOutOfProcessTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static AutoCloseable uri;
  private static AutoCloseable container;

  /** The stand-in default, whatever the caller's environment holds. */
  @BeforeAll
  static void standInDefault() {
    uri = BenchConfig.override(MongoTarget.ENV_URI, "");
    container = BenchConfig.override(MongoTarget.ENV_CONTAINER, "");
  }

  @AfterAll
  static void restore() throws Exception {
    uri.close();
    container.close();
  }

  private static HttpResponse<byte[]> send(HttpClient c, HttpRequest r) throws Exception {
    return c.send(r, HttpResponse.BodyHandlers.ofByteArray());
  }

  private static HttpRequest insert(URI base, PayloadDocument doc) {
    return HttpRequest.newBuilder(base.resolve("/insert")).header("Content-Type", "application/json")
        .timeout(Duration.ofSeconds(30)).POST(HttpRequest.BodyPublishers.ofByteArray(doc.bytes())).build();
  }

  @Test
  void trialsOnTheSharedServersKeepThemRunningReuseTheSeedAndMeasureTheirCpu() throws Exception {
    FamilyServers servers = PayloadFixture.startShared(PayloadSettings.fromEnvironment());
    List<ProcessHandle> started = new ArrayList<>();
    try {
      assertEquals(2, servers.servers().size(), servers.facts().toString());
      servers.servers().forEach(x -> started.add(x.process().orElseThrow()));
      servers.forkProperties().forEach(System::setProperty);
      long servicePid;
      String firstId;
      try (PayloadFixture a = PayloadFixture.open(PayloadSettings.fromEnvironment(), Arrangement.outOfProcess, PayloadDocument.flat, PayloadFixture.Index.none, 50)) {
        assertTrue(a.sharedServers());
        servicePid = a.servicePid();
        assertEquals(started.get(1).pid(), servicePid, "the trial uses the shared service");
        assertEquals(List.of("_id_"), a.indexNames());
        firstId = a.seededIds().get(0);
        long cpu = a.serverCpuNanos();
        assertTrue(cpu > 0, "CPU of the shared processes: " + cpu);
        try (HttpClient c = HttpClient.newHttpClient()) {
          assertEquals(200, send(c, HttpRequest.newBuilder(a.baseUri().resolve("/search?id=" + firstId)).build()).statusCode());
        }
      }
      assertTrue(started.stream().allMatch(ProcessHandle::isAlive), "a trial's close leaves the shared servers running");
      try (PayloadFixture b = PayloadFixture.open(PayloadSettings.fromEnvironment(), Arrangement.outOfProcess, PayloadDocument.flat, PayloadFixture.Index.id, 50)) {
        assertEquals(servicePid, b.servicePid());
        assertEquals(firstId, b.seededIds().get(0));
        assertEquals(List.of("_id_", "id_1"), b.indexNames(), "the kept seed gets the index the trial asks for");
        b.verifyCount(50);
      }
      try (PayloadFixture i = PayloadFixture.open(PayloadSettings.fromEnvironment(), Arrangement.outOfProcess, PayloadDocument.reqmgr2, PayloadFixture.Index.id, 0)) {
        i.verifyCount(0);
        try (HttpClient c = HttpClient.newHttpClient()) {
          assertEquals(201, send(c, insert(i.baseUri(), PayloadDocument.reqmgr2)).statusCode());
        }
        i.verifyInserted(1, 0);
      }
    } finally {
      servers.forkProperties().keySet().forEach(System::clearProperty);
      servers.close();
    }
    for (ProcessHandle h : started) {
      assertFalse(h.isAlive(), "the family's close stops " + h.pid());
    }
    // a fork given servers that have gone says so instead of measuring something else
    servers.forkProperties().forEach(System::setProperty);
    try {
      IllegalStateException e = assertThrows(IllegalStateException.class,
          () -> PayloadFixture.open(PayloadSettings.fromEnvironment(), Arrangement.outOfProcess, PayloadDocument.flat, PayloadFixture.Index.none, 10));
      assertTrue(e.getMessage().contains("is not running"), e.getMessage());
    } finally {
      servers.forkProperties().keySet().forEach(System::clearProperty);
    }
  }

  @Test
  void serviceAndStandInRunInTheirOwnJvmsServeAndLeaveNothingBehind() throws Exception {
    List<ProcessHandle> children;
    URI base;
    int mongoPort;
    try (PayloadFixture f = PayloadFixture.open(PayloadSettings.fromEnvironment(), Arrangement.outOfProcess, PayloadDocument.flat, PayloadFixture.Index.id, 50);
        HttpClient c = HttpClient.newHttpClient()) {
      ChildJvm service = f.serviceProcess();
      ChildJvm standIn = f.target().process();
      assertNotNull(service, "the service must run in a process of its own");
      assertNotNull(standIn, "the stand-in must run in a process of its own");
      long self = ProcessHandle.current().pid();
      assertNotEquals(self, service.pid());
      assertNotEquals(self, standIn.pid());
      assertTrue(service.isAlive() && standIn.isAlive());
      children = List.of(service.handle(), standIn.handle());
      assertTrue(ProcessHandle.current().children().map(ProcessHandle::pid).toList()
          .containsAll(List.of(service.pid(), standIn.pid())));
      assertEquals(MongoTarget.Kind.STAND_IN_PROCESS, f.target().kind());
      assertEquals(MongoTarget.embeddedBackendLabel(), f.backend());
      base = f.baseUri();
      mongoPort = URI.create(f.target().uriForDriver().replace("mongodb://", "http://")).getPort();

      String id = f.seededIds().get(17);
      HttpResponse<byte[]> s = send(c, HttpRequest.newBuilder(base.resolve("/search?id=" + id)).build());
      assertEquals(200, s.statusCode());
      f.verifyTemplate(JSON.readTree(s.body()), id);
      HttpResponse<byte[]> i = send(c, insert(base, PayloadDocument.flat));
      assertEquals(201, i.statusCode());
      f.verifyCount(51);
      JsonNode h = f.health();
      assertEquals("ok", h.get("status").asText());
      assertEquals(1, h.get("inserted").asLong());
      assertEquals(0, h.get("mongo_failures").asLong());
    }
    for (ProcessHandle p : children) {
      assertFalse(p.isAlive(), "process " + p.pid() + " survived the fixture's close");
    }
    assertTrue(ProcessHandle.current().children().noneMatch(p -> children.stream().anyMatch(x -> x.pid() == p.pid())));
    for (int port : new int[] {base.getPort(), mongoPort}) {
      try (Socket sock = new Socket()) {
        assertThrows(ConnectException.class, () -> sock.connect(new InetSocketAddress("127.0.0.1", port), 2000),
            "port " + port + " still accepts connections");
      }
    }
  }

  @Test
  void theSeededCollectionHoldsTheQuickSizeAndTheIndexTheManifestNames() throws Exception {
    int quick = Integer.parseInt(new PayloadFamily().settings(Mode.QUICK).params().get("collectionSize").get(0));
    Object indexFact = new PayloadFamily().probe().facts().get("index_param");
    assertTrue(String.valueOf(indexFact).contains("id_1"), String.valueOf(indexFact));
    try (PayloadFixture f = PayloadFixture.open(PayloadSettings.fromEnvironment(), Arrangement.outOfProcess, PayloadDocument.flat, PayloadFixture.Index.id, quick)) {
      assertEquals(quick, f.count());
      assertEquals(quick, f.seededIds().size());
      assertEquals(List.of("_id_", "id_1"), f.indexNames());
    }
    try (PayloadFixture f = PayloadFixture.open(PayloadSettings.fromEnvironment(), Arrangement.outOfProcess, PayloadDocument.reqmgr2, PayloadFixture.Index.none, 30)) {
      assertEquals(30, f.count());
      assertEquals(List.of("_id_"), f.indexNames(), "index=none must leave only MongoDB's own _id index");
      f.verifySample(f.seededIds().get(29));
    }
  }

  /** Bytes allocated so far by every live thread of this JVM, as JMH's gc profiler sums them. */
  private static long allocatedBytes() {
    com.sun.management.ThreadMXBean t = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long sum = 0;
    for (long b : t.getThreadAllocatedBytes(t.getAllThreadIds())) {
      sum += Math.max(0, b);
    }
    return sum;
  }

  private static double bytesPerInsert(PayloadFixture f, int n) throws Exception {
    try (HttpClient c = HttpClient.newHttpClient()) {
      HttpRequest r = insert(f.baseUri(), PayloadDocument.reqmgr2);
      for (int i = 0; i < 50; i++) {
        assertEquals(201, send(c, r).statusCode()); // warm up both sides
      }
      long before = allocatedBytes();
      for (int i = 0; i < n; i++) {
        c.send(r, HttpResponse.BodyHandlers.discarding());
      }
      return (allocatedBytes() - before) / (double) n;
    }
  }

  @Test
  void serverSideAllocationsNoLongerCountInTheClientsJvm() throws Exception {
    int n = 300;
    double outside;
    double inside;
    try (PayloadFixture f = PayloadFixture.open(PayloadSettings.fromEnvironment(), Arrangement.outOfProcess, PayloadDocument.reqmgr2, PayloadFixture.Index.id, 0)) {
      outside = bytesPerInsert(f, n);
      assertEquals(n + 50, f.health().get("inserted").asLong(), "the inserts were served by the other process");
    }
    try (PayloadFixture f = PayloadFixture.open(PayloadSettings.fromEnvironment(), Arrangement.inProcess, PayloadDocument.reqmgr2, PayloadFixture.Index.id, 0)) {
      inside = bytesPerInsert(f, n);
    }
    // In process, this JVM also parses each 12 KB body into a tree and BSON, and the stand-in
    // decodes and stores it: several times the client's own bytes.
    assertTrue(outside * 3 < inside, String.format("client-only %.0f B/insert vs in-process %.0f B/insert", outside, inside));
  }

  @Test
  void aClientThatTakesTooLongToSendItsRequestIsDisconnected() throws Exception {
    try (ChildJvm c = ChildJvm.start("payload-service-test", PayloadServer.class.getName(), List.of("-Xmx256m"),
        List.of("--port", "0", "--mongo-uri", "embedded", "--read-timeout-seconds", "1", ChildJvm.STOP_ON_STDIN_EOF),
        Map.of(), Pattern.compile(Pattern.quote(PayloadServer.READY_PREFIX) + "(http://\\S+)"))) {
      URI base = URI.create(c.awaitReady(ChildJvm.READY_TIMEOUT).group(1));
      assertEquals("127.0.0.1", base.getHost(), "loopback unless told otherwise");
      try (Socket s = new Socket("127.0.0.1", base.getPort())) {
        s.setSoTimeout(30_000);
        OutputStream out = s.getOutputStream();
        out.write("POST /insert HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"a\":"
            .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        long t0 = System.nanoTime();
        InputStream in = s.getInputStream();
        int b;
        try {
          b = in.read();
          while (b >= 0) {
            b = in.read();
          }
        } catch (IOException reset) {
          b = -1; // a reset is a disconnect too
        }
        assertEquals(-1, b);
        assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(25), "the slow request was not cut off");
      }
    }
  }

  @Test
  void hundredConcurrentClientsForThreeSecondsUnderAFixedHeapLoseNothing() throws Exception {
    try (AutoCloseable heap = BenchConfig.override(PayloadSettings.ENV_SERVICE_HEAP, LOAD_TEST_HEAP);
        PayloadFixture f = PayloadFixture.open(PayloadSettings.fromEnvironment(), Arrangement.outOfProcess, PayloadDocument.flat, PayloadFixture.Index.id, 0)) {
      AtomicLong created = new AtomicLong();
      AtomicLong other = new AtomicLong();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
      List<Future<?>> fs = new ArrayList<>();
      try (var ex = Executors.newFixedThreadPool(100)) {
        for (int t = 0; t < 100; t++) {
          fs.add(ex.submit(() -> {
            try (HttpClient c = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build()) {
              HttpRequest r = insert(f.baseUri(), PayloadDocument.flat);
              while (System.nanoTime() < deadline) {
                int status = c.send(r, HttpResponse.BodyHandlers.discarding()).statusCode();
                (status == 201 ? created : other).incrementAndGet();
              }
            }
            return null;
          }));
        }
        for (Future<?> x : fs) {
          x.get(120, TimeUnit.SECONDS); // an unanswered request fails here with its IOException
        }
      }
      assertEquals(0, other.get(), "answers other than 201");
      assertTrue(created.get() >= 100, "every client got at least one answer: " + created.get());
      f.verifyCount(created.get());
      JsonNode h = f.health();
      assertEquals(created.get(), h.get("inserted").asLong());
      assertEquals(0, h.get("server_errors").asLong() + h.get("mongo_failures").asLong() + h.get("client_errors").asLong());
      System.out.println("[load] 100 clients, 3 s, service heap " + LOAD_TEST_HEAP + ": " + created.get() + " inserts, all 201, all stored");
    }
  }

  /** The service's fixed heap in the load test ({@code -Xms} = {@code -Xmx}); the README states it. */
  static final String LOAD_TEST_HEAP = "256m";
}
