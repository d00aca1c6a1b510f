package io.dbbench.graph;

import java.util.regex.Pattern;

/**
 * Small Cypher helpers: whether a query mutates the database (so a journal must record it), and
 * literal quoting for the inlined-query benchmark.
 */
public final class Cypher {
  private Cypher() {}

  /** String literals and comments, removed before keyword matching. */
  private static final Pattern LITERALS_AND_COMMENTS =
      Pattern.compile("'(?:[^'\\\\]|\\\\.)*'|\"(?:[^\"\\\\]|\\\\.)*\"|`[^`]*`|//[^\\n]*|/\\*.*?\\*/",
          Pattern.DOTALL);
  /** Clauses that change data or schema (openCypher and Kuzu DDL/COPY). */
  private static final Pattern MUTATING = Pattern.compile(
      "(?i)\\b(CREATE|MERGE|SET|DELETE|DETACH|REMOVE|DROP|ALTER|COPY|IMPORT)\\b");
  /** Transaction control, journaled so that a replay keeps the original transaction boundaries. */
  private static final Pattern TRANSACTION =
      Pattern.compile("(?i)^\\s*(BEGIN\\s+TRANSACTION|COMMIT|ROLLBACK)\\b");

  /**
   * Whether {@code cypher} must be journaled: it contains a data- or schema-changing clause
   * ({@code CREATE}, {@code MERGE}, {@code SET}, {@code DELETE}, {@code REMOVE}, {@code DROP},
   * {@code ALTER}, {@code COPY}, {@code IMPORT}) outside string literals and comments, or it is
   * transaction control ({@code BEGIN TRANSACTION}, {@code COMMIT}, {@code ROLLBACK}).
   */
  public static boolean isMutating(String cypher) {
    String code = LITERALS_AND_COMMENTS.matcher(cypher).replaceAll(" ");
    return TRANSACTION.matcher(code).find() || MUTATING.matcher(code).find();
  }

  /** {@code s} as a single-quoted Cypher string literal, escaping backslashes and quotes. */
  public static String quote(String s) {
    return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'";
  }
}
