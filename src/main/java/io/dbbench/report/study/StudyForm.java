package io.dbbench.report.study;

import io.dbbench.report.data.JmhResult;
import io.dbbench.report.data.Run;
import io.dbbench.report.render.Doc;
import io.dbbench.report.stats.Agreement;
import io.dbbench.report.stats.Bound;
import io.dbbench.report.stats.Limit;
import java.util.List;
import java.util.Optional;

/**
 * One study's own tables and charts in the report (criterion's form for GraphJ, hdbinsert's for
 * GOMESSAGE, the Go driver's for ArangoDB, ...). Each study provides its form in its own
 * room's package and lists it in its {@link StudyRoom}; the report finds forms through the rooms'
 * registry and never names a family.
 *
 * <p>A form is rendered only when at least one result of the run is {@linkplain #accepts accepted},
 * so a run of one family shows only that family's form.
 */
public interface StudyForm {

  /** Section heading, e.g. "GraphJ codecs (criterion form)". */
  String title();

  /** Position among the forms (ascending; ties by title). The registry order of the families is a good guide. */
  default int order() {
    return 100;
  }

  /** Whether this form renders {@code r} (usually by class-name prefix of its own package). */
  boolean accepts(JmhResult r);

  /**
   * Appends the form's section(s) to {@code doc}.
   *
   * @param run the whole run (manifest, open-loop files) for context such as backend labels
   * @param accepted the run's results this form accepts, in run order; never empty
   */
  void appendTo(Doc doc, Run run, List<JmhResult> accepted);

  /**
   * The paths of this study set beside a reference measured in the same run (a native tool, COPY,
   * the study's own published figures): the rows this form contributes to the report's one
   * "At the machine's limit" table. Empty by default.
   *
   * @param run the whole run (its directory holds reference files such as native measurements)
   * @param accepted the run's results this form accepts, in run order; never empty
   */
  default List<Limit> limits(Run run, List<JmhResult> accepted) {
    return List.of();
  }

  /**
   * Every row this study published, each with the dbbench point that is its counterpart
   * ({@link PublishedRows.Point}), read from the study's own tables: the report sets each beside
   * dbbench's figure with its interval and a verdict ({@link PublishedRows}). Empty by default.
   */
  default List<PublishedRows.Point> publishedPoints() {
    return List.of();
  }

  /**
   * Whether {@code r} may stand beside a published row as its counterpart ({@link PublishedRows}) and
   * be read by the study's findings ({@link Findings#of(Run)}), beyond having the point's parameters: false for a row that measured a model of the study's
   * server rather than a server (the pool study's stand-in told to wait instead of compute, however
   * it was told). True by default.
   */
  default boolean publishedCounterpart(JmhResult r) {
    return true;
  }

  /**
   * What bounds a comparison finding of this study on this machine or stand-in (2 cores kept busy by
   * a CPU-bound scan, a collection lock, a client that sets the pace), computed from this run's own
   * measurements; the finding's verdict names it when it decides ({@link Agreement#agreeComparison}).
   * Empty by default: no bound known.
   *
   * @param measure the study's comparison measure being judged ({@link Study.Measure#headline} names it)
   * @param run the whole run (manifest, results)
   * @param baseline the row the finding reads as its baseline
   * @param contender the row it reads as its contender
   * @return the bound, with its limit in the measure's unit ({@code x} or {@code %}) when it has one
   */
  default Optional<Bound> bound(Study.Measure measure, Run run, JmhResult baseline, JmhResult contender) {
    return Optional.empty();
  }

  /**
   * The study's published figures and the dbbench rows that are their counterparts: a JSON
   * resource in the form's own package (resolved against the form's class, e.g. {@code study.json}),
   * in the schema {@link Findings} describes. Empty when the study publishes nothing to compare.
   * The report reads every form's study this way and names no study itself.
   */
  default Optional<String> studyResource() {
    return Optional.empty();
  }

  /**
   * The study this form draws, read from its {@link #studyResource} ({@link Study#load}); its
   * family reads its headline comparisons from it ({@link Study#headline}).
   *
   * @throws IllegalStateException naming the form when it has no study resource, or the resource
   *     and field when the file is missing or malformed
   */
  default Study study() {
    String name = studyResource().orElseThrow(() -> new IllegalStateException(getClass().getName()
        + " has no study resource (studyResource() is empty)"));
    return Study.load(getClass(), name);
  }
}
