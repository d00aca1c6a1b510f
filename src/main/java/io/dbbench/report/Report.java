package io.dbbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * The report command line: {@code java -cp target/benchmarks.jar io.dbbench.report.Report render RUN_DIR}.
 * Bad input gets one line on stderr and a non-zero exit, never a stack trace.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
    description = "Renders and compares dbbench runs.",
    subcommands = {Report.Render.class})
public final class Report implements Callable<Integer> {

  /** Runs the command line and exits with its status. */
  public static void main(String[] args) {
    System.exit(run(args));
  }

  /** Runs the command line and returns its exit status (0 ok, 1 failure, 2 usage). */
  public static int run(String... args) {
    CommandLine cl = new CommandLine(new Report());
    cl.setExecutionExceptionHandler((ex, cmd, parsed) -> {
      cmd.getErr().println("report: " + ex.getMessage());
      return 1;
    });
    return cl.execute(args);
  }

  @Override
  public Integer call() {
    CommandLine.usage(this, System.err);
    return 2;
  }

  /**
   * Writes {@code report.md} for one run directory (holding {@code jmh.json} and optionally
   * {@code env.json}).
   *
   * @throws IOException when the report cannot be written
   * @throws IllegalArgumentException when the run's jmh.json is missing or not JMH output
   */
  public static Path render(Path runDir) throws IOException {
    List<JmhResult> results;
    try {
      results = JmhJson.read(runDir);
    } catch (ReportException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
    JsonNode env = null;
    Path envFile = runDir.resolve("env.json");
    if (Files.isRegularFile(envFile)) {
      env = new ObjectMapper().readTree(envFile.toFile());
    }
    Path out = runDir.resolve("report.md");
    Files.writeString(out, MarkdownReport.render(results, env), StandardCharsets.UTF_8);
    return out;
  }

  /** {@code render RUN_DIR}: writes report.md for one run. */
  @Command(name = "render", description = "Write report.md for one run directory.")
  static final class Render implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "RUN_DIR", description = "A results/<timestamp> directory.")
    Path runDir;

    @Override
    public Integer call() throws Exception {
      if (!Files.isDirectory(runDir)) {
        System.err.println("report: " + runDir + ": not a directory (expected a results/<timestamp> run directory)");
        return 1;
      }
      System.out.println("wrote " + render(runDir));
      return 0;
    }
  }
}
