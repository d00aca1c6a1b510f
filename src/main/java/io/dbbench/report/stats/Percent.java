package io.dbbench.report.stats;

import io.dbbench.report.data.ReportException;

/**
 * The one reading of a percentage the judgement takes as input: a regression threshold
 * ({@code --max-regression}) or a between-run drift allowance ({@code --drift},
 * {@code DBBENCH_DRIFT}), written {@code 10%} or {@code 10}.
 */
public final class Percent {
  private Percent() {}

  /**
   * Parses {@code 10%} or {@code 10} as 10 (percent).
   *
   * @param s the text, surrounding blanks allowed
   * @param what the option or variable named in the error, e.g. {@code --drift}
   * @return the percentage, finite and {@code >= 0}
   * @throws ReportException when it is not a non-negative number
   */
  public static double parse(String s, String what) throws ReportException {
    String t = s.trim();
    if (t.endsWith("%")) {
      t = t.substring(0, t.length() - 1).trim();
    }
    try {
      double v = Double.parseDouble(t);
      if (!(v >= 0) || Double.isInfinite(v)) {
        throw new NumberFormatException();
      }
      return v;
    } catch (NumberFormatException e) {
      throw new ReportException(what + " '" + s + "' is not a percentage (expected e.g. 10%)");
    }
  }
}
