package io.dbbench.arango.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbbench.arango.standin.StandInProcess;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A stand-in JVM shared by one test class, with access to its request record. */
public final class StandInHarness implements AutoCloseable {
  final StandInProcess process;
  private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  private final ObjectMapper json = new ObjectMapper();

  /** Starts a stand-in JVM (512 MB heap) with the stand-in's command-line {@code args}. */
  public StandInHarness(String... args) throws IOException {
    process = StandInProcess.start("512m", List.of(args));
  }

  /** The stand-in's base URI, e.g. {@code http://127.0.0.1:41234}. */
  public String endpoint() {
    return process.endpoint();
  }

  /** Settings that point the family at this stand-in (as an endpoint). */
  public ArangoSettings settings() {
    return ArangoSettings.parse(Map.of(ArangoSettings.ENDPOINTS, process.endpoint()));
  }

  /** The recorded requests, oldest first. */
  public List<JsonNode> requests() throws Exception {
    JsonNode a = json.readTree(http.send(HttpRequest.newBuilder(URI.create(process.endpoint() + "/_dbbench/requests")).build(),
        HttpResponse.BodyHandlers.ofString()).body());
    List<JsonNode> out = new ArrayList<>();
    a.forEach(out::add);
    return out;
  }

  /** Forgets the recorded requests. */
  public void clearRequests() throws Exception {
    http.send(HttpRequest.newBuilder(URI.create(process.endpoint() + "/_dbbench/requests")).DELETE().build(),
        HttpResponse.BodyHandlers.discarding());
  }

  @Override
  public void close() {
    http.close();
    process.close();
  }
}
