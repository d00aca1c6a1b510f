/**
 * How both ArangoDB studies reach a server: {@code ArangoSettings} (the parsed endpoints, auth,
 * CA, container and stand-in knobs), {@code ArangoTarget} (an opened server: a configured
 * ArangoDB, a Testcontainers ArangoDB or the stand-in JVM), {@code ArangoAdmin} (set-up and
 * verification requests outside every timing), {@code ArangoContainer} and {@code DriverFacts}
 * (the driver's effective connection and framing settings per protocol).
 *
 * <p>The ArangoDB room's shared floor: imports {@code arango.standin} and the ground floor only,
 * never the studies ({@code arango.bulk}, {@code arango.pool}) or the family above them.
 */
package io.dbbench.arango.server;
