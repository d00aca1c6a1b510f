package io.dbbench.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The fixture against a real SAP HANA through ngdbc. Runs only where {@code DBBENCH_JDBC_URL}
 * (or {@code GOHDBDSN}) points at one; it uses its own table, {@code GOMESSAGE_DBBENCH_TEST}.
 */
class GomessageHanaTest {
  private GomessageConfig config;

  /** Per test, so each shows as skipped with the reason. */
  @BeforeEach
  void needsHana() {
    JdbcTarget t;
    try {
      t = JdbcTarget.fromEnvironment();
    } catch (IllegalArgumentException e) {
      t = JdbcTarget.embedded();
    }
    assumeTrue(!t.isEmbedded() && t.dialect() == Dialect.HANA,
        "no SAP HANA configured: set DBBENCH_JDBC_URL=jdbc:sap://host:port/ (+ DBBENCH_JDBC_USER/PASSWORD) or GOHDBDSN");
    config = GomessageConfig.fromEnvironment().withTable("GOMESSAGE_DBBENCH_TEST");
  }

  @ParameterizedTest
  @CsvSource({"bulk,seq", "bulk,par", "many,seq", "many,par", "rowByRow,seq"})
  void insertsExactlyTheShapeIntoAColumnTable(String strategy, String mode) throws Exception {
    Shape shape = Shape.parse("4x250");
    try (GomessageFixture f = GomessageFixture.open(config, shape, Strategy.parse(strategy), RunMode.parse(mode))) {
      f.prepareRun();
      assertEquals(1000, f.insert());
      assertEquals(1000, f.verify().rows());
    }
  }
}
