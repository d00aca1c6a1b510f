package io.dbbench.core;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * What dbbench's own HTTP services (the hdbinsert console, the WMPayload service) do alike on the
 * JDK's {@link HttpServer}: answer with a whole body after dropping what the client sent and the
 * handler did not read, and stop with their request threads.
 */
public final class HttpExchanges {
  private HttpExchanges() {}

  /**
   * Answers {@code status} with {@code body} as {@code contentType} (other headers the caller set
   * before stay), after dropping what the client sent that the handler did not read, so that a
   * keep-alive connection is positioned at the next request. Closes the response body.
   *
   * @param maxIgnoredBody bytes of an unread request body to drop before closing the connection instead
   * @throws IOException when the client went away
   */
  public static void send(HttpExchange ex, int status, String contentType, byte[] body, long maxIgnoredBody)
      throws IOException {
    discardUnreadBody(ex, maxIgnoredBody);
    ex.getResponseHeaders().set("Content-Type", contentType);
    ex.sendResponseHeaders(status, body.length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(body);
    }
  }

  /**
   * Reads and drops up to {@code maxBytes} of what the client sent but the handler did not read
   * (a refused body), so that a keep-alive connection is positioned at the next request; a longer
   * body sets {@code Connection: close} instead. Does nothing when the answer already closes the
   * connection.
   *
   * @throws IOException when the client went away
   */
  private static void discardUnreadBody(HttpExchange ex, long maxBytes) throws IOException {
    if ("close".equalsIgnoreCase(ex.getResponseHeaders().getFirst("Connection"))) {
      return;
    }
    InputStream in = ex.getRequestBody();
    byte[] buf = new byte[8192];
    long left = maxBytes;
    for (int n; left > 0 && (n = in.read(buf, 0, (int) Math.min(buf.length, left))) > 0; ) {
      left -= n;
    }
    if (left <= 0 && in.read() >= 0) {
      ex.getResponseHeaders().set("Connection", "close");
    }
  }

  /**
   * Stops {@code server} at once (exchanges still in flight are cut off), interrupts what is left
   * of {@code executor}'s request threads and waits up to five seconds for them to end.
   */
  public static void stop(HttpServer server, ExecutorService executor) {
    server.stop(0);
    executor.shutdownNow();
    try {
      executor.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
