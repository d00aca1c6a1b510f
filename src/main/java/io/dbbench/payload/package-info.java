/**
 * The WMPayload study: an HTTP JSON payload service on MongoDB under 100 concurrent clients, with
 * and without an index, closed and open loop. Both of its families live here: {@code PayloadFamily}
 * (through the service) and {@code MongoFamily} (the same operations straight through the driver,
 * to split the service's cost from the database's; its benchmark class stays
 * {@code io.dbbench.mongo.MongoDriverBenchmark}), with the study's documents, the collection and
 * service fixtures, the service itself and the report form.
 *
 * <p>Middle floor: imports the ground floor and {@code mongo} (the one arrow
 * {@code payload -> mongo}).
 */
package io.dbbench.payload;
