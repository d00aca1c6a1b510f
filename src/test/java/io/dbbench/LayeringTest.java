package io.dbbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The house's floors, checked on the compiled library classes with the JDK's {@code jdeps}: the
 * ground floor ({@code core} below {@code load} below {@code profile} below {@code report}, each
 * importing only those below it) imports no family and not the top floor; a family imports the
 * ground floor and itself, never the top floor or another family (the allowed library arrows:
 * {@code payload -> mongo}, {@code graph -> graphj}); so no two packages import each other.
 * Inside {@code report}, its packages form one ladder ({@link #REPORT_FLOORS}): each imports only
 * those below it, so the statistics never reach the renderer or the command line.
 * Benchmark classes ({@code src/jmh/java}) sit above everything: the library never names one.
 * Below the rooms, full package names form no cycle (a room's sub-package, such as the ArangoDB
 * stand-in, never depends on the package above it).
 */
class LayeringTest {
  /** The ground floor's rooms, lowest first: each may import itself and those before it only. */
  private static final List<String> GROUND_ORDER = List.of("core", "load", "profile", "report");
  private static final Set<String> GROUND = Set.copyOf(GROUND_ORDER);
  /**
   * The report's packages, lowest first: run data, the statistics engine and its judgements,
   * rendering, the studies' plumbing, the command line. Each imports only those before it.
   */
  static final List<String> REPORT_FLOORS = List.of("io.dbbench.report.data", "io.dbbench.report.stats",
      "io.dbbench.report.render", "io.dbbench.report.study", "io.dbbench.report");
  /**
   * Libraries one room uses from another, one way: the payload service on MongoDB, graphd's journal
   * codec under the graph family. (The insert console lives in the hdbinsert study's own room,
   * {@code jdbc.console}.)
   */
  private static final Set<String> ALLOWED_BETWEEN_FAMILIES = Set.of("payload->mongo", "graph->graphj");
  private static final Pattern EDGE = Pattern.compile("^\\s+(io\\.dbbench\\.[\\w.$]+)\\s+->\\s+(io\\.dbbench\\.[\\w.$]+)\\s");

  /** "top" for io.dbbench itself, else the first package segment below io.dbbench (its room). */
  static String room(String className) {
    String rest = className.substring("io.dbbench.".length());
    int dot = rest.indexOf('.');
    return dot < 0 ? "top" : rest.substring(0, dot);
  }

  /** Whether the class was compiled from src/main/java or src/main/generated (not src/jmh/java). */
  private static boolean isLibrary(String className) {
    String top = className.replaceAll("\\$.*", "").replace('.', '/') + ".java";
    return Files.exists(Path.of("src/main/java", top)) || Files.exists(Path.of("src/main/generated", top));
  }

  private static Map<String, Set<String>> roomEdges() {
    Map<String, Set<String>> edges = new TreeMap<>();
    int n = 0;
    for (String[] e : classEdges()) {
      if (isLibrary(e[0]) && isLibrary(e[1])) {
        String from = room(e[0]);
        String to = room(e[1]);
        n++;
        if (!from.equals(to)) {
          edges.computeIfAbsent(from, k -> new TreeSet<>()).add(to + " (" + e[0] + " -> " + e[1] + ")");
        }
      }
    }
    assertTrue(n > 100, "jdeps found only " + n + " dependencies between library classes; is target/classes built?");
    return edges;
  }

  @Test
  void noPackageImportsOneAboveItOrASibling() {
    List<String> violations = new ArrayList<>();
    roomEdges().forEach((from, tos) -> {
      for (String t : tos) {
        String to = t.substring(0, t.indexOf(' '));
        boolean ok;
        if (from.equals("top")) {
          ok = true;
        } else if (GROUND.contains(from)) {
          ok = GROUND.contains(to) && GROUND_ORDER.indexOf(to) <= GROUND_ORDER.indexOf(from);
        } else {
          ok = GROUND.contains(to) || ALLOWED_BETWEEN_FAMILIES.contains(from + "->" + to);
        }
        if (!ok) {
          violations.add(from + " -> " + t);
        }
      }
    });
    assertEquals(List.of(), violations, "imports against the floors (top > families > report > profile > load > core)");
  }

  /** The package of a class name (nested classes belong to their outer class's package). */
  static String packageOf(String className) {
    String outer = className.replaceAll("\\$.*", "");
    return outer.substring(0, outer.lastIndexOf('.'));
  }

  /** Class-level dependencies jdeps finds in target/classes, as {from, to} pairs of io.dbbench classes. */
  private static List<String[]> classEdges() {
    ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow(() -> new AssertionError("jdeps is not in this JDK"));
    StringWriter out = new StringWriter();
    int rc = jdeps.run(new PrintWriter(out), new PrintWriter(out), "-verbose:class", "-e", "io\\.dbbench\\..*",
        "target/classes");
    assertEquals(0, rc, out.toString());
    List<String[]> edges = new ArrayList<>();
    for (String line : out.toString().lines().toList()) {
      Matcher m = EDGE.matcher(line);
      if (m.find()) {
        edges.add(new String[] {m.group(1), m.group(2)});
      }
    }
    assertTrue(edges.size() > 100, "jdeps found only " + edges.size() + " class dependencies; is target/classes built?");
    return edges;
  }

  /**
   * Full package names, not only rooms: no package depends on another that depends back on it,
   * directly or through others (a stand-in once called its family's target by an inline fully
   * qualified name, which a room-level check cannot see; jdeps reads the bytecode, so inline names
   * count like imports).
   */
  @Test
  void noCycleAmongFullPackageNames() {
    Map<String, Set<String>> graph = new TreeMap<>();
    for (String[] e : classEdges()) {
      if (isLibrary(e[0]) && isLibrary(e[1]) && !packageOf(e[0]).equals(packageOf(e[1]))) {
        graph.computeIfAbsent(packageOf(e[0]), k -> new TreeSet<>()).add(packageOf(e[1]));
      }
    }
    List<String> cycles = new ArrayList<>();
    for (String from : graph.keySet()) {
      for (String to : graph.get(from)) {
        if (from.compareTo(to) < 0 && reaches(graph, to, from)) {
          cycles.add(from + " <-> " + to);
        }
      }
    }
    assertEquals(List.of(), cycles, "package cycles");
  }

  private static boolean reaches(Map<String, Set<String>> graph, String from, String target) {
    ArrayDeque<String> todo = new ArrayDeque<>(List.of(from));
    Set<String> seen = new HashSet<>();
    while (!todo.isEmpty()) {
      String p = todo.pop();
      if (p.equals(target)) {
        return true;
      }
      if (seen.add(p)) {
        todo.addAll(graph.getOrDefault(p, Set.of()));
      }
    }
    return false;
  }

  /**
   * Arrows between full package names inside one room, each allowed by name: a study's room reaches
   * the room's shared floor, the family's top reaches its studies, and nothing reaches back up
   * (the ArangoDB studies never reach each other or the family; the stand-in reaches none of them).
   * Arrows down the report's ladder ({@link #REPORT_FLOORS}) are allowed too.
   */
  private static final Set<String> ALLOWED_INSIDE_ROOMS = Set.of(
      "io.dbbench.arango -> io.dbbench.arango.bulk", "io.dbbench.arango -> io.dbbench.arango.pool",
      "io.dbbench.arango -> io.dbbench.arango.server", "io.dbbench.arango -> io.dbbench.arango.standin",
      "io.dbbench.arango.bulk -> io.dbbench.arango.server", "io.dbbench.arango.pool -> io.dbbench.arango.server",
      "io.dbbench.arango.server -> io.dbbench.arango.standin",
      "io.dbbench.graphj -> io.dbbench.graphj.proto",
      "io.dbbench.jdbc.console -> io.dbbench.jdbc");

  @Test
  void packagesInsideARoomReachOnlyTheirAllowedFloors() {
    Set<String> found = new TreeSet<>();
    for (String[] e : classEdges()) {
      String from = packageOf(e[0]);
      String to = packageOf(e[1]);
      if (isLibrary(e[0]) && isLibrary(e[1]) && !from.equals(to) && !room(e[0]).equals("top") && room(e[0]).equals(room(e[1]))) {
        found.add(from + " -> " + to);
      }
    }
    assertTrue(found.contains("io.dbbench.arango.bulk -> io.dbbench.arango.server"), "jdeps saw no arrow inside a room: " + found);
    List<String> unexpected = found.stream().filter(a -> !ALLOWED_INSIDE_ROOMS.contains(a) && !downTheReportLadder(a)).toList();
    assertEquals(List.of(), unexpected, "arrows between packages of one room that are not on the allow-list (all found: " + found + ")");
  }

  /** Whether {@code arrow} ("from -> to") runs from a report package to one below it on {@link #REPORT_FLOORS}. */
  private static boolean downTheReportLadder(String arrow) {
    String[] ft = arrow.split(" -> ");
    int from = REPORT_FLOORS.indexOf(ft[0]);
    int to = REPORT_FLOORS.indexOf(ft[1]);
    return from >= 0 && to >= 0 && to < from;
  }

  /**
   * The report's packages import only down their ladder ({@link #REPORT_FLOORS}), so there is no
   * cycle between them and judging never reaches rendering or the command line; every package
   * under {@code io.dbbench.report} is on the ladder, so a new one has to be placed on it.
   */
  @Test
  void reportPackagesImportOnlyDownTheirLadder() throws Exception {
    Set<String> packages = new TreeSet<>();
    try (Stream<Path> files = Files.walk(Path.of("src/main/java/io/dbbench/report"))) {
      files.filter(f -> f.toString().endsWith(".java"))
          .forEach(f -> packages.add(Path.of("src/main/java").relativize(f.getParent()).toString().replace('/', '.')));
    }
    assertEquals(new TreeSet<>(REPORT_FLOORS), packages, "packages under io.dbbench.report that are not on its ladder");
    Set<String> found = new TreeSet<>();
    List<String> upward = new ArrayList<>();
    for (String[] e : classEdges()) {
      String from = packageOf(e[0]);
      String to = packageOf(e[1]);
      if (isLibrary(e[0]) && isLibrary(e[1]) && !from.equals(to) && REPORT_FLOORS.contains(from)
          && REPORT_FLOORS.contains(to)) {
        found.add(from + " -> " + to);
        if (!downTheReportLadder(from + " -> " + to)) {
          upward.add(e[0] + " -> " + e[1]);
        }
      }
    }
    assertTrue(found.contains("io.dbbench.report.stats -> io.dbbench.report.data"), "jdeps saw no arrow inside report: " + found);
    assertEquals(List.of(), upward, "report classes that import a report package at or above their own floor");
  }

  /**
   * Building the findings is apart from drawing them: {@code report.study.Findings} (which builds
   * and judges the {@code report.stats.Finding} records and writes {@code findings.json}) names no
   * class of {@code report.render}; {@code render.FindingsSection} draws them. The ladder alone
   * would allow the arrow, since {@code report.study} sits above {@code report.render}.
   */
  @Test
  void findingsAreBuiltWithoutTheRenderer() {
    List<String> toRender = new ArrayList<>();
    boolean seen = false;
    for (String[] e : classEdges()) {
      if (e[0].replaceAll("\\$.*", "").equals("io.dbbench.report.study.Findings")) {
        seen = true;
        if (packageOf(e[1]).equals("io.dbbench.report.render")) {
          toRender.add(e[0] + " -> " + e[1]);
        }
      }
    }
    assertTrue(seen, "jdeps saw no dependency of io.dbbench.report.study.Findings");
    assertEquals(List.of(), toRender, "the findings' builder reaches the renderer");
  }

  /** The library ({@code src/main}) never names a benchmark class ({@code src/jmh}, or JMH's generated code). */
  @Test
  void theLibraryNeverNamesABenchmarkClass() {
    List<String> named = classEdges().stream().filter(e -> isLibrary(e[0]) && !isLibrary(e[1]))
        .map(e -> e[0] + " -> " + e[1]).toList();
    assertEquals(List.of(), named, "src/main classes that name src/jmh classes");
  }

  /** Every package, in src/main/java or src/jmh/java, says in its package-info.java its study, floor and imports. */
  @Test
  void everyPackageHasAPackageInfo() throws Exception {
    Set<String> packages = new TreeSet<>();
    for (String root : List.of("src/main/java", "src/jmh/java")) {
      try (Stream<Path> files = Files.walk(Path.of(root))) {
        files.filter(f -> f.toString().endsWith(".java"))
            .forEach(f -> packages.add(Path.of(root).relativize(f.getParent()).toString().replace('/', '.')));
      }
    }
    List<String> missing = packages.stream().filter(p -> !Files.exists(Path.of("src/main/java", p.replace('.', '/'),
        "package-info.java")) && !Files.exists(Path.of("src/jmh/java", p.replace('.', '/'), "package-info.java"))).toList();
    assertTrue(packages.size() > 10, packages.toString());
    assertEquals(List.of(), missing, "packages without a package-info.java");
  }
}
