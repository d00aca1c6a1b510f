package io.dbbench.report.render;

import io.dbbench.report.data.JmhResult;
import io.dbbench.report.stats.MeasurementWarnings;
import io.dbbench.report.stats.Stats;
import java.util.List;

/** The run report's "Measurement warnings" section, drawn from {@link MeasurementWarnings}' judgement. */
public final class WarningsSection {
  private WarningsSection() {}

  /**
   * Appends a "Measurement warnings" section listing every result with a warning, and a line on
   * how many results ran fewer forks than a comparison needs; appends nothing when there is
   * nothing to say.
   *
   * @param level heading level of the section
   */
  public static void appendTo(Doc doc, int level, List<JmhResult> results) {
    Doc.TableBuilder t = new Doc.TableBuilder().col("benchmark").col("warning");
    int rows = 0;
    for (JmhResult r : results) {
      for (String w : MeasurementWarnings.of(r)) {
        t.row(List.of(r.label(), w));
        rows++;
      }
    }
    long fewForks = results.stream().filter(r -> r.primary().forks().length < Stats.minForksPerSide()).count();
    if (rows == 0 && fewForks == 0) {
      return;
    }
    Doc.Section s = doc.section(level, "Measurement warnings");
    if (fewForks > 0) {
      s.text(fewForks + " of " + results.size() + " results ran fewer than " + Stats.minForksPerSide()
          + " forks: a comparison with another run cannot reach a verdict on them (n/a), since with"
          + " fewer forks per side even a complete separation has an exact p above " + Stats.ALPHA + ".");
    }
    if (rows > 0) {
      s.add(t.build());
    }
  }
}
