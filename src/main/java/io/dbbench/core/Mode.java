package io.dbbench.core;

/**
 * Which settings the main job runs: the quick default or the studies' full (publication) ones.
 * One value travels from the command line ({@code --full}, {@code -Dbench.full}) through the
 * families' {@link BenchmarkFamily#settings(Mode)}, the JMH options and the stopping rule, into
 * the run manifest ({@code env.json}'s {@code mode}) and back out of it in the report. Its
 * spelling there, {@link #id()}, is {@code quick} or {@code full}, the words every committed
 * manifest already holds.
 */
public enum Mode implements Spelling.LowerCamel {
  /** Narrowed sweeps, fewer forks and iterations: a check that runs in minutes (the default). */
  QUICK,
  /** The studies' own parameter points with publication forks and iterations. */
  FULL;

  /**
   * The mode spelled {@code text} ({@code quick} or {@code full}, case-insensitive), as a
   * manifest or a command line writes it.
   *
   * @throws IllegalArgumentException {@code mode '<text>' is unknown; expected one of quick, full}
   */
  public static Mode parse(String text) {
    return Spelling.parse(Mode.class, Mode::id, "mode", text);
  }

  /** {@link #FULL} when {@code full}, else {@link #QUICK}: the command line's {@code --full} switch. */
  public static Mode of(boolean full) {
    return full ? FULL : QUICK;
  }

  /** The manifest's word, {@link #id()}. */
  @Override
  public String toString() {
    return id();
  }
}
