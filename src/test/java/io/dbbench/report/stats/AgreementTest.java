package io.dbbench.report.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Verdicts that weigh magnitude: reproduced, N x smaller or larger, opposite, no effect here, a bound named. */
class AgreementTest {
  private static final double BAND = 1 + Agreement.EQUIVALENCE_PCT / 100;

  private static Agreement.Verdict ratio(double lo, double hi, double published, Bound bound) {
    return Agreement.agreeComparison(true, lo, hi, Agreement.StudyFigure.of(published), bound, "n forks");
  }

  @Test
  void theSlightSpeedUpAgainstThePoolStudysIsSameDirectionAndThirtyTimesSmaller() {
    // 1.03x [1.01, 1.05] against 4.64x: the figure widened by 5% starts at 4.64 / 1.05 = 4.419
    Agreement.Verdict v = ratio(1.01, 1.05, 4.64, null);
    assertEquals(Agreement.SMALLER, v.agreement(), v.note());
    assertEquals(Math.log(4.64 / BAND) / Math.log(1.05), v.factor(), 1e-12, "ln 4.419 / ln 1.05");
    assertEquals("same direction, 30.5x smaller", v.text());
    assertTrue(v.note().contains("widened by ±5% (dbbench's equivalence band) is [4.42x, 4.87x]"), v.note());
    assertNull(v.bound());
  }

  @Test
  void anIntervalOverlappingTheWidenedFigureReproducesIt() {
    assertEquals(Agreement.REPRODUCED, ratio(4.0, 4.5, 4.64, null).agreement());
    // the interval's top end 4.43 just reaches the widened figure's low end 4.419
    assertEquals(Agreement.REPRODUCED, ratio(3.0, 4.43, 4.64, null).agreement());
    Agreement.Verdict justShort = ratio(3.0, 4.40, 4.64, null);
    assertEquals(Agreement.SMALLER, justShort.agreement());
    assertEquals(Math.log(4.64 / BAND) / Math.log(4.40), justShort.factor(), 1e-12);
    assertEquals(Agreement.REPRODUCED, ratio(4.8, 6.0, 4.64, null).agreement(), "4.8 is below 4.64 x 1.05 = 4.872");
    // an interval that overlaps the figure but includes no change decides nothing
    assertEquals(Agreement.CANNOT_TELL, ratio(0.9, 5.0, 4.64, null).agreement());
  }

  @Test
  void aLargerEffectIsNamedWithItsFactor() {
    Agreement.Verdict v = ratio(8, 9, 4.64, null);
    assertEquals(Agreement.LARGER, v.agreement());
    assertEquals(Math.log(8) / Math.log(4.64 * BAND), v.factor(), 1e-12, "ln 8 / ln 4.872");
    assertEquals("same direction, 1.31x larger", v.text());
  }

  @Test
  void aChangeInTimeIsWeighedAsTheRatioOfTheChanges() {
    // [-20, -5]% against -43.7%: widened by 5 points to [-48.7, -38.7]; 38.7 / 20 points
    Agreement.Verdict v = Agreement.agreeComparison(false, -20, -5, -43.7, "n");
    assertEquals(Agreement.SMALLER, v.agreement());
    assertEquals(38.7 / 20, v.factor(), 1e-12);
    assertEquals("same direction, 1.94x smaller", v.text());
    assertEquals(Agreement.REPRODUCED, Agreement.agreeComparison(false, -42, -37, -43.7, "n").agreement());
    Agreement.Verdict larger = Agreement.agreeComparison(false, -80, -60, -43.7, "n");
    assertEquals(Agreement.LARGER, larger.agreement());
    assertEquals(60 / 48.7, larger.factor(), 1e-12);
    // a slow-down the study published: the figure's side is above no change
    assertEquals(Agreement.SMALLER, Agreement.agreeComparison(false, 8, 12, 53.5, "n").agreement());
    assertEquals(Agreement.OPPOSITE, Agreement.agreeComparison(false, -12, -8, 53.5, "n").agreement());
  }

