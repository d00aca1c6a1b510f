package io.dbbench.report.study;

import io.dbbench.core.BenchmarkFamily;
import java.util.List;

/**
 * A {@link StudyRoom} that lists its families and forms once, at construction: a room class is
 * then one constructor naming them. The registry instantiates rooms through {@link java.util.ServiceLoader},
 * so a subclass keeps a public no-argument constructor.
 */
public abstract class ListedRoom implements StudyRoom {
  private final List<BenchmarkFamily> families;
  private final List<StudyForm> forms;

  /**
   * A room of these families (in run order) and forms.
   *
   * @throws NullPointerException when either list or an element is null
   */
  protected ListedRoom(List<BenchmarkFamily> families, List<StudyForm> forms) {
    this.families = List.copyOf(families);
    this.forms = List.copyOf(forms);
  }

  @Override
  public final List<BenchmarkFamily> families() {
    return families;
  }

  @Override
  public final List<StudyForm> forms() {
    return forms;
  }
}
