"""Reference outputs for EDivisiveReferenceTest, from MongoDB's signal-processing-algorithms.

Run once with the package installed (pip install signal-processing-algorithms==2.1.6) and commit
what it prints as edivisive-reference.json beside this file:

    python3 edivisive-reference.py > edivisive-reference.json

For fixed series (seeded Gaussian noise with and without steps, and one committed finding's series)
it records, per series, the package's energy statistic T = mn/(m+n) E for every split of the whole
series (dbbench's EDivisive.qHat) and the change points its e_divisive finds with a permutation test.
"""
import json
import math
import random
import sys

import numpy as np
from signal_processing_algorithms.energy_statistics import energy_statistics


def series():
    rnd = random.Random(20261128)
    out = []
    for name, n, steps in [
        ("flat-20", 20, []),
        ("step-20", 20, [(10, 3.0)]),
        ("step-30-down", 30, [(12, -4.0)]),
        ("two-steps-40", 40, [(13, 4.0), (27, -5.0)]),
    ]:
        z = []
        for i in range(n):
            level = sum(h for at, h in steps if i >= at)
            z.append(rnd.gauss(0, 1) + level)
        out.append((name, z))
    # the committed quick runs' GraphJ perCall -> reused change in time (findings.json of the 24
    # runs 20261124T194306Z to 20261127T040001Z, rounded to 0.01 points), as ln(1 + p/100)
    graphj = [-62.68, -63.51, -63.22, -63.72, -60.82, -63.44, -62.65, -62.36, -61.88, -61.68, -63.52, -45.69,
              -48.14, -47.01, -44.47, -47.19, -47.73, -47.46, -52.43, -48.41, -48.3, -41.18, -45.78, -47.51]
    out.append(("graphj-committed", [math.log1p(v / 100) for v in graphj]))
    return out


def main():
    result = {"package": "signal-processing-algorithms", "version": sys.modules["signal_processing_algorithms"].__dict__.get(
        "__version__", "2.1.6"), "series": []}
    for name, z in series():
        arr = np.array(z, dtype=float)
        t_values = []
        for t in range(len(z) + 1):
            if t < 2 or len(z) - t < 2:
                t_values.append(None)
                continue
            s = energy_statistics.get_energy_statistics(arr[:t], arr[t:])
            t_values.append(float(s.t))
        cps = energy_statistics.e_divisive(arr, pvalue=0.01, permutations=999)
        result["series"].append({"name": name, "values": z, "t": t_values, "change_points": [int(c) for c in cps]})
    json.dump(result, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
