package io.dbbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The launcher at the root ({@code ./dbbench}) on this checkout's {@code target/benchmarks.jar}:
 * its help lists every command it dispatches (and {@code dbbench.cmd} dispatches the same ones),
 * each command answers {@code --help} through its class, an unknown command exits 2 naming it, a
 * real command runs ({@code plan}, {@code jmh -l}), and every {@code ./dbbench} command the README
 * shows answers {@code --help} while the README names no Java class to run. It runs after
 * {@code package} (Maven's {@code launcher-tests} execution), when the jar exists; without the jar
 * it is skipped, saying so. The launcher never builds here ({@code DBBENCH_NO_BUILD=1}).
 */
class LauncherTest {
  private static final Path ROOT = Path.of("").toAbsolutePath();
  private static final Path JAR = ROOT.resolve("target/benchmarks.jar");

  private record Result(int code, String out, String err) {}

  @BeforeAll
  static void needsTheJar() {
    Assumptions.assumeTrue(Files.isRegularFile(JAR), "skipped: " + JAR + " is not built (this test runs after package)");
  }

  private static Result dbbench(String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of(ROOT.resolve("dbbench").toString()));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(ROOT.toFile());
    Map<String, String> env = pb.environment();
    env.put("DBBENCH_NO_BUILD", "1");
    env.remove("DBBENCH_JAR");
    Path out = Files.createTempFile("launcher", ".out");
    Path err = Files.createTempFile("launcher", ".err");
    pb.redirectOutput(out.toFile()).redirectError(err.toFile());
    Process p = pb.start();
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "./dbbench " + String.join(" ", args) + " did not end in 120 s");
    Result r = new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
    Files.delete(out);
    Files.delete(err);
    return r;
  }

  /** The commands the launcher dispatches: its {@code main_class} case arms. */
  private static Set<String> commands() throws IOException {
    String script = Files.readString(ROOT.resolve("dbbench"));
    String body = script.substring(script.indexOf("main_class() {"), script.indexOf("*) return 1"));
    Set<String> names = new LinkedHashSet<>();
    Matcher m = Pattern.compile("(?m)^\\s+([a-z-]+(?: \\| [a-z-]+)*)\\) echo").matcher(body);
    while (m.find()) {
      for (String n : m.group(1).split(" \\| ")) {
        names.add(n);
      }
    }
    return names;
  }

  @Test
  void helpListsEveryCommandAndTheWindowsLauncherHasTheSame() throws Exception {
    Set<String> commands = commands();
    assertTrue(commands.containsAll(List.of("run", "plan", "report", "interleave", "jmh", "graphj")), commands.toString());
    Result help = dbbench("--help");
    assertEquals(0, help.code(), help.err());
    for (String c : commands) {
      assertTrue(Pattern.compile("(?m)^  " + Pattern.quote(c) + " ").matcher(help.out()).find(),
          "--help lists " + c + ":\n" + help.out());
    }
    assertTrue(help.out().lines().count() <= 24, "one screen: " + help.out().lines().count() + " lines");
    String cmd = Files.readString(ROOT.resolve("dbbench.cmd"));
    for (String c : commands) {
      assertTrue(cmd.contains("if \"%CMD%\"==\"" + c + "\" set \"CLASS="), "dbbench.cmd dispatches " + c);
    }
    Result none = dbbench();
    assertEquals(2, none.code(), "no command is a usage error");
  }

  @Test
  void everyCommandAnswersHelpThroughItsClass() throws Exception {
    for (String c : commands()) {
      Result r = dbbench(c, "--help");
      assertEquals(0, r.code(), c + " --help: " + r.err() + r.out());
      assertTrue(r.out().contains("Usage"), c + " --help prints its usage: " + r.out());
    }
    for (String sub : List.of("render", "compare", "gate", "merge", "replication", "history")) {
      Result r = dbbench("report", sub, "--help");
      assertEquals(0, r.code(), "report " + sub + " --help: " + r.err());
      assertTrue(r.out().contains("Usage: report " + sub), r.out());
    }
  }

  @Test
  void anUnknownCommandExitsTwoNamingIt() throws Exception {
    Result r = dbbench("benchmark-everything");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("unknown command 'benchmark-everything'") && r.err().contains("run, plan"), r.err());
  }

  @Test
  void realCommandsRunOnTheJar() throws Exception {
    Result plan = dbbench("plan", "--full");
    assertEquals(0, plan.code(), plan.err());
    assertTrue(plan.out().contains("[dbbench] plan: ") && plan.out().contains("units in full mode"), plan.out());
    Result list = dbbench("jmh", "-l");
    assertEquals(0, list.code(), list.err());
    assertTrue(list.out().contains("io.dbbench.graphj.GraphjCompressBenchmark.compress"), list.out());
    Result bad = dbbench("run", "--forks", "many");
    assertEquals(2, bad.code(), "a bad knob exits 2 through the launcher as through the class");
    assertTrue(bad.err().contains("'many'"), bad.err());
  }

  @Test
  void everyCommandTheReadmeShowsAnswersHelpAndNoneNamesAJavaClass() throws Exception {
    String readme = Files.readString(ROOT.resolve("README.md"));
    Set<String> shown = new LinkedHashSet<>();
    Matcher m = Pattern.compile("\\./dbbench ([a-z-]+)(?: ([a-z-]+))?").matcher(readme);
    while (m.find()) {
      String c = m.group(1);
      shown.add(c.equals("report") && m.group(2) != null ? "report " + m.group(2) : c);
    }
    assertTrue(shown.size() >= 5, "the README shows the launcher's commands: " + shown);
    for (String s : shown) {
      List<String> args = new ArrayList<>(List.of(s.split(" ")));
      args.add("--help");
      Result r = dbbench(args.toArray(String[]::new));
      assertEquals(0, r.code(), "README's ./dbbench " + s + ": " + r.err());
    }
    Matcher cls = Pattern.compile("-cp [^ `]*benchmarks\\.jar io\\.dbbench\\.").matcher(readme);
    boolean named = cls.find();
    assertFalse(named, "the README runs a class by name: "
        + (named ? readme.substring(cls.start(), Math.min(readme.length(), cls.end() + 40)) : ""));
  }

  /**
   * The allocation agent travels inside the jar (so a copied jar keeps allocs/op): the entry the
   * main job extracts when no {@code agents/} lies beside the jar holds the build's agent, entry by
   * entry (names and CRCs; a later build repacks it with other timestamps), its Premain-Class included.
   */
  @Test
  void theJarCarriesTheAllocationAgent() throws Exception {
    Path inner = Files.createTempFile("agent-in-jar-", ".jar");
    try (java.util.jar.JarFile jar = new java.util.jar.JarFile(JAR.toFile())) {
      java.util.jar.JarEntry e = jar.getJarEntry("dbbench-agents/java-allocation-instrumenter.jar");
      assertTrue(e != null, "no dbbench-agents/java-allocation-instrumenter.jar in " + JAR);
      try (java.io.InputStream in = jar.getInputStream(e)) {
        Files.copy(in, inner, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      }
      Map<String, Long> carried = crcs(inner);
      assertEquals(crcs(ROOT.resolve("target/agents/java-allocation-instrumenter.jar")), carried);
      try (java.util.jar.JarFile agent = new java.util.jar.JarFile(inner.toFile())) {
        assertTrue(agent.getManifest().getMainAttributes().getValue("Premain-Class") != null, "not an agent");
      }
    } finally {
      Files.deleteIfExists(inner);
    }
  }

  private static Map<String, Long> crcs(Path jar) throws IOException {
    Map<String, Long> out = new java.util.TreeMap<>();
    try (java.util.jar.JarFile j = new java.util.jar.JarFile(jar.toFile())) {
      j.stream().filter(x -> !x.isDirectory()).forEach(x -> out.put(x.getName(), x.getCrc()));
    }
    return out;
  }
}
