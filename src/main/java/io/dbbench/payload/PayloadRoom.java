package io.dbbench.payload;

import io.dbbench.core.BenchmarkFamily;
import io.dbbench.report.study.StudyForm;
import io.dbbench.report.study.StudyRoom;
import java.util.List;

/**
 * The WMPayload room, as the registry lists it: the service family and the MongoDB driver family
 * (the same operations straight through the driver, run after it), and the study's form.
 */
public final class PayloadRoom implements StudyRoom {
  @Override
  public List<BenchmarkFamily> families() {
    return List.of(new PayloadFamily(), new MongoFamily());
  }

  @Override
  public List<StudyForm> forms() {
    return List.of(new PayloadForm());
  }
}
