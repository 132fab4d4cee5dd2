# comment
Good, Guy 1500 2; 2500
Smith, John 1500 1; 300
