/**
 * A benchmark of known cost for calibrating the statistics (false-positive rate and power of the
 * tests on this machine); no study.
 *
 * <p>Benchmark code: above every floor; the library never imports it.
 */
package io.dbbench.calibration;
