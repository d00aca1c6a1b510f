package io.dbbench.arango.standin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.regex.Pattern;

/**
 * The stand-in's data: databases holding document collections held in memory, each document a
 * Jackson {@link ObjectNode} whose first attributes are {@code _key}, {@code _id}, {@code _rev}
 * (ArangoDB's order). A stored node is never changed after it is stored (an update stores a new
 * node), so cursors keep their snapshot without copying. Each collection has one read/write
 * lock; persistent indexes are hash maps from the first indexed attribute's value to keys, which
 * answer the equality lookups the studies send (ArangoDB's persistent index is a sorted RocksDB
 * index; ordering is never observed here).
 */
final class StandInStore {
  static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  /** ArangoDB's traditional key rule: 1-254 bytes of letters, digits and {@code _-:.@()+,=;$!*'%}. */
  private static final Pattern KEY = Pattern.compile("[A-Za-z0-9_\\-:.@()+,=;$!*'%]{1,254}");
  /** Collection names (3.12 traditional naming): a letter or underscore first, then letters, digits, _ and -. */
  private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_\\-]{0,255}");

  private final AtomicLong ids = new AtomicLong(10_000);
  private final AtomicLong revs = new AtomicLong(System.currentTimeMillis() << 8);
  final Map<String, Database> databases = new ConcurrentHashMap<>();

  StandInStore() {
    databases.put("_system", new Database("_system", "1"));
  }

  /** The database {@code name}, or 404/1228. */
  Database database(String name) {
    Database d = databases.get(name);
    if (d == null) {
      throw new ArangoError(404, ArangoError.DATABASE_NOT_FOUND, "database not found");
    }
    return d;
  }

  /** Creates database {@code name}; 409/1207 when it exists, 400/1229 for a bad name. */
  void createDatabase(String name) {
    if (name == null || !NAME.matcher(name).matches() || name.startsWith("_")) {
      throw new ArangoError(400, ArangoError.DATABASE_NAME_INVALID, "database name invalid");
    }
    if (databases.putIfAbsent(name, new Database(name, String.valueOf(ids.incrementAndGet()))) != null) {
      throw new ArangoError(409, ArangoError.DUPLICATE_NAME, "duplicate database name '" + name + "'");
    }
  }

  /** Drops database {@code name}; 404/1228 when missing, 403/1230 for {@code _system}. */
  void dropDatabase(String name) {
    if ("_system".equals(name)) {
      throw new ArangoError(403, ArangoError.USE_SYSTEM_DATABASE, "operation only allowed in system database");
    }
    if (databases.remove(name) == null) {
      throw new ArangoError(404, ArangoError.DATABASE_NOT_FOUND, "database not found");
    }
  }

  String nextRev() {
    return "_" + Long.toString(revs.incrementAndGet(), 36);
  }

  /** One database. */
  final class Database {
    final String name;
    final String id;
    final Map<String, Collection> collections = new ConcurrentHashMap<>();

    Database(String name, String id) {
      this.name = name;
      this.id = id;
    }

    /** The collection {@code name}, or 404/1203. */
    Collection collection(String cname) {
      Collection c = collections.get(cname);
      if (c == null) {
        throw new ArangoError(404, ArangoError.DATA_SOURCE_NOT_FOUND, "collection or view not found: " + cname);
      }
      return c;
    }

    /** Creates a document collection; 409/1207 when it exists, 400/1208 for a bad name. */
    Collection createCollection(String cname, boolean waitForSync) {
      if (cname == null || !NAME.matcher(cname).matches()) {
        throw new ArangoError(400, ArangoError.ILLEGAL_NAME, "illegal name: collection name '" + cname + "' is invalid");
      }
      Collection c = new Collection(this, cname, String.valueOf(ids.incrementAndGet()), waitForSync);
      if (collections.putIfAbsent(cname, c) != null) {
        throw new ArangoError(409, ArangoError.DUPLICATE_NAME, "duplicate name: " + cname);
      }
      return c;
    }
  }

  /** A persistent index; lookups use its first field. */
  static final class Index {
    final String id;
    final String name;
    final List<String> fields;
    final boolean unique;
    final boolean sparse;
    final Map<Object, Set<String>> byValue = new HashMap<>();

    Index(String id, String name, List<String> fields, boolean unique, boolean sparse) {
      this.id = id;
      this.name = name;
      this.fields = fields;
      this.unique = unique;
      this.sparse = sparse;
    }

    Object keyOf(ObjectNode doc) {
      return valueKey(doc.get(fields.get(0)));
    }

    void add(ObjectNode doc) {
      Object k = keyOf(doc);
      if (sparse && k == NullNode.instance) {
        return;
      }
      byValue.computeIfAbsent(k, x -> new HashSet<>(2)).add(doc.get("_key").asText());
    }

    void remove(ObjectNode doc) {
      Object k = keyOf(doc);
      Set<String> s = byValue.get(k);
      if (s != null) {
        s.remove(doc.get("_key").asText());
        if (s.isEmpty()) {
          byValue.remove(k);
        }
      }
    }
  }

  /**
   * The key an attribute value has in an index or an equality comparison: numbers by numeric
   * value (AQL compares 1 and 1.0 as equal), a missing attribute as {@code null}, other values as
   * Jackson compares them (structurally).
   */
  static Object valueKey(JsonNode v) {
    if (v == null || v.isMissingNode() || v.isNull()) {
      return NullNode.instance;
    }
    if (v.isNumber()) {
      BigDecimal d = v.decimalValue();
      return d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
    }
    return v;
  }

  /** A document collection (type 2). */
  final class Collection {
    final Database db;
    final String name;
    final String id;
    final boolean waitForSync;
    final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    final LinkedHashMap<String, ObjectNode> docs = new LinkedHashMap<>();
    final List<Index> indexes = new ArrayList<>();
    /**
     * Lookups the modelled server time ({@code --model-query-ms}) answers point queries through
     * instead of scanning: one per attribute, built on first use under the read lock, never listed
     * as an index, and dropped by every write (each write holds the write lock, so no lookup is
     * ever read stale).
     */
    private final Map<String, Index> modelLookups = new ConcurrentHashMap<>();
    private long keyGen;

    Collection(Database db, String name, String id, boolean waitForSync) {
      this.db = db;
      this.name = name;
      this.id = id;
      this.waitForSync = waitForSync;
    }

    int count() {
      lock.readLock().lock();
      try {
        return docs.size();
      } finally {
        lock.readLock().unlock();
      }
    }

    void truncate() {
      lock.writeLock().lock();
      try {
        docs.clear();
        modelLookups.clear();
        for (Index i : indexes) {
          i.byValue.clear();
        }
      } finally {
        lock.writeLock().unlock();
      }
    }

    /** A stored copy of {@code input} with system attributes first; the caller holds the write lock. */
    private ObjectNode stored(String key, ObjectNode input) {
      ObjectNode d = NODES.objectNode();
      d.put("_key", key);
      d.put("_id", name + "/" + key);
      d.put("_rev", nextRev());
      input.properties().forEach(e -> {
        String f = e.getKey();
        if (!f.equals("_key") && !f.equals("_id") && !f.equals("_rev")) {
          d.set(f, e.getValue());
        }
      });
      return d;
    }

    private void checkUnique(ObjectNode d, String exceptKey) {
      for (Index i : indexes) {
        if (i.unique) {
          Set<String> s = i.byValue.get(i.keyOf(d));
          if (s != null && !(s.size() == 1 && s.contains(exceptKey))) {
            throw new ArangoError(409, ArangoError.UNIQUE_CONSTRAINT_VIOLATED,
                "unique constraint violated - in index " + i.name + " of type persistent over '"
                    + String.join(", ", i.fields) + "'; conflicting key: " + s.iterator().next());
          }
        }
      }
    }

    private void put(ObjectNode old, ObjectNode d) {
      if (old != null) {
        for (Index i : indexes) {
          i.remove(old);
        }
      }
      docs.put(d.get("_key").asText(), d);
      modelLookups.clear();
      for (Index i : indexes) {
        i.add(d);
      }
    }

    /**
     * Inserts one document; the caller holds the write lock. {@code overwriteMode}: conflict
     * (default), replace, update, ignore. Returns {old (or null), new}.
     */
    ObjectNode[] insert(JsonNode input, String overwriteMode) {
      if (!(input instanceof ObjectNode o)) {
        throw new ArangoError(400, ArangoError.DOCUMENT_TYPE_INVALID, "invalid document type");
      }
      String key;
      JsonNode k = o.get("_key");
      if (k == null || k.isNull()) {
        do {
          key = String.valueOf(++keyGen + Long.parseLong(id) * 1_000_000L);
        } while (docs.containsKey(key));
      } else {
        key = k.isTextual() ? k.asText() : null;
        if (key == null || !KEY.matcher(key).matches()) {
          throw new ArangoError(400, ArangoError.DOCUMENT_KEY_BAD, "illegal document key");
        }
      }
      ObjectNode old = docs.get(key);
      ObjectNode d;
      if (old == null) {
        d = stored(key, o);
      } else {
        switch (overwriteMode) {
          case "replace" -> d = stored(key, o);
          case "update" -> d = merged(old, o, true);
          case "ignore" -> {
            return new ObjectNode[] {old, old};
          }
          default -> throw new ArangoError(409, ArangoError.UNIQUE_CONSTRAINT_VIOLATED,
              "unique constraint violated - in index primary of type primary over '_key'; conflicting key: " + key);
        }
      }
      checkUnique(d, key);
      put(old, d);
      return new ObjectNode[] {old, d};
    }

    /** Updates (merges into) the document named by {@code patch._key}; the caller holds the write lock. */
    ObjectNode[] update(JsonNode patch, boolean keepNull) {
      ObjectNode old = existing(patch);
      ObjectNode d = merged(old, (ObjectNode) patch, keepNull);
      checkUnique(d, old.get("_key").asText());
      put(old, d);
      return new ObjectNode[] {old, d};
    }

    /**
     * The stored document a multi-document read ({@code PUT /_api/document/{c}?onlyget=true})
     * names, as arangod's {@code transaction::helpers::extractKeyPart} reads a selector: a string
     * is a key or an identifier {@code collection/key} (the part after the first {@code /}); an
     * object names its document by {@code _key} alone. The caller holds the read lock.
     *
     * @param selector one element of the request's array
     * @param checkRev whether an object's {@code _rev} must match the stored one ({@code ignoreRevs=false})
     * @throws ArangoError 400/1227 for an element that is neither a string nor an object, 400/1205 for
     *     one without a usable key, 404/1202 when no document has the key, 412/1200 when the
     *     revision differs
     */
    ObjectNode read(JsonNode selector, boolean checkRev) {
      String key;
      if (selector.isTextual()) {
        String s = selector.asText();
        key = s.substring(s.indexOf('/') + 1);
      } else if (selector.isObject()) {
        JsonNode k = selector.get("_key");
        key = k != null && k.isTextual() ? k.asText() : "";
      } else {
        throw new ArangoError(400, ArangoError.DOCUMENT_TYPE_INVALID, "invalid document type");
      }
      if (key.isEmpty()) {
        throw new ArangoError(400, ArangoError.DOCUMENT_HANDLE_BAD, "illegal document identifier");
      }
      ObjectNode d = docs.get(key);
      if (d == null) {
        throw new ArangoError(404, ArangoError.DOCUMENT_NOT_FOUND, "document not found");
      }
      JsonNode rev = selector.isObject() ? selector.get("_rev") : null;
      if (checkRev && rev != null && rev.isTextual() && !rev.asText().equals(d.get("_rev").asText())) {
        throw new ArangoError(412, ArangoError.CONFLICT, "conflict, _rev values do not match");
      }
      return d;
    }

    /** Removes the document named by a key string or an object with {@code _key}; the caller holds the write lock. */
    ObjectNode remove(JsonNode selector) {
      ObjectNode old = selector.isTextual() ? docs.get(selector.asText()) : existing(selector);
      if (old == null) {
        throw new ArangoError(404, ArangoError.DOCUMENT_NOT_FOUND, "document not found");
      }
      docs.remove(old.get("_key").asText());
      modelLookups.clear();
      for (Index i : indexes) {
        i.remove(old);
      }
      return old;
    }

    private ObjectNode existing(JsonNode selector) {
      if (!(selector instanceof ObjectNode o)) {
        throw new ArangoError(400, ArangoError.DOCUMENT_TYPE_INVALID, "invalid document type");
      }
      JsonNode k = o.get("_key");
      if (k == null || k.isNull()) {
        throw new ArangoError(400, ArangoError.DOCUMENT_KEY_MISSING, "missing document key");
      }
      if (!k.isTextual()) {
        throw new ArangoError(400, ArangoError.DOCUMENT_KEY_BAD, "illegal document key");
      }
      ObjectNode old = docs.get(k.asText());
      if (old == null) {
        throw new ArangoError(404, ArangoError.DOCUMENT_NOT_FOUND, "document not found");
      }
      return old;
    }

    private ObjectNode merged(ObjectNode old, ObjectNode patch, boolean keepNull) {
      ObjectNode d = old.deepCopy();
      d.put("_rev", nextRev());
      patch.properties().forEach(e -> {
        String f = e.getKey();
        if (f.equals("_key") || f.equals("_id") || f.equals("_rev")) {
          return;
        }
        if (!keepNull && e.getValue().isNull()) {
          d.remove(f);
        } else {
          d.set(f, e.getValue());
        }
      });
      return d;
    }

    /** Every document, a snapshot (the nodes themselves are immutable once stored). */
    List<JsonNode> scan() {
      lock.readLock().lock();
      try {
        return new ArrayList<>(docs.values());
      } finally {
        lock.readLock().unlock();
      }
    }

    /** The index whose first field is {@code attr}, or null. */
    Index indexOn(String attr) {
      lock.readLock().lock();
      try {
        for (Index i : indexes) {
          if (i.fields.get(0).equals(attr)) {
            return i;
          }
        }
        return null;
      } finally {
        lock.readLock().unlock();
      }
    }

    /**
     * The modelled server time's lookup on {@code attr} (see {@link #modelLookups}): an unlisted
     * index over every document, built once per state of the collection.
     */
    Index modelLookup(String attr) {
      lock.readLock().lock();
      try {
        return modelLookups.computeIfAbsent(attr, a -> {
          Index i = new Index("model", "model lookup", List.of(a), false, false);
          for (ObjectNode d : docs.values()) {
            i.add(d);
          }
          return i;
        });
      } finally {
        lock.readLock().unlock();
      }
    }

    /**
     * Documents whose {@code attr} equals {@code value}: through {@code index} when given, else a
     * full scan. {@code scanned[0]} receives the documents examined.
     */
    List<JsonNode> match(String attr, JsonNode value, Index index, long[] scanned) {
      Object want = valueKey(value);
      List<JsonNode> out = new ArrayList<>();
      lock.readLock().lock();
      try {
        if (index != null) {
          for (String key : index.byValue.getOrDefault(want, Collections.emptySet())) {
            out.add(docs.get(key));
          }
          scanned[0] = out.size();
        } else {
          for (ObjectNode d : docs.values()) {
            if (valueKey(d.get(attr)).equals(want)) {
              out.add(d);
            }
          }
          scanned[0] = docs.size();
        }
      } finally {
        lock.readLock().unlock();
      }
      return out;
    }

    /** Ensures a persistent index; returns {index, created?}. */
    Object[] ensurePersistentIndex(List<String> fields, boolean unique, boolean sparse, String name) {
      lock.writeLock().lock();
      try {
        for (Index i : indexes) {
          if (i.fields.equals(fields) && i.unique == unique && i.sparse == sparse) {
            return new Object[] {i, false};
          }
        }
        String iid = String.valueOf(ids.incrementAndGet());
        Index fresh = new Index(this.name + "/" + iid, name == null ? "idx_" + iid : name, List.copyOf(fields), unique, sparse);
        for (ObjectNode d : docs.values()) {
          if (unique && fresh.byValue.containsKey(fresh.keyOf(d)) && fresh.keyOf(d) != NullNode.instance) {
            throw new ArangoError(409, ArangoError.UNIQUE_CONSTRAINT_VIOLATED, "unique constraint violated - in index "
                + fresh.name + " of type persistent over '" + String.join(", ", fields) + "'");
          }
          fresh.add(d);
        }
        indexes.add(fresh);
        return new Object[] {fresh, true};
      } finally {
        lock.writeLock().unlock();
      }
    }

    /** Drops index {@code iid} (the part after the slash); 404/1212 when missing. */
    void dropIndex(String iid) {
      lock.writeLock().lock();
      try {
        if (!indexes.removeIf(i -> i.id.equals(name + "/" + iid))) {
          throw new ArangoError(404, ArangoError.INDEX_NOT_FOUND, "index not found");
        }
      } finally {
        lock.writeLock().unlock();
      }
    }
  }
}
