"""What simulated players do in a Player Phase, in the forecast's cheap model of the game
(:mod:`rigs_helper.forecast.simulate`).  No I/O; imports nothing of the rules engine.

Each player, in seating order from the leader, with the chances of their
:class:`~rigs_helper.forecast.tendencies.Tendency`:

1. repays Vinnie (2 units a script) from round 11 on, or at once if they never borrow;
2. surveys one unsurveyed plot (1 Supply; the yield drawn from the unseen Survey cards; a
   yield of 1 or more makes it a luxury plot, worth twice at the end);
3. builds RIGS with their Metal (2 each; borrows 1 Metal to use an odd one), not in the
   last two rounds;
4. puts warehouse RIGS on free spots (1 Supply each; borrows a Supply when short): Energy
   while the plots to power outnumber the Energy RIGS, then Luxuries, Metal, Supplies;
5. plays one Karma card from their hand (drawn from the unseen Karma cards by kind):
   Destruction costs the richest other player a RIGS, Sabotage takes 2 units of their most
   plentiful resource for the player, Wealth gives the player 2 units of a resource; a
   victim holding a Protection card stops the attack half of the time (the card is spent);
6. trades: sells the Energy and Supplies beyond 3 of each to the other player with the
   most credits, 4 credits a unit (as far as their credits go);
7. deals on any terms (the *random* policy: play the simulation cannot read): hands half
   of a holding drawn at random (a resource, or credits) to another player drawn at
   random, who pays back between nothing and twice its worth (3.5 a unit), as far as
   their credits go.

A player hurt by a Disaster draws a Karma card (hands are cut to 5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rigs_helper.forecast.tendencies import Tendency
    from rigs_helper.rules.rng import Rng

ENERGY, SUPPLIES, METAL, LUXURIES = range(4)
LAST_BUILD = 2  # no RIGS are built in the last rounds: they would not pay for their Metal
REPAY_LATE = 4  # rounds left when players who borrow start repaying
BLOCK = 50  # chance (in %) that a Protection card stops an attack
KINDS = ("destruction", "sabotage", "wealth", "protection")
KEEP = 3  # Energy and Supplies a trader keeps for their own RIGS (a stated choice)
PRICE = 4  # credits a unit traded: a little over its End Game worth (the die's 3.5)


class Acting:
    """Mixed into the simulated game: the Player Phase's choices."""

    # What the host (the simulated game, :class:`rigs_helper.forecast.simulate._Game`)
    # provides: declared for the type checker only (no class attributes are made).
    s: Any  # the game's facts (simulate.Start; not imported: simulate imports this)
    rng: Rng
    bits: int
    nbits: int
    left: int  # Market cards left at this Player Phase
    leader: int
    tend: list[Tendency]
    credits: list[int]
    res: list[list[int]]  # per player: energy, supplies, metal, luxuries
    scripts: list[list[int]]
    warehouse: list[int]
    # per player, per plot: [type, resource harvested or -1, RIGS, plot no., yield or -1]
    plots: list[list[Any]]
    open: list[int]  # unsurveyed plots
    weights: list[dict[str, int]]
    survey_pool: list[int]
    karma_pool: list[str]
    hands: list[list[str]]

    if TYPE_CHECKING:
        def take(self, items: list[Any]) -> Any: ...

        def lose_rigs(self, i: int) -> bool: ...

    def chance(self, p: float) -> bool:
        """True with chance ``p`` (10 bits of the forecast's generator a question)."""
        if p <= 0:
            return False
        if p >= 1:
            return True
        if self.nbits < 10:
            self.bits, self.nbits = self.rng.next64(), 64
        u = self.bits & 1023
        self.bits >>= 10
        self.nbits -= 10
        return u < p * 1024

    def player_phase(self) -> None:
        n = self.s.players
        late = self.left <= REPAY_LATE
        builds = self.left > LAST_BUILD
        for k in range(n):
            i = (self.leader + k) % n
            t = self.tend[i]
            res = self.res[i]
            if (late or t.borrow < 0.5) and any(self.scripts[i]):
                self.repay(i)
            if self.open[i] and self.chance(t.survey):
                self.survey(i, t)
            if builds and res[METAL] > 1 and self.chance(t.build):
                self.build(i, t)
            if self.warehouse[i] and self.chance(t.place):
                self.place(i, t)
            if self.hands[i] and self.chance(t.play):
                self.play(i)
            # (chance() takes no bits for a chance of 0: skipping the call changes nothing)
            if t.trade > 0 and self.chance(t.trade):
                self.trade(i)
            if t.gift > 0 and self.chance(t.gift):
                self.gift(i)

    def gift(self, i: int) -> None:
        """Half of a holding drawn at random handed to another player drawn at random,
        paid back between nothing and twice its worth."""
        n = self.s.players
        j = (i + 1 + self.rng.below(n - 1)) % n
        r = self.rng.below(5)
        if r == 4:  # credits, for nothing back
            k = self.credits[i] // 2
            self.credits[i] -= k
            self.credits[j] += k
            return
        k = (self.res[i][r] + 1) // 2
        if not k:
            return
        self.res[i][r] -= k
        self.res[j][r] += k
        pay = min(self.credits[j], self.rng.below(7 * k + 1))
        self.credits[j] -= pay
        self.credits[i] += pay

    def trade(self, i: int) -> None:
        """Spare Energy and Supplies (over KEEP of each) sold to the other player with the
        most credits, PRICE credits a unit, as far as their credits go."""
        res = self.res[i]
        b = max((j for j in range(self.s.players) if j != i), key=lambda j: self.credits[j])
        for r in (ENERGY, SUPPLIES):
            k = min(res[r] - KEEP, self.credits[b] // PRICE)
            if k > 0:
                res[r] -= k
                self.res[b][r] += k
                self.credits[i] += PRICE * k
                self.credits[b] -= PRICE * k

    def repay(self, i: int) -> None:
        sc, res = self.scripts[i], self.res[i]
        for r in range(3):
            k = min(sc[r], res[r] // 2)
            if k:
                sc[r] -= k
                res[r] -= 2 * k

    def borrow(self, i: int, r: int, t: Tendency) -> bool:
        if not self.chance(t.borrow):
            return False
        self.res[i][r] += 1
        self.scripts[i][r] += 1
        return True

    def survey(self, i: int, t: Tendency) -> None:
        if not self.survey_pool:
            return
        res = self.res[i]
        if not res[SUPPLIES] and not self.borrow(i, SUPPLIES, t):
            return
        res[SUPPLIES] -= 1
        self.open[i] -= 1
        x = next(x for x in self.plots[i] if x[4] < 0)
        x[4] = self.take(self.survey_pool)
        if x[4] > 0:
            self.weights[i][x[0]] = self.weights[i].get(x[0], 0) + 1

    def build(self, i: int, t: Tendency) -> None:
        res = self.res[i]
        if res[METAL] % 2:
            self.borrow(i, METAL, t)  # an odd Metal: a borrower borrows one to use it
        n = res[METAL] // 2
        if n:
            res[METAL] -= 2 * n
            self.warehouse[i] += n

    def place(self, i: int, t: Tendency) -> None:
        """Warehouse RIGS on free spots (a plot with RIGS on it first): Energy while the
        plots to power outnumber the Energy RIGS, then Luxuries, Metal, Supplies."""
        res = self.res[i]
        spots = self.s.spots
        plots = self.plots[i]
        while self.warehouse[i]:
            if not res[SUPPLIES] and not self.borrow(i, SUPPLIES, t):
                return
            energy = powered = 0
            best: list[Any] = [None, None, None, None]
            for x in plots:
                h, n = x[1], x[2]
                if n:
                    if h == ENERGY:
                        energy += n
                    else:
                        powered += 1
                for r in ((h,) if h >= 0 else (ENERGY, SUPPLIES, METAL, LUXURIES)):
                    room = (x[4] if r == LUXURIES else spots[x[0]][r]) - n
                    if room > 0 and (best[r] is None or n > best[r][2]):
                        best[r] = x
            order = (ENERGY, LUXURIES, METAL, SUPPLIES) if energy <= powered else (
                LUXURIES, METAL, SUPPLIES, ENERGY)
            r = next((r for r in order if best[r] is not None), None)
            if r is None:
                return
            x = best[r]
            res[SUPPLIES] -= 1
            self.warehouse[i] -= 1
            x[1] = r
            x[2] += 1

    # -- Karma -----------------------------------------------------------------------
    def draw_karma(self, i: int) -> None:
        if self.karma_pool:
            self.hands[i].append(self.take(self.karma_pool))
            if len(self.hands[i]) > self.s.hand_limit:
                self.hands[i].remove(self.hands[i][0])

    def rough_worth(self, i: int) -> float:
        return (self.credits[i] + 3.5 * sum(self.res[i]) + 5 * sum(self.weights[i].values()))

    def play(self, i: int) -> None:
        hand = self.hands[i]
        usable = [c for c in hand if c != "protection"]
        if not usable:
            return
        card = usable[self.rng.below(len(usable))]
        hand.remove(card)
        if card == "wealth":
            self.res[i][self.rng.below(3)] += 2
            return
        others = [j for j in range(self.s.players) if j != i]
        v = max(others, key=self.rough_worth)
        if "protection" in self.hands[v] and self.rng.below(100) < BLOCK:
            self.hands[v].remove("protection")
            return
        if card == "destruction":
            self.lose_rigs(v)
        else:
            res = self.res[v]
            r = max(range(4), key=lambda k: res[k])
            k = min(2, res[r])
            res[r] -= k
            self.res[i][r] += k


__all__ = ["Acting", "KINDS"]
