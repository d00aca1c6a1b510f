package io.dbbench.arango.standin;

import java.util.ArrayDeque;

/**
 * Checks a VelocyPack request body's declared lengths against the bytes it has, and its nesting
 * depth, before a parser is given it: the parser trusts lengths, so a 9-byte body that declared a
 * string of 2^60 bytes made a worker throw {@code OutOfMemoryError} and never answer. The layout
 * follows the VelocyPack specification (arangodb/velocypack {@code VelocyPack.md}, version 1):
 * head byte, then a byte length for arrays {@code 0x02-0x09}, objects {@code 0x0b-0x12}, compact
 * arrays and objects {@code 0x13-0x14}, a length for long strings {@code 0xbf}, binary
 * {@code 0xc0-0xc7} and BCD {@code 0xc8-0xd7}, fixed sizes for the rest.
 *
 * <p>It is a guard, not a parser: it walks without recursion; the body's value must declare
 * exactly the bytes the body has; inside containers it follows the sub-values it can and counts
 * their nesting, and treats a region whose layout it cannot follow as opaque (so that no valid body
 * is ever refused for a layout detail). The server also catches what a parser throws on a body
 * this check lets through (a length error, a stack overflow), so such a body still gets a 400.
 */
final class VelocyPackCheck {
  private VelocyPackCheck() {}

  /**
   * What is wrong with {@code body}, or {@code null} when every length fits and the nesting is at
   * most {@code maxDepth}.
   */
  static String problem(byte[] body, int maxDepth) {
    if (body.length == 0) {
      return null;
    }
    // each entry: {start, end, depth} of a region of consecutive values
    ArrayDeque<long[]> regions = new ArrayDeque<>();
    regions.push(new long[] {0, body.length, 0});
    boolean top = true;
    while (!regions.isEmpty()) {
      long[] r = regions.pop();
      long at = r[0];
      long end = r[1];
      int depth = (int) r[2];
      while (at < end) {
        int head = body[(int) at] & 0xff;
        if (head == 0x00 && !top) {
          at++; // padding before the first value of a container
          continue;
        }
        long size = size(body, at, end);
        if (size < 0) {
          if (!top) {
            break; // a layout inside a container this guard does not follow: opaque (the parser's errors are caught)
          }
          return "the value at byte " + at + " (head 0x" + Integer.toHexString(head) + ") declares more bytes than the "
              + (end - at) + " it has";
        }
        if (isContainer(head)) {
          if (depth + 1 > maxDepth) {
            return "nesting deeper than " + maxDepth + " levels";
          }
          long[] inner = children(body, at, size, head);
          if (inner != null) {
            regions.push(new long[] {inner[0], inner[1], depth + 1});
          }
        }
        at += size;
        if (top) {
          if (at != body.length) {
            return "trailing bytes after the value (" + (body.length - at) + ")";
          }
          top = false;
        }
      }
      top = false;
    }
    return null;
  }

  private static boolean isContainer(int head) {
    return (head >= 0x02 && head <= 0x09) || (head >= 0x0b && head <= 0x14);
  }

  /** Little-endian unsigned integer of {@code width} bytes at {@code at}, or -1 past {@code end} or beyond 2^62. */
  private static long uint(byte[] b, long at, int width, long end) {
    if (at + width > end) {
      return -1;
    }
    long v = 0;
    for (int i = width - 1; i >= 0; i--) {
      v = (v << 8) | (b[(int) (at + i)] & 0xff);
    }
    return v < 0 || v > (1L << 62) ? -1 : v;
  }

  /** The compact formats' variable-length byte length at {@code at}: value and bytes used, or null. */
  private static long[] varLength(byte[] b, long at, long end) {
    long v = 0;
    for (int i = 0; i < 8; i++) {
      if (at + i >= end) {
        return null;
      }
      int x = b[(int) (at + i)] & 0xff;
      v |= (long) (x & 0x7f) << (7 * i);
      if ((x & 0x80) == 0) {
        return new long[] {v, i + 1};
      }
    }
    return null;
  }

  /** Byte size of the value at {@code at}, or -1 when it does not fit before {@code end}. */
  static long size(byte[] b, long at, long end) {
    int head = b[(int) at] & 0xff;
    long avail = end - at;
    long size;
    if (head == 0x01 || head == 0x0a || (head >= 0x17 && head <= 0x1a) || head == 0x1e || head == 0x1f
        || (head >= 0x30 && head <= 0x3f)) {
      size = 1;
    } else if (head >= 0x02 && head <= 0x09) {
      int w = 1 << ((head - 0x02) % 4);
      size = uint(b, at + 1, w, end);
    } else if (head >= 0x0b && head <= 0x12) {
      int w = 1 << ((head - 0x0b) % 4);
      size = uint(b, at + 1, w, end);
    } else if (head == 0x13 || head == 0x14) {
      long[] v = varLength(b, at + 1, end);
      size = v == null ? -1 : v[0];
    } else if (head == 0x1b || head == 0x1c) {
      size = 9;
    } else if (head >= 0x20 && head <= 0x27) {
      size = 1 + (head - 0x1f);
    } else if (head >= 0x28 && head <= 0x2f) {
      size = 1 + (head - 0x27);
    } else if (head >= 0x40 && head <= 0xbe) {
      size = 1 + (head - 0x40);
    } else if (head == 0xbf) {
      long n = uint(b, at + 1, 8, end);
      size = n < 0 ? -1 : 9 + n;
    } else if (head >= 0xc0 && head <= 0xc7) {
      int w = head - 0xbf;
      long n = uint(b, at + 1, w, end);
      size = n < 0 ? -1 : 1 + w + n;
    } else if (head >= 0xc8 && head <= 0xd7) {
      int w = head <= 0xcf ? head - 0xc7 : head - 0xcf;
      long n = uint(b, at + 1, w, end);
      size = n < 0 ? -1 : 1 + w + 4 + n;
    } else {
      return -1; // none (0x00 as a value), external pointers, reserved and custom types are not request bodies
    }
    return size < 1 || size > avail ? -1 : size;
  }

  /**
   * The region of a container's sub-values {start, end}, or null when it has none to check or a
   * layout this guard does not follow (then the container is only length-checked).
   */
  private static long[] children(byte[] b, long at, long size, int head) {
    long end = at + size;
    if (head == 0x13 || head == 0x14) {
      long[] len = varLength(b, at + 1, end);
      if (len == null) {
        return null;
      }
      // NRITEMS is stored backwards at the end: skip its bytes (all but the first have the high bit set)
      long last = end - 1;
      long nr = last;
      while (nr > at + 1 + len[1] && (b[(int) (nr - 1)] & 0x80) != 0) {
        nr--;
      }
      return new long[] {at + 1 + len[1], nr};
    }
    boolean array = head <= 0x09;
    int kind = array ? head - 0x02 : head - 0x0b;
    int w = 1 << (kind % 4);
    boolean indexed = array ? head >= 0x06 : true;
    if (!indexed) {
      return new long[] {at + 1 + w, end};
    }
    long nrItems = w == 8 ? uint(b, end - 8, 8, end) : uint(b, at + 1 + w, w, end);
    if (nrItems < 0) {
      return null;
    }
    long start = at + 1 + (w == 8 ? w : 2L * w);
    long table = (array || nrItems != 1) ? nrItems * w + (w == 8 ? 8 : 0) : (w == 8 ? 8 : 0);
    long childrenEnd = end - table;
    return childrenEnd < start ? null : new long[] {start, childrenEnd};
  }
}
