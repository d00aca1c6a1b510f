"""Per block: dbbench's libcrypto encryptInto/decryptInto (ns/op, one JMH fork) over openssl speed -aead's ns per
11,990-byte message in the same block; geometric mean and 95% t interval over blocks. Needs scipy."""
import json,glob,math,re,statistics as st
from scipy import stats as S
rows={'encryptInto':[], 'decryptInto':[]}
blocks=sorted({int(re.match(r'b(\d+)-',f).group(1)) for f in glob.glob('b*-jmh.json')})
for b in blocks:
    txt=open(f'b{b}-openssl.txt').read()
    kb=float(re.search(r'ChaCha20-Poly1305\s+([0-9.]+)k',txt).group(1))
    ossl=11990/(kb*1000)*1e9
    line=[f'block {b}: openssl {ossl:.0f} ns']
    for r in json.load(open(f'b{b}-jmh.json')):
        m=r['benchmark'].split('.')[-1]
        rows[m].append(math.log(r['primaryMetric']['score']/ossl))
        line.append(f"{m} {r['primaryMetric']['score']:.0f} ns ({r['primaryMetric']['score']/ossl:.2f}x, other {r['secondaryMetrics']['machine.other_busy']['score']:.1f}%, steal {r['secondaryMetrics']['machine.steal']['score']:.1f}%)")
    print('; '.join(line))
for m,l in rows.items():
    n=len(l); mu=st.mean(l); h=S.t.ppf(.975,n-1)*st.stdev(l)/math.sqrt(n)
    print(f'{m} / openssl speed -aead: {math.exp(mu):.2f}x [{math.exp(mu-h):.2f}, {math.exp(mu+h):.2f}] over {n} blocks')
