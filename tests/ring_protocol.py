#!/usr/bin/env python3
"""A model of the ring's hand-over protocol (gpuscan/ring.cuh), checked under random interleavings.

No GPU needed: this checks the protocol, not the kernel's code.  Several blocks each run the ring's
roles - a producer (claims units from a global counter into free slots and starts their copies), reducer
warps (publish each landed unit's aggregate), look-back warps (wait for a published prefix behind the
unit, publish its own) and the scanners (use the prefix, free the slot) - joined by one mbarrier per slot
and stage with the PTX parity-wait semantics.  Copies land at random moments.  Every run must end with
every unit scanned once, with the right prefix, and every role finished; a run where nothing can move is
a deadlock.

Negative controls show that the model catches what it is for: the ring's first form (5 slots for two
warps of a kind: a slot met different warps in successive rounds, and a parity wait cannot tell a phase
from the one two before it) must go wrong, warps that stop at their first END (with fewer reducers
than look-back warps) must deadlock, and with claims of two units (GPUSCAN_RING_CLAIM) a second unit
given the first one's exclusive prefix instead of its inclusive one must be caught.
"""
import random
import sys

END = -1


class MBar:
    """An mbarrier: `count` arrivals plus a transaction count complete a phase."""

    def __init__(self, count):
        self.count, self.pending, self.tx, self.phase = count, count, 0, 0

    def arrive(self, tx=0):
        self.tx += tx
        self.pending -= 1
        self._advance()

    def complete_tx(self, tx):
        self.tx -= tx
        self._advance()

    def _advance(self):
        if self.pending == 0 and self.tx == 0:
            self.phase += 1
            self.pending = self.count

    def done(self, parity):
        """mbarrier.try_wait.parity: the phase of this parity has completed."""
        return (self.phase & 1) != parity


class Failed(Exception):
    pass


