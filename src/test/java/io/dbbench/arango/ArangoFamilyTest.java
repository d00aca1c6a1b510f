package io.dbbench.arango;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.arango.bulk.BulkDocuments;
import io.dbbench.arango.pool.PoolSettings;
import io.dbbench.arango.standin.ArangoStandIn;
import io.dbbench.arango.server.ArangoSettings;
import io.dbbench.core.BackendKind;
import io.dbbench.core.FamilySettings;
import io.dbbench.core.Mode;
import io.dbbench.core.Probe;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The family's probe (stand-in, unreachable endpoint) and its quick and full settings. */
class ArangoFamilyTest {
  @Test
  void probeOnTheStandInRecordsTheLabelAndTheDriverFacts() {
    Probe p = ArangoFamily.probe(ArangoSettings.standIn());
    assertTrue(p.available(), p.reason());
    assertEquals(ArangoStandIn.LABEL, p.facts().get("backend"));
    assertEquals(BackendKind.STAND_IN, p.kind());
    assertTrue(String.valueOf(p.facts().get("arangodb_java_driver")).startsWith("7.25"), p.facts().toString());
    @SuppressWarnings("unchecked")
    Map<String, Map<String, Object>> protocols = (Map<String, Map<String, Object>>) p.facts().get("protocols");
    assertEquals(20, protocols.get("HTTP_JSON").get("driver_max_connections"));
    assertEquals(1, protocols.get("HTTP2_VPACK").get("driver_max_connections"));
    assertEquals(BulkDocuments.sha256(100_000), ((Map<?, ?>) p.facts().get("documents_sha256_json")).get("100000"));
  }

  @Test
  void anUnreachableTargetIsOneLineAndNoCredential() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    Probe p = ArangoFamily.probe(ArangoSettings.parse(Map.of(ArangoSettings.ENDPOINTS, "http://127.0.0.1:" + port,
        ArangoSettings.AUTH, "basic:root:hunter2")));
    assertFalse(p.available());
    assertEquals(BackendKind.REAL, p.kind()); // an ArangoDB named by its endpoints, unreachable or not
    assertTrue(p.reason().startsWith("cannot connect to ArangoDB at http://127.0.0.1:" + port), p.reason());
    assertTrue(p.reason().contains("set DBBENCH_ARANGO_ENDPOINTS"), p.reason());
    assertFalse(p.reason().contains("hunter2") || p.facts().toString().contains("hunter2"), p.facts().toString());
    assertEquals("basic:root:****", p.facts().get("auth"));
  }

  @Test
  void quickNarrowsTheDocumentsAndSaysSoFullKeepsTheStudy() {
    FamilySettings quick = new ArangoFamily().settings(Mode.QUICK);
    // the bulk study's names; the pooling study adds its own (PoolSettings.quick)
    assertEquals(List.of(ArangoFamily.QUICK_DOCS), quick.params().get("docs"));
    // the sweep on HTTP/1.1; the headline comparison adds HTTP/2 for insert
    assertEquals(List.of("HTTP_JSON"), quick.params().get("protocol"));
    assertTrue(quick.comparisons().stream().anyMatch(c -> c.contenderValue().equals("HTTP2_JSON")));
    assertEquals(ArangoFamily.QUICK_WARMUP_CAP_SECONDS, quick.forkProperties().get("dbbench.warmup.cap"));
    assertTrue(quick.reductions().get("docs").contains("instead of the study's 100,000"));
    assertEquals(List.of(), quick.profilers(), "B/op comes from the benchmark's own shotAllocatedBytes");
    FamilySettings full = new ArangoFamily().settings(Mode.FULL);
    assertEquals(Map.of("client", List.of("driver")), full.params(),
        "full: the Go study's 100000 documents on every protocol, through the driver; raw HTTP in a sweep of its own");
    assertTrue(full.isExcluded("io.dbbench.arango.ArangoPoolBenchmark.query"), "the pool study: its own sweeps");
    FamilySettings.Sweep pool = full.sweeps().stream().filter(w -> w.name().equals("pool-study")).findFirst().orElseThrow();
    assertEquals(List.of("driver_http1_3", "driver_http1_10", "driver_http1_100", "raw_http"), pool.params().get("connection"));
    assertEquals(List.of("none"), pool.params().get("index"), "the study's collection had no index");
    assertEquals(null, pool.params().get("modelledServerMs"), "the study's rows run without the model (its default 0)");
    FamilySettings.Sweep model = full.sweeps().stream().filter(w -> w.name().equals("pool-model")).findFirst().orElseThrow();
    assertEquals(List.of("20"), model.params().get("modelledServerMs"));
    assertEquals(List.of("driver_http1_3", "driver_http1_10", "driver_http1_100", "raw_http"), model.params().get("connection"));
    assertTrue(model.purpose().contains("a model, not ArangoDB") && model.purpose().contains("10,000 documents, not the study's"),
        model.purpose());
    assertEquals(ArangoFamily.FULL_POOL_MODEL_SECONDS, model.expectedSeconds());
    assertEquals(List.of(), full.profilers());
  }
}
