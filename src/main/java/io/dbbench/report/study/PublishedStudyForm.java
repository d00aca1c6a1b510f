package io.dbbench.report.study;

import io.dbbench.report.data.JmhResult;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * A {@link StudyForm} of a study that published figures: its {@code study.json} lies beside the
 * form's class ({@link #STUDY_RESOURCE}), and the form accepts the results whose benchmark class
 * its predicate accepts. The form's heading, position and class test are given once, to the
 * constructor; the subclass adds the tables and charts ({@link #appendTo}).
 */
public abstract class PublishedStudyForm implements StudyForm {
  /** The study's resource name, resolved against the form's class ({@link Study#load}). */
  public static final String STUDY_RESOURCE = "study.json";

  private final String title;
  private final int order;
  private final Predicate<String> acceptsClass;

  /**
   * A form with its heading, position and class test.
   *
   * @param title the section heading, e.g. "GraphJ codecs (criterion form)"
   * @param order the position among the forms ({@link StudyForm#order})
   * @param acceptsClass whether a result's fully qualified benchmark class name belongs to this form
   * @throws NullPointerException when {@code title} or {@code acceptsClass} is null
   */
  protected PublishedStudyForm(String title, int order, Predicate<String> acceptsClass) {
    this.title = Objects.requireNonNull(title, "title");
    this.order = order;
    this.acceptsClass = Objects.requireNonNull(acceptsClass, "acceptsClass");
  }

  @Override
  public final Optional<String> studyResource() {
    return Optional.of(STUDY_RESOURCE);
  }

  @Override
  public final String title() {
    return title;
  }

  @Override
  public final int order() {
    return order;
  }

  @Override
  public final boolean accepts(JmhResult r) {
    return acceptsClass.test(r.className());
  }
}