def run(seed, blocks=3, units=40, slots=4, reducers=2, lookers=2, scan_warps=4, share_ends=True, claim=1,
        chain_inclusive=True):
    rng = random.Random(seed)
    counter = [0]
    published = {}  # unit -> ('A' | 'P', value)
    value = [rng.randint(1, 9) for _ in range(units)]
    scanned = {}  # unit -> the prefix its scanners used
    ends_total = max(reducers, lookers)
    landing = []  # copies in flight: (slot's full barrier, slot data, slot, value)
    roles = []

    def expect(cond, what):
        if not cond:
            raise Failed(what)

    def block_roles():
        full = [MBar(1) for _ in range(slots)]
        reduced = [MBar(1) for _ in range(slots)]
        ready = [MBar(1) for _ in range(slots)]
        empty = [MBar(scan_warps) for _ in range(slots)]
        unit_of, data, agg, prefix = [None] * slots, [None] * slots, [None] * slots, [None] * slots

        def turn(bar, i):
            s = i % slots
            return s, (lambda: bar[s].done((i // slots) & 1))

        def producer():
            ends, exhausted, i, nxt, left = 0, False, 0, 0, 0
            while ends < ends_total:
                s = i % slots
                yield lambda s=s, i=i: empty[s].done(((i // slots) & 1) ^ 1)
                u = END
                if not exhausted:
                    if claim > 1 and left == 0:  # `claim` units at once, once their slots are free
                        for j in range(1, claim):
                            yield lambda s=(i + j) % slots, i=i + j: empty[s].done(((i // slots) & 1) ^ 1)
                        nxt, left = counter[0], claim
                        counter[0] += claim
                    if claim > 1:
                        u, nxt, left = nxt, nxt + 1, left - 1
                    else:
                        u = counter[0]
                        counter[0] += 1
                    if u >= units:
                        u, exhausted = END, True
                unit_of[s] = u
                if u == END:
                    ends += 1
                    full[s].arrive()
                else:
                    data[s] = None
                    full[s].arrive(tx=1)
                    landing.append((full[s], data, s, value[u]))
                i += 1

        def stage(k, count, wait_bar, next_bar, work):
            i, ends = k, 0
            while True:
                s, cond = turn(wait_bar, i)
                yield cond
                u = unit_of[s]
                if u == END:
                    next_bar[s].arrive()
                    ends += 1
                    if not share_ends or ends == ends_total // count:
                        return
                else:
                    yield from work(k, s, u)
                    next_bar[s].arrive()
                i += count

        def reduce(k, s, u):
            expect(data[s] == value[u], "a reducer read a stale slot")
            published[u] = ('P' if u == 0 else 'A', data[s])
            agg[s] = data[s]
            return
            yield

        last = {}  # look-back warp -> (its last unit, that unit's inclusive prefix)

        def look_back(k, s, u):
            p = 0
            lu, li = last.get(k, (END, 0))
            if u > 0 and claim > 1 and u == lu + 1:
                p = li  # claimed with this warp's last unit: its prefix is known here
                published[u] = ('P', p + agg[s])
            elif u > 0:
                def found():
                    for j in range(u - 1, -1, -1):
                        if j not in published:
                            return False
                        if published[j][0] == 'P':
                            return True
                    return False
                yield found
                j, acc = u - 1, 0
                while published[j][0] != 'P':
                    acc += published[j][1]
                    j -= 1
                p = published[j][1] + acc
                published[u] = ('P', p + agg[s])
            last[k] = (u, p + agg[s] if chain_inclusive else p)  # unit 0: agg is its inclusive prefix
            prefix[s] = p

        def scanners():
            i = 0
            while True:
                s, cond = turn(ready, i)
                yield cond
                u = unit_of[s]
                if u == END:
                    return
                expect(data[s] == value[u], "the scanners read a stale slot")
                expect(u not in scanned, "a unit scanned twice")
                scanned[u] = prefix[s]
                for _ in range(scan_warps):
                    yield lambda: True
                    empty[s].arrive()
                i += 1

        return ([producer()] + [stage(k, reducers, full, reduced, reduce) for k in range(reducers)] +
                [stage(k, lookers, reduced, ready, look_back) for k in range(lookers)] + [scanners()])

    for _ in range(blocks):
        roles += block_roles()  # each block's roles close over its own slots and barriers

    live = []
    for g in roles:
        cond = next(g, None)
        if cond is not None:
            live.append([g, cond])
    while live or landing:
        runnable = [r for r in live if r[1]()]
        choices = len(runnable) + (1 if landing else 0)
        if choices == 0:
            raise Failed("deadlock")
        c = rng.randrange(choices)
        if c == len(runnable):
            bar, slot_data, s, v = landing.pop(rng.randrange(len(landing)))
            slot_data[s] = v
            bar.complete_tx(1)
            continue
        r = runnable[c]
        try:
            r[1] = next(r[0])
        except StopIteration:
            live.remove(r)
    expect(sorted(scanned) == list(range(units)), "a unit never scanned")
    total = 0
    for u in range(units):
        expect(scanned[u] == total, "a wrong prefix")
        total += value[u]


def outcomes(seeds, **cfg):
    seen = {}
    for seed in range(seeds):
        try:
            run(seed, **cfg)
            what = "ok"
        except Failed as e:
            what = str(e)
        seen[what] = seen.get(what, 0) + 1
    return seen


def main():
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    ok = True
    # the kernel's shapes: slots a multiple of max(reducers, lookers), both powers of two
    for cfg in [dict(slots=4), dict(slots=2), dict(slots=6), dict(slots=2, reducers=1, lookers=1),
                dict(slots=3, reducers=1, lookers=1), dict(slots=8, reducers=4, lookers=2),
                dict(slots=4, reducers=1, lookers=4), dict(slots=4, reducers=4, lookers=1),
                dict(blocks=1, slots=2), dict(blocks=7, units=5, slots=4), dict(units=1, slots=2),
                dict(slots=13, reducers=1, lookers=1),  # the default shape (int32 on the H100)
                # claims of several units (GPUSCAN_RING_CLAIM), incl. one past the end and one per ring
                dict(slots=13, reducers=1, lookers=1, claim=2), dict(slots=4, claim=2),
                dict(slots=2, reducers=1, lookers=1, claim=2), dict(slots=6, reducers=1, lookers=1, claim=4),
                dict(blocks=3, units=5, slots=4, reducers=1, lookers=1, claim=4),
                dict(blocks=2, units=9, slots=3, reducers=1, lookers=1, claim=3)]:
        seen = outcomes(seeds, **cfg)
        good = seen == {"ok": seeds}
        ok &= good
        print(("ok  " if good else "BAD ") + str(cfg) + " " + str(seen))
    for cfg, expected in [(dict(slots=5), "a reducer read a stale slot"),
                          (dict(slots=4, reducers=1, lookers=4, share_ends=False), "deadlock"),
                          # a claimed pair's second unit taking the first one's exclusive prefix:
                          # shows the model takes the local path
                          (dict(slots=4, reducers=1, lookers=1, claim=2, chain_inclusive=False),
                           "a wrong prefix")]:
        seen = outcomes(seeds, **cfg)
        caught = seen.get(expected, 0) > 0
        ok &= caught
        print(("ok  " if caught else "BAD ") + "control " + str(cfg) + " " + str(seen))
    print("ring protocol: %s" % ("passed" if ok else "FAILED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
