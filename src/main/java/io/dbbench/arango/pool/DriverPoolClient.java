package io.dbbench.arango.pool;

import com.arangodb.ArangoCursorAsync;
import com.arangodb.ArangoDatabaseAsync;
import com.arangodb.model.AqlQueryOptions;
import io.dbbench.arango.server.ArangoTarget;
import io.dbbench.arango.server.DriverClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The pooling study through {@code arangodb-java-driver} 7.25.0's asynchronous API
 * ({@code ArangoDB.async()}), with {@code maxConnections} set and every other setting at the
 * driver's default: no timeout (so no {@code x-arango-queue-time-seconds} header, as arangojs
 * sent none), one Vert.x instance per connection, pipelining off. Requests beyond the pool's
 * slots wait inside the driver for a free one (HTTP/1.1: one per connection; HTTP/2: 32 streams
 * per connection), as arangojs queued beyond {@code maxSockets}. Each answer is one cursor batch
 * (the study's query returns at most one document); a cursor with more is drained.
 *
 * <p>Every query gets its own {@link AqlQueryOptions}: the driver writes the query text and bind
 * variables into the options object it is given and then serialises it
 * ({@code InternalArangoDatabase.queryRequest} via {@code OptionsBuilder.build}), so one options
 * object shared by concurrent calls sends one call's id with another's request.
 */
final class DriverPoolClient extends DriverClient implements PoolClient {
  private final ArangoDatabaseAsync db;

  DriverPoolClient(ArangoTarget target, Connection c) {
    super(target.driver(c.protocol()).maxConnections(c.maxConnections()).build());
    db = arango.async().db(PoolFixture.DATABASE);
  }

  @Override
  public CompletableFuture<List<PoolDoc>> query(String endToEndId) {
    return db.query(QUERY, PoolDoc.class, Map.of("id", endToEndId), new AqlQueryOptions().cache(false))
        .thenCompose(c -> drain(c, new ArrayList<>()));
  }

  private static CompletableFuture<List<PoolDoc>> drain(ArangoCursorAsync<PoolDoc> c, List<PoolDoc> into) {
    into.addAll(c.getResult());
    if (!Boolean.TRUE.equals(c.hasMore())) {
      return CompletableFuture.completedFuture(into);
    }
    return c.nextBatch().thenCompose(n -> drain(n, into));
  }
}
