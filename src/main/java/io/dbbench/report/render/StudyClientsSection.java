package io.dbbench.report.render;

import io.dbbench.report.data.StudyClientRuns.ClientRun;
import java.util.List;

/**
 * "The studies' own clients, on the same server": per client the main job ran
 * ({@link io.dbbench.report.data.StudyClientRuns}) its status and its summary's question table
 * (the study's figure, the change measured here with its 95% interval over blocks, the verdict),
 * linked to the whole summary; nothing when the run ran none.
 */
public final class StudyClientsSection {
  private StudyClientsSection() {}

  /** Appends the section at heading {@code level} when {@code clients} is not empty. */
  public static void appendTo(Doc doc, int level, List<ClientRun> clients) {
    if (clients.isEmpty()) {
      return;
    }
    Doc.Section s = doc.section(level, "The studies' own clients, on the same server");
    s.text("Each study's own client code, run by its side-by-side script in blocks interleaved with dbbench's rows on"
        + " the same server (scripts/README.md): the study's effect measured here by the study's code.");
    Doc.TableBuilder status = new Doc.TableBuilder().col("client").col("what").col("status").num("seconds").col("summary");
    for (ClientRun c : clients) {
      String link = "";
      if (c.summary() != null) {
        try {
          link = Doc.fileLink(c.summary());
        } catch (IllegalArgumentException e) {
          link = c.summary();
        }
      }
      status.row(List.of(c.name(), c.what(), c.status() + (c.reason().isEmpty() ? "" : ": " + c.reason()),
          String.valueOf(c.seconds()), link));
    }
    s.add(status.build());
    for (ClientRun c : clients) {
      if (c.table().size() > 1) {
        s.text(c.name() + ": the first table of its summary.");
        List<String> header = c.table().get(0);
        Doc.TableBuilder t = new Doc.TableBuilder();
        header.forEach(t::col);
        for (List<String> row : c.table().subList(1, c.table().size())) {
          if (row.size() == header.size()) {
            t.row(row);
          }
        }
        s.add(t.build());
      }
    }
  }
}
