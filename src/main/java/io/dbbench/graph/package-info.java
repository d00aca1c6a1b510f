/**
 * The embedded graph database study: graphd's throughput benchmark against LadybugDB, on Kuzu
 * (LadybugDB's upstream), with GraphJ journaling.
 *
 * <p>Middle floor: imports the ground floor and {@code graphj} (the one arrow
 * {@code graph -> graphj}).
 */
package io.dbbench.graph;
