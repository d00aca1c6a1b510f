package io.dbbench;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Seeded random credentials for the marker tests: each password holds a random {@code MARK<hex>}
 * between random runs of the characters that have ended masks early ({@code ; & @ , % - space
 * newline : / ? = ' "}), and each {@link Form} puts it where a user gives a credential, in the
 * grammar of the driver that reads that setting, without the one character that grammar splits on
 * (a password holding it cannot be given there at all). A test checks that {@link Case#marker}
 * appears nowhere in what it scans.
 */
public final class CredentialMarkers {
  private CredentialMarkers() {}

  /** The characters that ended masks early, plus a few plain ones. */
  public static final String HARD = ";&@,%- \n:/?='\"ab";

  /**
   * One place a credential is given: the setting's name (environment spelling), how the password
   * is embedded, and the characters that setting's grammar splits on (removed from the password).
   */
  public enum Form {
    /** pgjdbc's query parameter, split on {@code &}. */
    PG_URL_PASSWORD("DBBENCH_JDBC_URL", "jdbc:postgresql://127.0.0.1:1/x?user=u&password=", "&connectTimeout=1", "&\r\n"),
    /** pgjdbc's {@code sslpassword}. */
    PG_URL_SSLPASSWORD("DBBENCH_JDBC_URL", "jdbc:postgresql://127.0.0.1:1/x?sslpassword=", "&connectTimeout=1", "&\r\n"),
    /** H2's URL setting, split on {@code ;}. */
    H2_URL_PASSWORD("DBBENCH_JDBC_URL", "jdbc:h2:mem:marker;USER=sa;PASSWORD=", ";DB_CLOSE_DELAY=-1", ";\r\n"),
    /** The plain password setting: any character. */
    JDBC_PASSWORD("DBBENCH_JDBC_PASSWORD", "", "", ""),
    /** {@code DBBENCH_JDBC_PROPERTIES}, {@code key=value;key=value}. */
    JDBC_PROPERTIES("DBBENCH_JDBC_PROPERTIES", "loginTimeout=1;password=", ";ssl=false", ";\r\n"),
    /** go-hdb's DSN: user-info up to the last {@code @} a host follows. */
    GO_HDB_DSN("GOHDBDSN", "hdb://user:", "@127.0.0.1:1", "/?#\r\n"),
    /** A MongoDB connection string's user-info, percent-encoded as the driver requires. */
    MONGO_USERINFO("DBBENCH_MONGO_URI", "mongodb://bench:", "@127.0.0.1:1/?serverSelectionTimeoutMS=200", ""),
    /** The MongoDB driver's {@code authMechanismProperties} token, percent-encoded. */
    MONGO_AUTH_PROPERTIES("DBBENCH_MONGO_URI", "mongodb://127.0.0.1:1/?serverSelectionTimeoutMS=200"
        + "&authMechanism=MONGODB-AWS&authMechanismProperties=AWS_SESSION_TOKEN:", "", ""),
    /** The ArangoDB auth setting, {@code basic:user:password}. */
    ARANGO_AUTH("DBBENCH_ARANGO_AUTH", "basic:root:", "", "\r\n"),
    /** An ArangoDB endpoint's user-info: a comma in it cuts the list of endpoints in two. */
    ARANGO_ENDPOINT("DBBENCH_ARANGO_ENDPOINTS", "http://root:", "@127.0.0.1:1", "/?#\r\n"),
    /** The {@code authMechanismProperties} token as given, not percent-encoded (a comma in it is the driver's list separator). */
    MONGO_AUTH_PROPERTIES_RAW("DBBENCH_MONGO_URI", "mongodb://127.0.0.1:1/?serverSelectionTimeoutMS=200"
        + "&authMechanism=MONGODB-AWS&authMechanismProperties=AWS_SESSION_TOKEN:", "", "&%#\r\n"),
    /** H2's {@code INIT} SQL with a quoted password, its quotes doubled as SQL writes them. */
    H2_INIT_QUOTED("DBBENCH_JDBC_URL", "jdbc:h2:mem:init;INIT=CREATE USER IF NOT EXISTS bob PASSWORD '", "'",
        ";\\\r\n"),
    /** The same in double quotes (an identifier to H2: the error path). */
    H2_INIT_DOUBLE_QUOTED("DBBENCH_JDBC_URL", "jdbc:h2:mem:init2;INIT=CREATE USER IF NOT EXISTS bob PASSWORD \"", "\"",
        ";\\\r\n"),
    /** The same dollar-quoted. */
    H2_INIT_DOLLAR_QUOTED("DBBENCH_JDBC_URL", "jdbc:h2:mem:init3;INIT=CREATE USER IF NOT EXISTS bob PASSWORD $$", "$$",
        "$;\\\r\n");

    /** The setting's environment name. */
    public final String setting;
    final String before;
    final String after;
    final String forbidden;

    Form(String setting, String before, String after, String forbidden) {
      this.setting = setting;
      this.before = before;
      this.after = after;
      this.forbidden = forbidden;
    }

    /** The setting's system-property spelling ({@code DBBENCH_JDBC_URL} → {@code dbbench.jdbc.url}). */
    public String property() {
      return setting.toLowerCase(Locale.ROOT).replace('_', '.');
    }

    boolean percentEncoded() {
      return this == MONGO_USERINFO || this == MONGO_AUTH_PROPERTIES;
    }

    /** The password as this form's grammar embeds it: percent-encoded, SQL's quotes doubled, or as it is. */
    String embed(String password) {
      if (percentEncoded()) {
        return URLEncoder.encode(password, StandardCharsets.UTF_8).replace("+", "%20");
      }
      return switch (this) {
        case H2_INIT_QUOTED -> password.replace("'", "''");
        case H2_INIT_DOUBLE_QUOTED -> password.replace("\"", "\"\"");
        default -> password;
      };
    }
  }

  /**
   * One generated case.
   *
   * @param form where the password is given
   * @param marker the random {@code MARK<hex>} inside the password
   * @param password the raw password
   * @param value the setting's whole value carrying the password
   */
  public record Case(Form form, String marker, String password, String value) {
    /** The setting's environment name. */
    public String setting() {
      return form.setting;
    }

    /** {@code -Dproperty=value}, as a user passes it to the forks. */
    public String systemProperty() {
      return "-D" + form.property() + "=" + value;
    }
  }

  /** {@code n} cases from {@code seed}, the forms taken in turn. */
  public static List<Case> cases(long seed, int n) {
    SplittableRandom rnd = new SplittableRandom(seed);
    List<Case> out = new ArrayList<>();
    Form[] forms = Form.values();
    for (int i = 0; i < n; i++) {
      out.add(next(rnd, forms[i % forms.length]));
    }
    return out;
  }

  /** One case of {@code form}. */
  public static Case next(SplittableRandom rnd, Form form) {
    String marker = "MARK" + Long.toHexString(rnd.nextLong() | Long.MIN_VALUE).toUpperCase(Locale.ROOT);
    String password = run(rnd, form.forbidden) + marker + run(rnd, form.forbidden);
    return new Case(form, marker, password, form.before + form.embed(password) + form.after);
  }

  /** A random run of 0-5 characters of {@link #HARD} without {@code forbidden}. */
  static String run(SplittableRandom rnd, String forbidden) {
    StringBuilder b = new StringBuilder();
    for (int n = rnd.nextInt(6); b.length() < n; ) {
      char c = HARD.charAt(rnd.nextInt(HARD.length()));
      if (forbidden.indexOf(c) < 0) {
        b.append(c);
      }
    }
    return b.toString();
  }
}
