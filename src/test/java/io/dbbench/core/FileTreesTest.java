package io.dbbench.core;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileTreesTest {
  @TempDir
  Path tmp;

  @Test
  void deletesANestedTreeWithEmptyAndFullDirectories() throws Exception {
    Path root = tmp.resolve("root");
    Files.createDirectories(root.resolve("a/b/c"));
    Files.createDirectories(root.resolve("empty"));
    Files.writeString(root.resolve("a/one.txt"), "1");
    Files.write(root.resolve("a/b/c/two.bin"), new byte[4096]);
    FileTrees.deleteRecursively(root);
    assertFalse(Files.exists(root));
    assertTrue(Files.isDirectory(tmp), "the parent stays");
  }

  @Test
  void aMissingOrNullRootAndAPlainFileAreFine() throws Exception {
    assertDoesNotThrow(() -> FileTrees.deleteRecursively(tmp.resolve("never-created")));
    assertDoesNotThrow(() -> FileTrees.deleteRecursively(null));
    Path file = Files.writeString(tmp.resolve("file.txt"), "x");
    FileTrees.deleteRecursively(file);
    assertFalse(Files.exists(file));
  }

  @Test
  void symbolicLinksAreDeletedNotFollowed() throws Exception {
    Path outside = Files.createDirectories(tmp.resolve("outside"));
    Path kept = Files.writeString(outside.resolve("kept.txt"), "keep me");
    Path root = Files.createDirectories(tmp.resolve("root"));
    try {
      Files.createSymbolicLink(root.resolve("link-to-outside"), outside);
      Files.createSymbolicLink(root.resolve("link-to-file"), kept);
    } catch (UnsupportedOperationException | IOException e) {
      assumeTrue(false, "this file system cannot create symbolic links: " + e);
    }
    FileTrees.deleteRecursively(root);
    assertFalse(Files.exists(root));
    assertEquals("keep me", Files.readString(kept));
  }

  @Test
  void aTreeThatCannotBeDeletedFailsNamingIt() {
    Path proc = Path.of("/proc/self/fdinfo"); // procfs refuses unlink, even to root
    assumeTrue(Files.isDirectory(proc), "needs Linux procfs (/proc/self/fdinfo) for an undeletable tree");
    UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> FileTrees.deleteRecursively(proc));
    assertTrue(e.getMessage().startsWith("cannot delete /proc/self/fdinfo"), e.getMessage());
  }
}
