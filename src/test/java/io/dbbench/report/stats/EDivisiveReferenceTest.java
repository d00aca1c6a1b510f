package io.dbbench.report.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * dbbench's E-Divisive against the reference implementation, MongoDB's
 * {@code signal-processing-algorithms} 2.1.6: {@code edivisive-reference.json} beside this class's
 * resources holds, for fixed series, the package's test statistic for every split and the change
 * points its {@code e_divisive} found (p ≤ 0.01, 999 permutations), written by
 * {@code edivisive-reference.py} there. The statistic must match to rounding; the change points
 * (a permutation test's, so random in both) must match on these series, whose steps are clear.
 */
class EDivisiveReferenceTest {
  @Test
  void theEnergyStatisticOfEverySplitAndTheChangePointsMatchTheReference() throws Exception {
    JsonNode ref;
    try (InputStream in = getClass().getResourceAsStream("edivisive-reference.json")) {
      ref = new ObjectMapper().readTree(in);
    }
    assertEquals("2.1.6", ref.path("version").asText());
    int compared = 0;
    for (JsonNode s : ref.path("series")) {
      double[] z = new double[s.path("values").size()];
      for (int i = 0; i < z.length; i++) {
        z[i] = s.path("values").get(i).asDouble();
      }
      double[] ours = EDivisive.qHats(z);
      JsonNode t = s.path("t");
      for (int i = 0; i < t.size(); i++) {
        if (t.get(i).isNull()) {
          assertTrue(Double.isNaN(ours[i]), s.path("name").asText() + " split " + i + ": the reference has none");
        } else {
          assertEquals(t.get(i).asDouble(), ours[i], 1e-9 * Math.max(1, Math.abs(ours[i])),
              s.path("name").asText() + " split " + i);
          compared++;
        }
      }
      List<Integer> expected = new ArrayList<>();
      s.path("change_points").forEach(c -> expected.add(c.asInt()));
      expected.sort(Integer::compare);
      List<Integer> found = new EDivisive(0.01, 999, 3, 42).changePoints(z).stream().map(EDivisive.ChangePoint::index)
          .toList();
      assertEquals(expected, found, s.path("name").asText());
    }
    assertTrue(compared > 100, "splits compared: " + compared);
  }
}
