struct F {}
