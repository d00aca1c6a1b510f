package io.dbbench.report.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** How a table cell links a file of the run ({@link Doc#fileLink}) in Markdown and HTML. */
class FileLinkTest {
  @Test
  void aFileLinkRendersAsALinkInMarkdownAndHtmlAndOnlyForPlainNames() {
    Doc.Table t = new Doc.TableBuilder().col("log").row(List.of(Doc.fileLink("openloop-insert-flat-300-1.hlog")))
        .build();
    assertTrue(MarkdownReport.table(t).contains("[openloop-insert-flat-300-1.hlog](openloop-insert-flat-300-1.hlog)"));
    Doc doc = new Doc("t");
    doc.section(2, "s").add(t);
    assertTrue(HtmlReport.write(doc).contains("<a href=\"openloop-insert-flat-300-1.hlog\">"));
    assertThrows(IllegalArgumentException.class, () -> Doc.fileLink("../etc/passwd"));
    assertThrows(IllegalArgumentException.class, () -> Doc.fileLink("a\"><script>"));
    // text that merely starts like a link is not one
    assertEquals(null, Doc.linkedFile("file:../x"));
  }
}
