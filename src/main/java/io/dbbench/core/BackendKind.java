package io.dbbench.core;

import java.util.Locale;

/**
 * What a family's benchmarks ran against, as the run manifest records it ({@code env.json}
 * {@code families.<id>.backend_kind}) and the report reads it: the product itself, in this JVM or
 * beside it ({@link #EMBEDDED}), a server of ours that speaks the product's protocol
 * ({@link #STAND_IN}, whose timings say what the client and the protocol cost, not the product),
 * or the product run as a server ({@link #REAL}).
 */
public enum BackendKind {
  /** The product's own code in-process or started by dbbench (GraphJ, Kuzu, the embedded PostgreSQL). */
  EMBEDDED,
  /** A stand-in for the product (mongo-java-server, the dbbench ArangoDB stand-in). */
  STAND_IN,
  /** The product as a server the user pointed dbbench at, or a container of it. */
  REAL;

  /** The manifest's word for the kind: {@code embedded}, {@code stand-in} or {@code real}. */
  public String word() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /**
   * The kind whose {@link #word()} is {@code word}.
   *
   * @throws IllegalArgumentException naming the word and the expected ones when it is none of them
   */
  public static BackendKind ofWord(String word) {
    for (BackendKind k : values()) {
      if (k.word().equals(word)) {
        return k;
      }
    }
    throw new IllegalArgumentException("backend kind '" + word + "': expected embedded, stand-in or real");
  }
}
