package io.dbbench.toy;

import io.dbbench.report.data.JmhResult;
import io.dbbench.report.data.Run;
import io.dbbench.report.render.Doc;
import io.dbbench.report.study.FormSupport;
import io.dbbench.report.study.StudyForm;
import java.util.List;
import java.util.Optional;

/** The toy study's report form: one table of seconds per operation by {@code mode}, and its {@code study.json}. */
public final class ToyForm implements StudyForm {
  /** The section heading the report shows. */
  static final String TITLE = "Toy study (test form)";

  @Override
  public String title() {
    return TITLE;
  }

  @Override
  public int order() {
    return 999;
  }

  @Override
  public boolean accepts(JmhResult r) {
    return r.className().startsWith("io.dbbench.toy.");
  }

  @Override
  public void appendTo(Doc doc, Run run, List<JmhResult> accepted) {
    Doc.TableBuilder t = new Doc.TableBuilder().col("mode").col("seconds per op");
    for (JmhResult r : accepted) {
      t.row(List.of(r.params().getOrDefault("mode", ""), String.valueOf(FormSupport.timePerOp(r))));
    }
    doc.section(2, TITLE).add(t.build());
  }

  @Override
  public Optional<String> studyResource() {
    return Optional.of("study.json");
  }
}
