import json, glob, math, sys, re, statistics
X = sys.argv[1]
T975 = {1:12.706,2:4.303,3:3.182,4:2.776,5:2.571,6:2.447,7:2.365,8:2.306,9:2.262,10:2.228,11:2.201}
def forkmean(path):
    d = json.load(open(path))
    raw = d[0]['primaryMetric']['rawData'][0]
    return statistics.mean(raw), raw
blocks = sorted(set(re.search(r'-b(\d+)-', p).group(1) for p in glob.glob(f'/tmp/lj-meas/abba-{X}-b*-*.json')), key=int)
ratios = []; xs=[]; cs=[]
for b in blocks:
    f = {int(re.search(r'-b\d+-(\d)-', p).group(1)): p for p in glob.glob(f'/tmp/lj-meas/abba-{X}-b{b}-*.json')}
    if len(f) < 4: continue
    a1, _ = forkmean(f[1]); c1, _ = forkmean(f[2]); c2, _ = forkmean(f[3]); a2, _ = forkmean(f[4])
    xs += [a1, a2]; cs += [c1, c2]
    ratios += [a1 / c1, a2 / c2]
    print(f"block {b}: {X} {a1:.4f} copy {c1:.4f} copy {c2:.4f} {X} {a2:.4f}  ratios {a1/c1:.2f} {a2/c2:.2f}")
logs = [math.log(r) for r in ratios]; n = len(logs)
m = statistics.mean(logs); sd = statistics.stdev(logs) if n > 1 else float('nan')
h = T975.get(n - 1, 2.0) * sd / math.sqrt(n)
print(f"{X}: mean of fork means {statistics.mean(xs):.4f} s, copy {statistics.mean(cs):.4f} s; pairs {n}; ratio (geometric mean) {math.exp(m):.2f}x, 95% interval [{math.exp(m-h):.2f}, {math.exp(m+h):.2f}]")
