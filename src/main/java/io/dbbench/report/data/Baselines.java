package io.dbbench.report.data;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Named baselines, as criterion's {@code --save-baseline NAME} / {@code --baseline NAME}: a copy
 * of a run's {@code jmh.json}, {@code env.json} and {@code openloop-*.json} under
 * {@code results/baselines/NAME/}. Saving under an existing name replaces it.
 */
public final class Baselines {
  /** The directory name of baselines inside the results root. */
  public static final String DIR = "baselines";
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");

  private Baselines() {}

  /**
   * Saves {@code runDir} as baseline {@code name} under {@code root}.
   *
   * @return the baseline directory
   * @throws ReportException when the name is not a plain name, or the run is not a readable run
   *     with JMH results
   * @throws IOException when the copy fails
   */
  public static Path save(Path root, String name, Path runDir) throws ReportException, IOException {
    checkName(name);
    if (!Files.isDirectory(runDir)) {
      throw new ReportException(runDir + ": not a run directory (expected a results/<timestamp> directory holding jmh.json)");
    }
    Run run = Run.load(runDir);
    if (run.results().isEmpty()) {
      throw new ReportException(runDir + "/jmh.json holds no benchmark result; nothing to save as a baseline");
    }
    Path dir = root.resolve(name);
    if (Files.isDirectory(dir) && Files.isSameFile(dir, runDir)) {
      throw new ReportException(runDir + " is baseline '" + name + "' itself; nothing to save");
    }
    Files.createDirectories(dir);
    try (DirectoryStream<Path> old = Files.newDirectoryStream(dir, "*.json")) {
      for (Path p : old) {
        Files.delete(p);
      }
    }
    List<Path> files = new ArrayList<>();
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(runDir, "{jmh,env,openloop-*}.json")) {
      ds.forEach(files::add);
    }
    for (Path f : files) {
      Files.copy(f, dir.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
    }
    return dir;
  }

  /**
   * The directory of baseline {@code name} under {@code root}.
   *
   * @throws ReportException naming the known baselines when there is no such baseline
   */
  public static Path resolve(Path root, String name) throws ReportException {
    checkName(name);
    Path dir = root.resolve(name);
    if (!Files.isRegularFile(dir.resolve("jmh.json"))) {
      throw new ReportException("unknown baseline '" + name + "' in " + root + " (known: "
          + (known(root).isEmpty() ? "none; create one with save-baseline NAME RUN_DIR" : String.join(", ", known(root))) + ")");
    }
    return dir;
  }

  /** Names of the baselines under {@code root}, sorted. */
  public static List<String> known(Path root) {
    List<String> names = new ArrayList<>();
    if (!Files.isDirectory(root)) {
      return names;
    }
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(root, p -> Files.isRegularFile(p.resolve("jmh.json")))) {
      ds.forEach(p -> names.add(p.getFileName().toString()));
    } catch (IOException e) {
      return names;
    }
    names.sort(null);
    return names;
  }

  private static void checkName(String name) throws ReportException {
    if (name == null || !NAME.matcher(name).matches()) {
      throw new ReportException("baseline name '" + name + "' is not a plain name (expected letters,"
          + " digits, '.', '_' or '-', e.g. main or v1.2)");
    }
  }
}
