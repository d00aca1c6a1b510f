/**
 * Rendering: the report's document model ({@code Doc}), charts ({@code Charts}), the Markdown and
 * HTML writers, and the sections drawn from run data and judgements (the run manifest,
 * {@code ComparisonSection}, {@code WarningsSection}, {@code FindingsSection}). Lays out what it is given; judges nothing.
 *
 * <p>Imports {@code report.stats}, {@code report.data}, {@code profile} and {@code core}; never the
 * studies or the command line.
 */
package io.dbbench.report.render;
