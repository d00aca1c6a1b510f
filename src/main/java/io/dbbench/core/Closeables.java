package io.dbbench.core;

import java.util.Objects;

/**
 * Releasing what a half-built fixture opened when its set-up fails, without losing the failure.
 */
public final class Closeables {
  private Closeables() {}

  /**
   * Closes each non-null resource in the order given (the last opened first, usually), then
   * returns {@code failure} for the caller to throw. A resource that fails to close is added to
   * {@code failure} as a suppressed exception, and the rest are still closed.
   *
   * <pre>{@code
   * } catch (RuntimeException e) {
   *   throw Closeables.closeAfter(e, client, admin, target);
   * }
   * }</pre>
   *
   * @return {@code failure}, with any close failures suppressed in it
   */
  public static RuntimeException closeAfter(RuntimeException failure, AutoCloseable... resources) {
    return closeEach(Objects.requireNonNull(failure, "failure"), resources);
  }

  /**
   * Closes each non-null resource in the order given, every one even when an earlier one fails,
   * then throws the first failure with the later ones suppressed in it.
   *
   * @throws RuntimeException the first close failure: as thrown when unchecked, else wrapped in an
   *     {@link IllegalStateException}
   */
  public static void closeAll(AutoCloseable... resources) {
    RuntimeException first = closeEach(null, resources);
    if (first != null) {
      throw first;
    }
  }

  /**
   * Closes {@code resource} when it is not null, for a {@code close()} that must not throw (stopping
   * a server at the end of a trial): a failure is one line on standard error,
   * {@code [dbbench] <what> failed: <exception>}, and an interrupt is kept.
   *
   * @param what what closing it does, in words, e.g. {@code arango: stopping the STAND_IN target}
   */
  public static void closeOrWarn(AutoCloseable resource, String what) {
    Exception e = tryClose(resource);
    if (e != null) {
      System.err.println("[dbbench] " + what + " failed: " + e);
    }
  }

  /** Closes each non-null resource; the first failure (or {@code first}) with the later ones suppressed. */
  private static RuntimeException closeEach(RuntimeException first, AutoCloseable[] resources) {
    for (AutoCloseable r : resources) {
      Exception e = tryClose(r);
      if (e == null) {
        continue;
      }
      if (first == null) {
        first = e instanceof RuntimeException re ? re
            : new IllegalStateException("closing a " + r.getClass().getSimpleName() + " failed: " + e, e);
      } else {
        first.addSuppressed(e);
      }
    }
    return first;
  }

  /** Closes {@code r} when not null; its failure, or null. An interrupt is kept (the flag set again). */
  private static Exception tryClose(AutoCloseable r) {
    if (r == null) {
      return null;
    }
    try {
      r.close();
      return null;
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      return e;
    }
  }
}
