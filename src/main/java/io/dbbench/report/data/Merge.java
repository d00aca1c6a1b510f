package io.dbbench.report.data;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dbbench.core.FileTrees;
import io.dbbench.load.OpenLoopJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Combines runs taken on several machines (load spread over hosts) into one run directory: a
 * {@code jmh.json} holding every input row, each marked with the host it was measured on
 * ({@link JmhJson#HOST_FIELD}; the rest of each entry is JMH's own, so JMH tools still read it),
 * an {@code env.json} keeping every input's manifest under {@code merged_from}, the open-loop
 * files renamed with their host, and the rendered report; what it reads passes through
 * {@link JsonRedaction} before it is written. The host of a run is its env.json
 * {@code host}, else its directory name; two inputs with the same host get {@code #2}, {@code #3}.
 */
public final class Merge {
  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private Merge() {}

  /**
   * Merges {@code runDirs} into {@code out} (created, or an empty directory). Nothing is read through
   * a symbolic link that leads outside its input ({@link #requireInside}); when the merge fails, what
   * it wrote is removed ({@link #discard}).
   *
   * @throws ReportException when an input is missing, not a run or holds a link leading outside it,
   *     or out is not new or empty
   * @throws IOException when writing fails
   */
  public static Path merge(Path out, List<Path> runDirs) throws ReportException, IOException {
    if (runDirs.isEmpty()) {
      throw new ReportException("merge needs at least one run directory");
    }
    requireFresh(out);
    for (Path dir : runDirs) {
      if (!Files.isDirectory(dir)) {
        throw new ReportException(dir + ": not a run directory (expected a results/<timestamp> directory holding jmh.json)");
      }
      requireInside(dir);
    }
    boolean existed = Files.exists(out);
    try {
      return mergeInto(out, runDirs);
    } catch (ReportException | IOException | RuntimeException e) {
      discard(out, existed);
      throw e;
    }
  }

  /**
   * Checks that {@code out} does not exist or is an empty directory: a merge never writes over or
   * beside another run's files.
   *
   * @throws ReportException naming {@code out} and one name it holds
   * @throws IOException when it cannot be listed
   */
  public static void requireFresh(Path out) throws ReportException, IOException {
    if (!Files.exists(out, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    if (!Files.isDirectory(out, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      throw new ReportException(out + " exists and is not a directory; merge writes into a new or empty directory");
    }
    try (java.util.stream.Stream<Path> s = Files.list(out)) {
      java.util.Optional<Path> first = s.sorted().findFirst();
      if (first.isPresent()) {
        throw new ReportException(out + " is not empty (it holds " + first.get().getFileName() + "); merge writes"
            + " into a new or empty directory");
      }
    }
  }

  /**
   * Checks that no symbolic link under an input run directory leads outside it
   * ({@link FileTrees#requireLinksInside}).
   *
   * @throws ReportException naming the link and where it leads
   * @throws IOException when the directory cannot be walked
   */
  public static void requireInside(Path runDir) throws ReportException, IOException {
    try {
      FileTrees.requireLinksInside(runDir);
    } catch (FileTrees.LinkOutsideException e) {
      throw new ReportException("refusing to merge: " + e.getMessage(), e);
    }
  }

  /**
   * Removes what a failed merge wrote into {@code out}: {@code out} itself when it did not exist
   * before ({@code existed} false), else everything in it (it was empty).
   */
  public static void discard(Path out, boolean existed) {
    if (!existed) {
      FileTrees.deleteRecursively(out);
      return;
    }
    try (java.util.stream.Stream<Path> s = Files.list(out)) {
      s.toList().forEach(FileTrees::deleteRecursively);
    } catch (IOException e) {
      // nothing to list: nothing to remove
    }
  }

  private static Path mergeInto(Path out, List<Path> runDirs) throws ReportException, IOException {
    ArrayNode rows = MAPPER.createArrayNode();
    List<RunManifest.MergedPart> parts = new ArrayList<>();
    Set<String> hosts = new HashSet<>();
    Files.createDirectories(out);
    for (Path dir : runDirs) {
      Run run = Run.load(dir);
      JsonNode raw = JsonRedaction.redact(MAPPER.readTree(dir.resolve("jmh.json").toFile()));
      if (run.manifest() != null && run.manifest().merged()) {
        // an already merged run: keep its hosts and manifests
        raw.forEach(rows::add);
        run.manifest().mergedFrom().forEach(p -> {
          parts.add(p);
          hosts.add(p.host());
        });
        continue;
      }
      String host = run.host();
      for (int i = 2; hosts.contains(host); i++) {
        host = run.host() + "#" + i;
      }
      hosts.add(host);
      for (JsonNode n : raw) {
        ObjectNode o = ((ObjectNode) n).deepCopy();
        if (!o.hasNonNull(JmhJson.HOST_FIELD)) {
          o.put(JmhJson.HOST_FIELD, host);
        }
        rows.add(o);
      }
      parts.add(new RunManifest.MergedPart(host, dir.toAbsolutePath().normalize().toString(),
          run.manifest() == null ? ManifestJson.read(MAPPER.createObjectNode()) : run.manifest()));
      int k = 0;
      for (OpenLoopJson.Trial ol : run.openLoop()) {
        String stem = "openloop-" + safe(host) + "-" + (k++);
        String hlog = ol.hlog() == null ? "" : ol.hlog();
        String copied = null;
        if (!hlog.isEmpty()) { // the HdrHistogram log goes along, renamed like its JSON
          Path src = dir.resolve(hlog);
          if (hlog.matches("[\\w.-]+") && !hlog.startsWith(".") && Files.isRegularFile(src)) {
            Files.copy(src, out.resolve(stem + ".hlog"), StandardCopyOption.REPLACE_EXISTING);
            copied = stem + ".hlog";
          }
        }
        OpenLoopJson.write(out.resolve(stem + ".json"), ol.on(host, copied));
      }
    }
    MAPPER.writeValue(out.resolve("jmh.json").toFile(), rows);
    RunManifest env = new RunManifest(RunManifest.SCHEMA_VERSION, new RunManifest.Host(Instant.now().toString(), null,
        null, null, null, null, null, null, null, null), null, Map.of(), null, null, null, null, parts, Map.of());
    MAPPER.writeValue(out.resolve("env.json").toFile(), ManifestJson.write(env));
    return out;
  }

  private static String safe(String s) {
    return s.replaceAll("[^A-Za-z0-9._-]", "_");
  }
}
