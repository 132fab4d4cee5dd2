# a bye scored beyond the highest score
Good, Guy 1500 0; 2501
