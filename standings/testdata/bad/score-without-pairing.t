Good, Guy 1500 00; 400
Smith, John 1500; 
