/**
 * The top floor: the entry points and the family registry.
 *
 * <p>{@code BenchMain} parses the main job's knobs and sets the exit code, {@code JmhMain} is
 * {@code benchmarks.jar}'s plain JMH entry, {@code Families} lists the families in run order (read from
 * the study rooms' registry, {@code report.study.StudyRoom}), {@code PairedMain} runs a study's own
 * code (graphd's criterion, go-driver's suites) beside dbbench's rows in {@code run.PairedBlocks}
 * (it joins the runner and the rooms, which cannot import each other). The
 * orchestration they start is in {@code io.dbbench.run} (with {@code Interleave} and
 * {@code DriftCheck}). May import every package below it; nothing below imports it.
 */
package io.dbbench;
