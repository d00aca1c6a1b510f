/**
 * Ground floor: JMH JSON, statistics over forks, findings, comparisons, the regression gate,
 * charts and the Markdown and HTML reports; studies add their forms through {@code StudyForm}.
 *
 * <p>Imports {@code core} and {@code load} only, never a family.
 */
package io.dbbench.report;
