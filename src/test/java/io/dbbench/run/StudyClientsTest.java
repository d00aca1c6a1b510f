package io.dbbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.FamilySettings;
import io.dbbench.core.Probe;
import io.dbbench.core.StudyClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The main job's study-client units: what is missing is named, a script runs into clients/NAME, failures are one line. */
class StudyClientsTest {
  @TempDir
  Path tmp;

  private final List<String> said = new ArrayList<>();

  private static StudyClient client(String script, List<String> tools, String env, String option) {
    return new StudyClient("fake", "a fake study client", script, List.of("--blocks", "1"), tools,
        "install the fake tool", env, option, "Fake", 5);
  }

  private StudyClients clients(Path checkout, Map<String, String> env, List<ShardPlan.Unit> units) {
    JobProgress progress = new JobProgress(units, said::add, System::nanoTime);
    return new StudyClients(units, tmp.resolve("run"), checkout, env::get, progress, said::add);
  }

  private Path checkoutWith(String body) throws Exception {
    Path checkout = Files.createDirectories(tmp.resolve("checkout/scripts"));
    Files.writeString(checkout.resolve("fake.sh"), "#!/usr/bin/env bash\n" + body, StandardCharsets.UTF_8);
    return checkout.getParent();
  }

  private JsonNode unit() throws Exception {
    return new ObjectMapper().readTree(tmp.resolve("run/clients/fake/unit.json").toFile());
  }

  @Test
  void aMissingScriptToolOrCheckoutIsSkippedNamingWhatToInstallOrSet() throws Exception {
    Path checkout = checkoutWith("exit 0\n");
    Map<String, String> env = Map.of("PATH", tmp.toString());
    StudyClients c = clients(checkout, env, List.of());
    StudyClients.Outcome noScript = c.runOne("toy:client:fake", client("scripts/absent.sh", List.of(), null, null));
    assertEquals("skipped", noScript.status());
    assertTrue(noScript.reason().contains("scripts/absent.sh not found under"), noScript.reason());
    assertEquals("skipped", unit().get("status").asText());

    StudyClients.Outcome noTool = c.runOne("toy:client:fake", client("scripts/fake.sh", List.of("no-such-tool"), null, null));
    assertEquals("no-such-tool not found on PATH: install the fake tool", noTool.reason());

    StudyClients.Outcome noCheckout = c.runOne("toy:client:fake",
        client("scripts/fake.sh", List.of(), "DBBENCH_FAKE_DIR", "--fake"));
    assertTrue(noCheckout.reason().startsWith("DBBENCH_FAKE_DIR is not set"), noCheckout.reason());
    StudyClients.Outcome notADir = clients(checkout, Map.of("DBBENCH_FAKE_DIR", tmp.resolve("nowhere").toString()),
        List.of()).runOne("toy:client:fake", client("scripts/fake.sh", List.of(), "DBBENCH_FAKE_DIR", "--fake"));
    assertTrue(notADir.reason().contains("is not a directory"), notADir.reason());
  }

  @Test
  void theScriptRunsIntoClientsNameWithItsOutputRedactedAndItsUnitRecorded() throws Exception {
    Path checkout = checkoutWith("""
        out=""; while [ $# -gt 0 ]; do case "$1" in --out) out=$2; shift ;; --fake) echo "checkout $2" ;; esac; shift; done
        mkdir -p "$out"; printf '# fake\\n\\n## question\\n\\n| a | b |\\n|---|---:|\\n| x | 1 |\\n' > "$out/summary.md"
        echo "[fake] block 1/1"
        echo "connecting with password=hunter2"
        """);
    Path study = Files.createDirectories(tmp.resolve("study"));
    StudyClients c = clients(checkout, Map.of("PATH", System.getenv("PATH"), "DBBENCH_FAKE_DIR", study.toString()),
        List.of());
    StudyClients.Outcome o = c.runOne("toy:client:fake", client("scripts/fake.sh", List.of("bash"), "DBBENCH_FAKE_DIR", "--fake"));
    assertEquals("ran", o.status(), o.reason());
    JsonNode u = unit();
    assertEquals(StudyClients.SCHEMA, u.get("schema").asText());
    assertEquals("toy:client:fake", u.get("unit").asText());
    assertEquals(0, u.get("exit_code").asInt());
    List<String> cmd = new ArrayList<>();
    u.get("command").forEach(n -> cmd.add(n.asText()));
    assertEquals(List.of("bash", "scripts/fake.sh", "--blocks", "1", "--fake", study.toString(), "--out", "clients/fake"), cmd);
    String log = Files.readString(tmp.resolve("run/clients/fake/main-job.log"));
    assertTrue(log.contains("checkout " + study), log);
    assertFalse(log.contains("hunter2"), "a credential in the script's output is masked: " + log);
    assertTrue(said.contains("  [fake] block 1/1"), "progress lines reach the job's output: " + said);
    assertFalse(said.stream().anyMatch(l -> l.contains("password")), "other lines stay in the log: " + said);
    assertTrue(Files.isRegularFile(tmp.resolve("run/clients/fake/summary.md")));
  }

