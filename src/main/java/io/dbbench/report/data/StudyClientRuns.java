package io.dbbench.report.data;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The studies' own clients a main job ran beside its rows: each {@code clients/<name>/} of a run
 * directory, read from its {@code unit.json} (written by {@code io.dbbench.run.StudyClients}) and
 * the first table of the script's {@code summary.md} (its question and verdict table: the first
 * block of lines starting with {@code |} after a heading).
 */
public final class StudyClientRuns {
  private StudyClientRuns() {}

  /**
   * One client's unit.
   *
   * @param name the client, e.g. {@code go-driver}
   * @param what what it is and where it comes from
   * @param status {@code ran}, {@code skipped} or {@code failed}
   * @param reason why it was skipped or failed, else empty
   * @param seconds what it took
   * @param summary {@code clients/<name>/summary.md} relative to the run directory, or {@code null} when absent
   * @param table the summary's first table: header row then rows, cells trimmed; empty when none
   */
  public record ClientRun(String name, String what, String status, String reason, long seconds, String summary,
      List<List<String>> table) {
    /** Copies the table. */
    public ClientRun {
      table = table.stream().map(List::copyOf).toList();
    }
  }

  /**
   * Every client of {@code runDir}, by name; empty when it has no {@code clients/}.
   *
   * @throws ReportException naming the file when a {@code unit.json} is not JSON or lacks its name or status
   */
  public static List<ClientRun> read(Path runDir) throws ReportException {
    Path dir = runDir == null ? null : runDir.resolve("clients");
    if (dir == null || !Files.isDirectory(dir)) {
      return List.of();
    }
    List<ClientRun> out = new ArrayList<>();
    try (Stream<Path> s = Files.list(dir)) {
      for (Path d : s.sorted().toList()) {
        Path unit = d.resolve("unit.json");
        if (!Files.isRegularFile(unit)) {
          continue;
        }
        JsonNode n;
        try {
          n = new ObjectMapper().readTree(unit.toFile());
        } catch (IOException e) {
          throw new ReportException(unit + ": not JSON (" + e.getMessage() + ")");
        }
        if (!n.hasNonNull("name") || !n.hasNonNull("status")) {
          throw new ReportException(unit + ": expected the fields name and status");
        }
        Path md = d.resolve("summary.md");
        boolean has = Files.isRegularFile(md);
        out.add(new ClientRun(n.get("name").asText(), n.path("what").asText(""), n.get("status").asText(),
            n.path("reason").asText(""), n.path("seconds").asLong(0),
            has ? runDir.relativize(md).toString() : null,
            has ? firstTable(Files.readAllLines(md, StandardCharsets.UTF_8)) : List.of()));
      }
    } catch (IOException e) {
      throw new ReportException(dir + ": cannot be read (" + e.getMessage() + ")");
    }
    return out;
  }

  /** The first markdown table after a heading in {@code lines}: header then rows (its {@code |---|} line dropped). */
  static List<List<String>> firstTable(List<String> lines) {
    List<List<String>> rows = new ArrayList<>();
    boolean heading = false;
    for (String l : lines) {
      String t = l.strip();
      if (t.startsWith("#")) {
        if (!rows.isEmpty()) {
          break;
        }
        heading = true;
      } else if (heading && t.startsWith("|")) {
        if (!t.matches("\\|[\\s:|-]+\\|?")) {
          String inner = t.substring(1, t.endsWith("|") && t.length() > 1 ? t.length() - 1 : t.length());
          rows.add(java.util.Arrays.stream(inner.split("\\|", -1)).map(String::strip).toList());
        }
      } else if (!rows.isEmpty()) {
        break;
      }
    }
    return rows;
  }
}
