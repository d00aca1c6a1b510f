package io.dbbench.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dbbench.core.EnvInfo;
import io.dbbench.core.FileTrees;
import io.dbbench.core.ForkSchedule;
import io.dbbench.core.KnownSecrets;
import io.dbbench.core.Version;
import io.dbbench.profile.MachineState;
import io.dbbench.report.Report;
import io.dbbench.report.data.ForkMerge;
import io.dbbench.report.data.InterleaveJson;
import io.dbbench.report.data.JsonRedaction;
import io.dbbench.report.data.ManifestJson;
import io.dbbench.report.data.ReportException;
import io.dbbench.report.data.RunManifest;
import io.dbbench.report.stats.Percent;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * An A/B run with interleaved forks: the way to compare two builds of dbbench (or one build on
 * two JVMs) without the machine's drift between two separately recorded runs entering the
 * verdict.
 *
 * <pre>
 * java -cp target/benchmarks.jar io.dbbench.run.Interleave --baseline OLD.jar --candidate target/benchmarks.jar \
 *     --forks 20 --max-regression 10% -- 'GraphjCompressBenchmark.compress' -p corpus=text -p level=3
 * </pre>
 *
 * <p>Each side is one JMH invocation per fork ({@code java -jar SIDE.jar JMH_ARGS -f 1 -rf json}),
 * and the sides alternate in ABBA order (A1 B1 B2 A2 A3 B3 ...: baseline, candidate, candidate,
 * baseline, ...), so that both see the same machine and a linear drift over the run hits both
 * alike. Why: on the 2-core VM two quiet runs of the same code recorded 28 minutes apart differed
 * by up to +26% on headline rows and two calibrations 1 h 45 min apart by up to +31%, while the
 * interleaved calibration's A/A rows gave no verdict (README "Between runs"). The same design is
 * {@code scripts/calibrate.sh}'s (which runs one jar as both sides) and the "randomised
 * interleaving" of Kalibera and Jones ("Rigorous benchmarking in reasonable time", ISMM 2013, §4).
 *
 * <p>With {@code --vary PARAM=BASE,CAND} the sides are two values of one {@code @Param} instead
 * of (or beside) two builds: the baseline's forks get {@code -p PARAM=BASE}, the candidate's
 * {@code -p PARAM=CAND}, and each side's merged rows drop the param so that the comparison pairs
 * them (the graph family's engines: {@code --vary engine=kuzu,ladybug} with one jar on both sides).
 *
 * <p>Writes {@code results/interleave-<UTC>/} (or {@code --out}): {@code forks/A-<i>.json} and
 * {@code forks/B-<i>.json} (A = baseline, B = candidate; each one JMH fork), their logs,
 * {@code baseline/jmh.json} and {@code candidate/jmh.json} (each side's forks merged by {@link
 * ForkMerge}) with an {@code env.json} naming the side and the interleaved run, and under
 * {@code family_facts} what the side's own jar says of the families that ran (its
 * {@code io.dbbench.FamilyFacts}: backends, versions, the graph family's engines), {@code
 * interleave.json} (jars with SHA-256, JVMs, JMH arguments, fork order, the load average and CPU
 * steal around every fork), and the comparison ({@code comparison.md}/{@code .html}) made by
 * {@code report compare}, which gives interleaved sides no between-run drift allowance. The jars
 * are copied first, so rebuilding {@code target/} during the run cannot change its forks.
 *
 * <p>Exit status: 0 done (and with {@code --max-regression}, the gate passed), 1 the gate found a
 * regression, 2 bad input or a fork that failed (its log is named), 3 the gate cannot judge
 * (fewer than 4 forks per side): the codes of {@link Report}.
 */
@Command(name = "interleave", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "Run two benchmark jars (or JVMs) with their JMH forks interleaved (ABBA), then compare"
        + " them, and gate with --max-regression.",
    exitCodeOnInvalidInput = Report.EXIT_BAD_INPUT)
