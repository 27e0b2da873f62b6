// Benchmarks land with the performance work.
print("tutorial-bench: no benchmarks yet")
