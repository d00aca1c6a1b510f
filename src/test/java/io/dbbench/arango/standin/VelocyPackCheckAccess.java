package io.dbbench.arango.standin;

/** Opens the package-private {@link VelocyPackCheck} to the stand-in's tests in {@code io.dbbench.arango}. */
public final class VelocyPackCheckAccess {
  private VelocyPackCheckAccess() {}

  /** {@link VelocyPackCheck#problem}. */
  public static String problem(byte[] body, int maxDepth) {
    return VelocyPackCheck.problem(body, maxDepth);
  }
}
