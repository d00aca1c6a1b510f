package io.dbbench.report.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.report.render.Doc;
import io.dbbench.report.render.MarkdownReport;
import io.dbbench.report.render.StudyClientsSection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run's clients/NAME directories as the report reads them: unit.json and the summary's first table. */
class StudyClientRunsTest {
  @TempDir
  Path run;

  @Test
  void theFirstTableAfterAHeadingIsReadWithoutItsRuleLine() {
    List<String> md = List.of("# title", "", "intro | with a bar", "", "## The study's question", "",
        "| question | measured | verdict |", "|---|---:|---|", "| insert, ns/op | -55.35% | reproduced |", "",
        "## Medians", "", "| x | y |", "|---|---|", "| 1 | 2 |");
    assertEquals(List.of(List.of("question", "measured", "verdict"), List.of("insert, ns/op", "-55.35%", "reproduced")),
        StudyClientRuns.firstTable(md));
    assertEquals(List.of(), StudyClientRuns.firstTable(List.of("| a | b |", "no heading before it")));
  }

  @Test
  void eachClientsUnitAndSummaryReachTheReport() throws Exception {
    Path go = Files.createDirectories(run.resolve("clients/go-driver"));
    Files.writeString(go.resolve("unit.json"), "{\"name\":\"go-driver\",\"what\":\"go-driver's suites\",\"status\":\"ran\","
        + "\"reason\":\"\",\"seconds\":120}");
    Files.writeString(go.resolve("summary.md"), "# s\n\n## q\n\n| question | verdict |\n|---|---|\n| insert | reproduced |\n");
    Path js = Files.createDirectories(run.resolve("clients/arangojs"));
    Files.writeString(js.resolve("unit.json"), "{\"name\":\"arangojs\",\"status\":\"skipped\",\"reason\":\"node not found on PATH\"}");
    List<StudyClientRuns.ClientRun> clients = StudyClientRuns.read(run);
    assertEquals(List.of("arangojs", "go-driver"), clients.stream().map(StudyClientRuns.ClientRun::name).toList());
    assertNull(clients.get(0).summary());
    assertEquals("clients/go-driver/summary.md", clients.get(1).summary());
    Doc doc = new Doc("r");
    StudyClientsSection.appendTo(doc, 2, clients);
    String text = MarkdownReport.write(doc, null);
    assertTrue(text.contains("skipped: node not found on PATH"), text);
    assertTrue(text.contains("| insert | reproduced |"), text);
    assertTrue(text.contains("[clients/go-driver/summary.md](clients/go-driver/summary.md)"), text);
  }

  @Test
  void aBrokenUnitFileIsNamedAndNoClientsIsNoSection() throws Exception {
    assertEquals(List.of(), StudyClientRuns.read(run));
    Doc doc = new Doc("r");
    StudyClientsSection.appendTo(doc, 2, List.of());
    assertTrue(doc.sections.isEmpty());
    Path bad = Files.createDirectories(run.resolve("clients/bad"));
    Files.writeString(bad.resolve("unit.json"), "{\"status\":\"ran\"}");
    ReportException e = assertThrows(ReportException.class, () -> StudyClientRuns.read(run));
    assertTrue(e.getMessage().contains("unit.json") && e.getMessage().contains("name and status"), e.getMessage());
  }
}
