package io.dbbench.load;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time spent by a HotSpot JVM's JIT compiler threads, read from Linux's {@code /proc}: the
 * threads named {@code C1 CompilerThre} and {@code C2 CompilerThre} (HotSpot's names, cut to the
 * kernel's 15 characters) in {@code /proc/<pid>/task/<tid>/comm}, their user and system time from
 * fields 14 and 15 of {@code /proc/<pid>/task/<tid>/stat} (proc(5)), in clock ticks of 10 ms
 * ({@code USER_HZ}, 100 on Linux).
 *
 * <p>A server whose compiler threads have gone quiet has compiled its hot paths: the CPU per
 * request of a server still compiling can rest on a plateau for seconds (measured here: the
 * payload service and its stand-in held 545-570 µs per request for two seconds, then fell to
 * 190 µs), so {@link SteadyState} asks for both a flat cost and a quiet compiler. Compiler
 * threads that HotSpot retires (with its default dynamic number of compiler threads) take their
 * time with them; a window's activity is therefore never counted below 0.
 */
public final class JitActivity {
  /** Nanoseconds per clock tick of {@code /proc/<pid>/stat} ({@code USER_HZ} = 100 on Linux). */
  static final long NANOS_PER_TICK = 10_000_000L;

  private JitActivity() {}

  /**
   * CPU time of the JIT compiler threads of process {@code pid} so far, in ns; -1 when
   * {@code /proc} does not describe the process (another OS, or the process is gone).
   */
  public static long compilerNanos(long pid) {
    return compilerNanos(Path.of("/proc", String.valueOf(pid), "task"));
  }

  /** {@link #compilerNanos(long)} of a {@code task} directory (for tests, a recorded copy). */
  static long compilerNanos(Path taskDir) {
    if (!Files.isDirectory(taskDir)) {
      return -1;
    }
    long ticks = 0;
    try (DirectoryStream<Path> tasks = Files.newDirectoryStream(taskDir)) {
      for (Path t : tasks) {
        try {
          String comm = Files.readString(t.resolve("comm")).trim();
          if (!comm.startsWith("C1 CompilerThre") && !comm.startsWith("C2 CompilerThre")) {
            continue;
          }
          ticks += userPlusSystemTicks(Files.readString(t.resolve("stat")));
        } catch (IOException | RuntimeException e) {
          // the thread ended between the listing and the read: its time is gone with it
        }
      }
    } catch (IOException e) {
      return -1;
    }
    return ticks * NANOS_PER_TICK;
  }

  /**
   * Fields 14 (utime) and 15 (stime) of a {@code stat} line, counted after the command name in
   * parentheses, which may itself hold spaces and parentheses.
   *
   * @throws IllegalArgumentException when the line is not a {@code stat} line
   */
  static long userPlusSystemTicks(String stat) {
    String[] f = statFields(stat, 15);
    return Long.parseLong(f[11]) + Long.parseLong(f[12]);
  }

  /**
   * The fields of a proc(5) {@code stat} line after the command name in parentheses (which may
   * itself hold spaces and parentheses): index {@code i} is field {@code i + 3} (0 is field 3,
   * state; 11 and 12 are utime and stime; 19 is starttime).
   *
   * @param lastField the highest field number (from 1) the caller reads
   * @throws IllegalArgumentException when the line has no {@code ')'} or fewer fields
   */
  public static String[] statFields(String stat, int lastField) {
    int close = stat.lastIndexOf(')');
    String[] f = close < 0 ? new String[0] : stat.substring(close + 1).trim().split("\\s+");
    if (close < 0 || f.length < lastField - 2) {
      throw new IllegalArgumentException("not a /proc stat line with " + lastField + " fields: " + stat);
    }
    return f;
  }
}
