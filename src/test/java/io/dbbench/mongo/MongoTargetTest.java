package io.dbbench.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import io.dbbench.core.BackendKind;
import io.dbbench.core.BenchConfig;
import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.Probe;
import io.dbbench.payload.MongoFamily;
import io.dbbench.payload.PayloadDocument;
import io.dbbench.payload.PayloadFamily;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bson.Document;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Target selection, the stand-in, the families' probe/describe, and credential redaction. */
@ExtendWith(EmbeddedMongoDefault.class)
class MongoTargetTest {

  @Test
  void defaultIsTheStandInInItsOwnJvmAnsweringAsMongo50AndGoneAfterClose() {
    ProcessHandle standIn;
    try (MongoTarget t = MongoTarget.open(); MongoClient c = t.newClient(2)) {
      assertEquals(MongoTarget.Kind.STAND_IN_PROCESS, t.kind());
      standIn = t.process().handle();
      assertTrue(standIn.isAlive());
      assertTrue(standIn.pid() != ProcessHandle.current().pid());
      assertTrue(t.redactedUri().startsWith("mongodb://127.0.0.1:"), t.redactedUri());
      Document hello = c.getDatabase("admin").runCommand(new Document("isMaster", 1));
      assertEquals(8, ((Number) hello.get("maxWireVersion")).intValue(), "ServerVersion.MONGO_5_0 speaks wire version 8");
      assertTrue(t.serverVersion().startsWith("5.0"), t.serverVersion());
      assertEquals("mongo-java-server 1.47.0 (stand-in, not MongoDB)", t.backend());
    }
    assertFalse(standIn.isAlive(), "the stand-in process outlived close()");
    try (MongoTarget t = MongoTarget.open(Arrangement.inProcess)) {
      assertEquals(MongoTarget.Kind.EMBEDDED, t.kind());
      assertEquals(null, t.process());
    }
  }

  @Test
  void standInVersionConstantMatchesThePom() throws Exception {
    String pom = Files.readString(Path.of("pom.xml"));
    Matcher m = Pattern.compile("<mongo-java-server.version>([^<]+)</mongo-java-server.version>").matcher(pom);
    assertTrue(m.find(), "pom.xml declares mongo-java-server.version");
    assertEquals(m.group(1), MongoTarget.MONGO_JAVA_SERVER_VERSION,
        "update MongoTarget.MONGO_JAVA_SERVER_VERSION with the pom");
    assertTrue(MongoTarget.driverVersion().startsWith("5."), MongoTarget.driverVersion());
  }

  @Test
  void badUriIsRefusedWithoutItsPassword() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> MongoTarget.forUri("postgres://admin:hunter2@db:5432/x"));
    assertTrue(e.getMessage().contains("DBBENCH_MONGO_URI") && e.getMessage().contains("mongodb://host:27017"), e.getMessage());
    assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
    try (MongoTarget t = MongoTarget.forUri("mongodb://admin:hunter2@db.example:27017/?replicaSet=rs0")) {
      assertEquals(MongoTarget.Kind.URI, t.kind());
      assertFalse(t.redactedUri().contains("hunter2"));
      assertFalse(t.toString().contains("hunter2"));
    }
    assertThrows(IllegalArgumentException.class, () -> MongoTarget.embedded().newClient(0));
  }

  @Test
  void containerRequestWithoutDockerFallsBackToTheStandInWithOneLine() throws Exception {
    Assumptions.assumeFalse(ContainerSupport.dockerAvailable(), "a Docker engine is available: the fallback cannot be observed");
    PrintStream err = System.err;
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    System.setErr(new PrintStream(buf, true, StandardCharsets.UTF_8));
    try (AutoCloseable container = BenchConfig.override(MongoTarget.ENV_CONTAINER, "true");
        MongoTarget t = MongoTarget.open()) {
      assertTrue(t.isStandIn(), t.kind().toString());
    } finally {
      System.setErr(err);
    }
    String out = buf.toString(StandardCharsets.UTF_8);
    assertEquals(1, out.lines().count(), "exactly one line: " + out);
    assertTrue(out.contains("DBBENCH_MONGO_CONTAINER=true but") && out.contains("using the embedded mongo-java-server"), out);
    assertFalse(ContainerSupport.lastFallbackReason.isEmpty());
  }

  @Test
  void familiesProbeAndDescribeTheStandIn() {
    for (BenchmarkFamily f : new BenchmarkFamily[] {new MongoFamily(), new PayloadFamily()}) {
      Probe a = f.probe();
      assertTrue(a.available(), a.reason());
      Map<String, Object> d = a.facts();
      assertEquals("mongo-java-server 1.47.0 (stand-in, not MongoDB)", d.get("backend"));
      assertEquals(BackendKind.STAND_IN, a.kind(), f.id());
      assertEquals(MongoTarget.driverVersion(), d.get("mongodb_driver_sync"));
      @SuppressWarnings("unchecked")
      Map<String, Map<String, Object>> docs = (Map<String, Map<String, Object>>) d.get("documents");
      for (PayloadDocument doc : PayloadDocument.values()) {
        assertEquals(doc.sizeBytes(), docs.get(doc.name()).get("bytes"));
        assertEquals(doc.sha256(), docs.get(doc.name()).get("sha256"));
      }
      assertTrue(Pattern.compile(f.includeRegex()).matcher("io.dbbench." + f.id() + ".X.y").find());
    }
    assertEquals("payload", new PayloadFamily().id());
    assertEquals("mongo", new MongoFamily().id());
  }

  @Test
  void unreachableUriProbesUnavailableWithoutThePassword() throws Exception {
    try (AutoCloseable uri = BenchConfig.override(MongoTarget.ENV_URI,
        "mongodb://admin:hunter2@127.0.0.1:1/?serverSelectionTimeoutMS=300&connectTimeoutMS=300")) {
      Probe a = new MongoFamily().probe();
      assertFalse(a.available());
      assertEquals(BackendKind.REAL, a.kind());
      assertTrue(a.reason().contains("DBBENCH_MONGO_URI"), a.reason());
      assertFalse(a.reason().contains("hunter2"), a.reason());
      assertEquals(1, a.reason().lines().count(), a.reason());
    }
  }
}
