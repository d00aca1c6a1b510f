package io.dbbench.graphj;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.core.FamilySettings;
import io.dbbench.core.Mode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The graphj family's AEAD provider sweep per mode, and the libcrypto fact it records. */
class GraphjFamilyTest {
  private final GraphjFamily family = new GraphjFamily();

  private static List<String> available() {
    List<String> out = new ArrayList<>();
    for (AeadProvider p : AeadProvider.values()) {
      if (p.unavailableReason().isEmpty()) {
        out.add(p.id());
      }
    }
    return out;
  }

  @Test
  void quickModeSweepsTheJdkAndLibcryptoProvidersWhereTheyRun() {
    FamilySettings quick = family.settings(Mode.QUICK);
    List<String> expected = new ArrayList<>(available());
    expected.retainAll(GraphjFamily.QUICK_PROVIDERS);
    assertEquals(expected, quick.params().get("provider"));
    assertFalse(quick.params().get("provider").contains("bc"), "bc runs in full mode only");
    assertEquals(List.of("3"), quick.params().get("level"));
  }

  @Test
  void fullModeSweepsEveryProviderThatRunsAndRecordsWhyAnyOtherIsLeftOut() {
    FamilySettings full = family.settings(Mode.FULL);
    boolean allRun = available().size() == AeadProvider.values().length;
    if (allRun) {
      assertEquals(null, full.params().get("provider"), "the class's own sweep: every declared provider");
      assertFalse(full.reductions().containsKey("provider"));
    } else {
      assertEquals(available(), full.params().get("provider"));
      String why = full.reductions().get("provider");
      for (AeadProvider p : AeadProvider.values()) {
        p.unavailableReason().ifPresent(r -> assertTrue(why.contains(p.id() + ": " + r), why));
      }
    }
  }

  @Test
  void factsNameLibcryptosVersionOrWhyItCannotRun() {
    Map<String, Object> facts = GraphjFamily.describe();
    String v = String.valueOf(facts.get("libcrypto"));
    if (AeadProvider.LIBCRYPTO.unavailableReason().isPresent()) {
      assertTrue(v.startsWith("unavailable: "), v);
    } else {
      assertTrue(v.startsWith("OpenSSL "), "OpenSSL_version's text: " + v);
    }
  }
}
