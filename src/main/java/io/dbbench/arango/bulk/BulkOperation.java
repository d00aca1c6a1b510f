package io.dbbench.arango.bulk;

/**
 * The bulk study's operations, each one request with every document (read: one cursor drained in
 * server batches of 1000), as the Go driver's benchmarks.
 */
public enum BulkOperation {
  /** {@code POST /_api/document/{c}?silent=true&overwriteMode=replace} with all documents (BenchmarkCreate). */
  INSERT,
  /** {@code FOR d IN c RETURN d} through a cursor, every document counted (ReadAllDocsOnce). */
  READ,
  /** {@code PATCH /_api/document/{c}?silent=true&ignoreRevs=true} with all updates (UpdateAllDocsOnce). */
  UPDATE,
  /** {@code DELETE /_api/document/{c}?silent=true} with all keys (DeleteAllDocsOnce; the re-insert is outside the timing). */
  DELETE;

  /** The operation a benchmark method is named for ({@code insert}, {@code read}, ...). */
  public static BulkOperation ofMethod(String method) {
    for (BulkOperation o : values()) {
      if (o.name().equalsIgnoreCase(method)) {
        return o;
      }
    }
    throw new IllegalArgumentException("'" + method + "' is not a bulk operation; expected insert, read, update or delete");
  }
}
