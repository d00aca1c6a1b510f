package io.dbbench.report.data;

import com.fasterxml.jackson.databind.JsonNode;
import io.dbbench.load.OpenLoopJson;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One run as the report sees it: a {@code results/<timestamp>} directory holding {@code jmh.json},
 * optionally {@code env.json} (the run manifest) and {@code openloop-*.json} (open-loop latency
 * files), or a bare JMH JSON file.
 *
 * @param source the directory or file it was read from
 * @param results the JMH results
 * @param manifest the run manifest read from {@code env.json} ({@link ManifestJson}), or {@code null} when absent
 * @param openLoop the {@code openloop-*.json} files ({@link OpenLoopJson}), by file name order
 */
public record Run(Path source, List<JmhResult> results, RunManifest manifest, List<OpenLoopJson.Trial> openLoop) {

  /**
   * The run's directory: {@link #source} when it is one, else the folder of the file it was read
   * from; null when the run has no source. Reference files written beside the results
   * ({@code native-reference.json}, {@code psql-reference.json}) are read from here.
   */
  public Path directory() {
    return source == null ? null : Files.isDirectory(source) ? source : source.getParent();
  }

  /**
   * A run from parsed parts, its manifest given as {@code env.json}'s JSON tree ({@code null} for none).
   *
   * @throws IllegalArgumentException when {@code env} is not a JSON object
   */
  public static Run of(Path source, List<JmhResult> results, JsonNode env, List<OpenLoopJson.Trial> openLoop) {
    return new Run(source, results, env == null ? null : ManifestJson.read(env), openLoop);
  }

  /**
   * The file a main job writes first into its run directory and removes once {@code jmh.json} and
   * {@code env.json} are written: a directory still holding it was killed or is still running.
   */
  public static final String INCOMPLETE = "INCOMPLETE";

  /**
   * Reads a run directory or a JMH JSON file.
   *
   * @throws ReportException naming the file when it is missing, not JSON or not JMH output, or
   *     when {@code env.json} / an open-loop file is not JSON
   */
  public static Run load(Path dirOrFile) throws ReportException {
    if (!Files.exists(dirOrFile)) {
      throw new ReportException(dirOrFile + ": no such file or directory (expected a run directory"
          + " holding jmh.json, or a JMH JSON file)");
    }
    List<JmhResult> results = JmhJson.read(dirOrFile);
    RunManifest env = null;
    List<OpenLoopJson.Trial> openLoop = new ArrayList<>();
    if (Files.isDirectory(dirOrFile)) {
      Path envFile = dirOrFile.resolve("env.json");
      if (Files.isRegularFile(envFile)) {
        env = ManifestJson.read(envFile);
      }
      List<Path> files = new ArrayList<>();
      try (DirectoryStream<Path> ds = Files.newDirectoryStream(dirOrFile, "openloop-*.json")) {
        ds.forEach(files::add);
      } catch (IOException e) {
        throw new ReportException(dirOrFile + ": cannot be listed (" + e.getMessage() + ")", e);
      }
      files.sort(null);
      for (Path f : files) {
        JsonNode n;
        try {
          n = OpenLoopJson.tree(f);
        } catch (IOException e) {
          throw new ReportException(f + ": not valid JSON (" + e.getMessage().lines().findFirst().orElse("") + ")", e);
        }
        try {
          openLoop.add(OpenLoopJson.parse(JsonRedaction.redact(n), f.toString()));
        } catch (IllegalArgumentException e) {
          throw new ReportException(e.getMessage(), e);
        }
      }
    }
    return new Run(dirOrFile, results, env, openLoop);
  }

  /** A short name for tables: the directory or file name. */
  public String label() {
    Path f = source.getFileName();
    return f == null ? source.toString() : f.toString();
  }

  /** The host this run was measured on: env.json {@code host}, else the run's label. */
  public String host() {
    String h = manifest == null || manifest.host() == null || manifest.host().host() == null ? ""
        : manifest.host().host();
    return h.isBlank() ? label() : h;
  }
}
