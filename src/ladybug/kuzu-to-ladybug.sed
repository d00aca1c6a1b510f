# Generates io.dbbench.graph.LadybugGraphDatabase from KuzuGraphDatabase.java (the pom's ladybug
# profile runs it at generate-sources): LadybugDB 0.14's Java API is Kuzu 0.11's under another
# package (com.ladybugdb, from sources under com/lbugdb) and native library name, with two more
# Database options, so one wrapper serves both engines. Run by POSIX sed; every rule says what
# differs and where it is read.
1i\
// GENERATED from KuzuGraphDatabase.java by src/ladybug/kuzu-to-ladybug.sed: edit that file, not this one.
# the API's package: com.ladybugdb, declared by the files in tools/java_api/src/main/java/com/lbugdb
# of npm lbug's lbug-source
s/com\.kuzudb/com.ladybugdb/g
# the wrapper's own types: KuzuGraphDatabase, KuzuSession, KuzuStatement
s/Kuzu\([A-Z][A-Za-z]*\)/Ladybug\1/g
s/toKuzu(/toLadybug(/g
# the JNI library the API extracts to a temp file (Native.java: liblbug_java_native.so_<os>_<arch>)
s/libkuzu_java_native/liblbug_java_native/g
# Database(path, bufferPool, compression, readOnly, maxDbSize, autoCheckpoint, checkpointThreshold,
# throwOnWalReplayFailure, enableChecksums): LadybugDB's defaults for the two new ones (Database.java)
s/DEFAULT_CHECKPOINT_THRESHOLD);/DEFAULT_CHECKPOINT_THRESHOLD, true, true);/
# the product's name in messages, the engine() line and the comments
s/Kuzu/LadybugDB/g
