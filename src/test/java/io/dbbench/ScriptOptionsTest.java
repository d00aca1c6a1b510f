package io.dbbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The graph and go-driver scripts' bad input: an option without its value ended on {@code $2: unbound variable}
 * (exit 1, the README says 2), and a failed cargo build exited 101 without the script's own line
 * naming its log. The scripts run from a copy of {@code scripts/} in a temp tree, with a stand-in
 * cargo: nothing is built.
 */
class ScriptOptionsTest {
  @TempDir
  Path tmp;

  private record Result(int rc, String out, String err) {}

  /** Runs {@code scripts/<script>} copied into {@code tmp/repo} (with an empty target/benchmarks.jar). */
  private Result script(String script, Map<String, String> env, String... args) throws Exception {
    Path repo = tmp.resolve("repo");
    Files.createDirectories(repo.resolve("scripts"));
    Files.createDirectories(repo.resolve("target"));
    for (String s : List.of(script, "java.sh")) {
      Files.copy(Path.of("scripts", s), repo.resolve("scripts/" + s), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
    if (!Files.exists(repo.resolve("target/benchmarks.jar"))) {
      Files.writeString(repo.resolve("target/benchmarks.jar"), "");
    }
    List<String> cmd = new ArrayList<>(List.of("bash", repo.resolve("scripts/" + script).toString()));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(tmp.toFile());
    pb.environment().remove("GRAPHD_SRC");
    pb.environment().remove("DBBENCH_WMPAYLOAD_DIR");
    pb.environment().remove("DBBENCH_STANDIN_CLASSPATH");
    pb.environment().putAll(env);
    pb.redirectOutput(tmp.resolve("out.txt").toFile()).redirectError(tmp.resolve("err.txt").toFile());
    Process p = pb.start();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    return new Result(p.exitValue(), Files.readString(tmp.resolve("out.txt")), Files.readString(tmp.resolve("err.txt")));
  }

  /** {@code wmpayload-vs-dbbench.sh --wmpayload DIR OPTION VALUE} stops as bad input naming {@code expected}. */
  private void badWmpayloadOption(String dir, String option, String value, String expected) throws Exception {
    badInput(script("wmpayload-vs-dbbench.sh", Map.of(), "--wmpayload", dir, option, value), expected);
  }

  private static void badInput(Result r, String expected) {
    assertEquals(2, r.rc(), r.out() + r.err());
    assertEquals(1, r.err().strip().lines().count(), "one line: " + r.err());
    assertTrue(r.err().contains(expected), r.err());
    assertFalse(r.err().contains("unbound variable"), r.err());
  }

  @Test
  void everyOptionWithoutItsValueIsOneLineAndExitTwo() throws Exception {
    badInput(script("graphd-vs-dbbench.sh", Map.of(), "--graphd"), "--graphd needs a value");
    badInput(script("graphd-vs-dbbench.sh", Map.of(), "--suite"), "--suite needs a value");
    badInput(script("graph-engines.sh", Map.of(), "--forks"), "--forks needs a value");
    badInput(script("graph-engines.sh", Map.of(), "--nodes"), "--nodes needs a value");
    badInput(script("graph-engines.sh", Map.of(), "-o"), "-o needs a value");
    badInput(script("go-driver-vs-dbbench.sh", Map.of(), "--ops"), "--ops needs a value");
    badInput(script("go-driver-vs-dbbench.sh", Map.of(), "--blocks"), "--blocks needs a value");
    badInput(script("go-driver-vs-dbbench.sh", Map.of(), "--benchtime"), "--benchtime needs a value");
    badInput(script("go-driver-vs-dbbench.sh", Map.of(), "--out"), "--out needs a value");
    badInput(script("go-driver-vs-dbbench.sh", Map.of(), "--java-shots"), "--java-shots needs a value");
    badInput(script("profile-graph-reads.sh", Map.of(), "--rows"), "--rows needs a value");
    badInput(script("profile-graph-reads.sh", Map.of(), "--clients", "javaApi,jni"), "'jni' is not javaApi or cApi");
    badInput(script("profile-graph-reads.sh", Map.of(), "--frames"), "unknown option --frames");
  }

  /** go-driver-vs-dbbench's values are checked before anything is built, each error naming the value. */
  @Test
  void goDriverScriptNamesABadValue() throws Exception {
    badInput(script("go-driver-vs-dbbench.sh", Map.of(), "--ops", "insert,scan"), "'scan' is not insert, read, update or delete");
    badInput(script("go-driver-vs-dbbench.sh", Map.of(), "--blocks", "0"), "--blocks '0': expected a whole number");
    badInput(script("go-driver-vs-dbbench.sh", Map.of(), "--benchtime", "fast"), "--benchtime 'fast': expected go test's form");
    badInput(script("go-driver-vs-dbbench.sh", Map.of(), "--bench"), "unknown option --bench");
    badInput(script("go-driver-vs-dbbench.sh", Map.of(), "--java-shots", "0"), "--java-shots '0': expected a whole number");
  }

  /** arangojs-vs-dbbench's options: each without its value, and each bad value, is one line naming it, before anything runs. */
  @Test
  void arangojsScriptNamesAMissingOrBadValue() throws Exception {
    String s = "arangojs-vs-dbbench.sh";
    for (String o : List.of("--blocks", "--iterations", "--connections", "--runs", "--model-ms", "--documents", "--out")) {
      badInput(script(s, Map.of(), o), o + " needs a value");
    }
    badInput(script(s, Map.of(), "--blocks", "0"), "--blocks '0': expected a whole number of at least 1");
    badInput(script(s, Map.of(), "--runs", "three"), "--runs 'three': expected a whole number");
    badInput(script(s, Map.of(), "--iterations", "500,many"), "--iterations '500,many': 'many' is not a whole number");
    badInput(script(s, Map.of(), "--connections", "default,1000"), "'1000' is not default, 10, 100 or http");
    badInput(script(s, Map.of(), "--model-ms", "20000"), "--model-ms '20000': expected a whole number of milliseconds from 0 to 10000");
    badInput(script(s, Map.of("DBBENCH_ARANGO_ENDPOINTS", "http://127.0.0.1:1"), "--model-ms", "20"),
        "with DBBENCH_ARANGO_ENDPOINTS the server is real: give --model-ms 0");
    badInput(script(s, Map.of(), "--bench"), "unknown option --bench");
    badInput(script(s, Map.of(), "--blocks", "1"), "target/benchmarks.jar missing");
  }

  /** Without node on PATH the arangojs script says what to install (exit 2). */
  @Test
  void arangojsScriptNamesAMissingNode() throws Exception {
    Path bin = Files.createDirectories(tmp.resolve("nodeless-bin"));
    Files.createSymbolicLink(bin.resolve("dirname"), Path.of("/usr/bin/dirname").toRealPath());
    badInput(script("arangojs-vs-dbbench.sh", Map.of("PATH", bin.toString(), "DBBENCH_STANDIN_CLASSPATH", "x")),
        "node not found; install Node.js 18 or newer with npm");
  }

  /**
   * A failed cargo build says where its log is (exit 2), and the graphd directory's name, quote and
   * all, is written into neither the generated Cargo.toml nor the {@code #[path]} of lib.rs.
   */
  @Test
  void aFailedBuildNamesItsLogAndTheGraphdPathIsNotWrittenIntoCode() throws Exception {
    Path graphd = tmp.resolve("gr\"aph\\d");
    for (String f : List.of("src/graphj/mod.rs", "benches/graphj_bench.rs", "benches/throughput_bench.rs", "Cargo.lock")) {
      Files.createDirectories(graphd.resolve(f).getParent());
      Files.writeString(graphd.resolve(f), "");
    }
    Path bin = Files.createDirectories(tmp.resolve("bin"));
    Path cargo = bin.resolve("cargo");
    Files.writeString(cargo, "#!/bin/sh\necho 'error: could not compile' >&2\nexit 101\n");
    Files.setPosixFilePermissions(cargo, PosixFilePermissions.fromString("rwxr-xr-x"));
    Result r = script("graphd-vs-dbbench.sh", Map.of("PATH", bin + ":" + System.getenv("PATH"),
        "JAVA_HOME", System.getProperty("java.home"), "GRAPHD_COMMIT", "7628b1d"), "--graphd", graphd.toString());
    badInput(r, "the build failed; see target/graphd-bench/build.log");
    Path h = tmp.resolve("repo/target/graphd-bench");
    assertTrue(Files.readString(h.resolve("build.log")).contains("could not compile"));
    for (Path generated : List.of(h.resolve("Cargo.toml"), h.resolve("src/lib.rs"))) {
      assertFalse(Files.readString(generated).contains("gr\"aph"), "the path is not in " + generated);
    }
    assertEquals(graphd.toRealPath(), h.resolve("graphd-src").toRealPath(), "the build reaches graphd through a link");
  }

  /** wmpayload-vs-dbbench's options: a missing value, a bad value or a missing checkout is one line, exit 2. */
  @Test
  void wmpayloadScriptNamesAMissingOrBadValue() throws Exception {
    for (String option : List.of("--wmpayload", "--ops", "--docs", "--blocks", "--benchtime", "--collection-size", "--out",
        "--java-iterations")) {
      badInput(script("wmpayload-vs-dbbench.sh", Map.of(), option), option + " needs a value");
    }
    Path checkout = Files.createDirectories(tmp.resolve("wmpayload"));
    String dir = checkout.toString();
    badWmpayloadOption(dir, "--ops", "insert,update", "'update' is not insert or search");
    badWmpayloadOption(dir, "--docs", "flat,json", "'json' is not flat or reqmgr2");
    badWmpayloadOption(dir, "--blocks", "0", "--blocks '0': expected a whole number");
    badWmpayloadOption(dir, "--benchtime", "fast", "--benchtime 'fast': expected go test's form");
    badWmpayloadOption(dir, "--collection-size", "1e4",
        "--collection-size '1e4': expected a whole number of documents");
    badWmpayloadOption(dir, "--java-iterations", "-1", "--java-iterations '-1': expected a whole number");
    badInput(script("wmpayload-vs-dbbench.sh", Map.of(), "--bench"), "unknown option --bench");
    badInput(script("wmpayload-vs-dbbench.sh", Map.of()), "--wmpayload DIR (or DBBENCH_WMPAYLOAD_DIR) is required");
    badInput(script("wmpayload-vs-dbbench.sh", Map.of(), "--wmpayload", tmp.resolve("nowhere").toString()),
        "not a directory");
    badInput(script("wmpayload-vs-dbbench.sh", Map.of(), "--wmpayload", dir), "expected a WMPayload checkout");
    Files.writeString(checkout.resolve("go.mod"), "module github.com/vkuznet/wmpayload\n\ngo 1.23.3\n");
    Files.writeString(checkout.resolve("benchmark_test.go"), "package main\n");
    badInput(script("wmpayload-vs-dbbench.sh", Map.of(), "--wmpayload", dir), "has no baseURL = \"http://localhost:PORT\"");
  }

  /**
   * A WMPayload build that fails (here a stand-in go that says what `go build` says when a module's
   * checksum is missing) names go's last line and its log, exit 2, one line; the checkout is built
   * with GOFLAGS=-mod=readonly, so it is never written.
   */
  @Test
  void aFailedWmpayloadBuildNamesGosErrorAndItsLog() throws Exception {
    Path checkout = Files.createDirectories(tmp.resolve("wmpayload"));
    Files.writeString(checkout.resolve("go.mod"), "module github.com/vkuznet/wmpayload\n\ngo 1.23.3\n");
    Files.writeString(checkout.resolve("benchmark_test.go"),
        "package main\n\nvar (\n\tbaseURL           = \"http://localhost:7111\" // Change as needed\n)\n");
    Path bin = Files.createDirectories(tmp.resolve("bin"));
    Path go = bin.resolve("go");
    Files.writeString(go, "#!/bin/sh\nif [ \"$1\" = version ]; then echo 'go version go1.26.8 linux/amd64'; exit 0; fi\n"
        + "if [ \"$1\" = env ]; then echo '-buildvcs=false'; exit 0; fi\n"
        + "echo \"GOFLAGS=$GOFLAGS\"\necho 'main.go:12:2: missing go.sum entry for module providing package"
        + " github.com/valyala/fasthttp' >&2\nexit 1\n");
    Files.setPosixFilePermissions(go, PosixFilePermissions.fromString("rwxr-xr-x"));
    Result r = script("wmpayload-vs-dbbench.sh", Map.of("PATH", bin + ":" + System.getenv("PATH"),
        "JAVA_HOME", System.getProperty("java.home"), "DBBENCH_STANDIN_CLASSPATH", "unused"),
        "--wmpayload", checkout.toString(), "--out", tmp.resolve("out").toString());
    badInput(r, "the build failed (main.go:12:2: missing go.sum entry for module providing package"
        + " github.com/valyala/fasthttp); see " + tmp.resolve("out") + "/build.log");
    assertTrue(Files.readString(tmp.resolve("out/build.log")).contains("GOFLAGS=-buildvcs=false -mod=readonly"),
        "go env's GOFLAGS kept, -mod=readonly added");
  }
}
