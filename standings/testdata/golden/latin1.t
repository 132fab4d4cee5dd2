Müller, Jürgen 1942 2 0; 401 0
Németh, Ádám 1800 1 0; 399 50
