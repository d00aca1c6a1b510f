package io.dbbench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dbbench.core.BenchmarkFamily;
import io.dbbench.core.FamilySettings;
import io.dbbench.core.Mode;
import io.dbbench.core.Probe;
import io.dbbench.toy.ToyFamily;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link FamilyFacts}: the families whose benchmarks ran, each with its probe's facts, and no other. */
class FamilyFactsTest {
  /** A family whose system cannot be reached. */
  private static final BenchmarkFamily ABSENT = new BenchmarkFamily() {
    @Override
    public String id() {
      return "absent";
    }

    @Override
    public String title() {
      return "Absent";
    }

    @Override
    public Probe probe() {
      return Probe.unavailable("no server at localhost:1", Map.of("target", "localhost:1"));
    }

    @Override
    public FamilySettings settings(Mode mode) {
      return FamilySettings.builder().build();
    }
  };

  @Test
  void onlyTheFamiliesOfTheNamedBenchmarksAreProbedEachWithItsFactsOrWhyItIsAbsent() {
    List<BenchmarkFamily> families = List.of(new ToyFamily(), ABSENT);
    assertEquals(Map.of("toy", Map.of("available", true, "facts", Map.of("backend", "in-process toy"))),
        FamilyFacts.of(List.of(ToyFamily.WORK), families));
    assertEquals(Map.of("absent", Map.of("available", false, "reason", "no server at localhost:1",
        "facts", Map.of("target", "localhost:1"))),
        FamilyFacts.of(List.of("io.dbbench.absent.SomeBenchmark.run"), families));
    assertEquals(Map.of(), FamilyFacts.of(List.of("io.dbbench.other.X.y"), families), "no family ran: nothing");
  }
}
