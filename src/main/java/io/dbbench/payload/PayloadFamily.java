package io.dbbench.payload;

import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.FamilySettings;
import io.dbbench.core.Probe;
import io.dbbench.mongo.MongoFamily;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The payload family: the WMPayload study's HTTP service ({@link PayloadService}) measured with
 * 100 concurrent clients ({@code PayloadServiceBenchmark}) and under a fixed open-loop request
 * rate ({@code PayloadOpenLoopBenchmark}), on the MongoDB {@link io.dbbench.mongo.MongoTarget}
 * selects (the in-process mongo-java-server stand-in by default).
 */
public final class PayloadFamily implements BenchmarkFamily {
  @Override
  public String id() {
    return "payload";
  }

  @Override
  public String title() {
    return "WMPayload: JSON payload service over MongoDB (100 clients, open loop)";
  }

  @Override
  public String includeRegex() {
    return "^io\\.dbbench\\.payload\\.";
  }

  @Override
  public Probe probe() {
    Probe p = MongoFamily.probeTarget();
    Map<String, Object> m = new LinkedHashMap<>(p.facts());
    m.put("service", "io.dbbench.payload.PayloadService: JDK com.sun.net.httpserver, one virtual thread per request, HTTP/1.1 keep-alive, loopback");
    m.put("clients", "java.net.http.HttpClient, one per JMH thread (closed loop, 100 threads) or one shared (open loop)");
    m.put("index_param", "none | id (unique ascending index on id)");
    m.put("open_loop_files", "openloop-<operation>-<doc>-<rate>-<epochMillis>.json in the run directory");
    return new Probe(p.available(), p.reason(), m);
  }

  /**
   * Quick: every doc/index pair (the WMPayload table needs them) but one open-loop rate that the
   * stand-in sustains on two cores; higher rates overload it and each iteration then ends with a
   * long drain of the queued requests. {@code -prof gc}: bytes/op for the WMPayload table; clients,
   * service, driver and the in-process stand-in share the fork, so it counts all of their
   * allocations.
   */
  @Override
  public FamilySettings settings(boolean full) {
    FamilySettings.Builder b = FamilySettings.builder().profiler("gc");
    return full ? b.build() : b.param("rate", "100").build();
  }
}
