package io.dbbench.arango.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PoolSettingsTest {
  @Test
  void defaultsAreTheStudysConditions() {
    PoolSettings s = PoolSettings.parse(Map.of());
    assertEquals(0.1, s.missShare());
    assertEquals(300_000L, s.shotDeadlineMillis());
    assertEquals(0, s.standInWorkMillis());
    assertEquals(List.of(), s.standInArgs());
  }

  @Test
  void givenValuesAreParsedAndTheWorkDelayReachesTheStandIn() {
    PoolSettings s = PoolSettings.parse(Map.of(PoolSettings.MISS_SHARE, " 0.25 ", PoolSettings.SHOT_DEADLINE, "60",
        PoolSettings.STANDIN_WORK_MS, "30"));
    assertEquals(0.25, s.missShare());
    assertEquals(60_000L, s.shotDeadlineMillis());
    assertEquals(List.of("--model-query-ms", "30"), s.standInArgs());
    assertEquals(30, s.describe().get("standin_work_ms"));
    assertEquals(60L, s.describe().get("shot_deadline_s"));
    assertEquals(3_000_000_000L, PoolSettings.parse(Map.of(PoolSettings.SHOT_DEADLINE, "3000000")).shotDeadlineMillis(),
        "a deadline has no upper bound");
  }

  @Test
  void theBenchmarksParameterSetsTheModelledTimeUnlessTheSettingDisagrees() {
    PoolSettings none = PoolSettings.parse(Map.of());
    assertEquals(none, none.withModelledServerMs(0));
    assertEquals(List.of("--model-query-ms", "20"), none.withModelledServerMs(20).standInArgs());
    PoolSettings env = PoolSettings.parse(Map.of(PoolSettings.STANDIN_WORK_MS, "20"));
    assertEquals(env, env.withModelledServerMs(20));
    assertEquals(env, env.withModelledServerMs(0));
    assertEquals("modelledServerMs=31 and DBBENCH_ARANGO_STANDIN_WORK_MS=20 disagree: set the modelled server time in one place",
        assertThrows(IllegalArgumentException.class, () -> env.withModelledServerMs(31)).getMessage());
    assertEquals("modelledServerMs=-1: expected 0 to 10000 ms",
        assertThrows(IllegalArgumentException.class, () -> none.withModelledServerMs(-1)).getMessage());
    assertEquals("dbbench ArangoDB stand-in with modelled 20 ms server time per point query (a model, not ArangoDB)",
        PoolSettings.modelLabel(20));
  }

  @Test
  void badValuesAreRefusedNamingTheSettingAndTheValue() {
    for (Map.Entry<String, String> bad : List.of(Map.entry(PoolSettings.MISS_SHARE, "1.5"),
        Map.entry(PoolSettings.MISS_SHARE, "ten percent"), Map.entry(PoolSettings.SHOT_DEADLINE, "0"),
        Map.entry(PoolSettings.STANDIN_WORK_MS, "-1"), Map.entry(PoolSettings.STANDIN_WORK_MS, "20000"))) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> PoolSettings.parse(Map.of(bad.getKey(), bad.getValue())), bad.toString());
      assertTrue(e.getMessage().contains(bad.getKey() + "='" + bad.getValue() + "'"), e.getMessage());
      assertTrue(e.getMessage().contains("expected"), e.getMessage());
    }
    assertEquals("DBBENCH_ARANGO_MISS_SHARE='1.5' is not a share; expected a number from 0 to 1, e.g."
        + " DBBENCH_ARANGO_MISS_SHARE=0.1", assertThrows(IllegalArgumentException.class,
            () -> PoolSettings.parse(Map.of(PoolSettings.MISS_SHARE, "1.5"))).getMessage());
    assertEquals("DBBENCH_ARANGO_SHOT_DEADLINE_S='0' is not a number of seconds of at least 1; expected e.g."
        + " DBBENCH_ARANGO_SHOT_DEADLINE_S=300", assertThrows(IllegalArgumentException.class,
            () -> PoolSettings.parse(Map.of(PoolSettings.SHOT_DEADLINE, "0"))).getMessage());
  }
}
