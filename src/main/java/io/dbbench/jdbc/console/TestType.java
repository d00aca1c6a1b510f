package io.dbbench.jdbc.console;

import io.dbbench.jdbc.Dialect;
import io.dbbench.jdbc.RunMode;
import io.dbbench.jdbc.Strategy;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One console test: a GOMESSAGE {@link Strategy} in a {@link RunMode}, named the way hdbinsert's
 * URLs name them ({@code /test/BulkSeq}, {@code ManySeq}, {@code BulkPar}, {@code ManyPar}; source:
 * go-hdb-test {@code hdbinsert/handler/testhandler.go}), extended with dbbench's strategies
 * ({@code CopySeq}, {@code ArrayBindPar}, {@code RowByRowSeq}, ...): the strategy id with a capital
 * initial, then {@code Seq} or {@code Par}.
 *
 * @param strategy how rows reach the table
 * @param mode one connection, or one worker thread and connection per {@code b % workers}
 */
public record TestType(Strategy strategy, RunMode mode) {

  /** hdbinsert's four tests, in its page's order. */
  public static final List<String> HDBINSERT = List.of("BulkSeq", "ManySeq", "BulkPar", "ManyPar");

  /** The URL name, e.g. {@code BulkSeq}, {@code ArrayBindPar}. */
  public String name() {
    String id = strategy.id();
    return Character.toUpperCase(id.charAt(0)) + id.substring(1) + (mode == RunMode.SEQ ? "Seq" : "Par");
  }

  /**
   * Every test type {@code dialect} can run, hdbinsert's four first, then COPY and array binding
   * (PostgreSQL only), then the row-by-row baseline.
   */
  public static List<TestType> all(Dialect dialect) {
    List<TestType> out = new ArrayList<>();
    for (Strategy s : List.of(Strategy.BULK, Strategy.MANY)) {
      out.add(new TestType(s, RunMode.SEQ));
    }
    for (Strategy s : List.of(Strategy.BULK, Strategy.MANY)) {
      out.add(new TestType(s, RunMode.PAR));
    }
    for (Strategy s : List.of(Strategy.COPY, Strategy.ARRAY_BIND, Strategy.ROW_BY_ROW)) {
      if (!s.postgresqlOnly() || dialect.supportsCopy()) {
        out.add(new TestType(s, RunMode.SEQ));
        out.add(new TestType(s, RunMode.PAR));
      }
    }
    return out;
  }

  /**
   * The test named {@code name} (case-insensitive), checked against what {@code dialect} can run.
   *
   * @throws IllegalArgumentException naming {@code name} and the accepted names when it is unknown,
   *     or saying that it needs PostgreSQL when the target is another database
   */
  public static TestType parse(String name, Dialect dialect) {
    String n = name == null ? "" : name.trim();
    for (Strategy s : Strategy.values()) {
      for (RunMode m : RunMode.values()) {
        TestType t = new TestType(s, m);
        if (t.name().toLowerCase(Locale.ROOT).equals(n.toLowerCase(Locale.ROOT))) {
          if (s.postgresqlOnly() && !dialect.supportsCopy()) {
            throw new IllegalArgumentException("test " + t.name() + " needs PostgreSQL (strategy " + s
                + "), but the target is " + dialect.product() + "; run one of " + names(all(dialect)));
          }
          return t;
        }
      }
    }
    throw new IllegalArgumentException("test '" + (n.length() > 60 ? n.substring(0, 60) + "..." : n)
        + "' is unknown; expected one of " + names(all(dialect)));
  }

  private static String names(List<TestType> types) {
    return String.join(", ", types.stream().map(TestType::name).toList());
  }

  @Override
  public String toString() {
    return name();
  }
}
