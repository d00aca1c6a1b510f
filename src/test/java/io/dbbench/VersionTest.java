package io.dbbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.core.Version;
import io.dbbench.graphj.GraphjTool;
import io.dbbench.jdbc.CopyVsPsql;
import io.dbbench.jdbc.console.ConsoleVersionProbe;
import io.dbbench.payload.PayloadServer;
import io.dbbench.report.Report;
import io.dbbench.run.DriftCheck;
import io.dbbench.run.Interleave;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code -V} and {@code --version} on every dbbench command line print the suite, Java and JMH versions and exit 0. */
class VersionTest {
  static final List<Class<?>> CLIS = List.of(BenchMain.class, PairedMain.class, Interleave.class, DriftCheck.class,
      Report.class, GraphjTool.class, CopyVsPsql.class,
      PayloadServer.class);

  @Test
  void everyCommandLinePrintsItsVersion() {
    for (Class<?> cli : CLIS) {
      for (String flag : List.of("-V", "--version")) {
        StringWriter out = new StringWriter();
        CommandLine cl = new CommandLine(cli);
        cl.setOut(new PrintWriter(out));
        assertEquals(0, cl.execute(flag), cli.getSimpleName() + " " + flag);
        String printed = out.toString();
        assertTrue(printed.startsWith("dbbench " + Version.suite() + System.lineSeparator()), cli.getSimpleName() + ": " + printed);
        assertTrue(printed.contains("Java " + Runtime.version()) && printed.contains("JMH 1."), cli.getSimpleName() + ": " + printed);
      }
    }
    // the console is built around its streams
    for (String flag : List.of("-V", "--version")) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      int rc = ConsoleVersionProbe.run(flag, new PrintStream(out, true));
      assertEquals(0, rc, "console " + flag);
      assertTrue(out.toString().startsWith("dbbench " + Version.suite()), "console: " + out);
    }
    assertTrue(!Version.suite().equals("unknown"), "the build filters the version resource");
  }
}
