package io.dbbench.core;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.CopyOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Copying and deleting directory trees that fixtures and reports create (embedded database data
 * directories, trial directories, corpora, run directories), written once for every family.
 */
public final class FileTrees {
  /** Attempts before giving up on a tree that keeps changing while it is deleted. */
  static final int ATTEMPTS = 5;
  /** Pause between attempts, in milliseconds. */
  static final long PAUSE_MS = 200;

  private FileTrees() {}

  /**
   * Deletes {@code root} and everything below it; a missing (or {@code null}) root is fine.
   * Symbolic links are deleted, never followed, so nothing outside {@code root} is touched. Files
   * that vanish meanwhile are fine; when the tree is still not empty (a stopping server still
   * writing), the walk is repeated up to {@value #ATTEMPTS} times, {@value #PAUSE_MS} ms apart.
   *
   * @throws UncheckedIOException naming {@code root} and the path that could not be deleted, after
   *     the last attempt (or at once when interrupted, with the interrupt flag kept)
   */
  public static void deleteRecursively(Path root) {
    if (root == null) {
      return;
    }
    IOException last = null;
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
        return;
      }
      try {
        walkAndDelete(root);
        return;
      } catch (IOException e) {
        last = e;
      }
      try {
        Thread.sleep(PAUSE_MS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    throw new UncheckedIOException("cannot delete " + root + ": " + last, last);
  }

  private static void walkAndDelete(Path root) throws IOException {
    Files.walkFileTree(root, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult visitFile(Path f, BasicFileAttributes a) throws IOException {
        Files.deleteIfExists(f);
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFileFailed(Path f, IOException e) throws IOException {
        if (e instanceof NoSuchFileException) {
          return FileVisitResult.CONTINUE; // vanished between listing and visiting
        }
        throw e;
      }

      @Override
      public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
        if (e != null && !(e instanceof NoSuchFileException)) {
          throw e;
        }
        Files.deleteIfExists(d); // DirectoryNotEmptyException when a file appeared: the caller walks again
        return FileVisitResult.CONTINUE;
      }
    });
  }

  /**
   * A symbolic link under a tree that leads outside it, or nowhere: reading through it would read
   * a file the tree's owner chose from anywhere on this machine ({@code leak.txt -> /etc/passwd}).
   */
  public static final class LinkOutsideException extends IOException {
    private static final long serialVersionUID = 1L;
    private final transient Path link;

    /**
     * @param link the link, as found under the tree
     * @param message names the link and where it leads
     */
    public LinkOutsideException(Path link, String message) {
      super(message);
      this.link = link;
    }

    /** The link, as found under the tree. */
    public Path link() {
      return link;
    }
  }

  /**
   * Checks that every symbolic link at or below {@code root} (its own path taken as given) resolves
   * to a path inside {@code root}'s real path; links are inspected, never followed into.
   *
   * @throws LinkOutsideException naming the first link that leads outside the tree, with its
   *     target, or that leads nowhere (a dangling link)
   * @throws IOException when the tree cannot be walked
   */
  public static void requireLinksInside(Path root) throws IOException {
    Path top = root.toRealPath();
    try (Stream<Path> s = Files.walk(root)) {
      for (Path p : s.toList()) {
        if (p.equals(root) || !Files.isSymbolicLink(p)) {
          continue;
        }
        Path target = Files.readSymbolicLink(p);
        Path real;
        try {
          real = p.toRealPath();
        } catch (IOException e) {
          throw new LinkOutsideException(p, p + " is a symbolic link to " + target
              + ", which does not exist; expected only files and links inside " + root);
        }
        if (!real.startsWith(top)) {
          throw new LinkOutsideException(p, p + " is a symbolic link to " + target + ", outside " + root
              + "; expected only files and links inside it");
        }
      }
    }
  }

  /**
   * Copies {@code from} and everything below it to {@code to} (created as needed), the files
   * {@code include} accepts, with {@code options} (e.g. {@code COPY_ATTRIBUTES}). A symbolic link
   * that stays inside {@code from} is copied as the file it leads to; one that leads outside it (or
   * nowhere) stops the copy before anything is copied ({@link #requireLinksInside}).
   *
   * @throws LinkOutsideException naming a link under {@code from} that leads outside it
   * @throws IOException naming the path that could not be copied
   */
  public static void copyTree(Path from, Path to, Predicate<Path> include, CopyOption... options)
      throws IOException {
    requireLinksInside(from);
    try (Stream<Path> s = Files.walk(from)) {
      for (Path p : s.toList()) {
        Path dest = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(dest);
        } else if (include.test(p)) {
          Files.copy(p, dest, options);
        }
      }
    }
  }
}
