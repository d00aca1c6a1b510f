package io.dbbench.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.CommandLineOptions;

/** One JMH run in this JVM, after any other JMH run on the machine has released JMH's lock. */
final class JmhRunner {
  private JmhRunner() {}

  /**
   * Runs JMH with {@code cmd} once another JMH run has released JMH's lock, and returns the JSON
   * array it wrote to {@code file} ({@code null} when it wrote none); the file is deleted either way.
   *
   * @throws Exception what JMH threw (a failing benchmark with {@code -foe true})
   */
  static JsonNode run(List<String> cmd, Path file, ObjectMapper json, Consumer<String> say) throws Exception {
    try {
      waitForJmhLock(say);
      new Runner(new CommandLineOptions(cmd.toArray(String[]::new))).run();
      return Files.exists(file) ? json.readTree(file.toFile()) : null;
    } finally {
      Files.deleteIfExists(file);
    }
  }

  /** How long a family waits for another JMH run on this machine to release JMH's lock. */
  static final Duration LOCK_WAIT = Duration.ofMinutes(15);

  /**
   * Waits (up to {@link #LOCK_WAIT}, saying so once) while another JMH run on this machine holds
   * JMH's lock file ({@code <java.io.tmpdir>/jmh.lock}): JMH itself would fail the family at once,
   * and two runs sharing the cores would spoil each other's figures. Returns at once when JMH is
   * told to ignore the lock ({@code -Djmh.ignoreLock=true}) or the lock cannot be checked.
   */
  static void waitForJmhLock(Consumer<String> say) {
    if (Boolean.getBoolean("jmh.ignoreLock")) {
      return;
    }
    Path lock = Path.of(System.getProperty("java.io.tmpdir"), "jmh.lock");
    long deadline = System.nanoTime() + LOCK_WAIT.toNanos();
    boolean said = false;
    while (System.nanoTime() < deadline) {
      try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(lock,
          StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
        java.nio.channels.FileLock l = ch.tryLock();
        if (l != null) {
          l.release();
          return;
        }
      } catch (IOException | java.nio.channels.OverlappingFileLockException e) {
        return; // cannot tell: let JMH decide
      }
      if (!said) {
        say.accept("another JMH run holds " + lock + "; waiting up to " + LOCK_WAIT.toMinutes() + " minutes for it to finish");
        said = true;
      }
      try {
        Thread.sleep(2000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
