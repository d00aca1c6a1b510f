package io.dbbench.report.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbbench.core.FamilySettings;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StudyTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static final String GOOD = """
      {"id": "s", "title": "A study", "present": "^io\\\\.x\\\\.", "source": "the paper, table 2",
       "study_backend": "a real server",
       "measures": [
         {"kind": "speedup", "unit": "x", "question": "a -> b", "change": {"p": "b"},
          "rows": [{"benchmark": "io.x.B.m", "params": {"p": "a", "n": "100"}},
                   {"benchmark": "io.x.B.m", "params": {"p": "a"}, "change": {"p": "c"}}],
          "published": {"text": "2x in the paper", "value": 2}},
         {"kind": "rate", "unit": "MB/s", "question": "throughput", "metric": "bytes", "scale": 1e-6,
          "rows": [{"benchmark": "io.x.B.m"}], "published": {"text": "400 to 500 MB/s", "low": 400, "high": 500}},
         {"kind": "timeChangePct", "unit": "%", "question": "off -> on", "change": {"j": "on"},
          "rows": [{"benchmark": "io.x.B.w"}], "published": {"text": "no published figure"}}],
       "tables": {"t": {"_about": "a note", "k1": 1, "k2": 2}}}
      """;

  @Test
  void parsesEveryFieldIntoTypedValues() throws Exception {
    Study s = Study.parse(JSON.readTree(GOOD), "good.json");
    assertEquals("s", s.id());
    assertTrue(s.present().matcher("io.x.B.m").find());
    assertEquals("a real server", s.studyBackend().orElseThrow());
    Study.Measure speedup = s.measures().get(0);
    assertTrue(speedup.comparison());
    assertEquals(Map.of("p", "b"), speedup.change());
    assertEquals(Map.of("p", "c"), speedup.rows().get(1).change());
    assertEquals("B.m p=a n=100", speedup.rows().get(0).describe());
    assertEquals(2.0, speedup.published().low());
    assertEquals(2.0, speedup.published().high());
    Study.Measure rate = s.measures().get(1);
    assertFalse(rate.comparison());
    assertEquals("bytes", rate.metric());
    assertEquals(1e-6, rate.scale());
    assertEquals(400.0, rate.published().low());
    assertEquals(500.0, rate.published().high());
    assertFalse(s.measures().get(2).published().hasFigure());
    assertEquals(1.0, s.measures().get(2).scale());
    assertEquals(List.of("k1", "k2"), List.copyOf(s.table("t").keySet()), "notes are not rows");
    assertTrue(s.table("missing").isEmpty());
  }

  @Test
  void aMalformedStudyIsRefusedNamingTheFileAndTheField() throws Exception {
    Map<String, String> broken = Map.of(
        "\"source\": \"the paper, table 2\",", "field 'source'",
        "\"kind\": \"speedup\"", "kind 'fastness'",
        "\"metric\": \"bytes\",", "needs the secondary metric",
        "\"present\": ", "present is not a regular expression");
    Map<String, String> replacement = Map.of(
        "\"source\": \"the paper, table 2\",", "",
        "\"kind\": \"speedup\"", "\"kind\": \"fastness\"",
        "\"metric\": \"bytes\",", "",
        "\"present\": ", "\"present\": \"(\", \"was\": ");
    for (Map.Entry<String, String> b : broken.entrySet()) {
      assertTrue(GOOD.contains(b.getKey()), b.getKey());
      String json = GOOD.replace(b.getKey(), replacement.get(b.getKey()));
      IllegalStateException e = assertThrows(IllegalStateException.class, () -> Study.parse(JSON.readTree(json), "bad.json"),
          b.getKey());
      assertTrue(e.getMessage().startsWith("bad.json"), e.getMessage());
      assertTrue(e.getMessage().contains(b.getValue()), e.getMessage());
    }
    String emptyChange = GOOD.replace("\"change\": {\"p\": \"b\"}", "\"change\": {}");
    IllegalStateException empty = assertThrows(IllegalStateException.class,
        () -> Study.parse(JSON.readTree(emptyChange), "bad.json"));
    assertTrue(empty.getMessage().contains("measures[0]: 'change' is empty"), empty.getMessage());
    String noRows = GOOD.replace("\"rows\": [{\"benchmark\": \"io.x.B.w\"}]", "\"rows\": []");
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> Study.parse(JSON.readTree(noRows), "bad.json"));
    assertTrue(e.getMessage().contains("measures[2]: has no rows"), e.getMessage());
  }

  /**
   * A comparison measure's {@code headline} is the one declaration of the comparison the main job
   * runs: benchmark and baseline point from its first row, the compared param and contender from its
   * change, the family's extra fixed params after the row's.
   */
  @Test
  void aHeadlineIsDerivedFromItsMeasureAndBadOnesAreRefused() throws Exception {
    String withHeadline = GOOD.replace("\"question\": \"a -> b\",", "\"question\": \"a -> b\", \"headline\": \"pb\",");
    Study s = Study.parse(JSON.readTree(withHeadline), "good.json");
    assertEquals("pb", s.measures().get(0).headline());
    assertEquals("", s.measures().get(2).headline());
    FamilySettings.HeadlineComparison c = s.headline("pb", "size", "30");
    assertEquals("io.x.B.m", c.benchmark());
    assertEquals("p", c.param());
    assertEquals("a", c.baselineValue());
    assertEquals("b", c.contenderValue());
    assertEquals(List.of("n", "size"), List.copyOf(c.fixed().keySet()), "the row's params first, then the family's");
    assertEquals("B.m p=a->b n=100 size=30", c.label());
    IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> s.headline("pc"));
    assertTrue(unknown.getMessage().contains("no measure has headline 'pc'") && unknown.getMessage().contains("[pb]"),
        unknown.getMessage());
    IllegalArgumentException clash = assertThrows(IllegalArgumentException.class, () -> s.headline("pb", "n", "5"));
    assertTrue(clash.getMessage().contains("n is part of the study's point"), clash.getMessage());
    // a headline on a measure whose change param is not in its first row has no baseline value
    String noBaseline = withHeadline.replace("\"change\": {\"p\": \"b\"}", "\"change\": {\"q\": \"b\"}");
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> Study.parse(JSON.readTree(noBaseline), "bad.json"));
    assertTrue(e.getMessage().contains("bad.json") && e.getMessage().contains("headline 'pb'"), e.getMessage());
  }

  @Test
  void everyRegisteredStudyFileParses() {
    // one study per registered form with a study resource: the five rooms hold six
    assertEquals(StudyTables.forms().stream().filter(f -> f.studyResource().isPresent()).count(),
        Findings.studies().size());
    assertTrue(Findings.studies().size() >= 6, Findings.studies().toString());
  }
}