public final class Interleave implements Callable<Integer> {
  /** Forks per side by default: the gate preset calibrated on the 2-core VM (README "Calibration"). */
  public static final int DEFAULT_FORKS = 20;
  /** JMH options interleave sets itself or that produce no result. */
  static final Set<String> REFUSED = Set.of("-f", "-rf", "-rff", "-o", "-h", "-l", "-lp", "-lrf", "-lprof");
  private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'");
  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  /** {@code --vary}'s form: a Java identifier, {@code =}, two values without commas or blanks. */
  private static final Pattern VARY = Pattern.compile("([A-Za-z_$][\\w$]*)=([^,=\\s]+),([^,=\\s]+)");

  @Option(names = "--baseline", required = true, paramLabel = "JAR", description = "The baseline's benchmarks.jar (side A).")
  Path baselineJar;

  @Option(names = "--candidate", required = true, paramLabel = "JAR", description = "The candidate's benchmarks.jar (side B).")
  Path candidateJar;

  @Option(names = "--forks", defaultValue = "" + DEFAULT_FORKS, paramLabel = "N",
      description = "Forks per side (default: ${DEFAULT-VALUE}, the calibrated gate preset; at least 4 for a verdict).")
  int forks;

  @Option(names = "--baseline-java", paramLabel = "PATH", description = "The baseline's java (default: this JVM's).")
  Path baselineJava;

  @Option(names = "--candidate-java", paramLabel = "PATH", description = "The candidate's java (default: this JVM's).")
  Path candidateJava;

  @Option(names = "--max-regression", paramLabel = "PCT",
      description = "Gate: exit 1 when a benchmark is significantly slower by more than this, e.g. 10%%.")
  String maxRegression;

  @Option(names = {"-o", "--out"}, paramLabel = "DIR", description = "Output directory (default: results/interleave-<UTC>).")
  Path out;

  @Option(names = "--vary", paramLabel = "PARAM=BASE,CAND",
      description = "Compare two values of one @Param: the baseline's forks get -p PARAM=BASE, the candidate's -p"
          + " PARAM=CAND, and the rows pair up without it (e.g. --vary engine=kuzu,ladybug, one jar on both sides).")
  String vary;

  @Parameters(paramLabel = "JMH_ARGS", description = "After --: the benchmark regex and JMH options for every fork"
      + " (e.g. -wi 1 -w 1s -i 2 -r 1s -p level=3); not -f, -rf, -rff or -o.")
  List<String> jmhArgs = new ArrayList<>();

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  /**
   * One side of the run.
   *
   * @param name {@code baseline} or {@code candidate}
   * @param letter {@code A} or {@code B}, the fork files' prefix
   * @param command the command that runs one JMH invocation, before the JMH arguments, e.g.
   *     {@code [java, -jar, /tmp/copy.jar]}
   * @param describe what the manifest records of it (jar path, SHA-256, java)
   * @param args JMH options this side's forks get after the run's own (e.g. {@code -p engine=kuzu}
   *     under {@code --vary}), or empty
   */
  public record Side(String name, String letter, List<String> command, Map<String, Object> describe, List<String> args) {
    /** Copies the lists. */
    public Side {
      command = List.copyOf(command);
      describe = new LinkedHashMap<>(describe);
      args = List.copyOf(args);
    }

    /** A side whose forks get the run's JMH options only. */
    public Side(String name, String letter, List<String> command, Map<String, Object> describe) {
      this(name, letter, command, describe, List.of());
    }

    /** This side with its forks given {@code -p param=value} and the manifest recording it ({@code vary}). */
    Side varying(String param, String value) {
      Map<String, Object> d = new LinkedHashMap<>(describe);
      d.put("vary", param + "=" + value);
      List<String> a = new ArrayList<>(args);
      a.addAll(List.of("-p", param + "=" + value));
      return new Side(name, letter, command, d, a);
    }
  }

