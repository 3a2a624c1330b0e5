#!/bin/sh
# The secrets the GM puts into play before the sample month: run it in the campaign's folder.
# The cards are numbered 1 to 6 in a campaign that has no secrets yet.
set -e
engarde secrets add Porthos hearts 4 "Porthos was seen leaving a house in the rue des Mauvais-Garçons at dawn" --to Aramis
engarde secrets add Porthos hearts 2 "Porthos writes verses to a married lady" --to Porthos
engarde secrets add Athos diamonds 3 "Athos has pawned his family's plate" --to gossip
engarde secrets add Aramis clubs 4 "Aramis carries letters for the Duchesse de Chevreuse" --to Athos
engarde secrets add Athos spades 2 "Athos once killed a man in a tavern brawl" --to gossip
engarde secrets add Aramis hearts 1 "Aramis sighs at sermons" --to gossip
