# Games that ended below zero: tsh writes the scores as plain negative
# integers. Round 1: Lou -12, Hal 355. Round 2: Lou and Tia tie at -30;
# Hal has a bye. Round 3: Hal -5 beats Tia -40.
Low, Lou  1500 2 3; -12 -30
High, Hal 1400 1 0 3; 355 50 -5
Tied, Tia 1300 00 1 2; 00 -30 -40
