package io.dbbench.arango.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link ArangoSettings#parse}: a pure function of the map, so no test depends on the caller's environment. */
class ArangoSettingsTest {
  private static IllegalArgumentException bad(Map<String, String> m) {
    return assertThrows(IllegalArgumentException.class, () -> ArangoSettings.parse(m));
  }

  @Test
  void nothingSetIsTheStandIn() {
    ArangoSettings s = ArangoSettings.parse(Map.of());
    assertEquals(ArangoSettings.Kind.STAND_IN, s.kind());
    assertTrue(s.endpoints().isEmpty());
    assertEquals(Optional.empty(), s.auth());
    assertEquals(ArangoSettings.Kind.STAND_IN, ArangoSettings.parse(Map.of(ArangoSettings.ENDPOINTS, "  ")).kind(), "blank = unset");
  }

  @Test
  void endpointsAreParsedCommaSeparatedWithTheDefaultPort() {
    ArangoSettings s = ArangoSettings.parse(Map.of(ArangoSettings.ENDPOINTS, "http://db1:8529, http://10.0.0.2:9000 ,http://[::1]"));
    assertEquals(ArangoSettings.Kind.ENDPOINTS, s.kind());
    assertEquals(List.of(new ArangoSettings.Endpoint(false, "db1", 8529), new ArangoSettings.Endpoint(false, "10.0.0.2", 9000),
        new ArangoSettings.Endpoint(false, "::1", 8529)), s.endpoints());
    assertEquals("http://[::1]:8529", s.endpoints().get(2).toString());
    assertTrue(ArangoSettings.parse(Map.of(ArangoSettings.ENDPOINTS, "https://db:8530")).endpoints().get(0).https());
  }

  @Test
  void theGoTestsNamesAreAliasesAndTheDbbenchNamesWin() {
    ArangoSettings alias = ArangoSettings.parse(Map.of(ArangoSettings.ENDPOINTS_ALIAS, "http://go:7001",
        ArangoSettings.AUTH_ALIAS, "basic:root:pw"));
    assertEquals("go", alias.endpoints().get(0).host());
    assertEquals(new ArangoSettings.Auth("root", "pw"), alias.auth().orElseThrow());
    ArangoSettings both = ArangoSettings.parse(Map.of(ArangoSettings.ENDPOINTS_ALIAS, "http://go:7001",
        ArangoSettings.ENDPOINTS, "http://mine:8529", ArangoSettings.AUTH_ALIAS, "basic:a:b", ArangoSettings.AUTH, "basic:c:d"));
    assertEquals("mine", both.endpoints().get(0).host());
    assertEquals("c", both.auth().orElseThrow().user());
  }

  @Test
  void authKeepsColonsInThePasswordAndAllowsAnEmptyOne() {
    assertEquals(new ArangoSettings.Auth("root", "a:b:c"), ArangoSettings.parseAuth("X", "basic:root:a:b:c"));
    assertEquals(new ArangoSettings.Auth("root", ""), ArangoSettings.parseAuth("X", "BASIC:root:"));
  }

  @Test
  void badAuthNamesTheSettingAndNeverThePassword() {
    IllegalArgumentException e = bad(Map.of(ArangoSettings.AUTH, "jwt:root:hunter2"));
    assertTrue(e.getMessage().startsWith("DBBENCH_ARANGO_AUTH='jwt:root:****' is not basic:user:password"), e.getMessage());
    assertTrue(e.getMessage().contains("supports only basic"), e.getMessage());
    assertFalse(e.getMessage().contains("hunter2"));
    IllegalArgumentException two = bad(Map.of(ArangoSettings.AUTH_ALIAS, "root:hunter2"));
    assertTrue(two.getMessage().startsWith("TEST_AUTHENTICATION='****'"), two.getMessage());
    assertFalse(two.getMessage().contains("hunter2"));
    IllegalArgumentException empty = bad(Map.of(ArangoSettings.AUTH, "basic::hunter2"));
    assertTrue(empty.getMessage().contains("empty user"), empty.getMessage());
    assertFalse(empty.getMessage().contains("hunter2"));
  }

  @Test
  void passwordsAreRedactedInToStringAndDescribe() {
    ArangoSettings s = ArangoSettings.parse(Map.of(ArangoSettings.ENDPOINTS, "http://db:8529", ArangoSettings.AUTH, "basic:root:hunter2"));
    assertFalse(s.toString().contains("hunter2"), s.toString());
    assertFalse(s.describe().toString().contains("hunter2"));
    assertEquals("basic:root:****", s.describe().get("auth"));
    assertEquals("basic:root:****", s.auth().orElseThrow().toString());
  }

