package io.dbbench.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link PsqlReference}: psql \copy into the embedded PostgreSQL, or a file that says why not. */
class PsqlReferenceTest {
  @Test
  void measuresPsqlCopyIntoTheEmbeddedServer(@TempDir Path dir) throws Exception {
    assumeTrue(io.dbbench.core.Executables.which("psql", System.getenv("PATH")).isPresent(), "psql is not on PATH here");
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    PsqlReference.run(dir, 1, System.getenv("PATH"), true, new PrintStream(log, true, StandardCharsets.UTF_8));
    JsonNode n = PsqlReference.read(dir).orElseThrow();
    assertTrue(n.path("psql").path("available").asBoolean(), n.toString());
    assertTrue(n.path("psql").path("version").asText().startsWith("psql"), n.toString());
    assertEquals(100_000, n.path("rows").asInt());
    assertEquals(1, n.path("copy_wall_seconds").size());
    double copy = n.path("copy_seconds_median").asDouble();
    double startup = n.path("startup_seconds_median").asDouble();
    assertTrue(copy > startup && startup > 0, n.toString());
    assertEquals(copy - startup, n.path("copy_minus_startup_seconds").asDouble(), 1e-9);
    assertTrue(log.toString(StandardCharsets.UTF_8).contains("psql \\copy reference"), log.toString(StandardCharsets.UTF_8));
    assertFalse(n.toString().contains("PGPASSWORD"), "no credentials in the file");
  }

  @Test
  void withoutPsqlOrForAnotherServerTheFileSaysWhy(@TempDir Path dir) throws Exception {
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(log, true, StandardCharsets.UTF_8);
    PsqlReference.run(dir, 3, dir.toString(), true, out); // a PATH with no psql on it
    JsonNode n = PsqlReference.read(dir).orElseThrow();
    assertFalse(n.path("psql").path("available").asBoolean(true));
    assertTrue(n.path("psql").path("reason").asText().contains("psql not found on PATH"), n.toString());
    assertFalse(n.has("copy_seconds_median"));
    PsqlReference.run(dir, 3, System.getenv("PATH"), false, out);
    assertTrue(PsqlReference.read(dir).orElseThrow().path("psql").path("reason").asText()
        .contains("other than the embedded PostgreSQL"));
    assertTrue(log.toString(StandardCharsets.UTF_8).contains("no psql \\copy reference"), log.toString(StandardCharsets.UTF_8));
  }
}
