package io.dbbench.report.render;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * A report as a neutral document: headed sections holding paragraphs, tables and charts, written
 * out as Markdown by {@link MarkdownReport} and as self-contained HTML by {@link HtmlReport}.
 */
public final class Doc {
  /** The document title. */
  public final String title;
  /** The sections in order. */
  public final List<Section> sections = new ArrayList<>();

  /** @param title the document title (first heading) */
  public Doc(String title) {
    this.title = title;
  }

  /** Appends and returns a new section. */
  public Section section(int level, String heading) {
    Section s = new Section(level, heading);
    sections.add(s);
    return s;
  }

  /** A block of a section. */
  public sealed interface Block permits Text, Table, Chart {}

  /** A paragraph of plain text (no markup; writers escape it). */
  public record Text(String text) implements Block {}

  /**
   * A table.
   *
   * @param headers column titles
   * @param numeric per column, whether it is right-aligned (numbers)
   * @param rows cells as text, one list per row, each as long as {@code headers}
   * @param muted indexes of rows to grey out (insignificant changes)
   */
  public record Table(List<String> headers, List<Boolean> numeric, List<List<String>> rows,
      Set<Integer> muted) implements Block {
    /** Cells at least this long that repeat down a whole column are said once above the table. */
    public static final int FOLD_MIN_CHARS = 40;

    /**
     * This table without its long repeated columns, and those columns as {@code header: value}
     * lines: a column of two or more rows whose cells are all the same text of at least
     * {@value #FOLD_MIN_CHARS} characters (a backend description repeated on every row) is said once.
     */
    public Folded folded() {
      if (rows.size() < 2) {
        return new Folded(this, List.of());
      }
      List<Integer> keep = new ArrayList<>();
      List<String> notes = new ArrayList<>();
      for (int j = 0; j < headers.size(); j++) {
        String first = rows.get(0).get(j);
        final int col = j;
        if (first.length() >= FOLD_MIN_CHARS && !first.startsWith(SPARK)
            && rows.stream().allMatch(r -> r.get(col).equals(first))) {
          notes.add(headers.get(j) + " (every row): " + first);
        } else {
          keep.add(j);
        }
      }
      if (notes.isEmpty()) {
        return new Folded(this, List.of());
      }
      List<List<String>> rs = rows.stream().map(r -> keep.stream().map(r::get).toList()).toList();
      return new Folded(new Table(keep.stream().map(headers::get).toList(), keep.stream().map(numeric::get).toList(),
          rs, muted), notes);
    }
  }

  /**
   * A table with its long repeated columns taken out ({@link Table#folded}).
   *
   * @param table the remaining columns
   * @param notes one {@code header (every row): value} line per column taken out
   */
  public record Folded(Table table, List<String> notes) {}

  /**
   * A chart rendered to PNG.
   *
   * @param name a file-name-safe identifier, unique in the document
   * @param title the caption and alt text
   * @param png the PNG bytes (report.md, and the HTML fallback)
   * @param spec the same data for the interactive HTML chart (labels, series, axes), or null
   */
  public record Chart(String name, String title, byte[] png, Charts.Spec spec) implements Block {
    /** A chart with a PNG only (no interactive form in HTML). */
    public Chart(String name, String title, byte[] png) {
      this(name, title, png, null);
    }
  }

  /** A section: heading level (2 or 3), heading text and blocks. */
  public static final class Section {
    /** 2 for a section, 3 for a subsection. */
    public final int level;
    /** Heading text. */
    public final String heading;
    /** HTML anchor id of the heading, or null for none. */
    public String id;
    /** Whether HTML shows this section and its subsections folded ({@code <details>}), e.g. the manifest. */
    public boolean collapsed;
    /** Blocks in order. */
    public final List<Block> blocks = new ArrayList<>();

    Section(int level, String heading) {
      this.level = level;
      this.heading = heading;
    }

    /** Appends a paragraph. */
    public Section text(String t) {
      blocks.add(new Text(t));
      return this;
    }

    /** Appends a block (null is ignored, so optional charts can be passed directly). */
    public Section add(Block b) {
      if (b != null) {
        blocks.add(b);
      }
      return this;
    }
  }

  /** The prefix of a table cell that links a file of the run directory ({@link #fileLink}). */
  static final String FILE_LINK = "file:";
  private static final Pattern FILE_NAME = Pattern.compile("[\\w.=,-]+(/[\\w.=,-]+)*");

