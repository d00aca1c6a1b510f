package io.dbbench.toy;

import io.dbbench.report.data.JmhResult;
import io.dbbench.report.data.Run;
import io.dbbench.report.render.Doc;
import io.dbbench.report.study.FormSupport;
import io.dbbench.report.study.PublishedStudyForm;
import java.util.List;

/** The toy study's report form: one table of seconds per operation by {@code mode}, and its {@code study.json}. */
public final class ToyForm extends PublishedStudyForm {
  /** The section heading the report shows. */
  static final String TITLE = "Toy study (test form)";

  /** The form: its heading, position 999, and the benchmark classes it draws. */
  public ToyForm() {
    super(TITLE, 999, c -> c.startsWith("io.dbbench.toy."));
  }

  @Override
  public void appendTo(Doc doc, Run run, List<JmhResult> accepted) {
    Doc.TableBuilder t = new Doc.TableBuilder().col("mode").col("seconds per op");
    for (JmhResult r : accepted) {
      t.row(List.of(r.params().getOrDefault("mode", ""), String.valueOf(FormSupport.timePerOp(r))));
    }
    doc.section(2, TITLE).add(t.build());
  }
}
