/**
 * How the WMPayload study reaches MongoDB: {@code MongoTarget} (a real server, Testcontainers, or
 * the mongo-java-server stand-in {@code MongoStandIn} in its own JVM), the arrangement of processes,
 * collection helpers and the JSON/BSON conversion. It knows no study's documents or workload.
 *
 * <p>Middle floor: imports the ground floor only; {@code payload} builds on it.
 */
package io.dbbench.mongo;
