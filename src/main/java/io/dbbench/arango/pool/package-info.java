/**
 * The client connection-pool study (ArangoDB II: point queries over 200,000 documents, pool sizes
 * against raw HTTP, "did not finish" accounting): the documents and ids, the clients, a shot and
 * its DNF causes, the fixture, the study's knobs and its report form ({@code study.json} beside it
 * holds the study's published table).
 *
 * <p>Inside the ArangoDB room: imports {@code arango.server} and the ground floor; never
 * {@code arango} (the family above) or {@code arango.bulk}.
 */
package io.dbbench.arango.pool;
