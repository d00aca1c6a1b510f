package io.dbbench.core;

import java.util.ArrayList;
import java.util.List;

/**
 * The JVM flags every benchmark fork runs with, in one place: {@code BenchmarkDefaults}'
 * {@code @Fork} annotation names the constants (plain JMH), and the main job passes
 * {@link #forJdk(int)} to its forks explicitly (a command-line {@code -jvmArgsAppend} replaces the
 * annotation's, so the main job cannot rely on it).
 */
public final class ForkFlags {
  /** Initial heap: fixed, so GC sizing does not vary between runs. */
  public static final String XMS = "-Xms2g";
  /** Maximum heap, equal to {@link #XMS}. */
  public static final String XMX = "-Xmx2g";
  /** zstd-jni, Kuzu and embedded PostgreSQL load native code; JDK 24+ warns without this. */
  public static final String NATIVE_ACCESS = "--enable-native-access=ALL-UNNAMED";
  /**
   * JMH 1.37 calls {@code sun.misc.Unsafe} memory methods; JDK 24+ prints four warning lines per
   * JVM without this flag (JEP 471/498). The flag exists from JDK 23 on and is fatal before, so it
   * is never in an annotation.
   */
  public static final String UNSAFE_ALLOW = "--sun-misc-unsafe-memory-access=allow";

  private ForkFlags() {}

  /** The flags for a fork of a JDK with feature release {@code feature} (e.g. 21, 25). */
  public static List<String> forJdk(int feature) {
    List<String> out = new ArrayList<>(List.of(XMS, XMX, NATIVE_ACCESS));
    if (feature >= 23) {
      out.add(UNSAFE_ALLOW);
    }
    return out;
  }

  /** {@link #forJdk(int)} for the running JVM (forks run the same JDK unless {@code -jvm} says otherwise). */
  public static List<String> forThisJdk() {
    return forJdk(Runtime.version().feature());
  }
}
