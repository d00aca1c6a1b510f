package io.dbbench.run;

import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.FamilySettings;
import java.util.List;

/**
 * One family's run.
 *
 * @param settings its settings for the mode, with the properties of the servers its trials share
 * @param selected the benchmarks its sweep runs
 * @param comparable the benchmarks its headline comparisons may run (exclusions do not apply)
 * @param fenv its section of the manifest
 */
record FamilyRun(BenchmarkFamily family, FamilySettings settings, List<String> selected,
    List<String> comparable, ManifestBuilder.FamilyEntry fenv) {
  String id() {
    return family.id();
  }
}
