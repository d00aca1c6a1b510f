package io.dbbench;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbbench.core.ChildJvm;
import io.dbbench.core.KnownSecrets;
import io.dbbench.core.Version;
import io.dbbench.payload.WmpayloadSideBySide;
import io.dbbench.report.data.GoBenchOutput;
import io.dbbench.run.JmhForkSide;
import io.dbbench.run.PairedBlocks;
import io.dbbench.run.Side;
import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * WMPayload's own service and {@code benchmark_test.go} (built by
 * {@code scripts/wmpayload-vs-dbbench.sh} from a checkout) and, with {@code --java}, dbbench's
 * {@code PayloadServiceBenchmark} rows, on one MongoDB target, in paired blocks
 * ({@code PairedMain wmpayload}). Per document: the Go search collection seeded
 * ({@code io.dbbench.payload.GoServiceCollection}), one unrecorded pass of every Go row, then the
 * blocks (Go then Java in odd blocks, reversed in even ones; every operation of a block in turn,
 * the machine keyed by {@code "<operation> <doc>"}), then the search collection dropped. Each Go
 * row is set up before its process, outside its CPU count ({@link Side#prepare}): its collection
 * emptied (insert) or indexed as the row says (search), WMPayload's service restarted on it when
 * it changed, {@code config.json} written in the private directory, a full GC in the stand-in;
 * after it, what the benchmark does not check is checked (the inserts stored, a search answering
 * the seeded document). The target's URI comes from {@code WMPAYLOAD_MONGO_URI} in the environment
 * and is scrubbed from every file written.
 */
@Command(name = "wmpayload", mixinStandardHelpOptions = true, versionProvider = Version.class,
    description = "WMPayload's Go service and benchmark (and dbbench's payload rows) in paired blocks.")
final class WmpayloadBlocks implements Callable<Integer> {
  private static final String LABEL = "wmpayload-vs-dbbench";
  private static final ObjectMapper JSON = new ObjectMapper();

  @Option(names = "--out", required = true, paramLabel = "DIR", description = "The results directory.")
  Path out;

  @Option(names = "--bin", required = true, paramLabel = "DIR", description = "The directory of wmpayload and wmpayload.test.")
  Path bin;

  @Option(names = "--priv", required = true, paramLabel = "DIR", description = "The private directory (mode 700) of the configs.")
  Path priv;

  @Option(names = "--port", required = true, paramLabel = "PORT", description = "The port benchmark_test.go hard-codes.")
  int port;

  @Option(names = "--database", defaultValue = "dbbench", paramLabel = "DB", description = "The database (default: ${DEFAULT-VALUE}).")
  String database;

  @Option(names = "--stamp", required = true, paramLabel = "S", description = "The run's stamp in the collections' names.")
  String stamp;

  @Option(names = "--server", required = true, paramLabel = "LABEL", description = "The target's label in every row.")
  String server;

  @Option(names = "--standin-pid", paramLabel = "PID", description = "The stand-in's process (its CPU counts as each side's own).")
  Long standinPid;

  @Option(names = "--ops", defaultValue = "insert,search", split = ",", paramLabel = "LIST", description = "Operations.")
  List<String> ops;

  @Option(names = "--docs", defaultValue = "flat,reqmgr2", split = ",", paramLabel = "LIST", description = "Documents.")
  List<String> docs;

  @Option(names = "--blocks", defaultValue = "1", paramLabel = "N", description = "Blocks per document.")
  int blocks;

  @Option(names = "--benchtime", defaultValue = "1s", paramLabel = "T", description = "go test's -test.benchtime.")
  String benchtime;

  @Option(names = "--collection-size", defaultValue = "30000", paramLabel = "N", description = "Documents of a search collection.")
  int size;

  @Option(names = "--go-index", defaultValue = "id", paramLabel = "INDEX", description = "The Go rows' index: id (unique) or study.")
  String goIndex;

  @Option(names = "--reqmgr2", required = true, paramLabel = "FILE", description = "The ReqMgr2 template the Go benchmark posts.")
  Path reqmgr2;

  @Option(names = "--java", description = "Also dbbench's PayloadServiceBenchmark rows.")
  boolean javaRows;

  @Option(names = "--java-iterations", defaultValue = "3", paramLabel = "N", description = "Measured iterations of the Java rows.")
  int javaIterations;

  @Option(names = "--shared-insert", paramLabel = "PROPS", description = "The Java insert forks' -Ddbbench.shared.* properties.")
  String sharedInsert;

  @Option(names = "--shared-search", paramLabel = "PROPS", description = "The Java search forks' -Ddbbench.shared.* properties.")
  String sharedSearch;

  @Option(names = "--jar", defaultValue = "target/benchmarks.jar", paramLabel = "JAR", description = "The benchmarks jar.")
  Path jar;

  private Process service;
  private String serviceCollection;
  private final Map<String, String> firstId = new LinkedHashMap<>();
  private int failures;

  String insertCollection() {
    return "wmpayload_go_insert_" + stamp;
  }

  String searchCollection(String doc) {
    return "wmpayload_go_search_" + doc + "_" + stamp;
  }

  @Override
  public Integer call() throws IOException {
    String uri = System.getenv("WMPAYLOAD_MONGO_URI");
    if (uri == null || uri.isBlank()) {
      System.err.println(LABEL + ": WMPAYLOAD_MONGO_URI is not set (the script sets it to the target's URI)");
      return PairedMain.EXIT_BAD_INPUT;
    }
    KnownSecrets.learn("WMPAYLOAD_MONGO_URI", uri);
    Files.deleteIfExists(out.resolve("rows.tsv"));
    Files.deleteIfExists(out.resolve("machine.tsv"));
    GoSide go = new GoSide();
    try {
      for (String doc : docs) {
        if (ops.contains("search")) {
          if (collection(searchCollection(doc), "seed", doc, Integer.toString(size)) == null) {
            return failed("seeding the Go search collection failed; see " + out.resolve("collection.log"));
          }
          String id = collection(searchCollection(doc), "first-id");
          if (id == null || id.isBlank()) {
            return failed("the seeded collection has no first id; see " + out.resolve("collection.log"));
          }
          firstId.put(doc, id.strip());
        }
        List<String> units = ops.stream().map(op -> op + " " + doc).toList();
        List<PairedBlocks.Slot> warmUp = units.stream().map(u -> new PairedBlocks.Slot(0, blocks, u, 1, (Side) go)).toList();
        failures += PairedBlocks.run(new PairedBlocks.Plan(LABEL + " warm-up", warmUp, PairedBlocks.Output.NONE, false),
            System.err).failures();
        List<Side> sides = new ArrayList<>(List.of(go));
        if (javaRows) {
          sides.add(javaSide(doc));
        }
        List<String> columns = WmpayloadSideBySide.COLUMNS.subList(2, WmpayloadSideBySide.COLUMNS.size());
        failures += PairedBlocks.run(new PairedBlocks.Plan(LABEL, PairedBlocks.abba(blocks, units, sides),
            new PairedBlocks.Output(out, columns, "operation"), false), System.err).failures();
        if (ops.contains("search")) {
          collection(searchCollection(doc), "drop");
        }
      }
    } catch (Side.SideFailedException e) {
      throw new IllegalStateException("the wmpayload blocks go on after a failure", e);
    } finally {
      stopService();
      if (ops.contains("insert")) {
        collection(insertCollection(), "drop");
      }
      KnownSecrets.scrubFiles(out);
    }
    return failures == 0 ? 0 : PairedMain.EXIT_FAILED_RUNS;
  }

  private int failed(String message) {
    System.err.println(LABEL + ": " + message);
    return PairedMain.EXIT_BAD_INPUT;
  }

  /** dbbench's rows of one document: PayloadServiceBenchmark per operation, searches' index order alternating. */
  private Side javaSide(String doc) {
    List<String> command = new ArrayList<>(List.of(ChildJvm.thisJava()));
    if (Runtime.version().feature() >= 23) {
      command.add("--sun-misc-unsafe-memory-access=allow");
    }
    command.addAll(List.of("-jar", jar.toString()));
    return new JmhForkSide("Java", command, s -> {
          String op = s.unit().split(" ")[0];
          List<String> a = new ArrayList<>(List.of("^io\\.dbbench\\.payload\\.PayloadServiceBenchmark\\." + op + "$",
              "-p", "doc=" + doc, "-p", "arrangement=outOfProcess", "-wi", "1", "-w", "1s", "-i",
              Integer.toString(javaIterations), "-r", "1s", "-prof", "gc"));
          if (op.equals("insert")) {
            a.addAll(List.of("-t", "1")); // the study's BenchmarkInsert: one client's sequential loop
          } else {
            a.addAll(List.of("-p", "collectionSize=" + size, "-p", s.block() % 2 == 1 ? "index=none,id" : "index=id,none"));
          }
          String shared = op.equals("insert") ? sharedInsert : sharedSearch;
          if (shared != null && !shared.isBlank()) {
            a.addAll(List.of("-jvmArgsAppend", shared));
          }
          return a;
        }, s -> out.resolve("jmh").resolve(s.block() + "-" + s.unit().replace(' ', '-') + ".json"),
        s -> out.resolve("jmh").resolve(s.block() + "-" + s.unit().replace(' ', '-') + ".txt"),
        (s, json) -> WmpayloadSideBySide.javaRows(json, server),
        Map.of("DBBENCH_WARMUP_CAP", System.getenv().getOrDefault("DBBENCH_WARMUP_CAP", "40"),
            "DBBENCH_WARMUP_WINDOW_MS", System.getenv().getOrDefault("DBBENCH_WARMUP_WINDOW_MS", "500")),
        standinPid == null ? List.of() : List.of(standinPid));
  }

  /**
   * {@code GoServiceCollection} on a collection, its output appended to {@code collection.log};
   * its standard output, or {@code null} when it failed.
   */
  String collection(String coll, String... action) throws IOException {
    List<String> cmd = new ArrayList<>(List.of(ChildJvm.thisJava(), "-cp", System.getProperty("java.class.path"),
        "io.dbbench.payload.GoServiceCollection", "--uri-from-env", "WMPAYLOAD_MONGO_URI", "--database", database,
        "--collection", coll));
    cmd.addAll(List.of(action));
    Path log = out.resolve("collection.log");
    append(log, "$ GoServiceCollection --collection " + coll + " " + String.join(" ", action) + "\n");
    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
    p.getOutputStream().close();
    String stdout = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    try {
      int rc = p.waitFor();
      append(log, stdout);
      return rc == 0 ? stdout : null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while GoServiceCollection ran", e);
    }
  }

  private static void append(Path file, String text) throws IOException {
    Files.writeString(file, KnownSecrets.scrub(text), StandardCharsets.UTF_8, StandardOpenOption.CREATE,
        StandardOpenOption.APPEND);
  }

  /** WMPayload's and benchmark_test.go's {@code config.json} (the keys of its server.go's Config), owner-only. */
  private void writeConfig(Path file, String coll, String jsonFile) throws IOException {
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("use_https", false);
    c.put("port", port);
    c.put("cert_file", "");
    c.put("key_file", "");
    c.put("json_file", jsonFile);
    c.put("mongo_uri", System.getenv("WMPAYLOAD_MONGO_URI"));
    c.put("mongo_database", database);
    c.put("mongo_collection", coll);
    Files.deleteIfExists(file);
    Files.createFile(file, java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
        java.nio.file.attribute.PosixFilePermissions.fromString("rw-------")));
    JSON.writeValue(file.toFile(), c);
  }

  /** WMPayload's service on {@code coll}, restarted when the collection changes; ready when its port accepts. */
  private void service(String coll) throws IOException {
    if (coll.equals(serviceCollection) && service != null && service.isAlive()) {
      return;
    }
    stopService();
    writeConfig(priv.resolve("service.json"), coll, "");
    Path log = out.resolve("service.log");
    append(log, "--- service on " + database + "." + coll + "\n");
    service = new ProcessBuilder(bin.resolve("wmpayload").toString(), "-config", priv.resolve("service.json").toString())
        .directory(priv.toFile()).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
        .start();
    service.getOutputStream().close();
    for (int i = 0; i < 120; i++) {
      try (Socket s = new Socket("127.0.0.1", port)) {
        serviceCollection = coll;
        return;
      } catch (IOException e) {
        if (!service.isAlive()) {
          break;
        }
        sleep(250);
      }
    }
    stopService();
    throw new IOException("WMPayload's service did not start on port " + port + " against the " + server + "; see " + log);
  }

  private void stopService() {
    if (service != null) {
      service.destroy();
      try {
        service.waitFor(10, java.util.concurrent.TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      service.destroyForcibly();
      service = null;
      serviceCollection = null;
    }
  }

  private static void sleep(long ms) throws IOException {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }

  /**
   * WMPayload's Go benchmark: a unit is {@code "<operation> <doc>"}; insert is one process
   * ({@code BenchmarkInsert}), search one per index (none then id in odd blocks and the warm-up's
   * none only, id then none in even ones).
   */
  final class GoSide implements Side {
    @Override
    public String name() {
      return "Go";
    }

    @Override
    public List<Long> helperPids() {
      List<Long> pids = new ArrayList<>();
      if (standinPid != null) {
        pids.add(standinPid);
      }
      if (service != null && service.isAlive()) {
        pids.add(service.pid());
      }
      return pids;
    }

    @Override
    public List<Launch> launches(PairedBlocks.Slot slot) {
      String op = slot.unit().split(" ")[0];
      String doc = slot.unit().split(" ")[1];
      List<String> indexes = op.equals("insert") ? List.of("")
          : slot.block() == 0 ? List.of("none") : slot.block() % 2 == 1 ? List.of("none", "id") : List.of("id", "none");
      List<Launch> out = new ArrayList<>();
      for (String index : indexes) {
        String bench = op.equals("insert") ? "BenchmarkInsert" : "BenchmarkSearch";
        String name = (slot.block() == 0 ? "warmup" : Integer.toString(slot.block())) + "-" + op + "-" + doc
            + (index.isEmpty() ? "" : "-" + index) + ".txt";
        out.add(new Launch(index.isEmpty() ? "" : "index=" + index, List.of(bin.resolve("wmpayload.test").toString(),
            "-test.run", "^$", "-test.bench", "^" + bench + "$", "-test.benchmem", "-test.benchtime", benchtime,
            "-test.count", "1"), Map.of(), priv, WmpayloadBlocks.this.out.resolve("go").resolve(name)));
      }
      return out;
    }

    @Override
    public void prepare(PairedBlocks.Slot slot, Launch launch) throws IOException {
      String op = slot.unit().split(" ")[0];
      String doc = slot.unit().split(" ")[1];
      String coll;
      if (op.equals("insert")) {
        coll = insertCollection();
        if (collection(coll, "drop") == null) {
          throw new IOException("emptying " + coll + " failed; see " + out.resolve("collection.log"));
        }
      } else {
        coll = searchCollection(doc);
        String index = launch.step().replace("index=", "");
        if (collection(coll, "index", index.equals("id") ? goIndex : index) == null) {
          throw new IOException("indexing " + coll + " failed; see " + out.resolve("collection.log"));
        }
      }
      service(coll);
      writeConfig(priv.resolve("config.json"), coll, doc.equals("flat") ? "" : reqmgr2.toString());
      if (standinPid != null) { // a full GC in the stand-in, as every Java trial starts with (SharedServer.compactHeap)
        try {
          new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(), standinPid.toString(),
              "GC.run").redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException("interrupted", e);
        }
      }
    }

    @Override
    public List<List<String>> rows(PairedBlocks.Slot slot, Launch launch, String output, int exitCode)
        throws IOException, SideFailedException {
      String op = slot.unit().split(" ")[0];
      String doc = slot.unit().split(" ")[1];
      List<GoBenchOutput.Line> lines = GoBenchOutput.parse(output);
      if (exitCode != 0 || lines.isEmpty()) {
        throw new SideFailedException("Go " + slot.unit() + " " + launch.step() + " failed in block " + slot.block()
            + " (" + (exitCode != 0 ? "exit " + exitCode : "no result") + "); see " + launch.log());
      }
      GoBenchOutput.Line l = lines.get(0);
      String index = launch.step().isEmpty() ? "-" : launch.step().replace("index=", "");
      List<String> row = List.of("WMPayload Go", op, doc, index, l.name(), op.equals("insert") ? "1" : "b.N",
          l.iterations(), l.value("ns/op"), or(l.value("B/op")), or(l.value("allocs/op")), or(l.value("success_rate")),
          "-", server);
      // what the benchmark does not check: that the inserts were stored, and that a search answers the document
      if (op.equals("insert")) {
        if (collection(insertCollection(), "count", l.iterations()) == null) {
          throw new SideFailedException("Go insert " + doc + ": the collection holds fewer documents than the last"
              + " round's " + l.iterations() + " inserts; see " + out.resolve("collection.log"));
        }
      } else {
        String id = firstId.get(doc);
        String answer;
        try {
          answer = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
              + "/search?id=" + id)).timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString()).body();
        } catch (IOException | InterruptedException e) {
          answer = e.toString();
        }
        if (!answer.contains(id)) {
          throw new SideFailedException("Go search " + doc + " " + launch.step() + ": /search?id=" + id + " did not"
              + " answer the document: " + answer.substring(0, Math.min(200, answer.length())));
        }
      }
      return List.of(row);
    }

    private String or(String v) {
      return v.isEmpty() ? "-" : v;
    }
  }
}
