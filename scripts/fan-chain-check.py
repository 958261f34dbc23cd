# Separate check of FAN-CHAIN's relaxation on a corner-to-corner mesh broadcast: two source arcs and two
# target arcs, every unit's middle hops a delay D; decides whether some relaxed schedule ends by T.
# Every split of the n units over the source arcs, every composition on each (packets back to back from 0),
# then every labelling of the released units into batches on the two target arcs, by exhaustive depth-first
# search over (unit in release order -> open a batch on machine 0/1 or join the machine's open batch).
import sys
from functools import lru_cache
beta,tau=5,1
n=int(sys.argv[1]); D=int(sys.argv[2]); T=int(sys.argv[3])
def comps(m):
    if m==0: yield (); return
    for a in range(1,m+1):
        for r in comps(m-a): yield (a,)+r
def ends(c):
    t=0;out=[]
    for a in c:
        t+=beta+a*tau; out+=[t]*a
    return out
def fits(rel):
    # units in release order; each machine has a closed-end time and an open batch (start candidate = its
    # last unit's release, size); a unit joins an open batch or closes it and opens a new one.
    N=len(rel)
    @lru_cache(None)
    def go(i,m0,m1):
        # m = (free time before the open batch, open size, release of its latest unit) or None
        if i==N:
            for m in (m0,m1):
                if m and max(m[0],m[2])+beta+m[1]*tau>T: return False
            return True
        r=rel[i]
        for k,m in ((0,m0),(1,m1)):
            opts=[]
            if m is None: opts.append((0,1,r))
            else:
                opts.append((m[0],m[1]+1,r))        # join the open batch
                end=max(m[0],m[2])+beta+m[1]*tau
                if end<=T: opts.append((end,1,r))   # close it, open a new one
            for o in opts:
                if max(o[0],o[2])+beta+o[1]*tau>T: continue
                nm=(o,m1) if k==0 else (m0,o)
                if go(i+1,*nm): return True
        return False
    return go(0,None,None)
seen=set(); found=None
for n1 in range(n//2,n+1):
    for c1 in comps(n1):
        for c2 in comps(n-n1):
            rel=tuple(sorted(x+D for x in ends(c1)+ends(c2)))
            if rel in seen: continue
            seen.add(rel)
            if any(rel[j]+beta+-(-(n-j)//2)*tau>T for j in range(n)): continue
            if fits(rel): found=(c1,c2); break
        if found: break
    if found: break
print("n",n,"D",D,"T",T,"FEASIBLE" if found else "none", found or "", "lists", len(seen))
