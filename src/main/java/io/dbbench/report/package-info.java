/**
 * Ground floor: the report's command line ({@code Report}: {@code render}, {@code compare},
 * {@code gate}, {@code merge}, {@code replication}, ...) and the run report it assembles
 * ({@code RunReport}). Its parts are packages of their own, each importing only those below it:
 * {@code report.data} (run data: JMH JSON, runs, merging), {@code report.stats} (the statistics
 * engine and the judgement of comparisons), {@code report.render} (the document, charts, Markdown
 * and HTML), {@code report.study} (study forms, published figures, findings), then this package.
 * Studies add their forms through {@code report.study.StudyForm}.
 *
 * <p>Imports {@code core}, {@code load}, {@code profile} and its own sub-packages; never a family.
 */
package io.dbbench.report;
