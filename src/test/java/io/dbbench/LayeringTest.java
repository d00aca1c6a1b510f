package io.dbbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.spi.ToolProvider;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The house's floors, checked on the compiled library classes with the JDK's {@code jdeps}: the
 * ground floor ({@code core}, {@code load}, {@code report}) imports no family and not the top
 * floor; a family imports the ground floor and itself, never the top floor or another family
 * (the allowed library arrows: {@code payload -> mongo}, {@code graph -> graphj}, {@code console -> jdbc}); so no two
 * packages import each other.
 * Benchmark classes ({@code src/jmh/java}) sit above everything and are not checked.
 */
class LayeringTest {
  private static final Set<String> GROUND = Set.of("core", "load", "report");
  /**
   * Libraries one room uses from another, one way: the payload service on MongoDB, graphd's journal
   * codec under the graph family, the insert console on the GOMESSAGE family's code (it runs the
   * family's tests, not a copy of them).
   */
  private static final Set<String> ALLOWED_BETWEEN_FAMILIES = Set.of("payload->mongo", "graph->graphj", "console->jdbc");
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
    ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow(() -> new AssertionError("jdeps is not in this JDK"));
    StringWriter out = new StringWriter();
    int rc = jdeps.run(new PrintWriter(out), new PrintWriter(out), "-verbose:class", "-e", "io\\.dbbench\\..*",
        "target/classes");
    assertEquals(0, rc, out.toString());
    Map<String, Set<String>> edges = new TreeMap<>();
    int n = 0;
    for (String line : out.toString().lines().toList()) {
      Matcher m = EDGE.matcher(line);
      if (m.find() && isLibrary(m.group(1)) && isLibrary(m.group(2))) {
        String from = room(m.group(1));
        String to = room(m.group(2));
        n++;
        if (!from.equals(to)) {
          edges.computeIfAbsent(from, k -> new TreeSet<>()).add(to + " (" + m.group(1) + " -> " + m.group(2) + ")");
        }
      }
    }
    assertTrue(n > 100, "jdeps found only " + n + " class dependencies; is target/classes built?\n" + out);
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
          ok = GROUND.contains(to) && !(from.equals("core") && !to.equals("core")) && !(from.equals("load") && to.equals("report"));
        } else {
          ok = GROUND.contains(to) || ALLOWED_BETWEEN_FAMILIES.contains(from + "->" + to);
        }
        if (!ok) {
          violations.add(from + " -> " + t);
        }
      }
    });
    assertEquals(List.of(), violations, "imports against the floors (top > families > core/load/report)");
  }
}
