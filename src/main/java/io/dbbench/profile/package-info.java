/**
 * Ground floor: code that runs inside JMH forks and writes what the report later reads. The
 * profilers passed to {@code -prof} ({@code MachineStateProfiler}: the machine's load, other
 * processes' CPU and steal per fork, from {@code MachineState} and {@code ProcessCpu};
 * {@code AllocationProfiler}: allocations per operation in the main job's allocation pass) and the
 * allocation instrumenter's repack and logging set-up ({@code InstrumenterRepack},
 * {@code InstrumenterLogging}). Their class names are on fork command lines and in committed
 * {@code env.json} files; their metric names are keys of {@code jmh.json}'s secondary metrics.
 *
 * <p>Imports {@code core} and {@code load} only; {@code report} reads its metric names, never the
 * other way round.
 */
package io.dbbench.profile;
