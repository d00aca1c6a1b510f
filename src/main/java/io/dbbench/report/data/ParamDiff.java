package io.dbbench.report.data;

import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * How two sets of JMH params differ when they agree wherever both hold a param: the {@code
 * name=value} of each param only one side holds (a {@code @Param} added between two jars or runs,
 * such as {@code modelledServerMs=0} or {@code engine=kuzu}). The rule by which the history
 * continues a series, the replication pairs findings and {@code report compare} pairs rows across
 * such a param.
 *
 * @param onlyA {@code name=value} of the params only the first side holds, sorted
 * @param onlyB the same for the second side
 */
public record ParamDiff(SortedSet<String> onlyA, SortedSet<String> onlyB) {

  /**
   * The params only one of {@code a} and {@code b} holds, or null when a param both hold has two
   * values (another measurement, not an added param). Both sets are empty when the maps are equal.
   */
  public static ParamDiff of(Map<String, String> a, Map<String, String> b) {
    SortedSet<String> onlyA = new TreeSet<>();
    SortedSet<String> onlyB = new TreeSet<>();
    return onlyIn(a, b, onlyA) && onlyIn(b, a, onlyB) ? new ParamDiff(onlyA, onlyB) : null;
  }

  /** Whether neither side holds a param the other lacks. */
  public boolean isEmpty() {
    return onlyA.isEmpty() && onlyB.isEmpty();
  }

  /** Adds {@code name=value} of each param of {@code a} that {@code b} lacks; false when one both hold differs. */
  private static boolean onlyIn(Map<String, String> a, Map<String, String> b, SortedSet<String> extra) {
    for (Map.Entry<String, String> x : a.entrySet()) {
      String other = b.get(x.getKey());
      if (other == null) {
        extra.add(x.getKey() + "=" + x.getValue());
      } else if (!other.equals(x.getValue())) {
        return false;
      }
    }
    return true;
  }
}
