package io.dbbench.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The property that carries a shared server to the forks: its round trip, its refusals, and a server that has gone. */
class SharedServerTest {
  private static final long SELF = ProcessHandle.current().pid();

  @Test
  void theValueRoundTripsThroughItsProperty() {
    SharedServer s = new SharedServer("payload-service", "http://127.0.0.1:41234", SELF, "payload_abc");
    assertEquals("dbbench.shared.payload-service", s.property());
    assertEquals("http://127.0.0.1:41234;" + SELF + ";payload_abc", s.value());
    assertEquals(s, SharedServer.parse("payload-service", s.value()));
    assertEquals("", SharedServer.parse("x", "127.0.0.1:1;" + SELF + ";").key(), "an empty key is allowed");
  }

  @Test
  void badValuesAreRefusedNamingWhatWasExpected() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SharedServer.parse("x", "127.0.0.1:1;12"));
    assertTrue(e.getMessage().contains("'127.0.0.1:1;12'") && e.getMessage().contains("<address>;<pid>;<key>"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> SharedServer.parse("x", "127.0.0.1:1;pid;k"));
    assertTrue(e.getMessage().contains("pid 'pid'"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new SharedServer("X Y", "a", SELF, ""));
    assertThrows(IllegalArgumentException.class, () -> new SharedServer("x", "a b", SELF, ""));
    assertThrows(IllegalArgumentException.class, () -> new SharedServer("x", "a", SELF, "k;2"));
    assertThrows(IllegalArgumentException.class, () -> new SharedServer("x", "a", 0, ""));
    e = assertThrows(IllegalArgumentException.class, () -> SharedServer.key(List.of("--x", "a b")));
    assertTrue(e.getMessage().contains("'a b'"), e.getMessage());
    assertEquals("--server.maximal-threads,8", SharedServer.key(List.of("--server.maximal-threads", "8")));
  }

  @Test
  void aForkIsToldOfTheServerAndRefusesOneThatHasGone() throws Exception {
    String prop = SharedServer.PROPERTY_PREFIX + "test-server";
    try {
      assertTrue(SharedServer.given("test-server").isEmpty(), "no property, no shared server");
      System.setProperty(prop, "127.0.0.1:1;" + SELF + ";k");
      SharedServer s = SharedServer.given("test-server").orElseThrow();
      assertEquals(SELF, s.pid());
      assertTrue(s.cpuNanos() > 0, "this JVM has used CPU");
      Process p = new ProcessBuilder("true").start();
      p.waitFor();
      System.setProperty(prop, "127.0.0.1:1;" + p.pid() + ";k");
      IllegalStateException e = assertThrows(IllegalStateException.class, () -> SharedServer.given("test-server"));
      assertTrue(e.getMessage().contains("is not running") && e.getMessage().contains(String.valueOf(p.pid())), e.getMessage());
      assertEquals(-1, SharedServer.cpuNanos(p.pid()));
    } finally {
      System.clearProperty(prop);
    }
  }

  @Test
  void compactHeapRunsAFullCollectionInTheServersJvmAndNamesAServerThatHasGone() throws Exception {
    long before = collections();
    SharedServer self = new SharedServer("test-server", "127.0.0.1:1", SELF, "");
    assertTrue(self.compactHeap() > 0, "the time it took");
    assertTrue(collections() > before, "jcmd GC.run collected this JVM's heap");
    Process p = new ProcessBuilder("true").start();
    p.waitFor();
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> new SharedServer("gone-server", "127.0.0.1:1", p.pid(), "").compactHeap());
    assertTrue(e.getMessage().contains("gone-server") && e.getMessage().contains(String.valueOf(p.pid())), e.getMessage());
  }

  private static long collections() {
    return java.lang.management.ManagementFactory.getGarbageCollectorMXBeans().stream()
        .mapToLong(java.lang.management.GarbageCollectorMXBean::getCollectionCount).sum();
  }
}
