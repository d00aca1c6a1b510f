import json,glob,math,statistics as st,sys
from scipy import stats as S
d={}
for f in glob.glob('b*-*.json'):
    b=int(f.split('-')[0][1:]); s=f.split('-')[1][:-5]
    r=json.load(open(f))[0]
    d[(b,s)]=(st.mean(r['primaryMetric']['rawData'][0]), r['secondaryMetrics'].get('machine.other_busy',{}).get('score'), r['secondaryMetrics'].get('machine.steal',{}).get('score'))
blocks=sorted(set(b for b,_ in d))
for x in ['arrayBind','arrayProject']:
    lr=[math.log(d[(b,x)][0]/d[(b,'copy')][0]) for b in blocks if (b,x) in d and (b,'copy') in d]
    n=len(lr); m=st.mean(lr); s=st.stdev(lr); h=S.t.ppf(.975,n-1)*s/math.sqrt(n)
    print(f"{x}/copy: {n} blocks, ratio {math.exp(m):.2f}x [{math.exp(m-h):.2f}, {math.exp(m+h):.2f}]  per block {[round(math.exp(v),2) for v in lr]}")
print('copy s', [round(d[(b,'copy')][0],4) for b in blocks]); print('other_busy max', max(v[1] or 0 for v in d.values()), 'steal max', max(v[2] or 0 for v in d.values()))
