package io.dbbench.graph;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * What every graph benchmark's database state shares: the {@code engine} and {@code client}
 * {@code @Param}s, the trial's {@link GraphFixture} and the name of the benchmark it serves.
 * JMH inherits {@code @Param} fields and {@code @Setup} methods from a state's superclasses, so
 * {@link GraphReadBenchmark.Graph}, {@link GraphWriteBenchmark.Db} and
 * {@link GraphdThroughputBenchmark.Group} declare the two parameters once, here, under the same
 * names and values as before. Annotated as a state because JMH takes a {@code @Param} only in a
 * {@code @State} class.
 */
@State(Scope.Benchmark)
public abstract class GraphEngineState {
  /**
   * The embedded database ({@link GraphEngine}): {@code kuzu} (Kuzu 0.11, the default) or
   * {@code ladybug} (LadybugDB 0.14, graphd's engine, in a build with it: {@code -p engine=kuzu,ladybug}).
   */
  @Param({"kuzu"})
  public String engine = "kuzu";

  /**
   * How the benchmark reaches the engine ({@link GraphClient}): {@code javaApi} (the engine's Java
   * API, JNI; the default) or {@code cApi} (LadybugDB's C API through the FFM API, JDK 22+, with
   * {@code engine=ladybug} and {@code liblbug.so} from scripts/build-ladybug.sh:
   * {@code -p engine=ladybug -p client=javaApi,cApi}). Both run the same queries and verify the same rows.
   */
  @Param({"javaApi"})
  public String client = "javaApi";

  /** The trial's database (template and copies); null before set-up and after the trial's tear-down. */
  GraphFixture fixture;
  /** The benchmark's full method name, for error messages. */
  String benchmark;

  /** Builds the trial's database ({@link #open(String)}); fails with the path or query on any error. */
  @Setup(Level.Trial)
  public void open(BenchmarkParams params) {
    open(params.getBenchmark());
  }

  /**
   * As the JMH set-up, for tests: {@code benchmark} is the benchmark's full method name. Builds the
   * fixture ({@link #openFixture}) from the environment's {@link GraphSettings}, then hands the
   * settings to {@link #opened}.
   *
   * @throws IllegalArgumentException when {@code engine} or {@code client} names no engine or client
   */
  void open(String benchmark) {
    this.benchmark = benchmark;
    GraphSettings settings = GraphSettings.fromEnvironment();
    fixture = openFixture(GraphEngine.parse(engine), GraphClient.parse(client), settings);
    opened(settings);
  }

  /** The state's database on {@code engine} through {@code client}: its preload in a fresh trial directory. */
  abstract GraphFixture openFixture(GraphEngine engine, GraphClient client, GraphSettings settings);

  /** What the state prepares once its fixture is open (statements, seeded tables); nothing by default. */
  void opened(GraphSettings settings) {}

  /**
   * Closes the fixture, deleting the trial directory, if one was opened; the field keeps it, so a
   * test can still name the directory afterwards.
   */
  void closeFixture() {
    if (fixture != null) {
      fixture.close();
    }
  }
}
