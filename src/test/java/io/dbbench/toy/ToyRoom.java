package io.dbbench.toy;

import io.dbbench.report.study.ListedRoom;
import java.util.List;

/** The toy study's room: its family and its form, registered by the one line of {@code toy/registry}. */
public final class ToyRoom extends ListedRoom {
  /** The room's families and forms, in run order. */
  public ToyRoom() {
    super(List.of(new ToyFamily()), List.of(new ToyForm()));
  }
}
