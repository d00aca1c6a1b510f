package io.dbbench.report;

import java.util.List;
import java.util.Optional;

/**
 * One study's own tables and charts in the report (criterion's form for GraphJ, hdbinsert's for
 * GOMESSAGE, the Go driver's for ArangoDB, ...). Each family provides its form in its own
 * package and registers it in {@code META-INF/services/io.dbbench.report.StudyForm}; the report
 * finds forms through {@link java.util.ServiceLoader} and never names a family.
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
   * The study's published figures and the dbbench rows that are their counterparts: a JSON
   * resource in the form's own package (resolved against the form's class, e.g. {@code study.json}),
   * in the schema {@link Findings} describes. Empty when the study publishes nothing to compare.
   * The report reads every form's study this way and names no study itself.
   */
  default Optional<String> studyResource() {
    return Optional.empty();
  }

  /**
   * The form's own rows for the report's opening findings table (a study's published headline
   * beside this run's counterpart). Optional: by default none, and the report looks the study's
   * measures up by benchmark name and params ({@link #studyResource}, {@link Findings}); a
   * finding returned here replaces the study's row with the same {@link Findings.Finding#studyId}.
   *
   * @param run the whole run
   * @param accepted the run's results this form accepts; never empty
   */
  default List<Findings.Finding> findings(Run run, List<JmhResult> accepted) {
    return List.of();
  }
}
