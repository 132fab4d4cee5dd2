Good, Guy 1500 2; 400 ; tiebreak 1
Smith, John 1500 1; 300; tiebreak 2
