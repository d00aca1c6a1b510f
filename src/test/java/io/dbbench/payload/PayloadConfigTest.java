package io.dbbench.payload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The service's JSON configuration (the original's keys) and its command-line overrides. */
class PayloadConfigTest {
  @TempDir
  Path tmp;

  private Path file(String json) throws Exception {
    Path f = tmp.resolve("config.json");
    Files.writeString(f, json);
    return f;
  }

  @Test
  void defaultsAreTheOriginalsPortAndMongoDbsDocumentLimit() {
    PayloadConfig c = PayloadConfig.defaults();
    assertEquals(7111, c.port());
    assertEquals(16L * 1024 * 1024, c.maxBodyBytes());
    assertFalse(c.useHttps());
    assertNull(c.jsonFile());
  }

  @Test
  void everyKeyIsReadAndRelativePathsResolveAgainstTheConfigFile() throws Exception {
    PayloadConfig c = PayloadConfig.load(file("{\"use_https\": true, \"port\": 8443, \"cert_file\": \"c.pem\","
        + " \"key_file\": \"/abs/k.pem\", \"json_file\": \"t.json\", \"mongo_uri\": \"mongodb://db:27017\","
        + " \"mongo_database\": \"wm\", \"mongo_collection\": \"payloads\", \"host\": \"127.0.0.1\","
        + " \"max_body_bytes\": 1000}"), PayloadConfig.defaults());
    assertTrue(c.useHttps());
    assertEquals(8443, c.port());
    assertEquals(tmp.resolve("c.pem").toAbsolutePath(), c.certFile());
    assertEquals(Path.of("/abs/k.pem"), c.keyFile());
    assertEquals(tmp.resolve("t.json").toAbsolutePath(), c.jsonFile());
    assertEquals("mongodb://db:27017", c.mongoUri());
    assertEquals("wm", c.mongoDatabase());
    assertEquals("payloads", c.mongoCollection());
    assertEquals("127.0.0.1", c.host());
    assertEquals(1000, c.maxBodyBytes());
    c.requireStartable();
  }

  @Test
  void badFilesNameTheKeyAndWhatWasExpected() throws Exception {
    assertMessage(file("{\"prot\": 1}"), "unknown key 'prot'");
    assertMessage(file("{\"port\": \"7111\"}"), "port=\"7111\"; expected an integer");
    assertMessage(file("{\"port\": 70000}"), "port=70000; expected 0..65535");
    assertMessage(file("{\"use_https\": \"yes\"}"), "use_https=\"yes\"; expected true or false");
    assertMessage(file("{\"mongo_collection\": \"a$b\"}"), "mongo_collection='a$b'");
    assertMessage(file("[1]"), "must hold a JSON object");
    assertMessage(file("{\"port\": "), "is not valid JSON");
  }

