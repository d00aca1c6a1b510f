package io.dbbench.report.render;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes a {@link Doc} as GitHub-flavoured Markdown. Charts are written as PNG files into a
 * {@code charts/} directory beside the Markdown file and linked relatively; with no directory
 * they are listed by title only.
 */
public final class MarkdownReport {
  private MarkdownReport() {}

  /**
   * The Markdown text.
   *
   * @param doc the document
   * @param chartDir where chart PNGs are written (created when needed), or {@code null}
   * @throws IOException when a chart file cannot be written
   */
  public static String write(Doc doc, Path chartDir) throws IOException {
    StringBuilder sb = new StringBuilder("# ").append(cell(doc.title)).append("\n\n");
    // a section some table links by its anchor carries that id: Markdown makes its own from the heading
    java.util.Set<String> linked = new java.util.HashSet<>();
    doc.sections.forEach(s -> s.blocks.forEach(b -> {
      if (b instanceof Doc.Table t) {
        t.rows().forEach(r -> r.forEach(c -> {
          String a = Doc.linkedAnchor(c);
          if (a != null) {
            linked.add(a);
          }
        }));
      }
    }));
    for (Doc.Section s : doc.sections) {
      if (s.id != null && linked.contains(s.id) && s.id.matches("[a-z0-9-]+")) {
        sb.append("<a id=\"").append(s.id).append("\"></a>\n\n");
      }
      sb.append("#".repeat(s.level)).append(' ').append(cell(s.heading)).append("\n\n");
      for (Doc.Block b : s.blocks) {
        switch (b) {
          case Doc.Text t -> sb.append(t.text()).append("\n\n");
          case Doc.Table t -> sb.append(table(t)).append('\n');
          case Doc.Chart c -> {
            if (chartDir == null) {
              sb.append("*Chart: ").append(cell(c.title())).append("*\n\n");
            } else {
              Files.createDirectories(chartDir);
              Files.write(chartDir.resolve(c.name() + ".png"), c.png());
              sb.append("![").append(cell(c.title())).append("](").append(chartDir.getFileName())
                  .append('/').append(c.name()).append(".png)\n\n");
            }
          }
        }
      }
    }
    return sb.toString();
  }

  /** One Markdown table; muted rows are shown in italics. */
  static String table(Doc.Table t) {
    StringBuilder sb = new StringBuilder("|");
    t.headers().forEach(h -> sb.append(' ').append(cell(h)).append(" |"));
    sb.append("\n|");
    t.numeric().forEach(n -> sb.append(n ? "---:|" : "---|"));
    sb.append('\n');
    for (int i = 0; i < t.rows().size(); i++) {
      List<String> row = t.rows().get(i);
      boolean muted = t.muted().contains(i);
      sb.append('|');
      for (String c : row) {
        sb.append(' ').append(muted && !c.isEmpty() ? "*" + cell(c) + "*" : cell(c)).append(" |");
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  /** Block characters from low to high, for a sparkline as text. */
  private static final String BLOCKS = "\u2581\u2582\u2583\u2584\u2585\u2586\u2587\u2588";

  /**
   * A sparkline as text: one block character per estimate, scaled from the lowest to the highest,
   * a broken bar ({@code \u00a6}) before a point measured with changed settings.
   */
  static String sparkText(Doc.Spark s) {
    double lo = s.estimate().stream().filter(Double::isFinite).mapToDouble(Double::doubleValue).min().orElse(0);
    double hi = s.estimate().stream().filter(Double::isFinite).mapToDouble(Double::doubleValue).max().orElse(1);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < s.estimate().size(); i++) {
      if (s.settings().contains(i)) {
        sb.append('\u00a6');
      }
      double v = s.estimate().get(i);
      int k = !Double.isFinite(v) ? 0 : hi > lo ? (int) Math.round((v - lo) / (hi - lo) * (BLOCKS.length() - 1)) : 3;
      sb.append(BLOCKS.charAt(k));
    }
    return sb.toString();
  }

  /** A table cell: pipes escaped, line breaks flattened. */
  static String cell(String s) {
    Doc.Spark spark = Doc.Spark.parse(s);
    if (spark != null) {
      return sparkText(spark);
    }
    String[] link = Doc.link(s);
    if (link != null) {
      return "[" + link[1].replace("|", "\\|").replace("]", "\\]") + "](" + link[0] + ")";
    }
    return s.replace("|", "\\|").replace("\r", " ").replace("\n", " ");
  }
}