  @Test
  void oppositeNoEffectAndCannotTell() {
    assertEquals(Agreement.OPPOSITE, ratio(0.5, 0.9, 35.4, null).agreement());
    assertEquals(Agreement.OPPOSITE, Agreement.agreeComparison(false, 5, 20, -43.7, "n").agreement());
    // magnitude weighed: the Go study's -43.73% against +0.77% to +10.60% here, the study's widened by 5 points
    Agreement.Verdict opposite = Agreement.agreeComparison(false, 0.77, 10.60, -43.73, "n");
    assertEquals(Agreement.OPPOSITE, opposite.agreement());
    assertEquals(38.73 / 10.60, opposite.factor(), 1e-9);
    assertEquals("opposite direction, 3.65x smaller", opposite.text());
    assertTrue(opposite.note().contains("the study's is at least 3.65x this run's largest, in the other direction"),
        opposite.note());
    // an effect in the other direction as large as the study's: no factor to give
    Agreement.Verdict asLarge = Agreement.agreeComparison(false, 30, 60, -43.73, "n");
    assertEquals(Agreement.OPPOSITE, asLarge.agreement());
    assertTrue(Double.isNaN(asLarge.factor()));
    assertEquals("opposite direction", asLarge.text());
    Agreement.Verdict none = ratio(0.97, 1.04, 4.64, null);
    assertEquals(Agreement.NO_EFFECT, none.agreement(), "inside ±5% of no change while the study found 4.64x");
    assertEquals("no effect here", none.text());
    assertEquals(Agreement.NO_EFFECT, Agreement.agreeComparison(false, -3, 4, -43.7, "n").agreement());
    Agreement.Verdict notHere = ratio(0.9, 1.3, 4.64, null);
    assertEquals(Agreement.NOT_REPRODUCED, notHere.agreement(), "includes no change, wholly below the widened 4.64x");
    assertEquals("not reproduced, " + io.dbbench.report.stats.Finding.ratio(Math.log(4.64 / 1.05) / Math.log(1.3))
        + " smaller or none", notHere.text());
    Agreement.Verdict bulk = Agreement.agreeComparison(false, -1.0, 8.2, -43.73, "n");
    assertEquals("not reproduced, 38.7x smaller or none", bulk.text(), bulk.note());
    Agreement.Verdict unsure = ratio(0.5, 6.0, 4.64, null);
    assertEquals(Agreement.CANNOT_TELL, unsure.agreement());
    assertTrue(unsure.note().contains("a verdict needs n forks"), unsure.note());
    assertEquals(Agreement.CANNOT_TELL, ratio(Double.NaN, Double.NaN, 4.64, null).agreement());
    assertEquals(Agreement.NO_FIGURE, ratio(1.2, 1.3, Double.NaN, null).agreement());
    // a study that found no effect is reproduced by an interval inside the band
    assertEquals(Agreement.REPRODUCED, ratio(0.99, 1.02, 1.01, null).agreement());
  }

  @Test
  void aBoundThatKeepsTheStudysFigureOutOfReachIsNamed() {
    // no pool can finish more than 1.6x faster on 2 cores: 4.64x is out of reach
    Bound cores = new Bound("2 cores", 1.6, "server CPU per query 20 ms x 500 queries / 2 cores");
    Agreement.Verdict v = ratio(1.01, 1.05, 4.64, cores);
    assertEquals(Agreement.SMALLER, v.agreement());
    assertEquals(cores, v.bound());
    assertEquals("same direction, 30.5x smaller; bounded by 2 cores", v.text());
    assertTrue(v.note().contains("the most it can show here is 1.60x (server CPU per query 20 ms x 500 queries / 2 cores)"
        + ", below the study's widened figure"), v.note());
    assertEquals("no effect here; bounded by 2 cores", ratio(0.98, 1.03, 4.64, cores).text());
    // a bound without a figure: the form's word decides
    assertEquals("same direction, 30.5x smaller; bounded by the collection lock",
        ratio(1.01, 1.05, 4.64, Bound.named("the collection lock")).text());
    // a bound above the study's figure does not explain the gap, and a reproduction needs none
    Agreement.Verdict high = ratio(1.01, 1.05, 4.64, new Bound("2 cores", 6.0, ""));
    assertEquals("same direction, 30.5x smaller", high.text());
    assertTrue(high.note().contains("the bound does not explain the gap"), high.note());
    assertEquals("reproduced", ratio(4.0, 4.5, 4.64, Bound.named("2 cores")).text());
    assertThrows(IllegalArgumentException.class, () -> new Bound(" ", 1, ""));
  }

