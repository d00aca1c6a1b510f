package io.dbbench.core;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Removes credentials before anything reaches a log, {@code env.json}, a JMH record, a report or
 * a command line. One rule serves every target: {@link #isSecretKey} decides which keys hold
 * secrets, {@link #isCarrierKey} which keys hold values that may carry one (URLs, URIs, DSNs,
 * endpoints, auth settings, property lists), {@link #redactValue} applies both to one setting,
 * {@link #redact} to free text and {@link #redactTree} to manifest maps. The main job's
 * {@link SecretsFile} moves every {@code -D} property that {@link #redactValue} would change off
 * the forks' command lines. {@link #redact} and {@link #redactValue} end in
 * {@link KnownSecrets#scrub}, the second line of defence, which masks the run's secrets by value
 * wherever they stand (a syntax these rules did not foresee, a driver's own message).
 *
 * <p>What {@link #redact} masks:
 * <ul>
 *   <li>URI user-info passwords: {@code mongodb://user:secret@host}, {@code hdb://user:pa ss@host},
 *       {@code hdb://user:p@ss@host} (everything between the user's {@code :} and the last
 *       {@code @} a host follows, spaces and {@code /} included, but never across another
 *       {@code ://});</li>
 *   <li>the value of every {@code key=value} or {@code key:value} pair whose key is secret by
 *       {@link #isSecretKey}, wherever it stands (a fuzzer found {@code h:1password=...} slipping
 *       past a delimiter rule), to where the driver that reads it ends it: in a URL's query (after
 *       {@code ?} or {@code &}: pgjdbc, the MongoDB driver) at the next {@code &} whatever the value
 *       holds ({@code password=ab;SECRET}, {@code sslpassword=ab -SECRET}); in a JDBC property list
 *       (after {@code ;}: H2, SAP HANA) at the next {@code ;} ({@code PASSWORD=ab&SECRET});
 *       elsewhere at the next {@code &} or {@code ;}, a space before the next {@code -option}, or
 *       the line end, across spaces and commas ({@code password=ab,SECRET}, {@code password= SECRET});</li>
 *   <li>the MongoDB driver's whole {@code authMechanismProperties} value (its token may be
 *       percent-encoded, {@code AWS_SESSION_TOKEN%3ASECRET}, or follow a comma), and SQL's
 *       {@code PASSWORD 'SECRET'} ({@code INIT=CREATE USER ... PASSWORD '...'} in an H2 URL);</li>
 *   <li>{@code -Dkey=value} arguments and {@code KEY=value} assignments whose key is a secret or a
 *       carrier, by {@link #redactValue}.</li>
 * </ul>
 */
public final class Redaction {
  /** What a removed secret is replaced by. */
  public static final String MASK = "****";

  /** Key fragments that mark a secret (case-insensitive, anywhere in the key). */
  private static final String SECRET_FRAGMENTS =
      "password|passwd|pwd|secret|token|apikey|api_key|api-key|access_key|accesskey|private_key|privatekey|credential|sslkey";

  private static final Pattern SECRET_KEY = Pattern.compile("(?i)(?:" + SECRET_FRAGMENTS + ")");
  /** Keys whose values may carry a credential: {@code dbbench.jdbc.url}, {@code DBBENCH_MONGO_URI}, {@code GOHDBDSN}, ... */
  private static final Pattern CARRIER_KEY = Pattern.compile(
      "(?i)(?:url|uri|dsn|endpoints?|auth|authentication|authorization|properties|connection[_.-]?string)$");
  /**
   * User-info: the password runs to the last {@code @} that a host follows (a host, then {@code /},
   * {@code ?}, {@code #}, {@code ,}, whitespace or the end), so a password holding {@code @} is
   * masked whole (go-hdb and the MongoDB driver take the last {@code @} too); it never crosses
   * another {@code ://}, and crosses a line break only when the next line reaches an {@code @}.
   */
  private static final Pattern USERINFO = Pattern.compile("(?<scheme>[A-Za-z][A-Za-z0-9+.-]*://)(?<user>[^:/@?#\\r\\n]*):"
      + "(?<pw>(?:(?!://)[^\\r\\n]|[\\r\\n]+(?=[^\\s@]*@))*)@(?=[A-Za-z0-9._\\-\\[\\]:%]*(?:[/?#,\\s]|$))");
  /** A secret-keyed {@code key=} or {@code key:}; its value's extent depends on what precedes it ({@link #valueEnd}). */
  private static final Pattern SECRET_KEY_ASSIGN = Pattern.compile(
      "(?i)[A-Za-z0-9_.\\-]*(?:" + SECRET_FRAGMENTS + ")[A-Za-z0-9_.\\-]*[\"']?\\s*[=:]\\s*[\"']?");
  /** A free-standing value (no query or property list around it): up to {@code &}, {@code ;}, a space before {@code -option}, or the line end. */
  private static final Pattern FREE_VALUE = Pattern.compile("(?:[^&;\\r\\n\\s]|\\s(?!\\s*-))*");
  /**
   * The MongoDB driver's {@code authMechanismProperties} (percent-decoded, comma-separated
   * {@code KEY:value} pairs such as {@code AWS_SESSION_TOKEN:...}): masked whole, to the next
   * {@code &} or the line end (the driver splits the query on {@code &} only, so a space does not
   * end it), since its secret may be percent-encoded ({@code %3A}) or follow a comma.
   */
  private static final Pattern MONGO_AUTH_PROPERTIES =
      Pattern.compile("(?i)(?<key>authMechanismProperties\\s*=\\s*)(?<val>[^&\\r\\n]+)");
  /**
   * SQL's {@code PASSWORD 'x'} / {@code IDENTIFIED BY "x"} / {@code PASSWORD $$x$$} (H2's
   * {@code INIT=CREATE USER ... PASSWORD '...'}), a quote inside doubled as SQL writes it
   * ({@code 'ab''x'}; {@code '''x'} is the password {@code 'x}).
   */
  private static final Pattern SQL_PASSWORD = Pattern.compile("(?i)(?<key>\\b(?:PASSWORD|IDENTIFIED\\s+BY)\\s+)"
      + "(?:(?<q>')(?:[^']|'')*'|(?<dq>\")(?:[^\"]|\"\")*\"|(?<dd>\\$\\$).*?\\$\\$)");
  /** A SQL password already masked by {@link #SQL_PASSWORD}. */
  private static final Pattern MASKED_SQL_PASSWORD = Pattern.compile("(?i)\\b(?:PASSWORD|IDENTIFIED\\s+BY)\\s+(['\"]|\\$\\$)"
      + Pattern.quote(MASK) + "\\1");
  /** A secret-keyed pair already masked by {@link #maskSecretValues}. */
  private static final Pattern MASKED_PAIR = Pattern.compile(
      "(?i)[A-Za-z0-9_.\\-]*(?:" + SECRET_FRAGMENTS + ")[A-Za-z0-9_.\\-]*[\"']?\\s*[=:]\\s*[\"']?" + Pattern.quote(MASK));
  /** A whole {@code -Dkey=value} argument (its value may hold spaces). */
  private static final Pattern D_ARG = Pattern.compile("^-D(?<key>[^=\\s]+)=(?<val>.*)$", Pattern.DOTALL);
  /** A {@code -Dkey=value} or {@code KEY=value} token inside longer text (its value quoted, or ending at whitespace). */
  private static final Pattern ASSIGNMENT = Pattern.compile(
      "(?<=^|\\s|')(?<d>-D)?(?<key>[A-Za-z][A-Za-z0-9_.\\-]*)=(?<val>'[^']*'|\"[^\"]*\"|[^\\s']*)");
  private static final Pattern AUTH = Pattern.compile("(?is)^(?<scheme>basic|bearer|jwt|token)(?<sep>[:\\s]+)(?<rest>.*)$");

  private Redaction() {}

  /**
   * Whether a configuration key names a secret: it contains {@code password}, {@code pwd},
   * {@code secret}, {@code token}, an API or access key, a private key or a credential
   * (case-insensitive), e.g. {@code sslpassword}, {@code DBBENCH_JDBC_PASSWORD},
   * {@code AWS_SESSION_TOKEN}.
   */
  public static boolean isSecretKey(String key) {
    return key != null && SECRET_KEY.matcher(key).find();
  }

  /**
   * Whether a configuration key names a value that may carry a credential: it ends in {@code url},
   * {@code uri}, {@code dsn}, {@code endpoint(s)}, {@code auth}, {@code authorization},
   * {@code properties} or {@code connection string} (case-insensitive), e.g.
   * {@code dbbench.jdbc.url}, {@code DBBENCH_ARANGO_AUTH}, {@code GOHDBDSN}.
   */
  public static boolean isCarrierKey(String key) {
    return key != null && CARRIER_KEY.matcher(key).find();
  }

  /**
   * One setting's value as it may be shown: {@link #MASK} under a secret key; under a carrier key
   * the value with its credentials masked ({@link #redact}; an auth setting {@code basic:user:pw}
   * keeps its scheme and user, {@code bearer X} its scheme), or {@link #MASK} as a whole when a
   * secret word remains in it that no rule could parse ({@code password SECRET}); any other value
   * through {@link #redact}. {@code null} stays {@code null}.
   */
  public static String redactValue(String key, String value) {
    return KnownSecrets.scrub(syntaxRedactValue(key, value));
  }

  /** {@link #redactValue} by the syntax rules alone, without {@link KnownSecrets#scrub}. */
  static String syntaxRedactValue(String key, String value) {
    if (value == null || value.isEmpty()) {
      return value;
    }
    if (isSecretKey(key)) {
      return MASK;
    }
    if (key.toLowerCase(Locale.ROOT).endsWith("properties") && !value.contains("://")) {
      return redactPropertyList(value);
    }
    String out = syntaxRedact(value);
    if (!isCarrierKey(key)) {
      return out;
    }
    if (key.toLowerCase(Locale.ROOT).matches(".*auth(entication|orization)?$")) {
      Matcher a = AUTH.matcher(out);
      if (!a.matches()) {
        return MASK;
      }
      String rest = a.group("rest");
      int colon = rest.indexOf(':');
      return a.group("scheme") + a.group("sep")
          + (a.group("scheme").equalsIgnoreCase("basic") && colon >= 0 ? rest.substring(0, colon + 1) + MASK : MASK);
    }
    // a secret word left over once the masked pairs are taken out means a form no rule parsed
    String rest = MASKED_SQL_PASSWORD.matcher(MASKED_PAIR.matcher(out).replaceAll("")).replaceAll("");
    return SECRET_KEY.matcher(rest).find() ? MASK : out;
  }

  /**
   * A {@code key=value;key=value} list ({@code DBBENCH_JDBC_PROPERTIES}) as the driver splits it:
   * on {@code ;} only, so a secret-keyed entry's value is masked whole whatever it holds
   * ({@code &}, spaces, {@code -}); an entry without a plain {@code key=} (no {@code =}, or a key
   * with spaces) that holds a secret word is masked whole; any other entry through {@link #redact}.
   */
  private static String redactPropertyList(String value) {
    String[] entries = value.split(";", -1);
    StringBuilder b = new StringBuilder(value.length());
    for (int i = 0; i < entries.length; i++) {
      String e = entries[i];
      int eq = e.indexOf('=');
      boolean plainKey = eq > 0 && e.substring(0, eq).trim().matches("[A-Za-z0-9_.\\-]+");
      if (plainKey && isSecretKey(e.substring(0, eq))) {
        b.append(e, 0, eq + 1).append(e.length() > eq + 1 ? MASK : "");
      } else if (!plainKey && isSecretKey(e)) {
        b.append(MASK);
      } else {
        b.append(syntaxRedact(e));
      }
      if (i < entries.length - 1) {
        b.append(';');
      }
    }
    return b.toString();
  }

  /**
   * A copy of {@code s} with every password in user-info, every secret-keyed value and every
   * credential in a {@code -Dkey=value} or {@code KEY=value} setting replaced by {@link #MASK};
   * {@code null} stays {@code null}.
   */
  public static String redact(String s) {
    return KnownSecrets.scrub(syntaxRedact(s));
  }

  /** {@link #redact} by the syntax rules alone, without {@link KnownSecrets#scrub}. */
  static String syntaxRedact(String s) {
    if (s == null) {
      return null;
    }
    Matcher d = D_ARG.matcher(s);
    if (d.matches() && (isSecretKey(d.group("key")) || isCarrierKey(d.group("key")))) {
      return "-D" + d.group("key") + "=" + syntaxRedactValue(d.group("key"), d.group("val"));
    }
    String out = maskAssignments(s);
    // keyed values first: a password holding '@' inside a query or property list is masked whole
    // before user-info looks for an '@' followed by a host
    out = MONGO_AUTH_PROPERTIES.matcher(out).replaceAll(m -> Matcher.quoteReplacement(m.group("key") + MASK));
    out = SQL_PASSWORD.matcher(out).replaceAll(m -> {
      String q = m.group("q") != null ? m.group("q") : m.group("dq") != null ? m.group("dq") : m.group("dd");
      return Matcher.quoteReplacement(m.group("key") + q + MASK + q);
    });
    out = maskSecretValues(out);
    return USERINFO.matcher(out).replaceAll(m -> Matcher.quoteReplacement(
        m.group("scheme") + m.group("user") + ":" + MASK + "@"));
  }

  /**
   * Every {@code -Dkey=value} or {@code KEY=value} token of {@code s} whose key is a secret or a
   * carrier, its value through {@link #redactValue}. An unquoted value runs on across blanks
   * (not a line break) that no {@code -option} follows, since a password or a URL may hold a space
   * ({@code -Ddbbench.jdbc.url=jdbc:postgresql://h/db?password=ab cd&ssl=true -Da=1}), and a
   * setting's own value past {@code &} and {@code ;} ({@code DBBENCH_JDBC_PASSWORD=ab&cd}); a
   * property list runs to the line end ({@link #LIST_CONTINUATION}).
   */
  private static String maskAssignments(String s) {
    Matcher m = ASSIGNMENT.matcher(s);
    StringBuilder b = new StringBuilder(s.length());
    int from = 0;
    while (m.find(from)) {
      String key = m.group("key");
      if (!isSecretKey(key) && !isCarrierKey(key)) {
        b.append(s, from, m.end());
        from = m.end();
        if (from >= s.length()) {
          break;
        }
        continue;
      }
      String val = m.group("val");
      int end = m.end();
      if (!val.startsWith("'") && !val.startsWith("\"")) {
        Pattern continuation = !isSecretKey(key) && key.toLowerCase(Locale.ROOT).endsWith("properties")
            ? LIST_CONTINUATION : VALUE_CONTINUATION;
        Matcher more = continuation.matcher(s).region(end, s.length());
        if (more.lookingAt()) {
          end = more.end();
          val = s.substring(m.start("val"), end);
        }
      }
      b.append(s, from, m.start()).append(m.group("d") == null ? "" : "-D").append(key).append('=')
          .append(syntaxRedactValue(key, val));
      from = end;
      if (from >= s.length()) {
        break;
      }
    }
    return b.append(s, Math.min(from, s.length()), s.length()).toString();
  }

  /**
   * What continues an unquoted value of a setting (a secret or a carrier standing as
   * {@code KEY=value} or {@code -Dkey=value}, never a URL's query parameter): anything but a line
   * break, {@code &} and {@code ;} included (the setting's own value may hold them), blanks only
   * when no {@code -option} follows.
   */
  private static final Pattern VALUE_CONTINUATION = Pattern.compile("(?:[^\\s]|[ \\t]+(?![ \\t]*-))*");
  /**
   * What continues an unquoted property list ({@code DBBENCH_JDBC_PROPERTIES}): the rest of the
   * line, since the driver splits the list on {@code ;} only and a password in it may hold
   * {@code " -"} ({@link #redactPropertyList} masks the secret entries and keeps the others).
   */
  private static final Pattern LIST_CONTINUATION = Pattern.compile("[^\\r\\n]*");


  /**
   * Masks the value after every secret-keyed {@code key=} or {@code key:} in {@code s}, to where
   * the grammar around it ends it ({@link #valueEnd}).
   */
  private static String maskSecretValues(String s) {
    Matcher k = SECRET_KEY_ASSIGN.matcher(s);
    StringBuilder b = new StringBuilder(s.length());
    int from = 0;
    while (k.find(from)) {
      int end = valueEnd(s, k.start(), k.end());
      b.append(s, from, k.end());
      if (end > k.end() && !s.startsWith(MASK, k.end())) {
        b.append(MASK);
      } else {
        b.append(s, k.end(), end);
      }
      from = Math.max(end, k.end());
      if (from >= s.length()) {
        break;
      }
    }
    return b.append(s, Math.min(from, s.length()), s.length()).toString();
  }

  /**
   * Where the value of the secret key at {@code keyStart} (its value starting at {@code valueStart})
   * ends, by what the driver reading it splits on: after {@code ?} or {@code &} (a URL's query:
   * pgjdbc, the MongoDB driver, HTTP) at the next {@code &}, whatever the value holds
   * ({@code ;}, spaces, {@code -}); after {@code ;} (a JDBC property list: H2, SAP HANA, SQL
   * Server) at the next {@code ;}; elsewhere at the next {@code &} or {@code ;}, a space before an
   * {@code -option}, or the line end ({@link #FREE_VALUE}). A line break always ends it.
   */
  private static int valueEnd(String s, int keyStart, int valueStart) {
    char before = keyStart > 0 ? s.charAt(keyStart - 1) : ' ';
    if (before == '?' || before == '&' || before == ';') {
      char stop = before == ';' ? ';' : '&';
      int i = valueStart;
      while (i < s.length() && s.charAt(i) != stop && s.charAt(i) != '\n' && s.charAt(i) != '\r') {
        i++;
      }
      return i;
    }
    Matcher v = FREE_VALUE.matcher(s).region(valueStart, s.length());
    return v.lookingAt() ? v.end() : valueStart;
  }

  /**
   * A deep copy of a JSON-ready tree (maps, lists, strings, numbers, booleans) in which every
   * string value is passed through {@link #redactValue} with its key (so every value under a
   * secret key is {@link #MASK}) and every other string through {@link #redact}. This is the
   * single pass the main job applies to {@code env.json}.
   */
  public static Object redactTree(Object node) {
    if (node instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      m.forEach((k, v) -> {
        String key = String.valueOf(k);
        if (v == null || v instanceof Map || v instanceof List) {
          out.put(key, redactTree(v));
        } else if (isSecretKey(key) && !String.valueOf(v).isEmpty()) {
          out.put(key, MASK);
        } else if (v instanceof String str) {
          out.put(key, redactValue(key, str));
        } else {
          out.put(key, v);
        }
      });
      return out;
    }
    if (node instanceof List<?> l) {
      List<Object> out = new ArrayList<>(l.size());
      l.forEach(v -> out.add(redactTree(v)));
      return out;
    }
    if (node instanceof String s) {
      return redact(s);
    }
    return node;
  }

  /** {@link #redactTree} for a map, typed. */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> redactMap(Map<String, ?> m) {
    return (Map<String, Object>) redactTree(m);
  }
}
