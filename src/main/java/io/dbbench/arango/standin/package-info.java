/**
 * The dbbench ArangoDB stand-in (not ArangoDB): the part of ArangoDB 3.12's HTTP API the two
 * ArangoDB studies use, run in a JVM of its own.
 *
 * <p>The ArangoDB room's lower floor: imports the ground floor ({@code core}, {@code load}) only,
 * never the family package above it.
 */
package io.dbbench.arango.standin;
