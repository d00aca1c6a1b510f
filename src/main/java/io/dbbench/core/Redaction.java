package io.dbbench.core;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Removes credentials before anything reaches a log, {@code env.json}, a JMH record or a report.
 * One rule serves every target: {@link #isSecretKey} decides which keys hold secrets, and
 * {@link #redact} applies it to free text, {@link #redactTree} to manifest maps.
 *
 * <p>What {@link #redact} masks:
 * <ul>
 *   <li>URI user-info passwords: {@code mongodb://user:secret@host}, {@code hdb://user:secret@host}
 *       ({@code /} inside the password included);</li>
 *   <li>the value of every {@code key=value} or {@code key:value} pair whose key is secret by
 *       {@link #isSecretKey}, wherever it stands (whatever precedes the key: a fuzzer found
 *       {@code h:1password=...} slipping past a delimiter rule): query strings, JDBC
 *       {@code ;key=value} lists, {@code -Dkey=value} JVM arguments, Mongo
 *       {@code authMechanismProperties=AWS_SESSION_TOKEN:value}. A value ends at {@code &},
 *       {@code ;}, {@code ,} or whitespace.</li>
 * </ul>
 */
public final class Redaction {
  /** What a removed secret is replaced by. */
  public static final String MASK = "****";

  /** Key fragments that mark a secret (case-insensitive, anywhere in the key). */
  private static final String SECRET_FRAGMENTS =
      "password|passwd|pwd|secret|token|apikey|api_key|api-key|access_key|accesskey|private_key|privatekey|credential|sslkey";

  private static final Pattern SECRET_KEY = Pattern.compile("(?i)(?:" + SECRET_FRAGMENTS + ")");
  private static final Pattern USERINFO =
      Pattern.compile("(?<scheme>[A-Za-z][A-Za-z0-9+.-]*://)(?<user>[^:/@?#\\s]*):(?<pw>[^@\\s]*)@");
  private static final Pattern SECRET_PARAM = Pattern.compile(
      "(?i)(?<key>[A-Za-z0-9_.\\-]*(?:" + SECRET_FRAGMENTS + ")[A-Za-z0-9_.\\-]*\\s*[=:])"
          + "(?<val>[^&;,\\s]*)");

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
   * A copy of {@code s} with every password in user-info and every secret-keyed value replaced by
   * {@link #MASK}; {@code null} stays {@code null}.
   */
  public static String redact(String s) {
    if (s == null) {
      return null;
    }
    String out = USERINFO.matcher(s).replaceAll(m -> Matcher.quoteReplacement(
        m.group("scheme") + m.group("user") + ":" + MASK + "@"));
    out = SECRET_PARAM.matcher(out).replaceAll(m -> Matcher.quoteReplacement(
        m.group("key") + (m.group("val").isEmpty() ? "" : MASK)));
    return out;
  }

  /**
   * A deep copy of a JSON-ready tree (maps, lists, strings, numbers, booleans) in which every
   * value under a secret key ({@link #isSecretKey}) is {@link #MASK} and every string is passed
   * through {@link #redact}. This is the single pass the main job applies to {@code env.json}.
   */
  public static Object redactTree(Object node) {
    if (node instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      m.forEach((k, v) -> {
        String key = String.valueOf(k);
        out.put(key, isSecretKey(key) && v != null && !(v instanceof Map) && !(v instanceof List)
            && !String.valueOf(v).isEmpty() ? MASK : redactTree(v));
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
