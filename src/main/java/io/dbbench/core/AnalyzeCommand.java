package io.dbbench.core;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The command line of a side-by-side script's analysis ({@code --analyze DIR}): analyses the
 * results directory, writes its summary files, prints the Markdown summary. Exit status 0 done,
 * {@value #EXIT_BAD_INPUT} bad input (the message on standard error, prefixed with the command's name).
 * A subclass names its three steps once, in its constructor: read the directory into a summary, write
 * the summary's files, render the summary as Markdown.
 *
 * @param <S> the analysis's summary
 */
public abstract class AnalyzeCommand<S> implements Callable<Integer> {
  /** Exit status for bad input. */
  public static final int EXIT_BAD_INPUT = 2;

  /** The results directory to analyse. */
  @Option(names = "--analyze", required = true, paramLabel = "DIR",
      description = "The script's results directory (rows.tsv, and machine.tsv when recorded).")
  public Path dir;

  /** Reads a results directory into a summary; IOException when a file cannot be read, IllegalArgumentException naming bad input. */
  @FunctionalInterface
  public interface Analysis<S> {
    /** The summary of {@code dir}. */
    S analyze(Path dir) throws IOException;
  }

  /** Writes a summary's files into its results directory; IOException when a file cannot be written. */
  @FunctionalInterface
  public interface Writing<S> {
    /** Writes {@code summary}'s files into {@code dir}. */
    void write(Path dir, S summary) throws IOException;
  }

  private final Analysis<S> analysis;
  private final Writing<S> writing;
  private final Function<S, String> markdown;

  /**
   * @param analysis reads {@code --analyze DIR} into a summary
   * @param writing writes the summary's files into the directory
   * @param markdown the summary as Markdown, printed on standard output
   */
  protected AnalyzeCommand(Analysis<S> analysis, Writing<S> writing, Function<S, String> markdown) {
    this.analysis = analysis;
    this.writing = writing;
    this.markdown = markdown;
  }

  /**
   * Analyses {@code dir} and writes its summary files into it.
   *
   * @return the summary as Markdown, to print
   * @throws IOException when a file cannot be read or written
   * @throws IllegalArgumentException naming the bad input
   */
  public final String analyzeAndWrite(Path dir) throws IOException {
    S s = analysis.analyze(dir);
    writing.write(dir, s);
    return markdown.apply(s);
  }

  /** Runs {@code command} on {@code args} with credentials kept off the output, and exits with its status. */
  protected static void main(AnalyzeCommand<?> command, String[] args) {
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
