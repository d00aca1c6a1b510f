package io.dbbench.arango;

import io.dbbench.arango.bulk.ArangoBulkForm;
import io.dbbench.arango.pool.ArangoPoolForm;
import io.dbbench.report.study.ListedRoom;
import java.util.List;

/**
 * The ArangoDB room, as the registry lists it: one family for its two studies, and the forms of
 * both (bulk CRUD across protocols, client connection pools).
 */
public final class ArangoRoom extends ListedRoom {
  /** The room's families and forms, in run order. */
  public ArangoRoom() {
    super(List.of(new ArangoFamily()), List.of(new ArangoBulkForm(), new ArangoPoolForm()));
  }
}
