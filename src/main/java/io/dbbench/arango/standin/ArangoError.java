package io.dbbench.arango.standin;

/**
 * An ArangoDB error answer: HTTP status, {@code errorNum} and {@code errorMessage}, sent as
 * {@code {"error":true,"errorNum":N,"errorMessage":"...","code":HTTP}} (arangod's
 * {@code sendErrorResponse}; numbers and texts from docs-hugo {@code site/data/3.12/errors.yaml}).
 */
final class ArangoError extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** ERROR_INTERNAL. */
  static final int INTERNAL = 4;
  /** ERROR_BAD_PARAMETER. */
  static final int BAD_PARAMETER = 10;
  /** ERROR_HTTP_BAD_PARAMETER. */
  static final int HTTP_BAD_PARAMETER = 400;
  /** ERROR_HTTP_UNAUTHORIZED. */
  static final int HTTP_UNAUTHORIZED = 401;
  /** ERROR_HTTP_NOT_FOUND. */
  static final int HTTP_NOT_FOUND = 404;
  /** ERROR_HTTP_METHOD_NOT_ALLOWED. */
  static final int HTTP_METHOD_NOT_ALLOWED = 405;
  /** ERROR_HTTP_CORRUPTED_JSON. */
  static final int CORRUPTED_JSON = 600;
  /** ERROR_ARANGO_CONFLICT. */
  static final int CONFLICT = 1200;
  /** ERROR_ARANGO_DOCUMENT_NOT_FOUND. */
  static final int DOCUMENT_NOT_FOUND = 1202;
  /** ERROR_ARANGO_DATA_SOURCE_NOT_FOUND. */
  static final int DATA_SOURCE_NOT_FOUND = 1203;
  /** ERROR_ARANGO_COLLECTION_PARAMETER_MISSING. */
  static final int COLLECTION_PARAMETER_MISSING = 1204;
  /** ERROR_ARANGO_DOCUMENT_HANDLE_BAD. */
  static final int DOCUMENT_HANDLE_BAD = 1205;
  /** ERROR_ARANGO_DUPLICATE_NAME. */
  static final int DUPLICATE_NAME = 1207;
  /** ERROR_ARANGO_ILLEGAL_NAME. */
  static final int ILLEGAL_NAME = 1208;
  /** ERROR_ARANGO_UNIQUE_CONSTRAINT_VIOLATED. */
  static final int UNIQUE_CONSTRAINT_VIOLATED = 1210;
  /** ERROR_ARANGO_INDEX_NOT_FOUND. */
  static final int INDEX_NOT_FOUND = 1212;
  /** ERROR_ARANGO_DOCUMENT_KEY_BAD. */
  static final int DOCUMENT_KEY_BAD = 1221;
  /** ERROR_ARANGO_DOCUMENT_KEY_MISSING. */
  static final int DOCUMENT_KEY_MISSING = 1226;
  /** ERROR_ARANGO_DOCUMENT_TYPE_INVALID. */
  static final int DOCUMENT_TYPE_INVALID = 1227;
  /** ERROR_ARANGO_DATABASE_NOT_FOUND. */
  static final int DATABASE_NOT_FOUND = 1228;
  /** ERROR_ARANGO_DATABASE_NAME_INVALID. */
  static final int DATABASE_NAME_INVALID = 1229;
  /** ERROR_ARANGO_USE_SYSTEM_DATABASE. */
  static final int USE_SYSTEM_DATABASE = 1230;
  /** ERROR_QUERY_PARSE. */
  static final int QUERY_PARSE = 1501;
  /** ERROR_QUERY_BIND_PARAMETER_MISSING. */
  static final int QUERY_BIND_PARAMETER_MISSING = 1551;
  /** ERROR_QUERY_BIND_PARAMETER_UNDECLARED. */
  static final int QUERY_BIND_PARAMETER_UNDECLARED = 1552;
  /** ERROR_CURSOR_NOT_FOUND. */
  static final int CURSOR_NOT_FOUND = 1600;
  /** ERROR_QUEUE_FULL (arangod CommTask, when the scheduler's bounded queue refuses a request). */
  static final int QUEUE_FULL = 21003;
  /** ERROR_QUEUE_TIME_REQUIREMENT_VIOLATED. */
  static final int QUEUE_TIME_VIOLATED = 21004;

  final int httpStatus;
  final int errorNum;

  ArangoError(int httpStatus, int errorNum, String errorMessage) {
    super(errorMessage, null, false, false);
    this.httpStatus = httpStatus;
    this.errorNum = errorNum;
  }
}
