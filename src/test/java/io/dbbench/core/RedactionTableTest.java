package io.dbbench.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * The project's one redaction rule ({@link Redaction}) against every form a credential has
 * reached an output in: each line of the table holds the marker {@code S3CR3T}, which must not
 * survive {@link Redaction#redact}, and what must survive beside it.
 */
class RedactionTableTest {
  static List<String[]> forms() {
    return List.of(
        // -D properties whose key is not secret-looking but whose value carries a credential
        new String[] {"-Ddbbench.jdbc.url=jdbc:postgresql://h/db?user=u&password=S3CR3T&ssl=true", "ssl=true"},
        new String[] {"-Ddbbench.mongo.uri=mongodb://u:S3CR3T@h:27017/db", "@h:27017/db"},
        new String[] {"-Ddbbench.arango.endpoints=http://u:S3CR3T@h:8529", "@h:8529"},
        new String[] {"-Ddbbench.arango.auth=basic:root:S3CR3T", "basic:root:****"},
        new String[] {"-Ddbbench.arango.auth=bearer S3CR3T", "bearer ****"},
        new String[] {"-Ddbbench.jdbc.password=my S3CR3T pass", "-Ddbbench.jdbc.password=****"},
        // the same inside a VM options line: the next option survives
        new String[] {"-Xmx2g -Ddbbench.arango.auth=basic:root:S3CR3T -Da=1", "-Da=1"},
        new String[] {"-Xmx2g -Ddbbench.jdbc.password=x/y@S3CR3T -Da=1", "-Ddbbench.jdbc.password=**** -Da=1"},
        // values with spaces or commas, or that do not parse
        new String[] {"GOHDBDSN=hdb://user:pa S3CR3T@hana:39015", "@hana:39015"},
        new String[] {"hdb://user:pa S3CR3T@hana:39015", "hdb://user:****@hana:39015"},
        new String[] {"password=ab,S3CR3T", "password="},
        new String[] {"password= S3CR3T", "password="},
        new String[] {"mongodb://my user:S3CR3T@h/db", "mongodb://my user:****@h/db"},
        new String[] {"DBBENCH_JDBC_PROPERTIES='password S3CR3T'", "DBBENCH_JDBC_PROPERTIES="},
        new String[] {"mongodb://h/?authMechanismProperties=AWS_SESSION_TOKEN:ab,S3CR3T&x=1", "&x=1"},
        new String[] {"jdbc:sap://h:30015/?user=X;PWD=S3CR3T;packetSize=1048576", ";packetSize=1048576"},
        new String[] {"{\"user\": \"u\", \"password\": \"S3CR3T\"}", "\"user\": \"u\""},
        new String[] {"DBBENCH_ARANGO_AUTH=basic:root:S3CR3T", "basic:root:****"},
        // the forms a marker probe found leaking: a value masked to the next ';', '&' or ' -' instead
        // of to the separator the driver splits on
        new String[] {"jdbc:postgresql://h/db?user=u&password=ab;S3CR3T&ssl=true", "&ssl=true"},
        new String[] {"jdbc:postgresql://h/db?sslpassword=ab -S3CR3T&ssl=true", "&ssl=true"},
        new String[] {"jdbc:h2:tcp://h/db;USER=sa;PASSWORD=ab&S3CR3T;MODE=PostgreSQL", ";MODE=PostgreSQL"},
        new String[] {"mongodb://h/?authMechanism=MONGODB-AWS&authMechanismProperties=AWS_SESSION_TOKEN%3AS3CR3T&x=1",
            "&x=1"},
        new String[] {"mongodb://h/?authMechanismProperties=SERVICE_NAME:svc,AWS_SESSION_TOKEN:S3CR3T", "mongodb://h/?"},
        new String[] {"-Dtest.authentication=basic:root:S3CR3T", "basic:root:****"},
        new String[] {"jdbc:h2:mem:x;INIT=CREATE USER APP PASSWORD 'S3CR3T' ADMIN", "ADMIN"},
        new String[] {"GOHDBDSN=hdb://user:pa@S3CR3T@hana:39015", "@hana:39015"},
        new String[] {"hdb://user:a@b@S3CR3T@hana:39015/x", "@hana:39015/x"},
        // the seeded marker fuzz (CredentialMarkers) found these: inside a VM options line a
        // carrier's or a secret's unquoted value ended at its first space, leaving the rest in clear
        new String[] {"-Xmx2g -Ddbbench.jdbc.url=jdbc:postgresql://h/db?password=, @;S3CR3T/ '&ssl=true -Da=1",
            "&ssl=true -Da=1"},
        new String[] {"-Da=1 -Ddbbench.jdbc.password=ab cd S3CR3T -Db=2", "-Db=2"},
        new String[] {"cannot connect: DBBENCH_JDBC_URL=jdbc:h2:mem:x;USER=sa;PASSWORD=a b S3CR3T;MODE=PostgreSQL",
            ";MODE=PostgreSQL"},
        new String[] {"cannot connect: DBBENCH_JDBC_PROPERTIES=loginTimeout=1;password=:= --S3CR3T:\"%, ;ssl=false (given)",
            ";ssl=false (given)"},
        new String[] {"cannot connect: DBBENCH_JDBC_PASSWORD=-':&S3CR3T : (given)", "cannot connect: DBBENCH_JDBC_PASSWORD="});
  }

  @ParameterizedTest
  @MethodSource("forms")
  void theMarkerNeverSurvivesAndTheRestDoes(String input, String kept) {
    String out = Redaction.redact(input);
    assertFalse(out.contains("S3CR3T"), input + " -> " + out);
    assertTrue(out.contains(kept), input + " -> " + out + " lost " + kept);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "dbbench.jdbc.url|jdbc:postgresql://h/db?password=S3CR3T",
      "DBBENCH_MONGO_URI|mongodb://u:S3CR3T@h",
      "dbbench.arango.endpoints|https://u:S3CR3T@a:8529,https://u:S3CR3T@b:8529",
      "DBBENCH_ARANGO_AUTH|basic:root:S3CR3T",
      "DBBENCH_ARANGO_AUTH|S3CR3T",
      "DBBENCH_JDBC_PROPERTIES|password S3CR3T",
      "DBBENCH_JDBC_PROPERTIES|sslpassword=S3CR3T,ssl=true",
      "GOHDBDSN|hdb://u:S3 CR3T@h:1",
      "test.authentication|basic:root:S3CR3T",
      "TEST_AUTHENTICATION|basic:root:S3CR3T",
      "dbbench.jdbc.password|S3CR3T"})
  void everySettingThatCarriesACredentialIsMaskedAndLeavesTheCommandLine(String key, String value) {
    String shown = Redaction.redactValue(key, value.replace("S3 CR3T", "S3CR3T"));
    assertFalse(shown.contains("S3CR3T"), key + "=" + value + " -> " + shown);
    SecretsFile.Split split = SecretsFile.split(List.of("-Xmx1g", "-D" + key + "=" + value, "-Da=1"));
    assertEquals(List.of("-Xmx1g", "-Da=1"), split.kept(), key);
    assertEquals(Map.of(key, value), split.secrets());
  }

  /**
   * Random passwords built from the characters that ended masks early ({@code ; & @ - space % : ,}
   * and quotes), each in the grammars the drivers parse, minus the one character that grammar
   * splits on: neither marker (one inside, one at the end) survives, and what follows the
   * password does.
   */
  @Test
  void randomPasswordsInEveryDriverGrammarNeverSurvive() {
    record Grammar(String before, String after, String forbidden, String kept) {}
    List<Grammar> grammars = List.of(
        new Grammar("jdbc:postgresql://h/db?user=u&password=", "&ssl=true", "&\r\n", "&ssl=true"),
        new Grammar("jdbc:postgresql://h/db?sslpassword=", "&ssl=true", "&\r\n", "&ssl=true"),
        new Grammar("jdbc:h2:tcp://h/db;USER=sa;PASSWORD=", ";MODE=PostgreSQL", ";\r\n", ";MODE=PostgreSQL"),
        new Grammar("jdbc:sap://h:30015/?user=X;PWD=", ";packetSize=1", ";\r\n", ";packetSize=1"),
        new Grammar("mongodb://u:", "@h:27017/db", "/?#\r\n", "@h:27017/db"),
        new Grammar("hdb://user:", "@hana:39015", "/?#\r\n", "@hana:39015"),
        new Grammar("mongodb://h/?authMechanismProperties=AWS_SESSION_TOKEN:", "&x=1", "& \r\n", "&x=1"));
    String alphabet = "abcXYZ019;&@ -%:,'\"=!$*()+/?#";
    java.util.SplittableRandom rnd = new java.util.SplittableRandom(20261126);
    for (int t = 0; t < 4000; t++) {
      Grammar g = grammars.get(t % grammars.size());
      String pw = random(rnd, alphabet, g.forbidden()) + "S3CR3T" + random(rnd, alphabet, g.forbidden()) + "Zq9";
      String in = g.before() + pw + g.after();
      String out = Redaction.redact(in);
      assertFalse(out.contains("S3CR3T") || out.contains("Zq9"), in + " -> " + out);
      assertTrue(out.endsWith(g.kept()), in + " -> " + out + " lost " + g.kept());
    }
    for (int t = 0; t < 1000; t++) {
      String pw = random(rnd, alphabet, "") + "S3CR3T" + random(rnd, alphabet, "") + "Zq9";
      for (String[] kv : new String[][] {{"dbbench.jdbc.password", pw}, {"DBBENCH_ARANGO_AUTH", "basic:root:" + pw},
          {"test.authentication", "basic:root:" + pw},
          // the property list splits on ';': a password cannot hold one
          {"DBBENCH_JDBC_PROPERTIES", "password " + pw.replace(";", "")},
          {"DBBENCH_JDBC_PROPERTIES", "x=1;password=" + pw.replace(";", "") + ";y=2"}}) {
        String shown = Redaction.redactValue(kv[0], kv[1]);
        assertFalse(shown.contains("S3CR3T") || shown.contains("Zq9"), kv[0] + "=" + kv[1] + " -> " + shown);
      }
    }
  }

  private static String random(java.util.SplittableRandom rnd, String alphabet, String forbidden) {
    StringBuilder b = new StringBuilder();
    for (int n = rnd.nextInt(6); b.length() < n; ) {
      char c = alphabet.charAt(rnd.nextInt(alphabet.length()));
      if (forbidden.indexOf(c) < 0) {
        b.append(c);
      }
    }
    return b.toString();
  }

  @Test
  void harmlessSettingsStayOnTheCommandLineAndReadable() {
    assertEquals("jdbc:postgresql://h:5432/db?ssl=true", Redaction.redactValue("dbbench.jdbc.url", "jdbc:postgresql://h:5432/db?ssl=true"));
    assertEquals("http://a:8529,http://b:8529", Redaction.redactValue("dbbench.arango.endpoints", "http://a:8529,http://b:8529"));
    SecretsFile.Split split = SecretsFile.split(List.of("-Ddbbench.jdbc.url=jdbc:h2:mem:x", "-Ddbbench.payload.pool=100"));
    assertEquals(List.of("-Ddbbench.jdbc.url=jdbc:h2:mem:x", "-Ddbbench.payload.pool=100"), split.kept());
    assertEquals("batchSize=100 mode=seq", Redaction.redact("batchSize=100 mode=seq"));
  }
}
