/**
 * The main job and the family registry: the top floor.
 *
 * <p>{@code BenchMain} parses the knobs and sets the exit code, {@code MainJob} runs each family and
 * writes the run directory, {@code JmhCommand} assembles JMH options and fork flags,
 * {@code Interleave} runs two jars' forks in ABBA order, {@code Families} lists the families in run
 * order. May import every package below it; nothing below imports it.
 */
package io.dbbench;
