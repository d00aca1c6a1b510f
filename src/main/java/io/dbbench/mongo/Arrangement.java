package io.dbbench.mongo;

import io.dbbench.core.ChildJvm;

/**
 * Where the servers under test run relative to the JMH fork that holds the clients; a
 * {@code @Param} of the mongo and payload benchmarks, so every result row says which one it used.
 */
public enum Arrangement {
  /**
   * The default, as in the WMPayload study (a Go client, a Go service and MongoDB as separate
   * processes): the stand-in and the payload service each run in a JVM of their own
   * ({@link ChildJvm}), so the fork holds only the clients and {@code -prof gc} counts only the
   * clients' allocations (the study's B/op is its Go client's alone).
   */
  outOfProcess,
  /**
   * Stand-in and service inside the JMH fork: for profiling the service with JMH's profilers
   * ({@code -prof gc} then counts clients, service, driver and stand-in together).
   * {@code -p arrangement=inProcess}.
   */
  inProcess
}
