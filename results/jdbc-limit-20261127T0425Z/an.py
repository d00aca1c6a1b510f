# Pairs each block's arrayProject fork with its copy fork: ratio of fork means (wall, and server.cpu),
# geometric mean over blocks, 95% t interval on the log ratios. Needs scipy.
import json, glob, math, statistics as st
from scipy import stats as S
d = {}
for f in glob.glob('b*-*.json'):
    b = int(f.split('-')[0][1:]); s = f.split('-')[1][:-5]
    r = json.load(open(f))[0]
    sec = r['secondaryMetrics']
    d[(b, s)] = dict(wall=st.mean(r['primaryMetric']['rawData'][0]), server=st.mean(sec['server.cpu']['rawData'][0]),
                     other=sec.get('machine.other_busy', {}).get('score'), steal=sec.get('machine.steal', {}).get('score'))
blocks = sorted(set(b for b, _ in d if (b, 'copy') in d and (b, 'arrayProject') in d))
for k in ('wall', 'server'):
    lr = [math.log(d[(b, 'arrayProject')][k] / d[(b, 'copy')][k]) for b in blocks]
    n = len(lr); m = st.mean(lr); h = S.t.ppf(.975, n - 1) * st.stdev(lr) / math.sqrt(n)
    print(f"arrayProject/copy by {k}: {n} blocks, {math.exp(m):.2f}x [{math.exp(m - h):.2f}, {math.exp(m + h):.2f}]"
          f"  per block {[round(math.exp(v), 2) for v in lr]}")
for s in ('copy', 'arrayProject'):
    print(s, 'wall s', [round(d[(b, s)]['wall'], 3) for b in blocks], 'server s', [round(d[(b, s)]['server'], 3) for b in blocks])
print('other_busy max %', max(v['other'] or 0 for v in d.values()), ' steal max %', max(v['steal'] or 0 for v in d.values()))
