# comment
Good, Guy 1500 2; 2501
Smith, John 1500 1; 300
