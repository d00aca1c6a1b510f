#!/usr/bin/env bash
# Waits for the dbbench Indexed Job, copies every shard's run directory off the results volume and
# joins them with report merge (which refuses a missing or duplicate shard, or shards of different
# commits or settings). Usage: docker/k8s/collect.sh [OUT_DIR]   (default results/k8s-<UTC timestamp>)
# Needs kubectl (pointed at the cluster) and target/benchmarks.jar (./mvnw -DskipTests package).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-results/k8s-$(date -u +%Y%m%dT%H%M%SZ)}
job=${DBBENCH_K8S_JOB:-dbbench}
kubectl wait --for=condition=complete "job/$job" --timeout="${DBBENCH_K8S_WAIT:-6h}"
kubectl apply -f - <<'YAML'
apiVersion: v1
kind: Pod
metadata:
  name: dbbench-collect
  labels:
    app: dbbench-collect
spec:
  restartPolicy: Never
  containers:
    - name: reader
      image: busybox:1.37
      command: ["sleep", "3600"]
      volumeMounts:
        - name: results
          mountPath: /results
  volumes:
    - name: results
      persistentVolumeClaim:
        claimName: dbbench-results
YAML
trap 'kubectl delete pod dbbench-collect --wait=false >/dev/null 2>&1 || true' EXIT
kubectl wait --for=condition=Ready pod/dbbench-collect --timeout=5m
mkdir -p "$out"
shards=()
for dir in $(kubectl exec dbbench-collect -- sh -c 'ls -d /results/shard-*/[0-9]*T*Z'); do
  name=$(echo "$dir" | cut -d/ -f3)
  kubectl cp "dbbench-collect:$dir" "$out/$name"
  shards+=("$out/$name")
done
[ ${#shards[@]} -gt 0 ] || { echo "collect: no shard run directory on the results volume" >&2; exit 1; }
java --enable-native-access=ALL-UNNAMED -cp target/benchmarks.jar io.dbbench.report.Report merge -o "$out/merged" "${shards[@]}"