  @Test
  void badEndpointsSayWhatWasExpected() {
    IllegalArgumentException scheme = bad(Map.of(ArangoSettings.ENDPOINTS, "tcp://db:8529"));
    assertTrue(scheme.getMessage().contains("entry 'tcp://db:8529' has scheme 'tcp'"), scheme.getMessage());
    assertTrue(scheme.getMessage().contains("expected comma-separated http://host:port or https://host:port"));
    assertTrue(scheme.getMessage().contains("tcp:// is http://"));
    IllegalArgumentException creds = bad(Map.of(ArangoSettings.ENDPOINTS, "http://root:hunter2@db:8529"));
    assertFalse(creds.getMessage().contains("hunter2"), creds.getMessage());
    assertTrue(creds.getMessage().contains("DBBENCH_ARANGO_AUTH=basic:user:password"), creds.getMessage());
    assertTrue(bad(Map.of(ArangoSettings.ENDPOINTS, "http://db:8529/_db/x")).getMessage().contains("has a path"));
    assertTrue(bad(Map.of(ArangoSettings.ENDPOINTS, "db:8529")).getMessage().contains("has scheme 'db'"));
    assertTrue(bad(Map.of(ArangoSettings.ENDPOINTS, " , ")).getMessage().contains("names no endpoint"));
    assertTrue(bad(Map.of(ArangoSettings.ENDPOINTS_ALIAS, "http://a:1,https://b:2")).getMessage()
        .startsWith("TEST_ENDPOINTS_OVERRIDE='http://a:1,https://b:2' mixes http and https"));
    assertEquals("DBBENCH_ARANGO_ENDPOINTS entry 'http://db:99999' has port 99999; expected a TCP port 1-65535",
        bad(Map.of(ArangoSettings.ENDPOINTS, "http://db:99999")).getMessage());
  }

  @Test
  void containerFlagAndStandInKnobs() {
    assertEquals(ArangoSettings.Kind.CONTAINER, ArangoSettings.parse(Map.of(ArangoSettings.CONTAINER, "true")).kind());
    assertEquals(ArangoSettings.Kind.STAND_IN, ArangoSettings.parse(Map.of(ArangoSettings.CONTAINER, "false")).kind());
    assertEquals(ArangoSettings.Kind.ENDPOINTS, ArangoSettings.parse(Map.of(ArangoSettings.CONTAINER, "true",
        ArangoSettings.ENDPOINTS, "http://db:8529")).kind(), "endpoints come first");
    assertEquals("DBBENCH_ARANGO_CONTAINER='maybe' is not a boolean; expected true or false",
        bad(Map.of(ArangoSettings.CONTAINER, "maybe")).getMessage());
    ArangoSettings k = ArangoSettings.parse(Map.of(ArangoSettings.STANDIN_THREADS, "4", ArangoSettings.STANDIN_QUEUE, "16"));
    assertEquals(Optional.of(4), k.standInThreads());
    assertEquals(Optional.of(16), k.standInQueue());
    assertEquals("DBBENCH_ARANGO_STANDIN_QUEUE='0' is not a positive integer; expected e.g. DBBENCH_ARANGO_STANDIN_QUEUE=32",
        bad(Map.of(ArangoSettings.STANDIN_QUEUE, "0")).getMessage());
  }

  @Test
  void caFileMustBeReadableAndGoWithHttps(@TempDir Path dir) throws Exception {
    Path ca = Files.writeString(dir.resolve("ca.pem"), "-----BEGIN CERTIFICATE-----\n");
    assertEquals(Optional.of(ca), ArangoSettings.parse(Map.of(ArangoSettings.ENDPOINTS, "https://db:8529",
        ArangoSettings.CA, ca.toString())).caFile());
    assertTrue(bad(Map.of(ArangoSettings.CA, dir.resolve("missing.pem").toString())).getMessage()
        .contains("is not a readable file; expected a PEM file of CA certificates"));
    assertTrue(bad(Map.of(ArangoSettings.ENDPOINTS, "http://db:8529", ArangoSettings.CA, ca.toString())).getMessage()
        .contains("has only http endpoints"));
  }
}
