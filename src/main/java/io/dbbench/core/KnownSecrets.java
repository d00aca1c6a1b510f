package io.dbbench.core;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The run's secrets by value: the second line of defence beside {@link Redaction}'s syntax rules.
 * Syntax recognises a secret by its place (after {@code password=}, between a user's {@code :} and
 * the host's {@code @}); a form it did not foresee ({@code PASSWORD 'ab''x'}), or a message a
 * driver builds from the value ({@code 'x' is not a key value pair}), passes it by. This class
 * learns what the secrets are and masks them wherever they stand.
 *
 * <p>What it learns ({@link #learn}), from every setting whose key is a secret or a carrier
 * ({@link Redaction#isSecretKey}, {@link Redaction#isCarrierKey}) in the environment and the system
 * properties (except {@code PWD} and {@code OLDPWD}, the shell's working directory), in the forks'
 * {@link SecretsFile}, and in every value {@link BenchConfig#get} reads:
 * <ul>
 *   <li>under a secret key, the whole value;</li>
 *   <li>under a carrier key, every span the syntax rules mask (the password in a URL's user-info,
 *       the value of {@code password=}, {@code authMechanismProperties} whole, the secret part of
 *       {@code basic:user:secret}), and the whole value when the syntax rules mask it whole
 *       (a carrier they could not parse);</li>
 *   <li>of each secret part (not of a whole value the rules could not parse), the pieces a
 *       delimiter could cut from it ({@code , ; & @ : / ? # = + %}, quotes, whitespace):
 *       {@code http://root:ab,cd@host} split on {@code ,} by a driver that reads a list shows
 *       {@code ab} in one message and {@code cd} in another (a piece of letters only shorter
 *       than 8, {@code true}, or one naming a secret, {@code password}, is too ordinary and is
 *       not learned; the whole secret still is);</li>
 *   <li>of each, the forms it takes on the way out: percent-decoded (a driver decodes a URI before
 *       quoting it), percent-encoded, SQL's doubled quote undone ({@code ab''x} is {@code ab'x}),
 *       JSON-escaped and HTML-escaped (for scrubbing files as text).</li>
 * </ul>
 * Pieces shorter than {@value #MIN_LENGTH} characters are not matched by value (they would mask
 * ordinary words all over a report); syntax masking still applies to them. Matching is exact and
 * case-sensitive, longest first. What is learned stays learned for the life of the JVM. The price
 * of masking by value: a credential setting whose whole value is an ordinary word (a mistyped
 * {@code DBBENCH_ARANGO_AUTH=none}) masks that word wherever the run prints it.
 *
 * <p>Where it applies: {@link Redaction#redact} and {@link Redaction#redactValue} end with
 * {@link #scrub}, so every manifest, results file, report and error line built through them is
 * scrubbed; {@link #installOnStandardStreams} wraps {@code System.out} and {@code System.err}
 * (the entry points call it first); {@link #scrubFiles} rewrites a run directory's text files
 * before the main job, {@code report merge} and {@code report render} finish.
 */
public final class KnownSecrets {
  /** The shortest piece matched by value, in characters. */
  public static final int MIN_LENGTH = 4;
  /**
   * A piece too ordinary to mask wherever it stands: letters only and shorter than 8
   * ({@code true}, {@code none}); a piece that names a secret ({@code password}) is left out too.
   */
  private static final Pattern ORDINARY = Pattern.compile("[A-Za-z]{0,7}");
  /** Where a driver or a list syntax may cut a secret. */
  private static final Pattern DELIMITERS = Pattern.compile("[,;&@:/?#=+%'\"`\\s\\\\]+");
  /** Environment variables that hold the shell's directories, not credentials, though their names say {@code pwd}. */
  private static final Set<String> NOT_SECRET = Set.of("PWD", "OLDPWD");
  /** Text files {@link #scrubFiles} rewrites, by extension. */
  private static final Set<String> TEXT = Set.of("json", "md", "html", "htm", "txt", "log", "csv", "tsv", "svg", "js");

  private static final Object LOCK = new Object();
  private static final Set<String> learned = new LinkedHashSet<>();
  /** The settings already learned, key and value, so repeated reads cost a set lookup. */
  private static final Set<String> seen = java.util.concurrent.ConcurrentHashMap.newKeySet();
  private static final byte[] MASK_BYTES = Redaction.MASK.getBytes(StandardCharsets.UTF_8);
  /** Every form of every learned secret, longest first. */
  private static volatile String[] forms = {};
  private static volatile byte[][] byteForms = {};
  private static volatile boolean environmentRead;
  private static boolean hookInstalled;

  private KnownSecrets() {}

  /**
   * Learns the secret parts of the setting {@code key} = {@code value} (see the class comment);
   * a key that is neither a secret nor a carrier teaches nothing. {@code null}s teach nothing.
   */
  public static void learn(String key, String value) {
    if (key == null || value == null || value.isBlank() || NOT_SECRET.contains(key)
        || !seen.add(key + '\u0000' + value)) {
      return; // a setting is read many times: its parts are worked out once
    }
    List<String> parts = partsOf(key, value);
    if (!parts.isEmpty()) {
      add(parts, !whole(parts, value) || Redaction.isSecretKey(key));
    }
  }

  /** Learns {@code secret} itself as a secret (with its pieces and forms), e.g. a value read from a secrets file. */
  public static void learnSecret(String secret) {
    if (secret != null && !secret.isBlank()) {
      add(List.of(secret), true);
    }
  }

  /**
   * The secret parts of one setting, before pieces and forms: the whole value under a secret key;
   * under a carrier key the spans {@link Redaction}'s syntax rules replace by {@link Redaction#MASK}
   * (the whole value when they replace it whole); nothing otherwise.
   */
  static List<String> partsOf(String key, String value) {
    if (Redaction.isSecretKey(key)) {
      return List.of(value, value.trim());
    }
    if (!Redaction.isCarrierKey(key)) {
      return List.of();
    }
    return maskedSpans(value, Redaction.syntaxRedactValue(key, value));
  }

  /** Whether {@code parts} is the whole value (the syntax rules could not parse it): learned whole, not cut. */
  private static boolean whole(List<String> parts, String value) {
    return parts.size() == 1 && parts.get(0).equals(value);
  }

  /**
   * The spans of {@code original} that {@code redacted} shows as {@link Redaction#MASK}: the text
   * between masks is kept verbatim by the syntax rules, so each literal is found in order and
   * what lies between two of them is a removed secret.
   */
  static List<String> maskedSpans(String original, String redacted) {
    if (redacted == null || redacted.equals(original) || !redacted.contains(Redaction.MASK)) {
      return List.of();
    }
    String[] literals = redacted.split(Pattern.quote(Redaction.MASK), -1);
    List<String> out = new ArrayList<>();
    int at = 0;
    for (int i = 0; i < literals.length; i++) {
      String lit = literals[i];
      int found = i == literals.length - 1 ? lastFrom(original, lit, at) : original.indexOf(lit, at);
      if (found < 0) {
        return List.of(original); // the syntax rules rewrote more than the masks: treat the value as secret
      }
      if (i > 0 && found > at) {
        out.add(original.substring(at, found));
      }
      at = found + lit.length();
    }
    return out;
  }

  private static int lastFrom(String s, String lit, int from) {
    int i = s.length() - lit.length();
    return i >= from && s.startsWith(lit, i) ? i : -1;
  }

  /** Learns {@code parts} with their forms, and with the pieces a delimiter cuts from them when {@code cut}. */
  private static void add(List<String> parts, boolean cut) {
    synchronized (LOCK) {
      boolean changed = false;
      for (String p : parts) {
        for (String piece : cut ? piecesOf(p) : List.of(p, p.trim())) {
          for (String raw : formsOf(piece)) {
            String form = raw.strip();
            if (form.length() >= MIN_LENGTH && !form.chars().allMatch(c -> c == '*') && learned.add(form)) {
              changed = true;
            }
          }
        }
      }
      if (changed) {
        String[] all = learned.toArray(String[]::new);
        Arrays.sort(all, Comparator.comparingInt(String::length).reversed());
        byte[][] bytes = new byte[all.length][];
        for (int i = 0; i < all.length; i++) {
          bytes[i] = all[i].getBytes(StandardCharsets.UTF_8);
        }
        byteForms = bytes;
        forms = all;
      }
    }
  }

  /** {@code secret}, its percent-decoded and SQL-unquoted forms, and the pieces a delimiter cuts from each. */
  static List<String> piecesOf(String secret) {
    Set<String> whole = new LinkedHashSet<>();
    whole.add(secret);
    whole.add(secret.trim());
    whole.add(secret.replace("''", "'").replace("\"\"", "\""));
    try {
      whole.add(URLDecoder.decode(secret.replace("+", "%2B"), StandardCharsets.UTF_8));
    } catch (IllegalArgumentException e) {
      // not percent-encoded
    }
    Set<String> out = new LinkedHashSet<>(whole);
    for (String w : whole) {
      for (String piece : DELIMITERS.split(w)) {
        if (!ORDINARY.matcher(piece).matches() && !Redaction.isSecretKey(piece)) {
          out.add(piece);
        }
      }
    }
    return List.copyOf(out);
  }

  /** The forms {@code s} takes in output: itself, percent-encoded, JSON-escaped, HTML-escaped. */
  static List<String> formsOf(String s) {
    Set<String> out = new LinkedHashSet<>();
    out.add(s);
    out.add(URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20"));
    out.add(URLEncoder.encode(s, StandardCharsets.UTF_8));
    out.add(json(s));
    out.add(html(s));
    return List.copyOf(out);
  }

  private static String json(String s) {
    StringBuilder b = new StringBuilder(s.length() + 8);
    for (char c : s.toCharArray()) {
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        case '\b' -> b.append("\\b");
        case '\f' -> b.append("\\f");
        default -> {
          if (c < 0x20) {
            b.append(String.format(Locale.ROOT, "\\u%04X", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    return b.toString();
  }

  private static String html(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;").replace("'", "&#39;");
  }

  /**
   * Reads the environment and the system properties once ({@link #learn} on each entry), so that
   * what a user set is known before anything is printed. Idempotent.
   */
  public static void readEnvironment() {
    if (environmentRead) {
      return;
    }
    environmentRead = true;
    System.getenv().forEach(KnownSecrets::learn);
    for (Map.Entry<Object, Object> e : System.getProperties().entrySet()) {
      learn(String.valueOf(e.getKey()), String.valueOf(e.getValue()));
    }
  }

  /** Whether any secret is known. */
  public static boolean any() {
    return forms.length > 0;
  }

  /**
   * {@code s} with every known secret (in every learned form) replaced by {@link Redaction#MASK};
   * {@code null} stays {@code null}.
   */
  public static String scrub(String s) {
    String[] f = forms;
    if (s == null || f.length == 0) {
      return s;
    }
    String out = s;
    for (String secret : f) {
      if (out.contains(secret)) {
        out = out.replace(secret, Redaction.MASK);
      }
    }
    return out;
  }

  /**
   * Scrubs every text file ({@code .json}, {@code .md}, {@code .html}, {@code .log}, {@code .txt},
   * {@code .csv}, ...) under {@code dir} in place; files without a known secret are not rewritten.
   *
   * @return how many files were rewritten
   * @throws IOException when a file cannot be read or written
   */
  public static int scrubFiles(Path dir) throws IOException {
    if (!any() || !Files.isDirectory(dir)) {
      return 0;
    }
    List<Path> files;
    try (Stream<Path> walk = Files.walk(dir)) {
      files = walk.filter(Files::isRegularFile).filter(KnownSecrets::isText).toList();
    }
    int rewritten = 0;
    for (Path f : files) {
      if (scrubFile(f)) {
        rewritten++;
      }
    }
    return rewritten;
  }

  /**
   * Scrubs one UTF-8 text file in place.
   *
   * @return whether it held a known secret (and was rewritten)
   * @throws IOException when it cannot be read or written
   */
  public static boolean scrubFile(Path f) throws IOException {
    if (!any()) {
      return false;
    }
    String text = Files.readString(f, StandardCharsets.UTF_8);
    String clean = scrub(text);
    if (clean.equals(text)) {
      return false;
    }
    Files.writeString(f, clean, StandardCharsets.UTF_8);
    return true;
  }

  private static boolean isText(Path f) {
    String name = f.getFileName().toString();
    int dot = name.lastIndexOf('.');
    return dot > 0 && TEXT.contains(name.substring(dot + 1).toLowerCase(Locale.ROOT));
  }

  /**
   * Replaces {@code System.out} and {@code System.err} by {@linkplain #scrubbing scrubbing} streams
   * (once) after {@link #readEnvironment}. The entry points ({@code BenchMain}, {@code Report},
   * the console, the payload service, {@code Interleave}) call it first.
   */
  public static synchronized void installOnStandardStreams() {
    readEnvironment();
    if (!(System.out instanceof Scrubbing)) {
      System.setOut(scrubbing(System.out));
    }
    if (!(System.err instanceof Scrubbing)) {
      System.setErr(scrubbing(System.err));
    }
    if (!hookInstalled) {
      hookInstalled = true;
      PrintStream out = System.out;
      PrintStream err = System.err;
      Runtime.getRuntime().addShutdownHook(new Thread(() -> {
        ((Scrubbing) out).release(); // what was held back as a possible start of a secret
        ((Scrubbing) err).release();
      }, "dbbench-scrubbing-streams"));
    }
  }

  /**
   * A UTF-8 print stream over {@code out} that masks every known secret, also one written in
   * pieces: bytes that could begin a secret are held back until the next write shows they do not
   * (or until {@code close}); a {@code flush} passes on everything else.
   */
  public static PrintStream scrubbing(OutputStream out) {
    return new Scrubbing(new ScrubbingStream(out));
  }

  private static final class Scrubbing extends PrintStream {
    private final ScrubbingStream stream;

    Scrubbing(ScrubbingStream s) {
      super(s, true, StandardCharsets.UTF_8);
      this.stream = s;
    }

    /** Writes what is held back, scrubbed, without closing the stream under it. */
    void release() {
      flush();
      try {
        stream.release();
      } catch (IOException e) {
        setError();
      }
    }
  }

  /** The byte stream under {@link #scrubbing}. */
  static final class ScrubbingStream extends OutputStream {
    private final OutputStream out;
    private byte[] buf = new byte[256];
    private int len;

    ScrubbingStream(OutputStream out) {
      this.out = out;
    }

    @Override
    public synchronized void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public synchronized void write(byte[] b, int off, int n) throws IOException {
      byte[][] secrets = byteForms;
      if (secrets.length == 0 && len == 0) {
        out.write(b, off, n);
        return;
      }
      if (len + n > buf.length) {
        buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + n));
      }
      System.arraycopy(b, off, buf, len, n);
      len += n;
      drain(secrets, false);
    }

    /** Writes the scrubbed buffer except a tail that may begin a secret (all of it when {@code all}). */
    private void drain(byte[][] secrets, boolean all) throws IOException {
      java.io.ByteArrayOutputStream clean = new java.io.ByteArrayOutputStream(len);
      int i = 0;
      int keep = all ? len : len - heldBack(secrets);
      outer:
      while (i < keep) {
        for (byte[] s : secrets) {
          if (s.length <= len - i && matches(buf, i, s)) {
            clean.write(MASK_BYTES, 0, MASK_BYTES.length);
            i += s.length;
            continue outer;
          }
        }
        clean.write(buf[i]);
        i++;
      }
      clean.writeTo(out);
      System.arraycopy(buf, i, buf, 0, len - i);
      len -= i;
    }

    /** The longest tail of the buffer that is a proper prefix of a secret. */
    private int heldBack(byte[][] secrets) {
      int best = 0;
      for (byte[] s : secrets) {
        for (int k = Math.min(s.length - 1, len); k > best; k--) {
          if (matchesPrefix(buf, len - k, s, k)) {
            best = k;
            break;
          }
        }
      }
      return best;
    }

    private static boolean matches(byte[] b, int at, byte[] s) {
      for (int j = 0; j < s.length; j++) {
        if (b[at + j] != s[j]) {
          return false;
        }
      }
      return true;
    }

    private static boolean matchesPrefix(byte[] b, int at, byte[] s, int k) {
      for (int j = 0; j < k; j++) {
        if (b[at + j] != s[j]) {
          return false;
        }
      }
      return true;
    }

    @Override
    public synchronized void flush() throws IOException {
      out.flush();
    }

    /** Writes everything held back (scrubbed) and flushes. */
    synchronized void release() throws IOException {
      drain(byteForms, true);
      out.flush();
    }

    @Override
    public synchronized void close() throws IOException {
      release();
      out.close();
    }
  }
}
