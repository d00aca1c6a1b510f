package io.dbbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The continuous-benchmarking workflow users copy ({@code .github/workflows/bench-pr.yml}): what it
 * runs, read as YAML, and {@code actionlint} (the Go module {@code github.com/rhysd/actionlint}) on it
 * where that is installed; skipped with the reason where it is not.
 */
class WorkflowTest {
  static final Path WORKFLOW = Path.of(".github/workflows/bench-pr.yml");

  @Test
  void theWorkflowRunsBothQuickJobsGatesAndUploadsTheReportsAndTheHistory() throws Exception {
    JsonNode w = new YAMLMapper().readTree(WORKFLOW.toFile());
    assertTrue(w.path("on").has("pull_request"), "runs on a pull request");
    List<String> runs = new ArrayList<>();
    w.path("jobs").path("quick").path("steps").forEach(s -> runs.add(s.path("run").asText() + s.path("uses").asText()));
    String all = String.join("\n", runs);
    assertTrue(all.contains("io.dbbench.BenchMain"), all);
    assertTrue(all.contains("io.dbbench.report.Report gate --max-regression"), "the existing gate judges: " + all);
    assertTrue(all.contains("io.dbbench.report.Report history"), all);
    assertTrue(all.contains("actions/upload-artifact"), all);
    JsonNode upload = null;
    for (JsonNode s : w.path("jobs").path("quick").path("steps")) {
      if (s.path("uses").asText().startsWith("actions/upload-artifact")) {
        upload = s;
      }
    }
    String paths = upload.path("with").path("path").asText();
    assertTrue(paths.contains("report.html") && paths.contains("history.html"), paths);
    assertEquals("always()", upload.path("if").asText(), "the reports are uploaded when the gate fails too");
  }

  @Test
  void actionlintPassesOnTheWorkflow() throws Exception {
    Optional<Path> lint = actionlint();
    Assumptions.assumeTrue(lint.isPresent(), "actionlint is not installed (go install"
        + " github.com/rhysd/actionlint/cmd/actionlint@latest puts it in ~/go/bin); the workflow was not linted");
    Process p = new ProcessBuilder(lint.get().toString(), "-no-color", WORKFLOW.toString()).redirectErrorStream(true)
        .start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "actionlint did not finish");
    assertEquals(0, p.exitValue(), "actionlint:\n" + out);
  }

  /** actionlint on PATH, in $GOPATH/bin or ~/go/bin. */
  static Optional<Path> actionlint() {
    List<Path> candidates = new ArrayList<>();
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      if (!dir.isEmpty()) {
        candidates.add(Path.of(dir, "actionlint"));
      }
    }
    String gopath = System.getenv("GOPATH");
    if (gopath != null && !gopath.isBlank()) {
      candidates.add(Path.of(gopath, "bin", "actionlint"));
    }
    candidates.add(Path.of(System.getProperty("user.home"), "go", "bin", "actionlint"));
    return candidates.stream().filter(Files::isExecutable).findFirst();
  }
}
