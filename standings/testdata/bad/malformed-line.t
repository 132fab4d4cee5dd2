Good, Guy 1500 2; 400

Smith, John; 400
