package io.dbbench.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Closing in order, every resource even after a failure, without losing the first failure. */
class CloseablesTest {
  private final List<String> closed = new ArrayList<>();

  private AutoCloseable ok(String name) {
    return () -> closed.add(name);
  }

  private AutoCloseable failing(String name, Exception e) {
    return () -> {
      closed.add(name);
      throw e;
    };
  }

  @Test
  void closeAfterClosesEveryResourceInOrderAndKeepsTheSetUpFailure() {
    RuntimeException setUp = new IllegalStateException("set-up failed");
    IOException close = new IOException("socket gone");
    RuntimeException got = Closeables.closeAfter(setUp, ok("client"), null, failing("admin", close), ok("target"));
    assertSame(setUp, got);
    assertEquals(List.of("client", "admin", "target"), closed, "the nulls skipped, the rest closed in order");
    assertArrayEquals(new Throwable[] {close}, got.getSuppressed());
  }

  @Test
  void closeAllThrowsTheFirstFailureWithTheLaterOnesSuppressed() {
    IllegalStateException first = new IllegalStateException("first");
    IOException second = new IOException("second");
    RuntimeException got = assertThrows(RuntimeException.class,
        () -> Closeables.closeAll(failing("a", first), ok("b"), failing("c", second)));
    assertSame(first, got);
    assertEquals(List.of("a", "b", "c"), closed);
    assertArrayEquals(new Throwable[] {second}, got.getSuppressed());
  }

  @Test
  void closeAllWrapsACheckedFirstFailureNamingTheResourceType() {
    IOException checked = new IOException("disk");
    RuntimeException got = assertThrows(IllegalStateException.class, () -> Closeables.closeAll(failing("a", checked)));
    assertSame(checked, got.getCause());
    assertTrue(got.getMessage().startsWith("closing a "), got.getMessage());
    Closeables.closeAll(ok("x"), null);
    assertEquals(List.of("a", "x"), closed);
  }

  @Test
  void closeOrWarnClosesAndTurnsAFailureIntoOneLineOnStandardError() {
    java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
    java.io.PrintStream before = System.err;
    System.setErr(new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      Closeables.closeOrWarn(null, "nothing");
      Closeables.closeOrWarn(ok("x"), "stopping x");
      Closeables.closeOrWarn(failing("y", new IOException("port busy")), "mongo: stopping the CONTAINER target");
    } finally {
      System.setErr(before);
    }
    assertEquals(List.of("x", "y"), closed);
    assertEquals("[dbbench] mongo: stopping the CONTAINER target failed: java.io.IOException: port busy",
        err.toString(java.nio.charset.StandardCharsets.UTF_8).strip());
  }
}
