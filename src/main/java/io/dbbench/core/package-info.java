/**
 * Ground floor: configuration ({@code BenchConfig}), the one redaction rule ({@code Redaction}),
 * the family contract ({@code BenchmarkFamily}, {@code Probe}, {@code FamilySettings}), fork flags,
 * leases, the secrets file, the child-JVM launcher ({@code ChildJvm}) and the version.
 *
 * <p>Imports libraries only, no other dbbench package.
 */
package io.dbbench.core;
