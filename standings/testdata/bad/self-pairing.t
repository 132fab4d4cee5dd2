Good, Guy 1500 1; 400
