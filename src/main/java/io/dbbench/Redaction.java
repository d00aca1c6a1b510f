package io.dbbench;

import java.util.regex.Pattern;

/**
 * Removes credentials from connection strings before they reach logs, {@code env.json} or
 * reports. Handles URI user-info ({@code mongodb://user:secret@host}, {@code hdb://user:secret@host},
 * {@code http://user:secret@host}) and key/value parameters whose key names a secret
 * ({@code password=}, {@code pwd=}, {@code secret=}, {@code token=}, {@code apikey=}) in
 * query strings, JDBC {@code ;key=value} lists and {@code key=value} option strings.
 */
public final class Redaction {
  /** What a removed secret is replaced by. */
  public static final String MASK = "****";

  private static final Pattern USERINFO =
      Pattern.compile("(?<scheme>[A-Za-z][A-Za-z0-9+.-]*://)(?<user>[^:/@?#\\s]*):(?<pw>[^@/\\s]*)@");
  private static final Pattern SECRET_PARAM =
      Pattern.compile(
          "(?i)(?<key>(?:^|[?&;,\\s])(?:password|passwd|pwd|secret|token|apikey|api_key|access_key|secret_key)\\s*=)(?<val>[^&;,\\s]*)");

  private Redaction() {}

  /**
   * A copy of {@code s} with every password in user-info and every secret-named parameter value
   * replaced by {@link #MASK}; {@code null} stays {@code null}.
   */
  public static String redact(String s) {
    if (s == null) {
      return null;
    }
    String out = USERINFO.matcher(s).replaceAll(m -> java.util.regex.Matcher.quoteReplacement(
        m.group("scheme") + m.group("user") + ":" + MASK + "@"));
    out = SECRET_PARAM.matcher(out).replaceAll(m -> java.util.regex.Matcher.quoteReplacement(
        m.group("key") + MASK));
    return out;
  }
}
