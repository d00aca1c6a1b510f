package io.dbbench.report.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dbbench.core.ForkSchedule;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Two identical variants compared while the machine drifts on purpose (simulated timings: each
 * fork's time per op is 1 ms times a machine factor that rises with the fork's slot in the run,
 * plus 1% noise). Interleaved in ABBA order and paired, the comparison must give no verdict; run
 * as two consecutive blocks (all A forks, then all B forks), the same machine makes the unpaired
 * test over forks call a difference that is not there.
 */
class DriftTest {
  private static final int PAIRS = 10;

  /** Forks of side {@code side} in slot order, each the iteration times of one fork under the drifting machine. */
  private static double[][][] simulate(String order, double driftPerSlot, long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    double[][] a = new double[PAIRS][];
    double[][] b = new double[PAIRS][];
    int na = 0;
    int nb = 0;
    for (int slot = 0; slot < order.length(); slot++) {
      double machine = 1 + driftPerSlot * slot; // a CPU hog, thermal throttling, a neighbour: the same for A and B
      double[] fork = new double[3];
      for (int i = 0; i < fork.length; i++) {
        fork[i] = machine * (1 + 0.01 * (rnd.nextDouble() * 2 - 1)); // identical variants: 1 ms each
      }
      if (order.charAt(slot) == 'A') {
        a[na++] = fork;
      } else {
        b[nb++] = fork;
      }
    }
    return new double[][][] {a, b};
  }

  @Test
  void interleavedIdenticalVariantsGetNoVerdictUnderDriftWhileBlocksWould() {
    String interleaved = ForkSchedule.abba(PAIRS);
    String blocks = "A".repeat(PAIRS) + "B".repeat(PAIRS);
    assertTrue(ForkSchedule.alternates(interleaved));
    assertFalse(ForkSchedule.alternates(blocks));
    int falseVerdictsInterleaved = 0;
    int falseVerdictsBlocks = 0;
    for (long seed = 1; seed <= 20; seed++) {
      // the machine slows by 2% per fork slot: 40% over the run
      double[][][] i = simulate(interleaved, 0.02, seed);
      Stats.PairedChange paired = Stats.pairedChange(i[0], i[1]);
      assertTrue(paired.judgeable(), "10 pairs give an interval");
      falseVerdictsInterleaved += paired.significant() ? 1 : 0;
      double[][][] k = simulate(blocks, 0.02, seed);
      Stats.Change unpaired = Stats.change(k[0], k[1]);
      falseVerdictsBlocks += unpaired.significant() ? 1 : 0;
    }
    // 20 seeds at a 5% level: at most a few false verdicts by chance when interleaved; blocks always err
    assertTrue(falseVerdictsInterleaved <= 2, falseVerdictsInterleaved + " of 20 interleaved comparisons called a change");
    assertEquals(20, falseVerdictsBlocks, "in blocks the drift reads as the variant's effect every time");
  }

  @Test
  void pairingBlocksDoesNotRescueThem() {
    // pairing fork i of A with fork i of B is only sound when they ran side by side: the same
    // block-ordered data, paired, still sees the drift (every pair differs by 10 slots of it)
    double[][][] k = simulate("A".repeat(PAIRS) + "B".repeat(PAIRS), 0.02, 7);
    assertTrue(Stats.pairedChange(k[0], k[1]).significant());
  }

  @Test
  void aRealDifferenceIsStillFoundWhenInterleaved() {
    String order = ForkSchedule.abba(PAIRS);
    double[][][] i = simulate(order, 0.02, 3);
    for (double[] fork : i[1]) {
      for (int j = 0; j < fork.length; j++) {
        fork[j] *= 1.10; // B costs 10% more
      }
    }
    Stats.PairedChange c = Stats.pairedChange(i[0], i[1]);
    assertTrue(c.significant(), "interval " + c.ciLow() + ".." + c.ciHigh());
    assertTrue(c.ciLow() < 10 && c.ciHigh() > 10, "the interval holds the true 10%: " + c.ciLow() + ".." + c.ciHigh());
  }

  @Test
  void abbaOrderAndPairsNeeded() {
    assertEquals("ABBAAB", ForkSchedule.abba(3));
    assertEquals("AB", ForkSchedule.abba(1));
    assertFalse(ForkSchedule.alternates("AABB"));
    assertFalse(ForkSchedule.alternates(""));
    assertTrue(ForkSchedule.alternates("BAAB"));
    Stats.PairedChange three = Stats.pairedChange(new double[][] {{1}, {1}, {1}}, new double[][] {{2}, {2}, {2}});
    assertFalse(three.judgeable(), "fewer than " + Stats.MIN_PAIRS + " pairs give no interval");
    assertEquals(100.0, three.changePct(), 1e-9);
    Stats.PairedChange noisy = Stats.pairedChange(new double[][] {{1}, {1}, {1}, {1}},
        new double[][] {{1.05}, {0.97}, {1.06}, {0.99}});
    assertTrue(noisy.pairsNeeded() > 4, "a small change in noisy pairs needs more of them: " + noisy.pairsNeeded());
  }
}
