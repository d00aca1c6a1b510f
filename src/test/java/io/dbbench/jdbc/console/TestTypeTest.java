package io.dbbench.jdbc.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.jdbc.Dialect;
import io.dbbench.jdbc.RunMode;
import io.dbbench.jdbc.Strategy;
import org.junit.jupiter.api.Test;

class TestTypeTest {

  @Test
  void namesAreHdbinsertsAndParseBack() {
    assertEquals("BulkSeq", new TestType(Strategy.BULK, RunMode.SEQ).name());
    assertEquals("ManyPar", new TestType(Strategy.MANY, RunMode.PAR).name());
    assertEquals("ArrayBindPar", new TestType(Strategy.ARRAY_BIND, RunMode.PAR).name());
    assertEquals("RowByRowSeq", new TestType(Strategy.ROW_BY_ROW, RunMode.SEQ).name());
    assertEquals(TestType.HDBINSERT, TestType.all(Dialect.HANA).subList(0, 4).stream().map(TestType::name).toList());
    for (TestType t : TestType.all(Dialect.POSTGRESQL)) {
      assertEquals(t, TestType.parse(t.name(), Dialect.POSTGRESQL));
    }
    assertEquals(new TestType(Strategy.COPY, RunMode.SEQ), TestType.parse("copyseq", Dialect.POSTGRESQL));
  }

  @Test
  void unknownOrUnsupportedNamesSayWhatIsAccepted() {
    IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
        () -> TestType.parse("BulkSequential", Dialect.POSTGRESQL));
    assertTrue(unknown.getMessage().contains("'BulkSequential' is unknown; expected one of BulkSeq, ManySeq"),
        unknown.getMessage());
    IllegalArgumentException hana = assertThrows(IllegalArgumentException.class,
        () -> TestType.parse("ArrayBindSeq", Dialect.HANA));
    assertTrue(hana.getMessage().contains("needs PostgreSQL") && hana.getMessage().contains("SAP HANA"),
        hana.getMessage());
  }
}
