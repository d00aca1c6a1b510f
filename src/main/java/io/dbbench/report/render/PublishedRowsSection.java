package io.dbbench.report.render;

import io.dbbench.report.data.Units;
import io.dbbench.report.stats.PublishedRow;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The report's "Every published row beside dbbench's" section: per study, one table of the rows
 * it published, each beside dbbench's counterpart from this run with its 95% interval and verdict
 * ({@link PublishedRow}). Rows this run did not measure are counted in one sentence per study, not
 * listed. Lays out the rows it is given, in their order; judges nothing.
 */
public final class PublishedRowsSection {
  /** The section's heading. */
  public static final String HEADING = "Every published row beside dbbench's";

  private PublishedRowsSection() {}

  /**
   * Appends the section when some study has published rows: per study its measured rows, then how
   * many it did not measure and why.
   *
   * @param level heading level
   * @param rows the rows, grouped by study in display order (may be empty: nothing is appended)
   */
  public static void appendTo(Doc doc, int level, List<PublishedRow> rows) {
    if (rows.isEmpty()) {
      return;
    }
    Doc.Section s = doc.section(level, HEADING);
    s.text("Each row a study published, at the study's own point, beside dbbench's counterpart in this run: its mean"
        + " over every fork, a 95% two-level bootstrap interval over forks (two or more), and a verdict read from the"
        + " interval alone: no measurable difference when it lies inside the study's figure widened by ±5%, differs"
        + " when it lies wholly outside, else cannot tell. The studies ran on other machines and, where dbbench uses"
        + " a stand-in, on the product itself, so differs is expected there: the rows say how far, not which is"
        + " right. A row the study's client did not finish says whether dbbench's did.");
    Map<String, List<PublishedRow>> byStudy = new LinkedHashMap<>();
    rows.forEach(r -> byStudy.computeIfAbsent(r.study(), k -> new java.util.ArrayList<>()).add(r));
    byStudy.forEach((study, list) -> {
      List<PublishedRow> measured = list.stream().filter(PublishedRow::measured).toList();
      Doc.Section t = doc.section(level + 1, study);
      if (!measured.isEmpty()) {
        Doc.TableBuilder tb = new Doc.TableBuilder().col("group").col("published row").col("dbbench point").col("unit")
            .num("study").num("dbbench").num("95% interval").num("forks").col("verdict");
        for (PublishedRow r : measured) {
          tb.row(List.of(r.group(), r.label(), r.point(), r.unit(), r.publishedText(), Units.num(r.value()),
              r.hasInterval() ? "[" + Units.num(r.ciLow()) + ", " + Units.num(r.ciHigh()) + "]" : "",
              Integer.toString(r.forks()), r.verdict()));
        }
        t.add(tb.build());
      }
      List<PublishedRow> missing = list.stream().filter(r -> !r.measured()).toList();
      if (!missing.isEmpty()) {
        // each distinct reason once, with its count when the rows give more than one
        java.util.Map<String, Long> why = missing.stream().collect(java.util.stream.Collectors.groupingBy(
            PublishedRow::note, java.util.LinkedHashMap::new, java.util.stream.Collectors.counting()));
        t.text(missing.size() + " of " + list.size() + " published rows were not measured in this run: "
            + (why.size() == 1 ? missing.get(0).note() : String.join("; ", why.entrySet().stream()
                .map(e -> e.getValue() + " row" + (e.getValue() == 1 ? "" : "s") + ": " + e.getKey()).toList())) + ".");
      }
    });
  }
}
