/**
 * Ground floor for load generation any family may use: the open-loop scheduler and its result
 * file, server warm-up to steady state ({@code SteadyState}) and JIT activity.
 *
 * <p>Imports {@code core} only.
 */
package io.dbbench.load;
