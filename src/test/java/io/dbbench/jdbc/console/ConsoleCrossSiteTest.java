package io.dbbench.jdbc.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.jdbc.GomessageSettings;
import io.dbbench.jdbc.JdbcSettings;
import io.dbbench.jdbc.JdbcTarget;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The console obeys only its own page: a cross-site GET (what an {@code <img>} on another site
 * sends) cannot start a test, and a request for another host name (DNS rebinding) is refused.
 * Requests are written on a raw socket, since the JDK client will not send a forged Host.
 */
class ConsoleCrossSiteTest {
  private static JdbcTarget target;
  private static ConsoleServer server;

  @BeforeAll
  static void start() throws Exception {
    GomessageSettings settings = GomessageSettings.defaults(JdbcSettings.embedded());
    target = JdbcTarget.open(settings.target());
    server = ConsoleServer.start(target, settings.withTable("GOMESSAGE_XSITE"), ConsoleApiTest.SMALL, "127.0.0.1", 0);
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
    if (target != null) {
      target.close();
    }
  }

  /** One HTTP/1.1 request with exactly these header lines; returns the status line's code and the whole answer. */
  private static String[] raw(String method, String path, String... headers) throws Exception {
    URI u = server.uri();
    try (Socket s = new Socket(u.getHost(), u.getPort())) {
      StringBuilder req = new StringBuilder(method + " " + path + " HTTP/1.1\r\n");
      for (String h : headers) {
        req.append(h).append("\r\n");
      }
      req.append("Content-Length: 0\r\nConnection: close\r\n\r\n");
      OutputStream out = s.getOutputStream();
      out.write(req.toString().getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = s.getInputStream();
      String answer = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      return new String[] {answer.substring(9, 12), answer};
    }
  }

  private static String self() {
    return "Host: 127.0.0.1:" + server.uri().getPort();
  }

  @Test
  void aCrossSiteGetStartsNoTest() throws Exception {
    String[] a = raw("GET", "/test/BulkSeq?batchcount=1&batchsize=10", self(), "Sec-Fetch-Site: cross-site",
        "Sec-Fetch-Mode: no-cors");
    assertEquals("403", a[0], a[1]);
    assertTrue(a[1].contains("Sec-Fetch-Site"), a[1]);
    String[] b = raw("GET", "/test/BulkSeq?batchcount=1&batchsize=10", self(), "Origin: http://evil.example");
    assertEquals("403", b[0], b[1]);
    // nothing ran: the history is still empty
    String[] h = raw("GET", "/api/history", self());
    assertEquals("200", h[0], h[1]);
    assertTrue(!h[1].contains("BulkSeq"), "a refused request ran: " + h[1]);
  }

  @Test
  void anotherHostNameIsRefusedEvenWithAMatchingOrigin() throws Exception {
    int port = server.uri().getPort();
    String[] a = raw("GET", "/api/info", "Host: evil.example:" + port);
    assertEquals("421", a[0], a[1]);
    String[] b = raw("POST", "/db/createTable", "Host: rebind.evil.example:" + port,
        "Origin: http://rebind.evil.example:" + port);
    assertEquals("421", b[0], b[1]);
    String[] c = raw("GET", "/api/info", "Host: 127.0.0.1:" + (port + 1));
    assertEquals("421", c[0], "another port is another origin: " + c[1]);
  }

  @Test
  void theConsolesOwnPageAndCommandLineClientsStillWork() throws Exception {
    int port = server.uri().getPort();
    assertEquals("200", raw("GET", "/api/info", "Host: localhost:" + port, "Sec-Fetch-Site: same-origin")[0]);
    String[] post = raw("POST", "/db/createTable", self(), "Origin: http://127.0.0.1:" + port, "Sec-Fetch-Site: same-origin");
    assertEquals("200", post[0], post[1]);
    // curl: no Origin, no Sec-Fetch-Site
    String[] count = raw("GET", "/db/countRows", self());
    assertEquals("200", count[0], count[1]);
  }
}
