package io.dbbench.graph;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A writer-thread journal ({@link WriterThreadJournal}) failed on its own thread; thrown to the
 * query thread at its next append, flush or close, so the failure is not lost. graphd's writer
 * logs such an error and goes on ({@code writer_loop}, {@code src/journal/mod.rs} at 7628b1d);
 * dbbench stops the writer and fails the benchmark instead.
 */
public final class JournalFailedException extends IOException {
  private final transient Path file;

  /** The failure {@code cause} of the journal at {@code file}; the message names both. */
  public JournalFailedException(Path file, Throwable cause) {
    super("journal writer thread of " + file + " failed: " + cause, cause);
    this.file = file;
  }

  /** The journal file. */
  public Path file() {
    return file;
  }
}
