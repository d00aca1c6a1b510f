package io.dbbench.run;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One side of a paired comparison that {@link PairedBlocks} runs once per block position: a JMH
 * fork of dbbench ({@link JmhForkSide}), a study's own client ({@link ProcessSide}: go-driver's
 * test binaries, arangojs, WMPayload's {@code go test}), graphd's criterion binary. The runner
 * starts the side's process ({@link #launch}), waits for it, reads the machine around it and the
 * CPU its own processes used (the process's tree and {@link #helperPids}), then asks the side for
 * the rows it measured ({@link #rows}).
 */
public interface Side {
  /**
   * The side's name: the {@code side} column of {@code machine.tsv}, the progress lines and the
   * list of failures ({@code V1}, {@code Java}, {@code graphd}, {@code baseline}).
   */
  String name();

  /**
   * The processes that run this side once in {@code slot}, one after another (made, not started;
   * their environment holds {@link #environment}): one for a JMH fork or a benchmark binary, one
   * per point where a study's client runs each point as a process of its own (arangojs).
   *
   * @throws IOException when what they need (a directory, a file) cannot be made
   */
  List<Launch> launches(PairedBlocks.Slot slot) throws IOException;

  /**
   * The rows one of this side's processes measured in {@code slot}, read once it ended: each row the cells
   * that follow {@code block} and {@code position} in the study's {@code rows.tsv} (an empty list
   * for a side whose results are files the caller reads, such as a JMH fork's JSON).
   *
   * @param output the process's output (standard output and error), already redacted
   * @param exitCode the process's exit status
   * @throws SideFailedException when the side failed (a non-zero exit, no result), naming its log
   * @throws IOException when a result file exists but cannot be read
   */
  List<List<String>> rows(PairedBlocks.Slot slot, Launch launch, String output, int exitCode)
      throws IOException, SideFailedException;

  /**
   * Variables added to the environment of every run of this side: credentials and endpoints go
   * here, never on a command line. The runner learns the values under secret-looking keys as
   * secrets ({@link io.dbbench.core.KnownSecrets#learn}) before its first run, and scrubs them from
   * every file it writes.
   */
  default Map<String, String> environment() {
    return Map.of();
  }

  /**
   * Called before each of the slot's processes starts, outside the machine's own-CPU count of
   * that process (a study's per-row set-up: a collection emptied, a service restarted).
   *
   * @throws IOException when the set-up fails (the run fails, named)
   */
  default void prepare(PairedBlocks.Slot slot, Launch launch) throws IOException {}

  /**
   * How long to wait before running the slot again after its process ended so, or {@code null} to
   * take the result as it is (a JMH fork that found another run's {@code /tmp/jmh.lock} waits).
   *
   * @param tries how many times the slot has been run again already
   */
  default Duration retryAfter(String output, int exitCode, int tries) {
    return null;
  }

  /**
   * Processes that serve this side across blocks and are not children of its process (a
   * stand-in started before the blocks): their CPU time during the slot counts as the side's own.
   */
  default List<Long> helperPids() {
    return List.of();
  }

  /**
   * One process of a side's run.
   *
   * @param step what this process runs among the slot's, for messages (e.g. {@code default 500}),
   *     or empty when the slot has one
   * @param command the command line (no credential: those go in {@code environment})
   * @param environment variables added to this process's environment, credentials among them
   * @param directory the working directory, or {@code null} for this process's
   * @param log where standard output and error go (rewritten redacted after the run)
   */
  record Launch(String step, List<String> command, Map<String, String> environment, Path directory, Path log) {
    /** Copies the list and the map. */
    public Launch {
      command = List.copyOf(command);
      environment = Map.copyOf(environment);
    }
  }

  /** A side's run that failed; the message is one line naming the side, the slot and its log. */
  final class SideFailedException extends Exception {
    private static final long serialVersionUID = 1L;

    /** @param message one line naming what failed and where its output is */
    public SideFailedException(String message) {
      super(message);
    }
  }
}
