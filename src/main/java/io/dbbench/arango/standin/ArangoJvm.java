package io.dbbench.arango.standin;

import io.dbbench.core.Leases;

/**
 * The JVM-wide setting every JVM that talks ArangoDB's protocol makes before its first Vert.x
 * instance: the benchmark forks (the driver) and the stand-in's own JVM. Kept in the stand-in's
 * package, the lower floor of the ArangoDB room, so the stand-in never reaches up into the
 * family's classes for it.
 */
public final class ArangoJvm {
  /** The Vert.x file-cache base, a system property read when the first Vert.x instance starts. */
  public static final String VERTX_CACHE_PROPERTY = "vertx.cacheDirBase";

  private ArangoJvm() {}

  /**
   * Points Vert.x's file cache (the driver's HTTP client and the stand-in's server each make a
   * {@code vertx-cache-<uuid>} directory in the temp dir, which a killed JVM leaves behind) into a
   * leased directory of this JVM's own ({@link Leases#privateTempDir}), unless
   * {@code -Dvertx.cacheDirBase} is set. Idempotent; call before the first Vert.x instance.
   */
  public static synchronized void leaseVertxCache() {
    if (System.getProperty(VERTX_CACHE_PROPERTY) == null) {
      System.setProperty(VERTX_CACHE_PROPERTY, Leases.privateTempDir("vertx").resolve("cache").toString());
    }
  }
}
