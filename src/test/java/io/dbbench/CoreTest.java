package io.dbbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.core.BenchConfig;
import io.dbbench.core.Redaction;
import io.dbbench.core.SecretsFile;
import io.dbbench.run.JmhArgs;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The main job's argument merging, config lookup and credential redaction. */
class CoreTest {
  @Test
  void laterLayersOverrideEarlierOnesPerOption() {
    List<String> merged = JmhArgs.merge(
        List.of("-f", "1", "-wi", "1", "-i", "3"),
        List.of("-p", "level=1,3", "-p", "corpus=entries", "-i", "2"),
        JmhArgs.split("-f 3 -p level=22 -prof gc"),
        List.of("-prof", "gc:churn=true"));
    assertEquals(List.of("-f", "3", "-wi", "1", "-i", "2", "-p", "level=22", "-p", "corpus=entries",
        "-prof", "gc:churn=true"), merged);
  }

  @Test
  void splitHonoursQuotesAndRejectsUnterminatedOnes() {
    assertEquals(List.of("-p", "q=a b", "-f", ""), JmhArgs.split(" -p 'q=a b'  -f \"\" "));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JmhArgs.split("-p 'x"));
    assertTrue(e.getMessage().contains("unterminated quote"));
    assertThrows(IllegalArgumentException.class, () -> JmhArgs.merge(List.of("-f")));
    assertThrows(IllegalArgumentException.class, () -> JmhArgs.merge(List.of("-p", "novalue")));
  }

  @Test
  void redactionRemovesPasswordsButKeepsTheRest() {
    assertEquals("mongodb://bench:****@db1:27017,db2/test?replicaSet=rs0",
        Redaction.redact("mongodb://bench:s3cret@db1:27017,db2/test?replicaSet=rs0"));
    assertEquals("hdb://SYSTEM:****@hana:39015", Redaction.redact("hdb://SYSTEM:Pa55w0rd@hana:39015"));
    assertEquals("jdbc:postgresql://h/db?user=u&password=****&ssl=true",
        Redaction.redact("jdbc:postgresql://h/db?user=u&password=hunter2&ssl=true"));
    assertEquals("jdbc:sap://h:30015/?user=X;PWD=****;packetSize=1048576",
        Redaction.redact("jdbc:sap://h:30015/?user=X;PWD=abc;packetSize=1048576"));
    assertEquals("jdbc:h2:mem:x", Redaction.redact("jdbc:h2:mem:x"));
    assertFalse(Redaction.redact("http://u:p%40ss@host/").contains("p%40ss"));
    assertEquals(null, Redaction.redact(null));
    // secrets outside the usual names, and passwords holding '/'
    assertEquals("jdbc:postgresql://h/db?sslmode=verify-full&sslpassword=****&user=u",
        Redaction.redact("jdbc:postgresql://h/db?sslmode=verify-full&sslpassword=k3y/p@ss&user=u"));
    // the whole authMechanismProperties value: its token may be percent-encoded or follow a comma
    assertEquals("mongodb://h/?authMechanism=MONGODB-AWS&authMechanismProperties=****",
        Redaction.redact("mongodb://h/?authMechanism=MONGODB-AWS&authMechanismProperties=AWS_SESSION_TOKEN:FwoGZX/IvY2"));
    assertEquals("hdb://SYSTEM:****@hana:39015", Redaction.redact("hdb://SYSTEM:pa/ss@hana:39015"));
    assertEquals("-Xmx2g -Ddbbench.jdbc.password=**** -Da=1", Redaction.redact("-Xmx2g -Ddbbench.jdbc.password=x/y@z -Da=1"));
    assertTrue(Redaction.isSecretKey("DBBENCH_JDBC_PASSWORD") && Redaction.isSecretKey("client_secret")
        && Redaction.isSecretKey("X-Api-Token") && !Redaction.isSecretKey("batchSize"));
  }

  @Test
  void manifestTreesAreRedactedByKeyAndByValue() {
    Map<String, Object> tree = new LinkedHashMap<>();
    tree.put("password", "hunter2");
    tree.put("url", "mongodb://u:hunter2@h/");
    tree.put("nested", List.of(Map.of("sslpassword", "hunter2", "rows", 3)));
    String out = Redaction.redactTree(tree).toString();
    assertFalse(out.contains("hunter2"), out);
    assertTrue(out.contains("rows=3"), out);
  }

  @Test
  void secretSystemPropertiesAreSplitOffTheForkCommandLine() {
    SecretsFile.Split s = SecretsFile.split(List.of("-Xmx2g", "-Ddbbench.jdbc.password=a/b", "-Ddbbench.jdbc.url=jdbc:h2:mem:x"));
    assertEquals(List.of("-Xmx2g", "-Ddbbench.jdbc.url=jdbc:h2:mem:x"), s.kept());
    assertEquals(Map.of("dbbench.jdbc.password", "a/b"), s.secrets());
  }

  @Test
  void configReadsSystemPropertyWhenNoEnvironmentVariableAndValidates() {
    String env = "DBBENCH_TEST_KNOB_" + System.nanoTime();
    String prop = BenchConfig.propertyName(env);
    try {
      assertEquals("d", BenchConfig.get(env, "d"));
      System.setProperty(prop, "42");
      assertEquals(42, BenchConfig.getInt(env, 1));
      System.setProperty(prop, "lots");
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BenchConfig.getInt(env, 1));
      assertTrue(e.getMessage().contains(env + "='lots'"), e.getMessage());
      System.setProperty(prop, "maybe");
      assertThrows(IllegalArgumentException.class, () -> BenchConfig.getBoolean(env, false));
      System.setProperty(prop, "YES");
      assertTrue(BenchConfig.getBoolean(env, false));
    } finally {
      System.clearProperty(prop);
    }
  }
}
