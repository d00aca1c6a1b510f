package io.dbbench.core;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a sweep does with leases it did not write: a planted lease must not make it kill an
 * unrelated process or delete anything outside what dbbench creates in the temp dir, and a lease
 * directory others can write to is refused.
 */
class LeasesTest {
  @TempDir
  Path leases;

  /** A lease whose owner is gone (pid 2^22 - 1 beyond pid_max defaults, and a made-up start). */
  private Path plant(String... lines) throws Exception {
    Path f = leases.resolve("planted-" + System.nanoTime() + ".lease");
    Files.writeString(f, "owner 4194303 2020-01-01T00:00:00Z\n" + String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
    return f;
  }

  private static String start(ProcessHandle h) {
    return h.info().startInstant().map(Object::toString).orElse("unknown");
  }

  @Test
  void aPlantedLeaseKillsNoStrangerAndDeletesNothingOutsideDbbenchsTempFiles() throws Exception {
    Process stranger = new ProcessBuilder("sleep", "60").start();
    Path outside = Files.createTempDirectory(Path.of("src").toAbsolutePath().getParent(), "lease-victim-");
    // java.io.tmpdir is what a sweep may clean (under surefire, target/): dbbench's names there only
    Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
    Path otherTemp = Files.createTempDirectory(tmp, "someone-elses-");
    Path ours = Files.createTempDirectory(tmp, "dbbench-lease-test-");
    Files.writeString(ours.resolve("f"), "x");
    try (AutoCloseable dir = BenchConfig.override(Leases.ENV_DIR, leases.toString())) {
      ProcessHandle h = stranger.toHandle();
      plant("process " + h.pid() + " " + start(h),                       // old form: nothing proves it is ours
          "process " + h.pid() + " " + start(h) + " 0000",               // a command line that is not its own
          "path " + outside, "path " + otherTemp, "path /", "path " + ours);
      List<String> swept = Leases.sweep();
      assertTrue(stranger.isAlive(), "killed an unrelated process: " + swept);
      assertTrue(Files.isDirectory(outside) && Files.isDirectory(otherTemp), "deleted outside dbbench's files: " + swept);
      assertTrue(swept.stream().anyMatch(l -> l.startsWith("refused to delete " + outside)), swept.toString());
      assertTrue(swept.stream().anyMatch(l -> l.startsWith("refused to delete " + otherTemp)), swept.toString());
      assertFalse(Files.exists(ours), "its own temp files are swept: " + swept);
      // the lease it recorded itself is honoured: same pid, start and command line
      Path own = plant("process " + h.pid() + " " + start(h) + " " + Leases.commandHash(h));
      Leases.sweep();
      assertTrue(stranger.waitFor(10, TimeUnit.SECONDS), "a process recorded with its command hash is stopped");
      assertFalse(Files.exists(own));
    } finally {
      stranger.destroyForcibly();
      FileTrees.deleteRecursively(outside);
      FileTrees.deleteRecursively(otherTemp);
    }
  }

  @Test
  void aLeaseDirectoryOthersCanWriteIsRefusedWithAReason() throws Exception {
    Path open = Files.createDirectory(leases.resolve("open"));
    Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
    try (AutoCloseable dir = BenchConfig.override(Leases.ENV_DIR, open.toString())) {
      IllegalStateException e = assertThrows(IllegalStateException.class, Leases::secureRoot);
      assertTrue(e.getMessage().contains("rwxrwxrwx") && e.getMessage().contains(Leases.ENV_DIR), e.getMessage());
      assertTrue(Leases.sweep().get(0).startsWith("leases not swept: lease directory " + open), Leases.sweep().toString());
      assertThrows(IllegalStateException.class, Leases::take);
    }
    // a missing one is created owner-only
    Path fresh = leases.resolve("fresh");
    try (AutoCloseable dir = BenchConfig.override(Leases.ENV_DIR, fresh.toString())) {
      Leases.take().close();
      assertTrue(Files.getPosixFilePermissions(fresh).equals(PosixFilePermissions.fromString("rwx------")));
    }
  }

  /** A child JVM that takes a private temp dir, writes into it, prints it, and exits or waits to be killed. */
  public static final class PrivateDirChild {
    public static void main(String[] args) throws Exception {
      Path dir = Leases.privateTempDir("lease-test");
      Files.writeString(dir.resolve("cache-file"), "x");
      System.out.println("dir " + dir);
      System.out.flush();
      if (args.length > 0 && args[0].equals("wait")) {
        Thread.sleep(60_000);
      }
    }
  }

  private Process child(String mode) throws Exception {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    return new ProcessBuilder(java.toString(), "-D" + BenchConfig.propertyName(Leases.ENV_DIR) + "=" + leases,
        "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"), "-cp", System.getProperty("java.class.path"),
        PrivateDirChild.class.getName(), mode).redirectErrorStream(true).start();
  }

  private static Path dirOf(Process p) throws Exception {
    try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
        StandardCharsets.UTF_8))) {
      for (String line; (line = r.readLine()) != null; ) {
        if (line.startsWith("dir ")) {
          return Path.of(line.substring(4));
        }
      }
    }
    throw new AssertionError("the child printed no directory");
  }

  @Test
  void aPrivateTempDirIsDeletedAtExitAndSweptAfterAKill() throws Exception {
    try (AutoCloseable dir = BenchConfig.override(Leases.ENV_DIR, leases.toString())) {
      Process normal = child("exit");
      Path d1 = dirOf(normal);
      assertTrue(normal.waitFor(30, TimeUnit.SECONDS));
      assertTrue(d1.getFileName().toString().startsWith("dbbench-lease-test-"), d1.toString());
      assertFalse(Files.exists(d1), "deleted by the shutdown hook");

      Process killed = child("wait");
      Path d2 = dirOf(killed);
      assertTrue(Files.exists(d2.resolve("cache-file")));
      assertTrue(Files.getPosixFilePermissions(d2).equals(PosixFilePermissions.fromString("rwx------")));
      killed.destroyForcibly(); // SIGKILL: no hook runs
      assertTrue(killed.waitFor(30, TimeUnit.SECONDS));
      assertTrue(Files.exists(d2), "a killed JVM leaves it (the case the lease is for)");
      List<String> swept = Leases.sweep();
      assertFalse(Files.exists(d2), "the sweep deletes it: " + swept);
      try (var left = Files.list(leases)) {
        assertFalse(left.findAny().isPresent(), "no lease left");
      }
    }
    assertThrows(IllegalArgumentException.class, () -> Leases.privateTempDir("../x"));
  }

  @Test
  void onlyDbbenchsOwnNamesUnderTheTempDirAreDeletable() throws Exception {
    Path tmp = Path.of(System.getProperty("java.io.tmpdir")).toRealPath();
    assertTrue(Leases.deletable(tmp.resolve("dbbench-pg-data-1")));
    assertTrue(Leases.deletable(tmp.resolve("dbbench-secrets-2.properties")));
    assertFalse(Leases.deletable(tmp));
    assertFalse(Leases.deletable(tmp.resolve("ssh-agent")));
    assertFalse(Leases.deletable(tmp.resolve("dbbench-x/../../etc")));
    assertFalse(Leases.deletable(Path.of("/etc")));
  }
}
