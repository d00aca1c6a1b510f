package io.dbbench.graph;

import java.util.Optional;
import org.junit.jupiter.api.Assumptions;

/**
 * The engine and client a graph benchmark test runs on, the {@code engine} and {@code client}
 * {@code @Param}s of {@link GraphEngineState}: Kuzu through its Java API by default; a test class
 * runs every test of its superclass on LadybugDB by also implementing {@link OnLadybug} (its Java
 * API) or {@link OnLadybugCApi} (its C API through FFM), whose defaults are the more specific.
 */
interface GraphTarget {
  /** The {@code engine} param: {@code kuzu} here. */
  default String engine() {
    return "kuzu";
  }

  /** The {@code client} param: {@code javaApi} here. */
  default String client() {
    return "javaApi";
  }

  /**
   * Skips the calling tests where the engine or client cannot run in this JVM, with the reason
   * (the engine's, or for {@code cApi} the missing {@code liblbug.so} and where it was looked for).
   */
  default void assumeAvailable() {
    Optional<String> why = GraphClient.parse(client()).unavailableReason(GraphEngine.parse(engine()));
    Assumptions.assumeTrue(why.isEmpty(), () -> why.orElseThrow());
  }

  /** {@code state} with this target's engine and client set, not yet opened. */
  default <S extends GraphEngineState> S on(S state) {
    state.engine = engine();
    state.client = client();
    return state;
  }

  /** LadybugDB, graphd's engine, through its Java API (JNI). */
  interface OnLadybug extends GraphTarget {
    @Override
    default String engine() {
      return "ladybug";
    }
  }

  /** LadybugDB through its C API ({@code liblbug.so} through the FFM API). */
  interface OnLadybugCApi extends OnLadybug {
    @Override
    default String client() {
      return "cApi";
    }
  }
}
