package io.dbbench.jdbc;

import io.dbbench.report.study.ListedRoom;
import java.util.List;

/** The room of hdbinsert's GOMESSAGE bulk inserts, as the registry lists it: its family and its form. */
public final class JdbcRoom extends ListedRoom {
  /** The room's families and forms, in run order. */
  public JdbcRoom() {
    super(List.of(new JdbcFamily()), List.of(new GomessageForm()));
  }
}
