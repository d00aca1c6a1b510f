package io.dbbench.arango.pool;

import com.arangodb.ArangoDBException;
import java.net.ConnectException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.util.concurrent.TimeoutException;

/**
 * Why a query of the pooling study failed, for "did not finish" accounting: the study marked a run
 * DNF ("queue fill from server side") when ArangoDB refused requests. A shot with any failed
 * query is DNF, counted per cause (the JMH secondary metric of the same name):
 *
 * <ul>
 *   <li>{@link #QUEUE_FULL}: HTTP 503 with errorNum 21003 "queue is full" (arangod's scheduler
 *       queue, {@code --server.maximal-queue-size}, default 4096);
 *   <li>{@link #QUEUE_TIME_VIOLATED}: HTTP 412 with errorNum 21004, the request's
 *       {@code x-arango-queue-time-seconds} limit exceeded;
 *   <li>{@link #TIMEOUT}: no answer within the shot's deadline (or the client's own timeout);
 *   <li>{@link #REFUSED}: the connection could not be opened;
 *   <li>{@link #OTHER}: any other failure (another status, a reset connection), with its message
 *       kept in the shot's record.
 * </ul>
 *
 * A wrong answer is not a cause: it fails the benchmark (see {@link PoolShot#checkAnswers}).
 */
public enum DnfCause {
  /** 503 / 21003. */
  QUEUE_FULL("queueFull"),
  /** 412 / 21004. */
  QUEUE_TIME_VIOLATED("queueTimeViolated"),
  /** Deadline or client timeout. */
  TIMEOUT("timeout"),
  /** Connection refused (or could not be opened in time). */
  REFUSED("refused"),
  /** Anything else. */
  OTHER("otherError");

  /** arangod's ERROR_QUEUE_FULL. */
  public static final int QUEUE_FULL_NUM = 21003;
  /** arangod's ERROR_QUEUE_TIME_REQUIREMENT_VIOLATED. */
  public static final int QUEUE_TIME_VIOLATED_NUM = 21004;

  /** The name of the JMH secondary metric (aux counter) and of the key in the DNF file. */
  public final String metric;

  DnfCause(String metric) {
    this.metric = metric;
  }

  /** The cause of an answer with HTTP {@code status} and ArangoDB {@code errorNum} (0 when none). */
  public static DnfCause of(int status, int errorNum) {
    if (errorNum == QUEUE_FULL_NUM || errorNum == 0 && status == 503) {
      return QUEUE_FULL;
    }
    if (errorNum == QUEUE_TIME_VIOLATED_NUM || errorNum == 0 && status == 412) {
      return QUEUE_TIME_VIOLATED;
    }
    return OTHER;
  }

  /**
   * The cause of {@code failure}, walking its causes: the driver's {@link ArangoDBException}
   * (response code and errorNum), {@link PoolQueryException} (the raw client's), timeouts, and
   * {@link ConnectException} (which Netty's connect failures extend).
   */
  public static DnfCause of(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof PoolQueryException q) {
        return of(q.status, q.errorNum);
      }
      if (t instanceof ArangoDBException a && a.getErrorNum() != null) {
        return of(a.getResponseCode() == null ? 0 : a.getResponseCode(), a.getErrorNum());
      }
      if (t instanceof HttpConnectTimeoutException || t instanceof ConnectException) {
        return REFUSED;
      }
      if (t instanceof HttpTimeoutException || t instanceof TimeoutException) {
        return TIMEOUT;
      }
    }
    return OTHER;
  }
}
