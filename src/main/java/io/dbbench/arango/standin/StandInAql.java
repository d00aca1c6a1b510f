package io.dbbench.arango.standin;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The only AQL the stand-in answers: the query forms the two ArangoDB studies send.
 *
 * <ul>
 *   <li>{@code FOR d IN coll RETURN d} (the Go driver's bulk read);
 *   <li>{@code FOR d IN coll FILTER d.attr == @bind RETURN d} (the pooling study's point query),
 *       answered through a persistent index on {@code attr} when one exists, else by a full scan.
 * </ul>
 *
 * Keywords are case-insensitive as in AQL; whitespace is free. Any other query gets ArangoDB's
 * parse-error answer (400, errorNum 1501, "... (while parsing)") whose message says the stand-in
 * does not support it; bind parameters are checked as arangod does (1551 missing, 1552 undeclared).
 */
final class StandInAql {
  private static final String ID = "([A-Za-z_][A-Za-z0-9_]*)";
  private static final Pattern FULL = Pattern.compile(
      "(?is)\\s*FOR\\s+" + ID + "\\s+IN\\s+" + ID + "\\s+RETURN\\s+\\1\\s*");
  private static final Pattern FILTER = Pattern.compile(
      "(?is)\\s*FOR\\s+" + ID + "\\s+IN\\s+" + ID + "\\s+FILTER\\s+\\1\\s*\\.\\s*" + ID
          + "\\s*==\\s*@" + ID + "\\s+RETURN\\s+\\1\\s*");

  /** A parsed query: the collection, and for the filter form the attribute and the bound value. */
  record Plan(String collection, String attribute, JsonNode value) {
    boolean filtered() {
      return attribute != null;
    }
  }

  private StandInAql() {}

  /**
   * Parses {@code query} with {@code bindVars} (an object or null).
   *
   * @throws ArangoError 400/1501 for a query form the stand-in does not support, 400/1551 or
   *     400/1552 for bind parameters that do not match the query
   */
  static Plan parse(String query, JsonNode bindVars) {
    if (query == null || query.isBlank()) {
      throw new ArangoError(400, ArangoError.QUERY_PARSE, "AQL: syntax error, query is empty (while parsing)");
    }
    Matcher m = FULL.matcher(query);
    if (m.matches()) {
      checkBinds(bindVars, null);
      return new Plan(m.group(2), null, null);
    }
    m = FILTER.matcher(query);
    if (m.matches()) {
      String bind = m.group(4);
      checkBinds(bindVars, bind);
      return new Plan(m.group(2), m.group(3), bindVars.get(bind));
    }
    throw new ArangoError(400, ArangoError.QUERY_PARSE, "AQL: the dbbench ArangoDB stand-in (not ArangoDB) does not"
        + " support this query; it answers only 'FOR d IN coll RETURN d' and 'FOR d IN coll FILTER d.attr == @bind"
        + " RETURN d' [query: " + abbreviate(query) + "] (while parsing)");
  }

  private static void checkBinds(JsonNode bindVars, String declared) {
    if (declared != null && (bindVars == null || !bindVars.has(declared))) {
      throw new ArangoError(400, ArangoError.QUERY_BIND_PARAMETER_MISSING,
          "AQL: no value specified for declared bind parameter '" + declared + "' (while parsing)");
    }
    if (bindVars != null && bindVars.isObject()) {
      for (Iterator<String> it = bindVars.fieldNames(); it.hasNext(); ) {
        String n = it.next();
        if (!n.equals(declared)) {
          throw new ArangoError(400, ArangoError.QUERY_BIND_PARAMETER_UNDECLARED,
              "AQL: bind parameter '" + n + "' was not declared in the query (while parsing)");
        }
      }
    }
  }

  /** {@code q} on one line, at most 120 characters, for error messages. */
  static String abbreviate(String q) {
    String one = q.strip().replaceAll("\\s+", " ");
    return one.length() <= 120 ? one : one.substring(0, 117) + "...";
  }
}
