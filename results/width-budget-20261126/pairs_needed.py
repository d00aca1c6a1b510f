"""Pairs and seconds each quick headline comparison needs to meet the quick width target.

For each committed run directory given: the comparison's ABBA pairs from jmh.json (fork means,
d = ln(B/A) or ln(A/B) for throughput), their spread (sd of d), the run's seconds per pair
(the manifest's wall_seconds / pairs), and the pairs Stein's rule would ask for at that spread
with a pilot of 4 or 6 (t quantile of the pilot's degrees of freedom; targets: half-width
<= 10 points for percent findings, high/low <= 1.25 for ratios), times seconds per pair.
Needs scipy (t quantiles). Usage: python3 pairs_needed.py results/<run> ...
"""
import json,math,statistics as st,glob,os,sys
from scipy import stats as S
def need(m,s,df,ratio,pilot,maxp=200):
    t=S.t.ppf(.975,df)
    for n in range(pilot,maxp+1,2):
        h=t*s/math.sqrt(n)
        w=math.exp(2*h) if ratio else 100*math.exp(m)*math.sinh(h)
        if w<=(1.25 if ratio else 10): return n
    return maxp
runs=sys.argv[1:]
rowsout={}
for run in runs:
    env=json.load(open(run+'/env.json')); rows=json.load(open(run+'/jmh.json'))
    for fid,fam in env['families'].items():
        for c in fam.get('comparisons',[]):
            if 'AB' not in c.get('order',''): continue
            def find(pt):
                for r in rows:
                    if r['benchmark']==c['benchmark'] and all(r['params'].get(k)==str(v) for k,v in pt.items()) and len(r['primaryMetric']['rawData'])>=4: return r
            a=find(c['baseline']); b=find(c['contender'])
            fa=[st.mean(f) for f in a['primaryMetric']['rawData']]; fb=[st.mean(f) for f in b['primaryMetric']['rawData']]
            thr='ops' in a['primaryMetric']['scoreUnit'].split('/')[0]
            d=[(math.log(x/y) if thr else math.log(y/x)) for x,y in zip(fa,fb)]
            s=st.stdev(d); m=st.mean(d); n=len(d)
            ratio=c['rule']['scale']=='ratio'
            sec_pair=c['wall_seconds']/n
            key=c['benchmark'].split('.')[-2]+'.'+c['benchmark'].split('.')[-1]
            n4=need(m,s,3,ratio,4); n6=need(m,s,5,ratio,6)
            rowsout.setdefault(key,[]).append((run[-16:],n,s,sec_pair,n4,n6))
for k,v in rowsout.items():
    print(k)
    for r in v: print('   %s pairs %2d  pair sd %.3f  s/pair %5.1f  needs (pilot4) %3d = %5.0f s   (pilot6) %3d = %5.0f s'%(r[0],r[1],r[2],r[3],r[4],r[4]*r[3],r[5],r[5]*r[3]))