  /**
   * A table cell that links {@code fileName}, a file in the run directory, by a relative path
   * (Markdown {@code [name](name)}, HTML {@code <a href>}).
   *
   * @throws IllegalArgumentException when {@code fileName} is not a plain relative path (letters,
   *     digits, {@code _ . = , -} and {@code /} between names, no {@code ..}), which could leave
   *     the run directory or break the markup
   */
  public static String fileLink(String fileName) {
    if (!FILE_NAME.matcher(fileName).matches() || Arrays.asList(fileName.split("/")).contains("..")) {
      throw new IllegalArgumentException("'" + fileName + "': expected a plain file name of the run directory");
    }
    return FILE_LINK + fileName;
  }

  /** The prefix of a table cell that links a finding's series in the results directory's history. */
  static final String HISTORY_LINK = "history:";
  private static final Pattern ANCHOR = Pattern.compile("[a-z0-9-]+");
  /** Where a run's report finds the history: beside the run directories. */
  public static final String HISTORY_FILE = "../history.html";

  /**
   * A table cell that links the section {@code anchor} of the history beside the run directories
   * ({@value #HISTORY_FILE}), showing {@code text}.
   *
   * @throws IllegalArgumentException when the anchor is not lower-case letters, digits and dashes
   */
  public static String historyLink(String anchor, String text) {
    if (!ANCHOR.matcher(anchor).matches()) {
      throw new IllegalArgumentException("'" + anchor + "': expected an anchor of lower-case letters, digits and dashes");
    }
    return HISTORY_LINK + anchor + "|" + text;
  }

  /** The prefix of a table cell that links a section of the same page ({@link #anchorLink}). */
  static final String ANCHOR_LINK = "anchor:";

  /**
   * A table cell that links the section {@code anchor} of the same document (HTML {@code #anchor};
   * Markdown {@code [text](#anchor)}, the section's heading carrying that id), showing {@code text}.
   *
   * @throws IllegalArgumentException when the anchor is not lower-case letters, digits and dashes
   */
  public static String anchorLink(String anchor, String text) {
    if (!ANCHOR.matcher(anchor).matches()) {
      throw new IllegalArgumentException("'" + anchor + "': expected an anchor of lower-case letters, digits and dashes");
    }
    return ANCHOR_LINK + anchor + "|" + text;
  }

  /** The anchor an {@link #anchorLink} cell links, or null for any other cell. */
  static String linkedAnchor(String cell) {
    if (!cell.startsWith(ANCHOR_LINK)) {
      return null;
    }
    String rest = cell.substring(ANCHOR_LINK.length());
    int bar = rest.indexOf('|');
    String anchor = bar < 0 ? rest : rest.substring(0, bar);
    return ANCHOR.matcher(anchor).matches() ? anchor : null;
  }

  /**
   * The link of a {@link #fileLink}, {@link #historyLink} or {@link #anchorLink} cell as
   * {@code {href, text}}, or null for any other cell.
   */
  static String[] link(String cell) {
    String file = linkedFile(cell);
    if (file != null) {
      return new String[] {file, file};
    }
    String target = linkedAnchor(cell);
    if (target != null) {
      int bar = cell.indexOf('|');
      return new String[] {"#" + target, bar < 0 ? target : cell.substring(bar + 1)};
    }
    if (cell.startsWith(HISTORY_LINK)) {
      String rest = cell.substring(HISTORY_LINK.length());
      int bar = rest.indexOf('|');
      String anchor = bar < 0 ? rest : rest.substring(0, bar);
      if (ANCHOR.matcher(anchor).matches()) {
        return new String[] {HISTORY_FILE + "#" + anchor, bar < 0 ? "history" : rest.substring(bar + 1)};
      }
    }
    return null;
  }

  /** The file name of a {@link #fileLink} cell, or null for any other cell. */
  static String linkedFile(String cell) {
    if (cell.startsWith(FILE_LINK)) {
      String name = cell.substring(FILE_LINK.length());
      return FILE_NAME.matcher(name).matches() && !Arrays.asList(name.split("/")).contains("..") ? name : null;
    }
    return null;
  }

  /** The prefix of a table cell that holds a {@link Spark}. */
  static final String SPARK = "spark:";

