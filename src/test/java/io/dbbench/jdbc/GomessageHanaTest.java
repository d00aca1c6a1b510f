package io.dbbench.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.dbbench.core.BenchConfig;
import io.dbbench.core.SettingsReader;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The fixture against a real SAP HANA through ngdbc. The inserts run only where
 * {@code DBBENCH_JDBC_URL} (or {@code GOHDBDSN}) points at one, and use their own table,
 * {@code GOMESSAGE_DBBENCH_TEST}; a malformed setting fails (it is not "no HANA").
 */
class GomessageHanaTest {

  /**
   * The HANA configuration {@code lookup} selects, or empty (with the reason) when they select
   * another database.
   *
   * @throws IllegalArgumentException when a setting is malformed: that is a failure, not a skip
   */
  static Optional<GomessageSettings> hanaConfig(Function<String, Optional<String>> lookup, StringBuilder whyNot) {
    GomessageSettings settings = GomessageSettings.parse(lookup).withTable("GOMESSAGE_DBBENCH_TEST");
    JdbcSettings t = settings.target();
    if (t.isEmbedded() || t.dialect() != Dialect.HANA) {
      whyNot.append("no SAP HANA configured (the target is ").append(t.redactedUrl()).append(" from ")
          .append(t.source()).append("): set DBBENCH_JDBC_URL=jdbc:sap://host:port/ (+ DBBENCH_JDBC_USER/PASSWORD)"
              + " or GOHDBDSN=hdb://user:password@host:port");
      return Optional.empty();
    }
    return Optional.of(settings);
  }

  @ParameterizedTest
  @CsvSource({"bulk,seq", "bulk,par", "many,seq", "many,par", "rowByRow,seq"})
  void insertsExactlyTheShapeIntoAColumnTable(String strategy, String mode) throws Exception {
    StringBuilder whyNot = new StringBuilder();
    Optional<GomessageSettings> settings = hanaConfig(BenchConfig::get, whyNot); // a malformed setting throws: a failure
    assumeTrue(settings.isPresent(), whyNot::toString);
    Shape shape = Shape.parse("4x250");
    try (GomessageFixture f = GomessageFixture.open(settings.get(), shape, Strategy.parse(strategy), RunMode.parse(mode))) {
      f.prepare();
      assertEquals(1000, f.insert());
      assertEquals(1000, f.verify().rows());
    }
  }

  @Test
  void aMalformedUrlIsReportedAsMalformedNotAsNoHana() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> hanaConfig(
        SettingsReader.of(Map.of("DBBENCH_JDBC_URL", "sap://hana:30015/?password=s3cret")), new StringBuilder()));
    assertTrue(e.getMessage().contains("jdbc:sap:"), e.getMessage());
    assertTrue(!e.getMessage().contains("s3cret"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> hanaConfig(
        SettingsReader.of(Map.of("GOHDBDSN", "hdb://user:pw@hana")), new StringBuilder()));
  }

  @Test
  void anotherDatabaseIsASkipReasonNamingIt() {
    StringBuilder whyNot = new StringBuilder();
    assertTrue(hanaConfig(SettingsReader.of(Map.of()), whyNot).isEmpty());
    assertTrue(whyNot.toString().startsWith("no SAP HANA configured (the target is embedded PostgreSQL"), whyNot.toString());
    assertTrue(hanaConfig(SettingsReader.of(Map.of("GOHDBDSN", "hdb://u:p@hana:30015")), new StringBuilder()).isPresent());
  }
}
