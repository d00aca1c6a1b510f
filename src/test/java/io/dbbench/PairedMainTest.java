package io.dbbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@link PairedMain}: graphd's blocks run by the paired runner (a fake criterion binary that
 * writes one estimate, and a real JMH fork of one GraphJ header row), the sides' order per block
 * in {@code machine.json}, the analysis over them; no subcommand is bad input.
 */
class PairedMainTest {
  @TempDir
  Path tmp;

  @Test
  void graphdsBlocksRunInTheRunnersOrderAndAreAnalysed() throws Exception {
    Path bench = tmp.resolve("graphj_bench");
    Files.writeString(bench, """
        #!/bin/sh
        mkdir -p "$CRITERION_HOME/header_encode/new" "$CRITERION_HOME/header_encode/base"
        echo '{"mean": {"point_estimate": 100.0}}' > "$CRITERION_HOME/header_encode/new/estimates.json"
        echo "criterion ran with $*"
        """);
    Files.setPosixFilePermissions(bench, PosixFilePermissions.fromString("rwxr-xr-x"));
    Path out = tmp.resolve("out");
    PrintStream stdout = System.out;
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
    int rc;
    try {
      rc = new CommandLine(new PairedMain()).execute("graphd", "--graphd-bench", bench.toString(), "--blocks", "2",
          "--rows", "^headerEncode$", "--jmh", "-wi 0 -i 1 -r 100ms", "-o", out.toString());
    } finally {
      System.setOut(stdout);
    }
    String text = printed.toString(StandardCharsets.UTF_8);
    assertEquals(0, rc, text);
    ObjectMapper json = new ObjectMapper();
    JsonNode m1 = json.readTree(out.resolve("block-1/machine.json").toFile());
    JsonNode m2 = json.readTree(out.resolve("block-2/machine.json").toFile());
    assertEquals("graphd, dbbench", m1.path("order").asText(), m1.toString());
    assertEquals("dbbench, graphd", m2.path("order").asText(), "the runner's ABBA: " + m2);
    assertTrue(m1.path("graphd").has("steal_pct") && m1.path("dbbench").has("own_cpu_s"), m1.toString());
    assertTrue(Files.readString(out.resolve("block-1/criterion.log")).contains("criterion ran with --bench --noplot"));
    assertFalse(Files.exists(out.resolve("block-1/criterion/header_encode/base")), "criterion's base/ is pruned");
    assertTrue(text.contains("| headerEncode | header_encode |"), text);
    assertTrue(text.indexOf("[graphd-vs-dbbench] block 2/2: dbbench") < text.indexOf("[graphd-vs-dbbench] block 2/2: graphd"),
        text);
  }

  @Test
  void noSubcommandPrintsTheUsageAndExitsTwo() {
    StringWriter err = new StringWriter();
    CommandLine cl = new CommandLine(new PairedMain());
    cl.setErr(new PrintWriter(err));
    assertEquals(PairedMain.EXIT_BAD_INPUT, cl.execute());
    assertTrue(err.toString().contains("graphd") && err.toString().contains("go-driver"), err.toString());
  }
}
