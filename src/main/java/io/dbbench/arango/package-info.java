/**
 * The two ArangoDB studies: bulk CRUD across protocols (the Go driver's V1/V2 benchmarks) and the
 * client connection-pool study (ArangoDB II): targets, fixtures, workloads and forms.
 *
 * <p>Middle floor, a family room: imports the ground floor ({@code core}, {@code load},
 * {@code report}) and its own lower floor {@code arango.standin}; no other family.
 */
package io.dbbench.arango;
