/**
 * Ground floor: configuration ({@code BenchConfig}), the one redaction rule ({@code Redaction}),
 * the family contract ({@code BenchmarkFamily}, {@code Probe}, {@code FamilySettings}), fork flags,
 * leases, the secrets file, the child-JVM launcher ({@code ChildJvm}), the servers a family's
 * trials share in the main job ({@code SharedServer}, {@code FamilyServers}) and the version.
 *
 * <p>Imports libraries only, no other dbbench package.
 */
package io.dbbench.core;
