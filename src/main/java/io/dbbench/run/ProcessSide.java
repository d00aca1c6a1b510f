package io.dbbench.run;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A side that is an external program: a study's own client (go-driver's test binaries, the
 * arangojs script under Node, WMPayload's {@code go test}) or graphd's criterion binary. Its
 * command lines are made per slot (a unit such as an operation picks the benchmark; a client that
 * runs each point as a process of its own has a step per point), credentials go in its environment
 * only, and a per-study reader turns each process's output into the study's rows.
 *
 * @param name the side's name ({@code V1}, {@code arangojs}, {@code graphd})
 * @param steps the processes of one run in a slot, in order
 * @param environment variables added to its environment (credentials, endpoints), learned as
 *     secrets where their keys say so before the first run ({@link PairedBlocks#run})
 * @param directory its working directory, or {@code null} for this process's
 * @param reader the study's reader: a slot and one process's (redacted) output to the rows it
 *     measured, the cells after {@code block} and {@code position} (throws
 *     {@link IllegalArgumentException} naming what does not parse); {@code null} for a side whose
 *     results are files the caller reads (then a zero exit is success)
 * @param helperPids processes serving it across blocks whose CPU counts as its own (a stand-in)
 */
public record ProcessSide(String name, Function<PairedBlocks.Slot, List<Step>> steps, Map<String, String> environment,
    Path directory, BiFunction<PairedBlocks.Slot, String, List<List<String>>> reader, List<Long> helperPids)
    implements Side {
  /**
   * One process of a slot.
   *
   * @param label what it runs, for messages ({@code default 500}), or empty
   * @param command its command line (no credential)
   * @param log where its output goes
   */
  public record Step(String label, List<String> command, Path log) {
    /** Copies the list. */
    public Step {
      command = List.copyOf(command);
    }
  }

  /** Copies the map and the list. */
  public ProcessSide {
    environment = Map.copyOf(environment);
    helperPids = List.copyOf(helperPids);
  }

  /** A side that runs one process per slot: {@code command} with its output in {@code log}. */
  public ProcessSide(String name, Function<PairedBlocks.Slot, List<String>> command, Map<String, String> environment,
      Path directory, Function<PairedBlocks.Slot, Path> log, BiFunction<PairedBlocks.Slot, String, List<List<String>>> reader,
      List<Long> helperPids) {
    this(name, s -> List.of(new Step("", command.apply(s), log.apply(s))), environment, directory, reader, helperPids);
  }

  @Override
  public List<Launch> launches(PairedBlocks.Slot slot) {
    return steps.apply(slot).stream().map(st -> new Launch(st.label(), st.command(), environment, directory, st.log()))
        .toList();
  }

  /**
   * The reader's rows.
   *
   * @throws SideFailedException when the process exited non-zero, or its output held no row or a
   *     row the reader could not parse; the message names the side, unit, step, block, log and the
   *     output's last lines
   */
  @Override
  public List<List<String>> rows(PairedBlocks.Slot slot, Launch launch, String output, int exitCode)
      throws SideFailedException {
    if (exitCode != 0) {
      throw failed(slot, launch, "exit " + exitCode, output);
    }
    if (reader == null) {
      return List.of();
    }
    List<List<String>> rows;
    try {
      rows = reader.apply(slot, output);
    } catch (IllegalArgumentException e) {
      throw failed(slot, launch, e.getMessage(), output);
    }
    if (rows.isEmpty()) {
      throw failed(slot, launch, "no result in its output", output);
    }
    return rows;
  }

  /** A failure naming the run, why, its log and the output's last lines. */
  static SideFailedException failed(PairedBlocks.Slot slot, Launch launch, String why, String output) {
    return new SideFailedException(PairedBlocks.describe(slot, launch) + " failed in block " + slot.block() + " (" + why
        + "); see " + launch.log() + ": " + lastLines(output, 3));
  }

  /** The last {@code n} non-blank lines of {@code text}, joined by {@code " | "}. */
  static String lastLines(String text, int n) {
    List<String> lines = text.lines().filter(l -> !l.isBlank()).toList();
    return lines.isEmpty() ? "no output" : String.join(" | ", lines.subList(Math.max(0, lines.size() - n), lines.size()));
  }
}
