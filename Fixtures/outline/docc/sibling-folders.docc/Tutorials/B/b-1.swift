struct F { var x = 1 }
