package io.dbbench.payload;

import io.dbbench.report.Charts;
import io.dbbench.report.Doc;
import io.dbbench.report.FormSupport;
import io.dbbench.report.JmhResult;
import io.dbbench.report.Run;
import io.dbbench.report.Stats;
import io.dbbench.report.StudyForm;
import io.dbbench.report.Units;
import io.dbbench.report.VariantTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * WMPayload's form, for the payload service and the MongoDB driver family it builds on:
 * operation, document, index, time per request, requests/s, bytes/op ({@code gc.alloc.rate.norm}),
 * success rate ({@code ok / (ok + failed)}) and backend.
 */
public final class PayloadForm implements StudyForm {
  @Override
  public String title() {
    return "Payload service (WMPayload form)";
  }

  @Override
  public int order() {
    return 40;
  }

  @Override
  public boolean accepts(JmhResult r) {
    return r.className().startsWith("io.dbbench.payload.") || r.className().startsWith("io.dbbench.mongo.");
  }

  @Override
  public void appendTo(Doc doc, Run run, List<JmhResult> accepted) {
    payload(doc, accepted, run);
  }


  static void payload(Doc doc, List<JmhResult> rs, Run run) {
    if (rs.isEmpty()) {
      return;
    }
    Doc.Section s = doc.section(2, "Payload service (WMPayload form)");
    s.text("Time per request and requests/s from the primary score (threads taken into account),"
        + " bytes/op from the GC profiler (gc.alloc.rate.norm), success rate = ok / (ok + failed).");
    Set<String> others = FormSupport.paramNames(rs);
    others.removeAll(Set.of("doc", "index"));
    Doc.TableBuilder t = new Doc.TableBuilder().col("benchmark").col("operation").col("document")
        .col("index");
    others.forEach(t::col);
    t.num("time per request").num("requests/s").num("bytes/op").num("success rate").col("backend");
    for (JmhResult r : rs) {
      List<String> row = new ArrayList<>();
      row.add(r.simpleClassName() + FormSupport.host(r));
      row.add(r.method());
      row.add(r.params().getOrDefault("doc", ""));
      row.add(r.params().getOrDefault("index", ""));
      others.forEach(p -> row.add(r.params().getOrDefault(p, "")));
      row.add(Units.time(FormSupport.timePerOp(r)));
      row.add(Units.num(FormSupport.opsPerSecond(r)));
      row.add(FormSupport.alloc(r));
      JmhResult.Metric ok = r.secondary().get("ok");
      JmhResult.Metric failed = r.secondary().get("failed");
      double okN = ok == null ? Double.NaN : ok.score();
      double failedN = failed == null ? 0 : failed.score();
      row.add(ok == null ? "" : String.format(Locale.ROOT, "%.2f%%", 100 * okN / (okN + failedN)));
      row.add(FormSupport.backend(run.env(), r));
      t.row(row);
    }
    s.add(t.build());
  }
}
