package io.dbbench.toy;

import io.dbbench.core.BenchmarkFamily;
import io.dbbench.report.study.StudyForm;
import io.dbbench.report.study.StudyRoom;
import java.util.List;

/** The toy study's room: its family and its form, registered by the one line of {@code toy/registry}. */
public final class ToyRoom implements StudyRoom {
  @Override
  public List<BenchmarkFamily> families() {
    return List.of(new ToyFamily());
  }

  @Override
  public List<StudyForm> forms() {
    return List.of(new ToyForm());
  }
}