  /**
   * A series drawn small inside a table cell (HTML: an inline SVG, no script; Markdown: a line of
   * block characters): per point, oldest first, its estimate and 95% interval, and marks before
   * some points. Put in a table with {@link #cell}.
   *
   * @param estimate one value per point, in the series' unit
   * @param low each point's interval low bound, NaN when it has none
   * @param high its high bound, NaN when none
   * @param steps indexes of the points that open a new level (the first run after a change point)
   * @param settings indexes of the points measured with changed settings (the first run after the change)
   * @param label what it shows, in words (the SVG's title and accessible name)
   */
  public record Spark(List<Double> estimate, List<Double> low, List<Double> high, List<Integer> steps,
      List<Integer> settings, String label) {
    /**
     * Copies the lists.
     *
     * @throws IllegalArgumentException when there is no point or the three value lists differ in length
     */
    public Spark {
      if (estimate.isEmpty() || low.size() != estimate.size() || high.size() != estimate.size()) {
        throw new IllegalArgumentException("a sparkline needs one estimate, low and high per point, got "
            + estimate.size() + ", " + low.size() + " and " + high.size());
      }
      estimate = List.copyOf(estimate);
      low = List.copyOf(low);
      high = List.copyOf(high);
      steps = List.copyOf(steps);
      settings = List.copyOf(settings);
      label = label == null ? "" : label;
    }

    /** This sparkline as a table cell: {@code spark:e,l,h;...|steps|settings|label}. */
    public String cell() {
      StringBuilder sb = new StringBuilder(SPARK);
      for (int i = 0; i < estimate.size(); i++) {
        sb.append(i == 0 ? "" : ";").append(estimate.get(i)).append(',').append(low.get(i)).append(',')
            .append(high.get(i));
      }
      sb.append('|').append(String.join(",", steps.stream().map(String::valueOf).toList()));
      sb.append('|').append(String.join(",", settings.stream().map(String::valueOf).toList()));
      return sb.append('|').append(label).toString();
    }

    /** The sparkline a {@link #cell} holds, or null for any other cell (or one that does not parse). */
    static Spark parse(String cell) {
      if (!cell.startsWith(SPARK)) {
        return null;
      }
      String[] parts = cell.substring(SPARK.length()).split("\\|", 4);
      if (parts.length != 4) {
        return null;
      }
      try {
        List<Double> e = new ArrayList<>();
        List<Double> lo = new ArrayList<>();
        List<Double> hi = new ArrayList<>();
        for (String p : parts[0].split(";")) {
          String[] v = p.split(",");
          if (v.length != 3) {
            return null;
          }
          e.add(Double.parseDouble(v[0]));
          lo.add(Double.parseDouble(v[1]));
          hi.add(Double.parseDouble(v[2]));
        }
        return new Spark(e, lo, hi, ints(parts[1]), ints(parts[2]), parts[3]);
      } catch (IllegalArgumentException ex) {
        return null;
      }
    }

    private static List<Integer> ints(String s) {
      return s.isEmpty() ? List.of() : Arrays.stream(s.split(",")).map(Integer::valueOf).toList();
    }
  }

  /** Builds a {@link Table} row by row. */
  public static final class TableBuilder {
    private final List<String> headers = new ArrayList<>();
    private final List<Boolean> numeric = new ArrayList<>();
    private final List<List<String>> rows = new ArrayList<>();
    private final Set<Integer> muted = new TreeSet<>();

    /** Adds a text column. */
    public TableBuilder col(String header) {
      headers.add(header);
      numeric.add(false);
      return this;
    }

    /** Adds a right-aligned numeric column. */
    public TableBuilder num(String header) {
      headers.add(header);
      numeric.add(true);
      return this;
    }

    /**
     * Adds a row.
     *
     * @throws IllegalArgumentException when the row's length differs from the header's
     */
    public TableBuilder row(List<String> cells) {
      if (cells.size() != headers.size()) {
        throw new IllegalArgumentException("table row has " + cells.size() + " cells, expected " + headers.size());
      }
      rows.add(List.copyOf(cells));
      return this;
    }

    /** Greys out the last row added. */
    public TableBuilder muteLast() {
      muted.add(rows.size() - 1);
      return this;
    }

    /** Whether no row was added. */
    public boolean isEmpty() {
      return rows.isEmpty();
    }

    /** The table. */
    public Table build() {
      return new Table(List.copyOf(headers), List.copyOf(numeric), List.copyOf(rows), Set.copyOf(muted));
    }
  }
}