  /**
   * What to run.
   *
   * @param baseline side A
   * @param candidate side B
   * @param forks forks per side, at least 1
   * @param jmhArgs the benchmark regex and JMH options every fork gets
   * @param out the output directory (created)
   * @param varied the {@code @Param} whose value tells the sides apart ({@code --vary}), dropped from
   *     each side's merged rows so that they pair up in the comparison; or {@code null}
   */
  public record Plan(Side baseline, Side candidate, int forks, List<String> jmhArgs, Path out, String varied) {
    /** Copies the list. */
    public Plan {
      jmhArgs = List.copyOf(jmhArgs);
    }

    /** A plan whose sides differ in their jars or JVMs only. */
    public Plan(Side baseline, Side candidate, int forks, List<String> jmhArgs, Path out) {
      this(baseline, candidate, forks, jmhArgs, out, null);
    }
  }

  /**
   * {@code --vary PARAM=BASELINE,CANDIDATE}: the param and its two values.
   *
   * @throws InterleaveException naming the value and the expected form, or the {@code -p} of the
   *     same param among the JMH options
   */
  static String[] parseVary(String vary, List<String> jmhArgs) throws InterleaveException {
    Matcher m = VARY.matcher(vary);
    if (!m.matches() || m.group(2).equals(m.group(3))) {
      throw new InterleaveException("--vary '" + vary + "': expected PARAM=BASELINE,CANDIDATE with two different"
          + " values, e.g. engine=kuzu,ladybug");
    }
    for (int i = 0; i + 1 < jmhArgs.size(); i++) {
      if (jmhArgs.get(i).equals("-p") && jmhArgs.get(i + 1).startsWith(m.group(1) + "=")) {
        throw new InterleaveException("-p " + jmhArgs.get(i + 1) + " among the JMH options: --vary sets "
            + m.group(1) + " on each side");
      }
    }
    return new String[] {m.group(1), m.group(2), m.group(3)};
  }

  /** A fork that could not run, or bad input; the message is one line naming what failed. */
  public static final class InterleaveException extends Exception {
    private static final long serialVersionUID = 1L;

    /** @param message one line naming the input or fork and what went wrong */
    public InterleaveException(String message) {
      super(message);
    }
  }

  /** Runs the command line and exits with its status. */
  public static void main(String[] args) {
    KnownSecrets.installOnStandardStreams();
    System.exit(new CommandLine(new Interleave()).execute(args));
  }

  @Override
  public Integer call() {
    PrintWriter stdout = spec.commandLine().getOut();
    PrintWriter stderr = spec.commandLine().getErr();
    Path dir = out != null ? out : Path.of("results", "interleave-" + STAMP.format(ZonedDateTime.now(ZoneOffset.UTC)));
    Path javaHome = Path.of(System.getProperty("java.home"), "bin", "java");
    Path tmp = null;
    try {
      if (maxRegression != null) {
        Percent.parse(maxRegression, "--max-regression"); // bad input before an hour of forks, not after
      }
      checkJmhArgs(jmhArgs);
      tmp = Files.createTempDirectory("dbbench-interleave");
      String[] varied = vary == null ? null : parseVary(vary, jmhArgs);
      Side a = jarSide("baseline", "A", baselineJar, baselineJava != null ? baselineJava : javaHome, tmp);
      Side b = jarSide("candidate", "B", candidateJar, candidateJava != null ? candidateJava : javaHome, tmp);
      if (varied != null) {
        a = a.varying(varied[0], varied[1]);
        b = b.varying(varied[0], varied[2]);
      }
      run(new Plan(a, b, forks, jmhArgs, dir, varied == null ? null : varied[0]), System.out);
    } catch (IllegalArgumentException e) {
      stderr.println("interleave: " + e.getMessage());
      return Report.EXIT_BAD_INPUT;
    } catch (InterleaveException | ReportException e) {
      stderr.println("interleave: " + e.getMessage());
      return Report.EXIT_BAD_INPUT;
    } catch (IOException e) {
      stderr.println("interleave: cannot write " + dir + " or copy a jar: " + e.getMessage());
      return Report.EXIT_BAD_INPUT;
    } finally {
      if (tmp != null) {
        FileTrees.deleteRecursively(tmp);
      }
    }
    return compareAndGate(dir, maxRegression, stdout, stderr);
  }

