package io.dbbench.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Merges JMH command lines so that a later source overrides an earlier one option by option: the
 * main job's quick defaults, then a family's own arguments, then the user's {@code -Dbench.args}.
 * {@code -p name=...} is keyed by parameter name, so a user's {@code -p level=3} replaces only the
 * family's {@code level} list; {@code -prof} accumulates (one entry per profiler name). Fork JVM
 * options are assembled by {@link JmhCommand}, not merged here.
 */
public final class JmhArgs {
  private JmhArgs() {}

  /** Options that take no value. */
  private static final Set<String> FLAGS = Set.of("-h", "-l", "-lp", "-lrf", "-lprof", "-v");

  /**
   * Splits a user argument string on whitespace, honouring single and double quotes.
   *
   * @throws IllegalArgumentException on an unterminated quote, naming the string
   */
  public static List<String> split(String s) {
    List<String> out = new ArrayList<>();
    if (s == null) {
      return out;
    }
    StringBuilder cur = new StringBuilder();
    boolean in = false;
    char quote = 0;
    boolean any = false;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (in) {
        if (c == quote) {
          in = false;
        } else {
          cur.append(c);
        }
      } else if (c == '\'' || c == '"') {
        in = true;
        quote = c;
        any = true;
      } else if (Character.isWhitespace(c)) {
        if (any || cur.length() > 0) {
          out.add(cur.toString());
          cur.setLength(0);
          any = false;
        }
      } else {
        cur.append(c);
      }
    }
    if (in) {
      throw new IllegalArgumentException("unterminated quote in JMH arguments: " + s);
    }
    if (any || cur.length() > 0) {
      out.add(cur.toString());
    }
    return canonicalJvmOptions(out);
  }

  /** JMH's options that put arguments on the forks' command lines, in the one spelling the main job reads. */
  static final List<String> JVM_OPTIONS = List.of("-jvmArgs", "-jvmArgsAppend", "-jvmArgsPrepend");

  /**
   * The forks' JVM options under the one spelling the main job reads: JMH's parser (jopt-simple)
   * also takes {@code --jvmArgs}, {@code --jvmArgsAppend=VALUE} and any unambiguous abbreviation
   * ({@code -jvmArgsApp}, {@code -jvmArgsPre}); read under another spelling they would bypass the
   * secrets file and replace the forks' heap flags. Other tokens are returned as they are.
   */
  static List<String> canonicalJvmOptions(List<String> args) {
    List<String> out = new ArrayList<>(args.size());
    for (String a : args) {
      if (!a.startsWith("-") || a.startsWith("-D") || a.startsWith("-X")) {
        out.add(a);
        continue;
      }
      String name = a.startsWith("--") ? a.substring(2) : a.substring(1);
      String value = null;
      int eq = name.indexOf('=');
      if (eq > 0 && a.startsWith("--")) {
        value = name.substring(eq + 1);
        name = name.substring(0, eq);
      }
      String full = jvmOptionNamed(name);
      if (full == null) {
        out.add(a);
      } else {
        out.add(full);
        if (value != null) {
          out.add(value);
        }
      }
    }
    return out;
  }

  /**
   * The JVM option (of {@link #JVM_OPTIONS}) that {@code name}, given without its dashes, spells:
   * exactly, or as a prefix of exactly one longer than {@code jvmArgs}; else {@code null}.
   */
  private static String jvmOptionNamed(String name) {
    String dashed = "-" + name;
    if (JVM_OPTIONS.contains(dashed)) {
      return dashed;
    }
    if (name.length() <= "jvmArgs".length()) {
      return null; // "jvmArg" is ambiguous to JMH too
    }
    List<String> hits = JVM_OPTIONS.stream().filter(o -> o.startsWith(dashed)).toList();
    return hits.size() == 1 ? hits.get(0) : null;
  }

  /**
   * Merges argument lists; each later list overrides the earlier ones per option.
   *
   * @throws IllegalArgumentException when an option that needs a value has none
   */
  @SafeVarargs
  public static List<String> merge(List<String>... layers) {
    Map<String, List<String>> opts = new LinkedHashMap<>();
    List<String> positional = new ArrayList<>();
    for (List<String> layer : layers) {
      for (int i = 0; i < layer.size(); i++) {
        String a = layer.get(i);
        if (!a.startsWith("-") || a.length() < 2) {
          positional.add(a);
          continue;
        }
        if (FLAGS.contains(a)) {
          opts.put(a, List.of(a));
          continue;
        }
        if (i + 1 >= layer.size()) {
          throw new IllegalArgumentException("JMH option " + a + " needs a value");
        }
        String v = layer.get(++i);
        if (a.equals("-prof")) {
          String name = v.contains(":") ? v.substring(0, v.indexOf(':')) : v;
          opts.put("-prof " + name, List.of("-prof", v));
        } else if (a.equals("-p")) {
          int eq = v.indexOf('=');
          if (eq <= 0) {
            throw new IllegalArgumentException("JMH option -p expects name=v1,v2; got '" + v + "'");
          }
          opts.put("-p " + v.substring(0, eq), List.of("-p", v));
        } else {
          opts.put(a, List.of(a, v));
        }
      }
    }
    List<String> out = new ArrayList<>();
    opts.values().forEach(out::addAll);
    out.addAll(positional);
    return out;
  }

  /**
   * Every value given to {@code option} in {@code args}, each split on whitespace (JMH's own
   * reading of its JVM options), in order; except that a word which does not look like a JVM
   * option ({@link #JVM_OPTION_START}) continues the {@code -D} argument before it, whitespace
   * included as given: {@code '-Ddbbench.jdbc.password=ab cd'} is one property whose value holds a
   * space (so the whole value reaches the secrets file, where split on whitespace its second half
   * stayed on the fork's command line), and {@code '-Da=1 -Xmx1g'} stays two arguments.
   */
  public static List<String> values(List<String> args, String option) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < args.size() - 1; i++) {
      if (args.get(i).equals(option)) {
        String value = args.get(++i);
        Matcher word = WORD.matcher(value);
        int start = -1;
        int end = -1;
        while (word.find()) {
          if (start >= 0 && value.startsWith("-D", start) && !JVM_OPTION_START.matcher(word.group()).lookingAt()) {
            end = word.end(); // continues the -D argument's value
            continue;
          }
          if (start >= 0) {
            out.add(value.substring(start, end));
          }
          start = word.start();
          end = word.end();
        }
        if (start >= 0) {
          out.add(value.substring(start, end));
        }
      }
    }
    return out;
  }

  private static final Pattern WORD = Pattern.compile("\\S+");

  /**
   * How a JVM argument starts: {@code -D}, {@code -X}, {@code -javaagent:}, {@code -agentlib:},
   * {@code -agentpath:}, {@code -ea}/{@code -da} and their long forms, {@code -esa}/{@code -dsa},
   * {@code -verbose}, {@code -server}/{@code -client}, {@code -cp}/{@code -classpath}, {@code -p},
   * {@code -splash:} or a whole word {@code --long-option[=value]} in lower case; a word that
   * starts otherwise is not one. A password word that looks like one of these ({@code -Xab},
   * {@code --ab}) cannot be told from an option and stays on the command line: give such a
   * password by environment variable.
   */
  static final Pattern JVM_OPTION_START = Pattern.compile(
      "-(?:D|X|javaagent:|agentlib:|agentpath:|ea\\b|da\\b|ea:|da:|enableassertions|disableassertions|esa\\b|dsa\\b"
          + "|enablesystemassertions|disablesystemassertions|verbose|server\\b|client\\b|cp\\b|classpath\\b|p\\b"
          + "|splash:|-[a-z]+(?:-[a-z]+)*(?:=\\S*)?$)");

  /** {@code args} without the given value-taking options and their values. */
  public static List<String> without(List<String> args, List<String> options) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      if (options.contains(args.get(i))) {
        i++;
      } else {
        out.add(args.get(i));
      }
    }
    return out;
  }
}
