Good, Guy 1500 2; 400; board 1
Smith, John 1500 1; 300; board 2
