package io.dbbench.jdbc;

import io.dbbench.core.BenchmarkFamily;
import io.dbbench.report.study.StudyForm;
import io.dbbench.report.study.StudyRoom;
import java.util.List;

/** The room of hdbinsert's GOMESSAGE bulk inserts, as the registry lists it: its family and its form. */
public final class JdbcRoom implements StudyRoom {
  @Override
  public List<BenchmarkFamily> families() {
    return List.of(new JdbcFamily());
  }

  @Override
  public List<StudyForm> forms() {
    return List.of(new GomessageForm());
  }
}