  private static void assertMessage(Path f, String part) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PayloadConfig.load(f, PayloadConfig.defaults()));
    assertTrue(e.getMessage().contains(part), e.getMessage());
  }

  @Test
  void httpsWithoutPemFilesIsRefusedAtStartNotWhileLoading() throws Exception {
    PayloadConfig c = PayloadConfig.load(file("{\"use_https\": true}"), PayloadConfig.defaults());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, c::requireStartable);
    assertTrue(e.getMessage().contains("needs cert_file and key_file"), e.getMessage());
  }

  @Test
  void commandLineOverridesTheFile() throws Exception {
    PayloadServer s = new PayloadServer();
    new CommandLine(s).parseArgs("--config", file("{\"port\": 9000, \"mongo_database\": \"a\"}").toString(),
        "--port", "9001", "--mongo-uri", "mongodb://user:secret@db:27017", "--max-body-bytes", "2048");
    PayloadConfig c = s.resolve();
    assertEquals(9001, c.port());
    assertEquals("a", c.mongoDatabase());
    assertEquals(2048, c.maxBodyBytes());
    assertFalse(c.toString().contains("secret"), "toString redacts the URI: " + c);
  }

  @Test
  void serverExitsWith2OnABadConfiguration() throws Exception {
    assertEquals(2, new CommandLine(new PayloadServer()).execute("--config", file("{\"prot\": 1}").toString()));
    assertEquals(2, new CommandLine(new PayloadServer()).execute("--mongo-uri", "http://user:pw@db"));
    PrintStream err = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setErr(new PrintStream(captured, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      assertEquals(2, new CommandLine(new PayloadServer()).execute("--config", "missing.json"));
    } finally {
      System.setErr(err);
    }
    String said = captured.toString(java.nio.charset.StandardCharsets.UTF_8);
    assertEquals(1, said.lines().count(), "one line, no stack trace: " + said);
    assertTrue(said.startsWith("payload-server: --config missing.json: no such file"), said);
  }

  @Test
  void theShippedExampleConfigurationLoadsWithEveryKey() throws Exception {
    Path example = Path.of("docs/examples/payload-config.json");
    PayloadConfig c = PayloadConfig.load(example, PayloadConfig.defaults());
    assertEquals("embedded", c.mongoUri());
    assertTrue(Files.isRegularFile(c.jsonFile()), "json_file resolves beside the example: " + c.jsonFile());
    JsonNode keys = new ObjectMapper().readTree(example.toFile());
    assertEquals(11, keys.size(), "every key but the two PEM files: " + keys);
  }

  private static final Pattern LISTENING = Pattern.compile("listening on (http://127\\.0\\.0\\.1:\\d+)");

  /** A {@link PayloadServer} serving on a thread of its own until {@link #stop}, its output captured. */
  private static final class Serving {
    private final ByteArrayOutputStream buf = new ByteArrayOutputStream();
    private final CountDownLatch stop = new CountDownLatch(1);
    private final FutureTask<Integer> task;

    Serving(String threadName, String... args) {
      PayloadServer s = new PayloadServer();
      new CommandLine(s).parseArgs(args);
      PrintStream out = new PrintStream(buf, true, java.nio.charset.StandardCharsets.UTF_8);
      task = new FutureTask<>(() -> s.serve(out, stop));
      new Thread(task, threadName).start();
    }

    /** The address of its "listening on" line, waited for up to 15 s; null when it ended or printed none. */
    URI address() throws InterruptedException {
      for (int k = 0; k < 300 && !task.isDone() && !LISTENING.matcher(output()).find(); k++) {
        Thread.sleep(50); // waiting for the server's line, not timing anything
      }
      Matcher m = LISTENING.matcher(output());
      return m.find() ? URI.create(m.group(1)) : null;
    }

    String output() {
      return buf.toString(java.nio.charset.StandardCharsets.UTF_8);
    }

    void stop() {
      stop.countDown();
    }

    /** Its exit status, waited for up to 30 s after {@link #stop}. */
    int exit() throws Exception {
      return task.get(30, TimeUnit.SECONDS);
    }
  }

  @Test
  void serverPrintsItsAddressAndServesUntilStopped() throws Exception {
    Serving s = new Serving("payload-server-test", "--host", "127.0.0.1", "--port", "0", "--mongo-uri", "embedded");
    try {
      URI base = s.address();
      assertTrue(base != null, "no address printed: " + s.output());
      try (HttpClient c = HttpClient.newHttpClient()) {
        var r = c.send(HttpRequest.newBuilder(base.resolve("/health")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode());
      }
    } finally {
      s.stop();
    }
    assertEquals(0, s.exit());
  }

  /**
   * Seeded random MongoDB passwords ({@link io.dbbench.CredentialMarkers}: user-info and the
   * {@code authMechanismProperties} token, percent-encoded) given to the service, whose MongoDB at
   * 127.0.0.1:1 never answers: neither its "listening" line, nor its answers to
   * {@code /health}, {@code /search} and {@code /insert} (the failures the URI is most likely to be
   * quoted in), nor anything it prints on stderr holds the marker.
   */
  @Test
  void aPasswordInTheMongoUriReachesNeitherTheListeningLineNorAnyAnswer() throws Exception {
    java.util.SplittableRandom rnd = new java.util.SplittableRandom(20261128L);
    PrintStream err = System.err;
    ByteArrayOutputStream errors = new ByteArrayOutputStream();
    System.setErr(new PrintStream(errors, true, java.nio.charset.StandardCharsets.UTF_8));
    try (HttpClient client = HttpClient.newHttpClient()) {
      for (int i = 0; i < 6; i++) {
        io.dbbench.CredentialMarkers.Case c = io.dbbench.CredentialMarkers.next(rnd, i % 2 == 0
            ? io.dbbench.CredentialMarkers.Form.MONGO_USERINFO : io.dbbench.CredentialMarkers.Form.MONGO_AUTH_PROPERTIES);
        Serving s = new Serving("payload-server-marker-test", "--host", "127.0.0.1", "--port", "0", "--mongo-uri",
            c.value(), "--mongo-timeout-ms", "300");
        StringBuilder seen = new StringBuilder();
        try {
          URI base = s.address();
          if (base != null) {
            for (HttpRequest r : List.of(HttpRequest.newBuilder(base.resolve("/health")).build(),
                HttpRequest.newBuilder(base.resolve("/search?id=" + java.util.UUID.nameUUIDFromBytes(new byte[] {1}))).build(),
                HttpRequest.newBuilder(base.resolve("/insert")).POST(HttpRequest.BodyPublishers.ofString("{\"a\":1}")).build())) {
              HttpResponse<String> a = client.send(r, HttpResponse.BodyHandlers.ofString());
              seen.append(a.statusCode()).append(' ').append(a.body()).append('\n');
            }
          }
        } finally {
          s.stop();
        }
        seen.append("exit ").append(s.exit()).append('\n');
        seen.append(s.output());
        assertTrue(seen.toString().contains("listening on") || seen.toString().contains("exit 2"), seen.toString());
        assertFalse(seen.toString().contains(c.marker()), c.value() + " leaks " + c.marker() + ":\n" + seen);
        String said = errors.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertFalse(said.contains(c.marker()), c.value() + " leaks " + c.marker() + " on stderr:\n" + said);
      }
    } finally {
      System.setErr(err);
    }
  }
}
