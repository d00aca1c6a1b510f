package io.dbbench.report.render;

import io.dbbench.report.data.Units;
import io.dbbench.report.stats.Limit;
import io.dbbench.report.stats.Stats;
import java.util.List;
import java.util.Locale;

/**
 * The report's "At the machine's limit" section: one table of every path the run's study forms set
 * beside a reference measured in the same run ({@link Limit}), with the ratio and its 95% interval.
 * Lays out the rows it is given, in their order; computes nothing.
 */
public final class LimitsSection {
  /** The section's heading. */
  public static final String HEADING = "At the machine's limit";

  private LimitsSection() {}

  /**
   * Appends the section, in every report: the table, or one line saying that no path of the run has
   * a reference beside it. When some row has no interval, one sentence above the table says why
   * (too few forks) instead of a mark in every cell.
   *
   * @param level heading level
   * @param limits the rows, in display order (may be empty)
   */
  public static void appendTo(Doc doc, int level, List<Limit> limits) {
    Doc.Section s = doc.section(level, HEADING);
    if (limits.isEmpty()) {
      s.text("No path of this run was measured beside a reference (zstd's CLI and openssl speed beside the GraphJ"
          + " codecs, COPY beside the JDBC loads): none of those benchmarks ran.");
      return;
    }
    s.text("Each path beside its reference, both measured in this run. ratio = path time / reference time: below 1 the path is faster. 95%"
        + " interval: two-level bootstrap over forks (over both sides' forks when the reference is a JMH row; over"
        + " the path's forks with the reference fixed when it is one figure, whose own noise is then not included).");
    long without = limits.stream().filter(l -> !l.hasInterval()).count();
    if (without > 0) {
      s.text(without + " of " + limits.size() + " rows have no interval: they ran fewer than "
          + Stats.minForksPerSide() + " forks on a side, and an interval needs more forks (-Dbench.forks="
          + Stats.minForksPerSide() + " or more).");
    }
    Doc.TableBuilder t = new Doc.TableBuilder().col("group").col("path").col("reference").num("path time")
        .num("reference time").num("ratio").num("95% interval").num("forks");
    for (Limit l : limits) {
      t.row(List.of(l.group(), l.path(), l.reference(), Units.time(l.pathSeconds()), Units.time(l.referenceSeconds()),
          ratio(l.ratio()), l.hasInterval() ? "[" + ratio(l.ciLow()) + ", " + ratio(l.ciHigh()) + "]" : "",
          l.forksText()));
    }
    s.add(t.build());
  }

  private static String ratio(double r) {
    return String.format(Locale.ROOT, "%.2f", r);
  }
}
