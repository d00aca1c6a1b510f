package io.dbbench.graph;

import io.dbbench.report.data.JmhResult;
import io.dbbench.report.data.Run;
import io.dbbench.report.data.Units;
import io.dbbench.report.render.Charts;
import io.dbbench.report.render.Doc;
import io.dbbench.report.stats.Stats;
import io.dbbench.report.study.FormSupport;
import io.dbbench.report.study.PublishedStudyForm;
import io.dbbench.report.study.VariantTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Graph (LadybugDB/Kuzu) writes: writes/s per {@code batchSize} (aux counter {@code writes}),
 * chart of writes/s against batch size, and the {@code journal} overhead in the variant form
 * ({@code off} as reference when it is the first value): {@code on} is graphd's journal design (a
 * writer thread), {@code sync} dbbench's (the entry written on the query thread before each
 * statement), {@code sync+fsync} dbbench's with a force per entry.
 */
public final class GraphForm extends PublishedStudyForm {
  /** The form: its heading, position 30, and the benchmark classes it draws. */
  public GraphForm() {
    super("Graph database writes (LadybugDB/Kuzu)", 30, c -> c.startsWith("io.dbbench.graph."));
  }

  @Override
  public void appendTo(Doc doc, Run run, List<JmhResult> accepted) {
    graph(doc, accepted);
    journalCost(doc, run.results());
  }

  /** Appends per mutating statement of one {@code writeBatch}: BEGIN, the batch's creates, COMMIT. */
  static double appendsPerBatch(double batchSize) {
    return batchSize + 2;
  }

  /**
   * What the journal's cost in the headline comparison depends on: the journal append measured in
   * the same run ({@code GraphjAppendBenchmark.appendEntry fsync=false}: encode, CRC32C, chain
   * hash and the write call of one entry, in µs), the appends one {@code writeBatch} of 100 makes
   * ({@link #appendsPerBatch}), the share of the journal-off batch time that work is, and where it
   * runs: on graphd's writer thread with {@code journal=on} (the query thread only copies the
   * parameters and queues the entry), on the query thread with dbbench's {@code journal=sync}.
   * Nothing is appended when either row is missing.
   */
  static void journalCost(Doc doc, List<JmhResult> all) {
    JmhResult append = all.stream().filter(r -> r.benchmark().equals("io.dbbench.graphj.GraphjAppendBenchmark.appendEntry")
        && "false".equals(r.params().get("fsync"))).findFirst().orElse(null);
    JmhResult off = all.stream().filter(r -> r.benchmark().equals("io.dbbench.graph.GraphWriteBenchmark.writeBatch")
        && "100".equals(r.params().get("batchSize")) && "off".equals(r.params().get("journal"))).findFirst().orElse(null);
    if (append == null || off == null) {
      return;
    }
    double appendSeconds = FormSupport.timePerOp(append);
    double batchSeconds = FormSupport.timePerOp(off);
    double appends = appendsPerBatch(100);
    double expectedPct = 100 * appends * appendSeconds / batchSeconds;
    Doc.Section j = doc.section(3, "What the journal's cost depends on");
    j.text(String.format(Locale.ROOT, "One journal append (GraphjAppendBenchmark.appendEntry fsync=false: encode the"
        + " entry, CRC32C, chain hash, one write call) took %s in this run; a writeBatch of 100 nodes journals %.0f"
        + " statements (BEGIN, 100 creates, COMMIT), about %s of journal work beside the journal-off batch's %s,"
        + " %.1f%%. With journal=on (graphd's design: one journal-writer thread fed by an unbounded queue, a sync"
        + " after 100 ms without a command, src/journal/mod.rs at 7628b1d) that work runs on the writer thread, and"
        + " the query thread pays only a parameter copy and a queue hand-off per statement; the writer still shares"
        + " the 2 cores with the query thread and Kuzu's own workers, so the headline's cost grows with what else the"
        + " machine does (scripts/journal-under-load.sh measures the comparison quiet and with one busy core). With"
        + " journal=sync (dbbench's form, not graphd's) the whole append runs on the query thread before each"
        + " statement. Where Kuzu commits matters too: quick mode keeps the databases and journals on a tmpfs"
        + " (env.json's temp_root_quick), so no commit waits on the disk; full mode and DBBENCH_GRAPH_TMPDIR use a"
        + " directory on disk, where the journal's share of a batch is smaller. Read the finding with its machine"
        + " state (other_cpu_max in findings.json; UNDER LOAD in the findings table above 10%%).",
        Units.time(appendSeconds), appends, Units.time(appends * appendSeconds), Units.time(batchSeconds), expectedPct));
  }


  static void graph(Doc doc, List<JmhResult> rs) {
    if (rs.isEmpty()) {
      return;
    }
    Doc.Section s = doc.section(2, "Graph database writes (LadybugDB/Kuzu)");
    List<JmhResult> batched = rs.stream().filter(r -> r.params().containsKey("batchSize")).toList();
    if (!batched.isEmpty()) {
      Set<String> others = FormSupport.paramNames(batched);
      others.remove("batchSize");
      Doc.TableBuilder t = new Doc.TableBuilder().col("benchmark");
      others.forEach(t::col);
      t.num("batch size").num("writes/s").num("time per batch");
      Map<String, Charts.Series> chart = new LinkedHashMap<>();
      for (JmhResult r : batched) {
        JmhResult.Metric writes = r.secondary().get("writes");
        double wps = writes == null ? Double.NaN : FormSupport.perSecond(writes);
        List<String> row = new ArrayList<>();
        row.add(r.shortName() + FormSupport.host(r));
        others.forEach(p -> row.add(r.params().getOrDefault(p, "")));
        row.add(r.params().get("batchSize"));
        row.add(writes == null ? "" : Units.num(wps));
        row.add(Units.time(FormSupport.timePerOp(r)));
        t.row(row);
        Double bs = FormSupport.num(r.params().get("batchSize"));
        if (writes != null && bs != null) {
          FormSupport.addPoint(chart, r.method() + FormSupport.others(r, Set.of("batchSize")) + FormSupport.host(r), bs, wps);
        }
      }
      s.text("Writes per second per batch size (the benchmark's writes counter).");
      s.add(t.build());
      if (!chart.isEmpty()) {
        s.add(Charts.lines("graph-writes-batch", "Graph writes/s vs batch size", "batch size",
            "writes/s", List.copyOf(chart.values()), true));
      }
    }
    List<JmhResult> journal = FormSupport.select(rs, r -> r.params().containsKey("journal"));
    if (!journal.isEmpty()) {
      Doc.Section j = doc.section(3, "Journal overhead per write method (variant form)");
      VariantTable.appendTo(doc, j, journal, "journal", "graph-journal");
    }
  }
}
