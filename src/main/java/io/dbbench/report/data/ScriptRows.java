package io.dbbench.report.data;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The {@code rows.tsv} a side-by-side script writes into its results directory
 * ({@code scripts/go-driver-vs-dbbench.sh}, {@code scripts/arangojs-vs-dbbench.sh},
 * {@code scripts/wmpayload-vs-dbbench.sh}): a header naming the columns, then one tab-separated row
 * per measurement; blank lines are skipped.
 */
public final class ScriptRows {
  private ScriptRows() {}

  /**
   * Reads {@code dir/rows.tsv} and parses every row.
   *
   * @param dir the script's results directory
   * @param script the script that writes it, for the error when the file is missing
   * @param columns the header the script writes, in order
   * @param parse one row's cells (exactly {@code columns.size()}) into a value; throws
   *     {@link IllegalArgumentException} naming the cell and what was expected
   * @return the parsed rows, in file order
   * @throws IOException when the file cannot be read
   * @throws IllegalArgumentException when the file is missing, its header is another, or a row has
   *     another number of cells or does not parse (named with its line number)
   */
  public static <T> List<T> read(Path dir, String script, List<String> columns, Function<String[], T> parse)
      throws IOException {
    Path tsv = dir.resolve("rows.tsv");
    if (!Files.isRegularFile(tsv)) {
      throw new IllegalArgumentException(dir + ": no rows.tsv (expected the results directory of " + script + ")");
    }
    List<String> lines = Files.readAllLines(tsv);
    if (lines.isEmpty() || !List.of(lines.get(0).split("\t")).equals(columns)) {
      throw new IllegalArgumentException(tsv + ": header '" + (lines.isEmpty() ? "" : lines.get(0))
          + "': expected the columns " + String.join(", ", columns));
    }
    List<T> out = new ArrayList<>();
    for (int i = 1; i < lines.size(); i++) {
      if (lines.get(i).isBlank()) {
        continue;
      }
      String[] f = lines.get(i).split("\t", -1);
      try {
        if (f.length != columns.size()) {
          throw new IllegalArgumentException(f.length + " cells: expected " + columns.size() + " ("
              + String.join(", ", columns) + ")");
        }
        out.add(parse.apply(f));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(tsv + " line " + (i + 1) + ": " + e.getMessage(), e);
      }
    }
    return out;
  }

  /**
   * A number cell that a script writes as {@code -} (or leaves empty) when it has no figure.
   *
   * @return the number, or NaN for {@code -} and an empty cell
   * @throws IllegalArgumentException naming the cell when it is neither a number, {@code -} nor empty
   */
  public static double numberOrDash(String cell) {
    if (cell.equals("-") || cell.isEmpty()) {
      return Double.NaN;
    }
    try {
      return Double.parseDouble(cell);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + cell + "': expected a number or '-'");
    }
  }
}
