package io.dbbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;

/** The report command line run in-process, for the tests of every report package that drive it. */
public final class ReportCli {
  private ReportCli() {}

  /** Output of one command line run. */
  public record Result(int rc, String out, String err) {}

  /** Runs {@link Report} with {@code args}; its exit code, stdout and stderr. */
  public static Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int rc = Report.run(new PrintWriter(out), new PrintWriter(err), args);
    return new Result(rc, out.toString(), err.toString());
  }

  /** {@code r} is a bad-input exit: one line on stderr naming {@code expectedInMessage}, no stack trace. */
  public static void assertBadInput(Result r, String expectedInMessage) {
    assertEquals(Report.EXIT_BAD_INPUT, r.rc(), r.err());
    assertEquals(1, r.err().strip().lines().count(), "exactly one line: " + r.err());
    assertTrue(r.err().startsWith("report: "), r.err());
    assertTrue(r.err().contains(expectedInMessage), "expected '" + expectedInMessage + "' in: " + r.err());
    assertFalse(r.err().contains("Exception") || r.err().contains("\tat "), "no stack trace: " + r.err());
  }
}
