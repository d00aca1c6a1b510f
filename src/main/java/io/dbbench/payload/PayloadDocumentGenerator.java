package io.dbbench.payload;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;

/**
 * Generates the two template documents deterministically from fixed seeds, so the shipped files
 * under {@code src/main/resources/payload/} can be regenerated and checked byte for byte.
 *
 * <p>The request-manager document imitates the shape of a CMS WMCore ReqMgr2 "TaskChain" request
 * specification (the payload the WMPayload study stored): request metadata, a status transition
 * history with epoch-second timestamps, per-task objects, site white lists and output datasets.
 * Names and values are synthetic.
 *
 * <p>Run {@code java -cp target/benchmarks.jar io.dbbench.payload.PayloadDocumentGenerator DIR}
 * to rewrite {@code DIR/flat.json} and {@code DIR/reqmgr2.json}.
 */
public final class PayloadDocumentGenerator {
  /** Seed of the flat document. */
  public static final long FLAT_SEED = 20260001L;
  /** Seed of the request-manager document. */
  public static final long REQMGR2_SEED = 20260002L;

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String[] SITES = {"T1_US_FNAL", "T1_DE_KIT", "T1_IT_CNAF", "T1_FR_CCIN2P3",
      "T1_ES_PIC", "T1_UK_RAL", "T2_CH_CERN", "T2_US_MIT", "T2_US_Nebraska", "T2_US_Purdue",
      "T2_US_Wisconsin", "T2_DE_DESY", "T2_IT_Legnaro", "T2_FR_GRIF", "T2_UK_London_IC",
      "T2_ES_CIEMAT", "T2_BE_IIHE", "T2_CN_Beijing", "T2_RU_JINR", "T2_BR_SPRACE"};
  private static final String[] STATUSES = {"new", "assignment-approved", "assigned", "staging",
      "staged", "acquired", "running-open", "running-closed", "completed", "closed-out"};

  private PayloadDocumentGenerator() {}

  /** The document's compact UTF-8 JSON. */
  public static byte[] generate(PayloadDocument doc) {
    try {
      return JSON.writeValueAsBytes(doc == PayloadDocument.flat ? flat() : reqmgr2());
    } catch (IOException e) {
      throw new IllegalStateException("cannot serialise generated document " + doc, e);
    }
  }

  /** About 1 KB: 36 scalar fields (strings, integers, doubles, booleans), no nesting. */
  static ObjectNode flat() {
    Random r = new Random(FLAT_SEED);
    ObjectNode o = JSON.createObjectNode();
    for (int i = 0; i < 36; i++) {
      String key = String.format(Locale.ROOT, "field%02d", i);
      switch (i % 4) {
        case 0 -> o.put(key, word(r, 40 + r.nextInt(24)));
        case 1 -> o.put(key, r.nextInt(1_000_000));
        case 2 -> o.put(key, Math.round(r.nextDouble() * 1e6) / 1e3);
        default -> o.put(key, r.nextBoolean());
      }
    }
    return o;
  }

