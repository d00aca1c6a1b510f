package io.dbbench.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.Executables;
import io.dbbench.core.Mode;
import io.dbbench.core.Redaction;
import io.dbbench.core.StudyClient;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Runs the units {@code <family>:client:<name>} of the main job's plan: each a study's own client
 * ({@link StudyClient}) run by its side-by-side script from the dbbench checkout the job runs in,
 * into {@code <run>/clients/<name>/} (the script's {@code rows.tsv}, {@code machine.tsv},
 * {@code summary.md}), with {@code main-job.log} (the script's output, redacted) and
 * {@code unit.json} beside them: schema {@value #SCHEMA}, the unit, status {@code ran},
 * {@code skipped} or {@code failed}, the reason, the command (no secrets: they reach the script
 * through the environment only), its exit code and seconds.
 *
 * <p>A client whose script, tool or checkout is missing is skipped with one line naming what to
 * install or set; a failed script is one line with its last output. Neither stops the job. A script
 * running past {@link #limitSeconds} its expected time is stopped with its child processes.
 */
public final class StudyClients {
  /** {@code unit.json}'s schema. */
  public static final String SCHEMA = "dbbench.study-client/1";
  /** The run directory's subdirectory holding one directory per client. */
  public static final String DIR = "clients";

  private final List<ShardPlan.Unit> mine;
  private final Path runDir;
  private final Path checkout;
  private final Function<String, String> env;
  private final JobProgress progress;
  private final Consumer<String> say;

  /**
   * The client units among {@code mine} (this shard's units), run from {@code checkout} (the dbbench
   * checkout holding {@code scripts/} and {@code target/benchmarks.jar}) into {@code runDir}, with
   * tools looked up on {@code env}'s {@code PATH}.
   */
  public StudyClients(List<ShardPlan.Unit> mine, Path runDir, Path checkout, Function<String, String> env,
      JobProgress progress, Consumer<String> say) {
    this.mine = List.copyOf(mine);
    this.runDir = runDir;
    this.checkout = checkout;
    this.env = env;
    this.progress = progress;
    this.say = say;
  }

  /** The seconds after which a client expected to take {@code expected} seconds is stopped: 3x, at least 15 minutes. */
  static long limitSeconds(int expected) {
    return Math.max(900L, 3L * expected);
  }

  /**
   * Runs this shard's client units of {@code family} with the clients its settings declare for
   * {@code mode}, in plan order; a unit dropped from the plan (its family skipped or failed) does
   * not run. The settings are read only when such a unit is pending.
   */
  public void run(BenchmarkFamily family, Mode mode) {
    String prefix = family.id() + ":client:";
    List<ShardPlan.Unit> units = mine.stream()
        .filter(u -> u.id().startsWith(prefix) && progress.pendingIds().contains(u.id())).toList();
    if (units.isEmpty()) {
      return;
    }
    List<StudyClient> clients = family.settings(mode).studyClients();
    for (ShardPlan.Unit u : units) {
      String name = u.id().substring(prefix.length());
      StudyClient c = clients.stream().filter(x -> x.name().equals(name)).findFirst().orElse(null);
      if (c == null) {
        progress.dropped(u.id(), "its family declares no client " + name + " in this mode");
        continue;
      }
      long start = System.nanoTime();
      Outcome o = runOne(u.id(), c);
      long took = Math.round((System.nanoTime() - start) / 1e9);
      say.accept(u.id() + ": " + o.status() + (o.reason().isEmpty() ? "" : ": " + o.reason()));
      progress.done(u.id(), took);
    }
  }

  /**
   * What became of one client.
   *
   * @param status {@code ran}, {@code skipped} or {@code failed}
   * @param reason why it was skipped or failed (one line, redacted), else empty
   * @param exitCode the script's exit code, or {@code null} when it did not start
   */
  public record Outcome(String status, String reason, Integer exitCode) {}

  /**
   * Runs {@code c} for unit {@code unitId}: checks its script, tools and checkout, runs the script
   * into {@code clients/<name>/} and writes {@code unit.json}.
   *
   * @return its outcome; never throws for a missing piece or a failed script
   */
  Outcome runOne(String unitId, StudyClient c) {
    Path out = runDir.resolve(DIR).resolve(c.name());
    List<String> cmd = new ArrayList<>(List.of("bash", c.script()));
    cmd.addAll(c.args());
    long start = System.nanoTime();
    Outcome o;
    String missing = missing(c);
    if (missing != null) {
      o = new Outcome("skipped", missing, null);
    } else {
      if (c.checkoutOption() != null) {
        cmd.addAll(List.of(c.checkoutOption(), env.apply(c.checkoutEnv())));
      }
      cmd.addAll(List.of("--out", out.toAbsolutePath().toString()));
      o = execute(cmd, out, limitSeconds(c.expectedSeconds()));
    }
    try {
      write(unitId, c, cmd, o, Math.round((System.nanoTime() - start) / 1e9), out);
    } catch (IOException e) {
      return new Outcome("failed", "unit.json not written: " + Redaction.redact(String.valueOf(e.getMessage())), o.exitCode());
    }
    return o;
  }

  /** One line naming what is missing for {@code c} to run here, or {@code null} when nothing is. */
  String missing(StudyClient c) {
    if (!Files.isRegularFile(checkout.resolve(c.script()))) {
      return "study clients run from a dbbench checkout: " + c.script() + " not found under " + checkout.toAbsolutePath();
    }
    for (String tool : c.tools()) {
      if (Executables.which(tool, env.apply("PATH")).isEmpty()) {
        return tool + " not found on PATH: " + c.install();
      }
    }
    if (c.checkoutEnv() != null) {
      String dir = env.apply(c.checkoutEnv());
      if (dir == null || dir.isBlank()) {
        return c.checkoutEnv() + " is not set: set it to a checkout of " + c.what();
      }
      if (!Files.isDirectory(Path.of(dir))) {
        return c.checkoutEnv() + "=" + Redaction.redact(dir) + " is not a directory: expected a checkout of " + c.what();
      }
    }
    return null;
  }

  /**
   * Runs {@code cmd} in the checkout, its output (redacted) into {@code out/main-job.log} and its
   * progress lines (those starting with {@code [}) onto the job's output; stops it and its
   * descendants after {@code limit} seconds.
   */
  private Outcome execute(List<String> cmd, Path out, long limit) {
    Deque<String> tail = new ArrayDeque<>();
    try {
      Files.createDirectories(out);
      Process p = new ProcessBuilder(cmd).directory(checkout.toFile()).redirectErrorStream(true).start();
      p.getOutputStream().close();
      Thread reader = Thread.ofVirtual().start(() -> copy(p, out.resolve("main-job.log"), tail));
      if (!p.waitFor(limit, TimeUnit.SECONDS)) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly().waitFor();
        reader.join(5_000);
        return new Outcome("failed", "ran past " + limit + " s (3x its expected time, at least 15 min); stopped", null);
      }
      reader.join(5_000);
      int rc = p.exitValue();
      if (rc != 0) {
        String last;
        synchronized (tail) {
          last = String.join(" | ", tail);
        }
        return new Outcome("failed", scriptOf(cmd) + " exited " + rc + (last.isEmpty() ? "" : "; last lines: " + last), rc);
      }
      return new Outcome("ran", "", 0);
    } catch (IOException e) {
      return new Outcome("failed", "could not start " + scriptOf(cmd) + ": " + Redaction.redact(String.valueOf(e.getMessage())), null);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Outcome("failed", "interrupted", null);
    }
  }

  private static String scriptOf(List<String> cmd) {
    return cmd.get(1);
  }

  private void copy(Process p, Path log, Deque<String> tail) {
    try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        PrintWriter w = new PrintWriter(Files.newBufferedWriter(log, StandardCharsets.UTF_8))) {
      for (String line; (line = r.readLine()) != null; ) {
        String safe = Redaction.redact(line);
        w.println(safe);
        if (safe.startsWith("[")) {
          say.accept("  " + safe);
        }
        synchronized (tail) {
          tail.addLast(safe.strip());
          if (tail.size() > 3) {
            tail.removeFirst();
          }
        }
      }
    } catch (IOException e) {
      say.accept("  (the client's output could not be copied: " + Redaction.redact(String.valueOf(e.getMessage())) + ")");
    }
  }

  private void write(String unitId, StudyClient c, List<String> cmd, Outcome o, long seconds, Path out) throws IOException {
    Files.createDirectories(out);
    ObjectMapper m = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode n = m.createObjectNode();
    n.put("schema", SCHEMA);
    n.put("unit", unitId);
    n.put("name", c.name());
    n.put("what", c.what());
    n.put("status", o.status());
    n.put("reason", o.reason());
    n.putPOJO("command", cmd.stream().map(a -> a.startsWith(runDir.toAbsolutePath().toString())
        ? runDir.toAbsolutePath().relativize(Path.of(a)).toString() : Redaction.redact(a)).toList());
    if (o.exitCode() == null) {
      n.putNull("exit_code");
    } else {
      n.put("exit_code", o.exitCode());
    }
    n.put("seconds", seconds);
    n.put("expected_seconds", c.expectedSeconds());
    m.writeValue(out.resolve("unit.json").toFile(), n);
  }
}