  /**
   * {@code report compare} of the two sides of an interleaved run in {@code dir} (writing
   * {@code comparison.md}/{@code .html} there), then, when {@code maxRegression} is given,
   * {@code report gate} with it.
   *
   * @return the exit status of the gate, or of the comparison without one (0 or 2)
   */
  static int compareAndGate(Path dir, String maxRegression, PrintWriter out, PrintWriter err) {
    String base = dir.resolve("baseline").toString();
    String cand = dir.resolve("candidate").toString();
    int rc = Report.run(out, err, "compare", "-o", dir.toString(), base, cand);
    if (rc != 0 || maxRegression == null) {
      return rc;
    }
    return Report.run(out, err, "gate", "--max-regression", maxRegression, base, cand);
  }

  /**
   * Refuses JMH options interleave sets itself ({@code -f}, {@code -rf}, {@code -rff}, {@code -o})
   * or that list instead of run.
   *
   * @throws InterleaveException naming the option
   */
  static void checkJmhArgs(List<String> args) throws InterleaveException {
    for (String a : args) {
      if (REFUSED.contains(a)) {
        throw new InterleaveException("JMH option " + a + " cannot be given: interleave runs every fork as"
            + " -f 1 -rf json -rff <file> (set the forks per side with --forks N)");
      }
    }
    try {
      JmhArgs.merge(args); // an option missing its value
    } catch (IllegalArgumentException e) {
      throw new InterleaveException(e.getMessage());
    }
  }

  /**
   * A side that runs {@code java -jar} on a private copy of {@code jar} in {@code tmp}.
   *
   * @throws InterleaveException when the jar or the java binary is missing
   */
  static Side jarSide(String name, String letter, Path jar, Path java, Path tmp) throws InterleaveException, IOException {
    if (!Files.isRegularFile(jar)) {
      throw new InterleaveException("--" + name + " " + jar + ": no such file (expected a benchmarks.jar,"
          + " e.g. target/benchmarks.jar built by ./mvnw package)");
    }
    if (!Files.isExecutable(java)) {
      throw new InterleaveException("--" + name + "-java " + java + ": not an executable java binary");
    }
    Path copy = tmp.resolve(letter + ".jar");
    Files.copy(jar, copy);
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("jar", jar.toString());
    d.put("jar_sha256", sha256(copy));
    d.put("jar_bytes", Files.size(copy));
    d.put("java", java.toString());
    return new Side(name, letter, List.of(java.toString(), "-jar", copy.toString()), d);
  }

  /**
   * What the side's own jar says of the families its benchmarks belong to ({@code io.dbbench.FamilyFacts}
   * in a child JVM on the side's jar: versions, backends, for the graph family each engine), for the
   * side's {@code env.json} under {@code family_facts}; {@code null} when the side is not a
   * {@code java -jar} command, ran no benchmark, or its jar has no such class or fails (the child's
   * output then stays in {@code log}, and the run goes on without the facts).
   */
  static JsonNode familyFacts(Side side, List<String> benchmarks, Path log) throws IOException {
    List<String> c = side.command();
    if (benchmarks.isEmpty() || c.size() != 3 || !c.get(1).equals("-jar")) {
      return null;
    }
    io.dbbench.core.ChildJvm.Finished f;
    try {
      f = io.dbbench.core.ChildJvm.runToEnd("family-facts", c.get(0), List.of("--enable-native-access=ALL-UNNAMED"),
          c.get(2), "io.dbbench.FamilyFacts", benchmarks, java.time.Duration.ofSeconds(180));
    } catch (IllegalStateException e) {
      Files.writeString(log, "family facts: " + e.getMessage() + "\n", StandardCharsets.UTF_8);
      return null;
    }
    if (f.exitCode() != 0) {
      Files.writeString(log, f.stderr() + "\nfamily facts: exit code " + f.exitCode() + "\n", StandardCharsets.UTF_8);
      return null;
    }
    try {
      JsonNode n = MAPPER.readTree(f.stdout());
      return n != null && n.isObject() ? n : null;
    } catch (com.fasterxml.jackson.core.JacksonException e) {
      Files.writeString(log, f.stderr() + "\nfamily facts: not JSON: " + e.getOriginalMessage() + "\n",
          StandardCharsets.UTF_8);
      return null;
    }
  }

