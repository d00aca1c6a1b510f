package io.dbbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scripts/build-ladybug.sh} verifies the npm tarball before it extracts or builds anything.
 * Each test hands the script a hand-made tarball in a temp cache, with npm, cmake, ninja and g++
 * replaced by stand-ins that record being called: no real LadybugDB build runs (it takes 25 minutes).
 * Before, a hand-made {@code work/lbug-0.14.3.tgz} whose CMakeLists runs a command was extracted and
 * configured (its sha256 was printed beside npm's integrity and compared with neither).
 */
class BuildLadybugScriptTest {
  static final String PINNED_SHA256 = "0d4c8930a68722e873d2bd4ceaae5af0c6d645b719bf64d3d4ae47cb317762a7";

  @TempDir
  Path tmp;
  Path bin;
  Path cache;

  @BeforeEach
  void standIns() throws Exception {
    bin = Files.createDirectories(tmp.resolve("bin"));
    // npm view prints $FAKE_INTEGRITY (nothing: npm cannot be asked); npm pack must not be needed
    tool("npm", "case \"$1\" in view) [ -n \"$FAKE_INTEGRITY\" ] && echo \"$FAKE_INTEGRITY\" || exit 1;; *) exit 9;; esac");
    for (String t : List.of("cmake", "ninja", "g++")) {
      tool(t, "touch \"$MARKERS/" + t + "-ran\"; exit 3");
    }
    Files.createDirectories(tmp.resolve("markers"));
    Path javac = Files.createDirectories(tmp.resolve("jdk/bin")).resolve("javac");
    Files.writeString(javac, "#!/bin/sh\nexit 0\n");
    Files.setPosixFilePermissions(javac, PosixFilePermissions.fromString("rwxr-xr-x"));
    cache = tmp.resolve("cache");
  }

  private void tool(String name, String body) throws Exception {
    Path f = bin.resolve(name);
    Files.writeString(f, "#!/bin/sh\n" + body + "\n");
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  /** A tarball laid out as npm's {@code lbug} package, whose CMakeLists would run a command. */
  private Path tarball(String version, String cmakeLists) throws Exception {
    Path src = Files.createDirectories(tmp.resolve("make-" + version + "/package/lbug-source"));
    Files.writeString(src.resolve("CMakeLists.txt"), cmakeLists);
    Files.writeString(src.resolve("README.md"), "not LadybugDB\n");
    Path work = Files.createDirectories(cache.resolve("ladybug/" + version + "/work"));
    Path tgz = work.resolve("lbug-" + version + ".tgz");
    run(List.of("tar", "czf", tgz.toString(), "-C", src.getParent().getParent().toString(), "package"), Map.of());
    return tgz;
  }

  private record Result(int rc, String out, String err) {}

  private Result script(String version, Map<String, String> env) throws Exception {
    Map<String, String> e = new java.util.HashMap<>(Map.of("DBBENCH_CACHE", cache.toString(), "MARKERS",
        tmp.resolve("markers").toString(), "JAVA_HOME", tmp.resolve("jdk").toString(),
        "MAVEN_REPO_LOCAL", tmp.resolve("m2").toString(), "PATH", bin + ":" + System.getenv("PATH")));
    e.putAll(env);
    return run(List.of("bash", Path.of("scripts/build-ladybug.sh").toAbsolutePath().toString(), version), e);
  }

  private Result run(List<String> cmd, Map<String, String> env) throws Exception {
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(tmp.toFile());
    pb.environment().remove("LADYBUG_SHA256");
    pb.environment().putAll(env);
    pb.redirectOutput(tmp.resolve("out.txt").toFile()).redirectError(tmp.resolve("err.txt").toFile());
    Process p = pb.start();
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the script finished");
    return new Result(p.exitValue(), Files.readString(tmp.resolve("out.txt")), Files.readString(tmp.resolve("err.txt")));
  }

  private static String sha256(Path f) throws Exception {
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(f)));
  }

  private static String integrity(Path f) throws Exception {
    return "sha512-" + Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-512").digest(Files.readAllBytes(f)));
  }

  private boolean ran(String tool) {
    return Files.exists(tmp.resolve("markers/" + tool + "-ran"));
  }

  @Test
  void aTamperedTarballOfThePinnedVersionIsRefusedBeforeItIsExtracted() throws Exception {
    Path tgz = tarball("0.14.3", "execute_process(COMMAND touch pwned)\n");
    Result r = script("0.14.3", Map.of("FAKE_INTEGRITY", "sha512-4M+PU4VR3h/kvUIaS1RRMWC/72ixkmII0KkROnxJuQX3gc5bxktNnG+8u02t54ozGmCG9hncC1Cv7i+22yvOsw=="));
    assertEquals(2, r.rc(), r.out() + r.err());
    assertTrue(r.err().contains(sha256(tgz)) && r.err().contains(PINNED_SHA256), "both values named: " + r.err());
    assertFalse(Files.exists(tgz.resolveSibling("package")), "nothing extracted");
    assertFalse(ran("cmake") || ran("ninja"), "nothing configured or built");
  }

  @Test
  void npmSayingOtherwiseThanThePinIsRefused() throws Exception {
    tarball("0.14.3", "project(x)\n");
    Result r = script("0.14.3", Map.of("FAKE_INTEGRITY", "sha512-AAAA"));
    assertEquals(2, r.rc(), r.out() + r.err());
    assertTrue(r.err().contains("sha512-AAAA") && r.err().contains("sha512-4M+PU4"), r.err());
  }

  @Test
  void anUnpinnedVersionNeedsItsSha256() throws Exception {
    tarball("9.9.9", "project(x)\n");
    Result r = script("9.9.9", Map.of("FAKE_INTEGRITY", "sha512-AAAA"));
    assertEquals(2, r.rc(), r.out() + r.err());
    assertTrue(r.err().contains("LADYBUG_SHA256"), r.err());
    assertEquals(1, r.err().strip().lines().count(), r.err());
  }

  @Test
  void aTarballNotMatchingNpmsIntegrityIsRefusedNamingBoth() throws Exception {
    Path tgz = tarball("9.9.9", "project(x)\n");
    Result r = script("9.9.9", Map.of("LADYBUG_SHA256", sha256(tgz), "FAKE_INTEGRITY", "sha512-AAAA"));
    assertEquals(2, r.rc(), r.out() + r.err());
    assertTrue(r.err().contains("sha512-AAAA") && r.err().contains(integrity(tgz)), r.err());
    assertFalse(Files.exists(tgz.resolveSibling("package")));
  }

  @Test
  void withoutAnIntegrityToCompareTheTarballIsNotExtracted() throws Exception {
    Path tgz = tarball("9.9.9", "project(x)\n");
    Result r = script("9.9.9", Map.of("LADYBUG_SHA256", sha256(tgz)));
    assertEquals(2, r.rc(), r.out() + r.err());
    assertTrue(r.err().contains("cannot verify"), r.err());
  }

  /** A verified tarball is extracted and configured; a tree changed after that is extracted again. */
  @Test
  void aVerifiedTarballIsExtractedAndAChangedTreeIsExtractedAgain() throws Exception {
    Path tgz = tarball("9.9.9", "project(x)\n");
    Map<String, String> env = Map.of("LADYBUG_SHA256", sha256(tgz), "FAKE_INTEGRITY", integrity(tgz));
    Result r = script("9.9.9", env);
    assertEquals(3, r.rc(), "the stand-in cmake ends the run: " + r.out() + r.err());
    assertTrue(r.out().contains("verified"), r.out());
    assertTrue(ran("cmake"));
    Path lists = tgz.resolveSibling("package/lbug-source/CMakeLists.txt");
    assertEquals("project(x)\n", Files.readString(lists));

    Files.writeString(lists, "execute_process(COMMAND touch pwned)\n");
    Files.createDirectories(tgz.resolveSibling("build"));
    Files.writeString(tgz.resolveSibling("build/object.o"), "built from the changed tree");
    r = script("9.9.9", env);
    assertEquals(3, r.rc(), r.out() + r.err());
    assertTrue(r.out().contains("differs from the verified") && r.out().contains("CMakeLists.txt"), r.out());
    assertEquals("project(x)\n", Files.readString(lists), "extracted again");
    assertFalse(Files.exists(tgz.resolveSibling("build/object.o")), "the build of the changed tree is gone");

    Files.writeString(lists.resolveSibling("extra.cmake"), "execute_process(COMMAND touch pwned)\n");
    r = script("9.9.9", env);
    assertTrue(r.out().contains("extra.cmake is not in the tarball"), r.out());
    assertFalse(Files.exists(lists.resolveSibling("extra.cmake")));

    r = script("9.9.9", env);
    assertFalse(r.out().contains("differs"), "an unchanged tree is kept: " + r.out());
  }

  @Test
  void aFinishedBuildFromAnotherTarballIsNotTrusted() throws Exception {
    Path dir = Files.createDirectories(cache.resolve("ladybug/0.14.3/lib"));
    Files.writeString(dir.resolve("liblbug.so"), "");
    Files.writeString(dir.resolveSibling("lbug_java.jar"), "");
    Files.writeString(dir.resolveSibling("liblbug_java_native.so_linux_amd64"), "");
    Files.writeString(dir.resolveSibling("build.json"), "{\n  \"tarball_sha256\": \"" + "ab".repeat(32) + "\",\n}\n",
        StandardCharsets.UTF_8);
    Result r = script("0.14.3", Map.of());
    assertEquals(2, r.rc(), r.out() + r.err());
    assertTrue(r.err().contains("ab".repeat(32)) && r.err().contains(PINNED_SHA256), r.err());
  }
}
