Good, Guy 1500 0; 50; forfeit 2
Smith, John 1500 0; -50
