package io.dbbench.report.study;

import io.dbbench.core.BenchmarkFamily;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * One study's room as the registry lists it: the benchmark families the main job runs for it and
 * the report forms that draw it (each form with its {@code study.json}, {@link StudyForm#studyResource}).
 * The registry is one line per room in {@code META-INF/services/io.dbbench.report.study.StudyRoom},
 * in run order; the main job's family list ({@code io.dbbench.Families}) and the report's forms
 * ({@link StudyTables#forms}) are both read from it, so a new study is its room plus that one line.
 *
 * <p>Rooms are found with {@link ServiceLoader} through this interface's own class loader, then
 * through the current thread's context class loader, each room class once: a context class loader
 * that adds a services file adds its rooms after the ones on the class path (the toy study's test
 * does that), and one that sees none of them (an application server's) takes none away.
 */
public interface StudyRoom {

  /** The room's families, in run order (most rooms have one; the WMPayload room has two). */
  List<BenchmarkFamily> families();

  /** The room's report forms (one per study it reproduces; the ArangoDB room has two). */
  List<StudyForm> forms();

  /**
   * Every registered room, in registry order (the order of the services file, then of later files
   * on the class path).
   *
   * @throws java.util.ServiceConfigurationError naming the class when a line names no room class
   */
  static List<StudyRoom> all() {
    List<StudyRoom> rooms = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (ClassLoader loader : new ClassLoader[] {StudyRoom.class.getClassLoader(),
        Thread.currentThread().getContextClassLoader()}) {
      if (loader != null) {
        ServiceLoader.load(StudyRoom.class, loader).forEach(r -> {
          if (seen.add(r.getClass().getName())) {
            rooms.add(r);
          }
        });
      }
    }
    return rooms;
  }
}
