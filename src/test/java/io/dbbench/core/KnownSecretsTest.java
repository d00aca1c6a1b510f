package io.dbbench.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.ConnectionString;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The value scrubber masks what the syntax rules cannot see: pieces of a secret a driver cut
 * apart, a driver's own message built from the value, SQL's doubled quotes, secrets written in
 * pieces to a stream, and the escaped forms a JSON or HTML file holds. Each test teaches its own
 * random marker (what is learned stays learned for the JVM, so no test reuses another's).
 */
class KnownSecretsTest {
  @TempDir
  Path tmp;

  private static String marker() {
    return "MARK" + Long.toHexString(new SplittableRandom().nextLong() | Long.MIN_VALUE).toUpperCase(Locale.ROOT);
  }

  @Test
  void aCommaInAnEndpointsUserInfoCutsTheSecretAndBothPiecesAreMasked() {
    String m = marker();
    String value = "http://root:" + m + "part,rest" + m.substring(4) + "@127.0.0.1:1";
    KnownSecrets.learn("DBBENCH_ARANGO_ENDPOINTS", value);
    // what a reader splitting the list on ',' says about its first entry
    String message = "DBBENCH_ARANGO_ENDPOINTS entry 'http://root:" + m + "part' has no host";
    String shown = Redaction.redact(message);
    assertFalse(shown.contains(m), shown);
    assertTrue(shown.contains("has no host"), "the message stays readable: " + shown);
    assertFalse(KnownSecrets.scrub("the second entry 'rest" + m.substring(4) + "@127.0.0.1:1'").contains(m.substring(4)));
  }

  @Test
  void aThirdPartyExceptionMessageIsScrubbed() {
    String m = marker();
    String uri = "mongodb://127.0.0.1:1/?authMechanism=MONGODB-AWS&authMechanismProperties=AWS_SESSION_TOKEN:ab," + m;
    KnownSecrets.learn("DBBENCH_MONGO_URI", uri);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ConnectionString(uri));
    assertTrue(e.getMessage().contains(m), "the MongoDB driver quotes the piece it could not parse: " + e.getMessage());
    String shown = KnownSecrets.scrub(e.getMessage());
    assertFalse(shown.contains(m), shown);
    assertEquals(shown, Redaction.redact(e.getMessage()), "redact ends in the value scrub");
  }

  @Test
  void sqlsDoubledQuoteNoLongerEndsTheMaskAndTheValueIsLearnedUnquoted() {
    String m = marker();
    for (String pw : List.of("ab''" + m, "''" + m + "x", m + "''")) {
      String url = "jdbc:h2:mem:x;INIT=CREATE USER IF NOT EXISTS bob PASSWORD '" + pw + "'";
      assertFalse(Redaction.syntaxRedact(url).contains(m), "the syntax rule alone: " + Redaction.syntaxRedact(url));
    }
    String dollar = "jdbc:h2:mem:x;INIT=CREATE USER bob PASSWORD $$ab'" + m + "$$";
    assertFalse(Redaction.syntaxRedact(dollar).contains(m), Redaction.syntaxRedact(dollar));
    String dq = "jdbc:h2:mem:x;INIT=CREATE USER bob PASSWORD \"ab\"\"" + m + "\"";
    assertFalse(Redaction.syntaxRedact(dq).contains(m), Redaction.syntaxRedact(dq));
    KnownSecrets.learn("DBBENCH_JDBC_URL", "jdbc:h2:mem:x;INIT=CREATE USER bob PASSWORD 'ab''" + m + "'");
    assertEquals("user bob: password **** rejected",
        KnownSecrets.scrub("user bob: password ab'" + m + " rejected"), "the password as H2 reads it, quotes undone");
  }

  @Test
  void piecesShorterThanTheMinimumAndNonSecretSettingsTeachNothing() {
    String m = marker();
    KnownSecrets.learn("DBBENCH_JDBC_URL", "jdbc:postgresql://h/db?password=ab," + m);
    assertEquals("ab and ****", KnownSecrets.scrub("ab and " + m), "a 2-character piece is left to the syntax rules");
    KnownSecrets.learn("DBBENCH_JDBC_URL", "jdbc:postgresql://h/db?sslpassword=true," + m + ",password1x");
    assertEquals("ssl=true, password1x", KnownSecrets.scrub("ssl=true, password1x"),
        "ordinary pieces (letters only, under 8) and pieces naming a secret are not masked everywhere");
    String other = marker();
    KnownSecrets.learn("DBBENCH_JDBC_BATCH", other);
    KnownSecrets.learn("PWD", "/work/" + other);
    assertEquals(other, KnownSecrets.scrub(other), "not a secret or carrier setting; PWD is the shell's directory");
  }

  @Test
  void aCarrierTheSyntaxRulesMaskWholeIsLearnedWhole() {
    String m = marker();
    KnownSecrets.learn("DBBENCH_ARANGO_AUTH", "password " + m + " x");
    assertFalse(KnownSecrets.scrub("auth was 'password " + m + " x'").contains(m));
    assertEquals(List.of("s3cr", "x&y"),
        KnownSecrets.maskedSpans("a:s3cr@b?p=x&y", "a:****@b?p=****"), "the spans between literals");
  }

  @Test
  void aSecretWrittenInPiecesToAStreamIsMaskedAndNothingElseIsLost() throws Exception {
    String m = marker();
    KnownSecrets.learnSecret(m);
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    PrintStream out = KnownSecrets.scrubbing(sink);
    out.print("Iteration 1: " + m.substring(0, 3));
    out.flush();
    assertEquals("Iteration 1: ", sink.toString(StandardCharsets.UTF_8), "a possible start of a secret is held back");
    out.print(m.substring(3) + " done; ");
    out.print("ab");
    out.println();
    out.print("tail " + m.substring(0, 5));
    out.close();
    assertEquals("Iteration 1: **** done; ab" + System.lineSeparator() + "tail " + m.substring(0, 5),
        sink.toString(StandardCharsets.UTF_8), "held-back bytes that were not a secret are written at close");
  }

  @Test
  void scrubFilesMasksTheJsonAndHtmlEscapedForms() throws Exception {
    String m = marker();
    String secret = "a\"b<" + m;
    KnownSecrets.learnSecret(secret);
    Path json = tmp.resolve("env.json");
    Files.writeString(json, "{\"x\":\"a\\\"b<" + m + "\"}");
    Path html = tmp.resolve("report.html");
    Files.writeString(html, "<td>a&quot;b&lt;" + m + "</td>");
    Path png = tmp.resolve("chart.png");
    Files.writeString(png, m);
    assertEquals(2, KnownSecrets.scrubFiles(tmp));
    assertFalse(Files.readString(json).contains(m), Files.readString(json));
    assertFalse(Files.readString(html).contains(m), Files.readString(html));
    assertTrue(Files.readString(png).contains(m), "binary files are not rewritten");
  }
}
