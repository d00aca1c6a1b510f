package io.dbbench.payload;

import io.dbbench.report.study.ListedRoom;
import java.util.List;

/**
 * The WMPayload room, as the registry lists it: the service family and the MongoDB driver family
 * (the same operations straight through the driver, run after it), and the study's form.
 */
public final class PayloadRoom extends ListedRoom {
  /** The room's families and forms, in run order. */
  public PayloadRoom() {
    super(List.of(new PayloadFamily(), new MongoFamily()), List.of(new PayloadForm()));
  }
}
