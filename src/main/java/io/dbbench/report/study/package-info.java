/**
 * The studies' plumbing: the registry of study rooms ({@code StudyRoom}, one line per room in
 * {@code META-INF/services/io.dbbench.report.study.StudyRoom}, each naming its families and forms),
 * the form a room gives the report ({@code StudyForm}), its published figures and headline
 * comparisons ({@code Study}, from the form's {@code study.json}), the helpers forms share ({@code FormSupport},
 * {@code VariantTable}), the study tables of a run ({@code StudyTables}), the findings against the
 * published figures, built and judged ({@code Findings}, which writes {@code findings.json} and
 * draws nothing: {@code render.FindingsSection} draws them) and whether two runs' findings
 * replicate ({@code Replication}). Names no study.
 *
 * <p>Imports {@code report.render}, {@code report.stats}, {@code report.data}, {@code profile} and
 * {@code core}; never the command line or a family.
 */
package io.dbbench.report.study;
