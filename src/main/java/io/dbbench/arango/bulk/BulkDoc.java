package io.dbbench.arango.bulk;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Objects;

/**
 * The Go driver benchmarks' {@code TestDoc}: {@code {"_key": "doc_<i>", "name": "<i>", "value": i}}
 * (go-driver {@code test/benchmarks_test.go} @fd1f6ab). Server attributes ({@code _id},
 * {@code _rev}) are ignored when read back. Plain Jackson annotations, so the driver's JSON and
 * VelocyPack serdes and dbbench's raw HTTP client map it the same way.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"_key", "name", "value"})
public final class BulkDoc {
  /** {@code _key}, {@code doc_<i>}. */
  @JsonProperty("_key")
  public String key;
  /** {@code name}: the decimal string of i ({@code updated_<i>} after the update). */
  public String name;
  /** {@code value}: i ({@code i + 1} after the update). */
  public int value;

  /** For deserialisation. */
  public BulkDoc() {}

  /** A document with the given attributes. */
  public BulkDoc(String key, String name, int value) {
    this.key = key;
    this.name = name;
    this.value = value;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof BulkDoc d && Objects.equals(key, d.key) && Objects.equals(name, d.name) && value == d.value;
  }

  @Override
  public int hashCode() {
    return Objects.hash(key, name, value);
  }

  @Override
  public String toString() {
    return "{_key:" + key + ", name:" + name + ", value:" + value + "}";
  }
}
