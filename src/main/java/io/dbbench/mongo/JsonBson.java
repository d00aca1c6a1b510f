package io.dbbench.mongo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.bson.Document;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;

/**
 * Converts plain JSON (a Jackson tree) to a BSON {@link Document} and back, so request bodies are
 * stored as data and never interpreted: no MongoDB Extended JSON ({@code {"$date": ...}},
 * {@code {"$regex": ...}}) is recognised, and field names starting with {@code $} are refused.
 *
 * <p>Numbers: integers that fit in 32 bits become BSON int32, larger ones int64, integers beyond
 * 64 bits Decimal128 (up to 34 digits); fractions become double. Converting back yields an equal
 * Jackson tree for every document this class produced.
 *
 * <p>Values that would not be stored as sent are refused rather than changed: a number whose
 * double is not finite ({@code 1e999999} would be stored as Infinity), and a string or field name
 * holding a lone UTF-16 surrogate (BSON strings are UTF-8, which cannot encode one; the driver
 * would store U+FFFD or '?').
 */
public final class JsonBson {
  /** MongoDB's nesting limit for BSON documents. */
  public static final int MAX_DEPTH = 100;

  private JsonBson() {}

  /** Thrown for JSON that cannot be stored as given; the message is safe to return to the client. */
  public static final class InvalidDocumentException extends RuntimeException {
    InvalidDocumentException(String message) {
      super(message);
    }
  }

  /**
   * The document for a JSON object.
   *
   * @throws InvalidDocumentException when {@code node} is not an object, a field name starts with
   *     {@code $} or holds a NUL, nesting exceeds {@value #MAX_DEPTH}, or an integer needs more than
   *     34 digits
   */
  public static Document toDocument(JsonNode node) {
    if (node == null || !node.isObject()) {
      throw new InvalidDocumentException("expected a JSON object, got "
          + (node == null || node.isMissingNode() ? "nothing" : node.getNodeType().name().toLowerCase(Locale.ROOT)));
    }
    return object(node, 1);
  }

  private static Document object(JsonNode node, int depth) {
    if (depth > MAX_DEPTH) {
      throw new InvalidDocumentException("document nests deeper than " + MAX_DEPTH + " levels (MongoDB's limit)");
    }
    Document d = new Document();
    for (Map.Entry<String, JsonNode> e : node.properties()) {
      String k = e.getKey();
      requireWellFormed(k, "field name");
      if (k.startsWith("$") || k.indexOf('\0') >= 0) {
        throw new InvalidDocumentException("field name '" + k.replace("\0", "\\0")
            + "' is not allowed: names must not start with '$' or contain NUL");
      }
      d.put(k, value(e.getValue(), depth));
    }
    return d;
  }

  private static Object value(JsonNode v, int depth) {
    switch (v.getNodeType()) {
      case OBJECT:
        return object(v, depth + 1);
      case ARRAY: {
        if (depth + 1 > MAX_DEPTH) {
          throw new InvalidDocumentException("document nests deeper than " + MAX_DEPTH + " levels (MongoDB's limit)");
        }
        List<Object> l = new ArrayList<>(v.size());
        for (JsonNode x : v) {
          l.add(value(x, depth + 1));
        }
        return l;
      }
      case STRING:
        return requireWellFormed(v.textValue(), "string value");
      case BOOLEAN:
        return v.booleanValue();
      case NULL:
        return null;
      case NUMBER:
        if (v.isInt()) {
          return v.intValue();
        }
        if (v.isLong()) {
          return v.longValue();
        }
        if (v.isBigInteger()) {
          BigInteger b = v.bigIntegerValue();
          if (b.abs().toString().length() > 34) {
            throw new InvalidDocumentException("integer " + b + " has more than 34 digits (Decimal128's limit)");
          }
          return new Decimal128(new BigDecimal(b));
        }
        if (v.isBigDecimal()) {
          return new Decimal128(v.decimalValue());
        }
        double x = v.doubleValue();
        if (!Double.isFinite(x)) {
          throw new InvalidDocumentException("number " + abbreviate(v.asText()) + " is not a finite double;"
              + " expected a value within +-1.7976931348623157E308");
        }
        return x;
      default:
        throw new InvalidDocumentException("unsupported JSON value " + v.getNodeType());
    }
  }

  /**
   * Returns {@code s} when every surrogate in it is part of a pair.
   *
   * @throws InvalidDocumentException naming the position of the first lone surrogate
   */
  static String requireWellFormed(String s, String what) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        throw new InvalidDocumentException(what + " '" + abbreviate(s.substring(0, i)) + "' is followed by a lone UTF-16 surrogate \\u"
            + Integer.toHexString(c) + " at index " + i + "; expected well-formed Unicode (BSON stores UTF-8)");
      }
    }
    return s;
  }

  private static String abbreviate(String s) {
    return s.length() > 40 ? s.substring(0, 40) + "..." : s;
  }

  /** The JSON tree of a stored document (int32/int64/double/Decimal128/string/boolean/null/array/subdocument; other BSON types as strings). */
  public static ObjectNode toJson(Document d) {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    for (Map.Entry<String, Object> e : d.entrySet()) {
      o.set(e.getKey(), json(e.getValue()));
    }
    return o;
  }

  private static JsonNode json(Object v) {
    JsonNodeFactory f = JsonNodeFactory.instance;
    if (v == null) {
      return f.nullNode();
    } else if (v instanceof Document d) {
      return toJson(d);
    } else if (v instanceof List<?> l) {
      ArrayNode a = f.arrayNode(l.size());
      for (Object x : l) {
        a.add(json(x));
      }
      return a;
    } else if (v instanceof String s) {
      return f.textNode(s);
    } else if (v instanceof Integer i) {
      return f.numberNode(i);
    } else if (v instanceof Long l) {
      return f.numberNode(l);
    } else if (v instanceof Double x) {
      return f.numberNode(x);
    } else if (v instanceof Boolean b) {
      return f.booleanNode(b);
    } else if (v instanceof Decimal128 dec) {
      BigDecimal b = dec.bigDecimalValue();
      return b.scale() <= 0 ? f.numberNode(b.toBigIntegerExact()) : f.numberNode(b);
    } else if (v instanceof ObjectId id) {
      return f.textNode(id.toHexString());
    }
    return f.textNode(String.valueOf(v));
  }
}
