package io.dbbench.report.data;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The one reader and writer of {@code findings.json}, a run's findings beside its report: a JSON
 * array of {@link Entry} objects, in the key order below (the README documents the keys), each
 * holding the {@link #SCHEMA_VERSION} it was written in. Files written by older versions read too:
 * a key they lack reads as {@code null} (or 0, false), a key they hold that this version dropped is
 * ignored, and an entry without {@code schema_version} is of schema 1.
 *
 * <p>Schema 1 (no {@code schema_version} key): {@code agreement} read direction only
 * ({@code same direction} whatever the magnitude). Schema 2: {@code agreement} weighs magnitude
 * ({@code reproduced}, {@code same direction, smaller}, ...: {@code io.dbbench.report.stats.Agreement}),
 * with {@code verdict}, {@code factor} and {@code bound} beside it.
 */
public final class FindingsJson {
  /** The file name, beside {@code report.md}. */
  public static final String FILE = "findings.json";
  /** The schema {@link #write} writes; an entry without the key is of schema 1. */
  public static final int SCHEMA_VERSION = 2;
  private static final ObjectMapper MAPPER = new ObjectMapper()
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private FindingsJson() {}

  /**
   * One finding as the file holds it: a study's published figure beside dbbench's counterpart.
   *
   * @param schemaVersion the schema it was written in; 1 for an entry without the key
   * @param study the study's id
   * @param title the study's title
   * @param kind {@code comparison} or {@code absolute}
   * @param benchmark full benchmark method name, empty when not measured
   * @param metric what the estimate measures
   * @param unit {@code %} (change in time), {@code x} (time ratio) or an absolute unit ({@code rows/s})
   * @param baseline the baseline row's parameters (the measured row of an absolute finding)
   * @param contender the contender row's parameters, empty for an absolute finding
   * @param estimate the measured figure in {@code unit}, {@code null} when not measured
   * @param ciLow its 95% interval's low bound, {@code null} without one
   * @param ciHigh its high bound
   * @param noChange the estimate meaning no difference (0 for %, 1 for x), {@code null} for an absolute finding
   * @param p the test's p-value, {@code null} when none
   * @param forksBaseline forks of the baseline row
   * @param forksContender forks of the contender row (0 for an absolute finding)
   * @param order the fork sequence as run ({@code ABBAABBA}), empty when not interleaved
   * @param published the study's figure
   * @param answer {@code faster}, {@code slower}, {@code no practical difference} or {@code cannot tell...}; empty for an absolute finding
   * @param agreement the agreement with the study, one of {@code Agreement.AGREEMENTS} (schema 1:
   *     {@code Agreement.SCHEMA_1_AGREEMENTS})
   * @param verdict the verdict as the report prints it ({@code same direction, 30.5x smaller; bounded by
   *     2 cores}); {@code null} in schema 1
   * @param factor for {@code same direction, smaller/larger}, the least ratio of the effects; {@code null} otherwise
   * @param bound the bound that decides the verdict; absent when none does
   * @param note the agreement's reasoning
   * @param question what was measured, in words
   * @param backend what it was measured on ({@code stand-in: ...}, {@code real: ...})
   * @param otherCpuMax the largest share of all CPUs, percent, other processes used during a fork; {@code null} when not recorded
   * @param stealMax the largest share of CPU time, percent, the hypervisor stole during a fork; {@code null} when not recorded
   * @param underLoad whether it was measured under load
   * @param sampling how an interleaved comparison's pairs were chosen; absent otherwise
   * @param variance where the spread of its pair differences lies; absent when unknown
   */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Entry(@JsonProperty("schema_version") int schemaVersion, String study, String title, String kind, String benchmark, String metric, String unit,
      Map<String, String> baseline, Map<String, String> contender, Double estimate,
      @JsonProperty("ci_low") Double ciLow, @JsonProperty("ci_high") Double ciHigh,
      @JsonProperty("no_change") Double noChange, Double p, @JsonProperty("forks_baseline") int forksBaseline,
      @JsonProperty("forks_contender") int forksContender, String order, Published published, String answer,
      String agreement, String verdict, Double factor, @JsonInclude(JsonInclude.Include.NON_NULL) Bound bound,
      String note, String question, String backend,
      @JsonProperty("other_cpu_max") Double otherCpuMax, @JsonProperty("steal_max") Double stealMax,
      @JsonProperty("under_load") boolean underLoad,
      @JsonInclude(JsonInclude.Include.NON_NULL) Sampling sampling,
      @JsonInclude(JsonInclude.Include.NON_NULL) Variance variance) {
    /** Reads an entry without {@code schema_version} as schema 1. */
    public Entry {
      schemaVersion = schemaVersion == 0 ? 1 : schemaVersion;
    }

    /** Whether it compares two rows ({@code kind} is {@code comparison}). */
    public boolean comparison() {
      return "comparison".equals(kind);
    }

    /** Whether it has a whole interval and a no-change value to judge it against. */
    public boolean hasInterval() {
      return ciLow != null && ciHigh != null && noChange != null;
    }
  }

  /**
   * The study's figure.
   *
   * @param text in words
   * @param value in the finding's unit (the low end of a range), {@code null} when none
   * @param high the high end of a range; absent for one figure
   * @param source where it was published
   */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Published(String text, Double value, @JsonInclude(JsonInclude.Include.NON_NULL) Double high,
      String source) {}

  /**
   * What bounds the effect on this machine ({@code io.dbbench.report.stats.Bound}).
   *
   * @param what what bounds it, e.g. {@code 2 cores}
   * @param limit the most the comparison can show here, in the finding's unit; {@code null} when none
   * @param basis how the limit was computed; empty when none
   */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Bound(String what, Double limit, String basis) {}

  /**
   * How an interleaved comparison's pairs were chosen ({@code StoppingRule}).
   *
   * @param rule {@code stein} or {@code fixed}
   * @param pairs pairs it used
   * @param pairsNeeded pairs its pilot asked for, -1 when none
   * @param seconds its wall-clock seconds, -1 when unknown
   * @param stop why it stopped adding pairs ({@code width reached}, {@code cap}, ...)
   * @param target the width it aimed for, in words
   * @param width the width its interval reached, {@code null} when none
   */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Sampling(String rule, int pairs, @JsonProperty("pairs_needed") int pairsNeeded, long seconds,
      String stop, String target, Double width) {}

  /**
   * Where the spread of a comparison's pair differences lies.
   *
   * @param pairSdLog the standard deviation of its pairs' log ratios
   * @param withinForkShare the share of that variance the iterations inside the forks explain, 0 to 1
   * @param betweenPairsShare the rest ({@code 1 - withinForkShare})
   */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Variance(@JsonProperty("pair_sd_log") Double pairSdLog,
      @JsonProperty("within_fork_share") Double withinForkShare,
      @JsonProperty("between_pairs_share") Double betweenPairsShare) {}

  /**
   * The findings of the run directory {@code runDir}.
   *
   * @throws ReportException when the file is missing, not JSON, or not an array of findings
   */
  public static List<Entry> read(Path runDir) throws ReportException {
    Path file = runDir.resolve(FILE);
    if (!Files.isRegularFile(file)) {
      throw new ReportException(file + ": missing (expected a run directory the report rendered, with " + FILE + ")");
    }
    JsonNode all;
    try {
      all = MAPPER.readTree(file.toFile());
    } catch (IOException e) {
      throw new ReportException(file + ": not readable JSON (" + e.getMessage() + ")");
    }
    return parse(all, file.toString());
  }

  /**
   * Findings from a parsed tree.
   *
   * @param source named in errors
   * @throws ReportException when {@code all} is not an array of finding objects
   */
  public static List<Entry> parse(JsonNode all, String source) throws ReportException {
    if (all == null || !all.isArray()) {
      throw new ReportException(source + ": expected a JSON array of findings");
    }
    try {
      return List.of(MAPPER.treeToValue(all, Entry[].class));
    } catch (JsonProcessingException e) {
      throw new ReportException(source + ": not a findings array (" + e.getOriginalMessage() + ")");
    }
  }

  /** One finding from its JSON text, e.g. in a test. */
  public static Entry parseOne(String json) throws ReportException {
    try {
      return MAPPER.readValue(json, Entry.class);
    } catch (JsonProcessingException e) {
      throw new ReportException("not a finding (" + e.getOriginalMessage() + "): " + json);
    }
  }

  /**
   * Writes {@code findings} into {@code runDir} as {@link #FILE}, indented.
   *
   * @throws IOException when it cannot be written
   */
  public static void write(Path runDir, List<Entry> findings) throws IOException {
    MAPPER.copy().enable(SerializationFeature.INDENT_OUTPUT).writeValue(runDir.resolve(FILE).toFile(), findings);
  }
}
