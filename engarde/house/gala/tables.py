"""The gala's numbers and the choices where gala.txt is silent (each a campaign may change).

The numbers the text gives (two reputation points for a dance well danced, three for an
engagement, five and three for breaking it off ...) are fields here too, so a GM may retune
them under ``[campaigns.ID.tables.gala]``; the choices a GM may well make differently are
settings, under ``[campaigns.ID.rules]``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engarde.tables import value


@dataclass(frozen=True)
class GalaTables:
    # -- the dice and the attributes
    die: int = value(20, low=4, high=100, setting=True,
                     note="the die rolled against Charm, Wit and Accomplishment (gala.txt: unstated; a d20)")
    attribute_dice: int = value(3, low=1, high=10,
                                note="dice rolled for each of Charm, Wit and Accomplishment at creation")
    attribute_sides: int = value(6, low=2, high=20, note="sides of those dice")
    attribute_bonus: int = value(0, low=-10, high=20, note="added to each attribute rolled")
    dancing_on: int = value(5, low=1, high=7,
                            note="a d6 of this or more at creation: accomplished in dancing (7: no one is)")
    stats_recover: bool = value(True, setting=True,
                                note="stats knocked down at a gala are whole again the next morning "
                                     "(false: the losses stand, through the ledger)")
    # -- the evening
    rounds: int = value(9, low=1, high=30, note="rounds of the evening (gala.txt: nine)")
    dance_every: int = value(3, low=2, high=10, note="a dance every this many rounds (gala.txt: the third, sixth and ninth)")
    seating: str = value("precedence", choices=("precedence", "drawn"), setting=True,
                         note="how the guests sit, clockwise from the host's left: by precedence "
                              "(Social Level, then name) or drawn by lot")
    host_breaks_ties: str = value("against the call", choices=("for the call", "against the call"), setting=True,
                                  note="how a host who is no guest (or a party to it) breaks a tied vote on a faux pas")
    # -- reputation (gala.txt's points), and status
    status_per_reputation: int = value(1, low=0, high=10, setting=True,
                                       note="status points each reputation point won or lost at a gala is worth")
    refused_dance: int = value(1, low=0, high=10, note="reputation an asker loses when refused a dance")
    danced_well: int = value(2, low=0, high=10, note="reputation each dancer gains when both dance well")
    danced_badly: int = value(1, low=0, high=10, note="reputation each dancer loses when both dance badly")
    engaged: int = value(3, low=0, high=10, note="reputation each gains on becoming engaged")
    refused_proposal: int = value(2, low=0, high=10, note="reputation a refused suitor loses")
    broke_off: int = value(5, low=0, high=20, note="reputation lost by the one who breaks an engagement")
    jilted: int = value(3, low=0, high=20, note="reputation lost by the one jilted")
    faux_pas: int = value(1, low=0, high=10, note="reputation lost by whomever a faux pas vote goes against")
    attack_loss: int = value(1, low=0, high=10, note="points an attack that succeeds takes off the stat")
    retort_loss: int = value(2, low=0, high=10, note="points a successful retort takes off the one answered")
    max_rumour: int = value(5, low=2, high=20, setting=True,
                            note="the most a crafted rumour may be written as worth (gala.txt: 'whatever value they please')")
    exposure_from: str = value("reputation", choices=("reputation", "stats"), setting=True,
                               note="what an exposed secret costs its subject: reputation (status points), or "
                                    "points off his stats, highest first (gala.txt's reading; may set off outbursts)")
    share_after_gala: bool = value(True, setting=True,
                                   note="an engagement goes on sharing the partners' status points won or lost "
                                        "in later months until it is broken off")