  /**
   * The fork order for {@code forks} per side: pair {@code i} (1-based) runs A then B when
   * {@code i} is odd, B then A when even: {@code [A1, B1, B2, A2, A3, B3, ...]}.
   */
  static List<String> order(int forks) {
    String abba = ForkSchedule.abba(forks);
    List<String> out = new ArrayList<>();
    for (int i = 0; i < abba.length(); i++) {
      out.add(abba.charAt(i) + String.valueOf(i / 2 + 1));
    }
    return out;
  }

  /**
   * The command line of one fork: the side's command, the JMH arguments, the side's own, then
   * {@code -f 1 -rf json -rff FILE} ({@link JmhForkSide#forkCommand}).
   */
  static List<String> forkCommand(Side side, List<String> jmhArgs, Path json) {
    return JmhForkSide.forkCommand(side.command(), sideArgs(side, jmhArgs), json);
  }

  /** The run's JMH arguments followed by the side's own ({@code -p} of {@code --vary}). */
  private static List<String> sideArgs(Side side, List<String> jmhArgs) {
    List<String> a = new ArrayList<>(jmhArgs);
    a.addAll(side.args());
    return a;
  }

  /**
   * Runs the plan: every fork in {@link #order} order, then each side's forks merged into
   * {@code <side>/jmh.json} with its {@code env.json}, and {@code interleave.json}. Prints one
   * progress line per fork pair to {@code progress}. Secret {@code -D} properties in the JVM
   * options of {@code plan.jmhArgs()} go to an owner-only secrets file for the run's length, never
   * onto a side's command line ({@link ForkSecrets#withoutSecrets}); a side's jar reads them
   * through {@code BenchConfig} (a jar older than the secrets file does not see them).
   *
   * @throws InterleaveException when fewer than one fork per side is asked for, or a fork fails
   *     (its exit status and the last lines of its log, which is kept, are in the message)
   * @throws IOException when the output cannot be written
   */
  public static void run(Plan plan, PrintStream progress) throws InterleaveException, IOException {
    if (plan.forks() < 1) {
      throw new InterleaveException("--forks " + plan.forks() + ": expected at least 1 fork per side (4 for a verdict)");
    }
    checkJmhArgs(plan.jmhArgs());
    // secret -D properties reach the sides' forks through a secrets file, never a command line
    try (ForkSecrets secrets = ForkSecrets.write(ForkSecrets.secretsOf(plan.jmhArgs()))) {
      List<String> forkArgs = ForkSecrets.withoutSecrets(plan.jmhArgs(), secrets.path());
      if (plan.varied() != null) {
        for (Side side : List.of(plan.baseline(), plan.candidate())) {
          requireDeclared(plan.varied(), side, forkArgs);
        }
      }
      runForks(plan, forkArgs, progress);
    }
  }

  /**
   * Checks, before any fork runs, that a benchmark {@code jmhArgs} selects on {@code side} declares
   * {@code param} as a {@code @Param}: else both sides would run one configuration and the
   * comparison would report noise as a change. Asks the side's own JMH ({@code -lp}, which lists
   * each selected benchmark with its {@code param "NAME" = {...}} lines).
   *
   * @throws InterleaveException naming the param, the side and the params the selection declares;
   *     or when the listing fails
   * @throws IOException when the listing cannot be started
   */
  static void requireDeclared(String param, Side side, List<String> jmhArgs) throws InterleaveException, IOException {
    List<String> cmd = new ArrayList<>(side.command());
    cmd.add("-lp");
    cmd.addAll(jmhArgs);
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    p.getOutputStream().close();
    String listing = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    try {
      if (!p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS) || p.exitValue() != 0) {
        p.destroyForcibly();
        throw new InterleaveException("--vary " + param + ": the " + side.name() + " side's JMH could not list its"
            + " benchmarks' params (-lp): " + listing.strip().lines().reduce((a, b) -> b).orElse("no output"));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterleaveException("--vary " + param + ": interrupted while listing the " + side.name() + " side's params");
    }
    java.util.Set<String> declared = new java.util.TreeSet<>();
    Matcher m = Pattern.compile("(?m)^\\s+param \"([^\"]+)\" = ").matcher(listing);
    while (m.find()) {
      declared.add(m.group(1));
    }
    if (!declared.contains(param)) {
      throw new InterleaveException("--vary " + param + ": no benchmark the " + side.name() + " side selects declares"
          + " @Param " + param + " (its JMH -lp lists " + (declared.isEmpty() ? "no params" : String.join(", ", declared))
          + "); both sides would run the same configuration");
    }
  }

