package io.dbbench.graph;

import io.dbbench.report.study.ListedRoom;
import java.util.List;

/** The room of graphd's embedded graph database throughput, as the registry lists it: its family and its form. */
public final class GraphRoom extends ListedRoom {
  /** The room's families and forms, in run order. */
  public GraphRoom() {
    super(List.of(new GraphFamily()), List.of(new GraphForm()));
  }
}
