package io.dbbench.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;

/**
 * What every fork of the run shares.
 *
 * @param json the mapper for every JMH JSON read and manifest written
 * @param jmh what every fork's JMH command line shares: mode, user options, this JVM's input
 *     arguments (the forks' base arguments, see {@link JmhCommand}), run directory, secrets file
 * @param budget the seconds the run's headline comparisons share
 */
record ForkContext(ObjectMapper json, JmhCommand.Job jmh, ComparisonBudget budget) {
  /** The run directory the forks write into. */
  Path runDir() {
    return jmh.runDir();
  }
}
