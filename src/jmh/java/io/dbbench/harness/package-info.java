/**
 * Benchmarks that check the harness itself (known work, known allocations, failures on
 * request); no study.
 *
 * <p>Benchmark code: above every floor; the library never imports it.
 */
package io.dbbench.harness;
