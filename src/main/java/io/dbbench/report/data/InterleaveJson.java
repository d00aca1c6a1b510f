package io.dbbench.report.data;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The one reader and writer of {@code interleave.json}, the manifest {@code io.dbbench.run.Interleave}
 * writes beside the two sides of an interleaved A/B run (read by {@code Calibration}). What it
 * writes passes through {@link JsonRedaction}. Files of older versions wrote {@code "n/a"} for a
 * percentage the machine did not report; it reads as {@code null}, as this version writes it.
 */
public final class InterleaveJson {
  /** The file name, in the run's output directory. */
  public static final String FILE = "interleave.json";
  private static final ObjectMapper MAPPER = new ObjectMapper()
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).enable(SerializationFeature.INDENT_OUTPUT)
      .registerModule(new SimpleModule().addDeserializer(Double.class, new LenientDouble()));

  private InterleaveJson() {}

  /**
   * The run.
   *
   * @param id the output directory's name
   * @param started when the first fork started (ISO-8601)
   * @param finished when the last fork ended
   * @param host this machine's name
   * @param forksPerSide forks of each side
   * @param order the forks in the order they ran ({@code A-1}, {@code B-1}, {@code B-2}, {@code A-2}, ...)
   * @param jmhArgs the JMH arguments every fork ran with (secret properties taken out)
   * @param forkCommand one fork's command line, with placeholders for the side and file
   * @param sides per side ({@code baseline}, {@code candidate}) what it ran: jar, its SHA-256 and size, java
   * @param sameJar whether both sides ran the same jar (an A/A run)
   * @param machine the machine's state around each fork, in run order
   */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Manifest(String id, String started, String finished, String host,
      @JsonProperty("forks_per_side") int forksPerSide, List<String> order,
      @JsonProperty("jmh_args") List<String> jmhArgs, @JsonProperty("fork_command") String forkCommand,
      Map<String, Map<String, Object>> sides, @JsonProperty("same_jar") boolean sameJar, List<Fork> machine) {
    /** Normalises absent lists and maps to empty ones. */
    public Manifest {
      order = order == null ? List.of() : order;
      jmhArgs = jmhArgs == null ? List.of() : jmhArgs;
      sides = sides == null ? Map.of() : sides;
      machine = machine == null ? List.of() : machine;
    }
  }

  /**
   * One fork and the machine around it.
   *
   * @param fork {@code A-1}, {@code B-1}, ...
   * @param side {@code baseline} or {@code candidate}
   * @param seconds the fork's wall-clock seconds
   * @param load1Before the 1-minute load average before it
   * @param load1After after it
   * @param onlineCpus CPUs online
   * @param stealPct percent of CPU time the hypervisor stole during it; {@code null} when unknown
   * @param busyPct percent of CPU time busy during it; {@code null} when unknown
   * @param overloaded whether the machine was overloaded ({@code MachineState.Interval#overloaded})
   */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Fork(String fork, String side, double seconds, @JsonProperty("load1_before") Double load1Before,
      @JsonProperty("load1_after") Double load1After, @JsonProperty("online_cpus") int onlineCpus,
      @JsonProperty("steal_pct") Double stealPct, @JsonProperty("busy_pct") Double busyPct, boolean overloaded) {}

  /**
   * Reads {@code file}.
   *
   * @throws IOException when it cannot be read or is not an interleave manifest
   */
  public static Manifest read(Path file) throws IOException {
    return MAPPER.readValue(file.toFile(), Manifest.class);
  }

  /**
   * Writes {@code m} to {@code file}, redacted ({@link JsonRedaction}), indented.
   *
   * @throws IOException when it cannot be written
   */
  public static void write(Path file, Manifest m) throws IOException {
    MAPPER.writeValue(file.toFile(), JsonRedaction.redact(MAPPER.valueToTree(m)));
  }

  /** A number, or {@code null} for anything else ({@code "n/a"}, which older versions wrote). */
  private static final class LenientDouble extends StdDeserializer<Double> {
    private static final long serialVersionUID = 1L;

    LenientDouble() {
      super(Double.class);
    }

    @Override
    public Double deserialize(JsonParser p, DeserializationContext ctx) throws IOException {
      return p.currentToken().isNumeric() ? p.getDoubleValue() : null;
    }

    @Override
    public Double getNullValue(DeserializationContext ctx) {
      return null;
    }
  }
}