  @Test
  void aFailingScriptIsOneLineWithItsExitCodeAndLastLines() throws Exception {
    Path checkout = checkoutWith("echo first; echo 'fake: the server did not answer' >&2; exit 3\n");
    StudyClients.Outcome o = clients(checkout, Map.of("PATH", System.getenv("PATH")), List.of())
        .runOne("toy:client:fake", client("scripts/fake.sh", List.of(), null, null));
    assertEquals("failed", o.status());
    assertEquals(3, o.exitCode());
    assertTrue(o.reason().contains("exited 3") && o.reason().contains("the server did not answer"), o.reason());
    assertEquals("failed", unit().get("status").asText());
  }

  @Test
  void onlyTheShardsPendingClientUnitsOfTheFamilyRun() throws Exception {
    Path checkout = checkoutWith("echo ran >> \"" + tmp.resolve("runs.txt") + "\"\n");
    BenchmarkFamily toy = new BenchmarkFamily() {
      @Override public String id() { return "toy"; }
      @Override public String title() { return "toy"; }
      @Override public String includeRegex() { return "Fake"; }
      @Override public Probe probe() { return Probe.ok(Map.of()); }
      @Override public FamilySettings settings(io.dbbench.core.Mode mode) {
        return FamilySettings.builder().studyClient(client("scripts/fake.sh", List.of(), null, null)).build();
      }
    };
    ShardPlan.Unit mine = ShardPlan.Unit.client(toy, client("scripts/fake.sh", List.of(), null, null));
    ShardPlan.Unit other = new ShardPlan.Unit("other:client:fake", "other", 0, 5);
    JobProgress progress = new JobProgress(List.of(mine, other), said::add, System::nanoTime);
    StudyClients c = new StudyClients(List.of(mine, other), tmp.resolve("run"), checkout,
        Map.of("PATH", System.getenv("PATH"))::get, progress, said::add);
    c.run(toy, io.dbbench.core.Mode.QUICK);
    assertEquals(List.of("ran"), Files.readAllLines(tmp.resolve("runs.txt")));
    assertEquals(List.of("other:client:fake"), progress.pendingIds(), "the unit is done, the other family's is not run");
    c.run(toy, io.dbbench.core.Mode.QUICK);
    assertEquals(1, Files.readAllLines(tmp.resolve("runs.txt")).size(), "a done unit does not run again");
  }

  @Test
  void aDeclarationNamesWhatIsWrong() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new StudyClient("Go Driver", "x", "scripts/a.sh", List.of(), List.of(), "", null, null, "x", 1));
    assertTrue(e.getMessage().contains("'Go Driver'"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> new StudyClient("a", "x", "/bin/sh", List.of(), List.of(), "", null, null, "x", 1));
    assertTrue(e.getMessage().contains("'/bin/sh'"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> new StudyClient("a", "x", "scripts/a.sh", List.of(), List.of(), "", "ENV", null, "x", 1));
    assertTrue(e.getMessage().contains("both or neither"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> new StudyClient("a", "x", "scripts/a.sh", List.of(), List.of(), "", null, null, "(", 1));
    assertTrue(e.getMessage().contains("pairsWith '('"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> new StudyClient("a", "x", "scripts/a.sh", List.of(), List.of(), "", null, null, "x", 0));
    assertTrue(e.getMessage().contains("expectedSeconds=0"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> FamilySettings.builder()
        .studyClient(client("scripts/a.sh", List.of(), null, null)).studyClient(client("scripts/b.sh", List.of(), null, null)));
  }
}
