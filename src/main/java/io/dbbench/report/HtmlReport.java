package io.dbbench.report;

import java.util.Base64;
import java.util.List;

/**
 * Writes a {@link Doc} as one self-contained HTML page: inline CSS, charts as PNG
 * {@code data:} URIs, no script, no external font, stylesheet or image, so the file can be
 * mailed, archived as a CI artifact or opened offline.
 */
public final class HtmlReport {
  private HtmlReport() {}

  /** The HTML text. */
  public static String write(Doc doc) {
    StringBuilder sb = new StringBuilder(64 * 1024);
    sb.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        .append("<title>").append(esc(doc.title)).append("</title><style>")
        .append("body{font-family:system-ui,sans-serif;margin:2em auto;max-width:1200px;padding:0 1em;color:#222}")
        .append("table{border-collapse:collapse;margin:.5em 0 1.5em;font-size:.9em}")
        .append("th,td{border:1px solid #ccc;padding:.25em .6em;text-align:left;vertical-align:top}")
        .append("th{background:#f2f2f2}td.n{text-align:right;font-variant-numeric:tabular-nums}")
        .append("tr.muted td{color:#999}figure{margin:1em 0}figcaption{font-size:.85em;color:#555}")
        .append("img{max-width:100%;height:auto;border:1px solid #eee}")
        .append("</style></head><body>\n<h1>").append(esc(doc.title)).append("</h1>\n");
    for (Doc.Section s : doc.sections) {
      sb.append("<h").append(s.level).append('>').append(esc(s.heading)).append("</h").append(s.level).append(">\n");
      for (Doc.Block b : s.blocks) {
        switch (b) {
          case Doc.Text t -> sb.append("<p>").append(esc(t.text())).append("</p>\n");
          case Doc.Table t -> table(sb, t);
          case Doc.Chart c -> sb.append("<figure><img class=\"chart\" alt=\"").append(esc(c.title()))
              .append("\" src=\"data:image/png;base64,").append(Base64.getEncoder().encodeToString(c.png()))
              .append("\"><figcaption>").append(esc(c.title())).append("</figcaption></figure>\n");
        }
      }
    }
    return sb.append("</body></html>\n").toString();
  }

  private static void table(StringBuilder sb, Doc.Table t) {
    sb.append("<table><thead><tr>");
    t.headers().forEach(h -> sb.append("<th>").append(esc(h)).append("</th>"));
    sb.append("</tr></thead><tbody>\n");
    for (int i = 0; i < t.rows().size(); i++) {
      List<String> row = t.rows().get(i);
      sb.append(t.muted().contains(i) ? "<tr class=\"muted\">" : "<tr>");
      for (int j = 0; j < row.size(); j++) {
        sb.append(t.numeric().get(j) ? "<td class=\"n\">" : "<td>").append(esc(row.get(j))).append("</td>");
      }
      sb.append("</tr>\n");
    }
    sb.append("</tbody></table>\n");
  }

  /** HTML-escapes text for element content and attribute values. */
  static String esc(String s) {
    StringBuilder sb = new StringBuilder(s.length());
    for (char c : s.toCharArray()) {
      switch (c) {
        case '<' -> sb.append("&lt;");
        case '>' -> sb.append("&gt;");
        case '&' -> sb.append("&amp;");
        case '"' -> sb.append("&quot;");
        case '\'' -> sb.append("&#39;");
        default -> sb.append(c);
      }
    }
    return sb.toString();
  }
}
