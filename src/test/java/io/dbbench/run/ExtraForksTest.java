package io.dbbench.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Where the allocation pass finds its agent: beside the classes, or extracted from inside the jar. */
class ExtraForksTest {
  /** A resource of the class path is extracted byte for byte into a file of its own name; an absent one gives null. */
  @Test
  void aResourceIsExtractedByteForByteAndAnAbsentOneGivesNull() throws Exception {
    String resource = "/report/nan-error.json";
    Path out = ExtraForks.extractAgent(resource);
    assertNotNull(out);
    assertEquals("nan-error.json", out.getFileName().toString());
    try (InputStream in = ExtraForksTest.class.getResourceAsStream(resource)) {
      assertArrayEquals(in.readAllBytes(), Files.readAllBytes(out));
    }
    assertNull(ExtraForks.extractAgent("/no/such/agent.jar"));
  }
}
