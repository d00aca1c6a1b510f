package io.dbbench.arango.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.arangodb.Protocol;
import io.dbbench.arango.bulk.BulkClient;
import io.dbbench.arango.standin.ArangoStandIn;
import io.dbbench.arango.standin.StandInProcess;
import io.dbbench.core.FamilyServers;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Target selection, the one-line reachability messages, labels and the driver facts. */
class ArangoTargetTest {

  @Test
  void theStandInRunsInItsOwnJvmAndStopsOnClose() throws Exception {
    StandInProcess p;
    try (ArangoTarget t = ArangoTarget.open(ArangoSettings.standIn(), List.of())) {
      assertEquals(ArangoSettings.Kind.STAND_IN, t.kind());
      assertEquals(ArangoStandIn.LABEL, t.backend());
      assertEquals("arango", t.check().path("server").asText());
      assertEquals("dbbench ArangoDB stand-in (not ArangoDB)", t.describe().get("backend"));
    }
    p = StandInProcess.start("256m", List.of());
    assertTrue(p.firstLine().startsWith(ArangoStandIn.LABEL + " listening on http://127.0.0.1:" + p.port()), p.firstLine());
    p.close();
    assertFalse(p.isAlive());
  }

  @Test
  void trialsReachTheSharedStandInWhenTheirArgumentsMatchAndLeaveItRunning() throws Exception {
    FamilyServers servers = ArangoTarget.startShared(ArangoSettings.standIn(), List.of());
    ProcessHandle standIn = servers.servers().get(0).process().orElseThrow();
    servers.forkProperties().forEach(System::setProperty);
    try {
      try (ArangoTarget t = ArangoTarget.open(ArangoSettings.standIn(), List.of())) {
        assertTrue(t.isShared());
        assertEquals(servers.servers().get(0).address(), t.endpoints().get(0).host() + ":" + t.endpoints().get(0).port());
        assertEquals("arango", t.check().path("server").asText());
        assertTrue(t.serverCpuNanos() > 0, "the shared stand-in's CPU is read through its pid");
        assertEquals(ArangoStandIn.LABEL, t.backend());
      }
      assertTrue(standIn.isAlive(), "a trial's close leaves the shared stand-in running");
      // other stand-in arguments: a stand-in of its own, stopped by its close
      try (ArangoTarget t = ArangoTarget.open(ArangoSettings.standIn(), List.of("--work-delay-ms", "1"))) {
        assertFalse(t.isShared());
        assertEquals("arango", t.check().path("server").asText());
      }
    } finally {
      servers.forkProperties().keySet().forEach(System::clearProperty);
      servers.close();
    }
    assertFalse(standIn.isAlive(), "the family's close stops the shared stand-in");
    assertEquals(FamilyServers.NONE.servers(), ArangoTarget.startShared(
        ArangoSettings.parse(Map.of(ArangoSettings.ENDPOINTS, "http://127.0.0.1:1")), List.of()).servers(),
        "real endpoints: nothing to share");
  }

  @Test
  void anUnreachableEndpointIsOneLineNamingItAndWhatToSet() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    ArangoSettings s = ArangoSettings.parse(Map.of(ArangoSettings.ENDPOINTS, "http://127.0.0.1:" + port,
        ArangoSettings.AUTH, "basic:root:hunter2"));
    try (ArangoTarget t = ArangoTarget.open(s, List.of())) {
      ArangoUnavailableException e = assertThrows(ArangoUnavailableException.class, t::check);
      assertTrue(e.getMessage().startsWith("cannot connect to ArangoDB at http://127.0.0.1:" + port), e.getMessage());
      assertTrue(e.getMessage().contains("set DBBENCH_ARANGO_ENDPOINTS"), e.getMessage());
      assertFalse(e.getMessage().contains("hunter2"));
      assertFalse(e.getMessage().contains("\n"));
    }
  }

  @Test
  void a401IsOneLineNamingTheUserNeverThePassword() throws Exception {
    try (StandInHarness h = new StandInHarness("--require-auth", "root:right")) {
      ArangoSettings wrong = ArangoSettings.parse(Map.of(ArangoSettings.ENDPOINTS, h.process.endpoint(),
          ArangoSettings.AUTH, "basic:root:hunter2"));
      try (ArangoTarget t = ArangoTarget.open(wrong, List.of())) {
        ArangoUnavailableException e = assertThrows(ArangoUnavailableException.class, t::check);
        assertEquals("ArangoDB at " + h.process.endpoint() + " answered 401 Unauthorized for user root; set"
            + " DBBENCH_ARANGO_AUTH=basic:user:password", e.getMessage());
      }
      ArangoSettings right = ArangoSettings.parse(Map.of(ArangoSettings.ENDPOINTS_ALIAS, h.process.endpoint(),
          ArangoSettings.AUTH_ALIAS, "basic:root:right"));
      try (ArangoTarget t = ArangoTarget.open(right, List.of())) {
        assertEquals("3.12.4", t.check().path("version").asText());
        assertEquals(ArangoStandIn.LABEL + " at " + h.process.endpoint(), t.backend(),
            "a stand-in reached through the endpoints setting is still labelled a stand-in");
        try (BulkClient c = BulkClient.open(BulkClient.Kind.driver, t, Protocol.HTTP2_VPACK)) {
          c.ping(); // the driver sends the same Basic credentials
        }
      }
    }
  }

  @Test
  void aNonArangoServerIsNamed() throws Exception {
    var server = com.sun.net.httpserver.HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    {
      server.createContext("/", x -> {
        byte[] b = "{\"hello\":1}".getBytes();
        x.sendResponseHeaders(200, b.length);
        x.getResponseBody().write(b);
        x.close();
      });
      server.start();
      String ep = "http://127.0.0.1:" + server.getAddress().getPort();
      try (ArangoTarget t = ArangoTarget.open(ArangoSettings.parse(Map.of(ArangoSettings.ENDPOINTS, ep)), List.of())) {
        ArangoUnavailableException e = assertThrows(ArangoUnavailableException.class, t::check);
        assertTrue(e.getMessage().startsWith("ArangoDB at " + ep + " did not answer as ArangoDB"), e.getMessage());
      } finally {
        server.stop(0);
      }
    }
  }

  @Test
  void driverFactsAreTheProtocolDefaults() {
    assertEquals(20, DriverFacts.driverMaxConnections(Protocol.HTTP_JSON));
    assertEquals(20, DriverFacts.driverMaxConnections(Protocol.HTTP_VPACK));
    assertEquals(1, DriverFacts.driverMaxConnections(Protocol.HTTP2_JSON));
    assertEquals(1, DriverFacts.driverMaxConnections(Protocol.HTTP2_VPACK));
    @SuppressWarnings("unchecked")
    Map<String, Object> h2 = (Map<String, Object>) DriverFacts.protocols().get("HTTP2_JSON");
    assertEquals(1, h2.get("driver_max_connections"));
    assertTrue(String.valueOf(h2.get("driver_requests_per_connection")).startsWith("32 streams"));
  }
}
