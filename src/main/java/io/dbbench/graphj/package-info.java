/**
 * graphd's GraphJ journal format, byte-compatible with graphd: the codec (zstd,
 * XChaCha20-Poly1305, SHA-256, CRC32C, the hash chain), reader, writer, compaction, the
 * {@code graphj} tool and the study's form.
 *
 * <p>Middle floor: imports the ground floor only.
 */
package io.dbbench.graphj;
