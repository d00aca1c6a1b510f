package io.dbbench.jdbc;

import io.dbbench.core.SettingsReader;
import java.net.SocketTimeoutException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLTimeoutException;
import java.util.Properties;
import java.util.concurrent.Executor;

/**
 * How long one database operation may take before the GOMESSAGE family calls the target hung,
 * so a frozen or lost database fails the benchmark with a message instead of hanging the run
 * until JMH's own 10-minute iteration timeout.
 *
 * <ul>
 *   <li>{@code socketSeconds} ({@code DBBENCH_JDBC_SOCKET_TIMEOUT_SECONDS}, default
 *       {@value #DEFAULT_SOCKET_SECONDS}): the longest wait for any answer from the server, set on
 *       every connection with JDBC's {@link Connection#setNetworkTimeout} (pgjdbc and ngdbc apply
 *       it to the socket; in-process H2 has none).
 *   <li>{@code statementSeconds} ({@code DBBENCH_JDBC_STATEMENT_TIMEOUT_SECONDS}, default
 *       {@value #DEFAULT_STATEMENT_SECONDS}): the longest one statement, {@code executeBatch} or
 *       COPY may take: {@link java.sql.Statement#setQueryTimeout} on every statement (the driver
 *       cancels it on the server), and for the operations that send a lot ({@code executeBatch},
 *       COPY, array binds) a watchdog that aborts the connection {@value #ABORT_GRACE_SECONDS} s
 *       later, because a client blocked writing into a frozen server's full socket buffer waits
 *       for no read timeout.
 * </ul>
 *
 * <p>The defaults are generous: the study's largest single operation, {@code many} at
 * {@code 1x1000000} (one {@code executeBatch} of a million rows), takes seconds to a minute.
 *
 * @param socketSeconds seconds without an answer from the server before an operation fails
 * @param statementSeconds seconds one statement, batch or COPY may run before it is cancelled
 */
public record JdbcTimeouts(int socketSeconds, int statementSeconds) {
  /** Default socket (read) timeout, seconds. */
  public static final int DEFAULT_SOCKET_SECONDS = 300;
  /** Default statement timeout, seconds. */
  public static final int DEFAULT_STATEMENT_SECONDS = 300;
  /** Seconds after the statement timeout at which the watchdog aborts the connection. */
  public static final int ABORT_GRACE_SECONDS = 5;

  /** Runs the driver's abort on the calling (watchdog) thread. */
  static final Executor DIRECT = Runnable::run;

  /**
   * @throws IllegalArgumentException naming the knob when a value is not positive
   */
  public JdbcTimeouts {
    if (socketSeconds < 1) {
      throw new IllegalArgumentException("DBBENCH_JDBC_SOCKET_TIMEOUT_SECONDS=" + socketSeconds
          + " must be a positive number of seconds, e.g. " + DEFAULT_SOCKET_SECONDS);
    }
    if (statementSeconds < 1) {
      throw new IllegalArgumentException("DBBENCH_JDBC_STATEMENT_TIMEOUT_SECONDS=" + statementSeconds
          + " must be a positive number of seconds, e.g. " + DEFAULT_STATEMENT_SECONDS);
    }
  }

  /** The defaults. */
  public static JdbcTimeouts defaults() {
    return new JdbcTimeouts(DEFAULT_SOCKET_SECONDS, DEFAULT_STATEMENT_SECONDS);
  }

  static JdbcTimeouts from(SettingsReader s) {
    return new JdbcTimeouts(s.getInt("DBBENCH_JDBC_SOCKET_TIMEOUT_SECONDS", DEFAULT_SOCKET_SECONDS),
        s.getInt("DBBENCH_JDBC_STATEMENT_TIMEOUT_SECONDS", DEFAULT_STATEMENT_SECONDS));
  }

  /** Milliseconds after which the watchdog aborts a long operation's connection. */
  long abortAfterMillis() {
    return (statementSeconds + (long) ABORT_GRACE_SECONDS) * 1000L;
  }

  /**
   * Driver properties that keep the timeouts short: pgjdbc's {@code cancelSignalTimeout} (seconds;
   * pgjdbc's default 10) at most the socket timeout, because when a statement timeout fires pgjdbc
   * sends a cancel request, and the timed-out call waits for that request to finish, which on a
   * frozen server takes the whole cancel timeout. A value the user set wins.
   */
  void addDriverProperties(Dialect dialect, Properties p) {
    if (dialect == Dialect.POSTGRESQL) {
      p.putIfAbsent("cancelSignalTimeout", Integer.toString(Math.min(10, socketSeconds)));
    }
  }

  /**
   * Sets the socket timeout on {@code c}; a driver without network timeouts (in-process H2) is fine.
   *
   * @throws SQLException from the driver
   */
  void applyTo(Connection c) throws SQLException {
    try {
      c.setNetworkTimeout(DIRECT, Math.toIntExact(Math.min(Integer.MAX_VALUE, socketSeconds * 1000L)));
    } catch (SQLFeatureNotSupportedException | UnsupportedOperationException noSocket) {
      // nothing to time out: the database runs in this process
    }
  }

  /**
   * What timed out, when {@code e} is a timeout: the socket wait, the statement timeout, or the
   * watchdog's abort; {@code null} for any other error.
   *
   * @param aborted whether the watchdog aborted the connection during the operation
   */
  String explain(SQLException e, boolean aborted) {
    if (aborted) {
      return "timed out: the operation ran past DBBENCH_JDBC_STATEMENT_TIMEOUT_SECONDS=" + statementSeconds
          + " (+" + ABORT_GRACE_SECONDS + " s) and its connection was aborted";
    }
    for (Throwable t = e; t != null; t = t.getCause() != null ? t.getCause()
        : t instanceof SQLException s ? s.getNextException() : null) {
      if (t instanceof SocketTimeoutException) {
        return "timed out: no answer from the server within DBBENCH_JDBC_SOCKET_TIMEOUT_SECONDS=" + socketSeconds
            + " s (a hung or frozen server?)";
      }
      if (t instanceof SQLTimeoutException || (t instanceof SQLException s && "57014".equals(s.getSQLState()))) {
        return "timed out: the statement ran past DBBENCH_JDBC_STATEMENT_TIMEOUT_SECONDS=" + statementSeconds
            + " s and was cancelled";
      }
    }
    return null;
  }
}
