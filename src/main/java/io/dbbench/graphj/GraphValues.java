package io.dbbench.graphj;

import io.dbbench.graphj.proto.GraphValue;
import io.dbbench.graphj.proto.ListValue;
import io.dbbench.graphj.proto.MapEntry;
import io.dbbench.graphj.proto.MapValue;
import io.dbbench.graphj.proto.NullValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Converts between plain Java values and graphd's protobuf {@code GraphValue}: {@code null},
 * {@link Boolean}, integral numbers (as int64), {@link Float}/{@link Double} (as double),
 * {@link CharSequence}, {@link List} and {@code Map<String, ?>} (nested). Decoding yields
 * {@code null}, Boolean, Long, Double, String, {@code List<Object>}, {@code Map<String, Object>}
 * (insertion-ordered); graphd's result-only kinds (fields 8-11) decode to their raw bytes
 * wrapped in {@link UnknownValue}.
 */
public final class GraphValues {
  private GraphValues() {}

  /** A GraphValue kind this codec does not model (node, relationship, path, union), kept as bytes. */
  public record UnknownValue(byte[] encoded) {}

  /**
   * Encodes one Java value.
   *
   * @throws IllegalArgumentException naming the unsupported type
   */
  public static GraphValue encode(Object v) {
    GraphValue.Builder b = GraphValue.newBuilder();
    if (v == null) {
      b.setNullValue(NullValue.getDefaultInstance());
    } else if (v instanceof Boolean x) {
      b.setBoolValue(x);
    } else if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
      b.setIntValue(((Number) v).longValue());
    } else if (v instanceof Double || v instanceof Float) {
      b.setFloatValue(((Number) v).doubleValue());
    } else if (v instanceof CharSequence s) {
      b.setStringValue(s.toString());
    } else if (v instanceof List<?> l) {
      ListValue.Builder lb = ListValue.newBuilder();
      for (Object o : l) {
        lb.addValues(encode(o));
      }
      b.setListValue(lb);
    } else if (v instanceof double[] d) {
      ListValue.Builder lb = ListValue.newBuilder();
      for (double o : d) {
        lb.addValues(GraphValue.newBuilder().setFloatValue(o));
      }
      b.setListValue(lb);
    } else if (v instanceof Map<?, ?> m) {
      b.setMapValue(MapValue.newBuilder().addAllEntries(entries(m)));
    } else if (v instanceof UnknownValue u) {
      try {
        return GraphValue.parseFrom(u.encoded());
      } catch (com.google.protobuf.InvalidProtocolBufferException e) {
        throw new IllegalArgumentException("UnknownValue holds bytes that are not a GraphValue", e);
      }
    } else {
      throw new IllegalArgumentException("cannot journal a parameter of type " + v.getClass().getName()
          + "; expected null, Boolean, integer, Double, String, List or Map<String, ?>");
    }
    return b.build();
  }

  /**
   * Encodes a parameter map as MapEntry list, in the map's iteration order.
   *
   * @throws IllegalArgumentException on a non-string key or an unsupported value type
   */
  public static List<MapEntry> entries(Map<?, ?> m) {
    List<MapEntry> out = new ArrayList<>(m.size());
    for (Map.Entry<?, ?> e : m.entrySet()) {
      if (!(e.getKey() instanceof String k)) {
        throw new IllegalArgumentException("parameter keys must be strings, got " + e.getKey());
      }
      out.add(MapEntry.newBuilder().setKey(k).setValue(encode(e.getValue())).build());
    }
    return out;
  }

  /** Decodes one GraphValue. */
  public static Object decode(GraphValue v) {
    return switch (v.getValueCase()) {
      case NULL_VALUE, VALUE_NOT_SET -> v.getUnknownFields().asMap().isEmpty() ? null : new UnknownValue(v.toByteArray());
      case BOOL_VALUE -> v.getBoolValue();
      case INT_VALUE -> v.getIntValue();
      case FLOAT_VALUE -> v.getFloatValue();
      case STRING_VALUE -> v.getStringValue();
      case LIST_VALUE -> {
        List<Object> l = new ArrayList<>(v.getListValue().getValuesCount());
        for (GraphValue g : v.getListValue().getValuesList()) {
          l.add(decode(g));
        }
        yield l;
      }
      case MAP_VALUE -> decodeEntries(v.getMapValue().getEntriesList());
    };
  }

  /** Decodes a MapEntry list into an insertion-ordered map. */
  public static Map<String, Object> decodeEntries(List<MapEntry> entries) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (MapEntry e : entries) {
      m.put(e.getKey(), e.hasValue() ? decode(e.getValue()) : null);
    }
    return m;
  }
}
