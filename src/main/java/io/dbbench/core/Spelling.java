package io.dbbench.core;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * How an enum constant is spelled where users and files see it ({@code @Param} values, settings,
 * results files), derived from its name by one rule so that the two never drift apart: lower
 * camel case ({@code ROW_BY_ROW} is {@code rowByRow}, JMH's and the studies' spelling of
 * parameter values) or lower-case words ({@code NOT_SELECTED} is {@code not selected}, the
 * manifest's and reports' spelling of states and verdicts). Enums whose spellings follow neither
 * rule (e.g. {@code sync+fsync}) keep their own.
 */
public final class Spelling {
  private Spelling() {}

  /** An enum spelled in lower camel case: {@link #id} is {@code rowByRow} for {@code ROW_BY_ROW}. */
  public interface LowerCamel {
    /** The constant's name ({@link Enum#name}). */
    String name();

    /** The spelling: the name in lower camel case, e.g. {@code perCall} for {@code PER_CALL}. */
    default String id() {
      return lowerCamel(name());
    }
  }

  /** An enum spelled in lower-case words: {@link #words} is {@code other shard} for {@code OTHER_SHARD}. */
  public interface LowerWords {
    /** The constant's name ({@link Enum#name}). */
    String name();

    /** The spelling: the name in lower-case words, e.g. {@code does not replicate} for {@code DOES_NOT_REPLICATE}. */
    default String words() {
      return name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
  }

  /** {@code ROW_BY_ROW} as {@code rowByRow}; {@code SEQ} as {@code seq}. */
  public static String lowerCamel(String constant) {
    StringBuilder b = new StringBuilder(constant.length());
    boolean upper = false;
    for (char c : constant.toCharArray()) {
      if (c == '_') {
        upper = true;
      } else {
        b.append(upper ? Character.toUpperCase(c) : Character.toLowerCase(c));
        upper = false;
      }
    }
    return b.toString();
  }

  /**
   * The constant of {@code type} spelled {@code text} (case-insensitive, surrounding blanks
   * ignored), or empty for {@code null} or a spelling no constant has.
   */
  public static <E extends Enum<E>> Optional<E> find(Class<E> type, Function<? super E, String> spelling, String text) {
    if (text == null) {
      return Optional.empty();
    }
    String t = text.trim();
    return Arrays.stream(type.getEnumConstants()).filter(e -> spelling.apply(e).equalsIgnoreCase(t)).findFirst();
  }

  /**
   * The constant of {@code type} spelled {@code text}, as {@link #find}.
   *
   * @param what the setting's name for the error, e.g. {@code mode}
   * @throws IllegalArgumentException {@code <what> '<text>' is unknown; expected one of <spellings>}
   */
  public static <E extends Enum<E>> E parse(Class<E> type, Function<? super E, String> spelling, String what,
      String text) {
    return find(type, spelling, text).orElseThrow(() -> new IllegalArgumentException(what + " '" + text
        + "' is unknown; expected one of " + Arrays.stream(type.getEnumConstants()).map(spelling)
            .collect(Collectors.joining(", "))));
  }
}
