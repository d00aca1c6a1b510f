package io.dbbench.arango;

import io.dbbench.arango.bulk.ArangoBulkForm;
import io.dbbench.arango.pool.ArangoPoolForm;
import io.dbbench.core.BenchmarkFamily;
import io.dbbench.report.study.StudyForm;
import io.dbbench.report.study.StudyRoom;
import java.util.List;

/**
 * The ArangoDB room, as the registry lists it: one family for its two studies, and the forms of
 * both (bulk CRUD across protocols, client connection pools).
 */
public final class ArangoRoom implements StudyRoom {
  @Override
  public List<BenchmarkFamily> families() {
    return List.of(new ArangoFamily());
  }

  @Override
  public List<StudyForm> forms() {
    return List.of(new ArangoBulkForm(), new ArangoPoolForm());
  }
}
