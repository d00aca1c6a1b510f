/**
 * The ArangoDB family's top: {@code ArangoFamily} (its quick and full settings, probe and shared
 * stand-in) and, in {@code src/jmh}, its benchmark classes. Its two studies live one floor down,
 * each in a room of its own: {@code arango.bulk} (bulk CRUD across protocols, the Go driver's
 * V1/V2 benchmarks) and {@code arango.pool} (the client connection-pool study, ArangoDB II), both
 * on the shared {@code arango.server}.
 *
 * <p>Middle floor, a family room: imports its own sub-packages and the ground floor ({@code core},
 * {@code load}, {@code report}); no other family.
 */
package io.dbbench.arango;
