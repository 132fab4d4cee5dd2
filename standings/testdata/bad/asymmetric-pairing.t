Good, Guy 1500 2; 400
Smith, John 1500 3; 300
Jones, Jo 1500 2; 300
