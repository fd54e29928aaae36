"""*The Coven* (the-coven.txt) as a game system: a chronicle of one game, kept as a log.

- ``chronicle``: the values a file holds (practitioners and their 13 trait
  cards, the town's elements and links, the Others' goal, the log of events).
- ``state.fold``: the log replayed under the rules (``week``, ``scenes``,
  ``game``, on the working ``table``); refusals are findings naming the rule.
- ``cards``: the deck, the marker cards, poker hands and showdowns.
- ``odds``: exact chances of the weekly deal and of corruption; the shipped
  conflict table (fractions, its two orders summing to exactly 1, a tie
  worth exactly 1/2; exact where both hands hold at most 3 cards, elsewhere
  off the diagonal an estimate with its standard error). ``deal``: the app
  as dealer. ``graph``: the town map.
- ``file``, ``system``, ``audit``, ``wording``: the registry's side.

Where the text is silent the code says "Reading:" in the docstring of the
rule concerned. In short: the weekly deal counts practitioners as the
"players" (the Others deal); a destroyed place adds no deal card, counts as
fallen for the Others and is not a corrupt entity; a court card marks any
element only when no element of its kind exists at all; corrupt and
destroyed elements take no markers; a white card lost to corruption is
exchanged for one new red card; humanity counts a practitioner's own white
cards; a cascade comes straight after the influence phase, one per newly
corrupted person, and corrupts at once on a third marker; only the framer
spends their weekly conflict; ties are broken by single cards' ranks alone;
stakes need a conflict a practitioner won that week; the pot opens with one
red card per player, the Others included; a concluded Game gives every pot
card to someone.
"""
