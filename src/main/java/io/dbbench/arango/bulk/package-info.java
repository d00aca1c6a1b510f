/**
 * The bulk CRUD study across protocols (the ArangoDB Go driver's V1/V2 100,000-document
 * benchmarks): the documents, the driver and raw HTTP clients, the per-trial fixture and the
 * study's report form ({@code study.json} beside it holds the Go study's published table).
 *
 * <p>Inside the ArangoDB room: imports {@code arango.server} and the ground floor; never
 * {@code arango} (the family above) or {@code arango.pool}.
 */
package io.dbbench.arango.bulk;
