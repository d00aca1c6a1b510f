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
    for (Doc.Section s : doc.sections) {
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

  /** A table cell: pipes escaped, line breaks flattened. */
  static String cell(String s) {
    String[] link = Doc.link(s);
    if (link != null) {
      return "[" + link[1].replace("|", "\\|").replace("]", "\\]") + "](" + link[0] + ")";
    }
    return s.replace("|", "\\|").replace("\r", " ").replace("\n", " ");
  }
}
