# Division A of a hand-written test event: every feature of the format once.
# Comments and blank lines do not count as players.

Abbott, Anne 1850 2 3 4 ; 420 390 ;p12 1 2 1; board 1 1 1; tiebreak 0 1; newr 1862 1870
Brown, Bob              1720 1 0 3; 380 50; forfeit 0 5; board 1 0 2; p12 2 0 00
   Çelik, Ayşe          1640 4 1 2; 400 390; board 2 1 2; p12 1 1 4; tiebreak 0 2; # 3
Dvořák, Jan  1500 3 6 1; 400 410; board 2 2 1; p12 2 1 2
Eriksson, Åsa          1420 6 0 0; 350 -50 50; board 3 0 0; forfeit 0 2; p12 2 0 0
Fontaine, Léa             0 5 4 0; 360 300 -50; board 3 2 0; off -50; p12 1 2 0; note a\;b c\\d; xtid 12345
