"""Stable codes of the regiments module's events and errors: templates and tests match these, never prose."""

E_UNKNOWN_REGIMENT = "unknown-regiment"
E_BAD_RANK = "bad-rank"
E_BAD_FALLBACK = "bad-fallback"  # a regiment to try next that is not of lower standing
EV_REGIMENT_ORGANISED = "regiment-organised"  # private to whoever brought it about: its roster rolled
EV_REGIMENT_JOINED = "regiment-joined"  # public
EV_REGIMENT_REJECTED = "regiment-rejected"
EV_REGIMENT_NOT_ELIGIBLE = "regiment-not-eligible"  # he may not apply there (SL, money, standing)
EV_REGIMENT_AWAITS_COLONEL = "regiment-awaits-colonel"  # a player colonel decides; the GM is told
EV_RANK_BOUGHT = "rank-bought"  # public
EV_RANK_REFUSED = "rank-refused"
EV_HORSES_BOUGHT = "horses-bought"
EV_REGIMENTAL_PAY = "regimental-pay"
EV_HORSE_UPKEEP = "horse-upkeep"
EV_DUTY = "regimental-duty"
EV_DUTY_EXCUSED = "duty-excused"
EV_DUTY_INSTEAD = "duty-instead"  # an unexcused duty week took the place of his order
EV_RANK_SL_SHORT = "rank-social-level-short"  # his SL is below his rank's minimum
EV_EXPELLED = "expelled-from-regiment"  # public
EV_BRIGADE_MAJOR = "brigade-major"  # public: the yearly roll
EV_BRIGADE_STATUS = "brigade-status"
EV_DISGRACE_FRONTIER = "disgraced-to-the-frontier"  # public: a disgraced man made to join a Frontier Regiment
EV_DISGRACE_RELEASED = "released-from-the-frontier"  # public: his debts paid, he leaves the Frontier Regiment
EV_COMMISSION_RESIGNED = "commission-resigned"  # public: he resigned his commission
EV_REGIMENT_DECIDED = "regiment-application-decided"  # a player colonel's answer, recorded by the GM
