package io.dbbench.payload;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * The two template documents of the WMPayload study, shipped under
 * {@code src/main/resources/payload/} and produced by {@link PayloadDocumentGenerator} (a test
 * checks that the shipped bytes equal the generator's output). Every insert reuses the template
 * with a fresh UUID {@code id}, as the original service's clients did.
 *
 * <p>Constant names are lower case because they are the JMH {@code @Param doc} values.
 */
public enum PayloadDocument {
  /** A flat auto-generated document of about 1 KB (scalar fields only). */
  flat("payload/flat.json"),
  /**
   * A request-manager-like document of about 12 KB: nested objects, arrays of strings, numbers,
   * booleans and timestamps, shaped like a WMCore ReqMgr2 workflow request specification.
   */
  reqmgr2("payload/reqmgr2.json");

  private final String resource;
  private volatile byte[] bytes;

  PayloadDocument(String resource) {
    this.resource = resource;
  }

  /** Classpath resource name of the template, e.g. {@code payload/flat.json}. */
  public String resource() {
    return resource;
  }

  /**
   * The template as compact UTF-8 JSON (a copy; callers may keep it).
   *
   * @throws UncheckedIOException when the resource is missing from the classpath
   */
  public byte[] bytes() {
    byte[] b = bytes;
    if (b == null) {
      try (InputStream in = PayloadDocument.class.getClassLoader().getResourceAsStream(resource)) {
        if (in == null) {
          throw new UncheckedIOException(new IOException(
              "classpath resource " + resource + " is missing; rebuild with ./mvnw package"));
        }
        b = in.readAllBytes();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read classpath resource " + resource, e);
      }
      bytes = b;
    }
    return b.clone();
  }

  /** Size of the template in bytes (compact UTF-8 JSON, without the {@code id} field). */
  public int sizeBytes() {
    return bytes().length;
  }

  /** Lower-case hex SHA-256 of {@link #bytes()}, recorded in {@code env.json}. */
  public String sha256() {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes()));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK has no SHA-256", e);
    }
  }

  /**
   * The document named {@code name}.
   *
   * @throws IllegalArgumentException naming the value and the accepted ones
   */
  public static PayloadDocument of(String name) {
    for (PayloadDocument d : values()) {
      if (d.name().equals(name)) {
        return d;
      }
    }
    throw new IllegalArgumentException("unknown payload document '" + name + "'; expected one of "
        + Arrays.toString(values()));
  }
}
