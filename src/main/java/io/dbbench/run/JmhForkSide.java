package io.dbbench.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.dbbench.core.Redaction;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A side that is one JMH fork of dbbench per run: {@code COMMAND JMH_ARGS -f 1 -rf json -rff FILE},
 * where the command is {@code java -jar benchmarks.jar} or {@code java -cp ... io.dbbench.JmhMain}.
 * A fork that finds another JMH run holding {@code /tmp/jmh.lock} waits 10 s and runs again, up to
 * {@value #LOCK_TRIES} times: a benchmark is never measured beside another with {@code -Djmh.ignoreLock}.
 * The JVM arguments JMH records in the JSON are redacted.
 *
 * @param name the side's name ({@code baseline}, {@code Java}, {@code dbbench})
 * @param command the command before the JMH arguments
 * @param jmhArgs the benchmark regex and JMH options of a run in a slot (not {@code -f}, {@code -rf},
 *     {@code -rff}); a unit may choose the benchmarks
 * @param json where one run's JMH JSON goes
 * @param log where one run's output goes
 * @param reader the study's reader of one run's JSON (with its slot) into its rows (cells after
 *     {@code block} and {@code position}), or {@code null} when the caller reads the JSON files itself
 * @param environment variables added to the fork's environment
 * @param helperPids processes serving it across runs whose CPU counts as its own (a shared stand-in)
 */
public record JmhForkSide(String name, List<String> command, Function<PairedBlocks.Slot, List<String>> jmhArgs,
    Function<PairedBlocks.Slot, Path> json, Function<PairedBlocks.Slot, Path> log,
    BiFunction<PairedBlocks.Slot, Path, List<List<String>>> reader, Map<String, String> environment, List<Long> helperPids) implements Side {
  /** How often, 10 s apart, a fork waits for another JMH run's {@code /tmp/jmh.lock} before failing. */
  public static final int LOCK_TRIES = 60;
  private static final ObjectMapper MAPPER = new ObjectMapper();

  /** Copies the lists and the map. */
  public JmhForkSide {
    command = List.copyOf(command);
    environment = Map.copyOf(environment);
    helperPids = List.copyOf(helperPids);
  }

  /** A side whose every run has the same JMH arguments and whose JSON files the caller reads, with no environment or helper. */
  public JmhForkSide(String name, List<String> command, List<String> jmhArgs, Function<PairedBlocks.Slot, Path> json,
      Function<PairedBlocks.Slot, Path> log) {
    this(name, command, fixed(jmhArgs), json, log, null, Map.of(), List.of());
  }

  private static Function<PairedBlocks.Slot, List<String>> fixed(List<String> args) {
    List<String> copy = List.copyOf(args);
    return s -> copy;
  }

  /** The command line of one fork: the command, the JMH arguments, then {@code -f 1 -rf json -rff FILE}. */
  public static List<String> forkCommand(List<String> command, List<String> jmhArgs, Path json) {
    List<String> cmd = new ArrayList<>(command);
    cmd.addAll(jmhArgs);
    cmd.addAll(List.of("-f", "1", "-rf", "json", "-rff", json.toString()));
    return cmd;
  }

  /** Deletes an earlier run's JSON, so that a fork that writes none fails. */
  @Override
  public List<Launch> launches(PairedBlocks.Slot slot) throws IOException {
    Path file = json.apply(slot);
    Files.deleteIfExists(file);
    return List.of(new Launch("", forkCommand(command, jmhArgs.apply(slot), file), environment, null, log.apply(slot)));
  }

  @Override
  public Duration retryAfter(String output, int exitCode, int tries) {
    return exitCode != 0 && output.contains("Unable to acquire the JMH lock") && tries < LOCK_TRIES
        ? Duration.ofSeconds(10) : null;
  }

  /**
   * The reader's rows of the fork's JSON (none without a reader).
   *
   * @throws SideFailedException when the fork exited non-zero or wrote no JMH result, naming it
   *     ({@code fork NAME ID}, ID its log's name), its log and the log's last lines
   */
  @Override
  public List<List<String>> rows(PairedBlocks.Slot slot, Launch launch, String output, int exitCode)
      throws IOException, SideFailedException {
    Path file = json.apply(slot);
    if (exitCode != 0 || !Files.isRegularFile(file) || Files.size(file) == 0) {
      throw new SideFailedException("fork " + name + " " + launch.log().getFileName().toString().replace(".log", "")
          + " failed (exit " + exitCode + (exitCode == 0 ? ", no JMH result" : "") + "); see " + launch.log() + ": "
          + ProcessSide.lastLines(output, 3));
    }
    redactJvmArgs(file);
    if (reader == null) {
      return List.of();
    }
    try {
      return reader.apply(slot, file);
    } catch (IllegalArgumentException e) {
      throw new SideFailedException("fork " + name + ": " + file + ": " + e.getMessage());
    }
  }

  /** Rewrites the JVM arguments JMH recorded in {@code json} redacted, when one carries a credential. */
  static void redactJvmArgs(Path json) throws IOException {
    JsonNode root = MAPPER.readTree(json.toFile());
    boolean changed = false;
    for (JsonNode n : root) {
      if (n.path("jvmArgs").isArray()) {
        ArrayNode args = (ArrayNode) n.get("jvmArgs");
        for (int i = 0; i < args.size(); i++) {
          String r = Redaction.redact(args.get(i).asText());
          if (!r.equals(args.get(i).asText())) {
            args.set(i, TextNode.valueOf(r));
            changed = true;
          }
        }
      }
    }
    if (changed) {
      MAPPER.writerWithDefaultPrettyPrinter().writeValue(json.toFile(), root);
    }
  }
}
