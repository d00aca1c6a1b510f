package io.dbbench.report.study;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.dbbench.profile.MachineState;
import io.dbbench.report.data.Units;
import io.dbbench.report.stats.Agreement;
import io.dbbench.report.stats.Stats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The files a side-by-side analysis writes beside a script's blocks ({@code scripts/*-vs-dbbench.sh}:
 * the go-driver, arangojs and WMPayload analyses), {@code summary.json} and {@code summary.md}, and
 * the JSON fields they share: a paired change over blocks, a verdict against the study, and one
 * side's machine state. One writer, so the analyses' files keep one shape.
 */
public final class SideBySideSummary {
  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private SideBySideSummary() {}

  /**
   * A change over interleaved blocks in percent: {@code change_pct}, {@code ci_low_pct} and
   * {@code ci_high_pct} (null without enough blocks for an interval), {@code blocks}.
   */
  public static Map<String, Object> percentChange(Stats.PairedChange c) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("change_pct", c.changePct());
    m.put("ci_low_pct", c.judgeable() ? c.ciLow() : null);
    m.put("ci_high_pct", c.judgeable() ? c.ciHigh() : null);
    m.put("blocks", c.pairs());
    return m;
  }

  /**
   * A change's per-block ratios as percentages, in block order, comma-separated ({@code "+3.1%, -0.4%"});
   * empty without blocks.
   */
  public static String perBlockPct(Stats.PairedChange c) {
    StringBuilder per = new StringBuilder();
    for (double d : c.logRatios()) {
      per.append(per.isEmpty() ? "" : ", ").append(Units.pct(Math.expm1(d) * 100));
    }
    return per.toString();
  }

  /** The summary's Markdown title: {@code # WHAT, interleaved (N blocks, SERVER)} and a blank line. */
  public static String heading(String what, int blocks, String server) {
    return "# " + what + ", interleaved (" + blocks + (blocks == 1 ? " block, " : " blocks, ") + server + ")\n\n";
  }

  /** The verdict against the study: {@code agreement}, {@code verdict} and {@code note}, each null without one. */
  public static Map<String, Object> verdict(Agreement.Verdict v) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("agreement", v == null ? null : v.agreement());
    m.put("verdict", v == null ? null : v.text());
    m.put("note", v == null ? null : v.note());
    return m;
  }

  /**
   * One side of one block's machine: the interval's figures ({@link MachineState.Interval#toMap}),
   * then {@code block}, {@code side}, {@code operation} (left out when {@code null}) and
   * {@code under_load}.
   */
  public static Map<String, Object> machine(MachineState.Interval interval, int block, String side, String operation,
      boolean underLoad) {
    Map<String, Object> x = new LinkedHashMap<>(interval.toMap());
    x.put("block", block);
    x.put("side", side);
    if (operation != null) {
      x.put("operation", operation);
    }
    x.put("under_load", underLoad);
    return x;
  }

  /**
   * Writes {@code summary.json} (an object of {@code schema}, {@code server}, {@code blocks}, then
   * {@code sections} in their order) and {@code summary.md} into {@code dir}.
   *
   * @param schema the file's schema, e.g. {@code dbbench.go-driver-side-by-side/1}
   * @throws IOException when a file cannot be written
   */
  public static void write(Path dir, String schema, String server, int blocks, Map<String, Object> sections,
      String markdown) throws IOException {
    Map<String, Object> top = new LinkedHashMap<>();
    top.put("schema", schema);
    top.put("server", server);
    top.put("blocks", blocks);
    top.putAll(sections);
    Files.writeString(dir.resolve("summary.json"), MAPPER.writeValueAsString(top));
    Files.writeString(dir.resolve("summary.md"), markdown);
  }
}
