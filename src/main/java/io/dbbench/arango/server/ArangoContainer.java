package io.dbbench.arango.server;

import io.dbbench.arango.standin.ArangoStandIn;
import io.dbbench.core.Redaction;
import java.time.Duration;
import java.util.UUID;

/**
 * Testcontainers' {@code GenericContainer} of {@value ArangoSettings#CONTAINER_IMAGE} (Testcontainers
 * for Java has no ArangoDB module), kept apart so its classes load only when
 * {@value ArangoSettings#CONTAINER}{@code =true}. Port 8529, {@code ARANGO_ROOT_PASSWORD} set to a
 * random password, ready when the log says "Have fun!" (what Testcontainers' Node ArangoDB module
 * waits for).
 */
final class ArangoContainer {
  private ArangoContainer() {}

  /** Why the last {@link #tryStart()} returned null, for the probe; empty when it did not. */
  static volatile String lastFallbackReason = "";

  /**
   * A started container: {@code stop} stops it, {@code endpoint} is its mapped port 8529 over
   * plain HTTP, {@code auth} the root user with the random password it was started with.
   */
  record Started(AutoCloseable stop, ArangoSettings.Endpoint endpoint, ArangoSettings.Auth auth) {}

  /**
   * Starts the container, or prints one line and returns null when no Docker engine answers or
   * the container does not start.
   */
  static Started tryStart() {
    String reason;
    try {
      if (org.testcontainers.DockerClientFactory.instance().isDockerAvailable()) {
        String password = UUID.randomUUID().toString();
        @SuppressWarnings("resource") // closed by the caller through Started.stop
        var c = new org.testcontainers.containers.GenericContainer<>(
            org.testcontainers.utility.DockerImageName.parse(ArangoSettings.CONTAINER_IMAGE))
            .withExposedPorts(8529)
            .withEnv("ARANGO_ROOT_PASSWORD", password)
            .waitingFor(org.testcontainers.containers.wait.strategy.Wait.forLogMessage(".*Have fun!.*", 1)
                .withStartupTimeout(Duration.ofMinutes(3)));
        c.start();
        lastFallbackReason = "";
        AutoCloseable stop = c::stop;
        return new Started(stop, new ArangoSettings.Endpoint(false, c.getHost(), c.getMappedPort(8529)),
            new ArangoSettings.Auth("root", password));
      }
      reason = "no Docker engine is reachable";
    } catch (RuntimeException | LinkageError e) {
      reason = "the container did not start (" + e.getClass().getSimpleName() + ": "
          + Redaction.redact(String.valueOf(e.getMessage())).lines().findFirst().orElse("") + ")";
    }
    lastFallbackReason = reason;
    System.err.println("[dbbench] arango: " + ArangoSettings.CONTAINER + "=true but " + reason
        + "; using the " + ArangoStandIn.LABEL);
    return null;
  }
}
