package io.dbbench.payload;

import io.dbbench.core.StudyClient;
import java.util.List;

/**
 * The WMPayload study's own service and benchmark ({@code scripts/wmpayload-vs-dbbench.sh}: its Go
 * service built from a checkout, on the same MongoDB target as dbbench's Java service, its
 * {@code benchmark_test.go} beside dbbench's rows in interleaved blocks), run by the main job in full
 * mode when {@value #CHECKOUT_ENV} names a checkout ({@link StudyClient}).
 */
public final class PayloadStudyClients {
  private PayloadStudyClients() {}

  /** The environment variable naming a checkout of WMPayload (no registry serves it as a module). */
  public static final String CHECKOUT_ENV = "DBBENCH_WMPAYLOAD_DIR";

  /** Full mode's: 4 interleaved blocks with dbbench's Java rows (flat and ReqMgr2: 12.3 minutes here). */
  public static StudyClient wmpayload() {
    return new StudyClient("wmpayload", "WMPayload's Go service and benchmark_test.go (git clone of github.com/vkuznet/WMPayload)",
        "scripts/wmpayload-vs-dbbench.sh", List.of("--blocks", "4", "--java"), List.of("go", "curl"),
        "install Go and curl", CHECKOUT_ENV, "--wmpayload", "^io\\.dbbench\\.payload\\.PayloadServiceBenchmark\\.", 750);
  }
}
