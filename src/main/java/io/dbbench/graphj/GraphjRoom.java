package io.dbbench.graphj;

import io.dbbench.core.BenchmarkFamily;
import io.dbbench.report.study.StudyForm;
import io.dbbench.report.study.StudyRoom;
import java.util.List;

/** The room of graphd's GraphJ journal codec, as the registry lists it: its family and its form. */
public final class GraphjRoom implements StudyRoom {
  @Override
  public List<BenchmarkFamily> families() {
    return List.of(new GraphjFamily());
  }

  @Override
  public List<StudyForm> forms() {
    return List.of(new GraphjForm());
  }
}
