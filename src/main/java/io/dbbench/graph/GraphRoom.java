package io.dbbench.graph;

import io.dbbench.core.BenchmarkFamily;
import io.dbbench.report.study.StudyForm;
import io.dbbench.report.study.StudyRoom;
import java.util.List;

/** The room of graphd's embedded graph database throughput, as the registry lists it: its family and its form. */
public final class GraphRoom implements StudyRoom {
  @Override
  public List<BenchmarkFamily> families() {
    return List.of(new GraphFamily());
  }

  @Override
  public List<StudyForm> forms() {
    return List.of(new GraphForm());
  }
}
