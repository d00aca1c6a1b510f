package io.dbbench.graphj;

import io.dbbench.report.study.ListedRoom;
import java.util.List;

/** The room of graphd's GraphJ journal codec, as the registry lists it: its family and its form. */
public final class GraphjRoom extends ListedRoom {
  /** The room's families and forms, in run order. */
  public GraphjRoom() {
    super(List.of(new GraphjFamily()), List.of(new GraphjForm()));
  }
}