  private static void runForks(Plan plan, List<String> forkArgs, PrintStream progress)
      throws InterleaveException, IOException {
    Path forkDir = Files.createDirectories(plan.out().resolve("forks"));
    Instant started = Instant.now();
    List<InterleaveJson.Fork> machine = new ArrayList<>();
    Map<String, List<Path>> files = new LinkedHashMap<>();
    List<JmhForkSide> forkSides = new ArrayList<>();
    for (Side side : List.of(plan.baseline(), plan.candidate())) {
      files.put(side.name(), new ArrayList<>());
      forkSides.add(new JmhForkSide(side.name(), side.command(), sideArgs(side, forkArgs),
          s -> forkDir.resolve(side.letter() + "-" + s.block() + ".json"),
          s -> forkDir.resolve(side.letter() + "-" + s.block() + ".log")));
    }
    List<PairedBlocks.Slot> schedule = PairedBlocks.abba(plan.forks(), List.of(), forkSides);
    List<String> order = new ArrayList<>();
    for (PairedBlocks.Slot s : schedule) {
      order.add(letter(plan, s) + s.block());
    }
    PairedBlocks.Result result;
    try {
      result = PairedBlocks.run(new PairedBlocks.Plan("interleave", schedule, PairedBlocks.Output.NONE, true), progress,
          s -> {
            if (s.position() == 1) {
              progress.printf("interleave: fork pair %d/%d (%s then %s), load %.2f%n", s.block(), plan.forks(),
                  s.side().name(), s.side().name().equals(plan.baseline().name()) ? plan.candidate().name()
                      : plan.baseline().name(), MachineState.read().load1());
            }
          });
    } catch (io.dbbench.run.Side.SideFailedException e) {
      throw new InterleaveException(e.getMessage());
    }
    for (PairedBlocks.Outcome o : result.outcomes()) {
      String id = letter(plan, o.slot()) + "-" + o.slot().block();
      MachineState.Interval around = o.interval() != null ? o.interval()
          : new MachineState.Interval(MachineState.read(), MachineState.read());
      machine.add(new InterleaveJson.Fork(id, o.slot().side().name(), Math.round(o.seconds() * 100) / 100.0,
          finite(around.before().load1()), finite(around.after().load1()), around.after().onlineCpus(),
          rounded(around.stealPct()), rounded(around.busyPct()), around.overloaded()));
      files.get(o.slot().side().name()).add(forkDir.resolve(id + ".json"));
    }
    Instant finished = Instant.now();
    for (Side side : List.of(plan.baseline(), plan.candidate())) {
      Path sideDir = Files.createDirectories(plan.out().resolve(side.name()));
      Set<String> benchmarks = new TreeSet<>();
      try {
        ArrayNode merged = ForkMerge.merge(files.get(side.name()), 1.0);
        merged.forEach(r -> benchmarks.add(r.path("benchmark").asText()));
        if (plan.varied() != null) {
          dropParam(merged, plan.varied());
        }
        MAPPER.writeValue(sideDir.resolve("jmh.json").toFile(), merged);
      } catch (ReportException e) {
        throw new InterleaveException(e.getMessage());
      }
      RunManifest manifest = sideManifest(plan, side,
          familyFacts(side, List.copyOf(benchmarks), sideDir.resolve("family-facts.log")));
      MAPPER.writeValue(sideDir.resolve("env.json").toFile(), JsonRedaction.redact(ManifestJson.write(manifest)));
    }
    List<String> shown = ForkSecrets.withoutSecrets(plan.jmhArgs(), null);
    Map<String, Map<String, Object>> sides = new LinkedHashMap<>();
    sides.put("baseline", plan.baseline().describe());
    sides.put("candidate", plan.candidate().describe());
    InterleaveJson.write(plan.out().resolve(InterleaveJson.FILE), new InterleaveJson.Manifest(
        plan.out().getFileName().toString(), started.toString(), finished.toString(), EnvInfo.hostName(), plan.forks(),
        order, shown, "<side command> " + String.join(" ", shown) + " -f 1 -rf json -rff forks/<A|B>-<i>.json", sides,
        plan.baseline().describe().get("jar_sha256") != null
            && plan.baseline().describe().get("jar_sha256").equals(plan.candidate().describe().get("jar_sha256")),
        machine));
    progress.printf("interleave: %d forks per side in %d s; wrote %s%n", plan.forks(),
        Duration.between(started, finished).toSeconds(), plan.out());
  }

