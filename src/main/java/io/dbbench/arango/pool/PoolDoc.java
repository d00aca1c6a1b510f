package io.dbbench.arango.pool;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The part of a pooling-study document that the answer check reads, as both clients deserialise
 * it (the driver through its Jackson serde, the raw client through Jackson); other attributes are
 * ignored.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public final class PoolDoc {
  /** The document key, {@code tx_<i>}. */
  @JsonProperty("_key")
  public String key;

  /** The id the query filtered on. */
  @JsonProperty("EndToEndId")
  public String endToEndId;

  /** The amount, checked against the seeded document. */
  @JsonProperty("Amt")
  public double amount;

  @Override
  public String toString() {
    return "{_key=" + key + ", EndToEndId=" + endToEndId + ", Amt=" + amount + "}";
  }
}
