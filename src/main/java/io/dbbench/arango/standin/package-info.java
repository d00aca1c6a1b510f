/**
 * The dbbench ArangoDB stand-in (not ArangoDB): the part of ArangoDB 3.12's HTTP API the two
 * ArangoDB studies use, run in a JVM of its own.
 *
 * <p>The ArangoDB room's lowest floor: imports the ground floor ({@code core}, {@code load}) only,
 * never {@code arango.server}, the studies or the family above it.
 */
package io.dbbench.arango.standin;
