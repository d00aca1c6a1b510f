/**
 * Ground floor for load generation any family may use: the open-loop scheduler, one open-loop
 * trial's bookkeeping ({@code OpenLoopTrial}) and its result file, server warm-up to steady state ({@code SteadyState}) and JIT activity.
 *
 * <p>Imports {@code core} only.
 */
package io.dbbench.load;
