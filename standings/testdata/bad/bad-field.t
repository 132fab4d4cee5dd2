Good, Guy 1500 2; 400; p12 1
Smith, John 1500 1; 300; p12 7
