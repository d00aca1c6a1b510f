package io.dbbench.profile;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.commons.ClassRemapper;
import org.objectweb.asm.commons.Remapper;

/**
 * Builds the allocation pass's agent: Google's java-allocation-instrumenter 3.3.4 with its shaded
 * ASM replaced by a current ASM relocated to the same package. The published agent's ASM reads
 * class files up to Java 22, so on JDK 23 and newer the JDK's own classes went uninstrumented and
 * allocs/op were lower bounds ({@code allocs.coverage}); with an ASM that reads the running JDK's
 * class files, the JDK's allocations are counted too. Run by the build ({@code process-classes})
 * as {@code InstrumenterRepack AGENT_JAR OUT_JAR ASM_JAR...}; the agent's manifest and its own
 * classes are kept unchanged.
 */
public final class InstrumenterRepack {
  /** Where the published agent shades ASM. */
  static final String SHADED = "com/google/monitoring/runtime/instrumentation/asm/";
  /** ASM's own package root. */
  static final String ASM = "org/objectweb/asm/";

  private InstrumenterRepack() {}

  /**
   * {@code AGENT_JAR OUT_JAR ASM_JAR...}.
   *
   * @throws IOException when a jar cannot be read or the output written
   * @throws IllegalArgumentException with fewer than three arguments
   */
  public static void main(String[] args) throws IOException {
    if (args.length < 3) {
      throw new IllegalArgumentException("usage: InstrumenterRepack AGENT_JAR OUT_JAR ASM_JAR...; got " + args.length
          + " arguments");
    }
    List<Path> asm = new ArrayList<>();
    for (int i = 2; i < args.length; i++) {
      asm.add(Path.of(args[i]));
    }
    int n = repack(Path.of(args[0]), Path.of(args[1]), asm);
    System.out.println("[dbbench] allocation agent: " + args[1] + " (" + n + " ASM classes relocated into " + SHADED + ")");
  }

  /**
   * Writes {@code out}: every entry of {@code agent} except its shaded ASM, then the classes of
   * {@code asmJars} relocated from {@value #ASM} to {@value #SHADED}.
   *
   * @return the number of ASM classes written
   * @throws IOException when reading or writing fails
   */
  public static int repack(Path agent, Path out, List<Path> asmJars) throws IOException {
    Remapper relocate = new Remapper() {
      @Override
      public String map(String internalName) {
        return internalName.startsWith(ASM) ? SHADED + internalName.substring(ASM.length()) : internalName;
      }
    };
    Path tmp = Files.createTempFile(out.toAbsolutePath().getParent(), "agent-", ".jar");
    int classes = 0;
    try (JarFile in = new JarFile(agent.toFile());
        OutputStream os = Files.newOutputStream(tmp);
        JarOutputStream jar = new JarOutputStream(os, in.getManifest())) {
      Set<String> written = new HashSet<>(Set.of("META-INF/", "META-INF/MANIFEST.MF"));
      for (Enumeration<JarEntry> e = in.entries(); e.hasMoreElements(); ) {
        JarEntry entry = e.nextElement();
        String name = entry.getName();
        if (name.startsWith(SHADED) || !written.add(name)) {
          continue;
        }
        jar.putNextEntry(new JarEntry(name));
        try (InputStream is = in.getInputStream(entry)) {
          is.transferTo(jar);
        }
        jar.closeEntry();
      }
      for (Path a : asmJars) {
        try (JarFile lib = new JarFile(a.toFile())) {
          for (Enumeration<JarEntry> e = lib.entries(); e.hasMoreElements(); ) {
            JarEntry entry = e.nextElement();
            String name = entry.getName();
            if (!name.startsWith(ASM) || !name.endsWith(".class")) {
              continue;
            }
            byte[] bytes;
            try (InputStream is = lib.getInputStream(entry)) {
              bytes = is.readAllBytes();
            }
            ClassWriter w = new ClassWriter(0);
            new ClassReader(bytes).accept(new ClassRemapper(w, relocate), 0);
            String target = SHADED + name.substring(ASM.length());
            if (written.add(target)) {
              jar.putNextEntry(new JarEntry(target));
              jar.write(w.toByteArray());
              jar.closeEntry();
              classes++;
            }
          }
        }
      }
    }
    Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING);
    try {
      // a temp file is owner-only; the agent is a build output like any jar
      Files.setPosixFilePermissions(out, PosixFilePermissions.fromString("rw-r--r--"));
    } catch (UnsupportedOperationException e) {
      // not a POSIX file system
    }
    return classes;
  }
}
