# Sourced by dbbench's scripts: sets JAVA to the JDK the Maven wrapper would pick, JAVA_HOME when it
# is 21+, else the newest 21+ under /usr/lib/jvm (DBBENCH_JVM_DIR to look elsewhere), and JAVA_FEATURE
# to its feature release (25 for 25.0.3).
# Usage: . scripts/java.sh; dbbench_java SCRIPT_NAME   (exits 2 naming the script when none is found)
dbbench_java() {
  local feature_of jdk best d f home
  feature_of() { "$1/bin/java" -version 2>&1 | sed -n 's/.*version "\([0-9][0-9]*\).*/\1/p' | head -n 1; }
  jdk=""
  home=""
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then home=$(feature_of "$JAVA_HOME"); fi
  if [ "${home:-0}" -ge 21 ]; then
    jdk=$JAVA_HOME
    best=$home
  else
    best=0
    for d in "${DBBENCH_JVM_DIR:-/usr/lib/jvm}"/*; do
      [ -x "$d/bin/java" ] && [ ! -L "$d" ] || continue
      f=$(feature_of "$d"); [ -n "$f" ] || continue
      if [ "$f" -ge 21 ] && [ "$f" -gt "$best" ]; then jdk=$d; best=$f; fi
    done
  fi
  [ -n "$jdk" ] || { echo "$1: no JDK 21 or newer (set JAVA_HOME)" >&2; exit 2; }
  JAVA="$jdk/bin/java"
  JAVA_FEATURE=$best
}
