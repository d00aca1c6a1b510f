/**
 * MongoDB: targets (a real server, Testcontainers, or the mongo-java-server stand-in in its own
 * JVM), collections, and the driver family that splits the WMPayload service's cost from the
 * database's.
 *
 * <p>Middle floor: imports the ground floor only; {@code payload} builds on it.
 */
package io.dbbench.mongo;