  @Test
  void aFigureThatIsNotTheEffectIsNotComparableAndSaysWhy() {
    Agreement.StudyFigure failed = new Agreement.StudyFigure(35.4, Agreement.EQUIVALENCE_PCT, "",
        "the study's 35x is not an index effect (every indexed request failed)", "source: README");
    Agreement.Verdict v = Agreement.agreeComparison(true, 9.7, 15.4, failed, null, "n");
    assertEquals(Agreement.NOT_COMPARABLE, v.agreement());
    assertEquals("not comparable: the study's 35x is not an index effect (every indexed request failed)", v.text());
    assertTrue(v.note().contains("(source: README)"), v.note());
    // ln 33.7 / ln 15.4: on the log scale 15.4x is an effect 1.29 times smaller than 33.7x
    assertTrue(v.note().endsWith("on the figure alone: same direction, 1.29x smaller"), v.note());
    assertEquals(Agreement.NOT_COMPARABLE,
        Agreement.agreeComparison(true, Double.NaN, Double.NaN, failed, null, "n").agreement());
  }

  @Test
  void aStudysOwnBandWidensItsFigureAndIsNamed() {
    Agreement.StudyFigure wide = new Agreement.StudyFigure(4.64, 50, "its four query counts span 4.59x-4.68x", "", "");
    Agreement.Verdict v = Agreement.agreeComparison(true, 3.0, 3.5, wide, null, "n");
    assertEquals(Agreement.REPRODUCED, v.agreement(), "4.64 / 1.5 = 3.09");
    assertTrue(v.note().contains("widened by ±50% (the study's band: its four query counts span 4.59x-4.68x)"), v.note());
    assertThrows(IllegalArgumentException.class, () -> new Agreement.StudyFigure(4.64, -1, "", "", ""));
    assertThrows(IllegalArgumentException.class, () -> ratio(0, 1, 4.64, null), "a speed-up is above 0");
  }

  @Test
  void theValuesAreAClosedSetAndOldFilesValuesStillRead() {
    assertThrows(IllegalArgumentException.class, () -> new Agreement.Verdict("agrees", ""));
    assertTrue(Agreement.known("same direction", 1), "schema 1 wrote direction only");
    assertFalse(Agreement.known("same direction", 2), "schema 2 weighs magnitude");
    assertTrue(Agreement.known("same direction, smaller", 2));
    assertEquals("same direction", new Agreement.Verdict("same direction", "").text(), "an old verdict prints as it was");
  }

  @Test
  void cannotTellStillWeighsThePointEstimatesMagnitude() {
    Agreement.StudyFigure go = Agreement.StudyFigure.of(-43.7);
    // one fork: no interval; +10.9% against the Go study's -43.7% points the other way
    Agreement.Verdict opposite = Agreement.agreeComparison(false, 10.9, Double.NaN, Double.NaN, go, null, "n");
    assertEquals(Agreement.CANNOT_TELL, opposite.agreement(), "a point never decides the verdict");
    assertEquals("cannot tell; point estimate +10.90% in the opposite direction", opposite.text());
    // 10.9x against the pool study's 4.64x: ln 10.9 / ln 4.64 = 1.556
    Agreement.Verdict larger = Agreement.agreeComparison(true, 10.9, Double.NaN, Double.NaN,
        Agreement.StudyFigure.of(4.64), null, "n");
    assertEquals(Agreement.CANNOT_TELL, larger.agreement());
    assertEquals("cannot tell; point estimate 10.9x, 1.56x larger", larger.text());
    assertEquals("cannot tell; point estimate 1.50x, 3.79x smaller", Agreement.agreeComparison(true, 1.5,
        Double.NaN, Double.NaN, Agreement.StudyFigure.of(4.64), null, "n").text(), "ln 4.64 / ln 1.5");
    assertEquals("cannot tell; point estimate 4.50x at the study's figure", Agreement.agreeComparison(true, 4.5,
        Double.NaN, Double.NaN, Agreement.StudyFigure.of(4.64), null, "n").text());
    assertEquals("cannot tell; point estimate +2.00% inside the ±5% band of no change", Agreement.agreeComparison(
        false, 2, Double.NaN, Double.NaN, go, null, "n").text());
    // an interval that includes no change and overlaps the figure: the point reads its side
    Agreement.Verdict wide = Agreement.agreeComparison(false, -30, -60, 4, go, null, "n");
    assertEquals(Agreement.CANNOT_TELL, wide.agreement());
    assertEquals("cannot tell; point estimate -30.00%, 1.46x smaller", wide.text(), "43.7 / 30");
    // a verdict the interval decides carries no point reading
    assertEquals("same direction, 30.5x smaller", Agreement.agreeComparison(true, 1.03, 1.01, 1.05,
        Agreement.StudyFigure.of(4.64), null, "n").text());
    assertThrows(IllegalArgumentException.class, () -> Agreement.agreeComparison(true, 0, Double.NaN, Double.NaN,
        Agreement.StudyFigure.of(4.64), null, "n"), "a speed-up's point is above 0");
  }
}
