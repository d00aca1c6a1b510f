package io.dbbench.mongo;

import io.dbbench.core.Redaction;

/**
 * Testcontainers' MongoDB module, kept apart so that its classes load only when
 * {@code DBBENCH_MONGO_CONTAINER=true}.
 */
final class ContainerSupport {
  private ContainerSupport() {}

  /** Why the last {@link #tryStart()} fell back, for tests and the family probe; empty if it did not. */
  static volatile String lastFallbackReason = "";

  /**
   * Whether Testcontainers finds a Docker engine. Testcontainers' own logging is off
   * ({@code simplelogger.properties}, unless the user configures it): without Docker it logs a
   * multi-line list of failed strategies, and the fallback is reported in one line instead.
   */
  static boolean dockerAvailable() {
    try {
      return org.testcontainers.DockerClientFactory.instance().isDockerAvailable();
    } catch (RuntimeException | LinkageError e) {
      return false;
    }
  }

  /**
   * Starts {@value MongoTarget#CONTAINER_IMAGE}, or prints one line and returns {@code null} when
   * no Docker engine answers or the container does not start.
   */
  static MongoTarget tryStart() {
    String reason;
    try {
      if (dockerAvailable()) {
        var c = new org.testcontainers.mongodb.MongoDBContainer(
            org.testcontainers.utility.DockerImageName.parse(MongoTarget.CONTAINER_IMAGE));
        c.start();
        lastFallbackReason = "";
        return MongoTarget.container(c.getReplicaSetUrl("dbbench"), c::stop);
      }
      reason = "no Docker engine is reachable";
    } catch (RuntimeException | LinkageError e) { // Testcontainers signals a missing engine with assorted errors
      reason = "the container did not start (" + e.getClass().getSimpleName() + ": "
          + Redaction.redact(String.valueOf(e.getMessage())).lines().findFirst().orElse("") + ")";
    }
    lastFallbackReason = reason;
    System.err.println("[dbbench] mongo: " + MongoTarget.ENV_CONTAINER + "=true but " + reason
        + "; using the embedded " + MongoTarget.embeddedBackendLabel());
    return null;
  }
}
