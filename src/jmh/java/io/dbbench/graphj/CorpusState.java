package io.dbbench.graphj;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** About 10 KB of the chosen corpus, generated once per trial outside measurement. */
@State(Scope.Benchmark)
public class CorpusState {
  /** {@code entries} (real journal entries) or {@code text} (graphd's criterion input). */
  @Param({"entries", "text"})
  public String corpus;

  /** The raw bytes (~10 KB). */
  public byte[] raw;

  /** Generates the corpus. */
  @Setup(Level.Trial)
  public void generate() {
    raw = GraphjCorpus.tenKilobytes(GraphjCorpus.Kind.parse(corpus), GraphjCorpus.SEED);
  }
}
