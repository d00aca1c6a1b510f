package io.dbbench.mongo;

import io.dbbench.core.BenchConfig;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * {@code @ExtendWith(EmbeddedMongoDefault.class)}: every test of the class sees the embedded
 * MongoDB default ({@code DBBENCH_MONGO_URI} and {@code DBBENCH_MONGO_CONTAINER} read as unset,
 * through {@link BenchConfig#override}), whatever the caller's environment holds, so no test
 * skips or reaches another server because of it. A test may override a knob again inside; the
 * nested override restores this one when it closes.
 */
public final class EmbeddedMongoDefault implements BeforeEachCallback, AfterEachCallback {
  private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(EmbeddedMongoDefault.class);

  @Override
  public void beforeEach(ExtensionContext context) {
    ExtensionContext.Store store = context.getStore(NS);
    store.put("uri", BenchConfig.override(MongoTarget.ENV_URI, ""));
    store.put("container", BenchConfig.override(MongoTarget.ENV_CONTAINER, ""));
  }

  @Override
  public void afterEach(ExtensionContext context) throws Exception {
    ExtensionContext.Store store = context.getStore(NS);
    store.get("container", AutoCloseable.class).close();
    store.get("uri", AutoCloseable.class).close();
  }
}
