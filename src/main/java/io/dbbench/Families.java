package io.dbbench;

import io.dbbench.core.BenchmarkFamily;
import io.dbbench.report.study.StudyRoom;
import java.util.ArrayList;
import java.util.List;

/**
 * The family registry: the benchmark families of the main job, in the order they run, read from
 * the study rooms' registry ({@link StudyRoom#all}, one line per room in
 * {@code META-INF/services/io.dbbench.report.study.StudyRoom}, each room's families in its order).
 * It sits on the top floor beside the main job; a new study adds its room and that one line, and
 * nothing here, in {@code report} or in another family's package.
 */
public final class Families {
  private Families() {}

  /**
   * Every family, in run order: the rooms in registry order, each room's families in its order.
   *
   * @throws IllegalStateException when no room is registered (the services file is missing from the
   *     class path, e.g. a jar built without resources)
   */
  public static List<BenchmarkFamily> all() {
    List<StudyRoom> rooms = StudyRoom.all();
    if (rooms.isEmpty()) {
      throw new IllegalStateException("no study room is registered: META-INF/services/" + StudyRoom.class.getName()
          + " is missing from the class path (expected one line per room, e.g. io.dbbench.graph.GraphRoom)");
    }
    List<BenchmarkFamily> out = new ArrayList<>();
    rooms.forEach(room -> out.addAll(room.families()));
    return out;
  }
}