  /** About 12 KB: a TaskChain request with 13 tasks and a 480-entry lumi list. */
  static ObjectNode reqmgr2() {
    Random r = new Random(REQMGR2_SEED);
    long created = 1_700_000_000L;
    ObjectNode o = JSON.createObjectNode();
    String campaign = "Run3Summer26" + word(r, 6);
    o.put("RequestName", "dbbench_TaskChain_" + campaign + "_" + word(r, 10));
    o.put("RequestType", "TaskChain");
    o.put("RequestStatus", "running-open");
    o.put("RequestPriority", 80_000 + r.nextInt(100_000));
    o.put("Requestor", "dbbench");
    o.put("Group", "DATAOPS");
    o.put("Campaign", campaign);
    o.put("PrepID", "TOP-" + campaign + "-" + String.format(Locale.ROOT, "%05d", r.nextInt(100_000)));
    o.put("CMSSWVersion", "CMSSW_14_0_" + r.nextInt(20));
    o.put("ScramArch", "el9_amd64_gcc12");
    o.put("GlobalTag", "140X_mcRun3_2026_realistic_v" + r.nextInt(10));
    o.put("Memory", 4000 + 500 * r.nextInt(8));
    o.put("Multicore", 1 << r.nextInt(4));
    o.put("TimePerEvent", Math.round(r.nextDouble() * 1e4) / 1e2);
    o.put("SizePerEvent", Math.round(r.nextDouble() * 2e5) / 1e2);
    o.put("TotalInputEvents", 1_000_000L + r.nextInt(50_000_000));
    o.put("TotalInputLumis", 10_000 + r.nextInt(100_000));
    o.put("DbsUrl", "https://cmsweb.example.org/dbs/prod/global/DBSReader");
    o.put("ConfigCacheUrl", "https://cmsweb.example.org/couchdb");
    o.put("RequestDate", created);
    o.put("Dashboard", "production");
    o.put("TrustSitelists", r.nextBoolean());
    o.put("TrustPUSitelists", r.nextBoolean());
    o.put("DeterministicPileup", false);
    o.put("IncludeParents", false);
    ArrayNode trans = o.putArray("RequestTransition");
    long t = created;
    for (String s : STATUSES) {
      t += 60 + r.nextInt(86_400);
      ObjectNode tr = trans.addObject();
      tr.put("Status", s);
      tr.put("UpdateTime", t);
      tr.put("DN", "/DC=ch/DC=cern/OU=Organic Units/OU=Users/CN=dbbench/CN=" + (100_000 + r.nextInt(900_000)));
    }
    int tasks = 13;
    o.put("TaskChain", tasks);
    for (int i = 1; i <= tasks; i++) {
      ObjectNode task = o.putObject("Task" + i);
      task.put("TaskName", "Task" + i + "_" + word(r, 8));
      task.put("KeepOutput", i == tasks || r.nextBoolean());
      task.put("AcquisitionEra", "Run3Summer26");
      task.put("ProcessingString", "140X_mcRun3_v" + r.nextInt(10));
      task.put("ProcessingVersion", 1 + r.nextInt(3));
      task.put("ConfigCacheID", hex(r, 32));
      task.put("GlobalTag", o.get("GlobalTag").asText());
      task.put("Memory", 2000 + 500 * r.nextInt(12));
      task.put("Multicore", 1 << r.nextInt(4));
      task.put("EventStreams", r.nextInt(4));
      task.put("FilterEfficiency", Math.round(r.nextDouble() * 1e4) / 1e4);
      task.put("LumisPerJob", 1 + r.nextInt(20));
      task.put("EventsPerLumi", 100 + r.nextInt(900));
      if (i == 1) {
        task.put("InputDataset", "/" + word(r, 12) + "/Run3Summer26-" + word(r, 8) + "/GEN-SIM");
        task.put("SplittingAlgo", "EventAwareLumiBased");
      } else {
        task.put("InputTask", "Task" + (i - 1));
        task.put("InputFromOutputModule", "RAWSIMoutput");
        task.put("SplittingAlgo", "LumiBased");
      }
      ArrayNode pu = task.putArray("MCPileup");
      pu.add("/Neutrino_E-10_gun/Run3Summer26-" + word(r, 10) + "/PREMIX");
      ArrayNode steps = task.putArray("Steps");
      for (int s = 0; s < 3; s++) {
        steps.add("step" + (s + 1) + "_" + word(r, 6));
      }
    }
    ArrayNode white = o.putArray("SiteWhitelist");
    for (String s : SITES) {
      if (r.nextInt(3) > 0) {
        white.add(s);
      }
    }
    o.putArray("SiteBlacklist").add(SITES[r.nextInt(SITES.length)]);
    ArrayNode out = o.putArray("OutputDatasets");
    for (int i = 0; i < 6; i++) {
      out.add("/" + word(r, 14) + "/Run3Summer26-140X_mcRun3_v" + r.nextInt(10) + "-v1/"
          + new String[] {"GEN-SIM", "AODSIM", "MINIAODSIM", "NANOAODSIM", "GEN-SIM-RAW", "DQMIO"}[i]);
    }
    ObjectNode perf = o.putObject("PerformanceMonitoring");
    perf.put("MaxRSS", 8_000_000 + r.nextInt(4_000_000));
    perf.put("MaxVSize", 20_000_000 + r.nextInt(10_000_000));
    perf.put("SoftTimeout", 129_600);
    perf.put("GracePeriod", 300);
    ArrayNode lumis = o.putArray("LumiList");
    for (int i = 0; i < 480; i++) {
      lumis.add(1 + r.nextInt(5000));
    }
    return o;
  }

  private static String word(Random r, int n) {
    StringBuilder sb = new StringBuilder(n);
    for (int i = 0; i < n; i++) {
      sb.append((char) ('a' + r.nextInt(26)));
    }
    return sb.toString();
  }

  private static String hex(Random r, int n) {
    StringBuilder sb = new StringBuilder(n);
    for (int i = 0; i < n; i++) {
      sb.append(Character.forDigit(r.nextInt(16), 16));
    }
    return sb.toString();
  }

  /**
   * Writes both documents into {@code args[0]} (default {@code src/main/resources/payload}).
   *
   * @throws IOException when the directory cannot be written
   */
  public static void main(String[] args) throws IOException {
    Path dir = Path.of(args.length > 0 ? args[0] : "src/main/resources/payload");
    Files.createDirectories(dir);
    for (PayloadDocument d : PayloadDocument.values()) {
      byte[] b = generate(d);
      Files.write(dir.resolve(d.name() + ".json"), b);
      System.out.println(dir.resolve(d.name() + ".json") + ": " + b.length + " bytes");
    }
  }
}
