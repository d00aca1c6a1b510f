/**
 * The statistics engine and the judgement it makes: statistics over forks ({@code Stats}), the
 * stopping rule of the main job's pairs ({@code StoppingRule}), the comparison of two runs with its
 * verdicts ({@code Comparison}), what a row's measurement warns of ({@code MeasurementWarnings}),
 * the calibration of the verdicts on synthetic runs ({@code Calibration}), the one reading of a
 * percentage threshold ({@code Percent}), a finding against a study's figure ({@code Finding}, the
 * record of {@code findings.json}) and how its interval is judged ({@code Agreement}). Numbers and verdicts only: drawing them is
 * {@code report.render}'s.
 *
 * <p>Imports {@code report.data}, {@code profile} and {@code core}; never the renderer, the
 * studies or the command line.
 */
package io.dbbench.report.stats;
