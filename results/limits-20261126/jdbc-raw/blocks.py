import json, glob, math, statistics, re
T975 = {1:12.706,2:4.303,3:3.182,4:2.776,5:2.571,6:2.447,7:2.365,8:2.306,9:2.262}
def fm(p):
    d = json.load(open(p)); return statistics.mean(d[0]['primaryMetric']['rawData'][0])
res = {}
for p in glob.glob('/tmp/lj-meas/blk-b*-*.json'):
    m = re.search(r'blk-b(\d+)-(\w+)\.json', p); res.setdefault(int(m.group(1)), {})[m.group(2)] = fm(p)
for b in sorted(res): print(b, {k: round(v, 4) for k, v in sorted(res[b].items())})
for x in ['arrayProject', 'arrayChunks', 'arrayPipeline']:
    logs = [math.log(r[x] / r['copy']) for r in res.values() if x in r and 'copy' in r]
    if len(logs) < 2: continue
    n = len(logs); m = statistics.mean(logs); h = T975[n-1] * statistics.stdev(logs) / math.sqrt(n)
    xs = [r[x] for r in res.values() if x in r and 'copy' in r]; cs = [r['copy'] for r in res.values() if x in r and 'copy' in r]
    print(f"{x}: {statistics.mean(xs):.4f} s vs copy {statistics.mean(cs):.4f} s, {n} pairs, ratio {math.exp(m):.2f}x [{math.exp(m-h):.2f}, {math.exp(m+h):.2f}]")
