package io.dbbench.payload;

import io.dbbench.family.BenchmarkFamily;
import io.dbbench.mongo.MongoFamily;
import java.util.List;
import java.util.Map;

/**
 * The payload family: the WMPayload study's HTTP service ({@link PayloadService}) measured with
 * 100 concurrent clients ({@code PayloadServiceBenchmark}) and under a fixed open-loop request
 * rate ({@code PayloadOpenLoopBenchmark}), on the MongoDB {@link io.dbbench.mongo.MongoTarget}
 * selects (the in-process mongo-java-server stand-in by default).
 */
public final class PayloadFamily implements BenchmarkFamily {
  private final MongoFamily mongo = new MongoFamily();

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
  public Availability probe() {
    return mongo.probe();
  }

  @Override
  public List<String> jmhArgs(boolean full) {
    // Quick: every doc/index pair (the WMPayload table needs them) but one open-loop rate that
    // the stand-in sustains on two cores; higher rates overload it and each iteration then ends
    // with a long drain of the queued requests.
    // -prof gc: bytes/op (gc.alloc.rate.norm) for the WMPayload table; clients, service, driver
    // and the in-process stand-in share the fork, so it counts all of their allocations.
    return full ? List.of("-prof", "gc") : List.of("-prof", "gc", "-p", "rate=100");
  }

  @Override
  public Map<String, Object> describe() {
    Map<String, Object> m = mongo.describe();
    m.remove("collection_index");
    m.put("service", "io.dbbench.payload.PayloadService: JDK com.sun.net.httpserver, one virtual thread per request, HTTP/1.1 keep-alive, loopback");
    m.put("clients", "java.net.http.HttpClient, one per JMH thread (closed loop, 100 threads) or one shared (open loop)");
    m.put("index_param", "none | id (unique ascending index on id)");
    m.put("open_loop_files", "openloop-<operation>-<doc>-<rate>-<epochMillis>.json in the run directory");
    return m;
  }
}
