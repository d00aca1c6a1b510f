package io.dbbench.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Spellings derived from constant names, and the lookups and errors built on them. */
class SpellingTest {
  enum Mode implements Spelling.LowerCamel { SEQ, ROW_BY_ROW, ARRAY_BIND }

  enum Status implements Spelling.LowerWords { RAN, NOT_SELECTED, OTHER_SHARD }

  @Test
  void lowerCamelJoinsTheWordsOfTheName() {
    assertEquals("seq", Mode.SEQ.id());
    assertEquals("rowByRow", Mode.ROW_BY_ROW.id());
    assertEquals("arrayBind", Spelling.lowerCamel("ARRAY_BIND"));
    assertEquals("perCall", Spelling.lowerCamel("PER_CALL"));
  }

  @Test
  void lowerWordsSeparatesTheWordsWithSpaces() {
    assertEquals("ran", Status.RAN.words());
    assertEquals("not selected", Status.NOT_SELECTED.words());
    assertEquals("other shard", Status.OTHER_SHARD.words());
  }

  @Test
  void findIgnoresCaseAndSurroundingBlanksAndIsEmptyForNothing() {
    assertEquals(Optional.of(Mode.ROW_BY_ROW), Spelling.find(Mode.class, Mode::id, " RowByRow "));
    assertEquals(Optional.of(Status.OTHER_SHARD), Spelling.find(Status.class, Status::words, "other shard"));
    assertEquals(Optional.empty(), Spelling.find(Mode.class, Mode::id, null));
    assertEquals(Optional.empty(), Spelling.find(Mode.class, Mode::id, "row_by_row"));
  }

  @Test
  void parseNamesTheSettingTheValueAndEverySpelling() {
    assertEquals(Mode.ARRAY_BIND, Spelling.parse(Mode.class, Mode::id, "strategy", "arraybind"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Spelling.parse(Mode.class, Mode::id, "strategy", "bulkk"));
    assertEquals("strategy 'bulkk' is unknown; expected one of seq, rowByRow, arrayBind", e.getMessage());
    assertTrue(assertThrows(IllegalArgumentException.class, () -> Spelling.parse(Mode.class, Mode::id, "mode", null))
        .getMessage().startsWith("mode 'null' is unknown"));
  }
}
