package io.dbbench.core;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Finding the command-line tools (zstd, openssl, psql) that reference measurements run. */
public final class Executables {
  private Executables() {}

  /**
   * The first executable file {@code name} in the PATH-style list {@code path} (entries separated
   * by {@link File#pathSeparator}; blank entries skipped), or empty when none is found or
   * {@code path} is null or blank.
   */
  public static Optional<Path> which(String name, String path) {
    if (path == null || path.isBlank()) {
      return Optional.empty();
    }
    for (String d : path.split(File.pathSeparator)) {
      if (d.isBlank()) {
        continue;
      }
      Path p = Path.of(d, name);
      if (Files.isRegularFile(p) && Files.isExecutable(p)) {
        return Optional.of(p);
      }
    }
    return Optional.empty();
  }
}
