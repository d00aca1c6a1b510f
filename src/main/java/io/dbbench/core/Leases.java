package io.dbbench.core;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalNotFoundException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * Leftover protection for servers and files a benchmark fork or the main job creates: each
 * fixture takes a {@link Lease} naming what it started (processes) and created (paths), and gives
 * it back when it cleans up normally. A fork that is killed cannot clean up, and an embedded
 * PostgreSQL's postmaster is not even its child (it daemonizes, its parent becomes PID 1), so the
 * next {@link #sweep()} (the main job's start, and every new lease) finds leases whose owner JVM
 * is gone and stops their processes and deletes their paths.
 *
 * <p>A lease is one text file in {@link #root()} ({@code DBBENCH_LEASE_DIR}, default
 * {@code <java.io.tmpdir>/dbbench-leases-<user>}): the first line {@code owner <pid> <start>},
 * then {@code process <pid> <start> <command hash>} and {@code path <absolute path>} lines,
 * appended as the fixture goes.
 *
 * <p>Another local user must not be able to make a sweep kill or delete anything (a planted lease
 * once made a main job kill an unrelated process and delete a directory outside the temp dir):
 * <ul>
 *   <li>the directory is the current user's, mode 0700; one with another owner or wider
 *       permissions is refused with a message naming it ({@link #secureRoot});</li>
 *   <li>a lease file is read only when it is a regular file (not a link) owned by the current
 *       user;</li>
 *   <li>a process is stopped only when it is provably the one recorded: the pid names a process
 *       of the current user with the recorded start instant and the same command line (its
 *       SHA-256 is recorded, not the line itself);</li>
 *   <li>a path is deleted only when it lies directly or deeper under {@code java.io.tmpdir}
 *       (compared after resolving links in its parent), its first component there is named like
 *       what dbbench creates ({@code dbbench*}, {@code libkuzu_java_native*}, an embedded
 *       PostgreSQL's {@code .s.PGSQL.<port>} socket and lock) and belongs to the current user, and
 *       it is not the temp dir itself; a link is removed, never followed;</li>
 *   <li>a process is asked to stop (SIGTERM) before it is killed, so a server removes its own
 *       socket files.</li>
 * </ul>
 */
public final class Leases {
  /** Knob for the lease directory. */
  public static final String ENV_DIR = "DBBENCH_LEASE_DIR";

  /** Name prefixes of the files and directories dbbench creates in the temp dir (what a sweep may delete). */
  static final List<String> OWN_PREFIXES = List.of("dbbench", "libkuzu_java_native", ".s.PGSQL.");

  private Leases() {}

  /** The lease directory: {@value #ENV_DIR}, or {@code <java.io.tmpdir>/dbbench-leases-<user>}. */
  public static Path root() {
    String user = System.getProperty("user.name", "user").replaceAll("[^A-Za-z0-9._-]", "_");
    return Path.of(BenchConfig.get(ENV_DIR, Path.of(System.getProperty("java.io.tmpdir"), "dbbench-leases-" + user)
        .toString()));
  }

  /**
   * {@link #root()}, created with mode 0700 when missing, and checked: a directory, not a link,
   * owned by the current user, without group or other permissions (on file systems with POSIX
   * attributes).
   *
   * @throws IllegalStateException naming the directory, its owner or mode, and what to do
   * @throws UncheckedIOException when it cannot be created or read
   */
  public static Path secureRoot() {
    Path dir = root();
    try {
      if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
        Files.createDirectories(dir.getParent());
        try {
          Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } catch (UnsupportedOperationException e) {
          Files.createDirectory(dir); // no POSIX attributes (Windows): the user's temp dir's ACLs apply
        } catch (FileAlreadyExistsException e) {
          // created meanwhile: checked below like any other
        }
      }
      if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
        throw new IllegalStateException("lease directory " + dir + " is not a directory (or is a link); remove it or set "
            + ENV_DIR + " to a directory of yours with mode 0700");
      }
      if (!ownedByCurrentUser(dir)) {
        throw new IllegalStateException("lease directory " + dir + " belongs to " + Files.getOwner(dir, LinkOption.NOFOLLOW_LINKS)
            + ", not to you; set " + ENV_DIR + " to a directory of yours with mode 0700");
      }
      try {
        Set<PosixFilePermission> perms = Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS);
        if (perms.stream().anyMatch(x -> x.name().startsWith("GROUP") || x.name().startsWith("OTHERS"))) {
          throw new IllegalStateException("lease directory " + dir + " has mode " + PosixFilePermissions.toString(perms)
              + "; expected rwx------ (chmod 700 it, or set " + ENV_DIR + ")");
        }
      } catch (UnsupportedOperationException e) {
        // no POSIX attributes
      }
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot prepare the lease directory " + dir, e);
    }
  }

  /**
   * Whether {@code p} itself (a link is not followed) belongs to the current user; true where the
   * file system has no owners to compare.
   *
   * @throws IOException when the owner cannot be read
   */
  public static boolean ownedByCurrentUser(Path p) throws IOException {
    UserPrincipal me = me();
    return me == null || Files.getOwner(p, LinkOption.NOFOLLOW_LINKS).equals(me);
  }

  private static UserPrincipal me() throws IOException {
    try {
      return FileSystems.getDefault().getUserPrincipalLookupService()
          .lookupPrincipalByName(System.getProperty("user.name"));
    } catch (UnsupportedOperationException | UserPrincipalNotFoundException e) {
      return null;
    }
  }

  /**
   * Sweeps stale leases, then takes a new one for this JVM.
   *
   * @throws UncheckedIOException when the lease file cannot be written
   * @throws IllegalStateException when the lease directory is not safe ({@link #secureRoot})
   */
  public static Lease take() {
    sweep();
    ProcessHandle self = ProcessHandle.current();
    Path file = secureRoot().resolve(self.pid() + "-" + UUID.randomUUID() + ".lease");
    try {
      Files.writeString(file, "owner " + self.pid() + " " + start(self) + "\n", StandardCharsets.UTF_8,
          StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write lease " + file, e);
    }
    return new Lease(file);
  }

  /**
   * A directory of this JVM's own under the temp dir, {@code dbbench-<name>-<pid>} (mode 0700),
   * leased and deleted with its contents when the JVM exits; a JVM that is killed leaves it to the
   * next sweep. For caches that libraries write to the temp dir under names no lease could predict
   * (Vert.x's {@code vertx-cache-<uuid>}): point the library's base directory inside this one.
   *
   * @param name a short name, letters, digits and '-'
   * @throws IllegalArgumentException when {@code name} has other characters
   * @throws UncheckedIOException when the directory cannot be created
   */
  public static synchronized Path privateTempDir(String name) {
    if (!name.matches("[A-Za-z0-9-]{1,40}")) {
      throw new IllegalArgumentException("name '" + name + "'; expected 1-40 letters, digits or '-'");
    }
    try {
      Path dir = tmpDir().resolve("dbbench-" + name + "-" + ProcessHandle.current().pid());
      if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
        Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
      } else if (!ownedByCurrentUser(dir)) {
        throw new IllegalStateException(dir + " exists and is not the current user's; remove it");
      }
      Lease lease = take().path(dir);
      Runtime.getRuntime().addShutdownHook(new Thread(() -> {
        try {
          FileTrees.deleteRecursively(dir);
          lease.close();
        } catch (UncheckedIOException e) {
          // what could not be deleted keeps its lease for the next sweep
        }
      }, "dbbench-" + name + "-cleanup"));
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a private directory for " + name + " under the temp dir", e);
    }
  }

  /**
   * Stops the processes and deletes the paths of every lease whose owner JVM is gone, then the
   * lease itself, within the rules of the class comment. Never throws; returns one line per thing
   * it cleaned or refused, for the caller to print.
   */
  public static List<String> sweep() {
    List<String> cleaned = new ArrayList<>();
    Path dir;
    try {
      dir = secureRoot();
    } catch (RuntimeException e) {
      cleaned.add("leases not swept: " + e.getMessage());
      return cleaned;
    }
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "*.lease")) {
      for (Path lease : ds) {
        try {
          if (!Files.isRegularFile(lease, LinkOption.NOFOLLOW_LINKS) || !ownedByCurrentUser(lease)) {
            cleaned.add("ignored " + lease + ": not a regular file of yours");
            continue;
          }
          List<String> lines = Files.readAllLines(lease, StandardCharsets.UTF_8);
          if (lines.isEmpty() || alive(lines.get(0))) {
            continue;
          }
          for (String line : lines.subList(1, lines.size())) {
            String[] p = line.split(" ", 2);
            if (p[0].equals("process")) {
              ours(line).ifPresent(h -> {
                // SIGTERM first, so that a server removes its own socket and lock files; then SIGKILL
                h.destroy();
                try {
                  h.onExit().get(5, TimeUnit.SECONDS);
                } catch (Exception e) {
                  h.descendants().forEach(ProcessHandle::destroyForcibly);
                  h.destroyForcibly();
                }
                cleaned.add("stopped leftover process " + h.pid() + " of a dead fork");
              });
            } else if (p[0].equals("path") && p.length == 2) {
              Path target = Path.of(p[1]);
              if (!Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
                continue;
              }
              if (!deletable(target)) {
                cleaned.add("refused to delete " + target + ": not a file dbbench creates in " + tmpDir());
                continue;
              }
              if (Files.isSymbolicLink(target)) {
                Files.delete(target);
              } else {
                FileTrees.deleteRecursively(target);
              }
              cleaned.add("deleted leftover " + target + " of a dead fork");
            }
          }
          Files.deleteIfExists(lease);
        } catch (IOException | RuntimeException e) {
          cleaned.add("could not sweep " + lease + ": " + e.getMessage());
        }
      }
    } catch (IOException e) {
      cleaned.add("could not list " + dir + ": " + e.getMessage());
    }
    return cleaned;
  }

  private static Path tmpDir() throws IOException {
    return Path.of(System.getProperty("java.io.tmpdir")).toRealPath();
  }

  /** Whether {@code p} is something dbbench creates under the temp dir (see the class comment). */
  static boolean deletable(Path p) throws IOException {
    Path abs = p.toAbsolutePath().normalize();
    Path parent = abs.getParent();
    if (parent == null || !Files.isDirectory(parent)) {
      return false;
    }
    Path real = parent.toRealPath().resolve(abs.getFileName());
    Path tmp = tmpDir();
    if (!real.startsWith(tmp) || real.equals(tmp)) {
      return false;
    }
    String first = tmp.relativize(real).getName(0).toString();
    if (OWN_PREFIXES.stream().noneMatch(first::startsWith)) {
      return false;
    }
    // another user's file of the same name (a PostgreSQL socket of theirs) is never ours
    return !Files.exists(real, LinkOption.NOFOLLOW_LINKS) || ownedByCurrentUser(real);
  }

  /** Whether the {@code owner <pid> <start>} line names a process that still runs. */
  private static boolean alive(String line) {
    String[] p = line.split(" ");
    if (p.length < 3) {
      return false;
    }
    Optional<ProcessHandle> h = ProcessHandle.of(Long.parseLong(p[1]));
    return h.isPresent() && h.get().isAlive() && start(h.get()).equals(p[2]);
  }

  /**
   * The process a {@code process <pid> <start> <hash>} line names, when it is provably the one
   * recorded: alive, the current user's, same start instant, same command line hash.
   */
  private static Optional<ProcessHandle> ours(String line) {
    String[] p = line.split(" ");
    if (p.length < 4) {
      return Optional.empty(); // without a command hash nothing proves it is ours
    }
    Optional<ProcessHandle> h = ProcessHandle.of(Long.parseLong(p[1]));
    if (h.isEmpty() || !h.get().isAlive() || !start(h.get()).equals(p[2]) || !commandHash(h.get()).equals(p[3])) {
      return Optional.empty();
    }
    String user = System.getProperty("user.name");
    return h.get().info().user().filter(u -> u.equals(user) || u.endsWith("\\" + user)).isPresent() ? h : Optional.empty();
  }

  private static String start(ProcessHandle h) {
    return h.info().startInstant().map(Instant::toString).orElse("unknown");
  }

  /** SHA-256 of the process's command line (command and arguments), or {@code unknown}. */
  static String commandHash(ProcessHandle h) {
    Optional<String> cmd = h.info().commandLine();
    if (cmd.isEmpty()) {
      return "unknown";
    }
    try {
      return HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
          .digest(cmd.get().getBytes(StandardCharsets.UTF_8)));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 missing from the JDK", e);
    }
  }

  /** One fixture's record of what it started and created; closing it means "cleaned up normally". */
  public static final class Lease implements AutoCloseable {
    private final Path file;

    private Lease(Path file) {
      this.file = file;
    }

    /** Records a process (by pid) to stop if this JVM dies first; returns {@code this}. */
    public Lease process(long pid) {
      ProcessHandle.of(pid).ifPresent(h -> append("process " + pid + " " + start(h) + " " + commandHash(h)));
      return this;
    }

    /** Records a file or directory to delete if this JVM dies first; returns {@code this}. */
    public Lease path(Path p) {
      append("path " + p.toAbsolutePath());
      return this;
    }

    private void append(String line) {
      try {
        Files.writeString(file, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot append to lease " + file, e);
      }
    }

    /**
     * Gives the lease back: the fixture has stopped and deleted what it recorded. A fixture whose
     * clean-up failed keeps the lease, so the next sweep retries.
     */
    @Override
    public void close() {
      try {
        Files.deleteIfExists(file);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot remove lease " + file, e);
      }
    }
  }
}
