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
  /**
   * {@code PUT /_api/document/{c}?onlyget=true} with every key, the documents in key order (the
   * Java driver's {@code getDocuments(keys, type)}; the Go driver's {@code Collection.ReadDocuments},
   * which its current V1 {@code BulkRead100KDocs/ReadAllDocsOnce} times). Benchmark method {@code readByKeys}.
   */
  READ_BY_KEYS,
  /** {@code PATCH /_api/document/{c}?silent=true&ignoreRevs=true} with all updates (UpdateAllDocsOnce). */
  UPDATE,
  /** {@code DELETE /_api/document/{c}?silent=true} with all keys (DeleteAllDocsOnce; the re-insert is outside the timing). */
  DELETE;

  /** The benchmark method named for this operation: {@code insert}, {@code read}, {@code readByKeys}, {@code update}, {@code delete}. */
  public String method() {
    StringBuilder b = new StringBuilder();
    boolean upper = false;
    for (char c : name().toCharArray()) {
      if (c == '_') {
        upper = true;
      } else {
        b.append(upper ? c : Character.toLowerCase(c));
        upper = false;
      }
    }
    return b.toString();
  }

  /** The operation a benchmark method is named for ({@code insert}, {@code read}, {@code readByKeys}, ...). */
  public static BulkOperation ofMethod(String method) {
    for (BulkOperation o : values()) {
      if (o.method().equals(method)) {
        return o;
      }
    }
    throw new IllegalArgumentException("'" + method + "' is not a bulk operation; expected insert, read, readByKeys, update"
        + " or delete");
  }
}