  /** Removes {@code param} from every row's {@code params} (and an emptied {@code params}). */
  static void dropParam(ArrayNode rows, String param) {
    for (JsonNode r : rows) {
      if (r.get("params") instanceof ObjectNode p) {
        p.remove(param);
        if (p.isEmpty()) {
          ((ObjectNode) r).remove("params");
        }
      }
    }
  }

  private static Double finite(double v) {
    return Double.isFinite(v) ? v : null;
  }

  /** A percentage to two decimals, {@code null} when unknown. */
  private static Double rounded(double v) {
    return Double.isNaN(v) ? null : Math.round(v * 100) / 100.0;
  }

  /**
   * A side's {@code env.json}: the host, the {@code interleaved} block ({@link #interleavedBlock})
   * and what describes the side (jar, its checksum, command) with, when known, its jar's
   * {@code family_facts} ({@link #familyFacts}), as the run manifest's model ({@link RunManifest})
   * writes them.
   *
   * @param familyFacts the side's family facts, or {@code null} for none
   */
  static RunManifest sideManifest(Plan plan, Side side, JsonNode familyFacts) {
    Map<String, JsonNode> block = new LinkedHashMap<>();
    interleavedBlock(plan, side).forEach((k, v) -> block.put(k, ManifestJson.tree(v)));
    Map<String, JsonNode> described = new LinkedHashMap<>();
    side.describe().forEach((k, v) -> described.put(k, ManifestJson.tree(v)));
    if (familyFacts != null) {
      described.put("family_facts", familyFacts);
    }
    RunManifest.Host host = new RunManifest.Host(null, EnvInfo.hostName(), null, null, null, null, null, null, null, null);
    return new RunManifest(RunManifest.SCHEMA_VERSION, host, null, Map.of(), null, null, null,
        new RunManifest.Interleaved(block.get("id").asText(), side.name(), block), List.of(), described);
  }

  /** The {@code interleaved} block of a side's env.json: how {@code report compare} recognises the pair. */
  static Map<String, Object> interleavedBlock(Plan plan, Side side) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("id", plan.out().toAbsolutePath().normalize().toString());
    m.put("side", side.name());
    m.put("forks_per_side", plan.forks());
    m.put("order", "ABBA");
    return m;
  }

  /** {@code A} for the baseline's slots, {@code B} for the candidate's. */
  private static String letter(Plan plan, PairedBlocks.Slot s) {
    return s.side().name().equals(plan.baseline().name()) ? plan.baseline().letter() : plan.candidate().letter();
  }

  static String sha256(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      byte[] buf = new byte[1 << 16];
      for (int n; (n = in.read(buf)) > 0; ) {
        md.update(buf, 0, n);
      }
      return HexFormat.of().formatHex(md.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JDK", e);
    }
  }
}
