package io.dbbench.report.stats;

/**
 * One row a study published, set beside dbbench's counterpart measured in the same run: the
 * study's figure, dbbench's mean with its 95% interval over forks ({@link Stats#hierarchicalMeanCi95},
 * at least 2 forks) and a verdict read from that interval alone ({@link Agreement#agreeAbsolute}),
 * or, for a row the study's client did not finish, whether dbbench's did.
 *
 * @param study the study's id, e.g. {@code arango-bulk}
 * @param group the study's table or operation, e.g. {@code insert (Go: Create)}
 * @param label the published row in the study's words, e.g. {@code V2 over HTTP/2, JSON}
 * @param point dbbench's counterpart, {@code benchmark k=v ...}
 * @param unit the figures' unit, e.g. {@code ns/op}, {@code B/op}, {@code ms}, {@code s}
 * @param published the study's figure in {@code unit}, NaN when it published none or the row did not finish
 * @param publishedText the study's figure as it stands beside the row (with any further figures, e.g.
 *     hdbinsert's max/med/min seconds)
 * @param measured whether the run has the counterpart row
 * @param value dbbench's mean in {@code unit} (NaN when not measured)
 * @param ciLow low bound of its 95% interval (NaN without one)
 * @param ciHigh high bound (NaN without one)
 * @param forks dbbench's forks behind the value
 * @param verdict {@code differs}, {@code no measurable difference}, {@code cannot tell},
 *     {@code did not finish (both)}, {@code finished (the study's did not)}, {@code did not finish
 *     (the study's did)} or {@code not measured}
 * @param note the verdict's reasoning, or why the row was not measured
 */
public record PublishedRow(String study, String group, String label, String point, String unit, double published,
    String publishedText, boolean measured, double value, double ciLow, double ciHigh, int forks, String verdict,
    String note) {

  /** Whether dbbench's value has an interval. */
  public boolean hasInterval() {
    return !Double.isNaN(ciLow) && !Double.isNaN(ciHigh);
  }

  /**
   * The verdict of dbbench's {@code forks} (values in the unit, {@code [fork][iteration]}) beside the
   * published figure, or of a did-not-finish on either side.
   *
   * @param publishedDnf whether the study's row did not finish
   * @param measuredDnf whether a measured shot of dbbench's row had a failed request
   * @return the judged row: its value, interval and verdict
   */
  public static PublishedRow judge(String study, String group, String label, String point, String unit,
      double published, String publishedText, boolean publishedDnf, boolean measuredDnf, double[][] forks) {
    double value = Stats.mean(Stats.forkMeans(forks));
    double[] ci = Stats.hierarchicalMeanCi95(forks);
    String verdict;
    String note;
    if (publishedDnf || measuredDnf) {
      verdict = publishedDnf && measuredDnf ? "did not finish (both)"
          : publishedDnf ? "finished (the study's did not)" : "did not finish (the study's did)";
      note = measuredDnf ? "at least one measured shot had a failed request" : "every request of every shot answered";
      return new PublishedRow(study, group, label, point, unit, published, publishedText, true, value, ci[0], ci[1],
          forks.length, verdict, note);
    }
    Agreement.Verdict a = Agreement.agreeAbsolute(ci[0], ci[1], published, published, forks.length);
    return new PublishedRow(study, group, label, point, unit, published, publishedText, true, value, ci[0], ci[1],
        forks.length, a.agreement(), a.note());
  }

  /** A published row whose counterpart this run did not measure ({@code why}). */
  public static PublishedRow notMeasured(String study, String group, String label, String point, String unit,
      double published, String publishedText, String why) {
    return new PublishedRow(study, group, label, point, unit, published, publishedText, false, Double.NaN, Double.NaN,
        Double.NaN, 0, "not measured", why);
  }
}
