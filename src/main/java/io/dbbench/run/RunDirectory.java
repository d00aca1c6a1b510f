package io.dbbench.run;

import io.dbbench.report.data.Run;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

/**
 * The main job's run directory, {@code <results>/<UTC stamp>/}: one per job, never shared, marked
 * incomplete until its results are written.
 */
public final class RunDirectory {
  private RunDirectory() {}

  /**
   * Creates a new run directory under {@code root} named {@code stamp}, or {@code stamp-2},
   * {@code stamp-3}, ... when another job took the name (two jobs started in the same second): each
   * name is created atomically and never reused, so no job writes into another's run. The directory
   * holds {@link Run#INCOMPLETE} from its first write until {@code jmh.json} and {@code env.json}
   * are written, so a run killed midway says so.
   *
   * @return the directory created
   * @throws IOException when {@code root} or the directory cannot be created
   */
  public static Path create(Path root, String stamp) throws IOException {
    Files.createDirectories(root);
    for (int i = 1; ; i++) {
      Path dir = root.resolve(i == 1 ? stamp : stamp + "-" + i);
      try {
        Files.createDirectory(dir);
      } catch (FileAlreadyExistsException e) {
        continue;
      }
      Files.writeString(dir.resolve(Run.INCOMPLETE), "main job started " + Instant.now() + " (pid "
          + ProcessHandle.current().pid() + "); this file is removed once jmh.json and env.json are written, so a run"
          + " directory still holding it was killed or is still running\n");
      return dir;
    }
  }
}
