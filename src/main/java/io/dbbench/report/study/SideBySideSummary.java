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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
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
   * The machine around one side of one block, as an analysis reads it from the script's
   * {@code machine.tsv} ({@code profile.MachineSnapshots}). Each analysis keeps its own record, with
   * its own rule for {@link #underLoad()}; the JSON and the Markdown table are written here.
   */
  public interface SideMachine {
    /** The block, from 1. */
    int block();

    /** The side's cell as the script writes it (e.g. {@code V1}, {@code Go}, {@code arangojs}). */
    String side();

    /** The operation (and document), or {@code null} where the analysis keys the file by block and side alone. */
    String operation();

    /** The two snapshots around the side. */
    MachineState.Interval interval();

    /** Percent of all CPUs' time processes other than the side's own were busy; NaN where not recorded. */
    double otherBusyPct();

    /** Whether the side ran on a machine under load, by the analysis's rule. */
    boolean underLoad();
  }

  /**
   * Each side's machine as JSON objects: the interval's figures ({@link MachineState.Interval#toMap}),
   * then {@code block}, {@code side}, {@code operation} (left out when {@code null}) and
   * {@code under_load}.
   */
  public static List<Map<String, Object>> machine(List<? extends SideMachine> machine) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (SideMachine m : machine) {
      Map<String, Object> x = new LinkedHashMap<>(m.interval().toMap());
      x.put("block", m.block());
      x.put("side", m.side());
      if (m.operation() != null) {
        x.put("operation", m.operation());
      }
      x.put("under_load", m.underLoad());
      out.add(x);
    }
    return out;
  }

  /**
   * Appends the summary's section {@code ## The machine around every side}: {@code legend} (the
   * analysis's words on what busy and other hold), then a table of block, side, operation (only
   * when some side has one), steal, busy and other percent, the 1-minute load and the under-load
   * mark. Appends nothing when {@code machine} is empty (not recorded).
   */
  public static void appendMachine(StringBuilder sb, String legend, List<? extends SideMachine> machine) {
    if (machine.isEmpty()) {
      return;
    }
    boolean operations = machine.stream().anyMatch(m -> m.operation() != null);
    sb.append("\n## The machine around every side\n\n").append(legend).append("\n\n");
    sb.append(operations ? "| block | side | operation | steal % | busy % | other % | load | under load |\n"
        + "|---:|---|---|---:|---:|---:|---:|---|\n"
        : "| block | side | steal % | busy % | other % | load | under load |\n|---:|---|---:|---:|---:|---:|---|\n");
    for (SideMachine m : machine) {
      sb.append("| ").append(m.block()).append(" | ").append(m.side()).append(" | ");
      if (operations) {
        sb.append(m.operation()).append(" | ");
      }
      sb.append(String.format(Locale.ROOT, "%.1f | %.1f | %s | %.2f | %s |%n", m.interval().stealPct(),
          m.interval().busyPct(), Double.isNaN(m.otherBusyPct()) ? "" : String.format(Locale.ROOT, "%.1f", m.otherBusyPct()),
          m.interval().maxLoad1(), m.underLoad() ? "UNDER LOAD" : ""));
    }
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
