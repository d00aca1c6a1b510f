package io.dbbench.core;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The command line of a side-by-side script's analysis ({@code --analyze DIR}): analyses the
 * results directory, writes its summary files, prints the Markdown summary. Exit status 0 done,
 * {@value #EXIT_BAD_INPUT} bad input (the message on standard error, prefixed with the command's name).
 */
public abstract class AnalyzeCommand implements Callable<Integer> {
  /** Exit status for bad input. */
  public static final int EXIT_BAD_INPUT = 2;

  /** The results directory to analyse. */
  @Option(names = "--analyze", required = true, paramLabel = "DIR",
      description = "The script's results directory (rows.tsv, and machine.tsv when recorded).")
  public Path dir;

  /**
   * Analyses {@code dir} and writes its summary files into it.
   *
   * @return the summary as Markdown, to print
   * @throws IOException when a file cannot be read or written
   * @throws IllegalArgumentException naming the bad input
   */
  protected abstract String analyzeAndWrite(Path dir) throws IOException;

  /** Runs {@code command} on {@code args} with credentials kept off the output, and exits with its status. */
  protected static void main(AnalyzeCommand command, String[] args) {
    KnownSecrets.installOnStandardStreams();
    System.exit(new CommandLine(command).execute(args));
  }

  @Override
  public Integer call() {
    String name = getClass().getAnnotation(CommandLine.Command.class) == null ? getClass().getSimpleName()
        : getClass().getAnnotation(CommandLine.Command.class).name();
    try {
      System.out.print(analyzeAndWrite(dir));
      return 0;
    } catch (IllegalArgumentException e) {
      System.err.println(name + ": " + e.getMessage());
      return EXIT_BAD_INPUT;
    } catch (IOException e) {
      System.err.println(name + ": " + dir + ": " + e.getMessage());
      return EXIT_BAD_INPUT;
    }
  }
}
