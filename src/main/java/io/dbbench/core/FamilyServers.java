package io.dbbench.core;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The servers a family's run in the main job shares among its trials ({@link SharedServer}s),
 * started by {@link BenchmarkFamily#startServers} before the family's first fork and stopped by
 * {@link #close()} after its last. {@link #NONE} when every trial starts its own.
 */
public final class FamilyServers implements AutoCloseable {
  /** No shared server: every trial starts what it needs. */
  public static final FamilyServers NONE = new FamilyServers(List.of(), List.of());

  private final List<SharedServer> servers;
  private final List<AutoCloseable> stops;

  /**
   * @param servers what the forks are told about
   * @param stops what {@link #close()} stops, in order
   */
  public FamilyServers(List<SharedServer> servers, List<? extends AutoCloseable> stops) {
    this.servers = List.copyOf(servers);
    this.stops = List.copyOf(stops);
  }

  /** The shared servers. */
  public List<SharedServer> servers() {
    return servers;
  }

  /** The fork system properties that carry them ({@link SharedServer#property()} to {@link SharedServer#value()}). */
  public Map<String, String> forkProperties() {
    Map<String, String> m = new LinkedHashMap<>();
    servers.forEach(s -> m.put(s.property(), s.value()));
    return m;
  }

  /** What {@code env.json} records: per server its address, pid and key. */
  public List<Map<String, Object>> facts() {
    List<Map<String, Object>> out = new ArrayList<>();
    for (SharedServer s : servers) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("name", s.name());
      m.put("address", s.address());
      m.put("pid", s.pid());
      m.put("key", s.key());
      out.add(m);
    }
    return out;
  }

  /**
   * Stops every server (each one even when another fails to stop; failures go to stderr in one
   * line each).
   */
  @Override
  public void close() {
    for (AutoCloseable c : stops) {
      Closeables.closeOrWarn(c, "stopping a shared server");
    }
  }
}
