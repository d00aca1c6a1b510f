package io.dbbench;

import io.dbbench.run.ShardPlan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The Kubernetes manifests under {@code docker/k8s/} as a cluster would read them (no cluster runs
 * here): an Indexed Job whose pods each run one shard ({@code JOB_COMPLETION_INDEX} with
 * {@code DBBENCH_SHARD_COUNT} equal to the completions), one pod per node, resources requested
 * equal to their limits, results on the shared volume the collection script reads, targets and
 * credentials only from a Secret through the environment.
 */
class K8sManifestsTest {
  static final YAMLMapper YAML = new YAMLMapper();
  static final Path K8S = Path.of("docker/k8s");

  @Test
  void theIndexedJobRunsOneShardPerPodOnePodPerNode() throws Exception {
    JsonNode job = YAML.readTree(K8S.resolve("job.yaml").toFile());
    assertEquals("batch/v1", job.path("apiVersion").asText());
    assertEquals("Job", job.path("kind").asText());
    JsonNode spec = job.path("spec");
    assertEquals("Indexed", spec.path("completionMode").asText());
    int completions = spec.path("completions").asInt();
    assertTrue(completions >= 2, spec.toString());
    assertEquals(completions, spec.path("parallelism").asInt(), "every shard at once");
    JsonNode pod = spec.path("template").path("spec");
    assertEquals("Never", pod.path("restartPolicy").asText(), "a failed shard is not silently rerun");

    JsonNode anti = pod.path("affinity").path("podAntiAffinity").path("requiredDuringSchedulingIgnoredDuringExecution");
    assertEquals(1, anti.size(), pod.toString());
    assertEquals("kubernetes.io/hostname", anti.get(0).path("topologyKey").asText());
    assertEquals(spec.path("template").path("metadata").path("labels"), anti.get(0).path("labelSelector").path("matchLabels"),
        "the anti-affinity selects the Job's own pods");

    JsonNode c = pod.path("containers").get(0);
    JsonNode env = c.path("env");
    String count = null;
    for (JsonNode e : env) {
      if (e.path("name").asText().equals(ShardPlan.COUNT_ENV)) {
        count = e.path("value").asText();
      }
      assertFalse(Pattern.compile("(?i)pass|secret|token|auth|uri|url|dsn|endpoint").matcher(e.path("name").asText()).find()
          && e.has("value"), "a credential-carrying setting written in the manifest: " + e);
    }
    assertEquals(String.valueOf(completions), count, ShardPlan.COUNT_ENV + " equals completions");
    assertEquals("dbbench-targets", c.path("envFrom").get(0).path("secretRef").path("name").asText());
    assertTrue(c.path("args").toString().contains("$(JOB_COMPLETION_INDEX)"), "each shard its own results directory: " + c);
    assertEquals(c.path("resources").path("requests"), c.path("resources").path("limits"), "requests equal limits");
    assertTrue(c.path("resources").path("limits").has("cpu") && c.path("resources").path("limits").has("memory"));

    String mount = c.path("volumeMounts").get(0).path("mountPath").asText();
    assertEquals("/results", mount);
    String claim = pod.path("volumes").get(0).path("persistentVolumeClaim").path("claimName").asText();
    JsonNode pvc = YAML.readTree(K8S.resolve("results-pvc.yaml").toFile());
    assertEquals("PersistentVolumeClaim", pvc.path("kind").asText());
    assertEquals(claim, pvc.path("metadata").path("name").asText(), "the Job mounts the claim the manifests define");
  }

  @Test
  void theCollectionStepMergesEveryShardAndTheImageRunsTheMainJob() throws Exception {
    Path collect = K8S.resolve("collect.sh");
    assertTrue(Files.isExecutable(collect));
    String script = Files.readString(collect);
    assertTrue(script.contains("kubectl wait --for=condition=complete"), script);
    assertTrue(script.contains("claimName: dbbench-results"), script);
    assertTrue(script.contains("io.dbbench.report.Report merge"), script);
    String dockerfile = Files.readString(Path.of("docker/Dockerfile"));
    assertTrue(dockerfile.contains("ARG BASE_IMAGE=eclipse-temurin:21-jre"), dockerfile);
    assertTrue(dockerfile.contains("\"io.dbbench.BenchMain\", \"--results\", \"/results\""), dockerfile);
    String pom = Files.readString(Path.of("pom.xml"));
    for (String s : List.of("<artifactId>jib-maven-plugin</artifactId>", "<jib.from.image>eclipse-temurin:21-jre</jib.from.image>",
        "<mainClass>io.dbbench.BenchMain</mainClass>")) {
      assertTrue(pom.contains(s), s);
    }
  }
}
